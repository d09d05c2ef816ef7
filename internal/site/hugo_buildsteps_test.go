package site

import (
	"slices"
	"strings"
	"testing"
)

func TestHugoStepWrites(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`cp -R content/v$LATEST_VER content/latest`, []string{"content/latest"}},
		{`mkdir -p content/docs/$X_VER ; cp -ar $SUBMODULE/docs/. content/docs/$X_VER/`, []string{"content/docs"}},
		{`printf '%s' "$(cat README.md | sed -e 's|a|b|')" > content/docs/$V/_index.md`, []string{"content/docs"}},
		{`git clone --depth 1 https://github.com/x/y content/y`, []string{"content/y"}},
		{`FOO=1 rsync -a ../other/docs/ "./content/other/"`, []string{"content/other"}},
		{`cp a.js static/js/a.js && echo done >/dev/null 2>&1`, nil},                                         // not content
		{`cp -R ../outside content/../escape`, nil},                                                          // climbs out
		{`echo "cp a content/x" # cp b content/y`, nil},                                                      // quoted, then a comment
		{`(cd content && cp x y)`, nil},                                                                      // y is relative to a cd: not read
		{`sed -i "s/version: 2.3//" content/latest/_index.md`, nil},                                          // edits in place
		{`cp -R content/v2.3 content/latest; cp -R content/v2.3 content/latest`, []string{"content/latest"}}, // once
	} {
		r := stepReader{dirs: []string{"content"}, by: map[string]string{}, read: map[string]bool{}}
		r.line(c.line, "build.sh", 0)
		if !slices.Equal(r.written, c.want) {
			t.Errorf("line %q writes %q, want %q", c.line, r.written, c.want)
		}
	}
}

func TestMakeRules(t *testing.T) {
	src := "# docs\nVERSION := 1\n.PHONY: build\nbuild: refresh gen\n\t@hugo --minify \\\n\t  --gc\n\nrefresh:\n\t./tools/refresh.sh\ngen refresh: ; true\n%.html: %.md\n\tpandoc $<\n"
	rules := makeRules([]byte(src))
	if got, want := rules.order, []string{"build", "refresh", "gen"}; !slices.Equal(got, want) {
		t.Errorf("targets %q, want %q", got, want)
	}
	if got, want := rules.byName["build"].recipe, []string{"@hugo --minify  \t  --gc"}; !slices.Equal(got, want) {
		t.Errorf("build's recipe %q, want %q", got, want)
	}
	if got, want := rules.byName["refresh"].recipe, []string{"./tools/refresh.sh"}; !slices.Equal(got, want) {
		t.Errorf("refresh's recipe %q, want %q", got, want)
	}
}

// FuzzHugoBuildSteps reads any text as a netlify command line, a shell
// script and a Makefile: nothing panics, and what is written lies below
// the content folder, with no step of its own climbing out.
func FuzzHugoBuildSteps(f *testing.F) {
	f.Add("cp -R content/v$V content/latest && make build\nbuild: a\n\tmkdir -p content/x/$v\n")
	f.Add(`printf '%s' "$(cat x | sed 's|a|b|')" > content/d/_index.md # c`)
	f.Add("a: b\\\n c\n\t\\\n")
	f.Fuzz(func(t *testing.T, src string) {
		r := stepReader{dirs: []string{"content"}, by: map[string]string{}, read: map[string]bool{}}
		for _, l := range joinContinued([]byte(src)) {
			r.line(l, "x", 0)
		}
		for _, w := range r.written {
			if w != "content" && !strings.HasPrefix(w, "content/") || slices.Contains(strings.Split(w, "/"), "..") {
				t.Fatalf("%q: writes %q, outside content", src, w)
			}
		}
		rules := makeRules([]byte(src))
		for _, name := range rules.order {
			if rules.byName[name] == nil {
				t.Fatalf("%q: target %q without a rule", src, name)
			}
		}
		for _, w := range shellWords(src) {
			if w == "" {
				t.Fatalf("%q: an empty word", src)
			}
		}
	})
}

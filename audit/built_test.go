package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/anchor"
)

// builtIDTests are built pages and the fragments each must have, or
// must not.
var builtIDTests = []struct {
	src     string
	has     []string
	hasNot  []string
	comment string
}{
	{`<h2 id="setup">Setup</h2>`, []string{"setup"}, []string{"Setup"}, "an element's id"},
	{`<a name="legacy"></a><div name="form-field"></div>`, []string{"legacy"}, []string{"form-field"}, "name counts on <a> only"},
	{`<div data-id="x" class="y"><p ID = 'Upper' >`, []string{"Upper"}, []string{"x"}, "data-id is not id; ID in any case, spaces around ="},
	{`<p>a = b, id=c</p><h3 title="x>y" id="after-gt">`, []string{"after-gt"}, []string{"c"}, "text is no tag; > in a value"},
	{`<span id=bare>`, []string{"bare"}, nil, "an unquoted value"},
	{`<img src=a.png/id="x">`, nil, nil, "one attribute's value"},
}

// TestReadBuiltIDs checks the ids read of built pages.
func TestReadBuiltIDs(t *testing.T) {
	for _, tt := range builtIDTests {
		var set anchor.Set
		readBuiltIDs([]byte(tt.src), &set)
		for _, id := range tt.has {
			if m, _ := set.Find(id, anchor.HTML); m != anchor.Found {
				t.Errorf("readBuiltIDs(%q) has no %q (%s)", tt.src, id, tt.comment)
			}
		}
		for _, id := range tt.hasNot {
			if m, _ := set.Find(id, anchor.HTML); m == anchor.Found {
				t.Errorf("readBuiltIDs(%q) has %q (%s)", tt.src, id, tt.comment)
			}
		}
	}
}

// BenchmarkReadBuiltIDs reads the ids of a built page of 20 sections of
// prose, as a documentation page is: most of its bytes are text.
func BenchmarkReadBuiltIDs(b *testing.B) {
	var page bytes.Buffer
	page.WriteString(`<!doctype html><html><head><title>p</title><script>if (a<b) {}</script></head><body>`)
	for i := range 20 {
		page.WriteString(`<h2 id="section-` + string(rune('a'+i)) + `" class="h">Section</h2><p>`)
		page.WriteString(strings.Repeat("lorem ipsum dolor sit amet, ", 100))
		page.WriteString(`<a href="#x">x</a></p>`)
	}
	page.WriteString(`</body></html>`)
	src := page.Bytes()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var set anchor.Set
		readBuiltIDs(src, &set)
	}
}

// FuzzAttrIDs checks that reading the ids of attribute lists of any line
// ends, and gives ids as a list writes them: no "#", no white space, no
// brace.
func FuzzAttrIDs(f *testing.F) {
	for _, s := range []string{"## 1.0", "{: #v1-0}", "**x**{ #term .note }", "{{ .Site }}", "{##hash}", "{: #a} {#b} {", "}{#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, id := range appendAttrIDs(nil, []byte(line)) {
			if id.name == "" || strings.ContainsAny(id.name, " \t\n}") || strings.HasPrefix(id.name, "#") {
				t.Errorf("appendAttrIDs(%q) gives id %q", line, id.name)
			}
		}
	})
}

// TestBuiltOutsideRoot checks that the build the user names (-built) may
// be outside the root, and that the configuration's site.built may not.
func TestBuiltOutsideRoot(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	files := map[string]string{
		root + "/mkdocs.yml":    "site_name: x\nplugins:\n  - gen-files\n",
		root + "/docs/index.md": "# Home\n\n[a](api.md#run) [b](api.md#stop) [c](cli/)\n",
		out + "/index.html":     `<h1 id="home">Home</h1>`,
		out + "/api/index.html": `<div id="run"></div>`,
	}
	for p, data := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := Run(Config{Root: root, Built: out}, []string{root})
	var got []string
	for _, f := range r.Findings {
		got = append(got, string(f.Category)+": "+f.URI)
	}
	want := []string{"broken-anchor: api.md#stop", "broken-file: cli/"}
	if !slices.Equal(got, want) || len(r.Errors) > 0 {
		t.Errorf("-built outside the root: findings %q, errors %v; want %q", got, r.Errors, want)
	}

	r = Run(Config{Root: root, Site: Site{Built: "../" + filepath.Base(out)}}, []string{root})
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Error(), "site.built") {
		t.Errorf("site.built above the root: errors %v, want one naming site.built", r.Errors)
	}
}

package site

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHugoCommandBase: the base URL a workflow's hugo command gives the
// site in exampleSite/, GitHub's starter workflow's Pages URL included.
func TestHugoCommandBase(t *testing.T) {
	starter := "jobs:\n  build:\n    steps:\n      - uses: actions/configure-pages@v5\n        id: pages\n" +
		"      - run: |\n          hugo \\\n            --gc \\\n            --source exampleSite \\\n" +
		"            --baseURL \"${{ steps.pages.outputs.base_url }}/\"\n"
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"starter", map[string]string{".github/workflows/hugo.yml": starter}, "https://owner.github.io/proj/"},
		{"starter with a custom domain", map[string]string{".github/workflows/hugo.yml": starter, "exampleSite/static/CNAME": "docs.example.net\n"}, "https://docs.example.net/"},
		{"literal, equals sign", map[string]string{"netlify.toml": "[build]\ncommand = \"cd exampleSite && hugo --baseURL=https://theme.netlify.app/docs/\"\n"}, "https://theme.netlify.app/docs/"},
		{"two deployments", map[string]string{".github/workflows/a.yml": "run: hugo -s exampleSite -b https://a.example.net/x/\n", ".github/workflows/b.yml": "run: hugo -s exampleSite -b https://b.example.net/y/\n"}, ""},
		{"another site's workflow", map[string]string{".github/workflows/a.yml": "run: hugo -s website -b https://a.example.net/x/\n"}, ""},
		{"a variable", map[string]string{"netlify.toml": "command = \"hugo -s exampleSite -b $DEPLOY_PRIME_URL\"\n"}, ""},
		{"a local server only", map[string]string{".github/workflows/a.yml": "run: hugo -s exampleSite -b http://localhost:1313\n"}, ""},
		{"a local server only, IPv6", map[string]string{".github/workflows/a.yml": "run: hugo -s exampleSite -b http://[::1]:1313/\n"}, ""},
		{"not a hugo command", map[string]string{".github/workflows/a.yml": "run: ./deploy exampleSite --baseURL https://a.example.net/x/\n"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for name, text := range tt.files {
				p := filepath.Join(root, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			site := filepath.Join(root, "exampleSite")
			if err := os.MkdirAll(site, 0o755); err != nil {
				t.Fatal(err)
			}
			s := newSite(site)
			s.dir, s.Repo = "exampleSite", &Repo{Host: "github.com", Path: "owner/proj"}
			got, _ := hugoCommandBase(&Tree{Root: site, Up: 1}, s)
			if got != tt.want {
				t.Errorf("hugoCommandBase = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHugoHookText: a hook whose lookup a site parameter turns on is
// read as the site renders it, the partial in place.
func TestHugoHookText(t *testing.T) {
	hook := "{{- $destination := .Destination -}}\n{{- if .Page.Site.Params.portableLinks -}}\n" +
		"  {{- $destination = partial \"docs/links/portable\" . -}}\n{{- end -}}\n" +
		"<a href=\"{{ $destination | safeURL }}\"{{ with .Title }} title=\"{{ . }}\"{{ end }}>{{ .Text | safeHTML }}</a>\n"
	lookup := "{{- $d := .Destination -}}{{- $u := urls.Parse .Destination -}}" +
		"{{- $p := strings.TrimSuffix \".md\" (strings.TrimPrefix \"./\" $u.Path) -}}" +
		"{{- with .Page.GetPage $p }}{{ $d = .RelPermalink }}{{ end -}}{{- return $d -}}"
	partial := func(name string) []byte {
		if name == "docs/links/portable" {
			return []byte(lookup)
		}
		return nil
	}
	off := hugoHookText(hook, config{}, partial)
	if !destinationAsIs(off) || embeddedLike(off) {
		t.Errorf("parameter unset: %q read as destinationAsIs %v, embeddedLike %v; want true, false", off, destinationAsIs(off), embeddedLike(off))
	}
	on := hugoHookText(hook, config{"params": map[string]any{"portablelinks": "warning"}}, partial)
	if !embeddedLike(on) || destinationAsIs(on) {
		t.Errorf("parameter set: %q read as embeddedLike %v, destinationAsIs %v; want true, false", on, embeddedLike(on), destinationAsIs(on))
	}
	none := hugoHookText(hook, config{"params": map[string]any{"portablelinks": true}}, func(string) []byte { return nil })
	if embeddedLike(none) || destinationAsIs(none) {
		t.Errorf("partial the tree lacks: %q read as a hook the model knows", none)
	}
}

// FuzzHugoHookText: any hook text is read without a panic, and one with
// no template action is left as it is.
func FuzzHugoHookText(f *testing.F) {
	f.Add("{{ if site.Params.x }}{{ $d = partial \"p\" . }}{{ end }}<a href=\"{{ $d }}\">")
	f.Add("<a href=\"{{ .Destination | safeURL }}\">{{ .Text }}</a>")
	f.Fuzz(func(t *testing.T, src string) {
		got := hugoHookText(src, config{"params": map[string]any{"x": true}}, func(string) []byte { return []byte("{{ .Page.GetPage . }}") })
		destinationAsIs(got)
		embeddedLike(got)
		if !strings.Contains(src, "{{") && got != src {
			t.Fatalf("hugoHookText(%q) = %q, want it unchanged", src, got)
		}
	})
}

// TestMountClimb: a mounted folder beside the site's stays beside it
// (a theme's static/ from exampleSite/), and one that would leave the
// audited root is read from the root, as before.
func TestMountClimb(t *testing.T) {
	for _, tc := range []struct{ dir, mount, want string }{
		{"exampleSite", "../static", "../static"},
		{"docs/site", "../../static", "../../static"},
		{"exampleSite", "../../etc", "etc"},
		{"exampleSite", "../..", ""},
		{"docs/site", "../../..", ""},
		{"", "../static", "static"},
		{"", "static", "static"},
	} {
		s := newSite(t.TempDir())
		s.dir = tc.dir
		s.Mount("/", tc.mount)
		if got := s.mounts[0].dir; got != tc.want {
			t.Errorf("site %q: Mount(%q) is %q, want %q", tc.dir, tc.mount, got, tc.want)
		}
	}
}

// TestHugoMountFiles: a mount's files globs, on a file and the folders
// above it.
func TestHugoMountFiles(t *testing.T) {
	for _, tc := range []struct {
		files []string
		p     string
		want  bool
	}{
		{[]string{"! docs/v?"}, "docs/v1/1.76/faq.md", false},
		{[]string{"! docs/v?"}, "docs/v10/faq.md", true},
		{[]string{"! docs/v?", "! _index-pre-docsy.md"}, "_index-pre-docsy.md", false},
		{[]string{"! _*"}, "_dev/x.md", false},
		{[]string{"! _*"}, "a/_index.md", true},
		{[]string{"**.md"}, "a/b/c.md", true},
		{[]string{"**.md"}, "a/b/c.png", false},
		{[]string{"{guide,faq}/**"}, "faq/a.md", true},
		{[]string{"[!a]*.MD"}, "b.md", true},
		{nil, "x.md", true},
	} {
		if got := hugoMountFiles(tc.files).keeps(tc.p); got != tc.want {
			t.Errorf("files %q keep %q = %v, want %v", tc.files, tc.p, got, tc.want)
		}
	}
}

// TestHugoMountFilesAsRegexp: a mount's files globs, matched with
// globMatch (the matcher Docusaurus' and VitePress' excludes use,
// TestGlobMatch), keep the files that the regular expressions the model
// compiled for them before kept: each row's want is that matcher's
// answer. A "**" segment is one segment or more, as gobwas/glob reads
// it, a "**" inside one crosses folders, and case is ignored.
func TestHugoMountFilesAsRegexp(t *testing.T) {
	for _, tc := range []struct {
		glob, p string
		want    bool
	}{
		{"**.md", "a/b/c.md", true},
		{"**.md", "docs/v1/x.md", true},
		{"**.md", "docs/x.png", false},
		{"**.md", "faq/a.md", true},
		{"**.md", "b.md", true},
		{"**.md", "_dev/x.md", true},
		{"**.md", "a/_index.md", true},
		{"**.md", "x/README.md", true},
		{"**.md", "readme.md", true},
		{"**.md", "DOCS/y.md", true},
		{"**.md", "a/x/b", false},
		{"**.md", "docs/v2/deep/z.md", true},
		{"docs/**", "a/b/c.md", false},
		{"docs/**", "docs/v1/x.md", true},
		{"docs/**", "docs/x.png", true},
		{"docs/**", "faq/a.md", false},
		{"docs/**", "b.md", false},
		{"docs/**", "_dev/x.md", false},
		{"docs/**", "a/_index.md", false},
		{"docs/**", "x/README.md", false},
		{"docs/**", "readme.md", false},
		{"docs/**", "DOCS/y.md", true},
		{"docs/**", "a/x/b", false},
		{"docs/**", "docs/v2/deep/z.md", true},
		{"docs/**/*.md", "a/b/c.md", false},
		{"docs/**/*.md", "docs/v1/x.md", true},
		{"docs/**/*.md", "docs/x.png", false},
		{"docs/**/*.md", "faq/a.md", false},
		{"docs/**/*.md", "b.md", false},
		{"docs/**/*.md", "_dev/x.md", false},
		{"docs/**/*.md", "a/_index.md", false},
		{"docs/**/*.md", "x/README.md", false},
		{"docs/**/*.md", "readme.md", false},
		{"docs/**/*.md", "DOCS/y.md", false},
		{"docs/**/*.md", "a/x/b", false},
		{"docs/**/*.md", "docs/v2/deep/z.md", true},
		{"{guide,faq}/**", "a/b/c.md", false},
		{"{guide,faq}/**", "docs/v1/x.md", false},
		{"{guide,faq}/**", "docs/x.png", false},
		{"{guide,faq}/**", "faq/a.md", true},
		{"{guide,faq}/**", "b.md", false},
		{"{guide,faq}/**", "_dev/x.md", false},
		{"{guide,faq}/**", "a/_index.md", false},
		{"{guide,faq}/**", "x/README.md", false},
		{"{guide,faq}/**", "readme.md", false},
		{"{guide,faq}/**", "DOCS/y.md", false},
		{"{guide,faq}/**", "a/x/b", false},
		{"{guide,faq}/**", "docs/v2/deep/z.md", false},
		{"[!a]*.MD", "a/b/c.md", false},
		{"[!a]*.MD", "docs/v1/x.md", false},
		{"[!a]*.MD", "docs/x.png", false},
		{"[!a]*.MD", "faq/a.md", false},
		{"[!a]*.MD", "b.md", true},
		{"[!a]*.MD", "_dev/x.md", false},
		{"[!a]*.MD", "a/_index.md", false},
		{"[!a]*.MD", "x/README.md", false},
		{"[!a]*.MD", "readme.md", true},
		{"[!a]*.MD", "DOCS/y.md", false},
		{"[!a]*.MD", "a/x/b", false},
		{"[!a]*.MD", "docs/v2/deep/z.md", false},
		{"! docs/v?", "a/b/c.md", true},
		{"! docs/v?", "docs/v1/x.md", false},
		{"! docs/v?", "docs/x.png", true},
		{"! docs/v?", "faq/a.md", true},
		{"! docs/v?", "b.md", true},
		{"! docs/v?", "_dev/x.md", true},
		{"! docs/v?", "a/_index.md", true},
		{"! docs/v?", "x/README.md", true},
		{"! docs/v?", "readme.md", true},
		{"! docs/v?", "DOCS/y.md", true},
		{"! docs/v?", "a/x/b", true},
		{"! docs/v?", "docs/v2/deep/z.md", false},
		{"! _*", "a/b/c.md", true},
		{"! _*", "docs/v1/x.md", true},
		{"! _*", "docs/x.png", true},
		{"! _*", "faq/a.md", true},
		{"! _*", "b.md", true},
		{"! _*", "_dev/x.md", false},
		{"! _*", "a/_index.md", true},
		{"! _*", "x/README.md", true},
		{"! _*", "readme.md", true},
		{"! _*", "DOCS/y.md", true},
		{"! _*", "a/x/b", true},
		{"! _*", "docs/v2/deep/z.md", true},
		{"*.{md,html}", "a/b/c.md", false},
		{"*.{md,html}", "docs/v1/x.md", false},
		{"*.{md,html}", "docs/x.png", false},
		{"*.{md,html}", "faq/a.md", false},
		{"*.{md,html}", "b.md", true},
		{"*.{md,html}", "_dev/x.md", false},
		{"*.{md,html}", "a/_index.md", false},
		{"*.{md,html}", "x/README.md", false},
		{"*.{md,html}", "readme.md", true},
		{"*.{md,html}", "DOCS/y.md", false},
		{"*.{md,html}", "a/x/b", false},
		{"*.{md,html}", "docs/v2/deep/z.md", false},
		{"a**b", "a/b/c.md", true},
		{"a**b", "docs/v1/x.md", false},
		{"a**b", "docs/x.png", false},
		{"a**b", "faq/a.md", false},
		{"a**b", "b.md", false},
		{"a**b", "_dev/x.md", false},
		{"a**b", "a/_index.md", false},
		{"a**b", "x/README.md", false},
		{"a**b", "readme.md", false},
		{"a**b", "DOCS/y.md", false},
		{"a**b", "a/x/b", true},
		{"a**b", "docs/v2/deep/z.md", false},
		{"**/README.md", "a/b/c.md", false},
		{"**/README.md", "docs/v1/x.md", false},
		{"**/README.md", "docs/x.png", false},
		{"**/README.md", "faq/a.md", false},
		{"**/README.md", "b.md", false},
		{"**/README.md", "_dev/x.md", false},
		{"**/README.md", "a/_index.md", false},
		{"**/README.md", "x/README.md", true},
		{"**/README.md", "readme.md", false},
		{"**/README.md", "DOCS/y.md", false},
		{"**/README.md", "a/x/b", false},
		{"**/README.md", "docs/v2/deep/z.md", false},
		{"Docs/*", "a/b/c.md", false},
		{"Docs/*", "docs/v1/x.md", true},
		{"Docs/*", "docs/x.png", true},
		{"Docs/*", "faq/a.md", false},
		{"Docs/*", "b.md", false},
		{"Docs/*", "_dev/x.md", false},
		{"Docs/*", "a/_index.md", false},
		{"Docs/*", "x/README.md", false},
		{"Docs/*", "readme.md", false},
		{"Docs/*", "DOCS/y.md", true},
		{"Docs/*", "a/x/b", false},
		{"Docs/*", "docs/v2/deep/z.md", true},
		{"[a-c]/x.md", "a/b/c.md", false},
		{"[a-c]/x.md", "docs/v1/x.md", false},
		{"[a-c]/x.md", "docs/x.png", false},
		{"[a-c]/x.md", "faq/a.md", false},
		{"[a-c]/x.md", "b.md", false},
		{"[a-c]/x.md", "_dev/x.md", false},
		{"[a-c]/x.md", "a/_index.md", false},
		{"[a-c]/x.md", "x/README.md", false},
		{"[a-c]/x.md", "readme.md", false},
		{"[a-c]/x.md", "DOCS/y.md", false},
		{"[a-c]/x.md", "a/x/b", false},
		{"[a-c]/x.md", "docs/v2/deep/z.md", false},
		{"docs/{v1,v2}/**.md", "a/b/c.md", false},
		{"docs/{v1,v2}/**.md", "docs/v1/x.md", true},
		{"docs/{v1,v2}/**.md", "docs/x.png", false},
		{"docs/{v1,v2}/**.md", "faq/a.md", false},
		{"docs/{v1,v2}/**.md", "b.md", false},
		{"docs/{v1,v2}/**.md", "_dev/x.md", false},
		{"docs/{v1,v2}/**.md", "a/_index.md", false},
		{"docs/{v1,v2}/**.md", "x/README.md", false},
		{"docs/{v1,v2}/**.md", "readme.md", false},
		{"docs/{v1,v2}/**.md", "DOCS/y.md", false},
		{"docs/{v1,v2}/**.md", "a/x/b", false},
		{"docs/{v1,v2}/**.md", "docs/v2/deep/z.md", true},
		{"! **/_*.md", "a/b/c.md", true},
		{"! **/_*.md", "docs/v1/x.md", true},
		{"! **/_*.md", "docs/x.png", true},
		{"! **/_*.md", "faq/a.md", true},
		{"! **/_*.md", "b.md", true},
		{"! **/_*.md", "_dev/x.md", true},
		{"! **/_*.md", "a/_index.md", false},
		{"! **/_*.md", "x/README.md", true},
		{"! **/_*.md", "readme.md", true},
		{"! **/_*.md", "DOCS/y.md", true},
		{"! **/_*.md", "a/x/b", true},
		{"! **/_*.md", "docs/v2/deep/z.md", true},
	} {
		if got := hugoMountFiles([]string{tc.glob}).keeps(tc.p); got != tc.want {
			t.Errorf("files [%q] keep %q = %v, want %v", tc.glob, tc.p, got, tc.want)
		}
	}
}

// TestHugoGlobNotRead: a malformed glob, or one whose "**" inside
// segments would make more than maxGlobAlternatives globs, is not read:
// it leaves no file out.
func TestHugoGlobNotRead(t *testing.T) {
	for _, g := range []string{"[", "{a,b", "a}", "! [", "! a**b**c**d**e**f**g**h"} {
		if f := hugoMountFiles([]string{g}); !f.keeps("a/b.md") || !f.keeps("[") {
			t.Errorf("files [%q] leave a file out", g)
		}
	}
}

// FuzzGlobRegexp (the name CI's fuzz list has): every files glob is read
// into globMatch globs, or left out, without a panic, and a glob with no
// special characters (nor space around it, which Hugo trims) keeps the
// file it names.
func FuzzGlobRegexp(f *testing.F) {
	f.Add("! docs/v?")
	f.Add("{a,b/**}[!c-d]*")
	f.Add("a**b**c")
	f.Fuzz(func(t *testing.T, g string) {
		hugoMountFiles([]string{g}).keeps("a/b/c.md")
		if g != "" && g == strings.TrimSpace(g) && !strings.ContainsAny(g, `*?[]{}!,\ `) && !strings.HasPrefix(g, "/") && !strings.HasSuffix(g, "/") && !strings.Contains(g, "//") && path.Clean(g) == g && g != "." && g != ".." && !hugoMountFiles([]string{g}).keeps(g) {
			t.Errorf("files [%q] leave %q out", g, g)
		}
	})
}

// TestHugoHookTextBounded: a hook that calls a partial many times reads
// the partial once, and what it puts in place stays within the size of a
// configuration file: 2,000 calls of a 64 KiB partial are not 128 MB of
// text.
func TestHugoHookTextBounded(t *testing.T) {
	hook := strings.Repeat(`{{ $d = partial "p" . }}`, 2000)
	body := strings.Repeat("{{ $d = .Destination }}", 64<<10/23)
	reads := 0
	got := hugoHookText(hook, config{}, func(string) []byte { reads++; return []byte(body) })
	if reads != 1 {
		t.Errorf("hugoHookText read the partial %d times, want once", reads)
	}
	if len(got) > len(hook)+maxConfig {
		t.Errorf("hugoHookText = %d bytes of a %d-byte hook, want at most %d", len(got), len(hook), len(hook)+maxConfig)
	}
	if !strings.HasPrefix(got, body) || !strings.HasSuffix(got, `{{ $d = partial "p" . }}`) {
		t.Errorf("hugoHookText: want the first calls read in place and the last left as written")
	}
}

// TestHugoLocalModulesOnce: the site's go.mod and module.replacements
// are read once for all the module imports, not once an import: 5,000
// imports beside a go.mod of 20,000 replacements.
func TestHugoLocalModulesOnce(t *testing.T) {
	var mod, cfg strings.Builder
	mod.WriteString("module example.com/site\n\n")
	for i := range 20_000 {
		fmt.Fprintf(&mod, "replace example.com/m%d => ./m%d\n", i, i)
	}
	for i := range 5_000 {
		fmt.Fprintf(&cfg, "[[module.imports]]\npath = \"example.com/i%d\"\n", i)
	}
	cfg.WriteString("[module]\nreplacements = \"" + strings.Repeat("example.com/r -> ../r, ", 10_000) + "\"\n")
	root, _ := hostileTree(t, map[string]string{"go.mod": mod.String(), "hugo.toml": cfg.String(), "content/_index.md": "# Home\n"})
	start := time.Now()
	if _, err := Detect(root, Options{}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Detect took %v", d)
	}
}

// TestHugoMountFilesBounded: a mount's files list longer than
// maxExcludeGlobs, or a glob longer than maxGlob, is not read (no file
// is left out), as Docusaurus' exclude: each file of the mount is
// matched against each glob, at a cost that grows with its length.
func TestHugoMountFilesBounded(t *testing.T) {
	long := "! " + strings.Repeat("**a", 2000) + "b"
	many := make([]string, 1000)
	for i := range many {
		many[i] = "! " + strings.Repeat("**a", 20) + strconv.Itoa(i)
	}
	p := strings.Repeat("aaaaaaaa/", 30) + "x.md"
	for name, files := range map[string][]string{"long": {long}, "many": many} {
		start := time.Now()
		f := hugoMountFiles(files)
		for range 200 {
			if !f.keeps(p) {
				t.Fatalf("%s: files %q leave out %q", name, files[0], p)
			}
		}
		if f != nil {
			t.Errorf("%s: hugoMountFiles read %d globs, want none", name, len(files))
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: 200 files took %v", name, d)
		}
	}
}

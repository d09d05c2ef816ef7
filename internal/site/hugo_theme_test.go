package site

import (
	"fmt"
	"os"
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

// FuzzGlobRegexp: every glob makes a regular expression that compiles,
// or is left out, without a panic.
func FuzzGlobRegexp(f *testing.F) {
	f.Add("! docs/v?")
	f.Add("{a,b/**}[!c-d]*")
	f.Fuzz(func(t *testing.T, g string) {
		hugoMountFiles([]string{g}).keeps("a/b/c.md")
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

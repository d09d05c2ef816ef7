package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		glob, p string
		want    bool
	}{
		{"**/guide/examples/*", "guide/examples/basic.md", true},
		{"**/guide/examples/*", "en/guide/examples/basic.md", true},
		{"**/guide/examples/*", "guide/examples/deep/basic.md", false},
		{"guide/cli-generated.md", "guide/cli-generated.md", true},
		{"guide/cli-generated.md", "zh/guide/cli-generated.md", false},
		{"AGENTS.md", "AGENTS.md", true},
		{"**/README.md", "README.md", true},
		{"**", "a/b/c.md", true},
		{"[", "[", false}, // a bad pattern matches nothing
	} {
		if got := globMatch(c.glob, c.p); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.glob, c.p, got, c.want)
		}
	}
}

// FuzzGlobMatch checks that any pattern and path are answered, and that
// a path with no special characters matches itself.
func FuzzGlobMatch(f *testing.F) {
	for _, s := range []string{"**/a/*", "a/**/b/**/c", "[a-", "**"} {
		f.Add(s, "a/b/c")
	}
	f.Fuzz(func(t *testing.T, g, p string) {
		if len(g) > 200 || len(p) > 200 {
			return
		}
		globMatch(g, p)
		if !strings.ContainsAny(p, `*?[\`) && !globMatch(p, p) {
			t.Errorf("globMatch(%q, %q) = false", p, p)
		}
	})
}

func TestJSConstant(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"docs/.vitepress/config.ts": "import { a, siteURL } from '../../meta'\nconst local: string = 'https://local.test/'\nconst tpl = `https://${host}/`\n",
		"meta/index.ts":             "export * from './urls'\n",
		"meta/urls.ts":              "export const siteURL = \"https://fixture.test\"\n",
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tr := &Tree{Root: root}
	src := []byte(files["docs/.vitepress/config.ts"])
	for name, want := range map[string]string{"siteURL": "https://fixture.test", "local": "https://local.test/", "tpl": "", "missing": ""} {
		reads := maxConstantReads
		if got := jsConstant(tr, "docs/.vitepress", src, name, 0, &reads); got != want {
			t.Errorf("jsConstant(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFrontMatterLinks(t *testing.T) {
	s := newSite(t.TempDir())
	s.Generator = "vitepress"
	src := "---\nhero:\n  actions:\n    - text: Go\n      link: /guide/\nfeatures:\n  - link: './a.md#x'\n  - title: none\nnext:\n  link: ../b\nprev: 'Home'\n---\n# T\n"
	got := s.FrontMatterLinks([]byte(src))
	want := []string{"/guide/", "./a.md#x", "../b"}
	if len(got) != len(want) {
		t.Fatalf("FrontMatterLinks = %v, want %v", got, want)
	}
	for i, l := range got {
		if l.Dest != want[i] || !strings.HasPrefix(src[l.Off:], want[i]) {
			t.Errorf("link %d = %q at %d (%q), want %q there", i, l.Dest, l.Off, src[l.Off:min(len(src), l.Off+10)], want[i])
		}
	}
	s.Generator = "jekyll"
	if got := s.FrontMatterLinks([]byte(src)); got != nil {
		t.Errorf("FrontMatterLinks on jekyll = %v, want none", got)
	}
}

// FuzzFrontMatterLinks checks that each link's offset is inside the
// source and names the link as written.
func FuzzFrontMatterLinks(f *testing.F) {
	f.Add("---\nhero:\n  actions:\n    - link: /a\n---\n")
	f.Add("---\nfeatures:\n  - link: \"/b\"\n---\n")
	f.Add("---\r\nnext:\r\n  link: ../c\r\n---\r\n")
	f.Fuzz(func(t *testing.T, src string) {
		s := newSite("/")
		s.Generator = "vitepress"
		for _, l := range s.FrontMatterLinks([]byte(src)) {
			if l.Off < 0 || l.Off > len(src) {
				t.Fatalf("offset %d outside a source of %d bytes", l.Off, len(src))
			}
		}
	})
}

// TestGlobMatchManyStars checks that a pattern of many "**" against a
// deep path is answered at once (a repository's configuration is
// untrusted).
func TestGlobMatchManyStars(t *testing.T) {
	g := strings.Repeat("**/", 200) + "x"
	p := strings.Repeat("a/", 200) + "y"
	if globMatch(g, p) {
		t.Errorf("globMatch matched %q", p)
	}
}

func TestRewriteTable(t *testing.T) {
	cfg := `export default { rewrites: {
  'en/:rest*': ':rest*',
  "docs/ko/:document.md": 'ko/:document.md',
  'packages/:pkg/README.md': ':pkg/index.md',
  'guide/old.md': 'guide/new.md',
} }`
	rules, ok := vitepressRewriteTable([]byte(cfg))
	if !ok {
		t.Fatalf("vitepressRewriteTable: not read")
	}
	for _, c := range []struct{ p, want string }{
		{"en/index.md", "index.md"},
		{"en/guide/start.md", "guide/start.md"},
		{"docs/ko/intro.md", "ko/intro.md"},
		{"docs/ko/deep/intro.md", ""}, // ":document" is one segment
		{"packages/core/README.md", "core/index.md"},
		{"guide/old.md", "guide/new.md"},
		{"zh/guide/start.md", ""},
	} {
		got, ok := rewriteTo(rules, c.p)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("rewriteTo(%q) = %q, want %q", c.p, got, c.want)
		}
	}
	// Code after a comment on its line counts, and a comment naming
	// rewrites ("// see rewrites: {...}") does not.
	for _, cfg := range []string{
		`/* the old URLs */ rewrites: { 'guide/old.md': 'guide/new.md' }`,
		"// rewrites: { 'x.md': 'y.md' } was here\nrewrites: { 'guide/old.md': 'guide/new.md' }",
		"/*\n * rewrites: {}\n */\nrewrites: { 'guide/old.md': 'guide/new.md' }",
	} {
		rules, ok := vitepressRewriteTable([]byte(cfg))
		if got, _ := rewriteTo(rules, "guide/old.md"); !ok || got != "guide/new.md" {
			t.Errorf("vitepressRewriteTable(%q): read %v, guide/old.md to %q; want guide/new.md", cfg, ok, got)
		}
	}
	for _, cfg := range []string{
		`rewrites: (id) => id.replace(/^latest\//, '')`,
		`rewrites: { 'packages/:pkg/src/(.*)': ':pkg/index.md' }`,
		`rewrites: { '^/a/(.*)': 'b/$1' }`,
		`rewrites: { 'a/:x?/b.md': 'b.md' }`,
		`rewrites: { 'a/:rest*/b.md': 'b.md' }`,
		`rewrites: table`,
		`rewrites: { ...table }`,
	} {
		if _, ok := vitepressRewriteTable([]byte(cfg)); ok {
			t.Errorf("vitepressRewriteTable(%q) read, want not modelled", cfg)
		}
	}
}

// TestRewriteTableBound checks that a table of more rules than a site
// writes is not modelled (each page is matched against each rule), and
// that one of as many as the bound is.
func TestRewriteTableBound(t *testing.T) {
	table := func(n int) []byte {
		var b strings.Builder
		b.WriteString("export default { rewrites: {")
		for i := range n {
			fmt.Fprintf(&b, "'a/:b/x%d.md': ':b.md',", i)
		}
		b.WriteString("} }")
		return []byte(b.String())
	}
	if _, ok := vitepressRewriteTable(table(maxRewrites)); !ok {
		t.Errorf("a table of %d rules not read", maxRewrites)
	}
	if _, ok := vitepressRewriteTable(table(50000)); ok {
		t.Errorf("a table of 50000 rules read, want not modelled")
	}
}

// FuzzRewriteTable checks that any configuration and page path are
// answered without a panic, and that a rewritten path names a page.
func FuzzRewriteTable(f *testing.F) {
	f.Add(`rewrites: { 'en/:rest*': ':rest*', 'docs/:d.md': 'x/:d.md' }`, "en/a/b.md")
	f.Add(`rewrites: { 'a/:x+': ':x' }`, "a")
	f.Add(`rewrites: { ':a/:b': ':b/:a' }`, "p/q.md")
	f.Fuzz(func(t *testing.T, cfg, p string) {
		if len(cfg) > 1000 || len(p) > 300 {
			return
		}
		rules, ok := vitepressRewriteTable([]byte(cfg))
		if !ok {
			return
		}
		rewriteTo(rules, p)
	})
}

// TestHeadingIDVariant checks the second id of a VitePress heading with
// an emoji shortcode (markdown-it-emoji may or may not know it), and that
// a heading without one has none, at no allocation: it is asked of every
// heading of every page.
func TestHeadingIDVariant(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".vitepress"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".vitepress", "config.mts"), []byte("export default {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := Detect(root, Options{})
	if s.Generator != "vitepress" {
		t.Fatalf("generator %q, want vitepress", s.Generator)
	}
	if v, ok := s.HeadingIDVariant(":tada: Intro"); !ok || v != "intro" {
		t.Errorf("HeadingIDVariant(%q) = %q, %v, want %q", ":tada: Intro", v, ok, "intro")
	}
	if v, ok := s.HeadingIDVariant("Getting Started"); ok {
		t.Errorf("HeadingIDVariant(%q) = %q, want none", "Getting Started", v)
	}
	if n := testing.AllocsPerRun(100, func() { s.HeadingIDVariant("Getting Started") }); n != 0 {
		t.Errorf("HeadingIDVariant of a heading without a shortcode allocates %v times, want 0", n)
	}
}

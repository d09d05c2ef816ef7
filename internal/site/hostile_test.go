package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The hostile cases of issue 25 for the publisher models: a generator's
// configuration is the repository's, and must not make a run read
// outside the tree, expand without bound or hang (docs/security.md).

// hostileTree writes files (slash path -> content) into outer/a/b/repo,
// beside a page outside the tree, outer/outside.md, and returns the tree
// and outer.
func hostileTree(t *testing.T, files map[string]string) (root, outer string) {
	t.Helper()
	outer, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root = filepath.Join(outer, "a", "b", "repo")
	files["../../../outside.md"] = "---\nurl: /stolen/\n---\n# Outside\n"
	files["../../../secret/page.md"] = "---\nurl: /secret/\n---\n"
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, outer
}

// noOutside fails when the site lays out a file outside its tree.
func noOutside(t *testing.T, s *Site) {
	t.Helper()
	for rel := range s.urls {
		if strings.HasPrefix(rel, "..") || strings.Contains(rel, "outside") || strings.Contains(rel, "secret") {
			t.Errorf("the site lays out %q, outside the tree", rel)
		}
	}
	for _, u := range []string{"/stolen/", "/secret/"} {
		if f, ok := s.pages[u]; ok {
			t.Errorf("the site publishes %q from %q, a page outside the tree", u, f)
		}
	}
}

// TestConfigDirsStayInside: every folder a generator's configuration
// names is read from the tree, never above it: Hugo's contentDir and
// module.mounts sources, MkDocs' docs_dir, mdBook's src.
func TestConfigDirsStayInside(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"hugo contentDir", map[string]string{"hugo.toml": "contentDir = \"../../../../../..\"\n", "content/in.md": "# In\n"}},
		{"hugo contentDir up", map[string]string{"hugo.toml": "contentDir = \"../../..\"\n"}},
		{"hugo language contentDir", map[string]string{"hugo.toml": "[languages.en]\ncontentDir = \"../../..\"\n"}},
		{"hugo module.mounts", map[string]string{"hugo.toml": "[[module.mounts]]\nsource = \"../../..\"\ntarget = \"content\"\n[[module.mounts]]\nsource = \"../../../secret\"\ntarget = \"static\"\n"}},
		{"mkdocs docs_dir", map[string]string{"mkdocs.yml": "docs_dir: ../../..\n"}},
		{"mkdocs docs_dir absolute", map[string]string{"mkdocs.yml": "docs_dir: /\n"}},
		{"mdbook src", map[string]string{"book.toml": "[book]\nsrc = \"../../..\"\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, _ := hostileTree(t, tt.files)
			s, err := Detect(root, Options{})
			if err != nil {
				t.Fatalf("Detect = %v", err)
			}
			noOutside(t, s)
			for _, m := range s.mounts {
				if strings.HasPrefix(m.dir, "..") || strings.HasPrefix(m.dir, "/") {
					t.Errorf("the site mounts %q, outside the tree", m.dir)
				}
			}
		})
	}
}

// TestConfigDirsThroughLinks: a folder the configuration names that is a
// symbolic link to a folder outside the tree is not walked, and its
// files' front matter is not read.
func TestConfigDirsThroughLinks(t *testing.T) {
	for _, tt := range []struct{ name, config, dir string }{
		{"hugo", "hugo.toml", "content"},
		{"mkdocs", "mkdocs.yml", "docs"},
		{"mdbook", "book.toml", "src"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, outer := hostileTree(t, map[string]string{tt.config: ""})
			if err := os.Symlink(filepath.Join(outer, "secret"), filepath.Join(root, tt.dir)); err != nil {
				t.Fatal(err)
			}
			s, err := Detect(root, Options{})
			if err != nil {
				t.Fatalf("Detect = %v", err)
			}
			noOutside(t, s)
			tr := &Tree{Root: root}
			if tr.Exists(tt.dir+"/page.md") || tr.Exists(tt.dir+"/missing.md") {
				t.Errorf("Tree.Exists answers for a file through a link outside the tree")
			}
			if _, err := tr.Read(tt.dir + "/page.md"); err == nil {
				t.Errorf("Tree.Read reads through a link outside the tree")
			}
		})
	}
}

// billionLaughs returns a YAML "billion laughs" of the given levels (at
// most 26): each level is a list of nine aliases of the one before, so
// that expanding it makes 9^levels strings; 10 levels are 359 bytes,
// the shape of the 390-byte bomb of issue 25.
func billionLaughs(levels int) string {
	var b strings.Builder
	b.WriteString("a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n")
	for i := 1; i < levels; i++ {
		n, prev := string(rune('a'+i)), string(rune('a'+i-1))
		fmt.Fprintf(&b, "%s: &%s [%s]\n", n, n, strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ","))
	}
	return b.String()
}

// TestAliasBomb: a 390-byte "billion laughs" in mkdocs.yml, _config.yml
// or hugo.yaml (6.7 GB once expanded) is refused at once, as yaml.v3's
// own Decode refuses it; a front matter bomb leaves the page laid out by
// its path.
func TestAliasBomb(t *testing.T) {
	bomb := billionLaughs(10)
	bomb += "#" + strings.Repeat(" lol", (390-len(bomb)-2)/4) + "\n" // to the 390 bytes
	bomb += strings.Repeat("#", 390-len(bomb)-1) + "\n"
	if len(bomb) != 390 {
		t.Fatalf("the bomb is %d bytes, want 390", len(bomb))
	}
	for _, name := range []string{"mkdocs.yml", "_config.yml", "hugo.yaml"} {
		t.Run(name, func(t *testing.T) {
			root, _ := hostileTree(t, map[string]string{name: bomb, "index.md": "# Home\n"})
			start := time.Now()
			_, err := Detect(root, Options{})
			if err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
				t.Errorf("Detect = %v, want an error of excessive aliasing", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Detect took %v", d)
			}
		})
	}
	fm := readFrontMatter([]byte("---\n" + bomb + "date: *j\nslug: x\n---\n"))
	if fm.Slug != "" || fm.Date != nil {
		t.Errorf("a front matter bomb decoded to %+v, want nothing", fm)
	}
	// A few aliases, as real configurations have, are read.
	y := &plainYAML{}
	var n = mustNode(t, "base: &b {x: 1}\nuse: [*b, *b]\n")
	if v := y.value(n); y.err != nil || v == nil {
		t.Errorf("plain aliases: %v, %v", v, y.err)
	}
}

// TestSpecialConfig: a configuration file that is a named pipe does not
// hang the run, and one over the size limit is an error, not a prefix.
func TestSpecialConfig(t *testing.T) {
	root, _ := hostileTree(t, map[string]string{"content/a.md": "# A\n"})
	if err := mkfifo(filepath.Join(root, "hugo.toml")); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Detect(root, Options{})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Detect with a named pipe hugo.toml = %v, want an error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Detect waits on a named pipe hugo.toml")
	}

	root, _ = hostileTree(t, map[string]string{"mkdocs.yml": "site_name: x\n"})
	if err := os.Truncate(filepath.Join(root, "mkdocs.yml"), 100<<20); err != nil { // sparse
		t.Fatal(err)
	}
	if _, err := Detect(root, Options{}); err == nil || !strings.Contains(err.Error(), "longer than the limit of 1 MiB") {
		t.Errorf("Detect with a 100 MB mkdocs.yml = %v, want an error", err)
	}
}

func mustNode(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

// FuzzPlainYAML: the hand walk of a generator's YAML configuration never
// panics, and never makes more values than yaml.v3's alias budget allows
// (it fails instead).
func FuzzPlainYAML(f *testing.F) {
	f.Add(billionLaughs(10))
	f.Add("a: &a [x, *a]\n")
	f.Add("docs_dir: docs\nplugins: [search, {blog: {blog_dir: b}}]\nbase: &b {x: 1}\nuse: [*b, *b]\n")
	f.Fuzz(func(t *testing.T, src string) {
		var n yaml.Node
		if yaml.Unmarshal([]byte(src), &n) != nil {
			return
		}
		y := &plainYAML{}
		y.value(&n)
		if y.err == nil && !aliasBudget(y.made, y.aliased) {
			t.Errorf("made %d values, %d under aliases, past the budget, without an error", y.made, y.aliased)
		}
	})
}

// TestLocaleBomb: a Docusaurus site with locales by the thousand (here
// folders under i18n/, which the model takes as locales when the
// configuration lists none) serves its pages again under maxLocales of
// them, no more: the model's size is not the product of locales and pages.
func TestLocaleBomb(t *testing.T) {
	files := map[string]string{
		"docusaurus.config.js": "module.exports = {i18n: {defaultLocale: 'en'}};\n",
	}
	for i := range 2000 {
		files[fmt.Sprintf("i18n/l%d/code.json", i)] = "{}\n"
	}
	for i := range 50 {
		files[fmt.Sprintf("docs/p%d.md", i)] = "# Page\n"
	}
	root, _ := hostileTree(t, files)
	s, err := Detect(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if max := 257 * 50 * 2 * 2; len(s.pages) > max {
		t.Errorf("%d URLs modelled, want at most %d", len(s.pages), max)
	}
	if _, ok := s.pages["/l1/docs/p1"]; !ok {
		t.Errorf("a locale does not serve the pages")
	}
}

// TestBaseRejectsNoURL: a configuration's own URL that is no absolute
// URL (a line break and a forged workflow command after it, a space, a
// template) is not taken as the site's address; an IRI is.
func TestBaseRejectsNoURL(t *testing.T) {
	for _, tt := range []struct {
		u    string
		want bool
	}{
		{"https://docs.example.net/", true},
		{"https://bücher.example.net/", true},
		{"https://x.dev\n::error file=a::forged", false},
		{"https://x.dev/a b/", false},
		{"https://x.dev/{{ .Lang }}/", false},
		{"ftp://x.dev/", false},
	} {
		var s Site
		s.Base(tt.u)
		if got := s.OwnURLKnown(); got != tt.want {
			t.Errorf("Base(%q): own URL known = %v, want %v", tt.u, got, tt.want)
		}
	}
}

// TestHugoManyThemes: a configuration naming 50,000 themes (none in the
// tree, or the same one over and over) is read in linear time: each
// theme adds folders every template, hook and shortcode is looked up in.
// Past hugoMaxThemes the site's templates are not the model's to know.
func TestHugoManyThemes(t *testing.T) {
	const n = 50_000
	var distinct, same strings.Builder
	distinct.WriteString("theme = [")
	same.WriteString("theme = [")
	for i := range n {
		fmt.Fprintf(&distinct, "%q, ", fmt.Sprintf("t%d", i))
		same.WriteString(`"t", `)
	}
	distinct.WriteString("]\n")
	same.WriteString("]\n")
	for name, cfg := range map[string]string{"distinct": distinct.String(), "same": same.String()} {
		t.Run(name, func(t *testing.T) {
			root, _ := hostileTree(t, map[string]string{"hugo.toml": cfg, "content/a.md": "# A\n"})
			start := time.Now()
			s, err := Detect(root, Options{})
			if err != nil {
				t.Fatalf("Detect = %v", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Detect of %d themes took %v", n, d)
			}
			_, unknown := s.UnknownPage("/a/")
			if name == "distinct" && !unknown {
				t.Errorf("a site of %d themes: /a/ is known, want unverifiable", n)
			}
		})
	}
}

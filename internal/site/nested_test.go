package site

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestNested checks which folders below the root are taken for sites:
// the generators' configuration files up to three levels down, not in
// dependencies, fixtures or hidden folders, not below a site's folder,
// and, when the root is itself a generator's site, not in the folders
// that site owns.
func TestNested(t *testing.T) {
	files := []string{
		"README.md",
		"docs/hugo.toml", "docs/content/_index.md",
		"docs/content/mkdocs.yml", // inside a site: not another one
		"www/mkdocs.yml", "www/docs/index.md",
		"website/docusaurus.config.js", "website/docs/intro.md",
		"a/b/book/book.toml", "a/b/book/src/README.md",
		"a/b/c/d/mkdocs.yml", // four levels down
		"tools/config.toml",  // not Hugo's: no content/ beside it
		"guide/.vitepress/config.mts", "guide/index.md",
		"pages/_config.yml", "pages/index.md",
		"node_modules/pkg/mkdocs.yml", "vendor/x/book.toml",
		"testdata/site/hugo.toml", ".github/mkdocs.yml",
		"public/index.html", // a static folder is no site below the root
	}
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	top, err := Detect(root, Options{Repository: "github.com/o/r"})
	if err != nil {
		t.Fatal(err)
	}
	sites, errs := Nested(top)
	if len(errs) > 0 {
		t.Errorf("errors: %v", errs)
	}
	var got []string
	for _, s := range sites {
		got = append(got, s.Dir()+": "+s.Generator)
		if s.Repo != top.Repo {
			t.Errorf("%s: repository %v, want the root's", s.Dir(), s.Repo)
		}
	}
	want := []string{"a/b/book: mdbook", "docs: hugo", "guide: vitepress", "pages: jekyll", "website: docusaurus", "www: mkdocs"}
	if !slices.Equal(got, want) {
		t.Errorf("nested sites %q, want %q", got, want)
	}

	// The root's own generator publishes docs/ (MkDocs' docs_dir): the
	// Hugo site there is part of it; the others are sites of their own
	// (an example project, a test fixture).
	if err := os.WriteFile(filepath.Join(root, "mkdocs.yml"), []byte("site_name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	top, _ = Detect(root, Options{})
	sites, _ = Nested(top)
	got = got[:0]
	for _, s := range sites {
		got = append(got, s.Dir()+": "+s.Generator)
	}
	want = []string{"a/b/book: mdbook", "guide: vitepress", "pages: jekyll", "website: docusaurus", "www: mkdocs"}
	if !slices.Equal(got, want) {
		t.Errorf("below a root published by %s: nested sites %q, want %q", top.Generator, got, want)
	}
}

// TestNestedPaths checks that a site built from a folder takes and gives
// paths from the audited root, and says so on its detection line.
func TestNestedPaths(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"site/mkdocs.yml":        "site_name: x\n",
		"site/docs/index.md":     "# Home\n",
		"site/docs/guide/a.md":   "# A\n",
		"site/overrides/main.md": "",
	})
	top, _ := Detect(root, Options{})
	sites, _ := Nested(top)
	if len(sites) != 1 {
		t.Fatalf("nested sites %d, want 1", len(sites))
	}
	s := sites[0]
	if u, ok := s.URL("site/docs/guide/a.md"); !ok || u != "/guide/a/" {
		t.Errorf("URL(site/docs/guide/a.md) = %q, %v; want /guide/a/", u, ok)
	}
	if _, ok := s.URL("docs/guide/a.md"); ok {
		t.Error("URL(docs/guide/a.md): a path from the site's folder taken for one from the root")
	}
	if f := s.Files("/guide/a/"); len(f) == 0 || f[0] != "site/docs/guide/a.md" {
		t.Errorf("Files(/guide/a/) = %q, want site/docs/guide/a.md first", f)
	}
	if !s.Contains("site/docs/index.md") || s.Contains("sites/x.md") || s.Contains("README.md") {
		t.Error("Contains: wrong folder")
	}
	if want := "site site/: mkdocs (site/mkdocs.yml), 2 pages, site/docs/ at /"; s.String() != want {
		t.Errorf("String() = %q, want %q", s.String(), want)
	}
}

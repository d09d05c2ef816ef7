package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// gitTree makes a git work tree checked out on branch, with files
// (name, content pairs).
func gitTree(t *testing.T, branch string, files ...string) string {
	t.Helper()
	root := t.TempDir()
	cmd := exec.Command("git", "init", "-q", "-b", branch, root)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("git init: %v\n%s", err, out)
	}
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(root, filepath.FromSlash(files[i]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// A tree checked out on gh-pages, without a _config.yml, is the Jekyll
// site GitHub Pages builds of it: its Markdown without front matter is a
// page; with .nojekyll, or on another branch, it is read on the forge.
func TestJekyllPagesBranch(t *testing.T) {
	files := []string{"go/index.md", "[Guide](guide)\n", "go/guide.md", "# Guide\n"}
	root := gitTree(t, "gh-pages", files...)
	s, err := Detect(root, Options{Repository: "none"})
	if err != nil || s.Generator != "jekyll" || s.Evidence != jekyllPagesBranch {
		t.Fatalf("gh-pages: detected %s (%q), %v; want jekyll by its branch", s.Generator, s.Evidence, err)
	}
	if u, ok := s.URL("go/guide.md"); !ok || u != "/go/guide.html" {
		t.Errorf("go/guide.md is at %q (%v), want /go/guide.html", u, ok)
	}
	for name, root := range map[string]string{
		".nojekyll": gitTree(t, "gh-pages", append(files, ".nojekyll", "")...),
		"main":      gitTree(t, "main", files...),
	} {
		if s, _ := Detect(root, Options{Repository: "none"}); s.Generator != "github" {
			t.Errorf("%s: detected %s, want github", name, s.Generator)
		}
	}
	if s, _ := Detect(filepath.Join(root, "go"), Options{Repository: "none"}); s.Generator != "github" {
		t.Errorf("a folder of a gh-pages tree: detected %s, want github", s.Generator)
	}
}

// A CNAME beside an index.html at the top names the domain GitHub Pages
// serves the tree at: it builds it with Jekyll, which publishes no file
// whose name begins with "_"; a CNAME alone (a project's docs served by
// another tool) shows no site.
func TestJekyllPagesCNAME(t *testing.T) {
	root := gitTree(t, "main", "CNAME", "lib.example\n", "index.html", "<a href=\"docs/_base.html\">x</a>\n",
		"docs/_base.html", "<p>base</p>\n", "docs/after.html", "<p>after</p>\n")
	s, _ := Detect(root, Options{Repository: "none"})
	if s.Generator != "jekyll" || s.Evidence != jekyllPagesCNAME {
		t.Fatalf("CNAME and index.html: detected %s (%q), want jekyll", s.Generator, s.Evidence)
	}
	if _, ok := s.URL("docs/after.html"); !ok {
		t.Errorf("docs/after.html is no page")
	}
	if _, ok := s.URL("docs/_base.html"); ok {
		t.Errorf("docs/_base.html is a page; Jekyll leaves it out")
	}
	for name, root := range map[string]string{
		"CNAME alone": gitTree(t, "main", "CNAME", "lib.example\n", "README.md", "# Lib\n"),
		".nojekyll":   gitTree(t, "main", "CNAME", "lib.example\n", "index.html", "x\n", ".nojekyll", ""),
	} {
		if s, _ := Detect(root, Options{Repository: "none"}); s.Generator != "github" {
			t.Errorf("%s: detected %s, want github", name, s.Generator)
		}
	}
}

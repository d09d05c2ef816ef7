package site

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/extract"
)

// TestTemplates: which pages a generator runs a template language over
// before their Markdown is read, and which files it leaves to the forge.
func TestTemplates(t *testing.T) {
	page := "# Page\n"
	macrosOff := "---\nrender_macros: false\n---\n# Page\n"
	macrosOn := "---\nrender_macros: true\n---\n# Page\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		rel   string
		want  extract.Templates
	}{
		{"hugo page", map[string]string{"hugo.toml": "baseURL = '/'\n", "content/a.md": page}, "content/a.md", extract.HugoShortcodes},
		{"hugo readme", map[string]string{"hugo.toml": "baseURL = '/'\n", "content/a.md": page, "README.md": page}, "README.md", 0},
		{"jekyll page", map[string]string{"_config.yml": "title: x\n", "a.md": "---\ntitle: a\n---\n# A\n"}, "a.md", extract.Liquid},
		{"jekyll include", map[string]string{"_config.yml": "title: x\n", "_includes/a.md": page}, "_includes/a.md", 0},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: x\n", "docs/a.md": page}, "docs/a.md", 0},
		{"mkdocs macros", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - macros\n", "docs/a.md": page}, "docs/a.md", extract.Liquid},
		{"mkdocs macros off", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - macros\n", "docs/a.md": macrosOff}, "docs/a.md", 0},
		{"mkdocs macros by request", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - macros:\n      render_by_default: false\n", "docs/a.md": page}, "docs/a.md", 0},
		{"mkdocs macros requested", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - macros:\n      render_by_default: false\n", "docs/a.md": macrosOn}, "docs/a.md", extract.Liquid},
		{"mkdocs macros delimiters", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - macros:\n      j2_variable_start_string: '[['\n", "docs/a.md": page}, "docs/a.md", 0},
		{"github", map[string]string{"a.md": page}, "a.md", 0},
	} {
		root := t.TempDir()
		for name, data := range tc.files {
			p := filepath.Join(root, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := Detect(root, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := s.Templates(tc.rel, []byte(tc.files[tc.rel])); got != tc.want {
			t.Errorf("%s: Templates(%q) = %d, want %d (%s)", tc.name, tc.rel, got, tc.want, s)
		}
	}
}

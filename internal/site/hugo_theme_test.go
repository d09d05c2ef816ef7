package site

import (
	"os"
	"path/filepath"
	"testing"
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

package site

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMkdocsTocSlugify reads toc's slugify option in each way an
// mkdocs.yml names PyMdown's slug functions, and a function it does not
// know, which leaves the ids unknown.
func TestMkdocsTocSlugify(t *testing.T) {
	for _, tc := range []struct {
		option string
		want   string // the id of "Über a - B", "" for an unknown function
	}{
		{"!!python/name:pymdownx.slugs.uslugify", "über-a---b"},
		{"!!python/name:pymdownx.slugs.uslugify_cased", "Über-a---B"},
		{"!!python/name:pymdownx.slugs.gfm", "Über-a---b"},
		{"!!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower", "über-a---b"},
		{"!!python/object/apply:pymdownx.slugs.slugify {}", "Über-a---B"},
		{"!!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          percent_encode: true", ""},
		{"!!python/name:my.slugify", ""},
	} {
		root := t.TempDir()
		cfg := "site_name: x\nmarkdown_extensions:\n  - toc:\n      slugify: " + tc.option + "\n"
		if err := os.WriteFile(filepath.Join(root, "mkdocs.yml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		s := newSite(root)
		s.marker = "mkdocs.yml"
		if err := (mkdocs{}).Load(&Tree{Root: root}, s); err != nil {
			t.Fatalf("%s: %v", tc.option, err)
		}
		_, unknown := s.UnknownIDs("docs/index.md")
		if tc.want == "" {
			if !unknown {
				t.Errorf("%s: ids are known, want unknown", tc.option)
			}
			continue
		}
		if unknown {
			t.Errorf("%s: ids are unknown", tc.option)
			continue
		}
		if got := s.HeadingIDs([]string{"Über a - B"}); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: id %q, want %q", tc.option, got, tc.want)
		}
	}
}

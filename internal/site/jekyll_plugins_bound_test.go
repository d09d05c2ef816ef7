package site

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A plugin naming thousands of files is read as writing files anywhere:
// each named file would be a space every link is matched against.
func TestJekyllPluginPathsBound(t *testing.T) {
	var src strings.Builder
	src.WriteString("class G < Jekyll::Generator\n  def generate(site)\n")
	for i := range 5000 {
		fmt.Fprintf(&src, "    site.static_files << Jekyll::StaticFile.new(site, site.source, \"api\", \"f%d.json\")\n", i)
	}
	src.WriteString("  end\nend\n")
	e, ok := jekyllPluginEffectOf("_plugins/g.rb", []byte(src.String()))
	if !ok {
		t.Fatal("the plugin publishes nothing, want files anywhere")
	}
	if !slices.Equal(e.files, []string{"/"}) || len(e.urls) != 0 {
		t.Errorf("files %d, urls %d; want files [\"/\"] and no urls", len(e.files), len(e.urls))
	}

	// A few named files stay single URLs.
	few := "site.static_files << StaticFile.new(site, site.source, \"api\", \"a.json\")\n"
	e, _ = jekyllPluginEffectOf("_plugins/g.rb", []byte(few))
	if !slices.Equal(e.urls, []string{"/api/a.json"}) {
		t.Errorf("urls %q; want the one file", e.urls)
	}
}

// Many plugins each naming a few files are, together, read as writing
// files anywhere.
func TestJekyllPluginsPathsBound(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "_plugins"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		src := fmt.Sprintf("site.static_files << StaticFile.new(site, site.source, \"api\", \"a%d.json\")\nsite.static_files << StaticFile.new(site, site.source, \"api\", \"b%d.json\")\nsite.static_files << StaticFile.new(site, site.source, \"api\", \"c%d.json\")\n", i, i, i)
		if err := os.WriteFile(filepath.Join(root, "_plugins", fmt.Sprintf("p%d.rb", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	effects, own := jekyllPluginEffects(&Tree{Root: root})
	if !own || len(effects) != 100 {
		t.Fatalf("own %v, %d effects; want 100", own, len(effects))
	}
	for _, e := range effects {
		if !slices.Equal(e.files, []string{"/"}) || len(e.urls) != 0 {
			t.Fatalf("%s: files %q, %d urls; want files anywhere", e.file, e.files, len(e.urls))
		}
	}
}

package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIncludedByManyPages: a part that thousands of pages include is
// checked as a bounded number of them render it, not once for each:
// its links cost no more than a page's, and the run does not stall.
func TestIncludedByManyPages(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".vitepress/config.mts", "export default { title: 'x', srcExclude: ['parts/**'] }\n")
	write("index.md", "# Home\n")
	write("parts/links.md", "## Part\n\n"+strings.Repeat("[home](./index.md) [gone](./gone.md)\n", 300))
	for i := range 3000 {
		write(fmt.Sprintf("p%d.md", i), "# P\n\n<!--@include: ./parts/links.md-->\n")
	}
	start := time.Now()
	r := Run(Config{Root: dir}, []string{dir})
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("Run took %v", d)
	}
	if n := r.Count(); n != 300 {
		t.Errorf("Run found %d findings, want 300 (each broken link of the part once)", n)
	}
}

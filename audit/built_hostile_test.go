package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/extract"
)

// TestKeepBuiltLinksLinear: a template page's links are looked up in its
// built page's links once each, not against every link of it: 100,000
// links of a source beside a built page of 100,000 others.
func TestKeepBuiltLinksLinear(t *testing.T) {
	const n = 100_000
	var built strings.Builder
	links := make([]extract.Link, n)
	for i := range n {
		fmt.Fprintf(&built, "<a href=\"/b/%08d\">x</a>\n", i)
		links[i].URI = fmt.Sprintf("/s/%08d", i)
	}
	links[n-1].URI = "/b/00000007"
	abs := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(abs, []byte(built.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	kept := keepBuiltLinks(links, abs)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("keepBuiltLinks of %d links took %v", n, d)
	}
	if len(kept) != 1 || kept[0].URI != "/b/00000007" {
		t.Errorf("keepBuiltLinks kept %d links, want the one the built page has", len(kept))
	}
}

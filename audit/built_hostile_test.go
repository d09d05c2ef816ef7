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

// TestInRangesSearch: the ranges a page's links are tested against (code,
// dead Liquid branches, raw sections: sorted and apart) are searched, not
// scanned link by link: 200,000 links of a page of 200,000 ranges.
func TestInRangesSearch(t *testing.T) {
	const n = 200_000
	rs := make([][2]int, n)
	for i := range rs {
		rs[i] = [2]int{10 * i, 10*i + 5}
	}
	start := time.Now()
	in := 0
	for off := range 2 * n {
		if inRanges(rs, 5*off) {
			in++
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("%d lookups in %d ranges took %v", 2*n, n, d)
	}
	if in != n {
		t.Errorf("inRanges found %d offsets of %d in the ranges, want %d", in, 2*n, n)
	}
	for _, c := range []struct {
		off  int
		want bool
	}{{-1, false}, {0, true}, {4, true}, {5, false}, {9, false}, {10*n - 6, true}, {10*n - 5, false}} {
		if got := inRanges(rs, c.off); got != c.want {
			t.Errorf("inRanges(%d) = %v, want %v", c.off, got, c.want)
		}
	}
}

package site

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestVitepressIncludeHostile: include directives a repository writes
// to make the model work without bound (a page that includes itself
// many times, two parts that include each other, many partial includes
// of one large part) are laid out in a bounded time.
func TestVitepressIncludeHostile(t *testing.T) {
	var big, ranges strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&big, "## H\n<!-- #region r%d -->\n<!-- #endregion r%d -->\n", i, i)
		fmt.Fprintf(&ranges, "<!--@include: ./big.md{%d,}-->\n<!--@include: ./big.md#r%d-->\n", i+1, i)
	}
	for _, tt := range []struct {
		name, part string
		files      map[string]string
	}{
		{"self", "index.md", map[string]string{"index.md": "# Home\n" + strings.Repeat("<!--@include: ./index.md-->\n", 40)}},
		{"cycle", "a.md", map[string]string{
			"index.md": "# Home\n<!--@include: ./a.md-->\n",
			"a.md":     strings.Repeat("<!--@include: ./b.md-->\n", 40),
			"b.md":     strings.Repeat("<!--@include: ./a.md-->\n", 40),
		}},
		{"ranges", "big.md", map[string]string{
			"index.md": "# Home\n" + ranges.String(),
			"big.md":   big.String(),
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.files[".vitepress/config.mts"] = "export default { title: 'x' }\n"
			root, _ := hostileTree(t, tt.files)
			start := time.Now()
			s, err := Detect(root, Options{})
			if err != nil {
				t.Fatalf("Detect = %v", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Detect took %v", d)
			}
			if rs := s.IncludedIn(tt.part); !slices.ContainsFunc(rs, func(r Rendering) bool { return r.Page == "index.md" }) {
				t.Errorf("IncludedIn(%q) = %+v, want the home page among them", tt.part, rs)
			}
		})
	}
}

// TestVitepressIncludeLinesNotKept: the model keeps a page's text for
// its includes, not a slice for each of its lines: pages of line breaks
// cost their size, not 24 bytes a line more.
func TestVitepressIncludeLinesNotKept(t *testing.T) {
	files := map[string]string{".vitepress/config.mts": "export default { title: 'x' }\n", "part.md": "## Part\n"}
	for i := range 8 {
		files[fmt.Sprintf("p%d.md", i)] = "<!--@include: ./part.md-->\n" + strings.Repeat("\n", 1000000)
	}
	root, _ := hostileTree(t, files)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := Detect(root, Options{}); err != nil {
		t.Fatalf("Detect = %v", err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 100<<20 {
		t.Errorf("Detect allocated %d MB for 8 MB of pages", got>>20)
	}
}

// TestIncludedInNoAlloc: IncludedIn is asked for every link of a part
// that pages include, and answers from what the load laid out, without
// a copy for each link (a part thousands of pages include has
// thousands of renderings).
func TestIncludedInNoAlloc(t *testing.T) {
	root, _ := hostileTree(t, map[string]string{
		"docs/.vitepress/config.mts": "export default { title: 'x' }\n",
		"docs/index.md":              "# Home\n<!--@include: ./p.md-->\n",
		"docs/p.md":                  "[x](./index.md)\n",
	})
	s, err := Detect(root, Options{})
	if err != nil {
		t.Fatalf("Detect = %v", err)
	}
	rs := s.IncludedIn("docs/p.md")
	if want := []Rendering{{Page: "docs/index.md", From: 1, To: 2}}; !slices.Equal(rs, want) {
		t.Fatalf("IncludedIn(docs/p.md) = %+v, want %+v", rs, want)
	}
	if n := testing.AllocsPerRun(100, func() { s.IncludedIn("docs/p.md") }); n != 0 {
		t.Errorf("IncludedIn allocates %v times, want 0", n)
	}
}

// TestVitepressIncludeOutside: an include that climbs out of the tree
// ("@/../../../outside.md", a file that exists there) reads nothing
// outside it: the tree stops ".." at its root, where no such file is,
// and does not read through a folder linked outside it.
func TestVitepressIncludeOutside(t *testing.T) {
	root, outer := hostileTree(t, map[string]string{
		".vitepress/config.mts": "export default { title: 'x' }\n",
		"index.md":              "# Home\n<!--@include: @/../../../outside.md-->\n<!--@include: ../../../outside.md{1,2}-->\n<!--@include: ./parts/page.md-->\n",
	})
	if err := os.Symlink(filepath.Join(outer, "secret"), filepath.Join(root, "parts")); err != nil {
		t.Fatal(err)
	}
	s, err := Detect(root, Options{})
	if err != nil {
		t.Fatalf("Detect = %v", err)
	}
	noOutside(t, s)
	for f, rs := range s.rendered {
		t.Errorf("the site renders %q in %+v", f, rs)
	}
	for page, fs := range s.imports {
		t.Errorf("%q imports %q", page, fs)
	}
}

package audit

import (
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/internal/site"
)

// TestAnchorsForAllocs: the anchors of a page as a publisher makes them
// are made once, at their size, and kept: the first fragment that names
// the page costs a set and one array of its anchors (and the slot among
// the page's publishers), every later one nothing, nor does the lookup.
func TestAnchorsForAllocs(t *testing.T) {
	src := []byte("# File 1\n\nIntro with [a link](b.md).\n\n## Setup Steps\n\nText.\n\n## Usage\n\nMore.\n")
	doc := (&extract.Extractor{}).MarkdownDoc(src)
	forge := &site.Site{Forge: true, Anchors: anchor.GitHub}
	newTarget := func() *target {
		tg := &target{title: -1}
		tg.fillOnce(func() { tg.fill(kindMarkdown, src, doc, false) })
		return tg
	}
	if n := testing.AllocsPerRun(100, func() { newTarget().anchorsFor(forge) }); n > 3+allocsOfNewTarget(newTarget) {
		t.Errorf("the first anchorsFor of a page of 3 headings: %v allocations beyond the target's, want at most 3", n-allocsOfNewTarget(newTarget))
	}
	tg := newTarget()
	set := tg.anchorsFor(forge)
	if n := testing.AllocsPerRun(100, func() {
		if tg.anchorsFor(forge) != set {
			t.Fatal("anchorsFor made the set again")
		}
		if m, _ := set.Find("usage", forge.Anchors); m != anchor.Found {
			t.Fatal("#usage not found")
		}
	}); n != 0 {
		t.Errorf("anchorsFor again and a lookup: %v allocations, want none", n)
	}
	for _, want := range []string{"file-1", "setup-steps", "usage"} {
		if !set.Has(want) {
			t.Errorf("the page's anchors lack %q", want)
		}
	}
	if set.Len() != 3 {
		t.Errorf("the page has %d anchors, want 3", set.Len())
	}
}

// allocsOfNewTarget returns the allocations of making and filling a
// target with newTarget.
func allocsOfNewTarget(newTarget func() *target) float64 {
	return testing.AllocsPerRun(100, func() { newTarget() })
}

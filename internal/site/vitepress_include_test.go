package site

import (
	"bytes"
	"testing"
)

// TestVitepressDirectives reads include directives as VitePress's
// processIncludes does: "@" from the source folder (the "/" after it
// optional), a region and a line range taken off the end.
func TestVitepressDirectives(t *testing.T) {
	src := []byte("# Page\n" +
		"<!--@include: ./a.md-->\n" +
		"text <!-- @include: @/parts/b.md#intro --> and <!--@include:@parts/c.md{3,10}-->\n" +
		"<!--@include: ../d.md#sec{,4}-->\n" +
		"<!--@include: -->\n")
	got := vitepressDirectives(src, "guide/page.md", "src", 1)
	want := []vpInclude{
		{line: 1, name: "./a.md", file: "guide/a.md"},
		{line: 2, name: "@/parts/b.md", file: "src/parts/b.md", region: "intro"},
		{line: 2, name: "@parts/c.md", file: "src/parts/c.md", rng: true, a: "3", b: "10"},
		{line: 3, name: "../d.md", file: "d.md", region: "sec", rng: true, b: "4"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d directives, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("directive %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestVitepressSpan: a region between its markers, a range counted from
// 1 within it, a bound of 0 counted from the end as slice does, a
// region not found the whole file.
func TestVitepressSpan(t *testing.T) {
	part := newVpPart([]byte("a\n<!-- #region r -->\nb\nc\nd\n<!-- #endregion r -->\ne"))
	v := &vpIncludes{s: &Site{slug: vitepressSlug}, major: 1}
	for _, c := range []struct {
		inc    vpInclude
		lo, hi int
	}{
		{vpInclude{}, 0, 7},
		{vpInclude{region: "r"}, 2, 5},
		{vpInclude{region: "r", rng: true, a: "2"}, 3, 5},
		{vpInclude{region: "r", rng: true, b: "1"}, 2, 3},
		{vpInclude{region: "nope"}, 0, 7},
		{vpInclude{rng: true, a: "0", b: "7"}, 6, 7},
		{vpInclude{rng: true, a: "9"}, 7, 7},
	} {
		if lo, hi := v.span(part, c.inc); lo != c.lo || hi != c.hi {
			t.Errorf("span(%+v) = [%d, %d), want [%d, %d)", c.inc, lo, hi, c.lo, c.hi)
		}
	}
}

// FuzzVitepressDirectives: any text gives directives on its own lines,
// and spans within the included file.
func FuzzVitepressDirectives(f *testing.F) {
	f.Add([]byte("<!--@include: ./a.md#x{1,2}-->\n## X\n<!-- #region x -->\n<!-- #endregion x -->"), 2)
	f.Add([]byte("<!--@include: @-->\n<!--@include: #a{,}-->"), 1)
	f.Fuzz(func(t *testing.T, src []byte, major int) {
		lines := bytes.Split(src, []byte("\n"))
		incs := vitepressDirectives(src, "a/b.md", "", major)
		v := &vpIncludes{s: &Site{slug: vitepressSlug}, major: major}
		p := newVpPart(src)
		for _, inc := range incs {
			if inc.line < 0 || inc.line >= len(lines) || inc.file == "" {
				t.Fatalf("directive %+v of %d lines", inc, len(lines))
			}
			if lo, hi := v.span(p, inc); lo < 0 || hi > len(lines) || lo > hi {
				t.Fatalf("span [%d, %d) of %d lines for %+v", lo, hi, len(lines), inc)
			}
		}
	})
}

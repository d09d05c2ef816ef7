// Package edit is the one place where urilint's fixers make their edits:
// every front end (the analyzer's settling of a literal, urilint -fix and
// -diff, uriextract -check -fix and -diff) selects, applies and shows
// edits through it, so that they agree on what overlaps, what is applied
// and what a diff looks like.
//
// An Edit replaces the bytes [Start, End) of a text with New. A set of
// edits is valid for a text of size n when every edit lies in [0, n] with
// Start <= End, and, sorted by Start, no edit starts before the end of the
// one before it, nor at the same offset (two insertions at one offset have
// no order but a guess, and an insertion at the start of a replacement is
// as ambiguous). SortAndCheck establishes this in one sort and one linear
// sweep; Apply and Unified take any valid set in any order.
//
// A fix is a group of edits to be made whole or not at all. Select takes
// fixes in the order of their first edit and leaves out one that overlaps
// a fix taken before it, for a second run, after the text has changed, to
// find again.
package edit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Edit replaces the bytes [Start, End) of a text with New.
type Edit struct {
	Start, End int
	New        string
}

func (e Edit) String() string { return fmt.Sprintf("[%d,%d)=%q", e.Start, e.End, e.New) }

func byStart(a, b Edit) int { return cmp.Compare(a.Start, b.Start) }

// An Error says why a set of edits is not valid.
type Error struct {
	Edit    Edit // the edit at fault
	Overlap bool // whether it overlaps Other; else it is out of range
	Other   Edit
	Size    int // the size of the text
}

func (e *Error) Error() string {
	if e.Overlap {
		return fmt.Sprintf("edit %v overlaps edit %v", e.Edit, e.Other)
	}
	return fmt.Sprintf("edit %v is out of range for a text of %d bytes", e.Edit, e.Size)
}

// SortAndCheck sorts edits by Start, keeping the order of equal starts,
// and reports an *Error when they are not valid for a text of size bytes.
// Edits already sorted are not moved, and cost one pass.
func SortAndCheck(size int, edits []Edit) error {
	if !slices.IsSortedFunc(edits, byStart) {
		slices.SortStableFunc(edits, byStart)
	}
	return check(size, edits)
}

// check is SortAndCheck on edits known to be sorted.
func check(size int, edits []Edit) error {
	for i, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > size {
			return &Error{Edit: e, Size: size}
		}
		if i > 0 && (e.Start < edits[i-1].End || e.Start == edits[i-1].Start) {
			return &Error{Edit: e, Overlap: true, Other: edits[i-1], Size: size}
		}
	}
	return nil
}

// sorted returns edits sorted by Start: edits itself when they are, and
// else a sorted copy, so that the caller's slice is left as it was.
func sorted(edits []Edit) []Edit {
	if slices.IsSortedFunc(edits, byStart) {
		return edits
	}
	return slices.SortedStableFunc(slices.Values(edits), byStart)
}

// Apply returns src with edits made; the edits may come in any order but
// must be valid (see the package documentation), or Apply returns an
// *Error and a nil result. With no edit, it returns src itself, unallocated.
func Apply[S ~string | ~[]byte](src S, edits []Edit) (S, error) {
	if len(edits) == 0 {
		return src, nil
	}
	edits = sorted(edits)
	if err := check(len(src), edits); err != nil {
		var zero S
		return zero, err
	}
	n := len(src)
	for _, e := range edits {
		n += len(e.New) - (e.End - e.Start)
	}
	var zero S
	if _, ok := any(zero).(string); ok {
		// A string is built in place: one allocation, not two.
		var b strings.Builder
		b.Grow(n)
		at := 0
		for _, e := range edits {
			b.WriteString(string(src[at:e.Start]))
			b.WriteString(e.New)
			at = e.End
		}
		b.WriteString(string(src[at:]))
		return S(b.String()), nil
	}
	out := make([]byte, 0, n)
	at := 0
	for _, e := range edits {
		out = append(out, src[at:e.Start]...)
		out = append(out, e.New...)
		at = e.End
	}
	out = append(out, src[at:]...)
	return S(out), nil
}

// Select takes, of fixes, the ones that can be made together on a text of
// size bytes: in the order of their first edit (the order of fixes for
// equal starts), each whole or not at all, leaving out a fix whose edits
// are not valid among themselves or overlap an edit of a fix taken before
// it. It returns the edits of the fixes taken, sorted and valid, and for
// each fix whether it was taken. fixes and their edits are not modified.
//
// Its cost is a sort of the fixes and a binary search per edit, plus, for
// a fix that does not come after every edit taken so far, a move of the
// edits after it: only fixes spanning others (an edit at each end of one
// literal) do that, and then over the edits inside the span.
func Select(size int, fixes [][]Edit) (edits []Edit, taken []bool) {
	taken = make([]bool, len(fixes))
	order := make([]int, 0, len(fixes))
	for i, f := range fixes {
		if len(f) > 0 {
			order = append(order, i)
		}
	}
	first := func(f []Edit) int { return slices.MinFunc(f, byStart).Start }
	firsts := make([]int, len(fixes))
	n := 0
	for _, i := range order {
		firsts[i] = first(fixes[i])
		n += len(fixes[i])
	}
	edits = make([]Edit, 0, n)
	byFirst := func(a, b int) int { return cmp.Compare(firsts[a], firsts[b]) }
	if !slices.IsSortedFunc(order, byFirst) {
		slices.SortStableFunc(order, byFirst)
	}
	for _, i := range order {
		f := sorted(fixes[i])
		if check(size, f) != nil {
			continue
		}
		if n := len(edits); n == 0 || edits[n-1].End <= f[0].Start && edits[n-1].Start != f[0].Start {
			edits = append(edits, f...) // the common case: after all taken
			taken[i] = true
			continue
		}
		if !fits(edits, f) {
			continue
		}
		taken[i] = true
		for _, e := range f {
			k, _ := slices.BinarySearchFunc(edits, e, byStart)
			edits = slices.Insert(edits, k, e)
		}
	}
	return edits, taken
}

// fits reports whether the sorted, valid edits f overlap none of the
// sorted, valid edits taken.
func fits(taken, f []Edit) bool {
	for _, e := range f {
		// The first edit of taken that starts at or after e.
		k, found := slices.BinarySearchFunc(taken, e, byStart)
		if found || k < len(taken) && taken[k].Start < e.End || k > 0 && taken[k-1].End > e.Start {
			return false
		}
	}
	return true
}

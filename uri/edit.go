package uri

import (
	"slices"

	"github.com/urilint/urilint/internal/edit"
)

// Edit replaces s[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// ApplyEdits returns s with edits made, in order of their Start. An edit
// that overlaps an earlier one (an insertion at the offset of another
// edit too), or lies outside s, is left out: fixes of several findings
// combine only where they touch different bytes, and a second Check shows
// what is left.
//
// The edits are chosen and made by the module's one edit package, which
// every fixer of urilint uses; Edit stays this package's own type so that
// its API names no internal package.
func ApplyEdits(s string, edits []Edit) string {
	if len(edits) == 0 {
		return s
	}
	// Most calls have a few edits, sorted and apart: converted on the
	// stack and applied at once.
	var buf [8]edit.Edit
	es := buf[:0]
	if len(edits) > len(buf) {
		es = make([]edit.Edit, 0, len(edits))
	}
	for _, e := range edits {
		es = append(es, edit.Edit(e))
	}
	if out, err := edit.Apply(s, es); err == nil {
		return out
	}
	// Overlapping or out of range: each edit is a fix of its own for
	// Select (on a copy, so that buf stays on the stack).
	own := slices.Clone(es)
	fixes := make([][]edit.Edit, len(own))
	for i := range own {
		fixes[i] = own[i : i+1]
	}
	taken, _ := edit.Select(len(s), fixes)
	out, err := edit.Apply(s, taken)
	if err != nil {
		return s // not reached: Select returns valid edits
	}
	return out
}

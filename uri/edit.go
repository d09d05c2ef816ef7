package uri

import (
	"slices"
	"strings"
)

// Edit replaces s[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// ApplyEdits returns s with edits made, in order of their Start. An edit
// that overlaps an earlier one, or lies outside s, is left out: fixes of
// several findings combine only where they touch different bytes, and a
// second Check shows what is left.
func ApplyEdits(s string, edits []Edit) string {
	if !slices.IsSortedFunc(edits, byStart) {
		edits = slices.SortedStableFunc(slices.Values(edits), byStart)
	}
	var b strings.Builder
	n := len(s)
	for _, e := range edits {
		n += len(e.New) - (e.End - e.Start)
	}
	b.Grow(max(n, 0))
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(s) {
			continue
		}
		b.WriteString(s[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(s[at:])
	return b.String()
}

func byStart(a, b Edit) int { return a.Start - b.Start }

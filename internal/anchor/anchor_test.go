package anchor

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
)

func set(names ...string) *Set {
	s := &Set{}
	for _, n := range names {
		s.Add(n)
	}
	return s
}

func TestFind(t *testing.T) {
	page := set("install", "Usage", "café", "a%20b", "user-content-notes")
	tests := []struct {
		frag  string
		r     Rules
		match Match
		name  string
	}{
		{"install", HTML, Found, "install"},
		{"Install", HTML, CaseOnly, "install"},
		{"Install", GitHub, Found, "install"},
		{"usage", GitLab, CaseOnly, "Usage"},
		{"user-content-install", GitHub, Found, "install"},
		{"user-content-install", HTML, None, ""},
		{"notes", GitHub, Found, "user-content-notes"},
		// HTML tries the fragment as written first, then decoded.
		{"caf%C3%A9", HTML, Found, "café"},
		{"a%20b", HTML, Found, "a%20b"},
		{"missing", GitHub, None, ""},
	}
	// A page of many anchors is indexed in maps: it finds the same.
	big := set("install", "Usage", "café", "a%20b", "user-content-notes")
	for i := range 20 {
		big.Add(fmt.Sprintf("more-%d", i))
		big.Add("install") // again: no second anchor
	}
	if page.Len() != 5 || big.Len() != 25 {
		t.Errorf("Len = %d and %d, want 5 and 25", page.Len(), big.Len())
	}
	for _, p := range []*Set{page, big} {
		for _, tt := range tests {
			m, n := p.Find(tt.frag, tt.r)
			if m != tt.match || n != tt.name {
				t.Errorf("%d anchors: Find(%q, %+v) = %v, %q, want %v, %q", p.Len(), tt.frag, tt.r, m, n, tt.match, tt.name)
			}
		}
	}
	if !big.Has("more-19") || big.Has("more-20") {
		t.Error("Has of a page of many anchors is wrong")
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		frag     string
		from, to int
		ok       bool
	}{
		{"L10", 10, 10, true},
		{"L10-L20", 10, 20, true},
		{"L10-20", 10, 20, true},
		{"L", 0, 0, false},
		{"l10", 0, 0, false},
		{"L10-", 0, 0, false},
		{"L1x", 0, 0, false},
		{"L99999999999999999999", 0, 0, false},
	}
	for _, tt := range tests {
		from, to, ok := Line(tt.frag)
		if from != tt.from || to != tt.to || ok != tt.ok {
			t.Errorf("Line(%q) = %d, %d, %v, want %d, %d, %v", tt.frag, from, to, ok, tt.from, tt.to, tt.ok)
		}
	}
}

func TestFootnote(t *testing.T) {
	tests := []struct {
		frag, label string
		ref, ok     bool
	}{
		{"user-content-fn-1", "1", false, true},
		{"user-content-fnref-note", "note", true, true},
		{"fn-2", "2", false, true},
		{"fn-", "", false, false},
		{"install", "", false, false},
	}
	for _, tt := range tests {
		l, ref, ok := Footnote(tt.frag)
		if l != tt.label || ref != tt.ref || ok != tt.ok {
			t.Errorf("Footnote(%q) = %q, %v, %v, want %q, %v, %v", tt.frag, l, ref, ok, tt.label, tt.ref, tt.ok)
		}
	}
}

// TestFindAllocs checks that looking a fragment up allocates nothing
// when it needs no prefix added: Find runs for every link with a
// fragment of a tree.
func TestFindAllocs(t *testing.T) {
	small := set("intro", "setup-steps", "usage")
	large := set()
	for i := range 20 {
		large.Add(fmt.Sprintf("heading-%d", i))
	}
	for _, tt := range []struct {
		s    *Set
		frag string
		r    Rules
	}{
		{small, "usage", Rules{}},
		{small, "no-such-heading", Rules{}},
		{large, "heading-7", Rules{}},
		{large, "no-such-heading", Rules{FoldCase: true}},
		{small, "user-content-usage", Rules{Prefix: "user-content-"}},
		{small, "usage", GitHub}, // found before the prefix is added
		{large, "heading-7", GitHub},
	} {
		if n := testing.AllocsPerRun(100, func() { tt.s.Find(tt.frag, tt.r) }); n != 0 {
			t.Errorf("Find(%q, %+v) allocates %v times, want none", tt.frag, tt.r, n)
		}
	}
}

// BenchmarkFind looks fragments up in a page of a few anchors (kept in a
// slice) and in one of many (indexed), found, missed and found with the
// forge's prefix, as an audit does for every link with a fragment.
func BenchmarkFind(b *testing.B) {
	small := set("intro", "setup-steps", "usage")
	large := set()
	for i := range 40 {
		large.Add(fmt.Sprintf("heading-%d", i))
	}
	for _, bb := range []struct {
		name string
		s    *Set
		frag string
		r    Rules
	}{
		{"small/found", small, "usage", HTML},
		{"small/missed", small, "no-such-heading", HTML},
		{"small/prefixed", small, "user-content-usage", GitHub},
		{"small/decoded", small, "setup%2Dsteps", HTML},
		{"large/found", large, "heading-37", HTML},
		{"large/missed", large, "no-such-heading", GitHub},
		{"large/case", large, "Heading-7", GitLab},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bb.s.Find(bb.frag, bb.r)
			}
		})
	}
}

// BenchmarkLookup looks fragments up in anchors kept as a sorted slice.
func BenchmarkLookup(b *testing.B) {
	ids := make([]string, 0, 40)
	for i := range 40 {
		ids = append(ids, fmt.Sprintf("heading-%d", i))
	}
	slices.Sort(ids)
	has := func(n string) bool { _, ok := slices.BinarySearch(ids, n); return ok }
	for _, bb := range []struct{ name, frag string }{
		{"found", "heading-37"},
		{"missed", "no-such-heading"},
		{"decoded", "heading%2D7"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Lookup(has, bb.frag, HTML)
			}
		})
	}
}

var kept *Set

// TestNewSetAllocs: a set made for its few anchors is two allocations,
// the set and one array of their number, however many are added; more
// than it was made for still go in, and past smallSet it indexes them.
func TestNewSetAllocs(t *testing.T) {
	names := []string{"intro", "setup-steps", "usage"}
	if n := testing.AllocsPerRun(100, func() {
		s := NewSet(len(names))
		for _, n := range names {
			s.Add(n)
		}
		kept = s // kept for the run, as an audit's are
	}); n != 2 {
		t.Errorf("NewSet(3) and 3 anchors: %v allocations, want 2", n)
	}
	for _, made := range []int{0, 1, 3, smallSet, smallSet + 1} {
		s := NewSet(made)
		for i := range 2 * smallSet {
			s.Add(fmt.Sprint("h-", i))
			s.Add(fmt.Sprint("h-", i)) // once only
		}
		if s.Len() != 2*smallSet || !s.Has("h-0") || !s.Has("h-15") || s.Has("h-16") {
			t.Errorf("NewSet(%d) after %d anchors: Len %d, Has h-0 %v, h-15 %v, h-16 %v", made, 2*smallSet, s.Len(), s.Has("h-0"), s.Has("h-15"), s.Has("h-16"))
		}
		if m, name := s.Find("H-3", GitHub); m != Found || name != "h-3" {
			t.Errorf("NewSet(%d): Find(H-3) = %v %q, want found h-3", made, m, name)
		}
	}
}

// TestCompact: a compacted set answers every question as it did with its
// maps (Has, Len, Find with each rules, the first anchor of a case for a
// miss), an Add after Compact still adds, and a kept set of 40 anchors
// costs a third of its maps or less.
func TestCompact(t *testing.T) {
	names := []string{"Usage", "usage-1", "Intro", "intro", "INTRO", "Setup", "ünïcode", "Ünïcode", "a", "B", "b", "user-content-x"}
	for i := range 30 {
		names = append(names, fmt.Sprintf("heading-%d", i), fmt.Sprintf("Heading-%d", i%7))
	}
	maps, compact := NewSet(0), NewSet(0)
	for _, n := range names {
		maps.Add(n)
		compact.Add(n)
	}
	compact.Compact()
	if compact.exact != nil || compact.sorted == nil {
		t.Fatal("Compact kept the maps")
	}
	if maps.Len() != compact.Len() {
		t.Errorf("Len %d after Compact, %d before", compact.Len(), maps.Len())
	}
	queries := append(slices.Clone(names), "usage", "USAGE", "setup", "ÜNÏCODE", "ünïcode", "x", "user-content-usage", "heading-99", "HEADING-3", "", "%55sage")
	for _, q := range queries {
		if maps.Has(q) != compact.Has(q) {
			t.Errorf("Has(%q) = %v after Compact, %v before", q, compact.Has(q), maps.Has(q))
		}
		for _, r := range []Rules{GitHub, GitLab, HTML} {
			m1, n1 := maps.Find(q, r)
			m2, n2 := compact.Find(q, r)
			if m1 != m2 || n1 != n2 {
				t.Errorf("Find(%q, %+v) = %v %q after Compact, %v %q before", q, r, m2, n2, m1, n1)
			}
		}
	}
	for _, q := range []string{"heading-12", "intro", "Intro", "user-content-setup"} {
		if n := testing.AllocsPerRun(100, func() { compact.Find(q, GitHub) }); n != 0 {
			t.Errorf("Find(%q) in a compacted set allocates %v times, want none", q, n)
		}
	}
	compact.Add("late")
	compact.Add("Usage") // already there
	if !compact.Has("late") || compact.Len() != maps.Len()+1 {
		t.Errorf("after Compact and Add: Has(late) %v, Len %d, want true, %d", compact.Has("late"), compact.Len(), maps.Len()+1)
	}
	if m, n := compact.Find("INTRO", HTML); m != Found || n != "INTRO" {
		t.Errorf("after Compact and Add: Find(INTRO) = %v %q", m, n)
	}
	if m, n := compact.Find("intrO", GitLab); m != CaseOnly || n != "Intro" {
		t.Errorf("after Compact and Add: Find(intrO) = %v %q, want the first of the case, Intro", m, n)
	}
	// What a kept set costs: the bytes left after a collection.
	kept := func(compacted bool) uint64 {
		sets := make([]*Set, 100)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range sets {
			sets[i] = NewSet(0)
			for j := range 40 {
				sets[i].Add(fmt.Sprintf("section-%d-%d", i, j))
			}
			if compacted {
				sets[i].Compact()
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(sets)
		return (after.HeapAlloc - before.HeapAlloc) / 100
	}
	if withMaps, compacted := kept(false), kept(true); compacted*3 > withMaps {
		t.Errorf("a set of 40 anchors keeps %d bytes compacted, %d with its maps: want a third or less", compacted, withMaps)
	}
}

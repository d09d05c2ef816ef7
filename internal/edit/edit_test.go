package edit

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

var applyTests = []struct {
	src   string
	edits []Edit
	want  string // "" with bad set
	bad   bool
}{
	{src: "abc", want: "abc"},
	{src: "abc", edits: []Edit{{1, 2, "B"}}, want: "aBc"},
	{src: "abc", edits: []Edit{{2, 3, "C"}, {0, 1, "A"}}, want: "AbC"}, // any order
	{src: "abc", edits: []Edit{{0, 0, "<"}, {3, 3, ">"}}, want: "<abc>"},
	{src: "abc", edits: []Edit{{0, 1, ""}, {1, 2, "x"}}, want: "xc"}, // touching
	{src: "abc", edits: []Edit{{1, 1, "x"}, {1, 1, "y"}}, bad: true}, // two insertions at one offset
	{src: "abc", edits: []Edit{{1, 1, "x"}, {1, 2, "y"}}, bad: true}, // insertion at a replacement's start
	{src: "abc", edits: []Edit{{0, 2, "x"}, {1, 3, "y"}}, bad: true},
	{src: "abc", edits: []Edit{{2, 4, "x"}}, bad: true},
	{src: "abc", edits: []Edit{{-1, 0, "x"}}, bad: true},
	{src: "abc", edits: []Edit{{2, 1, "x"}}, bad: true},
}

func TestApply(t *testing.T) {
	for _, tt := range applyTests {
		in := slices.Clone(tt.edits)
		got, err := Apply(tt.src, tt.edits)
		gotb, errb := Apply([]byte(tt.src), tt.edits)
		if !slices.Equal(in, tt.edits) {
			t.Errorf("Apply(%q, %v) changed its edits to %v", tt.src, in, tt.edits)
		}
		if tt.bad {
			var e *Error
			if !errors.As(err, &e) || !errors.As(errb, &e) {
				t.Errorf("Apply(%q, %v) = %q, %v; want an *Error", tt.src, tt.edits, got, err)
			}
			continue
		}
		if err != nil || errb != nil || got != tt.want || string(gotb) != tt.want {
			t.Errorf("Apply(%q, %v) = %q, %v (bytes: %q, %v); want %q", tt.src, tt.edits, got, err, gotb, errb, tt.want)
		}
	}
}

func TestSortAndCheck(t *testing.T) {
	es := []Edit{{5, 6, "b"}, {0, 1, "a"}, {3, 3, "i"}}
	if err := SortAndCheck(6, es); err != nil {
		t.Fatal(err)
	}
	if want := []Edit{{0, 1, "a"}, {3, 3, "i"}, {5, 6, "b"}}; !slices.Equal(es, want) {
		t.Errorf("SortAndCheck sorted to %v, want %v", es, want)
	}
	err := SortAndCheck(6, []Edit{{2, 4, "x"}, {3, 5, "y"}})
	if err == nil || err.Error() != `edit [3,5)="y" overlaps edit [2,4)="x"` {
		t.Errorf("SortAndCheck of overlapping edits = %v", err)
	}
	if err := SortAndCheck(3, []Edit{{2, 4, "x"}}); err == nil || !strings.Contains(err.Error(), "out of range for a text of 3 bytes") {
		t.Errorf("SortAndCheck of an edit past the end = %v", err)
	}
}

func TestSelect(t *testing.T) {
	fixes := [][]Edit{
		{{10, 12, "a"}},
		{{0, 1, "b"}, {20, 21, "c"}},   // spans others: taken first
		{{11, 11, "d"}},                // inside the first fix's edit
		{{15, 16, "e"}},                // between the second fix's edits
		{{20, 20, "f"}},                // an insertion where c starts
		{},                             // no edit: not a fix
		{{30, 31, "g"}, {30, 32, "h"}}, // overlaps itself
		{{40, 41, "i"}},                // out of range
	}
	edits, taken := Select(32, fixes)
	if want := []bool{true, true, false, true, false, false, false, false}; !slices.Equal(taken, want) {
		t.Errorf("Select took %v, want %v", taken, want)
	}
	if want := []Edit{{0, 1, "b"}, {10, 12, "a"}, {15, 16, "e"}, {20, 21, "c"}}; !slices.Equal(edits, want) {
		t.Errorf("Select returned the edits %v, want %v", edits, want)
	}
	if err := check(32, edits); err != nil {
		t.Error(err)
	}
}

// TestApplyNoAlloc: with nothing to do, Apply returns its input.
func TestApplyNoAlloc(t *testing.T) {
	src := []byte("https://example.com/")
	if n := testing.AllocsPerRun(100, func() {
		if out, _ := Apply(src, nil); &out[0] != &src[0] {
			t.Fatal("Apply with no edit copied its input")
		}
	}); n != 0 {
		t.Errorf("Apply with no edit: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Unified("a", "b", src, nil) }); n != 0 {
		t.Errorf("Unified with no edit: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = SortAndCheck(len(src), []Edit{{0, 5, "http"}}) }); n != 0 {
		t.Errorf("SortAndCheck: %v allocations, want 0", n)
	}
}

// FuzzSelect checks Select's promises on any fixes: the edits it returns
// are valid, are those of the fixes it took, and each fix it left out is
// invalid on its own or overlaps a fix it took.
func FuzzSelect(f *testing.F) {
	f.Add(40, []byte{10, 2, 0, 0, 1, 1, 20, 1, 0, 11, 0, 2, 15, 1, 1, 20, 0, 0})
	f.Fuzz(func(t *testing.T, size int, enc []byte) {
		size = min(max(size, 0), 300)
		// enc holds, per edit: start, length, and whether it ends a fix.
		var fixes [][]Edit
		var cur []Edit
		for ; len(enc) >= 3; enc = enc[3:] {
			cur = append(cur, Edit{int(enc[0]), int(enc[0]) + int(enc[1]%8), "x"})
			if enc[2]%2 == 0 {
				fixes, cur = append(fixes, cur), nil
			}
		}
		edits, taken := Select(size, fixes)
		if err := check(size, edits); err != nil {
			t.Fatalf("Select(%d, %v) returned invalid edits: %v", size, fixes, err)
		}
		var want []Edit
		for i, fx := range fixes {
			if taken[i] {
				want = append(want, fx...)
			}
		}
		slices.SortStableFunc(want, byStart)
		if !slices.Equal(edits, want) {
			t.Fatalf("Select(%d, %v) = %v, want the edits of the fixes taken: %v", size, fixes, edits, want)
		}
		for i, fx := range fixes {
			if taken[i] || len(fx) == 0 {
				continue
			}
			own := slices.SortedStableFunc(slices.Values(fx), byStart)
			if check(size, own) == nil && fits(edits, own) {
				t.Fatalf("Select(%d, %v) left out fix %d, %v, which overlaps nothing taken", size, fixes, i, fx)
			}
		}
	})
}

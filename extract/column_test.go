package extract

import (
	"bytes"
	"testing"

	"github.com/urilint/urilint/internal/textpos"
)

// TestLocatorWrapped: the Locator of a link joined across lines maps
// each byte of its URI to the line and column where it is written.
func TestLocatorWrapped(t *testing.T) {
	src := []byte("See <http://example.com/a%7eb/\n    c%7ed/\n  e%7ef> here.")
	links := Text(src)
	if len(links) != 1 || links[0].URI != "http://example.com/a%7eb/c%7ed/e%7ef" {
		t.Fatalf("Text = %v, want one joined link", links)
	}
	l := &links[0]
	lc := l.Locator()
	for _, tt := range []struct {
		at   string
		want string
	}{{"http", "1:6"}, {"a%7eb", "1:25"}, {"c%7ed", "2:5"}, {"e%7ef", "3:3"}} {
		i := bytes.Index([]byte(l.URI), []byte(tt.at))
		if got := lc.PositionOf(i).String(); got != tt.want {
			t.Errorf("PositionOf(%d) (%q) = %s, want %s", i, tt.at, got, tt.want)
		}
	}
}

// TestPositionsNoAllocs: mapping the positions of a finding allocates
// nothing for a link written as its URI, the common case.
func TestPositionsNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	src := []byte("Some prose, then https://example.com/a%7eb/c and more.\n")
	links := Text(src)
	if len(links) != 1 {
		t.Fatalf("Text = %v, want one link", links)
	}
	l := &links[0]
	cols := textpos.NewColumns(src)
	n := testing.AllocsPerRun(100, func() {
		lc := l.Locator()
		p := lc.PositionOf(20)
		cols.Column(p.Offset, p.Column)
		p = l.PositionOf(0)
		cols.Column(p.Offset, p.Column)
	})
	if n != 0 {
		t.Errorf("Locator, PositionOf and Column allocate %v times, want 0", n)
	}
}

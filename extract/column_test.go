package extract

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestColumns: a column in characters is what utf8.RuneCount says of the
// line up to the position, whatever order the positions come in, for
// UTF-8, Latin-1 bytes ("\xe9", and "\xa9" which is a UTF-8 continuation
// byte) and sequences cut short.
func TestColumns(t *testing.T) {
	src := []byte("café é\xe9t\xa9 \xa9\xa9x\n€uro \xe2\x82 ok 𝄞 \xf0\x9d\n\nzone\xc3\xa9\xa9 end")
	var ps []Position
	line, bol := 1, 0
	for i := 0; i <= len(src); i++ {
		if i == len(src) || utf8.RuneStart(src[i]) || !continuesUTF8(src, i) {
			ps = append(ps, Position{Offset: i, Line: line, Column: i - bol + 1})
		}
		if i < len(src) && src[i] == '\n' {
			line, bol = line+1, i+1
		}
	}
	orders := map[string][]Position{"forward": ps, "backward": reversed(ps)}
	r := rand.New(rand.NewPCG(1, 2))
	shuffled := append([]Position(nil), ps...)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	orders["shuffled"] = shuffled
	for name, order := range orders {
		c := NewColumns(src)
		for _, p := range order {
			want := utf8.RuneCount(src[p.Offset-(p.Column-1):p.Offset]) + 1
			if got := c.Column(p); got != want {
				t.Errorf("%s: Column(%v) at offset %d = %d, want %d", name, p, p.Offset, got, want)
			}
		}
	}
	// A position that does not fit the text keeps its byte column.
	if got := NewColumns(src).Column(Position{Offset: len(src) + 5, Line: 9, Column: 3}); got != 3 {
		t.Errorf("Column past the end = %d, want 3", got)
	}
}

// continuesUTF8 reports whether src[i] is inside a valid UTF-8 sequence,
// by decoding the line from its start.
func continuesUTF8(src []byte, i int) bool {
	j := bytes.LastIndexByte(src[:i], '\n') + 1
	for j < i {
		_, w := utf8.DecodeRune(src[j:])
		if j+w > i {
			return true
		}
		j += w
	}
	return false
}

func reversed(ps []Position) []Position {
	out := make([]Position, len(ps))
	for i, p := range ps {
		out[len(ps)-1-i] = p
	}
	return out
}

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
	cols := NewColumns(src)
	n := testing.AllocsPerRun(100, func() {
		lc := l.Locator()
		cols.Column(lc.PositionOf(20))
		cols.Column(l.PositionOf(0))
	})
	if n != 0 {
		t.Errorf("Locator, PositionOf and Column allocate %v times, want 0", n)
	}
}

package textpos

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// pos is a position as package extract writes one.
type pos struct{ Offset, Line, Column int }

// TestColumns: a column in characters is what utf8.RuneCount says of the
// line up to the position, whatever order the positions come in, for
// UTF-8, Latin-1 bytes ("\xe9", and "\xa9" which is a UTF-8 continuation
// byte) and sequences cut short.
func TestColumns(t *testing.T) {
	src := []byte("café é\xe9t\xa9 \xa9\xa9x\n€uro \xe2\x82 ok 𝄞 \xf0\x9d\n\nzone\xc3\xa9\xa9 end")
	var ps []pos
	line, bol := 1, 0
	for i := 0; i <= len(src); i++ {
		if i == len(src) || utf8.RuneStart(src[i]) || !continuesUTF8(src, i) {
			ps = append(ps, pos{Offset: i, Line: line, Column: i - bol + 1})
		}
		if i < len(src) && src[i] == '\n' {
			line, bol = line+1, i+1
		}
	}
	orders := map[string][]pos{"forward": ps, "backward": reversed(ps)}
	r := rand.New(rand.NewPCG(1, 2))
	shuffled := append([]pos(nil), ps...)
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	orders["shuffled"] = shuffled
	for name, order := range orders {
		c := NewColumns(src)
		for _, p := range order {
			want := utf8.RuneCount(src[p.Offset-(p.Column-1):p.Offset]) + 1
			if got := c.Column(p.Offset, p.Column); got != want {
				t.Errorf("%s: Column(%v) at offset %d = %d, want %d", name, p, p.Offset, got, want)
			}
		}
	}
	// A position that does not fit the text keeps its byte column.
	if got := NewColumns(src).Column(len(src)+5, 3); got != 3 {
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

func reversed(ps []pos) []pos {
	out := make([]pos, len(ps))
	for i, p := range ps {
		out[len(ps)-1-i] = p
	}
	return out
}

func TestLines(t *testing.T) {
	src := []byte("# Title\n\nSee {{< ref \"a.md\" >}}\r\nand é {{< ref \"b.md\" >}}.\n")
	l := NewLines(src)
	for _, tt := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {8, 2, 1}, {9, 3, 1}, {bytes.Index(src, []byte(`"a.md"`)), 3, 13},
		{bytes.Index(src, []byte(`"b.md"`)), 4, 16}, {len(src), 5, 1},
		{4, 1, 5}, // back: counted again from the top
	} {
		if line, col := l.At(tt.off); line != tt.line || col != tt.col {
			t.Errorf("At(%d) = %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

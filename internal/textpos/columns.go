// Package textpos turns byte offsets of a text into lines and columns:
// Lines counts lines as positions are asked for in order, Columns counts
// columns in characters. Package extract reports positions with Lines,
// and the audit and its reporters count columns with Columns.
package textpos

import "unicode/utf8"

// Columns counts columns in characters, as editors, SARIF and GitHub
// annotations want them, where a byte column (extract.Position.Column)
// counts bytes. It keeps its
// place between calls: a position costs the distance from the one asked
// for before when both are on the same line, or else its own column in
// bytes, so that positions asked for in source order (moving back only
// now and then, to the start of a link) cost one pass over the file,
// however many there are on one line.
//
// A character is counted as utf8.RuneCount counts one: a valid UTF-8
// sequence, or any other byte (a Latin-1 "é" is one character).
type Columns struct {
	src   []byte
	bol   int // start of the line of off
	off   int // where the count stands
	chars int // characters in src[bol:off]
}

// NewColumns returns a Columns for src, the text that the positions
// given to Column were taken from.
func NewColumns(src []byte) *Columns { return &Columns{src: src, bol: -1} }

// Column returns the column counted in characters, from 1, of the byte
// at offset off of src, whose column counted in bytes is byteCol. A
// position that does not fit src keeps its byte column.
func (c *Columns) Column(off, byteCol int) int {
	bol := off - (byteCol - 1)
	if bol < 0 || off > len(c.src) || byteCol < 1 {
		return byteCol
	}
	if bol != c.bol {
		c.bol, c.off, c.chars = bol, bol, 0
	}
	if off >= c.off {
		c.chars += c.count(c.off, off)
	} else {
		c.chars -= c.count(off, c.off)
	}
	c.off = off
	return c.chars + 1
}

// count returns how many characters start in src[a:b]. Whether a byte
// starts one depends only on the three bytes before it, so counts add up
// in either direction.
func (c *Columns) count(a, b int) int {
	n := 0
	for i := a; i < b; i++ {
		if x := c.src[i]; x < 0x80 || x >= 0xC0 || !c.continues(i) {
			n++
		}
	}
	return n
}

// continues reports whether the continuation byte src[i] belongs to a
// valid UTF-8 sequence that starts before it.
func (c *Columns) continues(i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if x := c.src[j]; x < 0x80 || x >= 0xC0 {
			_, w := utf8.DecodeRune(c.src[j:])
			return w > i-j
		}
	}
	return false
}

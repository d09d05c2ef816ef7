package analyzer

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A string literal's value is made of elements: each element is a run of
// source bytes (one plain byte, or one escape sequence) that produces a run
// of value bytes; a plain non-ASCII character is one element too. An element never splits: a value byte range that starts or
// ends inside an element maps to the whole element.

// nextElem returns the source and value lengths of the element that starts
// at src[i], inside the quotes of a literal. For a raw literal every byte is
// an element of its own, and a carriage return produces nothing (the Go
// specification discards it from raw string values).
func nextElem(src string, i int, raw bool) (srcLen, valLen int) {
	c := src[i]
	if raw {
		if c == '\r' {
			return 1, 0
		}
		return 1, 1
	}
	if c >= utf8.RuneSelf {
		_, n := utf8.DecodeRuneInString(src[i:])
		return n, n // a plain character: its UTF-8 bytes, kept whole
	}
	if c != '\\' || i+1 >= len(src) {
		return 1, 1
	}
	switch src[i+1] {
	case 'x':
		return 4, 1
	case '0', '1', '2', '3', '4', '5', '6', '7':
		return 4, 1
	case 'u':
		return 6, runeLen(src, i+2, 4)
	case 'U':
		return 10, runeLen(src, i+2, 8)
	}
	return 2, 1 // \a \b \f \n \r \t \v \\ \' \"
}

// runeLen returns the UTF-8 length of the code point written as n hex digits
// at src[i:].
func runeLen(src string, i, n int) int {
	if i+n > len(src) {
		return 1
	}
	r, err := strconv.ParseUint(src[i:i+n], 16, 32)
	if err != nil {
		return 1
	}
	if l := utf8.RuneLen(rune(r)); l > 0 {
		return l
	}
	return 3 // utf8.RuneError, as the compiler would reject it anyway
}

// litRange maps the byte range [start, end) of the value of the string
// literal src (quotes included, as in ast.BasicLit.Value) to a byte range
// [s, e) of src. Both ends are widened to whole escape sequences; exact
// reports whether no widening was needed, so that src[s:e] can be replaced
// by the quoted form of a replacement for value[start:end]. An empty range
// maps to an empty range; start == len(value) maps to the closing quote. A
// range past the end of the value maps to the closing quote, inexactly.
//
// litRange walks the literal from its start: to map many ranges of one
// literal, use a litCursor.
func litRange(src string, start, end int) (s, e int, exact bool) {
	c := litCursor{src: src}
	return c.rangeOf(start, end)
}

// A litCursor maps ranges of one literal's value as litRange does, but
// resumes its walk where the previous range started: ranges given in
// increasing order, such as the sorted edits of a fix, cost one pass over
// the literal in all instead of one pass each. A range that starts before
// the previous one restarts the walk. The zero value with src set is ready.
type litCursor struct {
	src string
	i   int // source offset of the element where the walk resumes (0: the start)
	v   int // value offset of that element

	steps int // elements walked, for the tests of linearity
}

// litCursors returns a cursor for each piece that is a literal.
func litCursors(pieces []piece) []litCursor {
	cs := make([]litCursor, len(pieces))
	for i, p := range pieces {
		cs[i].src = p.src
	}
	return cs
}

// rangeOf is litRange(c.src, start, end).
func (c *litCursor) rangeOf(start, end int) (s, e int, exact bool) {
	src := c.src
	if len(src) < 2 {
		return 0, len(src), false
	}
	if c.i == 0 || start < c.v {
		c.i, c.v = 1, 0
	}
	raw := src[0] == '`'
	last := len(src) - 1 // the closing quote
	s = -1
	exact = true
	i, v := c.i, c.v // the element at src[i] starts at value offset v
	for i < last {
		sl, vl := nextElem(src, i, raw)
		c.steps++
		if s < 0 && vl > 0 && start < v+vl {
			s = i
			c.i, c.v = i, v
			exact = exact && start == v
			if end == start {
				return s, s, exact
			}
		}
		if s >= 0 && vl > 0 && end <= v+vl {
			e = i + sl
			exact = exact && end == v+vl
			return s, e, exact
		}
		i += sl
		v += vl
	}
	// start or end is at or past the end of the value.
	if s < 0 {
		s = last
		c.i, c.v = i, v
		exact = exact && start == v
	}
	return s, last, exact && end == v
}

// quoteInto returns text written as it must appear between the quotes of a
// literal of the given kind. A raw literal cannot hold a backquote or a
// carriage return: then ok is false.
func quoteInto(raw bool, text string) (quoted string, ok bool) {
	if raw {
		if strings.ContainsAny(text, "`\r") {
			return "", false
		}
		return text, true
	}
	q := strconv.Quote(text)
	return q[1 : len(q)-1], true
}

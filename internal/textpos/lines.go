package textpos

import "bytes"

// Lines turns byte offsets of a text into lines and columns. Asked in
// increasing order, the offsets of a whole text cost one pass over it;
// an offset before the one asked last starts the count again from the
// top, which callers avoid by asking in order. The zero value is not
// ready: use NewLines.
type Lines struct {
	src  []byte
	off  int // offset already counted
	line int // line of off
	bol  int // offset of the first byte of that line
}

// NewLines returns a Lines for src.
func NewLines(src []byte) Lines { return Lines{src: src, line: 1} }

// At returns the line and the column counted in bytes, both from 1, of
// the byte at offset off (len(src) for the end).
func (l *Lines) At(off int) (line, col int) {
	if off < l.off {
		l.off, l.line, l.bol = 0, 1, 0
	}
	seg := l.src[l.off:off]
	if n := bytes.Count(seg, nl); n > 0 {
		l.line += n
		l.bol = l.off + bytes.LastIndexByte(seg, '\n') + 1
	}
	l.off = off
	return l.line, off - l.bol + 1
}

var nl = []byte{'\n'}

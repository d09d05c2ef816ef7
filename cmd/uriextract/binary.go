package main

// binarySample is how much of a file isBinary looks at.
const binarySample = 8 << 10

// isBinary reports whether src looks like a binary file rather than text,
// by the share of control bytes in its first 8 KiB: more than 1 in 50
// control bytes that text does not use (all of C0 and DEL but NUL, tab,
// line feed, vertical tab, form feed, carriage return, backspace and
// escape), or more than 3 in 10 NULs (UTF-16 or UTF-32 text, sparse
// data). One NUL does not make a binary file: old texts were padded with
// NULs after each line break for the teletypes, and an overstrike
// (backspace) or an ANSI colour (escape) is text too.
func isBinary(src []byte) bool {
	sample := src[:min(len(src), binarySample)]
	if len(sample) == 0 {
		return false
	}
	nul, other := 0, 0
	for _, c := range sample {
		switch {
		case c == 0:
			nul++
		case c == '\t', c == '\n', c == '\v', c == '\f', c == '\r', c == '\b', c == 0x1b:
		case c < 0x20, c == 0x7f:
			other++
		}
	}
	return other*50 > len(sample) || nul*10 > len(sample)*3
}

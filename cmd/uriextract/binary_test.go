package main

import (
	"bytes"
	"strings"
	"testing"
)

var isBinaryTests = []struct {
	name string
	src  []byte
	want bool
}{
	{"empty", nil, false},
	{"text", []byte("See http://example.com/.\n"), false},
	{"one NUL", []byte("text\x00 with one NUL byte in a line of prose\n"), false},
	// RFC 652 and its neighbours: NULs after every line break, for the
	// teletype's carriage to return.
	{"NUL-padded lines", bytes.Repeat([]byte("A line of an old RFC, padded for the teletype.\r\n\x00\x00\x00\x00\x00"), 40), false},
	{"ANSI colours", bytes.Repeat([]byte("\x1b[32mok\x1b[0m http://example.com/\n"), 40), false},
	{"overstrike", bytes.Repeat([]byte("N\bNA\bAM\bME\n"), 40), false},
	{"UTF-16", []byte(strings.Repeat("t\x00e\x00x\x00t\x00", 40)), true},
	{"all NUL", make([]byte, 100), true},
	{"control bytes", bytes.Repeat([]byte("\x01\x02\x03ab\x10\x11cdefgh\x7fijklmnopqrstuvwxyz0123456789"), 40), true},
	// Past the sample, nothing counts.
	{"binary tail", append(bytes.Repeat([]byte("text\n"), binarySample/5+1), bytes.Repeat([]byte{1, 2, 3}, 1000)...), false},
}

func TestIsBinary(t *testing.T) {
	for _, tt := range isBinaryTests {
		if got := isBinary(tt.src); got != tt.want {
			t.Errorf("isBinary(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

package audit

import "testing"

// TestHeadingLine: the helpers that read a heading from its offset read
// its first line only, the last line of a file without a newline too,
// and nothing at an offset outside the source.
func TestHeadingLine(t *testing.T) {
	src := []byte("# A &amp; B {##x}\n## emit(name][, ack]) \n# last &")
	second, last := 18, 41
	for _, tt := range []struct {
		off               int
		raw               string
		amp, hash, refLbl bool
	}{
		{0, "A &amp; B {##x}", true, true, false},
		{second, "emit(name][, ack])", false, false, true},
		{last, "last &", true, false, false},
		{len(src), "", false, false, false},
		{len(src) + 1, "", false, false, false},
		{-1, "", false, false, false},
	} {
		if got := headingTextRaw(src, tt.off); got != tt.raw {
			t.Errorf("headingTextRaw(src, %d) = %q, want %q", tt.off, got, tt.raw)
		}
		if got := headingHasAmp(src, tt.off); got != tt.amp {
			t.Errorf("headingHasAmp(src, %d) = %v, want %v", tt.off, got, tt.amp)
		}
		if got := hashID(src, tt.off, "x"); got != tt.hash {
			t.Errorf("hashID(src, %d, \"x\") = %v, want %v", tt.off, got, tt.hash)
		}
		if _, got := refLabelSlug(src, tt.off); got != tt.refLbl {
			t.Errorf("refLabelSlug(src, %d) found = %v, want %v", tt.off, got, tt.refLbl)
		}
	}
}

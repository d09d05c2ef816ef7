package extract

import "testing"

// textTests hold inputs that a txtar file cannot show well: NUL bytes.
var textTests = []struct {
	in   string
	want []string
}{
	// Control bytes end a bare URI and never start one.
	{"http://example.com/nul\x00\x00padding", []string{"http://example.com/nul"}},
	{"\x00http://example.com/a\x00http://example.com/b", []string{"http://example.com/a", "http://example.com/b"}},
	{"\x01\x02mailto:joe@example.com\x03", []string{"mailto:joe@example.com"}},
}

func TestTextControlBytes(t *testing.T) {
	for _, tt := range textTests {
		var got []string
		for _, l := range Text([]byte(tt.in)) {
			got = append(got, l.URI)
		}
		if len(got) != len(tt.want) {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
				break
			}
		}
	}
}

package audit

import "testing"

var hasMarkdownLinksTests = []struct {
	src  string
	want bool
}{
	{"[a](b)", true},
	{"![alt](img.png)", true},
	{"text [a](b) text", true},
	{"[a]: b", true},
	{"   [label]: https://example.com/", true},
	{"\n[x]:y", true},
	{"[a] (b)", false},     // a space: no link
	{"[a]()", false},       // nothing to link to
	{"[a](", false},        // the input ends
	{"a](b)", false},       // no "[" on the line
	{"[a\n](b)", false},    // the "[" is on another line
	{"    [a]: b", false},  // indented four: code
	{"text [a]: b", false}, // a definition starts its line
	{"[]: b", false},       // an empty label
	{"Note: see f(x) and a[i].", false},
}

func TestHasMarkdownLinks(t *testing.T) {
	for _, tt := range hasMarkdownLinksTests {
		if got := hasMarkdownLinks([]byte(tt.src)); got != tt.want {
			t.Errorf("hasMarkdownLinks(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

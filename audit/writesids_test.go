package audit

import "testing"

// TestWritesIDs: Hexo's "{% include_code %}" writes a code listing, not
// an id; only an include mark is read so, and "id={_codeID}" in MDX is
// still an id a JSX expression writes.
func TestWritesIDs(t *testing.T) {
	for _, c := range []struct {
		src, mark string
		want      bool
	}{
		{"{% include_code a.js %}", "{% include", false},
		{"{% include_code a.js %}\n{% include b.html %}", "{% include", true},
		{"{% include b.html %}", "{% include", true},
		{`<h2 id={_codeID}>x</h2>`, "id={", true},
		{"no marks", "id={", false},
	} {
		if got := writesIDs([]byte(c.src), c.mark); got != c.want {
			t.Errorf("writesIDs(%q, %q) = %v, want %v", c.src, c.mark, got, c.want)
		}
	}
}

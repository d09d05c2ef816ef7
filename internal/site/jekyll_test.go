package site

import "testing"

func TestJekyllCodeRanges(t *testing.T) {
	src := "a {% highlight html %}<a href='/x'>{% endhighlight %} b {%- highlight ruby -%}c{% endhighlight -%} {% highlight %}open"
	got := jekyllCodeRanges([]byte(src))
	want := []string{"<a href='/x'>", "c"}
	if len(got) != len(want) {
		t.Fatalf("jekyllCodeRanges = %v, want %d ranges", got, len(want))
	}
	for i, r := range got {
		if s := src[r[0]:r[1]]; s != want[i] {
			t.Errorf("range %d = %q, want %q", i, s, want[i])
		}
	}
}

// FuzzJekyllCodeRanges checks that the highlight blocks' ranges are in
// order, inside the source, and never overlap.
func FuzzJekyllCodeRanges(f *testing.F) {
	for _, s := range []string{"{% highlight x %}a{% endhighlight %}", "{%highlight%}{%endhighlight%}", "{% highlight", "{%- highlight -%}%}{% endhighlight"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		end := 0
		for _, r := range jekyllCodeRanges([]byte(src)) {
			if r[0] < end || r[1] < r[0] || r[1] > len(src) {
				t.Fatalf("jekyllCodeRanges(%q) has %v after %d", src, r, end)
			}
			end = r[1]
		}
	})
}

package site

import (
	"strings"
	"testing"
)

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

func TestJekyllFill(t *testing.T) {
	vals := map[string]string{"collection": "docs", "path": "/guide/intro", "title": "Intro-Page", "output_ext": ".html", "month": "07"}
	for _, c := range []struct{ tmpl, want, prefix string }{
		{"/:collection/:path:output_ext", "/docs/guide/intro.html", ""},
		{"/scala3/book/:title.html", "/scala3/book/Intro-Page.html", ""},
		{"/:path/", "/guide/intro/", ""},
		{"/:month_/", "/07_/", ""}, // ":month_" is ":month" then "_"
		{"/:month_x/", "", "/"},    // Jekyll fails on it: unknown
		{"/sips/:number.html", "", "/sips/"},
		{"/a/b:number/c", "", "/a/"},
		{"/a/../b//c", "/a///b/c", ""},
	} {
		u, prefix, ok := jekyllFill(c.tmpl, vals)
		if c.prefix != "" {
			if ok || prefix != c.prefix {
				t.Errorf("jekyllFill(%q) = %q, %q, %v, want unknown at %q", c.tmpl, u, prefix, ok, c.prefix)
			}
			continue
		}
		if want := jekyllSanitize(c.want); !ok || u != want {
			t.Errorf("jekyllFill(%q) = %q, %v, want %q", c.tmpl, u, ok, want)
		}
	}
}

func TestJekyllSlugify(t *testing.T) {
	for _, c := range []struct {
		in     string
		pretty bool
		want   string
	}{
		{"Given Instances", true, "Given-Instances"},
		{"Given Instances", false, "given-instances"},
		{"swift-2.2-released", true, "swift-2.2-released"},
		{"swift-2.2-released", false, "swift-2-2-released"},
		{"  --Ünïcode & more!-- ", false, "ünïcode-more"},
		{"a & b", true, "a-&-b"},
	} {
		if got := jekyllSlugify(c.in, c.pretty); got != c.want {
			t.Errorf("jekyllSlugify(%q, %v) = %q, want %q", c.in, c.pretty, got, c.want)
		}
	}
}

// FuzzJekyllFill checks that a filled permalink is a clean URL path
// ("/" first, no "//", no "..") or an unknown one whose folder is a
// prefix of the template's text.
func FuzzJekyllFill(f *testing.F) {
	for _, s := range []string{"/:collection/:path:output_ext", "/:title_/", ":", "/x/:number.html", "..//:path/..", ":a_"} {
		f.Add(s)
	}
	vals := map[string]string{"collection": "c", "path": "/p/../q", "title": "T", "output_ext": ".html", "a": ""}
	f.Fuzz(func(t *testing.T, tmpl string) {
		u, prefix, ok := jekyllFill(tmpl, vals)
		if !ok {
			if !strings.HasPrefix(prefix, "/") {
				t.Fatalf("jekyllFill(%q): unknown at %q", tmpl, prefix)
			}
			return
		}
		if !strings.HasPrefix(u, "/") || strings.Contains(u, "//") || strings.Contains(u, "..") {
			t.Fatalf("jekyllFill(%q) = %q", tmpl, u)
		}
	})
}

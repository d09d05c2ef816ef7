package site

import (
	"strings"
	"testing"
)

func TestLiquidURL(t *testing.T) {
	s := &Site{liquid: &liquidVars{baseurl: "/proj/", url: "https://docs.example.net/"}}
	for _, c := range []struct{ dest, want string }{
		{"{{ site.baseurl }}/a/", "/proj//a/"}, // as written: baseurl is not cut
		{`{{ "/a/" | relative_url }}`, "/proj/a/"},
		{"{{ 'a' | relative_url }}#x", "/proj/a#x"},
		{"{{ '/a' | absolute_url }}", "https://docs.example.net/proj/a"},
		{"{{ 'https://other.example/x' | relative_url }}", "https://other.example/x"},
		{"{{- site.url -}}{{site.baseurl}}x", "https://docs.example.net//proj/x"},
		{"{{ page.url }}", ""},
		{"{{ site.baseurl | append: '/a' }}", ""},
		{"{{ site.baseurl }}{% link a.md %}", ""},
		{"/a/", ""},
		{"{{ site.baseurl", ""},
		{`{{ "a b" | relative_url }}`, ""},
	} {
		got, ok := s.LiquidURL(c.dest)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("LiquidURL(%q) = %q, %v; want %q", c.dest, got, ok, c.want)
		}
	}
	// Without url, site.url is not known and absolute_url writes a path.
	s = &Site{liquid: &liquidVars{}}
	if u, ok := s.LiquidURL("{{ site.url }}/a"); ok {
		t.Errorf("site.url unset: got %q", u)
	}
	if u, _ := s.LiquidURL("{{ 'a' | absolute_url }}"); u != "/a" {
		t.Errorf("absolute_url without url = %q, want %q", u, "/a")
	}
}

func FuzzLiquidURL(f *testing.F) {
	for _, s := range []string{"{{ site.baseurl }}/a", "{{ 'a' | absolute_url }}#b", "{{}}", "{{ '", "{{ site.url }}",
		"---\nredirect_to: /a\n---\n", "---\nredirect_to: 'x'\n---\n", "---\nredirect_to: [a, b]\n---",
		"{% include a.html %}", "{%- include_relative x -%}", "{% include", "{%include_cached%}"} {
		f.Add(s)
	}
	s := &Site{liquid: &liquidVars{baseurl: "/b", url: "https://h.example.net"}}
	f.Fuzz(func(t *testing.T, dest string) {
		u, ok := s.LiquidURL(dest)
		if ok && (u == "" || strings.ContainsAny(u, " \t\n{}")) {
			t.Fatalf("LiquidURL(%q) = %q", dest, u)
		}
		// The other readers of a Jekyll page's Liquid and front matter.
		checkRedirectTo(t, dest)
		checkIncludeTags(t, dest)
	})
}

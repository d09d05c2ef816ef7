package audit

import (
	"strings"
	"testing"
)

func TestHTMLBase(t *testing.T) {
	for _, c := range []struct{ rel, src, want string }{
		{"api/class/a.html", `<head><base data-ice="baseUrl" href="../"></head>`, "api/"},
		{"api/class/a.html", `<HEAD><BASE HREF='../../'>`, "a.html"},
		{"api/a.html", `<basefont size=3><base href=docs/>`, "api/docs/"},
		{"api/a.html", `<base target="_blank"><base href="x/">`, "api/x/"},
		{"api/a.html", `<base href="https://cdn.example.com/">`, "api/a.html"},
		{"api/a.html", `<base href="../../../">`, "api/a.html"},
		{"api/a.html", `<p>no base</p>`, "api/a.html"},
	} {
		got := c.rel
		if ref := htmlBaseRef([]byte(c.src)); ref != "" {
			got = htmlBase(c.rel, ref)
		}
		if got != c.want {
			t.Errorf("base of %s %q = %q, want %q", c.rel, c.src, got, c.want)
		}
	}
}

// FuzzHTMLBase checks that a base element never leads above the root
// and that reading one never panics.
func FuzzHTMLBase(f *testing.F) {
	f.Add("a/b.html", `<base href="../">`)
	f.Add("a.html", `<BASE href=x/ target=_top>`)
	f.Add("a/b/c.html", `<base href='%2e%2e/%2e%2e/'>`)
	f.Fuzz(func(t *testing.T, rel, src string) {
		if strings.Contains(rel, "..") || strings.HasPrefix(rel, "/") {
			return
		}
		ref := htmlBaseRef([]byte(src))
		b := htmlBase(rel, ref)
		if strings.HasPrefix(b, "../") || b == ".." || strings.HasPrefix(b, "/") {
			t.Fatalf("htmlBase(%q, %q) = %q: above the root", rel, ref, b)
		}
	})
}

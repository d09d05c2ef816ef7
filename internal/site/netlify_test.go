package site

import (
	"strings"
	"testing"
)

func TestHostRules(t *testing.T) {
	s := &Site{}
	s.BuildRedirects([]byte(`# comment
/blog/:year/:slug  /posts/:slug/  301
/news/*  /blog/:splat  301!
/a*  /b  302
/*/sponsors  https://example.org/sponsors  302
/store  id=:id  /products/:id  301
/gone/*  /404.html  404
/x  /y  302  Language=de
/api/*  /.netlify/functions/:splat  200
`))
	for _, tc := range []struct {
		p, to                string
		ok, notFound, forced bool
	}{
		{"/blog/2020/hello", "/posts/hello/", true, false, false},
		{"/blog/2020/hello/", "/posts/hello/", true, false, false}, // the slash is normalized
		{"/blog/2020", "", false, false, false},                    // a placeholder takes one segment
		{"/blog/2020/a/b", "", false, false, false},
		{"/news/a/b", "/blog/a/b", true, false, true},
		{"/news", "/blog/", true, false, true}, // the splat may be empty
		{"/a", "/b", true, false, false},
		{"/a/c", "/b", true, false, false},
		{"/ab", "", false, false, false},
		{"/fr/sponsors", "https://example.org/sponsors", true, false, false},
		{"/store", "", true, false, false}, // ":id" comes from the query: unknown here
		{"/gone/x", "/404.html", true, true, false},
		{"/x", "/y", true, false, false},
	} {
		r, to, ok := s.hostRule(tc.p)
		if ok != tc.ok || ok && (to != tc.to || r.notFound != tc.notFound || r.force != tc.forced) {
			t.Errorf("hostRule(%q) = %q %v (%+v), want %q %v notFound %v forced %v", tc.p, to, ok, r, tc.to, tc.ok, tc.notFound, tc.forced)
		}
	}
	if _, ok := s.Redirected("/gone/x"); ok {
		t.Error("Redirected(/gone/x): a 404 rule is no redirect")
	}
	if to, ok := s.Splat("/x"); ok {
		t.Errorf("Splat(/x) = %q: a rule with conditions may not apply", to)
	}
	if to, ok := s.Splat("/api/hello"); ok {
		t.Errorf("Splat(/api/hello) = %q: the host's functions are no files of the tree", to)
	}
	if to, ok := s.Splat("/blog/2020/hello"); !ok || to != "/posts/hello/" {
		t.Errorf("Splat(/blog/2020/hello) = %q %v", to, ok)
	}
	if !s.ExactRedirect("/x") || s.ExactRedirect("/a") || s.ExactRedirect("/blog/2020/hello") {
		t.Error("ExactRedirect: only a rule without placeholders or splat is the path's own")
	}
}

func FuzzBuildRedirects(f *testing.F) {
	f.Add([]byte("/blog/:y/:s /p/:s/ 301\n/n/* /b/:splat 200!\n/a* /b\n"), "/blog/1/x")
	f.Add([]byte("/:a/:b/* /:b/:a/:splat/:c 404\n"), "/x/y/z")
	f.Fuzz(func(t *testing.T, src []byte, p string) {
		s := &Site{redirects: map[string]string{}}
		s.BuildRedirects(src)
		s.Redirected(p)
		s.Splat(p)
		s.ExactRedirect(p)
		s.Forced(p)
	})
}

// TestVercelGlob checks the segment globs of vercel.json's sources.
func TestVercelGlob(t *testing.T) {
	for sg, want := range map[string]string{
		":path+.html":  "*.html",
		"(.*)-legacy":  "*-legacy",
		"(.*)":         "*",
		":slug(\\d+)":  "*",
		"v:major(\\d)": "v*",
		"a[b]":         "a*b]", // "]" alone is no pattern of path.Match
	} {
		if got := vercelGlob(sg); got != want {
			t.Errorf("vercelGlob(%q) = %q, want %q", sg, got, want)
		}
	}
}

// FuzzVercelGlob checks that any vercel.json source segment gives a glob
// without a run of "*" and that a host rule made of it matches without
// failing.
func FuzzVercelGlob(f *testing.F) {
	for _, s := range []string{":path+.html", "(.*)-legacy", ":slug(\\d+)", "((a)", "a\\", "[", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sg string) {
		g := vercelGlob(sg)
		if strings.Contains(g, "**") {
			t.Fatalf("vercelGlob(%q) = %q, a run of *", sg, g)
		}
		s := &Site{}
		s.HostRedirect("/"+g, "/x", "301", true, true)
		s.hostRule("/a.html")
	})
}

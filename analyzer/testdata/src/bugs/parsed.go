package bugs

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// A scheme-less constant given to url.Parse, whose result the function
// then uses as a request URL: reported at the constant.

func parsedGet() {
	u, err := url.Parse("example.com/api") // want `"example.com/api" has no scheme, but the result of url.Parse is the request URL of http.Get on line 19, which needs an absolute URL \("https://example.com/api"\?\)`
	if err != nil {
		return
	}
	fmt.Println(u.Host, u.String())
	_, _ = http.Get(u.String())
}

func parsedNewRequest(ctx context.Context) {
	u, _ := url.ParseRequestURI("api.example.com/v1/items") // want `the result of url.ParseRequestURI is the request URL of http.NewRequestWithContext on line 24`
	_, _ = http.NewRequestWithContext(ctx, "GET", u.String(), nil)
	var v, _ = url.Parse("localhost:8080/x") // want `"localhost:8080/x" has no scheme, but the result of url.Parse is the request URL of http.NewRequest on line 26`
	_, _ = http.NewRequest(http.MethodPost, v.String(), nil)
}

func parsedClient(c *http.Client) {
	u, _ := url.Parse("example.com/upload") // want `is the request URL of http.Client.Post on line 31`
	_, _ = c.Post(u.String(), "text/plain", nil)
}

func parsedRequestStruct(c *http.Client) {
	u, _ := url.Parse("example.com/a") // want `the result of url.Parse is the URL of the http.Request on line 36`
	_, _ = c.Do(&http.Request{Method: "GET", URL: u})
	w, _ := url.Parse("example.com/b") // want `is the URL of the http.Request on line 39`
	req := new(http.Request)
	req.URL = w
	_, _ = c.Do(req)
}

// Silent: the variable is changed, or goes where it cannot be followed,
// or the constant has a scheme or is a path.

func parsedFixedUp(c *http.Client, base *url.URL) {
	u, _ := url.Parse("example.com/a")
	u.Scheme = "https"
	_, _ = http.Get(u.String())

	v, _ := url.Parse("example.com/b")
	v = base.ResolveReference(v)
	_, _ = http.Get(v.String())

	w, _ := url.Parse("example.com/c")
	normalize(w)
	_, _ = http.Get(w.String())

	x, _ := url.Parse("example.com/d")
	if x.Scheme == "" {
		x, _ = url.Parse("https://example.com/d")
	}
	_, _ = http.Get(x.String())

	y, _ := url.Parse("example.com/e")
	alias := y
	alias.Scheme = "https"
	_, _ = c.Get(y.String())

	z, _ := url.Parse("example.com/f")
	set(&z.Scheme)
	_, _ = c.Get(z.String())
}

func parsedRequestFixedUp(c *http.Client) {
	u, _ := url.Parse("example.com/a")
	req := &http.Request{URL: u}
	req.URL.Scheme = "https"
	_, _ = c.Do(req)
}

func parsedNewRequestFixedUp(c *http.Client) {
	u, _ := url.Parse("example.com/a")
	req, _ := http.NewRequest("GET", u.String(), nil)
	req.URL.Host, req.URL.Scheme = "example.com", "https"
	_, _ = c.Do(req)
}

func normalize(u *url.URL) { u.Scheme = "https" }

func set(s *string) { *s = "https" }

func parsedOK(c *http.Client) {
	u, _ := url.Parse("https://example.com/api")
	_, _ = http.Get(u.String())
	p, _ := url.Parse("/api/items")
	_, _ = http.NewRequest("GET", p.String(), nil)
	q, _ := url.Parse("example.com/api")
	fmt.Println(q.String()) // not a request
	r, _ := url.Parse("index.html")
	_, _ = c.Get(r.String())
}

var pkgURL, _ = url.Parse("example.com/pkg")

func parsedPackageVar() {
	_, _ = http.Get(pkgURL.String())
}

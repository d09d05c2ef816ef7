package remote

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGitHubAPI: with a token, github.com links to repositories, files,
// issues, pull requests and releases are checked through the REST API,
// which answers here as GitHub's does: the token goes to the API alone,
// a 404 is the link's, a renamed repository is a move to its html_url,
// and a rate limit used up (403, X-RateLimit-Remaining: 0) is waited
// for until its reset.
func TestGitHubAPI(t *testing.T) {
	var limitedOnce atomic.Bool
	var mu sync.Mutex
	var auth []string
	api := newServer(t, map[string]http.HandlerFunc{
		"/repos/o/r": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"html_url": "https://github.com/o/r"}`)
		},
		"/repos/o/old": redirectTo(301, "/repositories/1"),
		"/repositories/1": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"html_url": "https://github.com/o/new"}`)
		},
		"/repos/o/r/contents/docs/x.md": func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("ref") != "main" {
				w.WriteHeader(404)
			}
		},
		"/repos/o/r/issues/5": ok,
		"/repos/o/r/pulls/6":  status(404),
		"/repos/o/r/releases/tags/v1": func(w http.ResponseWriter, r *http.Request) {
			if !limitedOnce.Swap(true) {
				w.Header().Set("X-RateLimit-Remaining", "0")
				w.Header().Set("X-RateLimit-Reset", fmt.Sprint(time.Now().Add(30*time.Second).Unix()))
				w.WriteHeader(403)
			}
		},
	})
	inner := api.Config.Handler
	api.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth = append(auth, r.Header.Get("Authorization")+" "+r.Header.Get("Accept"))
		mu.Unlock()
		inner.ServeHTTP(w, r)
	})
	other := newServer(t, map[string]http.HandlerFunc{"/": func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			t.Errorf("the token went to another host")
		}
	}})
	cfg := fast()
	cfg.GitHubToken, cfg.GitHubAPI = "tok3n", api.URL
	sl := &sleeps{}
	res := check(t, newChecker(t, cfg, sl),
		"https://github.com/o/r", "https://github.com/o/old", "https://github.com/o/r/blob/main/docs/x.md",
		"https://github.com/o/r/tree/dev/docs/x.md", "https://github.com/o/r/issues/5", "https://github.com/o/r/pull/6",
		"https://github.com/o/r/releases/tag/v1", other.URL+"/")
	want(t, res, "https://github.com/o/r", "")
	want(t, res, "https://github.com/o/old", "link-moved", `moved permanently to "https://github.com/o/new"`)
	want(t, res, "https://github.com/o/r/blob/main/docs/x.md", "")
	want(t, res, "https://github.com/o/r/tree/dev/docs/x.md", "link-client-error", `"https://github.com/o/r/tree/dev/docs/x.md" returns 404 not found`)
	want(t, res, "https://github.com/o/r/issues/5", "")
	want(t, res, "https://github.com/o/r/pull/6", "link-client-error", "404")
	want(t, res, "https://github.com/o/r/releases/tag/v1", "")
	if r := res["https://github.com/o/r/pull/6"]; strings.Contains(r.Message, "tok3n") || r.Transient {
		t.Errorf("pull/6: %+v", r)
	}
	mu.Lock()
	for _, a := range auth {
		if a != "Bearer tok3n application/vnd.github+json" {
			t.Errorf("the API got %q, want the token and its media type", a)
		}
	}
	mu.Unlock()
	waited := false
	for _, d := range sl.waits() {
		waited = waited || d > 25*time.Second && d <= 30*time.Second
	}
	if !waited {
		t.Errorf("waits %v, want one until the rate limit's reset, 30 s on", sl.waits())
	}
}

// TestGitHubAPIPath: the pages the API has a resource for, and those it
// has none for.
func TestGitHubAPIPath(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"https://github.com/o/r", "/repos/o/r"},
		{"https://github.com/o/r.git", "/repos/o/r"},
		{"https://www.github.com/o/r/blob/v1.2/a/b.go", "/repos/o/r/contents/a/b.go?ref=v1.2"},
		{"https://github.com/o/r/tree/main", "/repos/o/r/contents/?ref=main"},
		{"https://github.com/o/r/issues/12", "/repos/o/r/issues/12"},
		{"https://github.com/o/r/pull/3/files", "/repos/o/r/pulls/3"},
		{"https://github.com/o/r/releases/tag/v1", "/repos/o/r/releases/tags/v1"},
		{"https://github.com/o", ""},
		{"https://github.com/o/r/wiki", ""},
		{"https://github.com/o/r/issues?q=x", ""},
		{"https://gitlab.com/o/r", ""},
	} {
		got, ok := githubAPIPath(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("githubAPIPath(%q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestGitHubAnonymous: without a token, github.com is paced to its
// anonymous limits, whatever the configured pace.
func TestGitHubAnonymous(t *testing.T) {
	cfg := fast()
	cfg.PerHost = 10
	c := newChecker(t, cfg, nil)
	if limit, interval, _ := c.host("github.com").state(); limit != githubAnonPerHost || interval != githubAnonInterval {
		t.Errorf("github.com without a token: %d in flight, %v apart, want %d, %v", limit, interval, githubAnonPerHost, githubAnonInterval)
	}
	cfg.GitHubToken = "x"
	c = newChecker(t, cfg, nil)
	if limit, _, _ := c.host("github.com").state(); limit != 10 {
		t.Errorf("github.com with a token: %d in flight, want 10", limit)
	}
}

// FuzzGitHubAPIPath: githubAPIPath never panics, and what it returns is
// a path under /repos/ with no "..", so that no page leads the token to
// another resource of the API.
func FuzzGitHubAPIPath(f *testing.F) {
	for _, s := range []string{"https://github.com/o/r/blob/main/a.go", "https://github.com/o/r/issues/1", "https://github.com/../x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := githubAPIPath(s)
		if !ok {
			return
		}
		path, _, _ := strings.Cut(p, "?")
		if !strings.HasPrefix(path, "/repos/") {
			t.Errorf("githubAPIPath(%q) = %q", s, p)
		}
		for _, sg := range strings.Split(path, "/") {
			if un, _ := url.PathUnescape(sg); un == "." || un == ".." {
				t.Errorf("githubAPIPath(%q) = %q, with a dot segment", s, p)
			}
		}
	})
}

// TestGitHubAPIRedirects: the redirects of the API are followed as a
// page's are, and told in the page's URL: a temporary one is no finding,
// a permanent one is a move only for a repository and only when the
// API ends in 2xx, a redirect out of http(s) is the page's network
// error, and the API's chain is cut after MaxRedirects redirects or at
// a loop, as a page's is.
func TestGitHubAPIRedirects(t *testing.T) {
	routes := map[string]http.HandlerFunc{
		"/repos/o/r": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"html_url": "https://github.com/o/r"}`)
		},
		"/repos/o/temp":       redirectTo(302, "/repos/o/r"),
		"/repos/o/movedgone":  redirectTo(301, "/repositories/2"),
		"/repos/o/r2":         redirectTo(301, "/temporary/3"),
		"/temporary/3":        redirectTo(302, "/repositories/3"),
		"/repos/o/r/issues/7": redirectTo(301, "/repositories/1/issues/7"),
		"/repos/o/mailto":     redirectTo(302, "mailto:joe@example.com"),
		"/repos/o/self":       redirectTo(307, "/repos/o/self"),
		"/repos/o/hops":       redirectTo(302, "/api-hop/1"),
		"/repositories/2":     status(404),
		"/repositories/1/issues/7": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"html_url": "https://github.com/o/r/issues/7"}`)
		},
		"/repositories/3": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"html_url": "https://github.com/o/r3"}`)
		},
	}
	for i := 1; i < 20; i++ {
		routes[fmt.Sprintf("/api-hop/%d", i)] = redirectTo(302, fmt.Sprintf("/api-hop/%d", i+1))
	}
	api := newServer(t, routes)
	cfg := fast()
	cfg.GitHubToken, cfg.GitHubAPI = "tok3n", api.URL
	const gh = "https://github.com/o/"
	res := check(t, newChecker(t, cfg, nil),
		gh+"temp", gh+"movedgone", gh+"r2", gh+"r/issues/7", gh+"mailto", gh+"self", gh+"hops")
	want(t, res, gh+"temp", "")
	want(t, res, gh+"movedgone", "link-client-error", fmt.Sprintf("%q returns 404 not found", gh+"movedgone"))
	want(t, res, gh+"r2", "link-moved", fmt.Sprintf("%q moved permanently to %q", gh+"r2", gh+"r3"))
	want(t, res, gh+"r/issues/7", "")
	want(t, res, gh+"mailto", "link-network", fmt.Sprintf("%q cannot be reached", gh+"mailto"), "not an http or https URL")
	want(t, res, gh+"self", "link-redirect-loop", fmt.Sprintf("%q redirects in a loop", gh+"self"))
	want(t, res, gh+"hops", "link-redirect-loop", "more than 10 times")
	for link, chain := range map[string][]Hop{
		gh + "temp":       {{gh + "temp", 200}},
		gh + "movedgone":  {{gh + "movedgone", 404}},
		gh + "r2":         {{gh + "r2", 301}, {gh + "r3", 200}},
		gh + "r/issues/7": {{gh + "r/issues/7", 200}},
	} {
		if got := res[link].Chain; !slices.Equal(got, chain) {
			t.Errorf("%q: chain %v, want %v", link, got, chain)
		}
	}
	if n := api.count("/api-hop/10"); n != 1 {
		t.Errorf("/api-hop/10 requested %d times, want once: the tenth redirect is followed", n)
	}
	if n := api.count("/api-hop/11"); n != 0 {
		t.Errorf("/api-hop/11 requested %d times, want never: an eleventh redirect is not followed", n)
	}
	if n := api.count("/repos/o/self"); n != 1 {
		t.Errorf("/repos/o/self requested %d times, want once: a loop is seen as a page's is", n)
	}
}

package remote

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urilint/urilint/uri"
)

const (
	// backoffBase is the wait before the first retry; each retry doubles it.
	backoffBase = 500 * time.Millisecond
	// drainMax is how much of a body is read and dropped so that the
	// connection can carry the next request.
	drainMax = 64 << 10
	accept   = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
)

// page is what a successful fetch learnt, as the cache keeps it.
type page struct {
	Chain []Hop `json:"chain"`
	// HTML: the last answer is an HTML page.
	HTML bool `json:"html,omitempty"`
	// Read: its body was read for anchors, which Anchors holds, sorted.
	Read      bool     `json:"read,omitempty"`
	Truncated bool     `json:"truncated,omitempty"`
	Anchors   []string `json:"anchors,omitempty"`
}

// outcome is what the fetch of one distinct URL found.
type outcome struct {
	page
	err      error  // of the request to errURL
	errURL   string // the URL whose request failed
	loop     bool   // the last redirect leads back into the chain
	tooMany  bool   // more than MaxRedirects redirects
	to       string // with loop and tooMany: where the last redirect leads
	attempts int

	// retryAfter: the last answer asked for a wait (booked on its host).
	retryAfter bool

	cancelled bool // the context ended: nothing to report
}

// ok reports whether the fetch ended in a 2xx answer.
func (o *outcome) ok() bool {
	return o.err == nil && !o.loop && !o.tooMany && len(o.Chain) > 0 && o.Chain[len(o.Chain)-1].Status/100 == 2
}

// fetch fetches target, following redirects, and asks again as often as
// the configuration allows after a failure that may pass.
func (c *Checker) fetch(ctx context.Context, target string, anchors bool) outcome {
	for attempt := 1; ; attempt++ {
		o := c.follow(ctx, target, anchors)
		o.attempts = attempt
		if ctx.Err() != nil {
			o.cancelled = true
			return o
		}
		wait, again := c.again(&o, attempt)
		if !again || attempt > c.cfg.Retries {
			return o
		}
		if err := c.sleep(ctx, wait); err != nil {
			o.cancelled = true
			return o
		}
	}
}

// again reports whether o may pass if asked again, and how long to wait
// first. A Retry-After wait has been booked on the host already.
func (c *Checker) again(o *outcome, attempt int) (time.Duration, bool) {
	if o.err != nil {
		return c.backoff(attempt), true
	}
	if o.loop || o.tooMany {
		return 0, false
	}
	switch status := o.Chain[len(o.Chain)-1].Status; {
	case (status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable) && o.retryAfter:
		return 0, true
	case status == http.StatusTooManyRequests, status >= 500 && status != http.StatusNotImplemented:
		return c.backoff(attempt), true
	}
	return 0, false
}

// backoff returns the wait before retry number attempt: backoffBase
// doubled for each earlier retry, of which a random half is waited on top
// of the other half (jitter), capped at MaxRetryAfter.
func (c *Checker) backoff(attempt int) time.Duration {
	d := backoffBase << min(attempt-1, 16)
	d = d/2 + time.Duration(c.jitter()*float64(d/2))
	return min(d, c.cfg.MaxRetryAfter)
}

// follow fetches target and the redirects it leads to, HEAD first
// unless anchors are wanted.
func (c *Checker) follow(ctx context.Context, target string, anchors bool) outcome {
	var o outcome
	method := http.MethodHead
	if anchors {
		method = http.MethodGet
	}
	jar, _ := cookiejar.New(nil) // with no options, never an error
	seen := make(map[string]bool)
	for cur := target; ; {
		key := cur
		if norm, err := uri.Normalize(cur); err == nil {
			key, _, _ = strings.Cut(norm, "#")
		}
		if seen[key] {
			o.loop, o.to = true, cur
			return o
		}
		seen[key] = true
		if len(o.Chain) > MaxRedirects {
			o.tooMany, o.to = true, cur
			return o
		}
		a, err := c.request(ctx, method, cur, jar, anchors)
		if err == nil && method == http.MethodHead && (a.status == http.StatusMethodNotAllowed || a.status == http.StatusNotImplemented) {
			method = http.MethodGet
			a, err = c.request(ctx, method, cur, jar, anchors)
		}
		if err != nil {
			o.err, o.errURL = err, cur
			return o
		}
		o.Chain = append(o.Chain, Hop{URL: cur, Status: a.status})
		o.retryAfter = a.retryAfter
		if !redirect(a.status) || a.location == "" {
			o.HTML, o.Read, o.Truncated, o.Anchors = a.html, a.read, a.truncated, a.anchors
			return o
		}
		next, err := resolve(cur, a.location)
		if err != nil {
			o.err, o.errURL = err, cur
			return o
		}
		cur = next
	}
}

// redirect reports whether status is a redirect to follow.
func redirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// permanent reports whether status is a permanent redirect.
func permanent(status int) bool {
	return status == http.StatusMovedPermanently || status == http.StatusPermanentRedirect
}

// resolve returns the URL that a Location header leads to from base. It
// is as lenient as browsers are (net/url rather than RFC 3986's grammar),
// but refuses what is not http or https.
func resolve(base, location string) (string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u, err := b.Parse(location)
	if err != nil {
		return "", fmt.Errorf("the redirect to %q is not a URL", uri.Redact(location))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("the redirect to %q is not an http or https URL", uri.Redact(u.String()))
	}
	return u.String(), nil
}

// answer is what one request got.
type answer struct {
	status     int
	location   string
	retryAfter bool // a wait was asked for, and booked on the host
	html       bool
	read       bool // the body was read for anchors
	truncated  bool
	anchors    []string
}

// request sends one request within the limits and reads what is needed
// of the answer: the anchors of an HTML page when asked for.
func (c *Checker) request(ctx context.Context, method, target string, jar http.CookieJar, anchors bool) (answer, error) {
	var a answer
	u, err := url.Parse(target)
	if err != nil {
		return a, err
	}
	h := c.host(strings.ToLower(u.Host))
	release, err := c.acquire(ctx, h)
	if err != nil {
		return a, err
	}
	defer release()
	rctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, method, target, nil)
	if err != nil {
		return a, err
	}
	req.Header.Set("User-Agent", c.ua)
	req.Header.Set("Accept", accept)
	for _, ck := range jar.Cookies(req.URL) {
		req.AddCookie(ck)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return a, err
	}
	defer resp.Body.Close()
	jar.SetCookies(req.URL, resp.Cookies())

	a.status = resp.StatusCode
	a.location = resp.Header.Get("Location")
	a.html = isHTML(resp.Header.Get("Content-Type"))
	if a.status == http.StatusTooManyRequests {
		h.slowDown()
	}
	if a.status == http.StatusTooManyRequests || a.status == http.StatusServiceUnavailable {
		now := c.now()
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), now); ok {
			a.retryAfter = true
			h.pause(now.Add(min(d, c.cfg.MaxRetryAfter)))
		}
	}
	if anchors && method == http.MethodGet && a.status/100 == 2 && a.html {
		a.anchors, a.truncated, err = readAnchors(resp.Body, c.cfg.MaxBody)
		if err != nil {
			return a, err
		}
		slices.Sort(a.anchors)
		a.anchors = slices.Compact(a.anchors)
		a.read = true
	}
	// What is left unread is dropped, a little of it read first so that
	// the connection can carry the next request.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainMax))
	return a, nil
}

// isHTML reports whether a Content-Type names an HTML page.
func isHTML(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// retryAfter returns the wait that a Retry-After header value asks for
// (RFC 9110 section 10.2.3): a number of seconds or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(v, 10, 32); err == nil {
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

package remote

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/urilint/urilint/internal/policy"
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
	// Accepted: the last answer is not a 2xx one, but a status that the
	// settings of its host accept.
	Accepted bool `json:"accepted,omitempty"`
	// Searched holds the fragments looked for in the whole of a page
	// longer than MaxBody (Truncated): for them, Anchors is complete.
	Searched []string `json:"searched,omitempty"`
}

// turn says which request of a URL is to be sent: the first, one after
// an answer other than 429 (a retry, a redirect), or one after a 429.
type turn uint8

const (
	turnNew turn = iota
	turnRetry
	turnAfter429
)

// errGaveUp is the error of a request after a 429 to a host given up on
// meanwhile.
var errGaveUp = errors.New("the host keeps answering 429 too many requests")

// outcome is what the fetch of one distinct URL found.
type outcome struct {
	page
	err      error  // of the request to errURL
	errURL   string // the URL whose request failed
	loop     bool   // the last redirect leads back into the chain
	tooMany  bool   // more than MaxRedirects redirects
	to       string // with loop and tooMany: where the last redirect leads
	attempts int

	// wait is the Retry-After wait the last answer asked for, waited
	// before the retry; tooLong: it asked for more than MaxRetryAfter.
	wait    time.Duration
	waited  bool
	tooLong bool
	// note says what of the page could not be read for its anchors.
	note string

	// history is the failure's, as the cache keeps it (see record).
	history *failure
	botWall bool // the last answer is a bot wall's challenge (see botWall)
	// suggestion is an archived copy of a dead link, with Config.Suggest.
	suggestion string
	hung       bool // not sent: its host did not answer hangAfter requests in a row

	usedGet   bool // GET was sent, HEAD having failed or not being enough
	limited   bool // the host kept answering 429: not checked
	skipped   bool // with limited: no request sent, the host was given up
	unchecked bool // MaxTime ended before the URL was checked
	cancelled bool // the context ended: nothing to report
}

// ok reports whether the fetch ended in a 2xx answer.
func (o *outcome) ok() bool {
	return o.err == nil && !o.loop && !o.tooMany && (o.last()/100 == 2 || o.Accepted)
}

// last returns the status of the last answer, 0 when none came.
func (o *outcome) last() int {
	if o.err != nil || len(o.Chain) == 0 {
		return 0
	}
	return o.Chain[len(o.Chain)-1].Status
}

// fetch fetches the URL of g, following redirects, and asks again as
// often as the configuration and the URL's budget allow after a failure
// that may pass. A URL whose host keeps answering 429 past that ends
// rate limited, and so do the other URLs of its host after it.
func (c *Checker) fetch(run context.Context, g *group) outcome {
	h := g.host
	if _, gaveUp := h.rateLimited(); gaveUp {
		return outcome{limited: true, skipped: true}
	}
	if h.hanging() {
		return outcome{hung: true}
	}
	if c.githubAPI != "" && len(g.frags) == 0 {
		if p, ok := githubAPIPath(g.target); ok {
			return c.fetchAPI(run, g.target, p)
		}
	}
	ctx := run
	var deadline time.Time
	if c.cfg.URLBudget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(run, c.cfg.URLBudget)
		defer cancel()
		deadline = c.now().Add(c.cfg.URLBudget)
	}
	limited := func(o outcome) outcome {
		o.limited = true
		h.giveUp()
		return o
	}
	get := false
	var prev outcome
	for attempt := 1; ; attempt++ {
		t := turnNew
		if attempt > 1 {
			t = turnRetry
			if prev.last() == http.StatusTooManyRequests {
				t = turnAfter429
			}
		}
		o := c.follow(ctx, g.target, g.frags, get, t)
		// A HEAD that failed once is not sent again.
		get = get || o.usedGet
		o.attempts = attempt
		if run.Err() != nil {
			o.cancelled = true
			return o
		}
		if ctx.Err() != nil {
			// The budget ran out during the attempt, perhaps while
			// waiting for a host slowed down by 429s.
			if n, _ := h.rateLimited(); n > 0 && len(o.Chain) == 0 {
				return limited(o)
			}
			return o
		}
		if errors.Is(o.err, errGaveUp) {
			if attempt == 1 {
				return outcome{limited: true, skipped: true}
			}
			return limited(prev)
		}
		prev = o
		wait, again := c.again(&o, attempt)
		late := !deadline.IsZero() && c.now().Add(wait).After(deadline)
		_, gaveUp := h.rateLimited()
		if !again || attempt > c.cfg.Retries || late || gaveUp && o.last() == http.StatusTooManyRequests {
			if o.last() == http.StatusTooManyRequests {
				return limited(o)
			}
			return o
		}
		if err := c.sleep(ctx, wait); err != nil {
			if run.Err() != nil {
				o.cancelled = true
			}
			return o
		}
	}
}

// again reports whether o may pass if asked again, and how long to wait
// first: what Retry-After asked for, else a backoff. The URL waits alone:
// the other URLs of its host go on, at the slower pace of its 429.
func (c *Checker) again(o *outcome, attempt int) (time.Duration, bool) {
	if o.err != nil {
		// A timeout is not asked again in the same run: it would cost
		// the whole timeout again, and a transient failure is confirmed
		// across runs instead.
		cat, _ := describe(o.err)
		return c.backoff(attempt), !permanentError(o.err) && cat != policy.CategoryLinkTimeout
	}
	if o.loop || o.tooMany {
		return 0, false
	}
	switch status := o.last(); {
	case o.tooLong:
		return 0, false
	case (status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable) && o.waited:
		return o.wait, true
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
// unless anchors are wanted or get is set. A retry, and each request
// after the first, goes before the URLs not tried yet.
func (c *Checker) follow(ctx context.Context, target string, frags []string, get bool, t turn) (o outcome) {
	anchors := len(frags) > 0
	method := http.MethodHead
	if anchors || get || !c.cfg.HeadFirst {
		method = http.MethodGet
	}
	jar, _ := cookiejar.New(nil) // with no options, never an error
	w := walkRedirects(target, func(cur string) (answer, error) {
		a, err := c.request(ctx, method, cur, jar, frags, t)
		t = turnRetry
		if method == http.MethodHead && ctx.Err() == nil && headFailed(a.status, err) && !c.hangingHost(cur) {
			// Some servers answer HEAD wrongly (an error, a 4xx, no
			// answer at all) and GET rightly: GET is what a browser sends.
			method = http.MethodGet
			a, err = c.request(ctx, method, cur, jar, frags, turnRetry)
		}
		return a, err
	})
	o.usedGet = method == http.MethodGet
	o.Chain = w.chain
	a := w.last
	o.wait, o.waited, o.tooLong, o.botWall = a.wait, a.waited, a.tooLong, a.botWall
	switch {
	case w.err != nil:
		o.err, o.errURL = w.err, w.at
	case w.loop:
		o.loop, o.to = true, w.at
	case w.tooMany:
		o.tooMany, o.to = true, w.at
	default:
		o.HTML, o.Read, o.Truncated, o.Anchors, o.note = a.html, a.read, a.truncated, a.anchors, a.note
		o.Accepted, o.Searched = a.accepted, a.searched
	}
	return o
}

// walk is where a chain of redirects ended.
type walk struct {
	chain   []Hop  // every answer, in order
	last    answer // the last answer that came
	err     error  // of the request to at, or of the redirect from it
	loop    bool   // the last redirect leads back into the chain
	tooMany bool   // more than MaxRedirects redirects
	at      string // with err: the URL that failed; with loop and tooMany: where the last redirect leads
}

// walkRedirects sends the request of start with send, then that of each
// URL its redirects lead to, one hop at a time. It ends at the first
// answer that is not a redirect to follow, at an error, at a redirect
// back into the chain (URLs compared normalized, without fragment), or
// when a redirect would be the (MaxRedirects+1)th followed. A page and
// the GitHub API are walked here alike.
func walkRedirects(start string, send func(cur string) (answer, error)) (w walk) {
	seen := make(map[string]bool)
	for cur := start; ; {
		key := cur
		if norm, err := uri.Normalize(cur); err == nil {
			key, _, _ = strings.Cut(norm, "#")
		}
		if seen[key] {
			w.loop, w.at = true, cur
			return w
		}
		seen[key] = true
		if len(w.chain) > MaxRedirects {
			w.tooMany, w.at = true, cur
			return w
		}
		a, err := send(cur)
		if err != nil {
			w.err, w.at = err, cur
			return w
		}
		w.chain = append(w.chain, Hop{URL: cur, Status: a.status})
		w.last = a
		if !redirect(a.status) || a.location == "" {
			return w
		}
		next, err := resolve(cur, a.location)
		if err != nil {
			w.err, w.at = err, cur
			return w
		}
		cur = next
	}
}

// headFailed reports whether a HEAD request that got status or err is to
// be sent again as GET: any 4xx but 429 (a GET would be as unwelcome),
// 501, or no answer, unless the error is one a GET would get too (a
// refused connection is retried later, not with another method).
func headFailed(status int, err error) bool {
	if err != nil {
		return !permanentError(err) && !errors.Is(err, errGaveUp) && !errors.Is(err, syscall.ECONNREFUSED)
	}
	return status/100 == 4 && status != http.StatusTooManyRequests || status == http.StatusNotImplemented
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
	status    int
	location  string
	wait      time.Duration // asked for by Retry-After
	waited    bool          // and booked on the host
	tooLong   bool          // longer than MaxRetryAfter: not booked
	html      bool
	botWall   bool
	accepted  bool
	read      bool // the body was read for anchors
	truncated bool
	searched  []string
	anchors   []string
	note      string // why the body could not be read for anchors
}

// request sends one request within the limits and reads what is needed
// of the answer: the anchors of an HTML page when asked for.
func (c *Checker) request(ctx context.Context, method, target string, jar http.CookieJar, frags []string, t turn) (answer, error) {
	anchors := len(frags) > 0
	var a answer
	err := c.exchange(ctx, method, target, jar, t, func(h *host, resp *http.Response, sent time.Time) error {
		a.status = resp.StatusCode
		a.accepted = a.status/100 != 2 && !redirect(a.status) && slices.Contains(h.settings.accept, a.status)
		a.location = resp.Header.Get("Location")
		a.html = isHTML(resp.Header.Get("Content-Type"))
		a.botWall = botWall(a.status, resp.Header)
		now := c.now()
		c.rateLimit(h, resp, &a, now)
		h.answered(a.status, sent, now)
		if (a.status == http.StatusTooManyRequests || a.status == http.StatusServiceUnavailable) && !a.waited && !a.tooLong {
			if d, ok := retryAfter(resp.Header.Get("Retry-After"), now); ok {
				a.wait = d
				if d > c.cfg.MaxRetryAfter {
					a.tooLong = true
				} else {
					a.waited = true
				}
			}
		}
		if anchors && method == http.MethodGet && a.status/100 == 2 && a.html {
			var err error
			a.anchors, a.truncated, a.searched, a.note, err = c.readBody(resp, frags)
			if err != nil {
				return err
			}
			a.read = a.note == ""
		}
		return nil
	})
	return a, err
}

// exchange sends one request to target within the limits of its host
// (its turn, the timeout, the host's headers and user agent, and the
// cookies of jar when it is not nil) and gives the answer to read,
// which may read its body. What read leaves unread is dropped, a
// little of it read first so that the connection can carry the next
// request. A request that times out counts towards its host's hanging.
func (c *Checker) exchange(ctx context.Context, method, target string, jar http.CookieJar, t turn, read func(h *host, resp *http.Response, sent time.Time) error) error {
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	h := c.host(strings.ToLower(u.Host))
	release, err := c.acquire(ctx, h, t)
	if err != nil {
		return err
	}
	defer release()
	rctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, method, target, nil)
	if err != nil {
		return err
	}
	set := h.settings
	for k, v := range set.headers {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", set.userAgent)
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", accept)
	}
	if jar != nil {
		for _, ck := range jar.Cookies(req.URL) {
			req.AddCookie(ck)
		}
	}
	sent := c.now()
	resp, err := set.client.Do(req)
	h.observe(c.now().Sub(sent))
	if err != nil {
		if cat, _ := describe(err); cat == policy.CategoryLinkTimeout && ctx.Err() == nil {
			h.timedOut()
		}
		return err
	}
	defer resp.Body.Close()
	if jar != nil {
		jar.SetCookies(req.URL, resp.Cookies())
	}
	if err := read(h, resp, sent); err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainMax))
	return nil
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

// readBody reads the anchors of the HTML page of resp, up to MaxBody
// bytes of it once decoded: a gzip body that the transport left encoded
// (a server that sends it unasked, or a client with compression turned
// off) is decoded here, within the same bound, so that a bomb costs no
// more than a plain page. A body in another encoding, or one that breaks
// off (a broken gzip stream, a connection cut), is not read: note says
// why.
func (c *Checker) readBody(resp *http.Response, frags []string) (anchors []string, truncated bool, searched []string, note string, err error) {
	body := io.Reader(resp.Body)
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); {
	case resp.Uncompressed, enc == "", enc == "identity":
	case enc == "gzip", enc == "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, false, nil, fmt.Sprintf("its gzip body cannot be read (%v)", err), nil
		}
		defer zr.Close()
		body = zr
	default:
		return nil, false, nil, fmt.Sprintf("its body is in the %q encoding, which is not read", enc), nil
	}
	anchors, truncated, complete, err := readAnchors(body, c.cfg.MaxBody, frags, c.cfg.MaxStream)
	if err != nil {
		// The answer came: the link is there, only its anchors are not.
		return nil, false, nil, fmt.Sprintf("its body cannot be read (%v)", err), nil
	}
	if truncated && complete {
		searched = slices.Clone(frags)
		slices.Sort(searched)
	}
	slices.Sort(anchors)
	return slices.Compact(anchors), truncated, searched, "", nil
}

// hangingHost reports whether the host of target has timed out and never
// answered: a HEAD that timed out there is not sent again as GET, which
// would cost the whole timeout again. (A host that answers GET and hangs
// on every HEAD ends with unconfirmed timeouts, which fail nothing.)
func (c *Checker) hangingHost(target string) bool {
	h := c.host(hostOf(target))
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.timeouts > 0 && !h.everAnswered
}

package remote

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/policy"
)

// newChecker returns a Checker of cfg whose retries and pauses do not
// really wait: it records them in s (when s is not nil) and goes on.
func newChecker(t *testing.T, cfg Config, s *sleeps) *Checker {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s != nil {
		c.sleep = s.sleep
	}
	c.jitter = func() float64 { return 0.5 }
	return c
}

// fast is the default configuration with no interval between requests,
// and HEAD first, which most tests observe.
func fast() Config {
	cfg := DefaultConfig()
	cfg.MinInterval = 0
	cfg.HeadFirst = true
	return cfg
}

// sleeps records the waits of a Checker instead of waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	if d > 0 {
		s.mu.Lock()
		s.d = append(s.d, d)
		s.mu.Unlock()
	}
	return ctx.Err()
}

func (s *sleeps) waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := slices.Clone(s.d)
	slices.Sort(w)
	return w
}

// check runs c on urls and fails the test on a cache error.
func check(t *testing.T, c *Checker, urls ...string) map[string]Result {
	t.Helper()
	res, err := c.Check(t.Context(), urls)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// server is a test server that counts the requests to each path and
// method and answers with the handler given for the path.
type server struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string // "METHOD /path"
	agents   []string
}

func newServer(t *testing.T, routes map[string]http.HandlerFunc) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Method+" "+r.URL.Path)
		s.agents = append(s.agents, r.Header.Get("User-Agent"))
		s.mu.Unlock()
		if h := routes[r.URL.Path]; h != nil {
			h(w, r)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// count returns how many requests went to path, any method.
func (s *server) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if strings.HasSuffix(r, " "+path) {
			n++
		}
	}
	return n
}

func (s *server) log() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func ok(w http.ResponseWriter, _ *http.Request) {}

func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(code) }
}

func redirectTo(code int, location string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Location", location)
		w.WriteHeader(code)
	}
}

func htmlPage(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}
}

// want checks the category of the result of u, and that its message
// holds each of parts.
func want(t *testing.T, res map[string]Result, u string, cat string, parts ...string) {
	t.Helper()
	r, found := res[u]
	if !found {
		t.Errorf("no result for %q", u)
		return
	}
	if string(r.Category) != cat {
		t.Errorf("%q: category %q (message %q), want %q", u, r.Category, r.Message, cat)
	}
	for _, p := range parts {
		if !strings.Contains(r.Message, p) {
			t.Errorf("%q: message %q does not hold %q", u, r.Message, p)
		}
	}
}

func TestHeadFirstThenGet(t *testing.T) {
	refuse := func(code int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodHead {
				w.WriteHeader(code)
			}
		}
	}
	s := newServer(t, map[string]http.HandlerFunc{"/head": ok, "/405": refuse(405), "/501": refuse(501)})
	res := check(t, newChecker(t, fast(), nil), s.URL+"/head", s.URL+"/405", s.URL+"/501")
	for _, p := range []string{"/head", "/405", "/501"} {
		want(t, res, s.URL+p, "")
	}
	log := s.log()
	slices.Sort(log)
	wantLog := []string{"GET /405", "GET /501", "HEAD /405", "HEAD /501", "HEAD /head"}
	if !slices.Equal(log, wantLog) {
		t.Errorf("requests %q, want %q", log, wantLog)
	}
}

func TestOneRequestPerURI(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{
		"/a": htmlPage(`<h2 id="x">X</h2>`),
		"/b": ok,
	})
	// Five spellings of one URI once normalized (RFC 3986 section 6.2.2),
	// fragments aside, some of them twice; and /b, also twice.
	upper := strings.Replace(s.URL, "http:", "HTTP:", 1)
	urls := []string{
		s.URL + "/a", upper + "/a", s.URL + "/%61", s.URL + "/c/../a", s.URL + "/a#x", s.URL + "/a#y",
		s.URL + "/a", s.URL + "/b", s.URL + "/b", s.URL + "/./b",
	}
	res := check(t, newChecker(t, fast(), nil), urls...)
	if got := s.log(); len(got) != 2 || !slices.Contains(got, "GET /a") || !slices.Contains(got, "HEAD /b") {
		t.Errorf("requests %q, want one GET of /a (a fragment is checked) and one HEAD of /b", got)
	}
	for _, u := range urls {
		c := ""
		if strings.HasSuffix(u, "#y") {
			c = string(policy.CategoryLinkFragment)
		}
		want(t, res, u, c)
	}
}

func TestSkipped(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/in": ok, "/out": ok})
	cfg := fast()
	cfg.Exclude = []*regexp.Regexp{regexp.MustCompile(`/out$`)}
	urls := []string{
		"mailto:joe@example.com", "ftp" + s.URL[len("http"):] + "/in", "docs/guide.md", "#intro", "//example.com/x",
		"http:///path", s.URL + "/in with space", s.URL + "/out", s.URL + "/in",
	}
	res := check(t, newChecker(t, cfg, nil), urls...)
	if len(res) != 1 || s.count("/out") != 0 || s.count("/in") != 1 {
		t.Errorf("results %v, requests %q: want only %s/in fetched", res, s.log(), s.URL)
	}
}

// gate is a handler that holds each request until n are waiting, then
// lets those n go, and records the most requests it had in flight.
type gate struct {
	n int

	mu       sync.Mutex
	waiting  int
	open     chan struct{}
	inflight int
	most     int
}

func newGate(n int) *gate { return &gate{n: n, open: make(chan struct{})} }

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.inflight++
	g.most = max(g.most, g.inflight)
	g.waiting++
	open := g.open
	if g.waiting == g.n {
		close(g.open)
		g.open = make(chan struct{})
		g.waiting = 0
	}
	g.mu.Unlock()
	select {
	case <-open:
	case <-r.Context().Done():
	}
	g.mu.Lock()
	g.inflight--
	g.mu.Unlock()
}

// TestPerHostLimit: the server sees exactly PerHost requests at once,
// never more. With fewer, the gate would hold them until they time out.
func TestPerHostLimit(t *testing.T) {
	g := newGate(3)
	s := httptest.NewServer(g)
	defer s.Close()
	cfg := fast()
	cfg.PerHost = 3
	cfg.Timeout = 5 * time.Second
	cfg.Retries = 0
	var urls []string
	for i := range 12 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	res := check(t, newChecker(t, cfg, nil), urls...)
	for _, u := range urls {
		want(t, res, u, "")
	}
	if g.most != 3 {
		t.Errorf("the server had at most %d requests in flight, want 3", g.most)
	}
}

// TestGlobalLimit: three hosts together see exactly Concurrency requests
// at once.
func TestGlobalLimit(t *testing.T) {
	g := newGate(2)
	var urls []string
	for range 3 {
		s := httptest.NewServer(g)
		defer s.Close()
		for i := range 4 {
			urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
		}
	}
	cfg := fast()
	cfg.Concurrency = 2
	cfg.Timeout = 5 * time.Second
	cfg.Retries = 0
	res := check(t, newChecker(t, cfg, nil), urls...)
	for _, u := range urls {
		want(t, res, u, "")
	}
	if g.most != 2 {
		t.Errorf("the servers had at most %d requests in flight, want 2", g.most)
	}
}

// TestMinInterval: the starts of the requests to one host are booked
// MinInterval apart, whatever the per-host limit.
func TestMinInterval(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/0": ok, "/1": ok, "/2": ok, "/3": ok, "/4": ok})
	cfg := fast()
	cfg.MinInterval = 40 * time.Millisecond
	var sl sleeps
	c := newChecker(t, cfg, &sl)
	now := time.Now()
	c.now = func() time.Time { return now }
	var urls []string
	for i := range 5 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	check(t, c, urls...)
	waits := []time.Duration{40 * time.Millisecond, 80 * time.Millisecond, 120 * time.Millisecond, 160 * time.Millisecond}
	if got := sl.waits(); !slices.Equal(got, waits) {
		t.Errorf("waits %v, want %v", got, waits)
	}
}

// TestRetryAfterWaited: the server answers 429 with "Retry-After: 1"
// and sees the second request a second later, not before.
func TestRetryAfterWaited(t *testing.T) {
	var mu sync.Mutex
	var arrivals []time.Time
	s := newServer(t, map[string]http.HandlerFunc{"/busy": func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		arrivals = append(arrivals, time.Now())
		if len(arrivals) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}})
	res := check(t, newChecker(t, fast(), nil), s.URL+"/busy")
	want(t, res, s.URL+"/busy", "")
	if len(arrivals) != 2 {
		t.Fatalf("the server saw %d requests, want 2", len(arrivals))
	}
	if gap := arrivals[1].Sub(arrivals[0]); gap < time.Second || gap > 5*time.Second {
		t.Errorf("the server saw the second request %v after the first, want a second after", gap)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		header string
		code   int
		wait   time.Duration
	}{
		{"7", 429, 7 * time.Second},
		{"7", 503, 7 * time.Second},
		{now.Add(30 * time.Second).Format(http.TimeFormat), 503, 30 * time.Second},
		{"7", 500, 375 * time.Millisecond},    // backoff, Retry-After or not
		{"soon", 503, 375 * time.Millisecond}, // backoff
	}
	for _, tt := range tests {
		first := true
		s := newServer(t, map[string]http.HandlerFunc{"/": func(w http.ResponseWriter, _ *http.Request) {
			if first {
				first = false
				w.Header().Set("Retry-After", tt.header)
				w.WriteHeader(tt.code)
			}
		}})
		cfg := fast()
		cfg.MaxRetryAfter = 40 * time.Second
		var sl sleeps
		c := newChecker(t, cfg, &sl)
		c.now = func() time.Time { return now }
		res := check(t, c, s.URL+"/")
		want(t, res, s.URL+"/", "")
		waits := sl.waits()
		if !slices.Equal(waits, []time.Duration{tt.wait}) {
			t.Errorf("%d with Retry-After %q: waits %v, want %v", tt.code, tt.header, waits, tt.wait)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{" 120 ", 120 * time.Second, true},
		{"Sun, 01 Jun 2025 12:01:00 GMT", time.Minute, true},
		{"Sunday, 01-Jun-25 12:00:10 GMT", 10 * time.Second, true}, // RFC 850
		{"Sun, 01 Jun 2025 11:00:00 GMT", 0, true},                 // past
		{"", 0, false},
		{"-1", 0, false},
		{"soon", 0, false},
	}
	for _, tt := range tests {
		if got, ok := retryAfter(tt.in, now); got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%q) = %v, %v, want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRetries(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/500": status(500), "/501": status(501), "/404": status(404)})
	// The host that rate limits is given up: another one.
	limiting := newServer(t, map[string]http.HandlerFunc{"/429": status(429)})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + l.Addr().String() + "/"
	l.Close()
	var sl sleeps
	res := check(t, newChecker(t, fast(), &sl), s.URL+"/500", s.URL+"/501", s.URL+"/404", limiting.URL+"/429", refused)
	tests := []struct {
		url, cat string
		attempts int
		msg      string
	}{
		{s.URL + "/500", "link-server-error", 3, "returns 500 internal server error (3 attempts)"},
		{s.URL + "/501", "link-server-error", 1, "returns 501 not implemented"},
		{s.URL + "/404", "link-client-error", 1, "returns 404 not found"},
		{limiting.URL + "/429", "link-rate-limited", 3, "answers 429 too many requests (3 attempts): not checked"},
		{refused, "link-network", 3, "cannot be reached: connection refused (3 attempts)"},
	}
	for _, tt := range tests {
		want(t, res, tt.url, tt.cat, tt.msg)
		if r := res[tt.url]; r.Attempts != tt.attempts {
			t.Errorf("%q: %d attempts, want %d", tt.url, r.Attempts, tt.attempts)
		}
	}
	if n := s.count("/500"); n != 3 {
		t.Errorf("the server saw %d requests of /500, want 3", n)
	}
	// Backoff with jitter 0.5: 3/4 of 500ms, then of 1s, for /500, the
	// connection refused and /429 (whose host is also slowed down).
	for _, d := range []time.Duration{375 * time.Millisecond, 750 * time.Millisecond} {
		if n := strings.Count(fmt.Sprint(sl.waits()), " "+d.String()); n < 3 {
			t.Errorf("waits %v: %v %d times, want at least 3", sl.waits(), d, n)
		}
	}
}

func TestBackoff(t *testing.T) {
	c := newChecker(t, DefaultConfig(), nil)
	for attempt, base := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second} {
		for _, j := range []float64{0, 0.999} {
			c.jitter = func() float64 { return j }
			if d := c.backoff(attempt + 1); d < base/2 || d >= base {
				t.Errorf("backoff(%d) with jitter %v = %v, want in [%v, %v)", attempt+1, j, d, base/2, base)
			}
		}
	}
	c.jitter = func() float64 { return 0.999 }
	if d := c.backoff(40); d != DefaultMaxRetryAfter {
		t.Errorf("backoff(40) = %v, want the cap %v", d, DefaultMaxRetryAfter)
	}
}

// TestSlowDown: a host that answers 429 gets one request at a time, at
// least slowStart apart, for the rest of the run; another host does not.
func TestSlowDown(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/429": status(429), "/a": ok, "/b": ok})
	other := newServer(t, nil)
	cfg := fast()
	cfg.Retries = 0
	var sl sleeps
	c := newChecker(t, cfg, &sl)
	now := time.Now()
	c.now = func() time.Time { return now }
	want(t, check(t, c, s.URL+"/429"), s.URL+"/429", "link-rate-limited")
	check(t, c, s.URL+"/a", s.URL+"/b", other.URL+"/a", other.URL+"/b")
	// The first request after the 429 was booked before the slowdown.
	if got, w := sl.waits(), []time.Duration{slowStart}; !slices.Equal(got, w) {
		t.Errorf("waits %v, want %v", got, w)
	}
	h := c.host(strings.TrimPrefix(s.URL, "http://"))
	if limit, interval, _ := h.state(); limit != cfg.PerHost/2 || interval != slowStart {
		t.Errorf("slowed host: limit %d, interval %v, want %d, %v", limit, interval, cfg.PerHost/2, slowStart)
	}
}

func TestRedirects(t *testing.T) {
	routes := map[string]http.HandlerFunc{
		"/ok":        htmlPage(`<p id="x">`),
		"/temp":      redirectTo(302, "/ok"),
		"/see":       redirectTo(303, "ok"),
		"/temp307":   redirectTo(307, "/ok"),
		"/perm":      redirectTo(301, "/ok"),
		"/perm308":   redirectTo(308, "/temp"),
		"/tempperm":  redirectTo(302, "/perm"),
		"/permgone":  redirectTo(301, "/gone"),
		"/loop-a":    redirectTo(302, "/loop-b"),
		"/loop-b":    redirectTo(301, "/loop-a"),
		"/self":      redirectTo(307, "/self"),
		"/to-mailto": redirectTo(302, "mailto:joe@example.com"),
		"/gone":      status(410),
	}
	for i := range 20 {
		routes[fmt.Sprintf("/hop/%d", i)] = redirectTo(302, fmt.Sprintf("/hop/%d", i+1))
	}
	routes["/hop/11"] = ok
	for i := 20; i < 40; i++ {
		routes[fmt.Sprintf("/hop/%d", i)] = redirectTo(302, fmt.Sprintf("/hop/%d", i+1))
	}
	s := newServer(t, routes)
	u := s.URL
	res := check(t, newChecker(t, fast(), nil),
		u+"/temp", u+"/see", u+"/temp307", u+"/perm", u+"/perm#x", u+"/perm308", u+"/tempperm", u+"/permgone",
		u+"/loop-a", u+"/self", u+"/to-mailto", u+"/hop/1", u+"/hop/0", u+"/hop/20")
	want(t, res, u+"/temp", "")
	want(t, res, u+"/see", "")
	want(t, res, u+"/temp307", "")
	want(t, res, u+"/tempperm", "")
	want(t, res, u+"/perm", "link-moved", fmt.Sprintf("%q moved permanently to %q", u+"/perm", u+"/ok"))
	want(t, res, u+"/perm#x", "link-moved")
	want(t, res, u+"/perm308", "link-moved")
	want(t, res, u+"/permgone", "link-client-error", fmt.Sprintf("%q redirects to %q, which returns 410 gone", u+"/permgone", u+"/gone"))
	want(t, res, u+"/loop-a", "link-redirect-loop", "in a loop")
	want(t, res, u+"/self", "link-redirect-loop", "in a loop")
	want(t, res, u+"/to-mailto", "link-network", "not an http or https URL")
	want(t, res, u+"/hop/1", "") // 10 redirects
	want(t, res, u+"/hop/0", "link-redirect-loop", "more than 10 times")
	want(t, res, u+"/hop/20", "link-redirect-loop", "more than 10 times")
	fixes := map[string]string{u + "/perm": u + "/ok", u + "/perm#x": u + "/ok#x", u + "/perm308": u + "/temp"}
	for link, fix := range fixes {
		if r := res[link]; r.Fix != fix {
			t.Errorf("%q: fix %q, want %q", link, r.Fix, fix)
		}
	}
	r := res[u+"/tempperm"]
	chain := []Hop{{u + "/tempperm", 302}, {u + "/perm", 301}, {u + "/ok", 200}}
	if !slices.Equal(r.Chain, chain) || r.Final != u+"/ok" || r.Status != 200 || r.Fix != "" {
		t.Errorf("%q: chain %v, final %q, status %d, fix %q; want chain %v", u+"/tempperm", r.Chain, r.Final, r.Status, r.Fix, chain)
	}
	if n := s.count("/hop/30"); n != 1 {
		t.Errorf("/hop/30 requested %d times, want once: 10 redirects from /hop/20, then none", n)
	}
	if n := s.count("/hop/31"); n != 0 {
		t.Errorf("/hop/31 requested %d times, want never", n)
	}
}

func TestTimeout(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/slow": func(_ http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}})
	cfg := fast()
	// Long enough for the request to reach the server on a loaded machine.
	cfg.Timeout = 250 * time.Millisecond
	cfg.Retries = 1
	res := check(t, newChecker(t, cfg, &sleeps{}), s.URL+"/slow")
	want(t, res, s.URL+"/slow", "link-timeout", "does not answer within 250ms", "a transient failure, unconfirmed")
	if r := res[s.URL+"/slow"]; !r.Transient || !r.Unconfirmed || r.Attempts != 1 {
		t.Errorf("timeout: transient %v, unconfirmed %v, %d attempts; want transient, unconfirmed, 1 attempt", r.Transient, r.Unconfirmed, r.Attempts)
	}
	// A timeout is not retried, which would cost the whole timeout
	// again, nor asked again as GET on a host that never answered
	// (TestHeadFallback: on one that did, it is).
	if got := s.log(); !slices.Equal(got, []string{"HEAD /slow"}) {
		t.Errorf("the server saw %q, want one HEAD", got)
	}
}

func TestNetworkErrors(t *testing.T) {
	s := httptest.NewUnstartedServer(http.HandlerFunc(ok))
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // the failed handshake is the point
	s.StartTLS()
	defer s.Close()
	cfg := fast()
	cfg.Retries = 0
	res := check(t, newChecker(t, cfg, nil), s.URL+"/")
	want(t, res, s.URL+"/", "link-network", "cannot be reached: tls: ", "certificate")

	// With the client that trusts the server's certificate, all is well.
	cfg.Client = s.Client()
	res = check(t, newChecker(t, cfg, nil), s.URL+"/")
	want(t, res, s.URL+"/", "")
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		err    error
		cat    string
		reason string
	}{
		{&net.DNSError{Err: "no such host", Name: "docs.example", IsNotFound: true}, "link-network", `no such host "docs.example"`},
		{&net.DNSError{Err: "server misbehaving", Name: "docs.example"}, "link-network", `the name "docs.example" cannot be resolved: server misbehaving`},
		{fmt.Errorf("get: %w", context.DeadlineExceeded), "link-timeout", ""},
		{&net.OpError{Op: "dial", Err: timeoutError{}}, "link-timeout", ""},
	}
	for _, tt := range tests {
		if cat, reason := describe(tt.err); string(cat) != tt.cat || reason != tt.reason {
			t.Errorf("describe(%v) = %q, %q, want %q, %q", tt.err, cat, reason, tt.cat, tt.reason)
		}
	}
}

type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func TestFragments(t *testing.T) {
	page := `<!doctype html><title>Guide</title>
<h2 id="install">Install</h2><a name="old-install"></a><input name="q">
<h2 id="café">Café</h2><h2 id="user-content-usage">Usage</h2><span name="span">`
	s := newServer(t, map[string]http.HandlerFunc{
		"/guide": htmlPage(page),
		"/text": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, `id="x"`)
		},
		"/long":  htmlPage(strings.Repeat("<p>filler</p>", 100) + `<p id="late">`),
		"/moved": redirectTo(301, "/guide"),
	})
	g := s.URL + "/guide"
	fine := []string{g + "#install", g + "#old-install", g + "#caf%C3%A9", g + "#usage", g + "#top",
		g + "#L10", g + "#L10-L20", g + "#/route", g + "#!route", g + "#:~:text=Install", g + "#install:~:text=x", g + "#",
		s.URL + "/text#x"}
	broken := []string{g + "#q", g + "#span", g + "#Install", g + "#nowhere", g + "#L10x"}
	cfg := fast()
	cfg.MaxBody = 1000 // /long has more, read to its end for the fragments asked for
	res := check(t, newChecker(t, cfg, nil), append(append(fine, broken...), s.URL+"/moved#nowhere", s.URL+"/long#late", s.URL+"/long#nowhere")...)
	for _, u := range fine {
		want(t, res, u, "")
	}
	for _, u := range broken {
		_, frag, _ := strings.Cut(u, "#")
		want(t, res, u, "link-fragment", fmt.Sprintf("the fragment %q matches no id or anchor name on %q", frag, g))
	}
	want(t, res, s.URL+"/moved#nowhere", "link-fragment", g)
	want(t, res, s.URL+"/long#late", "")
	want(t, res, s.URL+"/long#nowhere", "link-fragment", "matches no id or anchor name")
	if got := s.log(); slices.Contains(got, "HEAD /guide") || s.count("/guide") != 2 {
		t.Errorf("requests %q, want one GET of /guide, and one after /moved", got)
	}
}

func TestReadAnchors(t *testing.T) {
	tests := []struct {
		page      string
		limit     int64
		anchors   []string
		truncated bool
	}{
		{`<div id=a><A NAME="b"></A><img name="c"><p id=''><br id="d"/>`, 100, []string{"a", "b", "d"}, false},
		{`<p id="a&amp;b">`, 100, []string{"a&b"}, false},
		{`<!-- <p id="no"> --><script>"<p id='no2'>"</script><p id=yes>`, 100, []string{"yes"}, false},
		{`<p id="a"><p id="b">`, 10, []string{"a"}, true},
		{`<p id="a">`, 10, []string{"a"}, false},
	}
	for _, tt := range tests {
		got, truncated, _, err := readAnchors(strings.NewReader(tt.page), tt.limit, nil, 0)
		if err != nil || !slices.Equal(got, tt.anchors) || truncated != tt.truncated {
			t.Errorf("readAnchors(%q, %d) = %q, %v, %v, want %q, %v", tt.page, tt.limit, got, truncated, err, tt.anchors, tt.truncated)
		}
	}
}

// TestCancel: when the context ends, Check returns at once with what it
// has, and reports nothing for the requests it cut short.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	arrived, cut := make(chan struct{}), make(chan struct{})
	s := newServer(t, map[string]http.HandlerFunc{"/slow": func(_ http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-r.Context().Done()
		close(cut)
	}})
	// Cancel once /slow is in flight and the progress line tells that
	// /fast is done.
	prog := &lines{onWrite: func(s string) {
		if strings.Contains(s, "links: 1/2 checked") {
			go func() {
				<-arrived
				cancel()
			}()
		}
	}}
	cfg := fast()
	cfg.Progress = prog
	c := newChecker(t, cfg, nil)
	var clock sync.Mutex
	now := time.Now()
	c.now = func() time.Time { // every draw of the progress line is due
		clock.Lock()
		defer clock.Unlock()
		now = now.Add(time.Second)
		return now
	}
	res, err := c.Check(ctx, []string{s.URL + "/fast", s.URL + "/slow"})
	if err != nil {
		t.Fatal(err)
	}
	<-cut
	if _, found := res[s.URL+"/slow"]; found || len(res) != 1 {
		t.Errorf("results %v, want /fast only", res)
	}
	want(t, res, s.URL+"/fast", "link-client-error")
	if out := prog.String(); !strings.HasPrefix(out, "\rlinks: 0/2 checked") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("progress %q, want lines from 0/2 and cleared at the end", out)
	}
}

// lines is a writer that calls onWrite with each write.
type lines struct {
	mu      sync.Mutex
	b       strings.Builder
	onWrite func(string)
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	l.b.Write(p)
	l.mu.Unlock()
	if l.onWrite != nil {
		l.onWrite(string(p))
	}
	return len(p), nil
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestInFlight(t *testing.T) {
	c := newChecker(t, DefaultConfig(), nil)
	if got := c.inFlight(2); got != "" {
		t.Errorf("inFlight with no host = %q, want empty", got)
	}
	for name, n := range map[string]int{"a.example": 1, "b.example": 3, "c.example": 1, "d.example": 0} {
		c.host(name).sending(n)
	}
	if got, w := c.inFlight(2), "; in flight: b.example (3), a.example (1) and 1 more hosts"; got != w {
		t.Errorf("inFlight(2) = %q, want %q", got, w)
	}
}

// TestProxyFromEnvironment: with HTTP_PROXY set, a request for another
// host goes to the proxy, read when the Checker is made.
func TestProxyFromEnvironment(t *testing.T) {
	var seen []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.URL.String())
	}))
	defer proxy.Close()
	for _, k := range []string{"HTTP_PROXY", "http_proxy"} {
		t.Setenv(k, proxy.URL)
	}
	for _, k := range []string{"NO_PROXY", "no_proxy", "HTTPS_PROXY", "https_proxy", "REQUEST_METHOD"} {
		t.Setenv(k, "")
	}
	const link = "http://docs.example/guide"
	res := check(t, newChecker(t, fast(), nil), link)
	want(t, res, link, "")
	if w := []string{"HEAD " + link}; !slices.Equal(seen, w) {
		t.Errorf("the proxy saw %q, want %q", seen, w)
	}
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:1/", nil)
	if u, err := proxyFromEnvironment()(req); u != nil || err != nil {
		t.Errorf("proxy for loopback = %v, %v; want none", u, err)
	}
}

func TestUserAgent(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok, "/x": ok})
	check(t, newChecker(t, fast(), nil), s.URL+"/")
	cfg := fast()
	cfg.UserAgent = "docs-bot/1.0"
	check(t, newChecker(t, cfg, nil), s.URL+"/x")
	ua := regexp.MustCompile(`^urilint/\S+ \(\+https://github\.com/urilint/urilint\)$`)
	if len(s.agents) != 2 || !ua.MatchString(s.agents[0]) || s.agents[1] != "docs-bot/1.0" {
		t.Errorf("User-Agent headers %q, want urilint's, then docs-bot/1.0", s.agents)
	}
}

func TestPasswordRedacted(t *testing.T) {
	s := newServer(t, nil)
	link := strings.Replace(s.URL, "://", "://joe:secret@", 1) + "/gone"
	res := check(t, newChecker(t, fast(), nil), link)
	want(t, res, link, "link-client-error", "joe:***@")
	if strings.Contains(res[link].Message, "secret") {
		t.Errorf("message %q shows the password", res[link].Message)
	}
}

func TestNewErrors(t *testing.T) {
	for _, change := range []func(*Config){
		func(c *Config) { c.Concurrency = 0 },
		func(c *Config) { c.PerHost = -1 },
		func(c *Config) { c.Timeout = 0 },
		func(c *Config) { c.Retries = -1 },
		func(c *Config) { c.MinInterval = -time.Second },
	} {
		cfg := DefaultConfig()
		change(&cfg)
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) = nil error", cfg)
		}
	}
}

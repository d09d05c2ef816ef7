package remote

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Hostile servers of issue 19, items 12 to 17: each test plays a server
// that rate limits, lies about HEAD, never ends, or compresses, and checks
// what a user would see.

// arrivals records when each path was requested, in order.
type arrivals struct {
	mu    sync.Mutex
	paths []string
	times []time.Time
}

func (a *arrivals) add(path string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.paths = append(a.paths, path)
	a.times = append(a.times, time.Now())
}

func (a *arrivals) get() ([]string, []time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.paths), slices.Clone(a.times)
}

// TestRateLimitEpisode: ten URLs of a host, in flight together, answer
// 429 with "Retry-After: 1" once. The host slows down once for the ten,
// not ten times; each of the ten waits its second and is asked again;
// every URL ends fine, and the host recovers its pace.
func TestRateLimitEpisode(t *testing.T) {
	var log arrivals
	var mu sync.Mutex
	arrived, all := 0, make(chan struct{})
	seen := map[string]bool{}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		if !strings.HasPrefix(r.URL.Path, "/busy/") {
			return
		}
		mu.Lock()
		again := seen[r.URL.Path]
		seen[r.URL.Path] = true
		if !again {
			if arrived++; arrived == 10 {
				close(all)
			}
		}
		mu.Unlock()
		if again {
			return
		}
		<-all // the ten are in flight together: one burst
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer s.Close()
	var urls []string
	for i := range 10 {
		urls = append(urls, fmt.Sprintf("%s/busy/%d", s.URL, i))
	}
	for i := range 30 {
		urls = append(urls, fmt.Sprintf("%s/new/%d", s.URL, i))
	}
	cfg := fast()
	c := newChecker(t, cfg, nil)
	res := check(t, c, urls...)
	for _, u := range urls {
		want(t, res, u, "")
	}
	if paths, _ := log.get(); len(paths) != 50 {
		t.Errorf("the server saw %d requests, want 50 (the ten busy URLs twice)", len(paths))
	}
	h := c.host(strings.TrimPrefix(s.URL, "http://"))
	if limit, interval, _ := h.state(); limit != cfg.PerHost || interval != cfg.MinInterval {
		t.Errorf("after the run the host is at limit %d, interval %v; want it recovered to %d, %v", limit, interval, cfg.PerHost, cfg.MinInterval)
	}
	if h.slowdowns != 1 {
		t.Errorf("the host slowed down %d times for one burst of ten 429s, want once", h.slowdowns)
	}
}

// TestRetriesFirst: a retry waiting for a slot of its host gets it before
// a URL not tried yet that came first.
func TestRetriesFirst(t *testing.T) {
	h := newHost("h", 1, 0)
	if err := h.enter(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 2)
	var wg sync.WaitGroup
	for _, name := range []string{"new", "retry"} {
		wg.Go(func() {
			if h.enter(t.Context(), name == "retry") == nil {
				order <- name
				h.leave()
			}
		})
		for { // queued before the next one comes
			h.mu.Lock()
			n := len(h.waiters)
			h.mu.Unlock()
			if n > 0 && (name == "new" || n > 1) {
				break
			}
			runtime.Gosched()
		}
	}
	h.leave()
	wg.Wait()
	if first := <-order; first != "retry" {
		t.Errorf("%s got the slot first, want the retry", first)
	}
}

// TestEscalation: a host that answers 429 at each slower pace slows down
// a step each time, and is given up at the slowest.
func TestEscalation(t *testing.T) {
	h := newHost("h", 10, 0)
	now := time.Now()
	for i := range 9 {
		sent := now.Add(time.Second)
		now = now.Add(2 * time.Second)
		h.answered(http.StatusTooManyRequests, sent, now)
		if _, gaveUp := h.rateLimited(); gaveUp != (i >= 7) { // 7 steps: 5 and 100ms, 2 and 200ms, 1 and 400ms, 800ms, 1.6s, 3.2s, 4s
			limit, interval, _ := h.state()
			t.Fatalf("after %d 429s at the current pace: limit %d, interval %v, given up %v", i+1, limit, interval, gaveUp)
		}
	}
	// The answers to requests sent before a slowdown do not count.
	h = newHost("h", 10, 0)
	h.answered(http.StatusTooManyRequests, now, now)
	for range 9 {
		h.answered(http.StatusTooManyRequests, now, now.Add(time.Second))
	}
	if limit, interval, _ := h.state(); limit != 5 || interval != slowStart {
		t.Errorf("after one burst: limit %d, interval %v, want 5, %v", limit, interval, slowStart)
	}
}

// TestAlways429: a host that answers 429 to everything ends the URL that
// spent its retries rate limited, and every other URL of that host at
// once, without more requests; the result is not a client error.
func TestAlways429(t *testing.T) {
	s := newServer(t, nil)
	s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Method+" "+r.URL.Path)
		s.mu.Unlock()
		w.WriteHeader(http.StatusTooManyRequests)
	})
	other := newServer(t, map[string]http.HandlerFunc{"/": ok})
	var urls []string
	for i := range 50 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	urls = append(urls, other.URL+"/")
	res := check(t, newChecker(t, fast(), &sleeps{}), urls...)
	for _, u := range urls[:50] {
		want(t, res, u, "link-rate-limited", "not checked")
	}
	want(t, res, other.URL+"/", "")
	// At most the first PerHost URLs went out, each up to 1+Retries times.
	if n := len(s.log()); n > DefaultPerHost*(1+DefaultRetries) {
		t.Errorf("the server saw %d requests, want at most %d", n, DefaultPerHost*(1+DefaultRetries))
	}
}

// TestRetryAfterTooLong: "Retry-After: 999999" is not waited at all (more
// than MaxRetryAfter): the URLs end rate limited at once.
func TestRetryAfterTooLong(t *testing.T) {
	s := newServer(t, nil)
	s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "999999")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	var sl sleeps
	var urls []string
	for i := range 5 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	res := check(t, newChecker(t, fast(), &sl), urls...)
	for _, u := range urls {
		r := res[u]
		if r.Category != "link-rate-limited" || r.Attempts > 1 {
			t.Errorf("%s: %q %q after %d attempts, want link-rate-limited after one", u, r.Category, r.Message, r.Attempts)
		}
	}
	// Which URL's 429 comes back first is the scheduler's choice (on a
	// loaded machine not urls[0]'s): that one says why; the others may
	// say that the host kept answering 429 to other links.
	const why = "answers 429 too many requests and asks to wait 277h46m39s, more than 1m0s: not checked"
	said := false
	for _, u := range urls {
		said = said || strings.Contains(res[u].Message, why)
	}
	if !said {
		t.Errorf("no URL's message holds %q", why)
	}
	// A request sent after the first 429 came back (a loaded machine)
	// waits for the host's slowed pace, a fraction of a second; the
	// Retry-After itself is never waited for.
	for _, w := range sl.waits() {
		if w > time.Second {
			t.Errorf("waits %v, want no wait for the Retry-After", sl.waits())
			break
		}
	}
}

// TestMaxTime: five URLs whose host asks to wait 30 s (within
// MaxRetryAfter) wait together, and MaxTime ends the wait: each URL ends
// rate limited, none passes unchecked; a URL of a host that never answers
// ends timed out.
func TestMaxTime(t *testing.T) {
	s := newServer(t, nil)
	s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	hang := newServer(t, map[string]http.HandlerFunc{"/": func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }})
	var urls []string
	for i := range 5 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	urls = append(urls, hang.URL+"/")
	cfg := fast()
	cfg.MaxTime = time.Second
	cfg.Timeout = time.Minute
	done := make(chan map[string]Result, 1)
	go func() { done <- check(t, newChecker(t, cfg, nil), urls...) }()
	var res map[string]Result
	select {
	case res = <-done:
	case <-time.After(20 * time.Second): // not a speed target: a hang
		t.Fatal("Check did not end at MaxTime")
	}
	for _, u := range urls[:5] {
		want(t, res, u, "link-rate-limited", "was not checked within the time of the remote checks (max-time 1s): its host answered 429 too many requests")
	}
	want(t, res, hang.URL+"/", "link-timeout", "was not checked within the time of the remote checks (max-time 1s)")
}

// TestRetryAfterConcurrent: five URLs asked to wait two seconds wait
// together, not one after the other.
func TestRetryAfterConcurrent(t *testing.T) {
	var log arrivals
	var mu sync.Mutex
	arrived, all := 0, make(chan struct{})
	seen := map[string]bool{}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		mu.Lock()
		again := seen[r.URL.Path]
		seen[r.URL.Path] = true
		if !again {
			if arrived++; arrived == 5 {
				close(all)
			}
		}
		mu.Unlock()
		if !again {
			<-all
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}))
	defer s.Close()
	var urls []string
	for i := range 5 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	res := check(t, newChecker(t, fast(), nil), urls...)
	for _, u := range urls {
		want(t, res, u, "")
	}
	paths, times := log.get()
	if len(paths) != 10 {
		t.Fatalf("the server saw %q, want each path twice", paths)
	}
	// One after the other, the retries would be two seconds apart; after
	// the one wait, they come at the slower pace of the host.
	if spread := times[9].Sub(times[5]); spread >= 2*time.Second {
		t.Errorf("the five retries came over %v, want them together after the one wait", spread)
	}
}

// TestURLBudget: a host that keeps asking to wait a second is asked
// again only while the URL's budget lasts.
func TestURLBudget(t *testing.T) {
	s := newServer(t, nil)
	s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Method+" "+r.URL.Path)
		s.mu.Unlock()
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	cfg := fast()
	cfg.Retries = 10
	// The first answer may come late on a loaded machine: the second
	// attempt starts at 1 s plus that lateness, and is allowed while it
	// is under 0.9 s; the third would start at 2 s, past the budget.
	cfg.URLBudget = 1900 * time.Millisecond
	res := check(t, newChecker(t, cfg, nil), s.URL+"/")
	want(t, res, s.URL+"/", "link-rate-limited", "(2 attempts): not checked")
	if n := len(s.log()); n != 2 {
		t.Errorf("the server saw %d requests, want 2: the third wait would end past the budget", n)
	}
}

// TestHeadFallback: servers that answer HEAD wrongly (403, 404, 400, no
// answer in time, a reset connection) and GET rightly are fine: GET is
// asked before anything is reported.
func TestHeadFallback(t *testing.T) {
	headOnly := func(bad func(w http.ResponseWriter, r *http.Request)) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodHead {
				bad(w, r)
			}
		}
	}
	s := newServer(t, map[string]http.HandlerFunc{
		"/403":  headOnly(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(403) }),
		"/404":  headOnly(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(404) }),
		"/400":  headOnly(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(400) }),
		"/hang": headOnly(func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }),
		"/reset": headOnly(func(w http.ResponseWriter, _ *http.Request) {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				_ = conn.(*net.TCPConn).SetLinger(0) // a reset, not a close: the error changes nothing
				conn.Close()
			}
		}),
		"/gone": status(404),
	})
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	cfg := fast()
	cfg.Timeout = 500 * time.Millisecond
	cfg.Retries = 0
	paths := []string{"/403", "/404", "/400", "/hang", "/reset"}
	var urls []string
	for _, p := range paths {
		urls = append(urls, s.URL+p)
	}
	res := check(t, newChecker(t, cfg, nil), append(urls, s.URL+"/gone")...)
	for _, u := range urls {
		want(t, res, u, "")
	}
	for _, p := range paths {
		// Go's transport itself sends a HEAD again on a reset.
		if log := s.log(); !slices.Contains(log, "HEAD "+p) || !slices.Contains(log, "GET "+p) {
			t.Errorf("%s: requests %q, want HEAD then GET", p, log)
		}
	}
	// A link that GET finds gone too is reported.
	want(t, res, s.URL+"/gone", "link-client-error", "returns 404 not found")
}

// TestWorkerPool: many URLs start a bounded number of goroutines, not
// one each.
func TestWorkerPool(t *testing.T) {
	var most atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		n := int64(runtime.NumGoroutine())
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
	}))
	defer s.Close()
	var urls []string
	for i := range 1000 {
		urls = append(urls, fmt.Sprintf("%s/%d", s.URL, i))
	}
	cfg := fast()
	cfg.Concurrency = 8
	cfg.PerHost = 8
	before := runtime.NumGoroutine()
	res := check(t, newChecker(t, cfg, nil), urls...)
	if len(res) != 1000 {
		t.Fatalf("%d results, want 1000", len(res))
	}
	// 8 workers, their 8 connections on both sides, and a few more.
	if extra := most.Load() - int64(before); extra > 60 {
		t.Errorf("%d goroutines more than before during the run, for 1000 URLs and 8 workers", extra)
	}
}

// TestNoRetryPermanent: a host name that does not exist and a certificate
// that does not verify are asked once, HEAD only: neither changes with
// time or method.
func TestNoRetryPermanent(t *testing.T) {
	var dials atomic.Int32
	cfg := fast()
	cfg.Client = &http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			dials.Add(1)
			return nil, &net.DNSError{Err: "no such host", Name: "docs.example", IsNotFound: true}
		},
	}}
	var sl sleeps
	res := check(t, newChecker(t, cfg, &sl), "https://docs.example/")
	want(t, res, "https://docs.example/", "link-network", `no such host "docs.example"`)
	if n := dials.Load(); n != 1 || len(sl.waits()) != 0 {
		t.Errorf("no such host: %d dials, waits %v; want one dial, no wait", n, sl.waits())
	}

	var conns atomic.Int32
	s := httptest.NewUnstartedServer(http.HandlerFunc(ok))
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.StartTLS()
	defer s.Close()
	res = check(t, newChecker(t, fast(), &sl), s.URL+"/")
	want(t, res, s.URL+"/", "link-network", "certificate")
	if n := conns.Load(); n != 1 || res[s.URL+"/"].Attempts != 1 {
		t.Errorf("bad certificate: %d connections, %d attempts; want one", n, res[s.URL+"/"].Attempts)
	}
}

// gzipped returns body compressed with gzip.
func gzipped(t *testing.T, body []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(body); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFragmentsCompressed: a gzip page is read for its anchors whether
// the transport asked for gzip or the server sent it unasked; a missing
// fragment is reported. A gzip bomb is read up to MaxBody, a fragment not
// found in it is not verified, and says so; so does a body in an encoding
// that is not read, or a broken gzip stream.
func TestFragmentsCompressed(t *testing.T) {
	page := gzipped(t, []byte(`<h2 id="install">Install</h2>`))
	bomb := gzipped(t, bytes.Repeat([]byte("<p>filler</p>\n"), 1<<20)) // 14 MiB
	send := func(body []byte, enc string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", enc)
			_, _ = w.Write(body) // the client reads what arrives
		}
	}
	s := newServer(t, map[string]http.HandlerFunc{
		"/gzip":   send(page, "gzip"),
		"/bomb":   send(bomb, "gzip"),
		"/br":     send([]byte("\x1b\x00"), "br"),
		"/broken": send(page[:len(page)/2], "gzip"),
	})
	for _, unasked := range []bool{false, true} {
		cfg := fast()
		cfg.MaxStream = 1 << 20
		if unasked {
			cfg.Client = &http.Client{Transport: &http.Transport{DisableCompression: true}}
		}
		res := check(t, newChecker(t, cfg, nil), s.URL+"/gzip#install", s.URL+"/gzip#usage",
			s.URL+"/bomb#late", s.URL+"/br#x", s.URL+"/broken#x")
		want(t, res, s.URL+"/gzip#install", "")
		want(t, res, s.URL+"/gzip#usage", "link-fragment", `the fragment "usage" matches no id or anchor name`)
		// The bomb is read up to MaxBody, then MaxStream more (1 MiB
		// here: its 14 MiB are more) for the fragment alone.
		want(t, res, s.URL+"/bomb#late", "link-fragment", `the fragment "late" could not be verified: it is not in the first 2 MiB`, "up to 1 MiB more")
		for u, w := range map[string]string{
			"/br#x":     `could not be verified: its body is in the "br" encoding, which is not read`,
			"/broken#x": "could not be verified: its body cannot be read",
		} {
			want(t, res, s.URL+u, "link-fragment", w)
			if !res[s.URL+u].Unchecked {
				t.Errorf("unasked %v: %s: not unchecked", unasked, u)
			}
		}
	}
}

// TestFragmentBeyondBound: a fragment past MaxBody of a long page is
// looked for in the rest, up to MaxStream: found, or reported missing
// when the page was read to its end; past MaxStream it is unverified, a
// finding that says so and fails nothing.
func TestFragmentBeyondBound(t *testing.T) {
	long := strings.Repeat("<p>filler</p>", 200) + `<p id="late">` + strings.Repeat("<p>filler</p>", 200) + `<p id="later">`
	s := newServer(t, map[string]http.HandlerFunc{"/long": htmlPage(`<p id="early">` + long)})
	cfg := fast()
	cfg.MaxBody = 1 << 10
	res := check(t, newChecker(t, cfg, nil), s.URL+"/long#late", s.URL+"/long#early", s.URL+"/long#nowhere")
	want(t, res, s.URL+"/long#early", "")
	want(t, res, s.URL+"/long#late", "")
	want(t, res, s.URL+"/long#nowhere", "link-fragment", "matches no id or anchor name")
	cfg.MaxStream = 3 << 10 // reaches #late, not #later
	res = check(t, newChecker(t, cfg, nil), s.URL+"/long#late", s.URL+"/long#later")
	want(t, res, s.URL+"/long#late", "")
	w := fmt.Sprintf("the fragment %q could not be verified: it is not in the first 1 KiB of %q, and the rest of the page (up to 3 KiB more) was not read to its end", "later", s.URL+"/long")
	want(t, res, s.URL+"/long#later", "link-fragment", w)
	if !res[s.URL+"/long#later"].Unchecked {
		t.Errorf("#later: not unchecked")
	}
}

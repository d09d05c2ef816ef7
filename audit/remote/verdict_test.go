package remote

import (
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestVerdicts: a 404, a 410, a name that does not resolve and a
// redirect loop are permanent, reported on the first run; a 5xx, a 429,
// a timeout and a bot wall's 403 are transient, and unconfirmed until
// they have failed in ConfirmRuns runs over ConfirmSpan. A transient
// failure that recovers forgets its history.
func TestVerdicts(t *testing.T) {
	var recovered atomic.Bool
	s := newServer(t, map[string]http.HandlerFunc{
		"/404":  status(404),
		"/410":  status(410),
		"/loop": redirectTo(301, "/loop"),
		"/500":  status(500),
		"/wall": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Cf-Mitigated", "challenge")
			w.WriteHeader(403)
		},
		"/403": status(403),
		"/flaky": func(w http.ResponseWriter, _ *http.Request) {
			if !recovered.Load() {
				w.WriteHeader(503)
			}
		},
	})
	// A host that answers 429 is given up for the run: it has one of its own.
	limited := newServer(t, map[string]http.HandlerFunc{"/429": status(429)})
	cfg := fast()
	cfg.Retries = 0
	cfg.Cache = filepath.Join(t.TempDir(), "links.json")
	permanent := []string{"/404", "/410", "/loop", "/403"}
	transient := []string{"/500", "/429", "/wall", "/flaky"}
	var urls []string
	for _, p := range append(permanent, transient...) {
		urls = append(urls, s.URL+p)
	}
	urls[len(permanent)+1] = limited.URL + "/429"
	url := func(p string) string {
		if p == "/429" {
			return limited.URL + p
		}
		return s.URL + p
	}
	start := time.Now()
	run := func(at time.Duration, only ...string) map[string]Result {
		if only == nil {
			only = urls
		}
		return check(t, newCheckerAt(t, cfg, func() time.Time { return start.Add(at) }), only...)
	}
	res := run(0)
	for _, p := range permanent {
		if r := res[s.URL+p]; r.Category == "" || r.Transient || r.Unconfirmed {
			t.Errorf("%s: %+v, want a permanent failure, reported", p, r)
		}
	}
	for _, p := range transient {
		r := res[url(p)]
		if r.Category == "" || !r.Transient || !r.Unconfirmed || r.Runs != 1 || !strings.Contains(r.Message, "unconfirmed: it failed in 1 run, and fails the check once it has failed in 3 runs over 24h0m0s") {
			t.Errorf("%s: %+v, want a transient failure, unconfirmed after 1 run", p, r)
		}
	}
	if r := res[s.URL+"/wall"]; !strings.Contains(r.Message, "bot wall") {
		t.Errorf("/wall: message %q does not name the bot wall", r.Message)
	}
	// Three runs, but within 24 hours: still unconfirmed.
	run(2 * time.Hour)
	res = run(4 * time.Hour)
	if r := res[s.URL+"/500"]; !r.Unconfirmed || r.Runs != 3 {
		t.Errorf("third run 4 hours on: %+v, want unconfirmed after 3 runs", r)
	}
	recovered.Store(true)
	res = run(25 * time.Hour)
	for _, p := range []string{"/500", "/429", "/wall"} {
		if r := res[url(p)]; r.Unconfirmed || r.Runs != 4 || !strings.Contains(r.Message, "confirmed: it failed in 4 runs since") {
			t.Errorf("%s a day on: %+v, want confirmed after 4 runs", p, r)
		}
	}
	if r := res[s.URL+"/flaky"]; r.Category != "" {
		t.Errorf("/flaky after it recovered: %+v, want fine", r)
	}
	recovered.Store(false)
	res = run(25*time.Hour+cfg.CacheTTL, s.URL+"/flaky")
	if r := res[s.URL+"/flaky"]; !r.Unconfirmed || r.Runs != 1 {
		t.Errorf("/flaky failing again: %+v, want a fresh history of 1 run", r)
	}
}

// TestNoCacheUnconfirmed: without a cache a transient failure cannot be
// confirmed, and CheckLinks says so.
func TestNoCacheUnconfirmed(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/500": status(500), "/404": status(404)})
	cfg := fast()
	cfg.Retries = 0
	verdicts, warns := newChecker(t, cfg, nil).CheckLinks(t.Context(), []string{s.URL + "/500", s.URL + "/404"})
	if v := verdicts[s.URL+"/500"]; v.Verdict != "unconfirmed" || !strings.Contains(v.Message, "without a cache it cannot be confirmed") {
		t.Errorf("/500: %+v, want unconfirmed", v)
	}
	if v := verdicts[s.URL+"/404"]; v.Verdict != "" || v.Category != "link-client-error" {
		t.Errorf("/404: %+v, want a failure", v)
	}
	if !strings.Contains(strings.Join(warns, "\n"), "1 link unconfirmed: transient failures cannot be confirmed without a cache") {
		t.Errorf("warnings %q", warns)
	}
}

// TestHangingHost: a host that does not answer is given up after
// hangAfter timeouts in a row: its other links are not sent, and end
// unconfirmed timeouts, so that the run takes about one timeout, not one
// per link.
func TestHangingHost(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }})
	cfg := fast()
	cfg.Timeout = 200 * time.Millisecond
	cfg.PerHost = 1
	var urls []string
	for i := range 10 {
		urls = append(urls, s.URL+"/?"+string(rune('a'+i)))
	}
	begin := time.Now()
	res := check(t, newChecker(t, cfg, nil), urls...)
	if d := time.Since(begin); d > 10*cfg.Timeout {
		t.Errorf("10 links to a hanging host took %v, want about %d timeouts", d, hangAfter)
	}
	if n := len(s.log()); n > hangAfter+1 {
		t.Errorf("the hanging host got %d requests %q, want at most %d", n, s.log(), hangAfter+1)
	}
	for _, u := range urls {
		want(t, res, u, "link-timeout")
		if !res[u].Unconfirmed {
			t.Errorf("%s: not unconfirmed", u)
		}
	}
}

// TestGetByDefault: by default each URL is one GET, whatever it answers:
// no HEAD to send again as GET when it fails.
func TestGetByDefault(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/ok": ok, "/gone": status(404), "/head403": func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			w.WriteHeader(403)
		}
	}})
	cfg := DefaultConfig()
	cfg.MinInterval = 0
	res := check(t, newChecker(t, cfg, nil), s.URL+"/ok", s.URL+"/gone", s.URL+"/head403")
	want(t, res, s.URL+"/ok", "")
	want(t, res, s.URL+"/head403", "")
	want(t, res, s.URL+"/gone", "link-client-error", "404")
	if got := s.log(); len(got) != 3 || strings.Contains(strings.Join(got, " "), "HEAD") {
		t.Errorf("requests %q, want one GET each", got)
	}
}

// TestConfirmAtOnce: with ConfirmRuns 0 (or 1) every failure fails the
// check on the first run, cache or not.
func TestConfirmAtOnce(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/500": status(500)})
	cfg := fast()
	cfg.Retries, cfg.ConfirmRuns = 0, 0
	res := check(t, newChecker(t, cfg, nil), s.URL+"/500")
	if r := res[s.URL+"/500"]; r.Category != "link-server-error" || !r.Transient || r.Unconfirmed {
		t.Errorf("%+v, want a transient failure, confirmed", r)
	}
}

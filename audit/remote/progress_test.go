package remote

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestProgressLog: for a log (stderr not a terminal), the progress is a
// whole line every ProgressEvery, with checked/total, requests in flight
// and the slowest host, never a carriage return or an escape sequence.
func TestProgressLog(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, map[string]http.HandlerFunc{
		"/fast": ok,
		"/slow": func(http.ResponseWriter, *http.Request) { <-release },
	})
	prog := &lines{}
	n := 0
	prog.onWrite = func(line string) {
		if n++; n == 3 {
			close(release)
		}
	}
	cfg := fast()
	cfg.Progress, cfg.ProgressLog, cfg.ProgressEvery = prog, true, 10*time.Millisecond
	check(t, newChecker(t, cfg, nil), s.URL+"/fast", s.URL+"/slow")
	out := prog.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Errorf("progress %q holds a carriage return or an escape", out)
	}
	line := regexp.MustCompile(`^links: [0-2]/2 checked, [0-9]+ in flight(, slowest host: 127\.0\.0\.1:[0-9]+ \([0-9.]+m?s a request\))?$`)
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) < 3 {
		t.Errorf("progress %q: want 3 lines at least", out)
	}
	for _, l := range got {
		if !line.MatchString(l) {
			t.Errorf("progress line %q does not match %s", l, line)
		}
	}
	if !strings.Contains(out, "links: 1/2 checked, 1 in flight") {
		t.Errorf("progress %q: want a line with /fast done and /slow in flight", out)
	}
}

// TestOneHostPace: with the default per-host interval, 5,000 URLs on one
// host that answers at once are booked within 40 s: the interval, not
// the per-host limit of requests in flight, sets the pace, and it is a
// setting (Config.MinInterval, -per-host-interval).
func TestOneHostPace(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	cfg := DefaultConfig()
	var sl sleeps
	c := newChecker(t, cfg, &sl)
	now := time.Now()
	c.now = func() time.Time { return now } // the waits are booked, not waited
	var urls []string
	for i := range 5000 {
		urls = append(urls, fmt.Sprintf("%s/?%d", s.URL, i))
	}
	res := check(t, c, urls...)
	if len(res) != 5000 || len(s.log()) != 5000 {
		t.Fatalf("%d results, %d requests, want 5000 of each", len(res), len(s.log()))
	}
	waits := sl.waits()
	if last := waits[len(waits)-1]; last >= 40*time.Second || last < 4999*DefaultMinInterval {
		t.Errorf("the last of 5,000 requests starts %v after the first, want %v", last, 4999*DefaultMinInterval)
	}
}

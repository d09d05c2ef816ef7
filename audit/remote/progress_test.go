package remote

import (
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

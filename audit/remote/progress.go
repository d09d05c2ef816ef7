package remote

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

const (
	// progressEvery is how often the status line is redrawn at most.
	progressEvery = 100 * time.Millisecond
	// progressHosts is how many hosts in flight the line names.
	progressHosts = 3
	// progressLogEvery is how often a line goes to a log.
	progressLogEvery = 10 * time.Second
)

// progress draws a status line that is rewritten in place.
type progress struct {
	c     *Checker
	w     io.Writer
	total int
	stop  chan struct{}

	log bool // a line every ProgressEvery, for a log: nothing rewritten

	mu       sync.Mutex
	done     int
	drawn    time.Time
	finished bool
}

// newProgress starts the status line of total fetches; nil when the
// configuration has no Progress writer.
func newProgress(c *Checker, total int) *progress {
	if c.cfg.Progress == nil || total == 0 {
		return nil
	}
	p := &progress{c: c, w: c.cfg.Progress, total: total, stop: make(chan struct{}), log: c.cfg.ProgressLog}
	if p.log {
		go p.every(cmp.Or(c.cfg.ProgressEvery, progressLogEvery), p.logLine)
		return p
	}
	p.draw(true)
	// Redraw while nothing completes, for the hosts in flight.
	go p.every(4*progressEvery, func() { p.draw(true) })
	return p
}

// every calls fn each d until the progress stops.
func (p *progress) every(d time.Duration, fn func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			fn()
		case <-p.stop:
			return
		}
	}
}

// step counts one fetch done.
func (p *progress) step() {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.done++
	p.mu.Unlock()
	if !p.log {
		p.draw(false)
	}
}

// logLine writes a line for a log: "links: 120/476 checked, 12 in
// flight, slowest host: a.example (2.1s a request)".
func (p *progress) logLine() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	inflight := 0
	slowest, worst := "", time.Duration(0)
	p.c.mu.Lock()
	for _, h := range p.c.hosts {
		_, _, k := h.state()
		inflight += k
		if d := h.meanLatency(); d > worst {
			slowest, worst = h.name, d
		}
	}
	p.c.mu.Unlock()
	// One write a line, so that lines of a log do not interleave.
	line := fmt.Sprintf("links: %d/%d checked, %d in flight", p.done, p.total, inflight)
	if slowest != "" {
		line += fmt.Sprintf(", slowest host: %s (%v a request)", slowest, worst.Round(time.Millisecond))
	}
	fmt.Fprintln(p.w, line)
}

// draw rewrites the line, unless it was drawn less than progressEvery
// ago and force is false.
func (p *progress) draw(force bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.c.now()
	if p.finished || !force && p.done < p.total && now.Sub(p.drawn) < progressEvery {
		return
	}
	p.drawn = now
	fmt.Fprintf(p.w, "\rlinks: %d/%d checked%s\x1b[K", p.done, p.total, p.c.inFlight(progressHosts))
}

// finish clears the line.
func (p *progress) finish() {
	if p == nil {
		return
	}
	close(p.stop)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished = true
	if !p.log {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// inFlight returns "; in flight: a.example (3), b.example (1)" for the n
// hosts with the most requests in flight, and how many more there are.
func (c *Checker) inFlight(n int) string {
	type busy struct {
		name string
		n    int
	}
	var hosts []busy
	c.mu.Lock()
	for _, h := range c.hosts {
		if _, _, k := h.state(); k > 0 {
			hosts = append(hosts, busy{h.name, k})
		}
	}
	c.mu.Unlock()
	if len(hosts) == 0 {
		return ""
	}
	slices.SortFunc(hosts, func(a, b busy) int { return cmp.Or(b.n-a.n, strings.Compare(a.name, b.name)) })
	var b strings.Builder
	b.WriteString("; in flight: ")
	for i, h := range hosts[:min(n, len(hosts))] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%d)", h.name, h.n)
	}
	if len(hosts) > n {
		fmt.Fprintf(&b, " and %d more hosts", len(hosts)-n)
	}
	return b.String()
}

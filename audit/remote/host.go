package remote

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"time"
)

// The slowdown of a host that answers 429: each episode halves its limit
// and at least doubles the interval between its requests, from slowStart
// up to slowMax; recoverAfter answers other than 429 in a row, to
// requests sent at the slower pace, undo one step. A host that answers
// 429 at the slowest pace is given up.
const (
	slowStart    = 100 * time.Millisecond
	slowMax      = 4 * time.Second
	recoverAfter = 4
)

// host paces the requests to one host: at most limit in flight, their
// starts at least interval apart, none before next.
type host struct {
	name string
	// perHost and minInterval are the configured pace, which a host
	// that stops answering 429 recovers.
	perHost     int
	minInterval time.Duration
	// settings are the request settings of the host, from Config.Hosts.
	settings *requestSettings

	mu       sync.Mutex
	limit    int
	active   int       // slots held
	waiters  []waiter  // retries first, then first come, first served
	next     time.Time // earliest start of the next request
	interval time.Duration
	inflight int // requests sent and not yet answered

	// The 429 episodes: slowedAt is when the last slowdown began (zero
	// when the host runs at its configured pace), good counts the
	// answers other than 429 since, to requests sent after it.
	slowedAt  time.Time
	good      int
	limited   int // 429 answers in the run
	slowdowns int // episodes
	// gaveUp: a link of this host ended rate limited, so the links not
	// yet sent are not sent at all.
	gaveUp bool

	// latency and answers sum up the time requests took, answered or
	// not, for the progress lines.
	latency time.Duration
	answers int

	// timeouts counts the requests that timed out since the host last
	// answered; at hangAfter, its links not yet sent are not sent.
	timeouts     int
	everAnswered bool

	// dispatched is how many workers hold a link of this host (see
	// dispatcher); guarded by the dispatcher's lock.
	dispatched int
}

func newHost(name string, perHost int, minInterval time.Duration) *host {
	return &host{name: name, perHost: perHost, minInterval: minInterval, limit: perHost, interval: minInterval}
}

// waiter is a request waiting for a slot of its host.
type waiter struct {
	ch    chan struct{}
	retry bool
}

// enter waits for a slot of h; a retry goes before the requests of URLs
// not tried yet. On success the caller must call leave.
func (h *host) enter(ctx context.Context, retry bool) error {
	h.mu.Lock()
	if h.active < h.limit && len(h.waiters) == 0 {
		h.active++
		h.mu.Unlock()
		return nil
	}
	w := waiter{ch: make(chan struct{}), retry: retry}
	i := len(h.waiters)
	if retry {
		i = slices.IndexFunc(h.waiters, func(w waiter) bool { return !w.retry })
		if i < 0 {
			i = len(h.waiters)
		}
	}
	h.waiters = slices.Insert(h.waiters, i, w)
	h.mu.Unlock()
	select {
	case <-w.ch:
		return nil
	case <-ctx.Done():
		h.mu.Lock()
		defer h.mu.Unlock()
		if i := slices.IndexFunc(h.waiters, func(x waiter) bool { return x.ch == w.ch }); i >= 0 {
			h.waiters = slices.Delete(h.waiters, i, i+1)
		} else {
			// The slot was handed over as ctx ended: pass it on.
			h.leaveLocked()
		}
		return ctx.Err()
	}
}

// leave gives a slot back, to the first waiter if the limit allows.
func (h *host) leave() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.leaveLocked()
}

func (h *host) leaveLocked() {
	if h.active <= h.limit && len(h.waiters) > 0 {
		close(h.waiters[0].ch)
		h.waiters = h.waiters[1:]
		return
	}
	h.active--
}

// book reserves the earliest start allowed after now and returns how
// long to wait for it.
func (h *host) book(now time.Time) time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	start := now
	if h.next.After(start) {
		start = h.next
	}
	h.next = start.Add(h.interval)
	return start.Sub(now)
}

// paceSlack is how long after a change of pace a request must have been
// sent to have been sent at that pace: the 429s of one burst, sent before
// the host slowed down or as it did, are one episode.
const paceSlack = 100 * time.Millisecond

// answered records the status of an answer to a request sent at sent.
// A 429 to a request sent at the current pace (or to the first) slows
// the host down one step: the 429s of a burst sent at a faster pace are
// one episode, and slow it down once. A 429 at the slowest pace gives the
// host up. Answers other than 429 to requests sent at the slower pace
// count towards recovering a step.
func (h *host) answered(status int, sent, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.timeouts, h.everAnswered = 0, true
	current := h.slowedAt.IsZero() || sent.After(h.slowedAt.Add(paceSlack))
	if status == http.StatusTooManyRequests {
		h.limited++
		h.good = 0
		if !current {
			return
		}
		if h.limit == 1 && h.interval >= slowMax {
			h.gaveUp = true
			return
		}
		h.limit = max(1, h.limit/2)
		h.interval = min(max(2*h.interval, slowStart), max(slowMax, h.interval))
		h.slowedAt = now
		h.slowdowns++
		return
	}
	if h.slowedAt.IsZero() || !current {
		return
	}
	if h.good++; h.good < recoverAfter {
		return
	}
	h.good = 0
	h.limit = min(h.perHost, 2*h.limit)
	h.interval /= 2
	if h.interval < slowStart {
		h.interval = h.minInterval
	}
	if h.limit == h.perHost && h.interval == h.minInterval {
		h.slowedAt = time.Time{}
	} else {
		h.slowedAt = now
	}
	// Waiters that the higher limit lets in go now.
	for h.active < h.limit && len(h.waiters) > 0 {
		h.active++
		close(h.waiters[0].ch)
		h.waiters = h.waiters[1:]
	}
}

// giveUp marks h as a host that rate limits this run past the budget.
func (h *host) giveUp() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.gaveUp = true
}

// rateLimited returns whether h answered 429 in this run and whether it
// was given up on.
func (h *host) rateLimited() (limited int, gaveUp bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.limited, h.gaveUp
}

func (h *host) sending(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.inflight += n
}

// state returns the limit, interval and requests in flight of h.
func (h *host) state() (limit int, interval time.Duration, inflight int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.limit, h.interval, h.inflight
}

// dispatcher hands the links to check to a bounded pool of workers, one
// link at a time, taking turns among the hosts, and never more links of
// a host than its limit: a link waiting to be retried keeps its worker,
// so the links of a host that slowed down wait for its retries to be done
// before they start, and a host that slows down holds few workers.
type dispatcher struct {
	c *Checker

	mu      sync.Mutex
	cond    *sync.Cond
	queues  map[*host][]*group
	order   []*host // round robin
	turn    int
	left    int
	stopped bool
}

func newDispatcher(c *Checker, groups []*group) *dispatcher {
	d := &dispatcher{c: c, queues: make(map[*host][]*group)}
	d.cond = sync.NewCond(&d.mu)
	for _, g := range groups {
		if _, ok := d.queues[g.host]; !ok {
			d.order = append(d.order, g.host)
		}
		d.queues[g.host] = append(d.queues[g.host], g)
		d.left++
	}
	return d
}

// next returns the next link to check, waiting for one whose host has
// room; nil when none is left or stop was called. The worker must call
// done with it.
func (d *dispatcher) next() *group {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		if d.stopped || d.left == 0 {
			return nil
		}
		for i := range d.order {
			h := d.order[(d.turn+i)%len(d.order)]
			q := d.queues[h]
			if len(q) == 0 {
				continue
			}
			limit, _, _ := h.state()
			if _, gaveUp := h.rateLimited(); h.dispatched >= limit && !gaveUp {
				continue
			}
			d.queues[h] = q[1:]
			d.left--
			h.dispatched++
			d.turn = (d.turn + i + 1) % len(d.order)
			return q[0]
		}
		d.cond.Wait()
	}
}

// done gives back the worker of g, which may let another link of its
// host start.
func (d *dispatcher) done(g *group) {
	d.mu.Lock()
	g.host.dispatched--
	d.mu.Unlock()
	d.cond.Broadcast()
}

// stop makes next return nil from now on.
func (d *dispatcher) stop() {
	d.mu.Lock()
	d.stopped = true
	d.mu.Unlock()
	d.cond.Broadcast()
}

// hangAfter is how many requests to a host must time out in a row, with
// no answer between them, for its links not yet sent to be given up: a
// hanging host costs the run one timeout, not one per link.
const hangAfter = 3

// timedOut counts a request to h that timed out.
func (h *host) timedOut() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.timeouts++
}

// hanging reports whether h timed out hangAfter times in a row.
func (h *host) hanging() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.timeouts >= hangAfter
}

// observe counts a request to h that took d, answered or not.
func (h *host) observe(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.latency += d
	h.answers++
}

// meanLatency returns the mean time of a request to h; 0 before any.
func (h *host) meanLatency() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.answers == 0 {
		return 0
	}
	return h.latency / time.Duration(h.answers)
}

// hold makes the next request to h start no earlier than t: the reset
// of a rate limit that is used up.
func (h *host) hold(t time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t.After(h.next) {
		h.next = t
	}
}

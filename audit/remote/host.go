package remote

import (
	"context"
	"slices"
	"sync"
	"time"
)

// The slowdown of a host that answers 429: the interval between its
// requests at least doubles, from slowStart up to slowMax.
const (
	slowStart = 250 * time.Millisecond
	slowMax   = 4 * time.Second
)

// host paces the requests to one host: at most limit in flight, their
// starts at least interval apart, none before next.
type host struct {
	name string

	mu       sync.Mutex
	limit    int
	active   int             // slots held
	waiters  []chan struct{} // first come, first served
	next     time.Time       // earliest start of the next request
	interval time.Duration
	inflight int // requests sent and not yet answered
}

// enter waits for a slot of h. On success the caller must call leave.
func (h *host) enter(ctx context.Context) error {
	h.mu.Lock()
	if h.active < h.limit && len(h.waiters) == 0 {
		h.active++
		h.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	h.waiters = append(h.waiters, ch)
	h.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		h.mu.Lock()
		defer h.mu.Unlock()
		if i := slices.Index(h.waiters, ch); i >= 0 {
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
		close(h.waiters[0])
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

// pause lets no request start before until.
func (h *host) pause(until time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if until.After(h.next) {
		h.next = until
	}
}

// slowDown halves the limit of h (down to 1) and doubles its interval
// (from slowStart up to slowMax), for good.
func (h *host) slowDown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.limit = max(1, h.limit/2)
	h.interval = min(max(2*h.interval, slowStart), max(slowMax, h.interval))
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

package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// heapRoom is how far the heap may grow before the collector runs
// while what survives a collection is small. An audit allocates about
// ten times the heap it keeps (goldmark's trees, dropped once a file is
// parsed); with Go's default (GOGC=100: collect when the heap is twice
// what survived) a tree of 10,000 files made two dozen collections that
// each marked the same kept heap: a tenth of the audit's CPU or more. A
// heap goal of 48 MiB makes four, and a tree whose kept heap is
// over 24 MiB (30,000 files) is paced as before, so that its peak stays
// what it was (docs/performance-audit.md, stop 35).
const heapRoom = 48 << 20

// paceGC sets the collector's pace, GOGC, after every collection to what
// lets the heap grow to heapRoom (gcPercent), unless GOGC is set in the
// environment: the user's choice then holds.
func paceGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var pace func()
	pace = func() {
		metrics.Read(sample)
		live := uint64(0)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live = sample[0].Value.Uint64()
		}
		debug.SetGCPercent(gcPercent(live, heapRoom))
		// A finalizer runs once its object is found unreachable, after a
		// collection: a new one each time is a call after each.
		runtime.SetFinalizer(&gcMark{}, func(*gcMark) { pace() })
	}
	pace()
}

// gcMark is an object whose finalizer paces the collector. It holds a
// pointer so that it is an object of its own (the tiny allocator packs
// pointer-free ones, whose finalizers may never run).
type gcMark struct{ _ *gcMark }

// gcPercent returns the GOGC that lets a heap of live bytes after a
// collection grow to room before the next one, and at least 100, Go's
// default, so that a large heap is never collected more often than it
// was. Before the first collection (nothing live yet) the heap grows to
// room.
func gcPercent(live, room uint64) int {
	switch {
	case live >= room/2:
		return 100
	case live == 0:
		live = 4 << 20 // the runtime's least heap goal, at GOGC=100
	}
	return int(100 * (room - live) / live)
}

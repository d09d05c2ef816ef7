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
// heap goal of 48 MiB makes four (docs/performance-audit.md, stop 35).
const heapRoom = 48 << 20

// heapShort is how much less than Go's default a heap that keeps more
// than two thirds of heapRoom may grow to: the goal is twice the kept
// heap less heapShort (Go's default less a third of the room), and never
// below heapRoom. The last collections of a large tree's parse, when it
// keeps the most, decide the run's peak memory: at Go's default, from a
// kept heap of 24 MiB on, the 30,000-file tree's peak was twice its kept
// heap of about 32 MiB plus what the parses allocated while the last cycle
// ran (85 to 100 MB resident); with the room kept up to 32 MiB it is about
// 70 MB. Above, the goal nears Go's default (GOGC 60 at 40 MiB kept, 87
// at 128 MiB), so that a much larger heap, as that of an audit with a
// site's build (-built), is not collected much more often than it was: a
// goal of one and a half times the kept heap cost the 10,000-page build
// about 5 % more CPU (docs/performance-audit.md, stop 37).
//
// No soft memory limit (debug.SetMemoryLimit) is set: a fixed one makes a
// tree whose kept heap nears it collect without pause (the runtime caps
// that at half the CPU, which is still thrashing), and a limit moved
// with the kept heap after each collection is a heap goal, which GOGC
// says without the runtime's limiter. A GOMEMLIMIT in the environment
// holds as Go documents it: the lower of its goal and ours.
const heapShort = 16 << 20

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
// collection grow to room before the next one, or to twice live less
// heapShort when that is more. Before the first collection (nothing
// live yet) the heap grows to room.
func gcPercent(live, room uint64) int {
	if live == 0 {
		live = 4 << 20 // the runtime's least heap goal, at GOGC=100
	}
	goal := room
	if 2*live > room+heapShort {
		goal = 2*live - heapShort
	}
	return int(100 * (goal - live) / live)
}

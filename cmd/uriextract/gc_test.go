package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestGCPercent(t *testing.T) {
	const room = heapRoom
	for _, tt := range []struct {
		live uint64
		want int
	}{
		{0, 1100},       // before the first collection: a heap of room
		{12 << 20, 300}, // 12 MiB kept (10,000 files): grows to 48 MiB
		{16 << 20, 200},
		{24 << 20, 100},
		{31 << 20, 54}, // 30,000 files: to 48 MiB, not 62
		{32 << 20, 50}, // two thirds of the room: twice less 16 MiB from here
		{40 << 20, 60}, // to 64 MiB
		{128 << 20, 87},
		{1 << 30, 98},
		{room, 66},
		{1 << 20, 4700},
	} {
		got := gcPercent(tt.live, room)
		if got != tt.want {
			t.Errorf("gcPercent(%d MiB) = %d, want %d", tt.live>>20, got, tt.want)
		}
	}
	// The goal never falls as the kept heap grows (no jump down at two
	// thirds of the room), is room up to there and twice the kept heap
	// less heapShort above, within the rounding of a percentage.
	last := uint64(0)
	for live := uint64(1 << 20); live <= 1<<30; live += 256 << 10 {
		p := gcPercent(live, room)
		goal := live + live*uint64(p)/100
		want := max(room, 2*live-min(2*live, heapShort))
		if goal+live/100+1 < want || goal > want {
			t.Errorf("gcPercent(%d KiB) = %d: a heap goal of %d KiB, want %d", live>>10, p, goal>>10, want>>10)
		}
		if goal+live/100+1 < last {
			t.Errorf("gcPercent(%d KiB) = %d: the goal fell from %d to %d KiB", live>>10, p, last>>10, goal>>10)
		}
		last = goal
	}
}

// TestPaceGC checks that the pace is set at once and again after each
// collection: a test binary's heap is small, so the pace is over Go's
// default of 100.
func TestPaceGC(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set: paceGC leaves the pace to it")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	paceGC()
	if p := debug.SetGCPercent(100); p <= 100 {
		t.Fatalf("after paceGC, GOGC is %d; want over 100 for a small heap", p)
	}
	// The finalizer of the collection below sets it again.
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(time.Millisecond)
		if p := debug.SetGCPercent(100); p > 100 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no collection paced the next: GOGC stayed 100")
		}
	}
}

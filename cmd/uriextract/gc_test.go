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
		{24 << 20, 100}, // half the room: Go's default
		{36 << 20, 100}, // more (30,000 files and up): never below it
		{1 << 30, 100},
		{room - 1, 100},
		{1 << 20, 4700},
	} {
		got := gcPercent(tt.live, room)
		if got != tt.want {
			t.Errorf("gcPercent(%d MiB) = %d, want %d", tt.live>>20, got, tt.want)
		}
		if tt.live > 0 && tt.live < room/2 {
			if goal := tt.live + tt.live*uint64(got)/100; goal > room {
				t.Errorf("gcPercent(%d MiB) = %d lets the heap grow to %d MiB, over %d MiB", tt.live>>20, got, goal>>20, room>>20)
			}
		}
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

//go:build race

package uri

// raceEnabled: the race detector adds allocations, so allocation counts
// are not checked under it.
const raceEnabled = true

//go:build race

package extract

// raceEnabled: the race detector adds allocations, so allocation counts
// are not checked under it.
const raceEnabled = true

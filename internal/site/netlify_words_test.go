package site

import "testing"

// TestHostRuleWordsNoAlloc: a vercel.json rule whose parameter is a list
// of words ("/:section(actions|chains)") turns a path of another word
// away without allocating: it is asked for every link's path.
func TestHostRuleWordsNoAlloc(t *testing.T) {
	r := &hostRule{from: []string{"docs", ":section(actions|chains)", "x"}, to: "/new/:section/x"}
	segs := []string{"docs", "other", "x"}
	if _, ok := r.match(segs); ok {
		t.Fatalf("match(%q) = true, want false", segs)
	}
	if n := testing.AllocsPerRun(100, func() { r.match(segs) }); n != 0 {
		t.Errorf("match(%q) allocates %v times, want 0", segs, n)
	}
	if got, ok := r.match([]string{"docs", "chains", "x"}); !ok || got != "/new/chains/x" {
		t.Errorf("match(docs/chains/x) = %q, %v, want /new/chains/x", got, ok)
	}
}

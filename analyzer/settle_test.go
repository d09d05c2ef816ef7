package analyzer

import (
	"testing"

	"github.com/urilint/urilint/internal/policy"
)

// settleTests are literals whose fixes raise or uncover more findings.
var settleTests = []struct {
	in, want string
	rounds   int
}{
	// The space hides the other findings; decoding "%41" in the host
	// makes it uppercase.
	{"HTTP://Ex%41mple.com/a b/./c", "http://example.com/a%20b/c", 3},
	// Fixing the space uncovers the lowercase escape.
	{"https://example.com/a b%2f", "https://example.com/a%20b%2F", 2},
	// One round is enough.
	{"HTTPS://example.com/", "https://example.com/", 1},
	{"https://example.com/", "https://example.com/", 0},
}

func TestSettle(t *testing.T) {
	p, err := policy.New(policy.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range settleTests {
		got, rounds := settle(p, tt.in, p.Check(tt.in))
		if got != tt.want || rounds != tt.rounds {
			t.Errorf("settle(%q) = %q, %d rounds, want %q, %d", tt.in, got, rounds, tt.want, tt.rounds)
		}
		for _, f := range p.Check(got) {
			if len(f.Fix) > 0 {
				t.Errorf("settle(%q) = %q, which still has a fix: %s", tt.in, got, f.Message)
			}
		}
	}
}

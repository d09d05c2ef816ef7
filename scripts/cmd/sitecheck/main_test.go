package main

import "testing"

// TestOlder: the Hugo that site-check found (hugo version, digits and
// dots) against a fixture's "needs" line.
func TestOlder(t *testing.T) {
	for _, tt := range []struct {
		have, need string
		want       bool
	}{
		{"0.111.3", "0.146", true},
		{"0.146.0", "0.146", false},
		{"0.146", "0.146.0", false},
		{"0.147.1", "0.146", false},
		{"0.9.0", "0.10", true},
		{"1.0.0", "0.146", false},
		{"0.123", "0.123.1", true},
	} {
		if got := older(tt.have, tt.need); got != tt.want {
			t.Errorf("older(%q, %q) = %v, want %v", tt.have, tt.need, got, tt.want)
		}
	}
}

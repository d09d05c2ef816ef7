package site

import "testing"

func TestHugoOlder(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"0.102.3", "0.123", true},
		{"0.123", "0.123.0", false},
		{"0.123.0", "0.123", false},
		{"0.59", "0.60.0", true},
		{"0.60.0", "0.60.0", false},
		{"0.152.2", "0.123", false},
		{"0.99.1", "0.100", true},
		{"1.0", "0.152.2", false},
	} {
		if got := hugoOlder(c.a, c.b); got != c.want {
			t.Errorf("hugoOlder(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

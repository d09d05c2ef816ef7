package tests

import "testing"

// A parse-error test: its malformed inputs are deliberate.
func TestParse(t *testing.T) {
	for _, in := range []string{"https://exa mple.com/", "http://[::1"} {
		_ = in
	}
}

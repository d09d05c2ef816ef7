package testson

import "testing"

// With -tests, the deliberate bad inputs of a test are reported too.
func TestParse(t *testing.T) {
	for _, in := range []string{
		"https://exa mple.com/", // want `invalid character ' ' in host`
		"http://[::1",           // want `invalid IP literal in host`
	} {
		_ = in
	}
}

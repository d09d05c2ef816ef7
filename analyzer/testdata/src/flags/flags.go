// Package flags is checked with empty-path on, dot-segments off and test
// files on.
package flags

var (
	base = "https://api.example.com" // want `the empty path of an https URI with a host should be "/"`
	dots = "https://example.com/a/../b"
	bad  = "https://example.com/a b" // want `invalid character ' '`
)

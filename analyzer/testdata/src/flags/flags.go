// Package flags is checked with empty-path on, dot-segments, missing-scheme
// and scheme-typo off, and test files on.
package flags

import (
	"net/http"
	"net/url"
)

var (
	base = "https://api.example.com" // want `the empty path of an https URI with a host should be "/"`
	dots = "https://example.com/a/../b"
	bad  = "https://example.com/a b" // want `invalid character ' '`
)

// The analyzer's own categories are off as the others are.
func off() {
	_, _ = http.Get("example.com/api")
	u, _ := url.Parse("example.com/api")
	_, _ = http.Get(u.String())
	_, _ = http.Get("htps://example.com/")
}

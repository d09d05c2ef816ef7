package site

import (
	"strings"

	"github.com/urilint/urilint/uri"
)

// EscapePath returns the slash path p as the path of a URL: each segment
// percent-encoded as RFC 3986 section 3.3 wants a segment ("pchar"), the
// slashes kept. The audit resolves links against it, and the reporters
// write the file URLs of SARIF and of the job summary with it.
func EscapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = uri.Escape(s, uri.ComponentPath)
	}
	return strings.Join(segs, "/")
}

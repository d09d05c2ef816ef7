package policy

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"

	"mvdan.cc/xurls/v2"
)

// registered holds, in lower case, the schemes that count without "//":
// every scheme of xurls.Schemes (the IANA registry), SchemesNoAuthority and
// SchemesUnofficial, less the few in proseSchemes.
var registered = func() map[string]struct{} {
	m := make(map[string]struct{}, len(xurls.Schemes)+len(xurls.SchemesNoAuthority)+len(xurls.SchemesUnofficial))
	for _, list := range [][]string{xurls.Schemes, xurls.SchemesNoAuthority, xurls.SchemesUnofficial} {
		for _, s := range list {
			m[strings.ToLower(s)] = struct{}{}
		}
	}
	for _, s := range proseSchemes {
		delete(m, s)
	}
	return m
}()

// proseSchemes are registered schemes whose "name:" form is far more often
// something else in the documents we read: "go:generate", "go:embed" and
// "go:build" are Go directives, not URIs of RFC 3368. They still count with
// "//" ("go://host").
var proseSchemes = []string{"go"}

// Registered reports whether scheme, in any case, is a registered scheme
// that counts as a URI scheme without "//" (see PlausibleOpaque for the
// rest of the test). It does not allocate.
func Registered[T ~string | ~[]byte](scheme T) bool {
	var buf [64]byte
	if len(scheme) > len(buf) {
		return false
	}
	b := buf[:len(scheme)]
	for i := range len(scheme) {
		b[i] = abnf.Lower(scheme[i])
	}
	_, ok := registered[string(b)]
	return ok
}

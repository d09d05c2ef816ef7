package extract

import (
	"strings"

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

// isRegistered reports whether scheme, in any case, is in registered.
// It does not allocate.
func isRegistered(scheme []byte) bool {
	var buf [64]byte
	if len(scheme) > len(buf) {
		return false
	}
	b := buf[:len(scheme)]
	for i, c := range scheme {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	_, ok := registered[string(b)]
	return ok
}

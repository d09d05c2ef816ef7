package policy

import "github.com/urilint/urilint/internal/abnf"

// PlausibleOpaque reports whether rest, the text after "scheme:" of a
// reference without "//", has the least shape of a URI rather than of a
// "key:value" pair of prose or code ("file:line", "tag:latest", "File: " +
// name, "file:v1"). It asks for more than one word of letters, digits, "-"
// and "_", no white space right after the colon, and for schemes whose
// shape is known, that shape: "file:/...", "data:...,...", a mailto with
// "@" (or "%40") or header fields, "tel:" and a "+" or digit, "urn:" and a
// namespace with its ":". The Go analyzer and the document extractor both
// ask it, so "file:v1" is no URI in either.
func PlausibleOpaque[T ~string | ~[]byte](scheme, rest T) bool {
	if len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' {
		return false
	}
	word := true
	at, comma, colon := false, false, false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case abnf.Is(c, abnf.Alpha|abnf.Digit) || c == '-' || c == '_':
			continue
		case c == '@':
			at = true
		case c == ',':
			comma = true
		case c == ':':
			colon = true
		case c == '%' && i+2 < len(rest) && rest[i+1] == '4' && rest[i+2] == '0':
			at = true
		}
		word = false
	}
	if word {
		return false
	}
	switch {
	case abnf.FoldEq("file", scheme):
		return rest[0] == '/'
	case abnf.FoldEq("data", scheme):
		return comma
	case abnf.FoldEq("mailto", scheme):
		return at || rest[0] == '?'
	case abnf.FoldEq("tel", scheme):
		return rest[0] == '+' || abnf.Is(rest[0], abnf.Digit)
	case abnf.FoldEq("urn", scheme):
		return colon
	}
	return true
}

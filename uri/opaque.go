package uri

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
		case is(c, cAlpha|cDigit) || c == '-' || c == '_':
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
	case foldEq("file", scheme):
		return rest[0] == '/'
	case foldEq("data", scheme):
		return comma
	case foldEq("mailto", scheme):
		return at || rest[0] == '?'
	case foldEq("tel", scheme):
		return rest[0] == '+' || is(rest[0], cDigit)
	case foldEq("urn", scheme):
		return colon
	}
	return true
}

// foldEq reports whether lowercase name equals s in any case.
func foldEq[T ~string | ~[]byte](name string, s T) bool {
	if len(s) != len(name) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != name[i] {
			return false
		}
	}
	return true
}

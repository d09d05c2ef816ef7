package uri

//go:generate go run gen_chars.go

func is(c byte, class uint16) bool { return charClass[c]&class != 0 }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}

const upperHex = "0123456789ABCDEF"

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// hasUpper reports whether s holds an ASCII upper-case letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// IsSchemeChar reports whether c may appear in a scheme after its first
// letter: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
// Scanners use it to find candidate schemes in running text.
func IsSchemeChar(c byte) bool { return is(c, cScheme) }

// SchemeBefore returns where the scheme starts that ends at b[colon]: it walks
// back from colon over scheme characters, not before lo, then forward to
// the first letter, so that "(1http:" yields the offset of "h". It returns
// colon when no scheme ends there.
func SchemeBefore[T ~string | ~[]byte](b T, lo, colon int) int {
	s := colon
	for s > lo && is(b[s-1], cScheme) {
		s--
	}
	for s < colon && !is(b[s], cAlpha) {
		s++
	}
	return s
}

// IsURIChar reports whether c may stand as itself somewhere in a URI
// reference: an unreserved or reserved character, or the "%" of a
// percent-encoding. Any other byte must be percent-encoded wherever it is.
func IsURIChar(c byte) bool {
	return is(c, cUnreserved|cSubDelim|cGenDelim) || c == '%'
}

// IsPercentEncoded reports whether s[i:] begins with a percent-encoding:
// pct-encoded = "%" HEXDIG HEXDIG.
func IsPercentEncoded(s string, i int) bool {
	return i >= 0 && i+2 < len(s) && s[i] == '%' && is(s[i+1], cHex) && is(s[i+2], cHex)
}

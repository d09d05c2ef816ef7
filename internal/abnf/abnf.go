// Package abnf holds the character classes of RFC 3986 Appendix A and the
// byte-level helpers built on them. Package uri parses with them, and the
// front ends' candidate policy (internal/policy) scans text with them, so
// the grammar's characters are written down once, in the generated table.
package abnf

import "strings"

//go:generate go run gen_table.go

// Is reports whether c belongs to one of the classes in the class mask.
func Is(c byte, class uint16) bool { return classOf[c]&class != 0 }

// UpperHex is the digit set of a normalized percent-encoding (section
// 6.2.2.1: "uppercase hexadecimal digits").
const UpperHex = "0123456789ABCDEF"

// Unhex returns the value of the hex digit c, or 0 when c is none.
func Unhex(c byte) byte {
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

// PctByte decodes the percent-encoding that starts at s[i]
// (pct-encoded = "%" HEXDIG HEXDIG) and reports whether there is one.
func PctByte[T ~string | ~[]byte](s T, i int) (byte, bool) {
	if i < 0 || i+2 >= len(s) || s[i] != '%' || !Is(s[i+1], Hex) || !Is(s[i+2], Hex) {
		return 0, false
	}
	return Unhex(s[i+1])<<4 | Unhex(s[i+2]), true
}

// Lower returns the ASCII letter c in lower case, and any other byte as is.
func Lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// HasUpper reports whether s holds an ASCII upper-case letter.
func HasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// FoldEq reports whether s equals name, which is in lower case, in any
// ASCII case. Unlike strings.EqualFold it takes bytes too and never
// allocates or folds non-ASCII.
func FoldEq[T ~string | ~[]byte](name string, s T) bool {
	if len(s) != len(name) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if Lower(s[i]) != name[i] {
			return false
		}
	}
	return true
}

// IsURIChar reports whether c may stand as itself somewhere in a URI
// reference: an unreserved or reserved character, or the "%" of a
// percent-encoding. Any other byte must be percent-encoded wherever it is.
func IsURIChar(c byte) bool {
	return Is(c, Unreserved|SubDelim|GenDelim) || c == '%'
}

// SchemeLen returns the length of the scheme when s starts with
// scheme ":" (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), and
// 0 otherwise.
func SchemeLen[T ~string | ~[]byte](s T) int {
	if len(s) == 0 || !Is(s[0], Alpha) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return i
		}
		if !Is(c, Scheme) {
			return 0
		}
	}
	return 0
}

// SchemeBefore returns where the scheme starts that ends at b[colon]: it
// walks back from colon over scheme characters, not before lo, then
// forward to the first letter, so that "(1http:" yields the offset of
// "h". It returns colon when no scheme ends there.
func SchemeBefore[T ~string | ~[]byte](b T, lo, colon int) int {
	s := colon
	for s > lo && Is(b[s-1], Scheme) {
		s--
	}
	for s < colon && !Is(b[s], Alpha) {
		s++
	}
	return s
}

// AuthoritySpan finds the authority of s by the delimiters of Appendix B
// alone: after the scheme's ":", "//", then up to "/", "?" or "#". Unlike
// a parser it works on malformed references too, which is what redaction
// and placeholder detection need.
func AuthoritySpan(s string) (start, end int, ok bool) {
	i := SchemeLen(s)
	if i > 0 {
		i++
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	start, end = i+2, len(s)
	if k := strings.IndexAny(s[start:], "/?#"); k >= 0 {
		end = start + k
	}
	return start, end, true
}

package analyzer

import (
	"errors"
	"strings"

	"github.com/urilint/urilint/uri"
)

// opaqueSchemes are the well-known schemes whose URIs have no authority
// ("mailto:x@example.com"): a string starting with one is a URI even
// without "//".
var opaqueSchemes = []string{"mailto", "urn", "tel", "news", "data", "file"}

// isURIPrefix reports whether v starts like a URI: a scheme and "://", or
// a well-known scheme without authority and ":".
func isURIPrefix(v string) bool {
	scheme, rest, ok := uri.SplitScheme(v)
	if !ok {
		return false
	}
	if strings.HasPrefix(rest, "//") {
		return true
	}
	for _, s := range opaqueSchemes {
		if strings.EqualFold(scheme, s) {
			return true
		}
	}
	return false
}

// isURI reports whether the whole of v is meant as a URI: it starts like
// one, it is more than a bare prefix ("http://", "mailto:"), and it is
// not prose or a list that merely starts with one.
func isURI(v string) bool {
	if !isURIPrefix(v) {
		return false
	}
	_, rest, _ := uri.SplitScheme(v)
	if rest == "" || rest == "//" {
		return false
	}
	return !isProse(v)
}

// isProse reports whether v holds words after a URI: white space followed
// by more text. A single space inside an otherwise plain URI
// ("https://example.com/my file.pdf") is a malformed URI, not prose.
func isProse(v string) bool {
	i := strings.IndexAny(v, " \t\n\r")
	if i < 0 {
		return false
	}
	if strings.ContainsAny(v, "\t\n\r") {
		return true
	}
	// Two or more spaces, or a space followed by a second URI, read as a
	// sentence or a list.
	rest := v[i+1:]
	return strings.IndexByte(rest, ' ') >= 0 || isURIPrefix(rest) || rest == ""
}

// skipValue reports whether v is written on purpose in a form that is not a
// URI: a format string, a template with placeholders, or a regular
// expression.
func skipValue(v string) bool {
	return hasVerb(v) || hasPlaceholder(v) || looksLikeRegexp(v)
}

// hasVerb reports whether v holds a printf verb ("%s", "%d", "%[1]s",
// "%-8v", "%%"). A "%" followed by two hex digits ("%2F", "%5d") is
// percent-encoding, not a verb.
func hasVerb(v string) bool {
	for i := strings.IndexByte(v, '%'); i >= 0; {
		j := i + 1
		if j+1 < len(v) && isHex(v[j]) && isHex(v[j+1]) {
			j += 2
		} else {
			for j < len(v) && strings.IndexByte("+-# 0", v[j]) >= 0 {
				j++ // flags
			}
			for j < len(v) && (isDigit(v[j]) || strings.IndexByte("[].*", v[j]) >= 0) {
				j++ // argument index, width, precision
			}
			if j < len(v) && strings.IndexByte("%bcdeEfFgGoOpqstTUvwxX", v[j]) >= 0 {
				return true
			}
		}
		k := strings.IndexByte(v[j:], '%')
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}

// hasPlaceholder reports whether v is a template: "{id}", "{{.Host}}",
// "${VAR}", "$VAR", "<host>", or a ":param" path segment.
func hasPlaceholder(v string) bool {
	if strings.ContainsAny(v, "{}") {
		return true
	}
	for i := 0; i+1 < len(v); i++ {
		switch v[i] {
		case '$':
			if c := v[i+1]; isLetter(c) || isDigit(c) || c == '_' {
				return true
			}
		case '<':
			if strings.IndexByte(v[i+1:], '>') >= 0 {
				return true
			}
		case '/':
			if v[i+1] == ':' && i+2 < len(v) && (isLetter(v[i+2]) || v[i+2] == '_') {
				return true
			}
		}
	}
	return false
}

// regexpMarks are pieces of regular-expression syntax that no sensible URI
// holds.
var regexpMarks = []string{`\.`, `\/`, `\?`, `\d`, `\w`, `\s`, `(?`, `.*`, `.+`, `[^`, `[a-z`, `[0-9`}

// looksLikeRegexp reports whether v reads as a regular expression.
func looksLikeRegexp(v string) bool {
	if strings.HasPrefix(v, "^") || strings.HasSuffix(v, "$") {
		return true
	}
	for _, m := range regexpMarks {
		if strings.Contains(v, m) {
			return true
		}
	}
	return false
}

// certain reports whether finding f for the operand v of a run-time
// concatenation holds whatever the other operands are: a byte that is
// valid in no component, a non-ASCII byte, or a "%" followed by two bytes
// that are not hex digits.
func certain(f uri.Finding, v string) bool {
	if f.Category != uri.CategoryMalformed {
		return false
	}
	switch {
	case errors.Is(f.Err, uri.ErrNonASCII):
		return true
	case errors.Is(f.Err, uri.ErrInvalidEscape):
		return f.Start+3 <= len(v)
	case errors.Is(f.Err, uri.ErrInvalidChar):
		return f.Start < len(v) && validNowhere[v[f.Start]]
	}
	return false
}

// validNowhere holds the ASCII bytes that no component of a URI allows.
// The query allows the most (pchar, "/" and "?"); beyond it only the
// delimiters "#", "[", "]" and the "%" of percent-encoding appear in URIs.
// Package uri is the judge of what the query allows.
var validNowhere = func() (t [256]bool) {
	for c := range 0x80 {
		t[c] = !uri.Valid("?"+string(rune(c))) && strings.IndexByte("#[]%", byte(c)) < 0
	}
	return t
}()

func isHex(c byte) bool    { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

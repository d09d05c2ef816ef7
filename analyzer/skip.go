package analyzer

import (
	"errors"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// isURI reports whether the whole of v is meant as a URI: a candidate of
// the policy both front ends share, and not prose or a list that merely
// starts with one.
func isURI(v string) bool {
	return policy.Candidate(v) && !isProse(v)
}

// isProse reports whether v holds words after a URI: white space followed
// by more text. A single space or tab inside an otherwise plain URI
// ("https://example.com/my file.pdf", "https://example.com/tab\there") is
// a URI with a bad character, not prose; a line break is prose.
func isProse(v string) bool {
	i := -1
	for j := 0; j < len(v); j++ {
		switch v[j] {
		case '\n', '\r':
			return true
		case ' ', '\t':
			if i < 0 {
				i = j
			}
		}
	}
	if i < 0 {
		return false
	}
	// Two or more blanks, or a blank followed by a second URI, read as a
	// sentence or a list; so does a last word that ends a sentence
	// ("http://example.com/ quux!", go/doc's own example of a URL in
	// text).
	rest := v[i+1:]
	return strings.ContainsAny(rest, " \t") || policy.StartsURI(rest) || rest == "" ||
		strings.IndexByte("!?.,;:", rest[len(rest)-1]) >= 0
}

// skipValue reports whether v is written on purpose in a form that is not a
// URI: a template with placeholders or a format string (policy.IsTemplate),
// or a regular expression. It looks at each byte once: every string literal
// that starts like a URI comes here.
func skipValue(v string) bool {
	return skipAs(v, policy.IsTemplate(v))
}

// skipURLArg is skipValue for a URL argument (url.Parse, http.Get),
// where a printf verb makes no format: "https://example.com/100%discount"
// and "https://example.com/items/%d" are URLs written wrong.
func skipURLArg(v string) bool {
	return skipAs(v, policy.IsTemplateBesidesVerbs(v))
}

func skipAs(v string, template bool) bool {
	if v == "" {
		return false
	}
	if v[0] == '^' || v[len(v)-1] == '$' {
		return true // an anchored regular expression
	}
	if template {
		return true
	}
	for i := 0; i < len(v); i++ {
		var next byte
		if i+1 < len(v) {
			next = v[i+1]
		}
		switch v[i] {
		case '\\':
			if strings.IndexByte(`./?dws`, next) >= 0 {
				return true // \. \d ...
			}
		case '(':
			if next == '?' {
				return true // (?i) (?:...)
			}
		case '.':
			if next == '*' || next == '+' {
				return true
			}
		case '[':
			if next == '^' || i+2 < len(v) && v[i+2] == '-' {
				return true // [^/] [a-z]
			}
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
		return f.Start < len(v) && !abnf.IsURIChar(v[f.Start])
	}
	return false
}

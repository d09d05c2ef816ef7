package policy

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// IsTemplate reports whether s holds placeholders rather than URI text:
// an RFC 6570 URI Template expression ("{id}", "{?q}") or a template
// action ("{{.Host}}"), a shell-style variable ("$VAR", "${VAR}"), an
// angle-bracket placeholder ("<host>"), or a ":param" path segment
// ("/users/:id"), or an authority written as a placeholder
// ("https://sts.UNIVERSE_DOMAIN/", "http://HOST:PORT/", "https://host:port",
// "ssh://[user@]host.xz/"), or a printf verb ("https://%s/api",
// "http://example.com/%q", see PrintfVerb). Such strings
// are patterns for URIs, written on purpose; neither front end checks
// them as URIs.
func IsTemplate(s string) bool { return isTemplate(s, true) }

// IsTemplateBesidesVerbs is IsTemplate but for printf verbs: for a string
// that a function takes as a URL (url.Parse, http.Get), where "%d" is a
// percent-encoding written wrong or a forgotten fmt.Sprintf, not a format
// (a printf-like callee is what makes a string a format).
func IsTemplateBesidesVerbs(s string) bool { return isTemplate(s, false) }

func isTemplate(s string, verbs bool) bool {
	if placeholderAuthority(s) {
		return true
	}
	for i := 0; i < len(s); i++ {
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch s[i] {
		case '{', '}':
			return true
		case '%':
			if verbs && PrintfVerb(s, i) {
				return true
			}
		case '$':
			if abnf.Is(next, abnf.Alpha|abnf.Digit) || next == '_' {
				return true
			}
		case '<':
			if strings.IndexByte(s[i+1:], '>') >= 0 {
				return true
			}
		case '/':
			// Not "//:": the authority's empty user name before a
			// password ("redis://:secret@host/").
			if next == ':' && i+2 < len(s) && (abnf.Is(s[i+2], abnf.Alpha) || s[i+2] == '_') && (i == 0 || s[i-1] != '/') {
				return true
			}
		}
	}
	return false
}

// placeholderAuthority reports whether the authority of s, found by the
// delimiters of Appendix B, holds a placeholder: a host label of capitals,
// digits and "_" with a "_" in it (no DNS name holds "_"), a port of
// letters ("HOST:PORT", "host:port"), or brackets around an optional
// userinfo ("ssh://[user@]host.xz/", which no IP literal can be).
func placeholderAuthority(s string) bool {
	a, b, ok := abnf.AuthoritySpan(s)
	if !ok {
		return false
	}
	auth := s[a:b]
	if k := strings.IndexByte(auth, '['); k >= 0 && strings.IndexByte(auth[k:], '@') >= 0 {
		return true
	}
	at := strings.LastIndexByte(auth, '@') + 1
	auth = auth[at:]
	// A word in brackets where the host goes ("tcp://[host]:[port]",
	// "unix://[/path/to/socket]"): an IP literal (RFC 3986 section 3.2.2,
	// "[" ( IPv6address / IPvFuture ) "]") never holds a "/", and holds a
	// ":" unless it is IPvFuture ("v" 1*HEXDIG "." ...). The "]" may lie
	// past the authority's end when a "/" comes first.
	if strings.HasPrefix(auth, "[") {
		inner := s[a+at+1:]
		if k := strings.IndexByte(inner, ']'); k >= 0 {
			inner = inner[:k]
			if strings.IndexByte(inner, '/') >= 0 || strings.IndexByte(inner, ':') < 0 && !ipvFuture(inner) {
				return true
			}
		}
	}
	host, port := auth, ""
	if k := strings.LastIndexByte(auth, ':'); k >= 0 && !strings.HasPrefix(auth, "[") {
		host, port = auth[:k], auth[k+1:]
	}
	if port != "" && allBytes(port, func(c byte) bool { return abnf.Is(c, abnf.Alpha) || c == '_' }) {
		return true
	}
	for label := range strings.SplitSeq(host, ".") {
		if strings.IndexByte(label, '_') >= 0 &&
			allBytes(label, func(c byte) bool { return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' }) {
			return true
		}
	}
	return false
}

// PrintfVerb reports whether the "%" at s[i] starts a printf verb of
// Go's fmt or C ("%s", "%q", "%v", "%d", "%[1]s", "%-8v", "%%"): a format
// string, never a URI. A "%" followed by two hex digits ("%2F", "%5d")
// is a percent-encoding (RFC 3986 section 2.1), not a verb.
func PrintfVerb(s string, i int) bool {
	if _, ok := abnf.PctByte(s, i); ok {
		return false
	}
	j := i + 1
	for j < len(s) && strings.IndexByte("+-# 0", s[j]) >= 0 {
		j++ // flags
	}
	for j < len(s) && ('0' <= s[j] && s[j] <= '9' || strings.IndexByte("[].*", s[j]) >= 0) {
		j++ // argument index, width, precision
	}
	return j < len(s) && strings.IndexByte("%bcdeEfFgGoOpqstTUvwxX", s[j]) >= 0
}

// ipvFuture reports whether s has the shape of IPvFuture (RFC 3986
// section 3.2.2): "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" );
// the characters after the "." are left to the parser.
func ipvFuture(s string) bool {
	if len(s) < 4 || s[0] != 'v' && s[0] != 'V' {
		return false
	}
	i := 1
	for i < len(s) && abnf.Is(s[i], abnf.Hex) {
		i++
	}
	return i > 1 && i < len(s)-1 && s[i] == '.'
}

func allBytes(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

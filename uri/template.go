package uri

import "strings"

// IsTemplate reports whether s holds placeholders rather than URI text:
// an RFC 6570 URI Template expression ("{id}", "{?q}") or a template
// action ("{{.Host}}"), a shell-style variable ("$VAR", "${VAR}"), an
// angle-bracket placeholder ("<host>"), or a ":param" path segment
// ("/users/:id"). Such strings are patterns for URIs, written on purpose;
// urilint's front ends do not check them as URIs.
func IsTemplate(s string) bool {
	for i := 0; i < len(s); i++ {
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch s[i] {
		case '{', '}':
			return true
		case '$':
			if is(next, cAlpha|cDigit) || next == '_' {
				return true
			}
		case '<':
			if strings.IndexByte(s[i+1:], '>') >= 0 {
				return true
			}
		case '/':
			if next == ':' && i+2 < len(s) && (is(s[i+2], cAlpha) || s[i+2] == '_') {
				return true
			}
		}
	}
	return false
}

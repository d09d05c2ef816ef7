package uri

import (
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
)

// repairAt decides whether the failure f in s has one unambiguous repair:
// the n bytes at f.off become repl. Repairs percent-encode a byte that
// cannot appear where it stands but whose meaning as data is clear:
//
//   - a space and the characters that RFC 3986 section 2 excludes from
//     URIs altogether (`"`, `<`, `>`, `^`, "`", `{`, `|`, `}`), in the path,
//     query or fragment;
//   - "[" and "]" outside an IP literal (gen-delims reserved for the host);
//   - a second "#" in a fragment;
//   - a "%" that does not start a percent-encoding (it becomes "%25");
//   - a non-ASCII character in the path, query or fragment, as the
//     percent-encoded bytes of its UTF-8 form (RFC 3987 section 3.1).
//
// Nothing in the scheme or the authority is repaired: a space in a host
// name or a bad port has no single right reading. Neither are control
// characters or "\", which are more often mistakes than data.
func repairAt(s string, f failure) (n int, repl string, ok bool) {
	switch f.component {
	case ComponentPath, ComponentQuery, ComponentFragment:
	default:
		return 0, "", false
	}
	if f.off >= len(s) {
		return 0, "", false
	}
	c := s[f.off]
	switch {
	case f.cause == ErrInvalidEscape:
		return 1, "%25", true
	case f.cause == ErrNonASCII:
		_, size := utf8.DecodeRuneInString(s[f.off:])
		return size, Escape(s[f.off:f.off+size], ComponentPath), true
	case f.cause == ErrInvalidChar && strings.IndexByte(" \"<>^`{|}[]#", c) >= 0:
		return 1, Escape(s[f.off:f.off+1], ComponentPath), true
	}
	return 0, "", false
}

// Repair returns the closest valid URI reference to s when every
// violation in it has an unambiguous repair (see Check's malformed fixes:
// a space becomes "%20", a lone "%" becomes "%25", "|" becomes "%7C",
// "[" and "]" outside the host become "%5B" and "%5D", non-ASCII in the
// path, query or fragment is percent-encoded as UTF-8). It reports false
// when s needs a repair that is not safe to guess, or more than
// maxRepairs of them (such a string is text, not a mistyped URI). A valid
// s is returned as is.
func Repair(s string) (string, bool) { return Options{}.Repair(s) }

// Repair is the package's Repair under the options o: what o.Parse
// accepts needs no repair.
func (o Options) Repair(s string) (string, bool) {
	var f failure
	m := o.mode()
	for range maxRepairs + 1 {
		var u URI
		if parseWith(s, &u, &f, m) {
			return s, true
		}
		n, repl, ok := repairAt(s, f)
		if !ok {
			return "", false
		}
		s = s[:f.off] + repl + s[f.off+n:]
	}
	return "", false
}

// maxRepairs bounds the work of Repair, which parses again after each
// repair.
const maxRepairs = 256

// allowed returns the class of bytes that may appear unencoded in c, a
// component that admits percent-encoding; for any other value, only the
// unreserved characters, which every such component allows.
func allowed(c Component) uint16 {
	switch c {
	case ComponentUserinfo:
		return cUserinfo
	case ComponentHost:
		return cRegName
	case ComponentPath:
		return cPath
	case ComponentQuery, ComponentFragment:
		return cQuery
	}
	return cUnreserved
}

// Escape percent-encodes every byte of s that component c does not allow
// as data (section 2.1), with uppercase hex digits. A "%" is always
// encoded, so Escape(s) decodes back to s. When nothing needs encoding,
// s itself is returned.
//
// The scheme and the port admit no percent-encoding (scheme = ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ), port = *DIGIT), so no escaping
// makes arbitrary data valid there. For them, and for a Component value
// outside the constants, Escape encodes every byte but the unreserved
// characters (section 2.3): the result is data that any component
// admitting percent-encoding takes as is, and it never panics.
func Escape(s string, c Component) string {
	class := allowed(c)
	n := 0
	for i := 0; i < len(s); i++ {
		if !is(s[i], class) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if ch := s[i]; is(ch, class) {
			b = append(b, ch)
		} else {
			b = append(b, '%', upperHex[ch>>4], upperHex[ch&15])
		}
	}
	return string(b)
}

// Unescape decodes every percent-encoding in s (section 2.1). A "%" not
// followed by two hex digits is an *Error with the offset of the "%".
// When s holds no "%", s itself is returned.
func Unescape(s string) (string, error) {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if _, ok := abnf.PctByte(s, i); !ok {
				return "", &Error{Op: "unescape", Input: s, Offset: i, Err: ErrInvalidEscape}
			}
			n++
			i += 2
		}
	}
	if n == 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			c, _ := abnf.PctByte(s, i)
			b = append(b, c)
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b), nil
}

package uri

import (
	"errors"
	"fmt"
)

// Sentinel causes wrapped by *Error; test with errors.Is.
var (
	// ErrInvalidChar: a byte that the component's ABNF rule does not allow.
	ErrInvalidChar = errors.New("invalid character")
	// ErrNonASCII: a byte >= 0x80; IRIs are not URIs (RFC 3986 section 2).
	// When IRIs are accepted (Options.IRI, and always in Check): a byte
	// >= 0x80 in the scheme, the port or an IP literal, which RFC 3987
	// leaves ASCII, invalid UTF-8, or a character that is neither
	// ucschar nor, in the query, iprivate (RFC 3987 section 2.2).
	ErrNonASCII = errors.New("non-ASCII byte")
	// ErrInvalidIDN: a host label that UTS #46 processing (lookup profile)
	// rejects: bad Punycode, a disallowed code point, a hyphen or joiner
	// out of place, a break of the Bidi Rule. Check and ToURI look at the
	// labels outside ASCII and the A-labels ("xn--"); Parse, a grammar,
	// does not.
	ErrInvalidIDN = errors.New("invalid internationalized domain name")
	// ErrInvalidEscape: "%" not followed by two hex digits (pct-encoded = "%" HEXDIG HEXDIG).
	ErrInvalidEscape = errors.New("invalid percent-encoding")
	// ErrInvalidScheme: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) fails.
	ErrInvalidScheme = errors.New("invalid scheme")
	// ErrInvalidPort: port = *DIGIT fails.
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidIPLiteral: a bracketed host that is neither IPv6address nor IPvFuture.
	ErrInvalidIPLiteral = errors.New("invalid IP literal")
	// ErrZoneID: an IPv6 zone identifier ("%25eth0"), which RFC 3986 does not allow.
	ErrZoneID = errors.New("IPv6 zone identifier")
	// ErrColonInFirstSegment: a relative reference whose first segment holds a
	// colon, which path-noscheme forbids (section 4.2).
	ErrColonInFirstSegment = errors.New("colon in first path segment")
)

// Error reports where and why an operation failed on its input: the
// string is not a URI reference ("parse"), a base or reference that
// Resolve cannot take ("resolve"), or a bad percent-encoding ("unescape").
type Error struct {
	Op        string    // "parse", "resolve" or "unescape"
	Input     string    // the string that failed
	Offset    int       // byte offset of the first offending byte in Input
	Component Component // the component being parsed
	Err       error     // one of the sentinel causes above
	Detail    string    // optional: a more specific explanation
}

func (e *Error) Unwrap() error { return e.Err }

// Error returns a message such as
// `parse "http://h/a b": invalid character ' ' in path at offset 10`.
// A password in the input is shown as "***".
func (e *Error) Error() string {
	op := e.Op
	if op == "" {
		op = "parse"
	}
	return fmt.Sprintf("%s %q: %s", op, Redact(e.Input), e.Reason())
}

// Reason returns the message without the input: what went wrong, in which
// component, at which byte offset.
func (e *Error) Reason() string {
	var what string
	in := " in " + e.Component.String()
	if e.Op == "unescape" {
		in = "" // no component: Unescape takes any text
	}
	switch e.Err {
	case ErrInvalidChar, ErrNonASCII:
		what = fmt.Sprintf("%v %s%s", e.Err, quoteByte(e.byteAt()), in)
	case ErrInvalidEscape:
		lo := min(max(e.Offset, 0), len(e.Input))
		hi := min(lo+3, len(e.Input))
		what = fmt.Sprintf("invalid percent-encoding %q%s", e.Input[lo:hi], in)
	case ErrColonInFirstSegment:
		what = "colon in first path segment of a relative reference"
	default:
		what = e.Err.Error() + in
		if e.Component == ComponentScheme || e.Component == ComponentPort {
			what = e.Err.Error()
		}
	}
	if e.Detail != "" {
		what += " (" + e.Detail + ")"
	}
	return fmt.Sprintf("%s at offset %d", what, e.Offset)
}

func (e *Error) byteAt() int {
	if e.Offset >= 0 && e.Offset < len(e.Input) {
		return int(e.Input[e.Offset])
	}
	return -1
}

func quoteByte(c int) string {
	switch {
	case c < 0:
		return "end of input"
	case c >= 0x80:
		return fmt.Sprintf("0x%02X", c)
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("%q", rune(c))
	}
	return fmt.Sprintf("'%c'", c)
}

// ErrMissingScheme reports that a URI (not a relative reference) was
// required, or that the reference begins with ":".
var ErrMissingScheme = errors.New("missing scheme")

package uri

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// Parse parses s as a URI-reference (RFC 3986 section 4.1):
//
//	URI-reference = URI / relative-ref
//
// Every rule of Appendix A is enforced. On failure the error is an *Error
// whose Offset is the first byte that no rule could accept.
func Parse(s string) (*URI, error) { return Options{}.Parse(s) }

// Parse is the package's Parse under the options o: with o.IRI it
// accepts IRI references (RFC 3987 section 2.2) too.
func (o Options) Parse(s string) (*URI, error) {
	u := new(URI)
	if err := parseOp("parse", s, u, o.mode()); err != nil {
		return nil, err
	}
	return u, nil
}

// ParseAbsolute is Parse restricted to URIs with a scheme (section 4.3).
func ParseAbsolute(s string) (*URI, error) { return Options{}.ParseAbsolute(s) }

// ParseAbsolute is the package's ParseAbsolute under the options o.
func (o Options) ParseAbsolute(s string) (*URI, error) {
	u, err := o.Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "" {
		return nil, &Error{Op: "parse", Input: s, Offset: 0, Component: ComponentScheme, Err: ErrMissingScheme}
	}
	return u, nil
}

// Validate reports whether s is a URI-reference, returning the same error
// as Parse. It allocates nothing when s is valid.
func Validate(s string) error { return Options{}.Validate(s) }

// Validate is the package's Validate under the options o.
func (o Options) Validate(s string) error {
	var u URI
	if err := parseOp("parse", s, &u, o.mode()); err != nil {
		return err
	}
	return nil
}

// Valid reports whether s is a URI-reference. It never allocates.
func Valid(s string) bool { return Options{}.Valid(s) }

// Valid is the package's Valid under the options o.
func (o Options) Valid(s string) bool {
	var u URI
	var f failure
	return parseWith(s, &u, &f, o.mode())
}

func schemeLen(s string) int { return abnf.SchemeLen(s) }

// failure describes why parseWith stopped; it is turned into an *Error
// only when a caller wants one, so that Valid never allocates.
type failure struct {
	off       int
	component Component
	cause     error
	detail    string
	// iri is set by a successful parse in modeIRI when s holds non-ASCII
	// characters: it is an IRI, not a URI.
	iri bool
}

// mode selects the grammar that parseWith enforces.
type mode uint8

const (
	// modeZone accepts RFC 6874 zone identifiers in IPv6 literals.
	modeZone mode = 1 << iota
	// modeIRI accepts IRI references, RFC 3987 section 2.2.
	modeIRI
)

func (o Options) mode() mode {
	var m mode
	if o.AllowZone {
		m |= modeZone
	}
	if o.IRI {
		m |= modeIRI
	}
	return m
}

// parse fills u and returns a non-nil error only on failure.
func parse(s string, u *URI) error { return parseOp("parse", s, u, 0) }

// parseOp is parse for the operation op, named in the error, under the
// grammar m.
func parseOp(op, s string, u *URI, m mode) error {
	var f failure
	if parseWith(s, u, &f, m) {
		return nil
	}
	return f.err(op, s)
}

// parseWith parses s into u, which must be the zero URI, under the
// grammar m. In modeIRI, f.iri tells
// on success whether s is an IRI rather than a URI; f must come in zero,
// or as a failure left it.
func parseWith(s string, u *URI, f *failure, m mode) bool {
	i := 0
	// Section 3.1 and Appendix B: a scheme is the text before the first ":",
	// when no "/", "?" or "#" comes before it.
	if n := schemeLen(s); n > 0 {
		u.Scheme = s[:n]
		i = n + 1
	} else if j := indexDelim(s, 0, true); j >= 0 && s[j] == ':' {
		// The text before ":" is no scheme. Say why when it is the scheme
		// that is wrong, not a colon in a relative path.
		if j == 0 {
			return f.fail(0, ComponentScheme, ErrMissingScheme, "")
		}
		if m&modeIRI != 0 {
			if k := nonASCIIScheme(s[:j]); k >= 0 {
				// "hëllo:x": a scheme, but for a character that RFC
				// 3987 leaves ASCII.
				return f.fail(k, ComponentScheme, ErrNonASCII, "an IRI's scheme is ASCII like a URI's")
			}
		}
		if validPathPrefix(s[:j]) {
			if is(s[0], cScheme) && firstNotScheme("a"+s[1:j]) < 0 {
				// "1abc:x", "-x:y": a scheme that does not begin with a letter.
				return f.fail(0, ComponentScheme, ErrInvalidScheme, "a scheme must begin with a letter")
			}
			// e.g. "my_scheme:x": reads as a relative path whose first segment has a colon
			return f.fail(j, ComponentPath, ErrColonInFirstSegment, "")
		}
	}

	rest := s[i:]
	if strings.HasPrefix(rest, "//") {
		// hier-part = "//" authority path-abempty
		u.HasAuthority = true
		start := i + 2
		end := len(s)
		if k := indexDelim(s, start, false); k >= 0 {
			end = k
		}
		if !parseAuthority(s, start, end, u, f, m) {
			return false
		}
		i = end
	}

	// Path: up to the first "?" or "#".
	pathStart := i
	j := scan(s, i, cPath)
	if j < len(s) && s[j] != '?' && s[j] != '#' {
		if j = f.more(s, j, cPath, false, m); j < len(s) && s[j] != '?' && s[j] != '#' {
			return f.badByte(s, j, ComponentPath, m)
		}
	}
	u.Path = s[pathStart:j]
	if !u.HasAuthority && u.Scheme == "" {
		// path-noscheme = segment-nz-nc *( "/" segment ): no colon before the first "/".
		seg := u.Path
		if k := strings.IndexByte(seg, '/'); k >= 0 {
			seg = seg[:k]
		}
		if k := strings.IndexByte(seg, ':'); k >= 0 {
			return f.fail(pathStart+k, ComponentPath, ErrColonInFirstSegment, "")
		}
	}
	i = j

	if i < len(s) && s[i] == '?' {
		// query = *( pchar / "/" / "?" )
		// iquery = *( ipchar / iprivate / "/" / "?" )
		j = scan(s, i+1, cQuery)
		if j < len(s) && s[j] != '#' {
			if j = f.more(s, j, cQuery, true, m); j < len(s) && s[j] != '#' {
				return f.badByte(s, j, ComponentQuery, m)
			}
		}
		u.HasQuery = true
		u.Query = s[i+1 : j]
		i = j
	}
	if i < len(s) && s[i] == '#' {
		// fragment = *( pchar / "/" / "?" )
		j = scan(s, i+1, cQuery)
		if j < len(s) {
			if j = f.more(s, j, cQuery, false, m); j < len(s) {
				return f.badByte(s, j, ComponentFragment, m)
			}
		}
		u.HasFragment = true
		u.Fragment = s[i+1:]
	}
	return true
}

// indexDelim returns the index of the first "/", "?" or "#" (and ":" when
// colon is set) at or after i in s, or -1. It is strings.IndexAny without
// the set construction, which costs more than the scan on short input.
func indexDelim(s string, i int, colon bool) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '/', '?', '#':
			return i
		case ':':
			if colon {
				return i
			}
		}
	}
	return -1
}

// firstNotScheme returns the index of the first byte of s that cannot be
// in a scheme (or 0 when s does not begin with a letter), -1 if none.
func firstNotScheme(s string) int {
	if s == "" || !is(s[0], cAlpha) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		if !is(s[i], cScheme) {
			return i
		}
	}
	return -1
}

// validPathPrefix reports whether s holds only pchar bytes and escapes,
// so that the colon after it is the first thing wrong.
func validPathPrefix(s string) bool {
	return scan(s, 0, cPchar) == len(s)
}

// scan returns the index of the first byte at or after i that is neither
// in class nor the start of a well-formed pct-encoded triplet.
func scan(s string, i int, class uint16) int {
	for i < len(s) {
		c := s[i]
		if is(c, class) {
			i++
			continue
		}
		if _, ok := abnf.PctByte(s, i); ok && c == '%' {
			i += 3
			continue
		}
		break
	}
	return i
}

// err returns the *Error of the operation op on s for the failure f.
func (f *failure) err(op, s string) *Error {
	return &Error{Op: op, Input: s, Offset: f.off, Component: f.component, Err: f.cause, Detail: f.detail}
}

func (f *failure) fail(off int, c Component, cause error, detail string) bool {
	*f = failure{off: off, component: c, cause: cause, detail: detail}
	return false
}

// badByte records the failure for the byte at s[i], which scan refused
// under the grammar m.
func (f *failure) badByte(s string, i int, c Component, m mode) bool {
	switch b := s[i]; {
	case b == '%':
		return f.fail(i, c, ErrInvalidEscape, "")
	case b >= 0x80:
		detail := ""
		if m&modeIRI != 0 {
			detail = nonASCIIDetail(s, i, c)
		}
		return f.fail(i, c, ErrNonASCII, detail)
	}
	return f.fail(i, c, ErrInvalidChar, "")
}

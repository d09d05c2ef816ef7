package uri

import "strings"

// Parse parses s as a URI-reference (RFC 3986 section 4.1):
//
//	URI-reference = URI / relative-ref
//
// Every rule of Appendix A is enforced. On failure the error is an *Error
// whose Offset is the first byte that no rule could accept.
func Parse(s string) (*URI, error) {
	u := new(URI)
	if err := parse(s, u); err != nil {
		return nil, err
	}
	return u, nil
}

// ParseAbsolute is Parse restricted to URIs with a scheme (section 4.3).
func ParseAbsolute(s string) (*URI, error) {
	u, err := Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "" {
		return nil, &Error{Input: s, Offset: 0, Component: ComponentScheme, Err: ErrMissingScheme}
	}
	return u, nil
}

// Validate reports whether s is a URI-reference, returning the same error
// as Parse. It allocates nothing when s is valid.
func Validate(s string) error {
	var u URI
	if err := parse(s, &u); err != nil {
		return err
	}
	return nil
}

// Valid reports whether s is a URI-reference. It never allocates.
func Valid(s string) bool {
	var u URI
	return parseInto(s, &u) < 0
}

// SplitScheme reports whether s begins with a syntactically valid scheme
// followed by ":", returning the scheme and what follows the colon.
// It looks at nothing past the colon.
func SplitScheme(s string) (scheme, rest string, ok bool) {
	n := schemeLen(s)
	if n == 0 {
		return "", s, false
	}
	return s[:n], s[n+1:], true
}

// schemeLen returns the length of the scheme when s starts with
// scheme ":", and 0 otherwise.
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func schemeLen(s string) int {
	if len(s) == 0 || !is(s[0], cAlpha) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return i
		}
		if !is(c, cScheme) {
			return 0
		}
	}
	return 0
}

// failure describes why parseInto stopped; it is turned into an *Error
// only when a caller wants one, so that Valid never allocates.
type failure struct {
	off       int
	component Component
	cause     error
	detail    string
}

// parse fills u and returns a non-nil error only on failure.
func parse(s string, u *URI) error {
	var f failure
	if parseFull(s, u, &f) {
		return nil
	}
	return &Error{Input: s, Offset: f.off, Component: f.component, Err: f.cause, Detail: f.detail}
}

// parseInto returns -1 when s is valid, else the offset of the failure.
func parseInto(s string, u *URI) int {
	var f failure
	if parseFull(s, u, &f) {
		return -1
	}
	return f.off
}

// parseFull parses s into u, which must be the zero URI.
func parseFull(s string, u *URI, f *failure) bool {
	return parseWith(s, u, f, false)
}

// parseWith is parseFull, accepting RFC 6874 zone identifiers in IPv6
// literals when zone is set.
func parseWith(s string, u *URI, f *failure, zone bool) bool {
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
		if !parseAuthority(s, start, end, u, f, zone) {
			return false
		}
		i = end
	}

	// Path: up to the first "?" or "#".
	pathStart := i
	j := scan(s, i, cPath)
	if j < len(s) && s[j] != '?' && s[j] != '#' {
		return f.badByte(s, j, ComponentPath)
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
		j = scan(s, i+1, cQuery)
		if j < len(s) && s[j] != '#' {
			return f.badByte(s, j, ComponentQuery)
		}
		u.HasQuery = true
		u.Query = s[i+1 : j]
		i = j
	}
	if i < len(s) && s[i] == '#' {
		// fragment = *( pchar / "/" / "?" )
		j = scan(s, i+1, cQuery)
		if j < len(s) {
			return f.badByte(s, j, ComponentFragment)
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
		if charClass[c]&class != 0 {
			i++
			continue
		}
		if c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex) {
			i += 3
			continue
		}
		break
	}
	return i
}

func (f *failure) fail(off int, c Component, cause error, detail string) bool {
	*f = failure{off: off, component: c, cause: cause, detail: detail}
	return false
}

// badByte records the failure for the byte at s[i], which scan refused.
func (f *failure) badByte(s string, i int, c Component) bool {
	switch b := s[i]; {
	case b == '%':
		return f.fail(i, c, ErrInvalidEscape, "")
	case b >= 0x80:
		return f.fail(i, c, ErrNonASCII, "")
	}
	return f.fail(i, c, ErrInvalidChar, "")
}

// parseAuthority parses s[start:end]:
//
//	authority = [ userinfo "@" ] host [ ":" port ]
func parseAuthority(s string, start, end int, u *URI, f *failure, zone bool) bool {
	i := start
	// The first "@" ends the userinfo, unless a "[" comes first: userinfo
	// holds no "[", so that "@" follows an IP literal, where it is wrong.
	if k := strings.IndexByte(s[start:end], '@'); k >= 0 && strings.IndexByte(s[start:start+k], '[') < 0 {
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
		if j := scan(s, start, cUserinfo); j < start+k {
			return f.badByte(s, j, ComponentUserinfo)
		}
		u.HasUserinfo = true
		u.Userinfo = s[start : start+k]
		i = start + k + 1
	}
	hostStart := i
	if i < end && s[i] == '[' {
		// IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
		k := strings.IndexByte(s[i:end], ']')
		if k < 0 {
			// Point at the first byte no IP literal can hold, if any comes
			// before the end of the authority.
			if !parseIPLiteral(s, i+1, end, u, f, zone) && f.off < end {
				return false
			}
			return f.fail(end, ComponentHost, ErrInvalidIPLiteral, `missing "]"`)
		}
		close := i + k
		if !parseIPLiteral(s, i+1, close, u, f, zone) {
			return false
		}
		i = close + 1
		if i < end && s[i] != ':' {
			if s[i] >= 0x80 {
				return f.fail(i, ComponentHost, ErrNonASCII, "")
			}
			return f.fail(i, ComponentHost, ErrInvalidChar, `after "]" only ":" port may follow`)
		}
	} else {
		// reg-name = *( unreserved / pct-encoded / sub-delims )
		j := scan(s, i, cRegName)
		if j < end && s[j] != ':' {
			return f.badByte(s, j, ComponentHost)
		}
		i = j
		u.HostKind = HostRegName
		if isIPv4(s[hostStart:i]) {
			u.HostKind = HostIPv4
		}
	}
	u.Host = s[hostStart:i]
	if i < end {
		// port = *DIGIT
		u.HasPort = true
		for j := i + 1; j < end; j++ {
			if !is(s[j], cDigit) {
				if s[j] >= 0x80 {
					return f.fail(j, ComponentPort, ErrNonASCII, "")
				}
				return f.fail(j, ComponentPort, ErrInvalidPort, "a port is decimal digits only")
			}
		}
		u.Port = s[i+1 : end]
	}
	return true
}

// isIPv4 reports whether s matches
//
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
func isIPv4(s string) bool {
	n, ok := ipv4Len(s)
	return ok && n == len(s)
}

// ipv4Len matches an IPv4address at the start of s.
//
//	dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
func ipv4Len(s string) (int, bool) {
	i := 0
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i >= len(s) || s[i] != '.' {
				return i, false
			}
			i++
		}
		j := i
		v := 0
		for j < len(s) && is(s[j], cDigit) && j-i < 3 {
			v = v*10 + int(s[j]-'0')
			j++
		}
		n := j - i
		// No leading zero, at most 255.
		if n == 0 || (n > 1 && s[i] == '0') || v > 255 {
			return i, false
		}
		i = j
	}
	return i, true
}

// parseIPLiteral parses the text between "[" and "]" at s[start:end].
func parseIPLiteral(s string, start, end int, u *URI, f *failure, zone bool) bool {
	if zone {
		// RFC 6874: IPv6addrz = IPv6address "%25" ZoneID
		//           ZoneID    = 1*( unreserved / pct-encoded )
		if k := strings.Index(s[start:end], "%25"); k >= 0 {
			z := start + k + 3
			if z == end {
				return f.fail(z, ComponentHost, ErrZoneID, "the zone identifier is empty")
			}
			if j := scan(s, z, cUnreserved); j < end {
				return f.badByte(s, j, ComponentHost)
			}
			end = start + k
		}
	}
	if start < end && (s[start] == 'v' || s[start] == 'V') {
		// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
		i := start + 1
		for i < end && is(s[i], cHex) {
			i++
		}
		if i == start+1 {
			return f.fail(i, ComponentHost, ErrInvalidIPLiteral, "IPvFuture needs a hexadecimal version")
		}
		if i >= end || s[i] != '.' {
			return f.fail(i, ComponentHost, ErrInvalidIPLiteral, `IPvFuture needs "." after the version`)
		}
		i++
		if i == end {
			return f.fail(i, ComponentHost, ErrInvalidIPLiteral, "IPvFuture needs an address after the version")
		}
		for ; i < end; i++ {
			if !is(s[i], cIPvFuture) {
				return f.badByte(s, i, ComponentHost)
			}
		}
		u.HostKind = HostIPvFuture
		return true
	}
	if off, detail, cause := ipv6Fail(s, start, end); off >= 0 {
		return f.fail(off, ComponentHost, cause, detail)
	}
	u.HostKind = HostIPv6
	return true
}

// ipv6Fail checks s[start:end] against IPv6address (section 3.2.2) and
// returns -1 when it matches, else the offset of the first bad byte with
// a reason.
//
//	IPv6address =                            6( h16 ":" ) ls32
//	            /                       "::" 5( h16 ":" ) ls32
//	            / [               h16 ] "::" 4( h16 ":" ) ls32
//	            / ...
//	            / [ *6( h16 ":" ) h16 ] "::"
//	h16  = 1*4HEXDIG
//	ls32 = ( h16 ":" h16 ) / IPv4address
func ipv6Fail(s string, start, end int) (int, string, error) {
	i := start
	groups := 0     // 16-bit pieces seen
	elided := false // "::" seen
	if end-start >= 2 && s[i] == ':' && s[i+1] == ':' {
		elided = true
		i += 2
		if i == end {
			return -1, "", nil
		}
	} else if i < end && s[i] == ':' {
		return i, `an IPv6 address cannot begin with a single ":"`, ErrInvalidIPLiteral
	}
	for {
		if i >= end {
			return i, "IPv6 address is incomplete", ErrInvalidIPLiteral
		}
		if s[i] == '%' {
			return i, "", ErrZoneID
		}
		j := i
		for j < end && is(s[j], cHex) {
			j++
		}
		if j < end && s[j] == '.' {
			// ls32 may be an IPv4address, as the last 32 bits.
			if !elided && groups != 6 || elided && groups > 5 {
				// ls32 as an IPv4address takes the place of the last two
				// groups: after six of them, or at most five with "::".
				return j, "an IPv4 address ends an IPv6 address in place of its last two groups", ErrInvalidIPLiteral
			}
			n, ok := ipv4Len(s[i:end])
			if !ok || i+n != end {
				return i + n, "invalid IPv4 address in IPv6 address", ErrInvalidIPLiteral
			}
			if groups+2 > 8 || (elided && groups+2 > 7) {
				return i, "too many groups in IPv6 address", ErrInvalidIPLiteral
			}
			groups += 2
			break
		}
		if j == i {
			if s[i] >= 0x80 {
				return i, "", ErrNonASCII
			}
			return i, "expected hexadecimal digits in IPv6 address", ErrInvalidIPLiteral
		}
		if j-i > 4 {
			return i + 4, "an IPv6 group has at most 4 hexadecimal digits", ErrInvalidIPLiteral
		}
		groups++
		if groups > 8 || (elided && groups > 7) {
			return i, "too many groups in IPv6 address", ErrInvalidIPLiteral
		}
		i = j
		if i == end {
			break
		}
		if s[i] == '%' {
			return i, "", ErrZoneID
		}
		if s[i] != ':' {
			if s[i] >= 0x80 {
				return i, "", ErrNonASCII
			}
			return i, "", ErrInvalidChar
		}
		if groups == 8 || elided && groups == 7 {
			return i, "too many groups in IPv6 address", ErrInvalidIPLiteral
		}
		if i+1 < end && s[i+1] == ':' {
			if elided {
				return i, `"::" may appear only once in an IPv6 address`, ErrInvalidIPLiteral
			}
			elided = true
			i += 2
			if i == end {
				break
			}
			continue
		}
		i++
	}
	if !elided && groups != 8 {
		return end, "an IPv6 address without \"::\" has 8 groups", ErrInvalidIPLiteral
	}
	if elided && groups > 7 {
		return end, "too many groups in IPv6 address", ErrInvalidIPLiteral
	}
	return -1, "", nil
}

package uri

import "strings"

// parseAuthority parses s[start:end]:
//
//	authority = [ userinfo "@" ] host [ ":" port ]
func parseAuthority(s string, start, end int, u *URI, f *failure, m mode) bool {
	i := start
	// The first "@" ends the userinfo, unless a "[" comes first: userinfo
	// holds no "[", so that "@" follows an IP literal, where it is wrong.
	if k := strings.IndexByte(s[start:end], '@'); k >= 0 && strings.IndexByte(s[start:start+k], '[') < 0 {
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
		// (iuserinfo takes iunreserved for unreserved)
		if j := scan(s, start, cUserinfo); j < start+k {
			if j = f.more(s, j, cUserinfo, false, m); j < start+k {
				return f.badByte(s, j, ComponentUserinfo, m)
			}
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
			if !parseIPLiteral(s, i+1, end, u, f, m) && f.off < end {
				return false
			}
			return f.fail(end, ComponentHost, ErrInvalidIPLiteral, `missing "]"`)
		}
		close := i + k
		if !parseIPLiteral(s, i+1, close, u, f, m) {
			return false
		}
		i = close + 1
		if i < end && s[i] != ':' {
			if s[i] >= 0x80 {
				return f.badLiteral(s, i, m)
			}
			return f.fail(i, ComponentHost, ErrInvalidChar, `after "]" only ":" port may follow`)
		}
	} else {
		// reg-name = *( unreserved / pct-encoded / sub-delims )
		// (ireg-name takes iunreserved for unreserved)
		j := scan(s, i, cRegName)
		if j < end && s[j] != ':' {
			if j = f.more(s, j, cRegName, false, m); j < end && s[j] != ':' {
				return f.badByte(s, j, ComponentHost, m)
			}
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
					return f.badByte(s, j, ComponentPort, m)
				}
				return f.fail(j, ComponentPort, ErrInvalidPort, "a port is decimal digits only")
			}
		}
		u.Port = s[i+1 : end]
	}
	return true
}

// badLiteral records the failure for the byte at s[i] in an IP literal,
// which RFC 3987 leaves ASCII as RFC 3986 does.
func (f *failure) badLiteral(s string, i int, m mode) bool {
	if s[i] >= 0x80 && m&modeIRI != 0 {
		return f.fail(i, ComponentHost, ErrNonASCII, "an IRI's IP literal is ASCII like a URI's")
	}
	return f.badByte(s, i, ComponentHost, m)
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
func parseIPLiteral(s string, start, end int, u *URI, f *failure, m mode) bool {
	if m&modeZone != 0 {
		// RFC 6874: IPv6addrz = IPv6address "%25" ZoneID
		//           ZoneID    = 1*( unreserved / pct-encoded )
		if k := strings.Index(s[start:end], "%25"); k >= 0 {
			z := start + k + 3
			if z == end {
				return f.fail(z, ComponentHost, ErrZoneID, "the zone identifier is empty")
			}
			if j := scan(s, z, cUnreserved); j < end {
				return f.badLiteral(s, j, m)
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
				return f.badLiteral(s, i, m)
			}
		}
		u.HostKind = HostIPvFuture
		return true
	}
	if off, detail, cause := ipv6Fail(s, start, end); off >= 0 {
		if cause == ErrNonASCII {
			return f.badLiteral(s, off, m)
		}
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

package uri

import "strings"

// HostKind tells which alternative of the host rule (RFC 3986 section 3.2.2)
// a host matched.
type HostKind uint8

const (
	// HostNone means the reference has no authority, so no host.
	HostNone HostKind = iota
	// HostRegName is a registered name, possibly empty: reg-name = *( unreserved / pct-encoded / sub-delims ).
	HostRegName
	// HostIPv4 is an IPv4address in dotted-decimal form.
	HostIPv4
	// HostIPv6 is an IP-literal holding an IPv6address.
	HostIPv6
	// HostIPvFuture is an IP-literal holding an IPvFuture.
	HostIPvFuture
)

var hostKindNames = [...]string{"none", "reg-name", "IPv4", "IPv6", "IPvFuture"}

func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(?)"
}

// Component names a part of a URI reference (RFC 3986 section 3).
type Component uint8

const (
	ComponentScheme Component = iota
	ComponentUserinfo
	ComponentHost
	ComponentPort
	ComponentPath
	ComponentQuery
	ComponentFragment
)

var componentNames = [...]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "component(?)"
}

// URI is a parsed URI reference. Every component is kept exactly as written,
// still percent-encoded, and the Has fields tell an absent component from an
// empty one: "http://h/?" has an empty query, "http://h/" has none.
type URI struct {
	// Scheme is the scheme without its ":"; empty for a relative reference
	// (the ABNF does not allow an empty scheme).
	Scheme string
	// Userinfo is the text before "@" in the authority.
	Userinfo string
	// Host is the host as written; an IP-literal keeps its brackets.
	Host string
	// Port is the text after the host's ":"; it may be empty ("http://h:/").
	Port string
	// Path is always defined, possibly empty.
	Path     string
	Query    string
	Fragment string

	// The flags come last so that a URI fits a 128-byte allocation.

	// HasAuthority reports whether the reference has a "//" authority.
	HasAuthority bool
	HasUserinfo  bool
	HasPort      bool
	HasQuery     bool
	HasFragment  bool
	HostKind     HostKind
}

// IsAbs reports whether u has a scheme, that is, whether it is a URI
// rather than a relative reference (section 4.3).
func (u *URI) IsAbs() bool { return u.Scheme != "" }

// Authority returns the authority as written, without the leading "//".
func (u *URI) Authority() string {
	if !u.HasAuthority {
		return ""
	}
	var b strings.Builder
	u.writeAuthority(&b)
	return b.String()
}

func (u *URI) writeAuthority(b *strings.Builder) {
	if u.HasUserinfo {
		b.WriteString(u.Userinfo)
		b.WriteByte('@')
	}
	b.WriteString(u.Host)
	if u.HasPort {
		b.WriteByte(':')
		b.WriteString(u.Port)
	}
}

// len returns the length of the recomposed reference.
func (u *URI) len() int {
	n := len(u.Path)
	if u.Scheme != "" {
		n += len(u.Scheme) + 1
	}
	if u.HasAuthority {
		n += 2 + len(u.Host)
		if u.HasUserinfo {
			n += len(u.Userinfo) + 1
		}
		if u.HasPort {
			n += len(u.Port) + 1
		}
	}
	if u.HasQuery {
		n += len(u.Query) + 1
	}
	if u.HasFragment {
		n += len(u.Fragment) + 1
	}
	return n
}

// String recomposes the reference as in RFC 3986 section 5.3. For a u
// returned by Parse(s), u.String() == s.
func (u *URI) String() string {
	var b strings.Builder
	b.Grow(u.len())
	// Section 5.3: "if defined(scheme) then append scheme to result; append ":" to result;"
	if u.Scheme != "" {
		b.WriteString(u.Scheme)
		b.WriteByte(':')
	}
	// "if defined(authority) then append "//" to result; append authority to result;"
	if u.HasAuthority {
		b.WriteString("//")
		u.writeAuthority(&b)
	}
	b.WriteString(u.Path)
	if u.HasQuery {
		b.WriteByte('?')
		b.WriteString(u.Query)
	}
	if u.HasFragment {
		b.WriteByte('#')
		b.WriteString(u.Fragment)
	}
	return b.String()
}

// Span returns the byte range [start, end) that component c occupies in
// u.String(). For an absent component it returns the empty range where the
// component would start. Delimiters (":", "//", "@", "?", "#") are not
// part of the range.
func (u *URI) Span(c Component) (start, end int) {
	off := 0
	if u.Scheme != "" {
		if c == ComponentScheme {
			return 0, len(u.Scheme)
		}
		off = len(u.Scheme) + 1
	} else if c == ComponentScheme {
		return 0, 0
	}
	if u.HasAuthority {
		off += 2
	}
	if u.HasUserinfo {
		if c == ComponentUserinfo {
			return off, off + len(u.Userinfo)
		}
		off += len(u.Userinfo) + 1
	} else if c == ComponentUserinfo {
		return off, off
	}
	if c == ComponentHost {
		return off, off + len(u.Host)
	}
	off += len(u.Host)
	if u.HasPort {
		if c == ComponentPort {
			return off + 1, off + 1 + len(u.Port)
		}
		off += 1 + len(u.Port)
	} else if c == ComponentPort {
		return off, off
	}
	if c == ComponentPath {
		return off, off + len(u.Path)
	}
	off += len(u.Path)
	if u.HasQuery {
		if c == ComponentQuery {
			return off + 1, off + 1 + len(u.Query)
		}
		off += 1 + len(u.Query)
	} else if c == ComponentQuery {
		return off, off
	}
	if u.HasFragment {
		return off + 1, off + 1 + len(u.Fragment)
	}
	return off, off
}

package uri

import (
	"errors"
	"testing"
)

// validTests are URI references that Parse must accept, with the
// components it must report. Each cites the section it comes from.
var validTests = []struct {
	in   string
	want URI
	sec  string
}{
	// Section 1.1.2 examples.
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", URI{Scheme: "ftp", HasAuthority: true, Host: "ftp.is.co.za", HostKind: HostRegName, Path: "/rfc/rfc1808.txt"}, "1.1.2"},
	{"http://www.ietf.org/rfc/rfc2396.txt", URI{Scheme: "http", HasAuthority: true, Host: "www.ietf.org", HostKind: HostRegName, Path: "/rfc/rfc2396.txt"}, "1.1.2"},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", URI{Scheme: "ldap", HasAuthority: true, Host: "[2001:db8::7]", HostKind: HostIPv6, Path: "/c=GB", Query: "objectClass?one", HasQuery: true}, "1.1.2"},
	{"mailto:John.Doe@example.com", URI{Scheme: "mailto", Path: "John.Doe@example.com"}, "1.1.2"},
	{"news:comp.infosystems.www.servers.unix", URI{Scheme: "news", Path: "comp.infosystems.www.servers.unix"}, "1.1.2"},
	{"tel:+1-816-555-1212", URI{Scheme: "tel", Path: "+1-816-555-1212"}, "1.1.2"},
	{"telnet://192.0.2.16:80/", URI{Scheme: "telnet", HasAuthority: true, Host: "192.0.2.16", HostKind: HostIPv4, Port: "80", HasPort: true, Path: "/"}, "1.1.2"},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", URI{Scheme: "urn", Path: "oasis:names:specification:docbook:dtd:xml:4.1.2"}, "1.1.2"},
	// Section 3 example.
	{"foo://example.com:8042/over/there?name=ferret#nose", URI{Scheme: "foo", HasAuthority: true, Host: "example.com", HostKind: HostRegName, Port: "8042", HasPort: true, Path: "/over/there", Query: "name=ferret", HasQuery: true, Fragment: "nose", HasFragment: true}, "3"},
	{"urn:example:animal:ferret:nose", URI{Scheme: "urn", Path: "example:animal:ferret:nose"}, "3"},
	// Section 3.2.1: userinfo may hold ":" and sub-delims.
	{"ftp://user:pass;x=1@h/", URI{Scheme: "ftp", HasAuthority: true, Userinfo: "user:pass;x=1", HasUserinfo: true, Host: "h", HostKind: HostRegName, Path: "/"}, "3.2.1"},
	{"http://@h/", URI{Scheme: "http", HasAuthority: true, HasUserinfo: true, Host: "h", HostKind: HostRegName, Path: "/"}, "3.2.1"},
	// Section 3.2.2: empty reg-name, IPv4 boundaries, reg-name lookalikes.
	{"file:///etc/hosts", URI{Scheme: "file", HasAuthority: true, HostKind: HostRegName, Path: "/etc/hosts"}, "3.2.2"},
	{"http://255.255.255.255/", URI{Scheme: "http", HasAuthority: true, Host: "255.255.255.255", HostKind: HostIPv4, Path: "/"}, "3.2.2 dec-octet 255"},
	{"http://256.1.1.1/", URI{Scheme: "http", HasAuthority: true, Host: "256.1.1.1", HostKind: HostRegName, Path: "/"}, "3.2.2 dec-octet 256 is a reg-name"},
	{"http://0.0.0.0/", URI{Scheme: "http", HasAuthority: true, Host: "0.0.0.0", HostKind: HostIPv4, Path: "/"}, "3.2.2"},
	{"http://01.1.1.1/", URI{Scheme: "http", HasAuthority: true, Host: "01.1.1.1", HostKind: HostRegName, Path: "/"}, "3.2.2 leading zero is a reg-name"},
	{"http://1.2.3/", URI{Scheme: "http", HasAuthority: true, Host: "1.2.3", HostKind: HostRegName, Path: "/"}, "3.2.2 three parts is a reg-name"},
	{"http://ex%41mple.com/", URI{Scheme: "http", HasAuthority: true, Host: "ex%41mple.com", HostKind: HostRegName, Path: "/"}, "3.2.2 pct-encoded reg-name"},
	{"http://a!$&'()*+,;=b/", URI{Scheme: "http", HasAuthority: true, Host: "a!$&'()*+,;=b", HostKind: HostRegName, Path: "/"}, "3.2.2 sub-delims"},
	// Section 3.2.2: the nine IPv6address forms.
	{"http://[1:2:3:4:5:6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5:6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 6( h16 \":\" ) ls32"},
	{"http://[1:2:3:4:5:6:1.2.3.4]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5:6:1.2.3.4]", HostKind: HostIPv6, Path: "/"}, "3.2.2 ls32 IPv4"},
	{"http://[::2:3:4:5:6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[::2:3:4:5:6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 \"::\" 5( h16 \":\" ) ls32"},
	{"http://[1::3:4:5:6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1::3:4:5:6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 h16 \"::\" 4( h16 \":\" ) ls32"},
	{"http://[1:2::4:5:6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2::4:5:6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *1 \"::\" 3"},
	{"http://[1:2:3::5:6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3::5:6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *2 \"::\" 2"},
	{"http://[1:2:3:4::6:7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4::6:7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *3 \"::\" h16 \":\" ls32"},
	{"http://[1:2:3:4:5::7:8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5::7:8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *4 \"::\" ls32"},
	{"http://[1:2:3:4:5:6::8]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5:6::8]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *5 \"::\" h16"},
	{"http://[1:2:3:4:5:6:7::]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5:6:7::]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *6 \"::\""},
	{"http://[::]/", URI{Scheme: "http", HasAuthority: true, Host: "[::]", HostKind: HostIPv6, Path: "/"}, "3.2.2 \"::\" alone"},
	{"http://[::1.2.3.4]/", URI{Scheme: "http", HasAuthority: true, Host: "[::1.2.3.4]", HostKind: HostIPv6, Path: "/"}, "3.2.2 \"::\" ls32"},
	{"http://[1:2:3:4:5::1.2.3.4]/", URI{Scheme: "http", HasAuthority: true, Host: "[1:2:3:4:5::1.2.3.4]", HostKind: HostIPv6, Path: "/"}, "3.2.2 *4 \"::\" ls32 as IPv4"},
	{"http://[ABCD:ef01::1]/", URI{Scheme: "http", HasAuthority: true, Host: "[ABCD:ef01::1]", HostKind: HostIPv6, Path: "/"}, "3.2.2 h16 = 1*4HEXDIG, 4 digits"},
	{"http://[v1.fe80::a+en1]/", URI{Scheme: "http", HasAuthority: true, Host: "[v1.fe80::a+en1]", HostKind: HostIPvFuture, Path: "/"}, "3.2.2 IPvFuture"},
	{"http://[VF.x]/", URI{Scheme: "http", HasAuthority: true, Host: "[VF.x]", HostKind: HostIPvFuture, Path: "/"}, "3.2.2 IPvFuture, \"v\" is case-insensitive in ABNF"},
	// Section 3.2.3: port = *DIGIT, empty allowed.
	{"http://h:/", URI{Scheme: "http", HasAuthority: true, Host: "h", HostKind: HostRegName, HasPort: true, Path: "/"}, "3.2.3 empty port"},
	{"http://h:0000080", URI{Scheme: "http", HasAuthority: true, Host: "h", HostKind: HostRegName, Port: "0000080", HasPort: true}, "3.2.3 any digits"},
	{"http://[::1]:8080", URI{Scheme: "http", HasAuthority: true, Host: "[::1]", HostKind: HostIPv6, Port: "8080", HasPort: true}, "3.2.3"},
	// Section 3.3: path forms.
	{"foo:/a/b", URI{Scheme: "foo", Path: "/a/b"}, "3.3 path-absolute"},
	{"foo:a:b/c", URI{Scheme: "foo", Path: "a:b/c"}, "3.3 path-rootless may hold colons"},
	{"foo:", URI{Scheme: "foo"}, "3.3 path-empty"},
	{"/a:b", URI{Path: "/a:b"}, "4.2 path-absolute"},
	{"a/b:c", URI{Path: "a/b:c"}, "4.2 path-noscheme, colon after first segment"},
	{"./a:b", URI{Path: "./a:b"}, "4.2 the ./ escape for a colon"},
	{"", URI{}, "4.2 empty reference"},
	{"//h", URI{HasAuthority: true, Host: "h", HostKind: HostRegName}, "4.2 network-path reference"},
	{"//", URI{HasAuthority: true, HostKind: HostRegName}, "4.2 empty authority"},
	{"a@b", URI{Path: "a@b"}, "3.3 pchar @"},
	// Sections 3.4 and 3.5: "/" and "?" in query and fragment; empty ones.
	{"http://h/?", URI{Scheme: "http", HasAuthority: true, Host: "h", HostKind: HostRegName, Path: "/", HasQuery: true}, "3.4 empty query"},
	{"http://h/#", URI{Scheme: "http", HasAuthority: true, Host: "h", HostKind: HostRegName, Path: "/", HasFragment: true}, "3.5 empty fragment"},
	{"?a/b?c", URI{Query: "a/b?c", HasQuery: true}, "3.4"},
	{"#a/b?c", URI{Fragment: "a/b?c", HasFragment: true}, "3.5"},
	{"http://h?q#f", URI{Scheme: "http", HasAuthority: true, Host: "h", HostKind: HostRegName, Query: "q", HasQuery: true, Fragment: "f", HasFragment: true}, "3"},
	// Section 2.1: percent-encodings with two hex digits of either case.
	{"a%2fb%2F", URI{Path: "a%2fb%2F"}, "2.1"},
	// Section 3.1: scheme characters.
	{"a+b-c.d:x", URI{Scheme: "a+b-c.d", Path: "x"}, "3.1"},
	{"z9:x", URI{Scheme: "z9", Path: "x"}, "3.1"},
}

func TestParseValid(t *testing.T) {
	for _, tt := range validTests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) (section %s): %v", tt.in, tt.sec, err)
			continue
		}
		if *u != tt.want {
			t.Errorf("Parse(%q) (section %s) = %+v, want %+v", tt.in, tt.sec, *u, tt.want)
		}
		if got := u.String(); got != tt.in {
			t.Errorf("Parse(%q).String() = %q, want the input back", tt.in, got)
		}
		if err := Validate(tt.in); err != nil {
			t.Errorf("Validate(%q) = %v", tt.in, err)
		}
	}
}

// invalidTests are strings that are not URI references, with the offset
// of the first offending byte and the cause.
var invalidTests = []struct {
	in     string
	offset int
	cause  error
	sec    string
}{
	// Section 2: excluded characters.
	{"http://example.com/a b", 20, ErrInvalidChar, "2 space"},
	{"http://h/a\"b", 10, ErrInvalidChar, "2 dquote"},
	{"http://h/<", 9, ErrInvalidChar, "2 <"},
	{"http://h/>", 9, ErrInvalidChar, "2 >"},
	{"http://h/\\", 9, ErrInvalidChar, "2 backslash"},
	{"http://h/^", 9, ErrInvalidChar, "2 ^"},
	{"http://h/`", 9, ErrInvalidChar, "2 backquote"},
	{"http://h/{", 9, ErrInvalidChar, "2 {"},
	{"http://h/|", 9, ErrInvalidChar, "2 |"},
	{"http://h/}", 9, ErrInvalidChar, "2 }"},
	{"http://h/[", 9, ErrInvalidChar, "3.3 [ outside host"},
	{"http://h/a]", 10, ErrInvalidChar, "3.3 ] outside host"},
	{"http://h/\x7f", 9, ErrInvalidChar, "2 DEL"},
	{"http://h/\x00", 9, ErrInvalidChar, "2 NUL"},
	{"http://h/\n", 9, ErrInvalidChar, "2 LF"},
	{"http://h/é", 9, ErrNonASCII, "2 non-ASCII"},
	{"http://h/#a#b", 11, ErrInvalidChar, "3.5 # in fragment"},
	{"http://h/?a#b#", 13, ErrInvalidChar, "3.5 # in fragment"},
	// Section 2.1: pct-encoded = "%" HEXDIG HEXDIG, with 0, 1, 2 hex digits.
	{"http://h/%", 9, ErrInvalidEscape, "2.1 % alone"},
	{"http://h/%4", 9, ErrInvalidEscape, "2.1 % one hex digit"},
	{"http://h/%4g", 9, ErrInvalidEscape, "2.1 % bad second digit"},
	{"http://h/%g4", 9, ErrInvalidEscape, "2.1 % bad first digit"},
	{"http://h/?%", 10, ErrInvalidEscape, "2.1 in query"},
	{"http://h/#%x", 10, ErrInvalidEscape, "2.1 in fragment"},
	{"http://%/", 7, ErrInvalidEscape, "2.1 in host"},
	{"http://u%@h/", 8, ErrInvalidEscape, "2.1 in userinfo"},
	// Section 3.1: scheme.
	{"1http://h/", 0, ErrInvalidScheme, "3.1 begins with a digit"},
	{"-x:y", 0, ErrInvalidScheme, "3.1 begins with -"},
	{":x", 0, ErrMissingScheme, "3.1 empty scheme"},
	{"my_scheme:x", 9, ErrColonInFirstSegment, "3.1 _ not a scheme char: relative path with a colon"},
	// Section 3.2.1: userinfo.
	{"http://a@b@c/", 10, ErrInvalidChar, "3.2.1 @ in host"},
	{"http://u[@h/", 8, ErrInvalidChar, "3.2.1 [ in userinfo"},
	// Section 3.2.2: host.
	{"http://ex ample.com/", 9, ErrInvalidChar, "3.2.2 space in reg-name"},
	{"http://h_é/", 9, ErrNonASCII, "3.2.2 non-ASCII reg-name"},
	{"http://[::1/", 11, ErrInvalidIPLiteral, "3.2.2 missing ]"},
	{"http://[::1]x/", 12, ErrInvalidChar, "3.2.2 after ]"},
	{"http://[]/", 8, ErrInvalidIPLiteral, "3.2.2 empty IP-literal"},
	{"http://[1:2:3:4:5:6:7]/", 21, ErrInvalidIPLiteral, "3.2.2 seven groups, no ::"},
	{"http://[1:2:3:4:5:6:7:8:9]/", 23, ErrInvalidIPLiteral, "3.2.2 nine groups"},
	{"http://[1:2:3:4::5:6:7:8]/", 22, ErrInvalidIPLiteral, "3.2.2 :: with eight groups"},
	{"http://[12345::]/", 12, ErrInvalidIPLiteral, "3.2.2 h16 with five digits"},
	{"http://[1::2::3]/", 12, ErrInvalidIPLiteral, "3.2.2 two ::"},
	{"http://[:1::]/", 8, ErrInvalidIPLiteral, "3.2.2 single leading colon"},
	{"http://[1:]/", 10, ErrInvalidIPLiteral, "3.2.2 trailing single colon"},
	{"http://[1:::2]/", 11, ErrInvalidIPLiteral, "3.2.2 :::"},
	{"http://[g::1]/", 8, ErrInvalidIPLiteral, "3.2.2 non-hex"},
	{"http://[::1.2.3.256]/", 16, ErrInvalidIPLiteral, "3.2.2 ls32 dec-octet 256"},
	{"http://[::1.2.3]/", 15, ErrInvalidIPLiteral, "3.2.2 ls32 three octets"},
	{"http://[1:2:3:4:5:6:7:1.2.3.4]/", 23, ErrInvalidIPLiteral, "3.2.2 ls32 after seven groups"},
	{"http://[fe80::1%25eth0]/", 15, ErrZoneID, "3.2.2 zone identifier (RFC 6874, not 3986)"},
	{"http://[v.x]/", 9, ErrInvalidIPLiteral, "3.2.2 IPvFuture without version"},
	{"http://[v1x]/", 10, ErrInvalidIPLiteral, "3.2.2 IPvFuture without ."},
	{"http://[v1.]/", 11, ErrInvalidIPLiteral, "3.2.2 IPvFuture without address"},
	{"http://[v1.a/b]/", 12, ErrInvalidIPLiteral, "3.2.2 IPvFuture with /: authority ends at /"},
	// Section 3.2.3: port.
	{"http://h:8x/", 10, ErrInvalidPort, "3.2.3 letter"},
	{"http://h:-1/", 9, ErrInvalidPort, "3.2.3 sign"},
	{"http://h:80:80/", 11, ErrInvalidPort, "3.2.3 second colon"},
	{"http://::1/", 8, ErrInvalidPort, "3.2.3 unbracketed IPv6"},
	// Section 4.2: path-noscheme.
	{"a:b/c", -1, nil, "(valid: scheme a)"},
	{"1a:b", 0, ErrInvalidScheme, "4.2 digit-led first segment with a colon"},
	{"./a b", 3, ErrInvalidChar, "4.2"},
}

func TestParseInvalid(t *testing.T) {
	for _, tt := range invalidTests {
		_, err := Parse(tt.in)
		if tt.cause == nil {
			if err != nil {
				t.Errorf("Parse(%q) (section %s): %v, want success", tt.in, tt.sec, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) (section %s) = %v, want an *Error", tt.in, tt.sec, err)
			continue
		}
		if e.Offset != tt.offset || !errors.Is(err, tt.cause) {
			t.Errorf("Parse(%q) (section %s): offset %d cause %v (%v), want offset %d cause %v", tt.in, tt.sec, e.Offset, e.Err, err, tt.offset, tt.cause)
		}
		if e.Input != tt.in {
			t.Errorf("Parse(%q): Error.Input = %q", tt.in, e.Input)
		}
		if Valid(tt.in) {
			t.Errorf("Valid(%q) = true, want false", tt.in)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/a b", `parse "http://example.com/a b": invalid character ' ' in path at offset 20`},
		{"http://h/%4", `parse "http://h/%4": invalid percent-encoding "%4" in path at offset 9`},
		{"http://h:8x/", `parse "http://h:8x/": invalid port (a port is decimal digits only) at offset 10`},
		{"http://h/\n", `parse "http://h/\n": invalid character '\n' in path at offset 9`},
		{"my_scheme:x", `parse "my_scheme:x": colon in first path segment of a relative reference at offset 9`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v, want %s", tt.in, err, tt.want)
		}
	}
}

func TestSpan(t *testing.T) {
	const s = "foo://user@example.com:8042/over/there?name=ferret#nose"
	u, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Component]string{
		ComponentScheme: "foo", ComponentUserinfo: "user", ComponentHost: "example.com",
		ComponentPort: "8042", ComponentPath: "/over/there", ComponentQuery: "name=ferret", ComponentFragment: "nose",
	}
	for c, w := range want {
		start, end := u.Span(c)
		if got := s[start:end]; got != w {
			t.Errorf("Span(%v) = %q, want %q", c, got, w)
		}
	}
}

func TestValidateAllocs(t *testing.T) {
	for _, s := range benchURIs {
		if n := testing.AllocsPerRun(100, func() { _ = Validate(s) }); n != 0 {
			t.Errorf("Validate(%q) allocates %v times, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = Valid(s) }); n != 0 {
			t.Errorf("Valid(%q) allocates %v times, want 0", s, n)
		}
	}
}

func TestErrorReasonOutOfRange(t *testing.T) {
	// An *Error built by hand with an offset outside its input still
	// formats, rather than panicking.
	for _, off := range []int{-1, 2, 3, 10} {
		e := &Error{Input: "ab", Offset: off, Component: ComponentPath, Err: ErrInvalidEscape}
		if e.Error() == "" {
			t.Errorf("empty message for offset %d", off)
		}
	}
}

// TestErrorOffsets: the offset is the first byte that no rule can accept,
// found by the review against the longest prefix that can still become a
// URI reference.
func TestErrorOffsets(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		cause  error
	}{
		{"//[1:2:3:4:5:6:7:8:9]", 18, ErrInvalidIPLiteral},
		{"//[8D:37.80.1.83]", 8, ErrInvalidIPLiteral},
		{"//[D:~:4", 5, ErrInvalidIPLiteral},
		{"//[::1]@h", 7, ErrInvalidChar},
		{"http://[::1]é", 12, ErrNonASCII},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.offset || !errors.Is(err, tt.cause) {
			t.Errorf("Parse(%q) = %v, want %v at offset %d", tt.in, err, tt.cause, tt.offset)
		}
	}
}

func TestAllowZone(t *testing.T) {
	zone := Options{AllowZone: true}
	tests := []struct {
		in     string
		strict bool // malformed without AllowZone
		zoned  bool // malformed with AllowZone
	}{
		{"http://[fe80::1%25eth0]/", true, false},
		{"http://[fe80::1%25en%2F1]/", true, false}, // ZoneID may be pct-encoded
		{"http://[fe80::1%25]/", true, true},        // 1*( ... ): not empty
		{"http://[fe80::1%eth0]/", true, true},      // "%25", not "%"
		{"http://[fe80::1%25eth0:x]/", true, true},  // ":" is no unreserved
		{"http://[fe80::1]/", false, false},
	}
	for _, tt := range tests {
		if got := len(Check(tt.in)) > 0; got != tt.strict {
			t.Errorf("Check(%q) malformed = %v, want %v", tt.in, got, tt.strict)
		}
		if got := len(zone.Check(tt.in)) > 0; got != tt.zoned {
			t.Errorf("Options{AllowZone}.Check(%q) = %v", tt.in, findingKeys(zone.Check(tt.in)))
		}
		// Parse and Normalize take the same options, and agree with Check.
		if _, err := zone.Parse(tt.in); (err != nil) != tt.zoned {
			t.Errorf("Options{AllowZone}.Parse(%q) error = %v, want error %v", tt.in, err, tt.zoned)
		}
		if _, err := zone.Normalize(tt.in); (err != nil) != tt.zoned {
			t.Errorf("Options{AllowZone}.Normalize(%q) error = %v, want error %v", tt.in, err, tt.zoned)
		}
	}
}

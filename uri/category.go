package uri

// Category names one kind of finding, so that tools can turn kinds on and
// off. The constants are every category that Check reports.
type Category string

const (
	// CategoryMalformed: the string is not a URI-reference by the ABNF of
	// Appendix A.
	CategoryMalformed Category = "malformed"

	// Normalization (section 6.2.2 syntax-based, 6.2.3 scheme-based),
	// one category per Rule.
	CategorySchemeCase        Category = "scheme-case"
	CategoryHostCase          Category = "host-case"
	CategoryPercentCase       Category = "percent-case"
	CategoryPercentUnreserved Category = "percent-unreserved"
	CategoryDotSegments       Category = "dot-segments"
	CategoryEmptyPort         Category = "empty-port"
	CategoryDefaultPort       Category = "default-port"
	CategoryEmptyPath         Category = "empty-path"
	// CategoryNotNFC: text outside ASCII that is not in Unicode
	// Normalization Form C (RFC 3987 section 5.3.2.2).
	CategoryNotNFC Category = "not-nfc"

	// CategoryIRI: a valid IRI (RFC 3987) that is not a URI; the fix is
	// its URI form (section 3.1, see ToURI).
	CategoryIRI Category = "iri"

	// CategoryPortRange: a port above 65535 on a scheme that runs over TCP.
	CategoryPortRange Category = "port-range"
	// CategorySchemeSyntax: a valid RFC 3986 reference that breaks the
	// syntax of its own scheme (RFC 1738 section 5, RFC 6455, RFC 8089):
	// "http:foo", "ftp://h/f;type=x", "news:1group".
	CategorySchemeSyntax Category = "scheme-syntax"
	// CategoryDoubledScheme: a scheme and "//" written twice
	// ("https://https://example.com/"), which parses as a host named like
	// the scheme with an empty port and a path that starts with "//".
	CategoryDoubledScheme Category = "doubled-scheme"

	// Security concerns of section 7. None has a fix: what to do about
	// each is for a person to decide.

	// CategoryPassword: a password in userinfo (section 7.5).
	CategoryPassword Category = "password"
	// CategoryIPv4Form: a host that is not an IPv4address of the ABNF but
	// that inet_aton and browsers read as one: hexadecimal or octal parts,
	// leading zeros, fewer than four parts (section 7.4).
	CategoryIPv4Form Category = "ipv4-form"
	// CategoryDeceptiveUserinfo: userinfo dressed as a host name in front
	// of the real host (section 7.6).
	CategoryDeceptiveUserinfo Category = "deceptive-userinfo"
	// CategoryEncodedControl: a percent-encoded CR, LF or NUL (sections
	// 7.2 and 7.3).
	CategoryEncodedControl Category = "encoded-control"
	// CategoryMixedScript: a host label, A-labels decoded, that mixes
	// scripts the way look-alike names do (section 7.6; UTS #39).
	CategoryMixedScript Category = "mixed-script"
	// CategoryBidiControl: a bidirectional formatting character, which
	// reorders what a reader sees (RFC 3987 section 4.1 forbids them).
	CategoryBidiControl Category = "bidi-control"
)

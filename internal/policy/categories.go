package policy

import "github.com/urilint/urilint/uri"

// CategoryHyphenBreak: a URI in plain text that breaks across lines right
// after a hyphen, so that it reads two ways. It is a finding of the
// document audit only: the URI itself may well be fine.
const CategoryHyphenBreak uri.Category = "hyphen-break"

// Doc documents one category. Categories holds one per category, and is
// the single source of the flags' usage, README's category table and
// docs/checks.md (go generate ./internal/policy).
type Doc struct {
	Category uri.Category
	// Section is where the rule comes from: a section of RFC 3986 unless
	// it names another RFC.
	Section string
	// Default: reported unless disabled. Both front ends start from the
	// same defaults.
	Default bool
	// Fixable: the finding comes with a safe fix (for malformed, only
	// where the repair is unambiguous).
	Fixable bool
	// Docs: reported by the document audit only (uriextract -check).
	Docs bool
	// Summary says in one line what the finding means.
	Summary string
	// Example is a reference that has the finding (text, for the audit's
	// own categories); the documentation shows what is reported for it.
	Example string
}

// Categories lists every category, in the order of the documentation: the
// grammar, normalization in the order of section 6.2, the schemes'
// own rules, the security concerns of section 7, then the audit's own.
var Categories = []Doc{
	{uri.CategoryMalformed, "Appendix A", true, true, false,
		"not a URI reference by the ABNF; the fix percent-encodes where the repair is unambiguous", "https://example.com/my file.pdf"},
	{uri.CategoryIRI, "RFC 3987 §2.2, §3.1", false, true, false,
		"a valid IRI, not a URI: characters outside ASCII where RFC 3987 allows them; the fix is the URI form (UTF-8 percent-encoded, the host by IDNA ToASCII)", "https://de.wikipedia.org/wiki/Straße"},
	{uri.CategorySchemeCase, "6.2.2.1", true, true, false,
		"the scheme has upper-case letters", "HTTPS://example.com/"},
	{uri.CategoryHostCase, "6.2.2.1", true, true, false,
		"the host has upper-case letters", "https://Example.COM/"},
	{uri.CategoryPercentCase, "6.2.2.1", true, true, false,
		"a percent-encoding has lower-case hex digits", "https://example.com/a%2fb"},
	{uri.CategoryPercentUnreserved, "6.2.2.2", true, true, false,
		"an unreserved character is percent-encoded", "https://example.com/%7Euser"},
	{uri.CategoryDotSegments, "6.2.2.3", true, true, false,
		`the path holds "." or ".." segments`, "https://example.com/a/../b"},
	{uri.CategoryEmptyPort, "6.2.3", true, true, false,
		`a ":" with no port after the host`, "https://example.com:/"},
	{uri.CategoryDefaultPort, "6.2.3", true, true, false,
		"the port is the scheme's default", "https://example.com:443/"},
	{uri.CategoryEmptyPath, "6.2.3", false, true, false,
		`an empty path after the host of http, https, ws or wss (the usual way to write a base URL)`, "https://example.com"},
	{uri.CategoryNotNFC, "RFC 3987 §5.3.2.2", true, true, false,
		"text outside ASCII that is not in Unicode Normalization Form C; the fix is NFC where that keeps the syntax", "https://example.com/cafe\u0301"},
	{uri.CategoryPortRange, "3.2.3, RFC 793", true, false, false,
		"a port above 65535 on a scheme that runs over TCP", "https://example.com:70000/"},
	{uri.CategorySchemeSyntax, "RFC 1738 §5, RFC 6068, RFC 6455, RFC 8089", true, true, false,
		`the reference breaks its scheme's own syntax ("http:foo", "news:1group"); fixed where safe`, "mailto://joe@example.com"},
	{uri.CategoryPassword, "7.5", true, false, false,
		"a password in the userinfo", "https://user:secret@example.com/"},
	{uri.CategoryIPv4Form, "7.4", true, false, false,
		"a host that browsers read as an IPv4 address in a non-standard form (hex, octal, short)", "http://0x7f.1/"},
	{uri.CategoryDeceptiveUserinfo, "7.6", true, false, false,
		"userinfo dressed as a host name in front of the real host", "https://login.bank.example.com@evil.example/"},
	{uri.CategoryEncodedControl, "7.2, 7.3", true, false, false,
		"a percent-encoded CR, LF or NUL", "https://example.com/a%0Ab"},
	{uri.CategoryMixedScript, "7.6, UTS #39 §5.2", true, false, false,
		"a host label (A-labels decoded) that mixes scripts as look-alike names do, beyond Latin with Han, kana, Bopomofo or Hangul", "https://www.xn--pple-43d.com/"},
	{uri.CategoryBidiControl, "RFC 3987 §4.1", true, false, false,
		"an invisible bidirectional control character, which reorders what a reader sees", "https://example.com/\u202Efdp.exe"},
	{CategoryHyphenBreak, "Appendix C", false, false, true,
		"a URI in plain text breaks across lines right after a hyphen, so it reads two ways", "See <http://www.example.com/uri-\nsyntax/>."},
}

// Lookup returns the documentation of category c.
func Lookup(c uri.Category) (Doc, bool) {
	for _, d := range Categories {
		if d.Category == c {
			return d, true
		}
	}
	return Doc{}, false
}

package policy

import "github.com/urilint/urilint/uri"

// CategoryHyphenBreak is the category of a URI in plain text that breaks
// across lines right after a hyphen, so that it reads two ways. It is a finding of the
// document audit only: the URI itself may well be fine.
const CategoryHyphenBreak uri.Category = "hyphen-break"

// The categories of the link audit of a document set (uriextract -check):
// where a relative reference leads.
const (
	// CategoryBrokenFile: the file or directory a relative reference
	// names does not exist.
	CategoryBrokenFile uri.Category = "broken-file"
	// CategoryFileCase: it exists only under a name that differs in case.
	CategoryFileCase uri.Category = "file-case"
	// CategoryOutsideRoot: a ".." climbs above the root directory.
	CategoryOutsideRoot uri.Category = "outside-root"
	// CategoryBrokenAnchor: the target has no anchor the fragment names.
	CategoryBrokenAnchor uri.Category = "broken-anchor"
	// CategoryAnchorCase: it has one only when case is ignored.
	CategoryAnchorCase uri.Category = "anchor-case"
	// CategoryUnverifiable: where the link leads cannot be known offline
	// (a forge's own pages, a path a render hook or an unknown server
	// resolves).
	CategoryUnverifiable uri.Category = "unverifiable"
)

// The categories of the remote link check (uriextract -check -remote),
// one per way a fetched link fails; package audit/remote reports them.
// They are declared here, with the table, so that this package (which the
// analyzer imports) does not import net/http.
const (
	// CategoryLinkClientError: the last answer is a 4xx.
	CategoryLinkClientError uri.Category = "link-client-error"
	// CategoryLinkServerError: the last answer is a 5xx, retries spent.
	CategoryLinkServerError uri.Category = "link-server-error"
	// CategoryLinkNetwork: no answer came (DNS, refused connection, TLS).
	CategoryLinkNetwork uri.Category = "link-network"
	// CategoryLinkTimeout: no answer came in time.
	CategoryLinkTimeout uri.Category = "link-timeout"
	// CategoryLinkRedirectLoop: the redirects loop or are too many.
	CategoryLinkRedirectLoop uri.Category = "link-redirect-loop"
	// CategoryLinkFragment: the fragment names no anchor of the page.
	CategoryLinkFragment uri.Category = "link-fragment"
	// CategoryLinkMoved: permanent redirects lead to a 2xx answer.
	CategoryLinkMoved uri.Category = "link-moved"
)

// CategoryBrokenLink is the category of Markdown link syntax whose destination white space
// breaks, so that CommonMark reads no link at all
// ("[the guide](https://docs.example/my guide.pdf)"). A finding of the
// document audit only.
const CategoryBrokenLink uri.Category = "broken-link"

// CategoryGluedScheme is the category of a word glued to the front of a URI in text
// ("seehttps://example.com/"): a missing space. A finding of the
// document audit only; the URI is checked from its scheme on.
const CategoryGluedScheme uri.Category = "glued-scheme"

// CategoryDegraded is the category of a Markdown file that the guard
// against slow parses read as plain text: its links were checked as far
// as the text rules find them. It is on by default, so that CI sees that
// a file was not read as Markdown.
const CategoryDegraded uri.Category = "degraded"

// CategoryLinkRateLimited is the category of a link that the remote check
// gave up on because its host kept answering 429 Too Many Requests past
// its budget. It is off by default (the link may be fine), and listed in
// the summary.
const CategoryLinkRateLimited uri.Category = "link-rate-limited"

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
	// QuietInDocuments: off by default in documents though Default is on
	// in Go code. The normalization categories are: a Go program compares
	// and caches URIs as strings, where "HTTPS://x" and "https://x" differ,
	// but a reader who follows a link in a document gets the same page.
	QuietInDocuments bool
	// Summary says in one line what the finding means.
	Summary string
	// Example is a reference that has the finding (text, for the audit's
	// own categories); the documentation shows what is reported for it.
	Example string
}

// Categories lists every category, in the order of the documentation: the
// grammar, normalization in the order of section 6.2, the schemes'
// own rules, the security concerns of section 7, then the audit's own.
//
//urilint:ignore each example has its category's finding on purpose
var Categories = []Doc{
	{uri.CategoryMalformed, "Appendix A", true, true, false, false,
		"not a URI reference by the ABNF; the fix percent-encodes where the repair is unambiguous", "https://example.com/my file.pdf"},
	{uri.CategoryIRI, "RFC 3987 §2.2, §3.1", false, true, false, false,
		"a valid IRI, not a URI: characters outside ASCII where RFC 3987 allows them; the fix is the URI form (UTF-8 percent-encoded, the host by IDNA ToASCII)", "https://de.wikipedia.org/wiki/Straße"},
	{uri.CategorySchemeCase, "6.2.2.1", true, true, false, true,
		"the scheme has upper-case letters", "HTTPS://example.com/"},
	{uri.CategoryHostCase, "6.2.2.1", true, true, false, true,
		"the host has upper-case letters", "https://Example.COM/"},
	{uri.CategoryPercentCase, "6.2.2.1", true, true, false, true,
		"a percent-encoding has lower-case hex digits", "https://example.com/a%2fb"},
	{uri.CategoryPercentUnreserved, "6.2.2.2", true, true, false, true,
		"an unreserved character is percent-encoded", "https://example.com/%7Euser"},
	{uri.CategoryDotSegments, "6.2.2.3", true, true, false, true,
		`the path holds "." or ".." segments`, "https://example.com/a/../b"},
	{uri.CategoryEmptyPort, "6.2.3", true, true, false, false,
		`a ":" with no port after the host`, "https://example.com:/"},
	{uri.CategoryDefaultPort, "6.2.3", true, true, false, true,
		"the port is the scheme's default", "https://example.com:443/"},
	{uri.CategoryEmptyPath, "6.2.3", false, true, false, true,
		`an empty path after the host of http, https, ws or wss (the usual way to write a base URL)`, "https://example.com"},
	{uri.CategoryNotNFC, "RFC 3987 §5.3.2.2", true, true, false, false,
		"text outside ASCII that is not in Unicode Normalization Form C; the fix is NFC where that keeps the syntax", "https://example.com/cafe\u0301"},
	{uri.CategoryPortRange, "3.2.3, RFC 793", true, false, false, false,
		"a port above 65535 on a scheme that runs over TCP", "https://example.com:70000/"},
	{uri.CategorySchemeSyntax, "RFC 1738 §5, RFC 6068, RFC 6455, RFC 8089", true, true, false, false,
		`the reference breaks its scheme's own syntax (http without "//", a news group that begins with a digit); fixed where safe`, "mailto://joe@example.com"},
	{uri.CategoryDoubledScheme, "3.1, 3.2.3", true, true, false, false,
		`a scheme and "//" written twice, which parses as a host named like the scheme with an empty port; the fix drops the first`, "https://https://example.com/docs"},
	{CategorySurroundingSpace, "Appendix C", true, true, false, false,
		"white space before or after the one URI of a Go string, which url.Parse rejects or keeps; the fix drops it", GoExamples[CategorySurroundingSpace].Code},
	{CategorySchemeTypo, "3.1", true, true, false, false,
		`a scheme one edit from http or https ("htps://"), or http and https without their colon ("https//"); the fix adds a missing colon, a person picks the scheme`, GoExamples[CategorySchemeTypo].Code},
	{CategoryMissingScheme, "4.3", true, false, false, false,
		`a reference without a scheme given where an absolute URL is required (http.Get, http.NewRequest, a Client's Get and Post), or given to url.Parse whose result the same function visibly uses as such (u.String() given to them, an http.Request's URL); silent when the result is changed or passed on first`, GoExamples[CategoryMissingScheme].Code},
	{CategoryURLField, "3", true, true, false, false,
		`a url.URL literal's field holds another part's syntax (Scheme "https://", Host with a path, RawQuery with its "?") or a RawPath that is no encoding of Path; fixed where the extra delimiter is all`, GoExamples[CategoryURLField].Code},
	{CategoryIgnoreDirective, "staticcheck's //lint:ignore", true, false, false, false,
		"a //urilint:ignore comment, or a urilint-disable directive of a document, gives no reason, or silences no finding (with the categories and files of the run)", GoExamples[CategoryIgnoreDirective].Code},
	{uri.CategoryPassword, "7.5", true, false, false, false,
		"a password in the userinfo", "https://user:secret@example.com/"},
	{uri.CategoryIPv4Form, "7.4", true, false, false, false,
		"a host that browsers read as an IPv4 address in a non-standard form (hex, octal, short)", "http://0x7f.1/"},
	{uri.CategoryDeceptiveUserinfo, "7.6", true, false, false, false,
		"userinfo dressed as a host name in front of the real host", "https://login.bank.example.com@evil.example/"},
	{uri.CategoryEncodedControl, "7.2, 7.3", true, false, false, false,
		"a percent-encoded CR, LF or NUL", "https://example.com/a%0Ab"},
	{uri.CategoryMixedScript, "7.6, UTS #39 §5.2", true, false, false, false,
		"a host label (A-labels decoded) that mixes scripts as look-alike names do, beyond Latin with Han, kana, Bopomofo or Hangul", "https://www.xn--pple-43d.com/"},
	{uri.CategoryBidiControl, "RFC 3987 §4.1", true, false, false, false,
		"an invisible bidirectional control character, which reorders what a reader sees", "https://example.com/\u202Efdp.exe"},
	{CategoryHyphenBreak, "Appendix C", false, false, true, false,
		"a URI in plain text breaks across lines right after a hyphen, so it reads two ways", "See <http://www.example.com/uri-\nsyntax/>."},
	{CategoryBrokenFile, "5.2", true, false, true, false,
		"a relative reference leads to no file or directory (resolved against the linking file; \"/\" starts at the root)", "See [the guide](docs/gude.md)."},
	{CategoryFileCase, "5.2", true, true, true, false,
		"a relative reference leads to a file whose name differs only in case (file names are case-sensitive on most servers)", "See [the license](license.md) for LICENSE.md."},
	{CategoryOutsideRoot, "5.2.4", true, false, true, false,
		`a ".." climbs above the root directory (the top of the git work tree, or -root), where resolution stops`, "See [notes](../../notes.md) in README.md."},
	{CategoryBrokenAnchor, "3.5", true, false, true, false,
		"the fragment names no anchor of the target: no heading slug, id or name, no such line", "See [install](#instal) under a heading \"Install\"."},
	{CategoryAnchorCase, "3.5", true, true, true, false,
		"the fragment names an anchor of the target only when case is ignored (GitLab, MkDocs and browsers compare exactly)", "See [install](#Install) under a heading \"Install\"."},
	{CategoryUnverifiable, "5.2", false, false, true, false,
		"a link that cannot be checked offline: a forge's own pages (\"../../issues\"), a path that only a site generator's render hook or an unknown server resolves; off by default, to list what was not checked", "See [the issues](../../issues) in README.md."},
	{CategoryLinkClientError, "RFC 9110 §15.5", true, false, true, false,
		"with -remote: the link answers a 4xx status (404 not found, 410 gone, 403 forbidden), after its redirects", "See [the spec](https://example.com/spec), which answers 404."},
	{CategoryLinkServerError, "RFC 9110 §15.6", true, false, true, false,
		"with -remote: the link answers a 5xx status, still after the retries (-retries)", "See [the spec](https://example.com/spec), which answers 503 three times."},
	{CategoryLinkNetwork, "RFC 9110 §4.3", true, false, true, false,
		"with -remote: the link gets no answer: its host name does not resolve, the connection is refused or reset, or TLS fails (the reason is given)", "See [the spec](https://spec.example.invalid/)."},
	{CategoryLinkTimeout, "RFC 9110 §9.2.2", true, false, true, false,
		"with -remote: the link gets no answer within the timeout (-timeout), still after the retries", "See [the spec](https://example.com/spec), which answers after a minute."},
	{CategoryLinkRedirectLoop, "RFC 9110 §15.4", true, false, true, false,
		"with -remote: the link redirects in a loop, or more than 10 times", "See [the spec](https://example.com/a), which redirects to /b, which redirects to /a."},
	{CategoryLinkFragment, "3.5, HTML §7.4.6.4", true, false, true, false,
		"with -remote: the fragment matches no id (nor the name of an a element) on the HTML page, read up to 2 MiB", "See [install](https://example.com/guide#instal) on a page with id=\"install\"."},
	{CategoryLinkMoved, "RFC 9110 §15.4.2, §15.4.9", true, true, true, false,
		"with -remote: the link moved permanently (301 or 308, then a 2xx answer); the fix writes where it moved to", "See [the spec](http://example.com/spec), which answers 301 to https://example.com/spec."},
	{CategoryLinkRateLimited, "RFC 6585 §4", false, false, true, false,
		"with -remote: the host kept answering 429 Too Many Requests past the link's budget (or -max-time ran out while it did), so the link was not checked; the summary lists them", "See [the spec](https://example.com/spec) on a host that answers 429 to every request."},
	{CategoryBrokenLink, "CommonMark 0.31.2 §6.3", true, false, true, false,
		"white space in a Markdown link destination, which makes the link plain text", "[the guide](https://docs.example/my guide.pdf)"},
	{CategoryGluedScheme, "Appendix C", true, false, true, false,
		"a word glued to the scheme of a URI in text: a missing space", "Read the greathttps://example.com/guide."},
	{CategoryDegraded, "CommonMark 0.31.2", true, false, true, false,
		"a Markdown file that the parser guard read as plain text (a shape that makes Markdown parsers slow): only what the text rules find in it was checked", "A guide.md with one line of 2,000 \">\"."},
}

// Front is one of urilint's two front ends. Config.Front selects whose
// defaults a Policy starts from.
type Front uint8

const (
	// GoCode is the Go analyzer (urilint, go vet, golangci-lint): the
	// defaults of Doc.Default. It is the zero value.
	GoCode Front = iota
	// Documents is the document audit (uriextract -check): Doc.Default
	// but for the categories that are QuietInDocuments.
	Documents
)

// String returns the front end's name as the documentation writes it.
func (f Front) String() string {
	if f == Documents {
		return "documents"
	}
	return "Go code"
}

// DefaultIn reports whether d is reported by default in front f: Default,
// but in documents not if QuietInDocuments. (The analyzer never meets the
// audit's own categories, whatever their default.)
func (d Doc) DefaultIn(f Front) bool {
	return d.Default && !(f == Documents && (d.QuietInDocuments || d.GoOnly()))
}

// GoOnly reports whether d is a category of the Go analyzer alone, which
// documents never have: what a URI means in Go code (GoExamples).
// CategoryIgnoreDirective is in GoExamples but is both front ends': the
// document audit checks its own directives too.
func (d Doc) GoOnly() bool {
	_, ok := GoExamples[d.Category]
	return ok && d.Category != CategoryIgnoreDirective
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

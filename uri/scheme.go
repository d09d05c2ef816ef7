package uri

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// authorityRule says whether a scheme's syntax has a "//" authority.
type authorityRule uint8

const (
	authRequired authorityRule = iota // RFC 1738 ip-schemepart: "//" login [ "/" urlpath ]
	authOptional                      // file (RFC 8089 local form), news (RFC 5538 server form)
	authNone                          // mailto: the address follows the colon
)

// schemeInfo is what this package knows about one scheme. Adding a scheme
// means adding one entry to schemes; its name is filled in by init.
type schemeInfo struct {
	name string // the registry key, lowercase

	// defaultPort is the port that section 6.2.3 lets a normalizer drop.
	defaultPort string
	// slashPath: an empty path with an authority is equivalent to "/"
	// (section 6.2.3, "http://example.com" and "http://example.com/").
	slashPath bool

	authority authorityRule
	// host: the host may not be empty.
	host bool
	// login: a user name (and password) may come before the host, as in
	// RFC 1738 "login"; otherwise the scheme takes "hostport" only.
	login bool
	// tcp: the port is a TCP port, so at most 65535. A scheme with an
	// authority and without tcp takes no port at all (file).
	tcp bool
	// noFragment: the scheme forbids a fragment (RFC 6455 section 3).
	noFragment bool

	// syntax names the function that checks the scheme's own syntax; it
	// runs after the checks above, and only when the reference has the
	// authority the scheme requires.
	syntax syntaxKind
}

// syntaxKind selects a scheme's syntax function. It is a switch rather
// than a func field because a call through a func value makes the *URI
// escape, and Check must not allocate for a clean URI.
type syntaxKind uint8

const (
	syntaxGeneric syntaxKind = iota // RFC 3986 only
	syntaxFTP
	syntaxFile
	syntaxGopher
	syntaxMailto
	syntaxNews
	syntaxNNTP
	syntaxTelnet
	syntaxWAIS
	syntaxProspero
)

// check appends the findings of the scheme's own syntax for u, parsed
// from s.
func (k syntaxKind) check(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	switch k {
	case syntaxFTP:
		return checkFTP(s, u, info, out)
	case syntaxFile:
		return checkFile(s, u, info, out)
	case syntaxGopher:
		return checkGopher(s, u, info, out)
	case syntaxMailto:
		return checkMailto(s, u, info, out)
	case syntaxNews:
		return checkNews(s, u, info, out)
	case syntaxNNTP:
		return checkNNTP(s, u, info, out)
	case syntaxTelnet:
		return checkTelnet(s, u, info, out)
	case syntaxWAIS:
		return checkWAIS(s, u, info, out)
	case syntaxProspero:
		return checkProspero(s, u, info, out)
	}
	return out
}

// crlfData returns the byte range of s in which the scheme defines
// percent-encoded CR and LF as data (a gopher+ form), or an empty range.
func (k syntaxKind) crlfData(s string, u *URI) (start, end int) {
	if k == syntaxGopher {
		return gopherPlus(s, u)
	}
	return 0, 0
}

// schemes is the registry, keyed by lowercase scheme name. The rules are
// those of RFC 1738 (section 3 and the BNF of section 5), with these
// decisions:
//
//   - A reference without "//" ("http:foo", "http:/foo") of a scheme
//     whose RFC 1738 syntax begins with "//" (ip-schemepart) is reported
//     as CategorySchemeSyntax, not CategoryMalformed: it is a valid RFC
//     3986 URI, but not an http URI. So is an empty host ("http:///x"),
//     which RFC 9110 section 4.2.1 also forbids for http and https.
//   - Schemes whose RFC 1738 syntax has "hostport" rather than "login"
//     (gopher, nntp, wais, prospero) take no userinfo, and "file", which
//     has a bare host, takes neither userinfo nor port.
//   - For those schemes a query right after the host ("ftp://h?x") is
//     reported: RFC 1738 puts a "/" before the url-path, where "?" is an
//     ordinary character. http, https, ws and wss follow RFC 9110 and
//     RFC 6455, which allow it.
//   - http and https accept a user name: RFC 1738 section 3.3 allows none,
//     but RFC 9110 section 4.2.4 only deprecates it and it is common
//     (git over https). A password is reported by CategoryPassword.
//   - ws and wss follow RFC 6455 section 3: host and port only (no
//     userinfo), and no fragment.
//   - file also accepts the local form "file:/path" of RFC 8089 section 2,
//     which is common (Java, Python); "file:path" and "file:" are reported.
//   - news also accepts the server form "news://host/group" of RFC 5538;
//     the group or article after the "/" is checked as in RFC 1738.
//   - mailto accepts the address in a "to" header field of RFC 6068
//     ("mailto:?to=a@example.com"). "mailto://a@example.com" is the one
//     scheme-syntax finding with a fix: dropping the "//".
//   - In a gopher+ string (after the second %09) %0D%0A is data, by
//     section 3.4.9, and CategoryEncodedControl does not report it.
//   - Character classes are those of RFC 3986, already enforced by the
//     parser; the scheme rules check structure: which delimiters may
//     appear where. Host names are not checked against RFC 1738 hostname.
//   - The W3C grammar of 1995 also gives an "afs" form
//     ("afs://" cellname "/" path), which its own text says "is left in
//     as historical note, but is not a url production": afs is not
//     registered and gets the generic rules only. The same grammar's prospero "%00 version"
//     suffix and gopher "?" search are likewise not enforced.
//
// Unknown schemes get the generic RFC 3986 rules only.
var schemes = map[string]*schemeInfo{
	// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
	"http":  {defaultPort: "80", slashPath: true, host: true, login: true, tcp: true},
	"https": {defaultPort: "443", slashPath: true, host: true, login: true, tcp: true},
	// RFC 6455 section 3: ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]
	"ws":  {defaultPort: "80", slashPath: true, host: true, tcp: true, noFragment: true},
	"wss": {defaultPort: "443", slashPath: true, host: true, tcp: true, noFragment: true},
	// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
	"ftp": {defaultPort: "21", host: true, login: true, tcp: true, syntax: syntaxFTP},
	// fileurl = "file://" [ host | "localhost" ] "/" fpath
	"file": {authority: authOptional, syntax: syntaxFile},
	// gopherurl = "gopher://" hostport [ / [ gtype [ selector
	//             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
	"gopher": {defaultPort: "70", host: true, tcp: true, syntax: syntaxGopher},
	// mailtourl = "mailto:" encoded822addr
	"mailto": {authority: authNone, syntax: syntaxMailto},
	// newsurl = "news:" grouppart
	// RFC 5538 section 2.1: the server form "news://" host [ ":" port ] takes
	// NNTP's port, 119.
	"news": {defaultPort: "119", authority: authOptional, login: true, tcp: true, syntax: syntaxNews},
	// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
	"nntp": {defaultPort: "119", host: true, tcp: true, syntax: syntaxNNTP},
	// telneturl = "telnet://" login [ "/" ]
	"telnet": {defaultPort: "23", host: true, login: true, tcp: true, syntax: syntaxTelnet},
	// waisurl = waisdatabase | waisindex | waisdoc
	"wais": {defaultPort: "210", host: true, tcp: true, syntax: syntaxWAIS},
	// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
	"prospero": {defaultPort: "1525", host: true, tcp: true, syntax: syntaxProspero},
}

// schemeList holds the registry for lookupScheme, the most common schemes
// first: comparing a dozen short names beats hashing one.
var schemeList = sortedSchemes()

func sortedSchemes() []*schemeInfo {
	var list []*schemeInfo
	for name, info := range schemes {
		info.name = name
		list = append(list, info)
	}
	rank := func(name string) int {
		switch name {
		case "https":
			return 0
		case "http":
			return 1
		}
		return 2
	}
	slices.SortFunc(list, func(a, b *schemeInfo) int {
		if c := rank(a.name) - rank(b.name); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	return list
}

// lookupScheme finds the registry entry of scheme, in any case, without
// allocating.
func lookupScheme(scheme string) *schemeInfo {
	for _, info := range schemeList {
		if abnf.FoldEq(info.name, scheme) {
			return info
		}
	}
	return nil
}

// checkScheme appends the findings of the scheme-specific rules for u,
// parsed from s. It allocates nothing when there is no finding.
func checkScheme(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	if info == nil {
		return out
	}
	colon := len(u.Scheme) + 1 // just past "scheme:"
	switch {
	case info.authority == authRequired && !u.HasAuthority:
		// RFC 1738 section 3.1: "This initial part starts with a double
		// slash "//" to indicate its presence".
		return append(out, schemeFinding(s, info, colon, colon,
			fmt.Sprintf(`%q must be followed by "//" and a host`, s[:colon])))
	case info.authority == authNone && u.HasAuthority:
		// mailtourl = "mailto:" encoded822addr: the address follows the
		// colon. Dropping the "//" is the one safe fix of this category.
		_, end := u.Span(ComponentPort)
		f := schemeFinding(s, info, colon, end,
			fmt.Sprintf(`a %s URI has no authority, so no "//" after %q`, info.name, s[:colon]))
		// The fix is safe only when what follows the "//" reads as the
		// address: a reg-name host (an IP literal's "[" is no path
		// character) and no second "//" that would read as an authority.
		if u.HostKind == HostRegName && !strings.HasPrefix(u.Path, "//") {
			f.Fix = []Edit{{Start: colon, End: colon + 2}}
		}
		return append(out, f)
	}
	if u.HasAuthority {
		out = checkAuthority(s, u, info, out)
	}
	if info.noFragment && u.HasFragment {
		// RFC 6455 section 3: "Fragment identifiers are meaningless in the
		// context of WebSocket URIs and MUST NOT be used on these URIs."
		start, end := u.Span(ComponentFragment)
		out = append(out, schemeFinding(s, info, start-1, end,
			"a WebSocket URI cannot have a fragment"))
	}
	return info.syntax.check(s, u, info, out)
}

// checkAuthority checks the host, userinfo and port against the scheme.
func checkAuthority(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	if info.host && u.Host == "" {
		// RFC 1738: hostport = host [ ":" port ], and a host is never empty.
		start, end := u.Span(ComponentHost)
		out = append(out, schemeFinding(s, info, start, end, "the host is empty"))
	}
	if !info.login && u.HasUserinfo {
		// RFC 1738 gives these schemes "hostport", not "login".
		start, end := u.Span(ComponentUserinfo)
		out = append(out, schemeFinding(s, info, start, end+1,
			fmt.Sprintf("a %s URI takes no user name or password before the host", info.name)))
	}
	if !u.HasPort || u.Port == "" && info.tcp {
		return out // an empty TCP port is the generic empty-port rule's
	}
	start, end := u.Span(ComponentPort)
	switch {
	case !info.tcp:
		// Even an empty port: "file://C:/x" is a drive letter that lost
		// its "/" ("file:///C:/x"), not a host "C".
		if u.Port == "" {
			out = append(out, schemeFinding(s, info, start-1, end,
				fmt.Sprintf(`a %s URI takes no port; a drive letter goes after "%s:///"`, info.name, info.name)))
			break
		}
		// fileurl = "file://" [ host | "localhost" ] "/" fpath: a host, no port.
		out = append(out, schemeFinding(s, info, start-1, end,
			fmt.Sprintf("a %s URI takes no port", info.name)))
	case portValue(u.Port) > 65535:
		out = append(out, Finding{
			Category: CategoryPortRange,
			Start:    start, End: end,
			Message: fmt.Sprintf("%q has port %s, above 65535, which %s over TCP cannot use", s, u.Port, info.name),
		})
	}
	return out
}

// schemeFinding returns the CategorySchemeSyntax finding for s[start:end].
// Scheme-syntax findings carry no fix (but for a "//" after "mailto:"):
// the URI that was meant cannot be known.
func schemeFinding(s string, info *schemeInfo, start, end int, detail string) Finding {
	return Finding{
		Category: CategorySchemeSyntax,
		Start:    start, End: end,
		Message: fmt.Sprintf("%q is not a valid %s URI: %s", s, info.name, detail),
	}
}

// urlPath returns the byte range of what RFC 1738 calls the url-path,
// with the "/" before it: the path and, with its "?", the query. RFC 1738
// has no query component, so a "?" is a character of the url-path.
func urlPath(u *URI) (start, end int) {
	start, end = u.Span(ComponentPath)
	if u.HasQuery {
		_, end = u.Span(ComponentQuery)
	}
	return start, end
}

// needSlash reports whether the url-path s[start:end] of a scheme with
// ip-schemepart syntax is empty or begins with "/"; if not (only a query
// after the host: "ftp://h?x"), it appends a finding.
//
//	ip-schemepart = "//" login [ "/" urlpath ]
func needSlash(s string, info *schemeInfo, start, end int, out []Finding) ([]Finding, bool) {
	if start == end || s[start] == '/' {
		return out, true
	}
	return append(out, schemeFinding(s, info, start, start,
		`a "/" must come between the host and the path`)), false
}

// portValue returns the value of a port of digits, saturating at 1<<20.
func portValue(port string) int {
	v := 0
	for i := 0; i < len(port); i++ {
		v = v*10 + int(port[i]-'0')
		if v > 1<<20 {
			return 1 << 20
		}
	}
	return v
}

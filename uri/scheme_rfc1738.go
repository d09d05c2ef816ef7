package uri

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// The syntax functions of the registry, one per scheme, each quoting the
// BNF of RFC 1738 section 5 that it enforces. They receive only references
// that are valid by RFC 3986 and that have the authority their scheme
// requires; offsets are into the checked string s.

// checkFTP enforces the url-path of an ftp URL.
//
//	ftpurl   = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//	fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//	ftptype  = "A" | "I" | "D" | "a" | "i" | "d"
//
// Section 3.2.2: "Within a name or CWD component, the characters "/" and
// ";" are reserved and must be encoded."
func checkFTP(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	out, ok := needSlash(s, info, start, end, out)
	if !ok {
		return out
	}
	i := strings.IndexByte(s[start:end], ';')
	if i < 0 {
		return out
	}
	semi := start + i
	if rest := s[semi+1 : end]; len(rest) < 5 || !strings.EqualFold(rest[:5], "type=") {
		return append(out, schemeFinding(s, info, semi, semi+1,
			`";" in an ftp path must be encoded as %3B: only a final ";type=" may follow the path`))
	}
	code := semi + len(";type=")
	switch {
	case code == end:
		return append(out, schemeFinding(s, info, code, code, `";type=" needs a typecode: a, i or d`))
	case end-code != 1 || strings.IndexByte("aidAID", s[code]) < 0:
		return append(out, schemeFinding(s, info, code, end,
			fmt.Sprintf("typecode %q is not a, i or d", s[code:end])))
	}
	return out
}

// checkFile enforces the path of a file URL.
//
//	fileurl = "file://" [ host | "localhost" ] "/" fpath
//
// RFC 8089 section 2 adds the local form "file:" path-absolute.
func checkFile(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	if !u.HasAuthority {
		if !strings.HasPrefix(u.Path, "/") {
			return append(out, schemeFinding(s, info, start, end,
				`"file:" must be followed by "//" and a host, or by an absolute path`))
		}
		return out
	}
	if relativeFileHost(u) {
		// "file://../../x": a relative path written after "//" reads as
		// the host ".."; removing dot segments from the path would change
		// what the program opens, so this is the finding, with no fix.
		h := len(u.Scheme) + 3
		if u.HasUserinfo {
			h += len(u.Userinfo) + 1
		}
		return append(out, schemeFinding(s, info, h, h+len(u.Host),
			fmt.Sprintf(`the host %q is a relative path: "file://" takes a host name and then a path from the root`, u.Host)))
	}
	if u.Path == "" {
		what := "a host"
		if u.Host == "" {
			what = `"//"`
		}
		return append(out, schemeFinding(s, info, start, start,
			fmt.Sprintf(`a path beginning with "/" must follow %s`, what)))
	}
	return out
}

// relativeFileHost reports whether u is a file URI whose host is "." or
// "..", a relative path put after "//".
func relativeFileHost(u *URI) bool {
	return u.HasAuthority && (u.Host == "." || u.Host == "..") && abnf.FoldEq("file", u.Scheme)
}

// checkGopher enforces the gopher type character.
//
//	gopherurl = "gopher://" hostport [ / [ gtype [ selector
//	            [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//	gtype     = xchar
//
// The %09 is the separator of the search and gopher+ strings (sections
// 3.4.2 and 3.4.3), not a problem; but the type character cannot be left
// out in front of it.
func checkGopher(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	out, ok := needSlash(s, info, start, end, out)
	if !ok {
		return out
	}
	if end-start >= 4 && isTab(s[start+1:]) {
		return append(out, schemeFinding(s, info, start+1, start+4,
			"the gopher type character is missing before the %09 search separator"))
	}
	return out
}

// isTab reports whether p begins with the percent-encoded tab "%09".
func isTab(p string) bool {
	return len(p) >= 3 && p[0] == '%' && p[1] == '0' && p[2] == '9'
}

// gopherPlus returns the range of the gopher+ string: what follows the
// second %09 of the url-path. Section 3.4.9 defines it, for an item with
// an electronic form, as the lines the client sends, separated by %0D%0A:
// "+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0A...".
func gopherPlus(s string, u *URI) (int, int) {
	start, end := urlPath(u)
	tabs := 0
	for i := start; i+2 < end; i++ {
		if isTab(s[i:end]) {
			if tabs++; tabs == 2 {
				return i + 3, end
			}
			i += 2
		}
	}
	return end, end
}

// checkMailto enforces the address of a mailto URL.
//
//	mailtourl      = "mailto:" encoded822addr
//	encoded822addr = 1*xchar               ; further defined in RFC822
//
// An RFC 822 addr-spec is local-part "@" domain. RFC 6068 allows several
// addresses separated by "," and the address in a "to" header field, and
// makes the address optional: mailtoURI = "mailto:" [ to ] [ hfields ].
// So "mailto:?subject=hi" (a "share by e-mail" link, whose reader picks
// the address) is accepted; a bare "mailto:" or "mailto:?" says nothing
// and is reported.
func checkMailto(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := u.Span(ComponentPath)
	if start == end {
		if to, toKey, any := toFields(u.Query); to || any && !toKey {
			return out
		}
		return append(out, schemeFinding(s, info, start, start, `an address must follow "mailto:"`))
	}
	for i := start; i <= end; {
		j := strings.IndexByte(s[i:end], ',')
		if j < 0 {
			j = end
		} else {
			j += i
		}
		if !isAddrSpec(s[i:j]) {
			return append(out, schemeFinding(s, info, i, j,
				fmt.Sprintf(`address %q is not a local part, "@" and a domain`, s[i:j])))
		}
		i = j + 1
	}
	return out
}

// isAddrSpec reports whether a holds "@" (or "%40") with text on both
// sides: addr-spec = local-part "@" domain (RFC 822 section 6.1).
func isAddrSpec(a string) bool {
	at, n := strings.LastIndexByte(a, '@'), 1
	if at < 0 {
		at, n = lastIndexFold(a, "%40"), 3
	}
	return at > 0 && at+n < len(a)
}

// lastIndexFold is strings.LastIndex ignoring ASCII case, without
// allocating.
func lastIndexFold(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// toFields reads the RFC 6068 header fields of query
// (hfields = "?" hfield *( "&" hfield ), hfield = hfname "=" hfvalue):
// to, a "to" field with a value; toKey, a "to" field even empty (an empty
// one, "mailto:?to=", says the address is missing); any, any field with a
// value.
func toFields(query string) (to, toKey, any bool) {
	for query != "" {
		f := query
		if i := strings.IndexByte(query, '&'); i >= 0 {
			f, query = query[:i], query[i+1:]
		} else {
			query = ""
		}
		name, value, _ := strings.Cut(f, "=")
		isTo := strings.EqualFold(name, "to")
		toKey = toKey || isTo
		if name != "" && value != "" {
			any = true
			to = to || isTo
		}
	}
	return to, toKey, any
}

// checkNews enforces the group part of a news URL.
//
//	newsurl   = "news:" grouppart
//	grouppart = "*" | group | article
//	group     = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
//	article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
//
// Section 3.6: "A message identifier may be distinguished from a news
// group name by the presence of the commercial at "@" character."
func checkNews(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	if u.HasAuthority {
		// RFC 5538: "news://" server "/" then the same group part.
		var ok bool
		if out, ok = needSlash(s, info, start, end, out); !ok || start == end {
			return out
		}
		start++
		if start == end {
			return out
		}
	}
	if start == end {
		return append(out, schemeFinding(s, info, start, start,
			`"*", a newsgroup or an article id@host must follow "news:"`))
	}
	gp := s[start:end]
	if gp == "*" {
		return out
	}
	at := strings.IndexByte(gp, '@')
	if at < 0 {
		return checkGroup(s, info, start, end, out)
	}
	if at == 0 {
		return append(out, schemeFinding(s, info, start, start,
			fmt.Sprintf("article %q needs an id before %q", gp, "@")))
	}
	host := start + at + 1
	if host == end {
		return append(out, schemeFinding(s, info, end, end,
			fmt.Sprintf("article %q needs a host after %q", gp, "@")))
	}
	for i := host; i < end; i++ {
		if c := s[i]; !is(c, cAlpha|cDigit) && c != '-' && c != '.' {
			return append(out, schemeFinding(s, info, host, end,
				fmt.Sprintf("%q after %q in an article is not a host name", s[host:end], "@")))
		}
	}
	return out
}

// checkGroup checks the newsgroup name s[start:end].
//
//	group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
func checkGroup(s string, info *schemeInfo, start, end int, out []Finding) []Finding {
	g := s[start:end]
	if !is(g[0], cAlpha) {
		return append(out, schemeFinding(s, info, start, start+charLen(g),
			fmt.Sprintf("newsgroup %q must begin with a letter", g)))
	}
	for i := 1; i < len(g); i++ {
		if c := g[i]; !is(c, cAlpha|cDigit) && strings.IndexByte("-.+_", c) < 0 {
			n := charLen(g[i:])
			return append(out, schemeFinding(s, info, start+i, start+i+n,
				fmt.Sprintf("newsgroup %q cannot contain %q", g, g[i:i+n])))
		}
	}
	return out
}

// charLen returns the length of the character at the start of p: 3 for a
// percent-encoding, else 1.
func charLen(p string) int {
	if p[0] == '%' && len(p) >= 3 {
		return 3
	}
	return 1
}

// checkNNTP enforces the path of an nntp URL.
//
//	nntpurl = "nntp://" hostport "/" group [ "/" digits ]
func checkNNTP(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	out, ok := needSlash(s, info, start, end, out)
	if !ok {
		return out
	}
	if end-start < 2 {
		return append(out, schemeFinding(s, info, end, end,
			`a newsgroup must follow the host, as in "nntp://host/group"`))
	}
	g := start + 1
	ge := end
	if i := strings.IndexByte(s[g:end], '/'); i >= 0 {
		ge = g + i
	}
	if g == ge {
		return append(out, schemeFinding(s, info, g, g, "the newsgroup is empty"))
	}
	out = checkGroup(s, info, g, ge, out)
	if ge == end {
		return out
	}
	num := s[ge+1 : end]
	for i := 0; i < len(num); i++ {
		if !is(num[i], cDigit) {
			return append(out, schemeFinding(s, info, ge+1, end,
				fmt.Sprintf("article number %q is not decimal digits", num)))
		}
	}
	if num == "" {
		return append(out, schemeFinding(s, info, end, end, `an article number must follow the "/" after the newsgroup`))
	}
	return out
}

// checkTelnet enforces the end of a telnet URL.
//
//	telneturl = "telnet://" login [ "/" ]
func checkTelnet(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	if start < end && s[start] == '/' {
		start++
	}
	if start < end {
		return append(out, schemeFinding(s, info, start, end,
			fmt.Sprintf(`nothing but "/" may follow the host, and %q does`, s[start:end])))
	}
	return out
}

// checkWAIS enforces the three forms of a wais URL.
//
//	waisdatabase = "wais://" hostport "/" database
//	waisindex    = "wais://" hostport "/" database "?" search
//	waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//	database     = *uchar
//	wtype        = *uchar
//	wpath        = *uchar
func checkWAIS(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := u.Span(ComponentPath)
	if start == end {
		return append(out, schemeFinding(s, info, start, start,
			`a "/" and a database must follow the host, as in "wais://host/database"`))
	}
	p := s[start+1 : end]
	switch strings.Count(p, "/") {
	case 0:
	case 2:
		if u.HasQuery {
			qs, qe := u.Span(ComponentQuery)
			return append(out, schemeFinding(s, info, qs-1, qe,
				"a search cannot follow the database/wtype/wpath of a document"))
		}
	default:
		return append(out, schemeFinding(s, info, start, end,
			fmt.Sprintf("path %q is neither /database nor /database/wtype/wpath", s[start:end])))
	}
	// uchar excludes the reserved ";", ":", "@", "&" and "=" that RFC 3986
	// allows in a path.
	if i := strings.IndexAny(p, ";:@&="); i >= 0 {
		at := start + 1 + i
		return append(out, schemeFinding(s, info, at, at+1,
			fmt.Sprintf("%q must be percent-encoded in a wais database, type or document id", s[at:at+1])))
	}
	return out
}

// checkProspero enforces the field specs of a prospero URL.
//
//	prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//	fieldspec   = ";" fieldname "=" fieldvalue
//	fieldname   = *[ uchar | "?" | ":" | "@" | "&" ]
//	fieldvalue  = *[ uchar | "?" | ":" | "@" | "&" ]
//
// Section 3.11: "The semicolon ";" is reserved and may not appear without
// quoting in the <hsoname>."
func checkProspero(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	start, end := urlPath(u)
	out, ok := needSlash(s, info, start, end, out)
	if !ok {
		return out
	}
	if start == end {
		return append(out, schemeFinding(s, info, start, start,
			`a "/" and a path must follow the host, as in "prospero://host/path"`))
	}
	i := strings.IndexByte(s[start:end], ';')
	if i < 0 {
		return out
	}
	for f := start + i + 1; f <= end; {
		fe := end
		if j := strings.IndexByte(s[f:end], ';'); j >= 0 {
			fe = f + j
		}
		field := s[f:fe]
		eq := strings.IndexByte(field, '=')
		switch {
		case eq < 0:
			return append(out, schemeFinding(s, info, f, fe,
				fmt.Sprintf(`field %q needs "=" and a value`, field)))
		case strings.IndexByte(field, '/') >= 0 || strings.IndexByte(field[eq+1:], '=') >= 0:
			return append(out, schemeFinding(s, info, f, fe,
				fmt.Sprintf(`field %q may hold "/" or a second "=" only percent-encoded`, field)))
		}
		f = fe + 1
	}
	return out
}

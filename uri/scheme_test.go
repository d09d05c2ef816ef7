package uri

import (
	"fmt"
	"strings"
	"testing"
)

// schemeFindings returns the findings of Check(s) in the categories of
// scheme.go and security.go, as category@start-end.
func schemeFindings(s string) []string {
	var keys []string
	for _, f := range Check(s) {
		if isOwnCategory(f.Category) {
			keys = append(keys, fmt.Sprintf("%s@%d-%d", f.Category, f.Start, f.End))
		}
	}
	return keys
}

// schemeTests are valid RFC 3986 references, grouped by scheme, each side
// of each rule, with the RFC texts' own examples. want lists
// category@start-end; at is the text at fault of the first finding, which
// is what a reader of the report looks at.
var schemeTests = []struct {
	in   string
	want []string
	at   string
	sec  string
}{
	// http, https: RFC 1738 section 5 httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
	{"http://www.ietf.org/rfc/rfc2396.txt", nil, "", "RFC 3986 1.1.2 example"},
	{"http://h", nil, "", "3.3: the \"/\" may also be omitted"},
	{"http://h?q", nil, "", "RFC 9110 4.2.1: path-abempty then query"},
	{"https://user@git.example.org/repo.git", nil, "", "a user name alone is accepted"},
	{"HTTP://h/", nil, "", "scheme is case-insensitive"},
	{"http:foo", []string{"scheme-syntax@5-5"}, "", "3.1: ip-schemepart starts with //"},
	{"http:www.example.com", []string{"scheme-syntax@5-5"}, "", "RFC 3986 Appendix C's <http:www.example.com>: RFC 1738 3.3 httpurl = \"http://\" hostport"},
	{"http:/foo", []string{"scheme-syntax@5-5"}, "", "3.1"},
	{"HTTPS:foo", []string{"scheme-syntax@6-6"}, "", "3.1, any case"},
	{"http:", []string{"scheme-syntax@5-5"}, "", "3.1"},
	{"http:///path", []string{"scheme-syntax@7-7"}, "", "hostport: the host is not empty"},
	{"https://:443/", []string{"scheme-syntax@8-8"}, "", "hostport"},
	{"http://h:65535/", nil, "", "largest TCP port"},
	{"http://h:65536/", []string{"port-range@9-14"}, "65536", "TCP port"},
	{"https://h:99999999999/", []string{"port-range@10-21"}, "99999999999", "TCP port"},

	// ws, wss: RFC 6455 section 3 ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]
	{"ws://localhost:9000/socket", nil, "", "RFC 6455 3"},
	{"wss://h/feed?token=x", nil, "", "RFC 6455 3"},
	{"ws:/socket", []string{"scheme-syntax@3-3"}, "", "RFC 6455 3"},
	{"wss://h/#frag", []string{"scheme-syntax@8-13"}, "#frag", "RFC 6455 3: no fragment"},
	{"ws://u@h/", []string{"scheme-syntax@5-7"}, "u@", "RFC 6455 3: host, not userinfo"},
	{"ws://h:70000/", []string{"port-range@7-12"}, "70000", "TCP port"},

	// ftp: ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", nil, "", "RFC 3986 1.1.2 example"},
	{"ftp://myname@host.dom/%2Fetc/motd", nil, "", "RFC 1738 3.2.2 example"},
	{"ftp://myname@host.dom/etc/motd", nil, "", "RFC 1738 3.2.2 example"},
	{"ftp://myname@host.dom//etc/motd", nil, "", "RFC 1738 3.2.2 example"},
	{"ftp://h/a/b?c:d@e&f=g", nil, "", "fsegment allows ? : @ & ="},
	{"ftp://h/f;type=a", nil, "", "ftptype a"},
	{"ftp://h/f;type=I", nil, "", "ftptype I"},
	{"ftp://h/dir/;type=d", nil, "", "ftptype d, empty name"},
	{"ftp://h/f;TYPE=i", nil, "", "BNF literals are case-insensitive (RFC 822)"},
	{"ftp://h/a%3Bb", nil, "", "3.2.2: encoded ;"},
	{"ftp://h/f;type=x", []string{"scheme-syntax@15-16"}, "x", "ftptype"},
	{"ftp://h/f;type=ai", []string{"scheme-syntax@15-17"}, "ai", "ftptype is one character"},
	{"ftp://h/f;type=", []string{"scheme-syntax@15-15"}, "", "ftptype is required after ;type="},
	{"ftp://h/a;b/c", []string{"scheme-syntax@9-10"}, ";", "3.2.2: ; must be encoded"},
	{"ftp://h/f;mode=a", []string{"scheme-syntax@9-10"}, ";", "3.2.2"},
	{"ftp://h?x", []string{"scheme-syntax@7-7"}, "", "ip-schemepart: \"/\" before the url-path"},
	{"ftp:/pub/file", []string{"scheme-syntax@4-4"}, "", "3.1"},
	{"ftp:///pub", []string{"scheme-syntax@6-6"}, "", "login: the host is not empty"},
	{"ftp://h:70000/", []string{"port-range@8-13"}, "70000", "TCP port"},

	// file: fileurl = "file://" [ host | "localhost" ] "/" fpath
	{"file:///etc/hosts", nil, "", "3.10: empty host"},
	{"file://localhost/etc/hosts", nil, "", "3.10: localhost"},
	{"file://vms.host.edu/disk$user/my/notes/note12345.txt", nil, "", "RFC 1738 3.10 example"},
	{"file:/etc/hosts", nil, "", "RFC 8089 2: local form"},
	{"file://h/a;b", nil, "", "a ; in a file name is accepted"},
	{"file:etc/hosts", []string{"scheme-syntax@5-14"}, "etc/hosts", "3.10 and RFC 8089 2"},
	{"file:", []string{"scheme-syntax@5-5"}, "", "3.10"},
	{"file://h", []string{"scheme-syntax@8-8"}, "", "3.10: \"/\" fpath is required"},
	{"file://", []string{"scheme-syntax@7-7"}, "", "3.10"},
	{"file://h:8/x", []string{"scheme-syntax@8-10"}, ":8", "3.10: host, not hostport"},
	{"file://u@h/x", []string{"scheme-syntax@7-9"}, "u@", "3.10: host, not login"},

	// gopher: gopherurl = "gopher://" hostport [ / [ gtype [ selector
	//                     [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
	{"gopher://h", nil, "", "3.4.1: the gopher-path may be empty"},
	{"gopher://h/", nil, "", "3.4.1"},
	{"gopher://h:70/1", nil, "", "3.4.1: gtype alone"},
	{"gopher://h/11/pub", nil, "", "3.4.1: selector starts with a copy of gtype"},
	{"gopher://h/7sel%09search", nil, "", "3.4.2: %09 is the search separator"},
	{"gopher://h/1sel%09%09+", nil, "", "3.4.3/3.4.4: empty search, gopher+ string +"},
	{"gopher://h/1sel%09%09!+ABSTRACT%20+SMELL", nil, "", "3.4.7 example"},
	{"gopher://h/1sel%09%09+application/postscript%20Es_ES", nil, "", "3.4.8 example"},
	{"gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", nil, "",
		"3.4.9: a gopher+ form holds CR LF as data"},
	{"gopher://h/1sel?x", nil, "", "? is an xchar of the selector"},
	{"gopher://h/%09search", []string{"scheme-syntax@11-14"}, "%09", "3.4.1: gtype before %09"},
	{"gopher://h/1a%0D%0Ab", []string{"encoded-control@13-19"}, "%0D%0A", "3.4.1: no CR LF in a selector"},
	{"gopher://h/1a%09b%0Dc%09+", []string{"encoded-control@17-20"}, "%0D", "3.4.2: CR LF in a search is not data"},
	{"gopher://u@h/", []string{"scheme-syntax@9-11"}, "u@", "hostport: no user"},
	{"gopher:1sel", []string{"scheme-syntax@7-7"}, "", "3.1"},
	{"gopher://h?x", []string{"scheme-syntax@10-10"}, "", "ip-schemepart: \"/\" first"},

	// mailto: mailtourl = "mailto:" encoded822addr
	{"mailto:John.Doe@example.com", nil, "", "RFC 3986 1.1.2 example"},
	{"mailto:a@example.com,b@example.org", nil, "", "RFC 6068 2: several addresses"},
	{"mailto:a@example.com?subject=hi", nil, "", "RFC 6068 2: hfields"},
	{"mailto:?to=a@example.com", nil, "", "RFC 6068 2: address in a to field"},
	{"mailto:joe%40example.com", nil, "", "encoded @"},
	{"mailto:", []string{"scheme-syntax@7-7"}, "", "encoded822addr = 1*xchar"},
	{"mailto:?subject=hi", nil, "", "RFC 6068 2: [ to ] is optional; the reader picks the address"},
	{"mailto:", []string{"scheme-syntax@7-7"}, "", "1*xchar: nothing at all is no mailto URI"},
	{"mailto:?", []string{"scheme-syntax@7-7"}, "", "an empty query says nothing either"},
	{"mailto:?to=&subject=hi", []string{"scheme-syntax@7-7"}, "", "an empty to field says the address is missing"},
	{"mailto:?to=", []string{"scheme-syntax@7-7"}, "", "an empty to field is no address"},
	{"mailto:joe", []string{"scheme-syntax@7-10"}, "joe", "RFC 822 addr-spec = local-part @ domain"},
	{"mailto:@example.com", []string{"scheme-syntax@7-19"}, "@example.com", "RFC 822 6.1"},
	{"mailto:a@example.com,", []string{"scheme-syntax@21-21"}, "", "RFC 6068 2: no empty address"},
	{"mailto://joe@example.com", []string{"scheme-syntax@7-24"}, "//joe@example.com", "no authority"},

	// news: newsurl = "news:" grouppart
	{"news:comp.infosystems.www.servers.unix", nil, "", "RFC 3986 1.1.2 example"},
	{"news:comp.infosystems.www.misc", nil, "", "RFC 1738 3.6 example"},
	{"news:*", nil, "", "RFC 1738 3.6 example"},
	{"news:alt.comp.c++_faq", nil, "", "group allows - . + _"},
	{"news:1234.abc@news.example.com", nil, "", "article: id@host"},
	{"news:a/b?c:d=e@h", nil, "", "article allows ; / ? : & ="},
	{"news://news.example.com/comp.lang.go", nil, "", "RFC 5538 server form"},
	{"news://news.example.com/", nil, "", "RFC 5538 server form"},
	{"news:", []string{"scheme-syntax@5-5"}, "", "grouppart is required"},
	{"news:1comp", []string{"scheme-syntax@5-6"}, "1", "group = alpha *[...]"},
	{"news:comp.*", []string{"scheme-syntax@10-11"}, "*", "\"*\" only alone"},
	{"news:comp%2Elang", []string{"scheme-syntax@9-12"}, "%2E", "group has no escapes"},
	{"news:@h", []string{"scheme-syntax@5-5"}, "", "article = 1*[...] \"@\" host"},
	{"news:id@", []string{"scheme-syntax@8-8"}, "", "article needs a host"},
	{"news:id@h_x", []string{"scheme-syntax@8-11"}, "h_x", "host"},
	{"news://h/1x", []string{"scheme-syntax@9-10"}, "1", "RFC 5538: the same group syntax"},

	// nntp: nntpurl = "nntp://" hostport "/" group [ "/" digits ]
	{"nntp://news.example.com/comp.lang.go", nil, "", "3.7"},
	{"nntp://news.example.com:119/comp.lang.go/12345", nil, "", "3.7: article number"},
	{"nntp://h", []string{"scheme-syntax@8-8"}, "", "\"/\" group is required"},
	{"nntp://h/", []string{"scheme-syntax@9-9"}, "", "group is required"},
	{"nntp://h//12", []string{"scheme-syntax@9-9"}, "", "group is not empty"},
	{"nntp://h/9x", []string{"scheme-syntax@9-10"}, "9", "group = alpha ..."},
	{"nntp://h/g/12a", []string{"scheme-syntax@11-14"}, "12a", "digits"},
	{"nntp://h/g/", []string{"scheme-syntax@11-11"}, "", "digits = 1*digit"},
	{"nntp://h/g/1/2", []string{"scheme-syntax@11-14"}, "1/2", "nothing after the number"},
	{"nntp://h/g?x", []string{"scheme-syntax@10-11"}, "?", "no search"},
	{"nntp://u@h/g", []string{"scheme-syntax@7-9"}, "u@", "hostport: no user"},

	// telnet: telneturl = "telnet://" login [ "/" ]
	{"telnet://192.0.2.16:80/", nil, "", "RFC 3986 1.1.2 example"},
	{"telnet://user@h", nil, "", "3.8: login"},
	{"telnet://h/", nil, "", "3.8: optional /"},
	{"telnet://h/x", []string{"scheme-syntax@11-12"}, "x", "nothing after /"},
	{"telnet://h?x", []string{"scheme-syntax@10-12"}, "?x", "nothing after the host"},
	{"telnet:h", []string{"scheme-syntax@7-7"}, "", "3.1"},

	// wais: waisdatabase / waisindex / waisdoc
	{"wais://h/db", nil, "", "waisdatabase"},
	{"wais://h/", nil, "", "database = *uchar may be empty"},
	{"wais://h:210/db?query", nil, "", "waisindex"},
	{"wais://h/db/TEXT/doc-id%2F42", nil, "", "waisdoc"},
	{"wais://h", []string{"scheme-syntax@8-8"}, "", "\"/\" database is required"},
	{"wais://h/db/TEXT", []string{"scheme-syntax@8-16"}, "/db/TEXT", "two parts are no form"},
	{"wais://h/db/t/p/q", []string{"scheme-syntax@8-17"}, "/db/t/p/q", "wpath = *uchar has no /"},
	{"wais://h/db/t/p?x", []string{"scheme-syntax@15-17"}, "?x", "waisdoc has no search"},
	{"wais://h/d;b", []string{"scheme-syntax@10-11"}, ";", "database = *uchar"},
	{"wais://u@h/db", []string{"scheme-syntax@7-9"}, "u@", "hostport: no user"},

	// prospero: prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
	{"prospero://host.dom//pros/name", nil, "", "RFC 1738 3.11 example"},
	{"prospero://h/path;OBJECT-VERSION=3", nil, "", "3.11: field"},
	{"prospero://h/a?b:c@d&e=f;x=1;y=", nil, "", "psegment and fields"},
	{"prospero://h", []string{"scheme-syntax@12-12"}, "", "\"/\" ppath is required"},
	{"prospero://h/p;x", []string{"scheme-syntax@15-16"}, "x", "fieldspec = \";\" fieldname \"=\" fieldvalue"},
	{"prospero://h/p;x=1/2", []string{"scheme-syntax@15-20"}, "x=1/2", "fieldvalue has no /"},
	{"prospero://h/p;x=a=b", []string{"scheme-syntax@15-20"}, "x=a=b", "fieldvalue has no ="},
	{"prospero://u:p@h/p", []string{"scheme-syntax@11-15", "password@13-14"}, "u:p@", "3.11: no user name or password"},

	// Unknown schemes get the generic rules only.
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", nil, "", "RFC 3986 1.1.2 example"},
	{"tel:+1-816-555-1212", nil, "", "RFC 3986 1.1.2 example"},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", nil, "", "RFC 3986 1.1.2 example"},
	{"afs://cell.example/path", nil, "", "W3C 1995: afsaddress is historical, not enforced"},
	{"foo:", nil, "", "unknown scheme"},
	{"foo://h:99999/", nil, "", "unknown scheme: no TCP port known"},
	{"//h:99999/", nil, "", "relative reference"},
}

func TestSchemeRules(t *testing.T) {
	for _, tt := range schemeTests {
		t.Run(tt.in, func(t *testing.T) { testFindings(t, tt.in, tt.want, tt.at, tt.sec) })
	}
}

// testFindings checks the scheme and security findings of Check(in)
// against want (category@start-end) and the text at fault of the first
// against at.
func testFindings(t *testing.T, in string, want []string, at, sec string) {
	t.Helper()
	if !Valid(in) {
		t.Fatalf("%q is not a valid RFC 3986 reference (%s)", in, sec)
	}
	got := schemeFindings(in)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("Check(%q) = %q, want %q (%s)", in, got, want, sec)
	}
	if len(got) > 0 {
		f := firstFinding(in)
		if text := in[f.Start:f.End]; text != at {
			t.Errorf("Check(%q): text at fault %q, want %q (%s)", in, text, at, sec)
		}
	}
}

// ownCategories are the categories of scheme.go and security.go.
var ownCategories = []Category{CategorySchemeSyntax, CategoryPortRange, CategoryPassword,
	CategoryIPv4Form, CategoryDeceptiveUserinfo, CategoryEncodedControl}

func isOwnCategory(c Category) bool {
	for _, o := range ownCategories {
		if c == o {
			return true
		}
	}
	return false
}

// firstFinding returns the first finding of a scheme or security category.
func firstFinding(s string) Finding {
	for _, f := range Check(s) {
		if isOwnCategory(f.Category) {
			return f
		}
	}
	return Finding{}
}

// schemeMessages are the exact messages of one finding per kind.
var schemeMessages = []struct {
	in, want string
}{
	{"http:foo", `"http:foo" is not a valid http URI: "http:" must be followed by "//" and a host`},
	{"http:///x", `"http:///x" is not a valid http URI: the host is empty`},
	{"ftp://h/f;type=x", `"ftp://h/f;type=x" is not a valid ftp URI: typecode "x" is not a, i or d`},
	{"ftp://h/a;b", `"ftp://h/a;b" is not a valid ftp URI: ";" in an ftp path must be encoded as %3B: only a final ";type=" may follow the path`},
	{"file:etc", `"file:etc" is not a valid file URI: "file:" must be followed by "//" and a host, or by an absolute path`},
	{"file://h:8/", `"file://h:8/" is not a valid file URI: a file URI takes no port`},
	{"gopher://h/%09x", `"gopher://h/%09x" is not a valid gopher URI: the gopher type character is missing before the %09 search separator`},
	{"mailto:joe", `"mailto:joe" is not a valid mailto URI: address "joe" is not a local part, "@" and a domain`},
	{"mailto:", `"mailto:" is not a valid mailto URI: an address must follow "mailto:"`},
	{"http:www.example.com", `"http:www.example.com" is not a valid http URI: "http:" must be followed by "//" and a host`},
	{"news:1x", `"news:1x" is not a valid news URI: newsgroup "1x" must begin with a letter`},
	{"nntp://h/g/1x", `"nntp://h/g/1x" is not a valid nntp URI: article number "1x" is not decimal digits`},
	{"telnet://h/x", `"telnet://h/x" is not a valid telnet URI: nothing but "/" may follow the host, and "x" does`},
	{"wais://h/a/b", `"wais://h/a/b" is not a valid wais URI: path "/a/b" is neither /database nor /database/wtype/wpath`},
	{"prospero://h/p;x", `"prospero://h/p;x" is not a valid prospero URI: field "x" needs "=" and a value`},
	{"ws://h/#x", `"ws://h/#x" is not a valid ws URI: a WebSocket URI cannot have a fragment`},
	{"gopher://u@h/", `"gopher://u@h/" is not a valid gopher URI: a gopher URI takes no user name or password before the host`},
	{"http://h:70000/", `"http://h:70000/" has port 70000, above 65535, which http over TCP cannot use`},
}

func TestSchemeMessages(t *testing.T) {
	for _, tt := range schemeMessages {
		t.Run(tt.in, func(t *testing.T) {
			if got := firstFinding(tt.in).Message; got != tt.want {
				t.Errorf("Check(%q) message = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestSchemeFindingShape checks what every scheme and security finding
// promises: a message that stands alone (quotes the URI, lowercase, no
// final period), a range inside the input, and no fix but for "mailto://".
func TestSchemeFindingShape(t *testing.T) {
	var inputs []string
	for _, tt := range schemeTests {
		inputs = append(inputs, tt.in)
	}
	for _, tt := range securityTests {
		inputs = append(inputs, tt.in)
	}
	for _, s := range inputs {
		for _, f := range Check(s) {
			if !isOwnCategory(f.Category) {
				continue
			}
			if !strings.HasPrefix(f.Message, fmt.Sprintf("%q ", shownURI(s))) {
				t.Errorf("Check(%q): message %q does not begin with the quoted URI", s, f.Message)
			}
			if strings.HasSuffix(f.Message, ".") {
				t.Errorf("Check(%q): message %q ends with a period", s, f.Message)
			}
			if f.Start < 0 || f.End < f.Start || f.End > len(s) {
				t.Errorf("Check(%q): %s range %d-%d outside the input", s, f.Category, f.Start, f.End)
			}
			if f.Fix != nil && !(f.Category == CategorySchemeSyntax && strings.HasPrefix(s, "mailto://")) {
				t.Errorf("Check(%q): %s has a fix %v, want none", s, f.Category, f.Fix)
			}
		}
	}
}

func TestMailtoAuthorityFix(t *testing.T) {
	// The one scheme-syntax fix: mailtourl = "mailto:" encoded822addr.
	s := "mailto://joe@example.com"
	f := firstFinding(s)
	if len(f.Fix) != 1 {
		t.Fatalf("Check(%q) fix = %v, want one edit", s, f.Fix)
	}
	e := f.Fix[0]
	if got := s[:e.Start] + e.New + s[e.End:]; got != "mailto:joe@example.com" {
		t.Errorf("Check(%q) fixed = %q, want %q", s, got, "mailto:joe@example.com")
	}
}

// TestSchemeNoAlloc: checkScheme and checkSecurity run on every checked
// URI and must not allocate when they find nothing.
func TestSchemeNoAlloc(t *testing.T) {
	for _, tt := range schemeTests {
		if tt.want != nil {
			continue
		}
		var u URI
		if err := parse(tt.in, &u); err != nil {
			t.Fatal(err)
		}
		n := testing.AllocsPerRun(100, func() {
			info := lookupScheme(u.Scheme)
			_ = checkScheme(tt.in, &u, info, nil)
			_ = checkSecurity(tt.in, &u, info, nil)
		})
		if n != 0 {
			t.Errorf("checkScheme/checkSecurity(%q) allocate %v times, want 0", tt.in, n)
		}
	}
}

func TestLookupScheme(t *testing.T) {
	for _, name := range []string{"http", "HTTP", "Gopher", "mailto"} {
		if info := lookupScheme(name); info == nil || info.name != strings.ToLower(name) {
			t.Errorf("lookupScheme(%q) = %+v, want the %s entry", name, info, strings.ToLower(name))
		}
	}
	for _, name := range []string{"", "afs", "httpx", "averyveryverylongschemename"} {
		if info := lookupScheme(name); info != nil {
			t.Errorf("lookupScheme(%q) = %+v, want nil", name, info)
		}
	}
}

// BenchmarkSchemeSecurity measures the work Check adds for the scheme and
// section 7 rules on clean URIs of every registered scheme.
func BenchmarkSchemeSecurity(b *testing.B) {
	var us []URI
	var ss []string
	for _, tt := range schemeTests {
		var u URI
		if tt.want == nil && parse(tt.in, &u) == nil {
			us, ss = append(us, u), append(ss, tt.in)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range us {
			info := lookupScheme(us[i].Scheme)
			_ = checkScheme(ss[i], &us[i], info, nil)
			_ = checkSecurity(ss[i], &us[i], info, nil)
		}
	}
}

// shownURI is s as messages quote it: with a password replaced by "***".
func shownURI(s string) string { return Redact(s) }

// TestSchemeFixes checks the review's cases: fixes that would change what
// a URI means, or not converge, are not offered.
func TestSchemeFixes(t *testing.T) {
	tests := []struct {
		in    string
		fixed string // "" when no finding may carry a fix
	}{
		{"mailto://joe@example.com", "mailto:joe@example.com"},
		{"mailto://[::1]", ""},                     // "mailto:[::1]" would be malformed
		{"mailto:////a@b", ""},                     // "mailto://a@b" would still have an authority
		{"file://C:/Users/x", "file://c:/Users/x"}, // host case only: not "file://C/Users/x", a host C
	}
	for _, tt := range tests {
		var edits []Edit
		for _, f := range Check(tt.in) {
			edits = append(edits, f.Fix...)
		}
		got := ""
		if edits != nil {
			got = ApplyEdits(tt.in, edits)
		}
		if got != tt.fixed {
			t.Errorf("Check(%q) fixes give %q, want %q", tt.in, got, tt.fixed)
		}
	}
	if n, _ := Normalize("file://C:/x"); n != "file://c:/x" {
		t.Errorf("Normalize(%q) = %q, want the empty port kept", "file://C:/x", n)
	}
	if fs := Check("file://C:/x"); len(fs) == 0 || fs[len(fs)-1].Category != CategorySchemeSyntax {
		t.Errorf("Check(%q) = %v, want a scheme-syntax finding", "file://C:/x", findingKeys(fs))
	}
}

// TestFileRelativeHost: in "file://../../testdata/x" the authority is
// "..", a relative path in disguise; it is reported, and no dot-segment
// fix rewrites the path, which would change the file the program opens.
func TestFileRelativeHost(t *testing.T) {
	for _, s := range []string{"file://../../testdata/x", "file://./a/../b", "FILE://../x"} {
		fs := Check(s)
		var syntax bool
		for _, f := range fs {
			if f.Category == CategoryDotSegments {
				t.Errorf("Check(%q) has a dot-segments finding %q; the path is relative to the host %q", s, f.Message, "..")
			}
			if f.Category == CategorySchemeSyntax && f.Fix == nil && strings.Contains(f.Message, "is a relative path") {
				syntax = true
			}
		}
		if !syntax {
			t.Errorf("Check(%q) = %v, want a scheme-syntax finding without a fix", s, findingKeys(fs))
		}
	}
	if fs := Check("file://host/a/../b"); len(fs) == 0 || fs[0].Category != CategoryDotSegments {
		t.Errorf("Check(file://host/a/../b) = %v, want the dot-segments finding", findingKeys(fs))
	}
}

// TestAppendixCVerdicts: the strings RFC 3986 Appendix C shows in angle
// brackets as delimited URIs, checked as the extractors hand them over
// (the brackets taken off). RFC 1738 decides the two that RFC 3986's
// generic grammar accepts: section 3.3, httpurl = "http://" hostport, so
// "http:" needs "//" and a host; section 5, mailtourl = "mailto:"
// encoded822addr with encoded822addr = 1*xchar, so "mailto:" needs an
// address. Section 3.6's newsurl = "news:" grouppart takes the group.
func TestAppendixCVerdicts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"http:www.example.com", []string{"scheme-syntax"}},
		{"mailto:", []string{"scheme-syntax"}},
		{"news:comp.infosystems.www.misc", nil},
		{"http://www.example.com/", nil},
	} {
		var got []string
		for _, f := range Check(tt.in) {
			got = append(got, string(f.Category))
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("Check(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// Package schemes has one literal per scheme rule of RFC 1738 and per
// security finding of RFC 3986 section 7: each comes out of uri.Check, as
// in cmd/uriextract/testdata/check-schemes.txtar.
package schemes

import (
	"net/http"
	"net/url"
)

// Scheme syntax: valid RFC 3986 references that break their own scheme.
const (
	ftpType    = "ftp://ftp.example.org/pub/file.tar;type=x" // want `"ftp://ftp.example.org/pub/file.tar;type=x" is not a valid ftp URI: typecode "x" is not a, i or d`
	ftpSemi    = "ftp://ftp.example.org/pub;v2/file"         // want `";" in an ftp path must be encoded as %3B`
	ftpOK      = "ftp://ftp.example.org/pub/file.tar;type=i"
	newsGroup  = "news:1comp.lang.go" // want `newsgroup "1comp.lang.go" must begin with a letter`
	newsOK     = "news:comp.lang.go"
	newsAll    = "news:*"
	wsFragment = "wss://chat.example.com/socket#room" // want `"wss://chat.example.com/socket#room" is not a valid wss URI: a WebSocket URI cannot have a fragment`
	wsUser     = "ws://bot@chat.example.com/"         // want `a ws URI takes no user name or password before the host`
	mailtoNone = "mailto:?to=&subject=hello"          // want `an address must follow "mailto:"`
	mailtoOK   = "mailto:?to=joe@example.com&subject=hello"
	fileNoPath = "file://build-host" // want `a path beginning with "/" must follow a host`
	fileOK     = "file:///srv/www/index.html"
	telnet     = "telnet://bbs.example.org/menu"         // want `nothing but "/" may follow the host, and "menu" does`
	nntp       = "nntp://news.example.com/comp.go/1x"    // want `article number "1x" is not decimal digits`
	wais       = "wais://wais.example.net/db/TEXT"       // want `path "/db/TEXT" is neither /database nor /database/wtype/wpath`
	prospero   = "prospero://pros.example.edu/p;version" // want `field "version" needs "=" and a value`
	gopher     = "gopher://gopher.example.org/%09query"  // want `the gopher type character is missing before the %09 search separator`
	gopherOK   = "gopher://gopher.example.org/7search%09query"
	emptyHost  = "https:///index.html"        // want `"https:///index.html" is not a valid https URI: the host is empty`
	portRange  = "https://example.com:70000/" // want `has port 70000, above 65535, which https over TCP cannot use`
	unknown    = "afs://cell.example/path"
)

func get() {
	http.Get("http:example.com/page") // want `"http:" must be followed by "//" and a host`
	url.Parse("https:/login")         // want `"https:" must be followed by "//" and a host`
}

// Security considerations, RFC 3986 section 7.
const (
	deceptive = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm" // want `has userinfo "cnn.example.com&story=breaking_news" that looks like a host name, but the host is "10.0.0.1": a reader may trust the wrong site`
	hexHost   = "http://0x7f.1/admin"                                              // want `has host "0x7f.1", which many resolvers read as the IPv4 address 127.0.0.1`
	intHost   = "http://2130706433/"                                               // want `has host "2130706433", which many resolvers read as the IPv4 address 127.0.0.1`
	shortHost = "http://127.1/"                                                    // want `has host "127.1", which many resolvers read as the IPv4 address 127.0.0.1`
	password  = "https://deploy:s3cret@example.com/"                               // want `"https://deploy:\*\*\*@example.com/" has a password in its userinfo, which anyone who sees the URI can read`
	userOnly  = "https://deploy@example.com/"
	crlf      = "http://example.com/a%0D%0ASet-Cookie:x" // want `has a percent-encoded line break "%0D%0A" in its path, which can inject a header or command where it is decoded`
	nul       = "http://example.com/report.pdf%00.html"  // want `has a percent-encoded NUL "%00" in its path`
	tab       = "gopher://gopher.example.org/1sel%09%09+"
	ipv4      = "http://127.0.0.1/"
)

// Offsets survive escapes: the finding points at the typecode, inside an
// interpreted string with an escape before it.
const escaped = "ftp://h/\x66ile;type=\x78" // want `typecode "x" is not a, i or d`

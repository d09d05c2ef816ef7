// Package basic has one literal per category, and the candidates that are
// not plain literals: constant expressions, named constants, URL arguments
// and url.URL fields.
package basic

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
)

const (
	malformed         = "https://example.com/my file.pdf"   // want `"https://example.com/my file.pdf" is not a valid URI reference: invalid character ' ' in path at offset 22`
	schemeCase        = "HTTPS://example.com/"              // want `"HTTPS://example.com/" is not normalized: scheme "HTTPS" should be lowercase "https"`
	hostCase          = "https://Example.COM/"              // want `"https://Example.COM/" is not normalized: host "Example.COM" should be lowercase "example.com"`
	percentCase       = "https://example.com/a%2fb"         // want `percent-encoding "%2f" should use uppercase hex digits "%2F"`
	percentUnreserved = "https://example.com/%7Euser"       // want `"%7E" encodes the unreserved character "~", which should be written as is`
	dotSegments       = "https://example.com/a/../b"        // want `path "/a/../b" has dot segments and should be "/b"`
	emptyPort         = "https://example.com:/"             // want `the port is empty and its ":" should be dropped`
	defaultPort       = "http://example.com:80/"            // want `port 80 is the default for http and should be dropped`
	emptyPath         = "https://api.example.com"           // off by default
	portRange         = "https://example.com:70000/"        // want `has port 70000, above 65535`
	password          = "postgres://user:secret@db.local/x" // want `has a password in its userinfo`
	mailto            = "mailto:a b@example.com"            // want `"mailto:a b@example.com" is not a valid URI reference: invalid character ' '`
	urn               = "URN:isbn:0451450523"               // want `scheme "URN" should be lowercase "urn"`
	clean             = "https://example.com/a/b?q=1#f"
)

// Constant expressions are checked as a whole, at the operand at fault.
const joined = "https://example.com" + "/a b" // want `"https://example.com/a b" is not a valid URI reference: invalid character ' ' in path at offset 21`

const host = "Example.com"

const viaName = "https://" + host + "/" // want `host "Example.com" should be lowercase`

type Endpoint string

var typed = Endpoint("https://example.com/./x") // want `path "/./x" has dot segments`

const relative = "/a b"

func calls(ctx context.Context, c *http.Client, w http.ResponseWriter, r *http.Request) {
	url.Parse("/search?q=a b")                                  // want `"/search\?q=a b" is not a valid URI reference: invalid character ' ' in query`
	url.ParseRequestURI("/a/%zz")                               // want `invalid percent-encoding "%zz" in path`
	url.JoinPath("https://example.com/a/../", "x")              // want `dot segments`
	http.Get("/a b")                                            // want `invalid character ' '`
	http.Head("/a b")                                           // want `invalid character ' '`
	http.Post("/a b", "text/plain", nil)                        // want `invalid character ' '`
	http.PostForm("/a b", nil)                                  // want `invalid character ' '`
	c.Get("/a b")                                               // want `invalid character ' '`
	c.Head("/a b")                                              // want `invalid character ' '`
	c.Post("/a b", "text/plain", nil)                           // want `invalid character ' '`
	c.PostForm("/a b", nil)                                     // want `invalid character ' '`
	http.NewRequest("GET", "/a b", nil)                         // want `invalid character ' '`
	http.NewRequestWithContext(ctx, "GET", "/a b", nil)         // want `invalid character ' '`
	httptest.NewRequest("GET", "/a b", nil)                     // want `invalid character ' '`
	http.Redirect(w, r, "/a b", http.StatusFound)               // want `invalid character ' '`
	http.NewRequest("GET /a b", "/ok", nil)                     // the method is not a URL
	http.Get(relative)                                          // want `"/a b" is not a valid URI reference`
	u, _ := url.Parse("https://example.com/")                   // clean
	u.Parse("../x y")                                           // want `invalid character ' '`
	http.Get("https://example.com/" + r.URL.Path + "/a b")      // want `invalid character ' ' in path`
	http.Get("https://example.com/%zz" + r.URL.Path)            // want `invalid percent-encoding "%zz"`
	http.Get("https://example.com/%2" + r.URL.Path)             // completed later
	_ = "https://exa mple.com/" + r.URL.Path                    // want `invalid character ' ' in host`
	_ = "https://example.com:" + r.URL.Port()                   // the port comes later
	_ = "https://Example.com/" + r.URL.Path                     // normalization is for whole values
	_ = "https://example.com/" + r.URL.Path + " is unreachable" // prose after the URL
}

var structs = []url.URL{
	{Scheme: "HTTPS", Host: "example.com"},                    // want `scheme "HTTPS" should be lowercase "https"`
	{Scheme: "https", Host: "Example.com"},                    // want `host "Example.com" should be lowercase "example.com"`
	{Scheme: "http", Host: "example.com:80", Path: "/x"},      // want `^url.URL field Host "example.com:80" is not normalized: port 80 is the default for http and should be dropped$`
	{Scheme: "https", Host: "example.com", RawPath: "/a%2fb"}, // want `percent-encoding "%2f" should use uppercase`
	{Scheme: "https", Host: "example.com", RawQuery: "q=a b"}, // want `^url.URL field RawQuery "q=a b" is not a valid URI reference: invalid character ' ' in query at offset 3$`
	{Scheme: "https", Host: "example.com", Path: "/a b"},      // Path is decoded: fine
	{Scheme: "https", Host: "example.com", Fragment: "a b"},   // so is Fragment
	{Host: "example.com", RawFragment: "%7e"},                 // want `"%7e" encodes the unreserved character "~"`
}

// Two findings whose fixes overlap: "urilint -fix" applies the first and
// asks for another run.
var overlap = "https://example.com/a/../%7e" // want `dot segments` `"%7e" encodes the unreserved character "~"`

// Messages about a url.URL literal quote the field, not the URI that
// URL.String would write with placeholders for the other fields.
func structMessages(p, q string) []url.URL {
	return []url.URL{
		{Scheme: "https", Host: "Example.COM", Path: p},                          // want `^url.URL field Host "Example.COM" is not normalized: host "Example.COM" should be lowercase "example.com"$`
		{Scheme: "https", Host: "example.com", RawQuery: q, RawFragment: "a%zz"}, // want `^url.URL field RawFragment "a%zz" is not a valid URI reference: invalid percent-encoding "%zz" in fragment at offset 1$`
	}
}

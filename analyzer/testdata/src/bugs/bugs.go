// Package bugs holds the URL bugs Go programmers write; bugs.go.golden is
// the file after the default -fix.
package bugs

import (
	"net/http"
	"net/url"
)

func verbs(id int) {
	_, _ = url.Parse("https://example.com/100%discount")        // want `invalid percent-encoding "%di".*fmt.Sprintf missing`
	_, _ = url.Parse("http://[fe80::1%en0]/")                   // want `not a valid URI reference`
	_, _ = http.Get("https://example.com/items/%d")             // want `invalid percent-encoding "%d".*fmt.Sprintf missing`
	_, _ = url.Parse("https://example.com/a%zz")                // want `invalid percent-encoding "%zz"`
	_, _ = http.Get("example.com/api")                          // want `"example.com/api" has no scheme, but http.Get needs an absolute URL \("https://example.com/api"\?\)`
	_, _ = http.NewRequest("GET", "localhost:8080/x", nil)      // want `has no scheme, but http.NewRequest needs an absolute URL`
	_, _ = new(http.Client).Post("api.example.com/v1", "", nil) // want `has no scheme, but http.Client.Post needs`
}

var (
	redis   = "redis://:hunter2@host:6379/0" // want `"redis://:\*\*\*@host:6379/0" has a password`
	leading = " https://example.com/"        // want `white space before the URI, which url.Parse rejects`
	newline = "https://example.com/\n"       // want `white space after the URI, which url.Parse rejects`
	typo    = "htps://example.com/"          // want `"htps://example.com/" has the scheme "htps", one letter from "https"`
	swapped = "htpts://example.com/"         // want `one letter from "https"`
	noColon = "https//example.com/"          // want `"https//example.com/" lacks the colon after its scheme "https"`
)

var (
	fields = url.URL{
		Scheme:   "https://",        // want `url.URL field Scheme "https://" holds "://"`
		Host:     "example.com/api", // want `url.URL field Host "example.com/api" holds "/api" after the host`
		RawQuery: "?a=1",            // want `url.URL field RawQuery "\?a=1" starts with "\?"`
	}
	elided = []*url.URL{{Scheme: "https:", Host: "example.com"}}                            // want `url.URL field Scheme "https:" holds ":"`
	values = []url.URL{{Scheme: "https", Host: "user@example.com"}}                         // want `url.URL field Host "user@example.com" holds userinfo`
	raw    = url.URL{Scheme: "https", Host: "example.com", Path: "/a b", RawPath: "/a%20c"} // want `url.URL field RawPath "/a%20c" is no encoding of Path "/a b"`
	norm   = &url.URL{Scheme: "https", Host: "Example.com:443"}                             // want `host "Example.com" should be lowercase` `port 443 is the default`
	frag   = url.URL{Scheme: "https", Host: "example.com", Fragment: "#top"}                // want `url.URL field Fragment "#top" starts with "#"`
)

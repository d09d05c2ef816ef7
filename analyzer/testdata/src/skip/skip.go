// Package skip holds strings that look like URIs but are written on purpose
// in another form: none of them may be reported.
package skip

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// Format strings: by verb, and as the format argument of printf-like calls.
var (
	f1 = fmt.Sprintf("https://%s/a b", "example.com")
	f2 = fmt.Sprintf("HTTPS://example.com/%d", 1)
	f3 = "https://example.com/%[1]s/a b"
	f4 = "https://example.com:%d/"
	f5 = "https://example.com/%-8v"
	f6 = "https://example.com/100%%"
	f7 = fmt.Errorf("HTTPS://example.com/ has no verb but is a format")
	f8 = errors.New("https://example.com/%v")
)

func logf(format string, args ...any) { log.Printf(format, args...) }

func formats() {
	logf("HTTPS://Example.com/")
	fmt.Printf("http://example.com:80/")
}

// Templates and placeholders.
var (
	t1 = "https://api.example.com/users/{id}"
	t2 = "https://{{.Host}}/a b"
	t3 = "https://${HOST}/a b"
	t4 = "https://$HOST/a"
	t5 = "https://<host>/a b"
	t6 = "https://example.com/users/:id/a b"
	t7 = "https://example.com/{{ .Path }}"
)

// Bare prefixes.
var (
	p1 = "http://"
	p2 = "HTTPS://"
	p3 = "mailto:"
	p4 = "file://"
)

// Comparisons and searches.
func compare(s string, b []byte) bool {
	switch s {
	case "HTTP://Example.com/":
		return true
	}
	if s == "https://example.com:443/" || "http://a b" != s {
		return true
	}
	_ = strings.HasPrefix(s, "HTTP://")
	_ = strings.TrimPrefix(s, "https://Example.com:/")
	_ = strings.Contains(s, "https://example.com/a b")
	_ = strings.ReplaceAll(s, "http://example.com:80/", "http://example.com/")
	_ = bytes.HasPrefix(b, []byte("HTTPS://"))
	return s < "https://Z.example/"
}

// Regular expressions.
var (
	r1 = regexp.MustCompile(`https://example\.com/a b`)
	r2 = regexp.MustCompile("HTTPS://Example.com/.*")
	r3 = `^https://example.com/[^/]+$`
	r4 = "https://(www\\.)?example.com/"
	r5 = `https://.*\.example\.com`
)

// Struct tags and import paths.
type Config struct {
	Endpoint string `default:"HTTPS://Example.com:443/" json:"endpoint"`
}

// Prose that merely contains URIs.
var (
	prose1 = "https://example.com is down, try again later"
	prose2 = "see https://example.com/a b for details"
	prose3 = "https://example.com/\nhttps://Example.com/"
	prose4 = "http://a.example https://b.example"
	prose5 = "http://localhost:8080 (default)  or a flag"
	prose6 = "http://example.com/ quux!" // a URL and a word that ends a sentence: go/doc's TestAutoURL
	prose7 = "https://example.com/\tdocs and more"
)

// A URI up to one blank and no further words has a bad character, a tab
// as a space.
var (
	tab   = "https://example.com/tab\there"            // want `"https://example.com/tab\\there" is not a valid URI reference: invalid character '\\t' in path at offset 23`
	space = "https://example.com/docs/getting started" // want `invalid character ' ' in path`
)

// Incomplete pieces of concatenations: completed at run time.
func pieces(host, port, path string) []string {
	return []string{
		"https://example.com:" + port,
		"HTTPS://" + host + "/",
		"https://example.com/%2" + path,
		"https://" + host + ":" + port + "/a/../b",
		"https://user:" + path + "@example.com/",
		"https://example.com/" + path + " not found",
	}
}

// Prose in concatenations: words after a URI, in a log line.
func logged(url string) []string {
	return []string{
		"https://vcs-test.golang.org rerouted to " + url,
		"https://example.com/a b is down, try " + url,
		"https://example.com\tthen " + url,
	}
}

// Strings that are not URIs at all.
var (
	n1 = "localhost:8080"
	n2 = "example.com/a b"
	n3 = "C:\\Program Files\\x"
	n4 = "javascript:void(0)"
	n5 = "Content-Type: text/html"
	n6 = "urn" // no colon
)

// Labels and identifiers that begin with a scheme's name, and
// placeholders in the authority (found in mature modules).
var (
	l1 = "File: " + n5
	l2 = "Data: " + n5
	l3 = "file:v1" // an API id
	l4 = "news: item"
	l5 = "https://sts.UNIVERSE_DOMAIN/v1/token"
	l6 = "http://HOST:PORT/metrics"
	l7 = "https://HOSTNAME:PORT/path"
)

// Clean URIs are silent too.
var (
	c1 = "https://example.com/"
	c2 = "https://api.example.com"
	c3 = "mailto:someone@example.com"
	c4 = "data:text/plain;base64,SGVsbG8="
	c5 = "file:///etc/hosts"
	c6 = "urn:isbn:0451450523"
	c7 = "tel:+1-201-555-0123"
)

func used() {
	http.Get(c1)
	url.Parse("")
}

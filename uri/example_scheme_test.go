package uri_test

import (
	"fmt"

	"github.com/urilint/urilint/uri"
)

// Check applies the syntax of each scheme it knows (RFC 1738, RFC 6455,
// RFC 8089) on top of RFC 3986: every URI below is a valid URI reference,
// but not a valid URI of its own scheme.
func ExampleCheck_schemeSyntax() {
	for _, s := range []string{
		"http:example.com/",          // no "//"
		"ftp://h/pub/file;type=x",    // typecode is a, i or d
		"news:1comp.lang",            // a group begins with a letter
		"nntp://news.example.com/go", // fine
	} {
		for _, f := range uri.Check(s) {
			fmt.Printf("%s %q: %s\n", f.Category, s[f.Start:f.End], f.Message)
		}
	}
	// Output:
	// scheme-syntax "": "http:example.com/" is not a valid http URI: "http:" must be followed by "//" and a host
	// scheme-syntax "x": "ftp://h/pub/file;type=x" is not a valid ftp URI: typecode "x" is not a, i or d
	// scheme-syntax "1": "news:1comp.lang" is not a valid news URI: newsgroup "1comp.lang" must begin with a letter
}

// Check reports the security considerations of RFC 3986 section 7, each
// in its own category and without a fix.
func ExampleCheck_security() {
	for _, s := range []string{
		"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", // 7.6
		"http://0x7f.1/admin",                    // 7.4
		"https://deploy:s3cret@example.com/",     // 7.5
		"http://example.com/a%0D%0ASet-Cookie:x", // 7.2, 7.3
	} {
		for _, f := range uri.Check(s) {
			fmt.Printf("%s %q\n", f.Category, s[f.Start:f.End])
		}
	}
	// Output:
	// deceptive-userinfo "cnn.example.com&story=breaking_news"
	// ipv4-form "0x7f.1"
	// password "s3cret"
	// encoded-control "%0D%0A"
}

func ExampleKnownScheme() {
	for _, s := range []string{"https", "MAILTO", "myapp"} {
		fmt.Println(s, uri.KnownScheme(s))
	}
	// Output:
	// https true
	// MAILTO true
	// myapp false
}

func ExampleNeedsAuthority() {
	for _, s := range []string{"https", "Prospero", "file", "mailto", "myapp"} {
		fmt.Println(s, uri.NeedsAuthority(s))
	}
	// Output:
	// https true
	// Prospero true
	// file false
	// mailto false
	// myapp false
}

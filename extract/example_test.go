package extract_test

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
)

func ExampleText() {
	src := []byte(`Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`)
	for _, l := range extract.Text(src) {
		fmt.Println(l.Start, l.Kind, l.URI)
	}
	// Output:
	// 1:29 quoted http://www.w3.org/Addressing/
	// 2:39 angle ftp://foo.example.com/rfc/
	// 3:34 angle http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
}

func ExampleMarkdown() {
	src := []byte("See [the spec](https://www.rfc-editor.org/rfc/rfc3986 \"RFC\"), <joe@example.com>\n" +
		"and [the guide][g]; `https://example.com/skipped` is code.\n\n" +
		"[g]: docs/guide\\_v2.md\n")
	for _, l := range extract.Markdown(src) {
		fmt.Println(l.Start, l.Kind, l.URI)
	}
	// Output:
	// 1:16 inline-link https://www.rfc-editor.org/rfc/rfc3986
	// 1:64 autolink mailto:joe@example.com
	// 4:6 definition docs/guide_v2.md
}

func ExampleExtractor_Text() {
	// The zero Extractor is what Text uses.
	var e extract.Extractor
	for _, l := range e.Text([]byte("Not URIs: mode:fast, 10:30, C:\\path. URIs: urn:ietf:rfc:3986, (https://en.wikipedia.org/wiki/Pi_(disambiguation)).")) {
		fmt.Println(l.URI)
	}
	// Output:
	// urn:ietf:rfc:3986
	// https://en.wikipedia.org/wiki/Pi_(disambiguation)
}

func ExampleExtractor_Markdown() {
	e := extract.Extractor{Code: true} // also look inside code
	for _, l := range e.Markdown([]byte("Run `curl https://example.com/api`.\n")) {
		fmt.Println(l.Start, l.URI)
	}
	// Output:
	// 1:11 https://example.com/api
}

func ExampleLink_Ambiguous() {
	src := []byte("<URL:ftp://ds.in-\n   ternic.net/rfc>")
	for _, l := range extract.Text(src) {
		fmt.Println(l.URI, l.Ambiguous())
		fmt.Println("or", l.Alt)
	}
	// Output:
	// ftp://ds.in-ternic.net/rfc true
	// or ftp://ds.internic.net/rfc
}

func ExampleLink_PositionOf() {
	// Where is the "%41" (which uri.Check would report) of a URI that
	// breaks across lines?
	src := []byte("Fetch <http://example.com/\n      a%41/b> now.")
	l := extract.Text(src)[0]
	fmt.Println(l.Start, l.End, l.PositionOf(20))
	// Output:
	// 1:8 2:13 2:8
}

func ExampleKind_String() {
	fmt.Println(extract.Bare, extract.URLPrefix, extract.HTMLAttr)
	// Output:
	// bare url-prefix html-attr
}

func ExamplePosition_String() {
	p := extract.Position{Offset: 10, Line: 2, Column: 3}
	fmt.Println(p)
	// Output:
	// 2:3
}

// The start of a URI wrapped across lines and of its "%7e" (where
// uri.Check reports it), placed in the source.
func ExampleLocator() {
	src := []byte("See <http://example.com/caf%C3%A9/\n  menu%7e.html>\n")
	for _, l := range extract.Text(src) {
		lc := l.Locator()
		for _, i := range []int{0, strings.Index(l.URI, "%7e")} {
			fmt.Println(lc.PositionOf(i))
		}
	}
	// Output:
	// 1:6
	// 2:7
}

package uri_test

import (
	"fmt"

	"github.com/urilint/urilint/uri"
)

func ExampleToURI() {
	s, err := uri.ToURI("https://bücher.example/Straße?q=✓")
	fmt.Println(s, err)
	// Output: https://xn--bcher-kva.example/Stra%C3%9Fe?q=%E2%9C%93 <nil>
}

func ExampleToIRI() {
	// RFC 3987 section 3.2: "%FC" is no UTF-8 and stays encoded.
	for _, s := range []string{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D%FCrst"} {
		iri, err := uri.ToIRI(s)
		fmt.Println(iri, err)
	}
	// Output:
	// http://www.example.org/Dürst <nil>
	// http://www.example.org/D%FCrst <nil>
}

func ExampleOptions_ToURI() {
	s, err := uri.Options{AllowZone: true}.ToURI("http://[fe80::1%25eth0]/ü")
	fmt.Println(s, err)
	// Output: http://[fe80::1%25eth0]/%C3%BC <nil>
}

func ExampleOptions_ToIRI() {
	s, err := uri.Options{AllowZone: true}.ToIRI("http://[fe80::1%25eth0]/%C3%BC")
	fmt.Println(s, err)
	// Output: http://[fe80::1%25eth0]/ü <nil>
}

func ExampleOptions_Equivalent() {
	o := uri.Options{IRI: true}
	for _, l := range []uri.Level{uri.LevelSimpleString, uri.LevelSyntaxBased, uri.LevelSchemeBased} {
		path, _ := o.Equivalent("http://h/Straße", "http://h/Stra%C3%9Fe", l)
		host, _ := o.Equivalent("http://bücher.example/", "http://xn--bcher-kva.example/", l)
		fmt.Println(l, path, host)
	}
	// Output:
	// simple-string false false
	// syntax-based true false
	// scheme-based true true
}

func ExampleCheck_iri() {
	for _, s := range []string{"https://www.аpple.com/", "https://example.com/\u202egnp.exe"} {
		for _, f := range uri.Check(s) {
			fmt.Println(f.Category, f.Message)
		}
	}
	// Output:
	// iri "https://www.аpple.com/" is an IRI; its URI form is "https://www.xn--pple-43d.com/"
	// mixed-script "https://www.аpple.com/" has host "www.xn--pple-43d.com" ("www.аpple.com") whose label "аpple" mixes scripts, Cyrillic 'а' among Latin: it can pass for another name
	// bidi-control "https://example.com/\u202egnp.exe" has the invisible bidirectional control U+202E RIGHT-TO-LEFT OVERRIDE, which reorders what a reader sees
	// iri "https://example.com/\u202egnp.exe" is an IRI; its URI form is "https://example.com/%E2%80%AEgnp.exe"
}

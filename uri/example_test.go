package uri_test

import (
	"errors"
	"fmt"

	"github.com/urilint/urilint/uri"
)

func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme, u.Host, u.Port, u.Path, u.Query, u.Fragment)
	fmt.Println(u.String())
	// Output:
	// foo example.com 8042 /over/there name=ferret nose
	// foo://example.com:8042/over/there?name=ferret#nose
}

func ExampleParse_error() {
	_, err := uri.Parse("http://example.com/a b")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, errors.Is(err, uri.ErrInvalidChar))
	}
	fmt.Println(err)
	// Output:
	// 20 true
	// parse "http://example.com/a b": invalid character ' ' in path at offset 20
}

func ExampleParse_emptyComponents() {
	a, _ := uri.Parse("http://h/?")
	b, _ := uri.Parse("http://h/")
	fmt.Println(a.HasQuery, b.HasQuery)
	// Output: true false
}

func ExampleParseAbsolute() {
	_, err := uri.ParseAbsolute("../up")
	fmt.Println(err)
	// Output: parse "../up": missing scheme at offset 0
}

func ExampleValidate() {
	fmt.Println(uri.Validate("http://[::1]:8080/"))
	fmt.Println(uri.Validate("http://[::1%25eth0]/"))
	// Output:
	// <nil>
	// parse "http://[::1%25eth0]/": IPv6 zone identifier in host at offset 11
}

func ExampleValid() {
	fmt.Println(uri.Valid("mailto:John.Doe@example.com"), uri.Valid("http://h/%zz"))
	// Output: true false
}

func ExampleURI_String() {
	u := &uri.URI{Scheme: "https", HasAuthority: true, Host: "example.com", Path: "/a", HasQuery: true}
	fmt.Println(u.String())
	// Output: https://example.com/a?
}

func ExampleURI_Span() {
	const s = "https://user@example.com:8443/a?b#c"
	u, _ := uri.Parse(s)
	start, end := u.Span(uri.ComponentPort)
	fmt.Println(start, end, s[start:end])
	// Output: 25 29 8443
}

func ExampleURI_Authority() {
	u, _ := uri.Parse("ftp://anonymous@ftp.example.org:21/pub")
	fmt.Println(u.Authority())
	// Output: anonymous@ftp.example.org:21
}

func ExampleURI_IsAbs() {
	a, _ := uri.Parse("https://example.com/")
	r, _ := uri.Parse("//example.com/")
	fmt.Println(a.IsAbs(), r.IsAbs())
	// Output: true false
}

func ExampleNormalize() {
	n, _ := uri.Normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	fmt.Println(n)
	n, _ = uri.Normalize("HTTP://Example.COM:80")
	fmt.Println(n)
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://example.com/
}

func ExampleNormalizeRules() {
	n, _ := uri.NormalizeRules("HTTP://Example.COM:80", uri.RuleSchemeCase|uri.RuleHostCase)
	fmt.Println(n)
	// Output: http://example.com:80
}

func ExampleRule_Category() {
	fmt.Println(uri.RuleDefaultPort.Category())
	// Output: default-port
}

func ExampleCheck() {
	for _, f := range uri.Check("HTTP://example.com:80/a b") {
		fmt.Println(f.Category, f.Start, f.End, f.Message)
	}
	for _, f := range uri.Check("HTTP://example.com:80/") {
		fmt.Println(f.Category, f.Start, f.End, f.Fix)
	}
	// Output:
	// malformed 23 24 "HTTP://example.com:80/a b" is not a valid URI reference: invalid character ' ' in path at offset 23
	// scheme-case 0 4 [{0 4 http}]
	// default-port 18 21 [{18 21 }]
}

func ExampleOptions_Check() {
	const s = "http://[fe80::1%25eth0]/"
	fmt.Println(len(uri.Check(s)), len(uri.Options{AllowZone: true}.Check(s)))
	// Output: 1 0
}

func ExampleOptions_Parse() {
	u, err := uri.Options{AllowZone: true}.Parse("http://[fe80::1%25eth0]:8080/")
	fmt.Println(u.Host, u.Port, err)
	// Output: [fe80::1%25eth0] 8080 <nil>
}

func ExampleOptions_Normalize() {
	s, err := uri.Options{AllowZone: true}.Normalize("HTTP://[FE80::1%25eth0]:80/./a")
	fmt.Println(s, err)
	// Output: http://[fe80::1%25eth0]/a <nil>
}

func ExampleRepair() {
	fmt.Println(uri.Repair("https://example.com/a file|v2.txt?q=100%"))
	fmt.Println(uri.Repair("https://exa mple.com/"))
	// Output:
	// https://example.com/a%20file%7Cv2.txt?q=100%25 true
	//  false
}

func ExampleEscape() {
	fmt.Println(uri.Escape("a b/c?d", uri.ComponentPath))
	fmt.Println(uri.Escape("a b/c?d", uri.ComponentQuery))
	// Output:
	// a%20b/c%3Fd
	// a%20b/c?d
}

func ExampleUnescape() {
	s, err := uri.Unescape("caf%C3%A9")
	fmt.Println(s, err)
	_, err = uri.Unescape("100%")
	fmt.Println(err)
	// Output:
	// café <nil>
	// unescape "100%": invalid percent-encoding "%" at offset 3
}

func ExampleHostKind_String() {
	u, _ := uri.Parse("http://[v7.x]/")
	fmt.Println(u.HostKind)
	// Output: IPvFuture
}

func ExampleComponent_String() {
	fmt.Println(uri.ComponentFragment)
	// Output: fragment
}

func ExampleError_Reason() {
	_, err := uri.Parse("http://h:8x/")
	fmt.Println(err.(*uri.Error).Reason())
	// Output: invalid port (a port is decimal digits only) at offset 10
}

func ExampleApplyEdits() {
	const s = "HTTP://example.com:80/a/./b"
	var fix []uri.Edit
	for _, f := range uri.Check(s) {
		fix = append(fix, f.Fix...)
	}
	fmt.Println(uri.ApplyEdits(s, fix))
	// Output: http://example.com/a/b
}

func ExampleOptions_ParseAbsolute() {
	u, err := uri.Options{AllowZone: true}.ParseAbsolute("http://[fe80::1%25eth0]/")
	fmt.Println(u.Host, err)
	_, err = uri.Options{AllowZone: true}.ParseAbsolute("//example.com/")
	fmt.Println(err)
	// Output:
	// [fe80::1%25eth0] <nil>
	// parse "//example.com/": missing scheme at offset 0
}

func ExampleOptions_Validate() {
	fmt.Println(uri.Options{AllowZone: true}.Validate("http://[fe80::1%25eth0]/"))
	fmt.Println(uri.Options{IRI: true}.Validate("https://example.com/ü"))
	// Output:
	// <nil>
	// <nil>
}

func ExampleOptions_Valid() {
	const s = "https://de.wikipedia.org/wiki/Straße"
	fmt.Println(uri.Valid(s), uri.Options{IRI: true}.Valid(s))
	// Output: false true
}

func ExampleOptions_Resolve() {
	t, err := uri.Options{IRI: true}.Resolve("https://example.com/a/ü/", "../b?c")
	fmt.Println(t, err)
	// Output: https://example.com/a/b?c <nil>
}

func ExampleOptions_Repair() {
	fmt.Println(uri.Options{AllowZone: true}.Repair("http://[fe80::1%25eth0]/my file"))
	fmt.Println(uri.Repair("http://[fe80::1%25eth0]/my file"))
	// Output:
	// http://[fe80::1%25eth0]/my%20file true
	//  false
}

func ExampleCheck_doubledScheme() {
	for _, f := range uri.Check("https://https://example.com/docs") {
		fmt.Println(f.Category, f.Message)
		fmt.Println(uri.ApplyEdits("https://https://example.com/docs", f.Fix))
	}
	// Output:
	// doubled-scheme "https://https://example.com/docs" repeats its scheme: without the first "https://" it is "https://example.com/docs"
	// https://example.com/docs
}

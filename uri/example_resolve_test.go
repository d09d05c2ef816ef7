package uri_test

import (
	"errors"
	"fmt"

	"github.com/urilint/urilint/uri"
)

func ExampleResolve() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"g", "../g", "?y", "#s", "//g", "../../../g", "http:g"} {
		target, err := uri.Resolve(base, ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-12q %s\n", ref, target)
	}
	// Output:
	// "g"          http://a/b/c/g
	// "../g"       http://a/b/g
	// "?y"         http://a/b/c/d;p?y
	// "#s"         http://a/b/c/d;p?q#s
	// "//g"        http://g
	// "../../../g" http://a/g
	// "http:g"     http:g
}

func ExampleResolve_error() {
	_, err := uri.Resolve("docs/index.html", "intro.html")
	fmt.Println(err)
	var re *uri.ResolveError
	if errors.As(err, &re) {
		fmt.Println("base at fault:", re.Base, "missing scheme:", errors.Is(err, uri.ErrMissingScheme))
	}
	// Output:
	// resolve: base "docs/index.html" is not an absolute URI: missing scheme at offset 0
	// base at fault: true missing scheme: true
}

func ExampleURI_ResolveReference() {
	base, err := uri.Parse("http://example.com/docs/guide/")
	if err != nil {
		panic(err)
	}
	ref, err := uri.Parse("../api/index.html#Parse")
	if err != nil {
		panic(err)
	}
	target := base.ResolveReference(ref)
	fmt.Println(target)
	fmt.Println(target.Path, target.Fragment)
	// Output:
	// http://example.com/docs/api/index.html#Parse
	// /docs/api/index.html Parse
}

func ExampleEquivalent() {
	a := "HTTP://Example.com:80/a/./b/%7Euser"
	b := "http://example.com/a/b/~user"
	for _, level := range []uri.Level{uri.SimpleString, uri.SyntaxBased, uri.SchemeBased} {
		eq, err := uri.Equivalent(a, b, level, false)
		if err != nil {
			panic(err)
		}
		fmt.Println(level, eq)
	}
	// Section 6.1: leave fragments out when selecting a network action.
	eq, _ := uri.Equivalent("http://example.com/#top", "http://example.com/", uri.SimpleString, true)
	fmt.Println("ignoring fragments:", eq)
	// Output:
	// simple-string false
	// syntax-based false
	// scheme-based true
	// ignoring fragments: true
}

func ExampleLevel_String() {
	fmt.Println(uri.SyntaxBased)
	// Output: syntax-based
}

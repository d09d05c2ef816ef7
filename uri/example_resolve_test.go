package uri_test

import (
	"errors"
	"fmt"
	"strings"

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
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println("at fault:", e.Input, "missing scheme:", errors.Is(err, uri.ErrMissingScheme))
	}
	// Output:
	// resolve "docs/index.html": missing scheme (base must be an absolute URI) at offset 0
	// at fault: docs/index.html missing scheme: true
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
	for _, level := range []uri.Level{uri.LevelSimpleString, uri.LevelSyntaxBased, uri.LevelSchemeBased} {
		eq, err := uri.Equivalent(a, b, level)
		if err != nil {
			panic(err)
		}
		fmt.Println(level, eq)
	}
	// Section 6.1: leave fragments out when selecting a network action.
	a, _, _ = strings.Cut("http://example.com/#top", "#")
	eq, _ := uri.Equivalent(a, "http://example.com/", uri.LevelSimpleString)
	fmt.Println("ignoring fragments:", eq)
	// Output:
	// simple-string false
	// syntax-based false
	// scheme-based true
	// ignoring fragments: true
}

func ExampleLevel_String() {
	fmt.Println(uri.LevelSyntaxBased)
	// Output: syntax-based
}

func ExampleStripQueryFragment() {
	fmt.Println(uri.StripQueryFragment("../guide/setup.md?plain=1#install"))
	fmt.Println(uri.StripQueryFragment("#top"))
	// Output:
	// ../guide/setup.md
	//
}

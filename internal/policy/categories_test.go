package policy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/urilint/urilint/uri"
)

// uriCategories returns the values of the Category constants that
// package uri declares, read from its source.
func uriCategories(t *testing.T) map[uri.Category]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../uri/category.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	cats := map[uri.Category]bool{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					cats[uri.Category(s)] = true
				}
			}
		}
	}
	if len(cats) < 10 {
		t.Fatalf("found %d categories in uri/category.go, want at least 10", len(cats))
	}
	return cats
}

// TestCategoriesCoverURI: the table documents every category that package
// uri declares, once, and each example has the finding as documented.
func TestCategoriesCoverURI(t *testing.T) {
	declared := uriCategories(t)
	seen := map[uri.Category]bool{}
	for _, d := range Categories {
		if seen[d.Category] {
			t.Errorf("category %q is in the table twice", d.Category)
		}
		seen[d.Category] = true
		if d.Docs {
			if declared[d.Category] {
				t.Errorf("category %q is uri's, but the table says only the audit reports it", d.Category)
			}
			continue
		}
		if _, ok := GoExamples[d.Category]; ok {
			if declared[d.Category] {
				t.Errorf("category %q is uri's, but the table says only the analyzer reports it", d.Category)
			}
			continue // the analyzer's tests run its example
		}
		if !declared[d.Category] {
			t.Errorf("category %q is not declared by package uri", d.Category)
			continue
		}
		var found, fixed bool
		for _, f := range uri.Check(d.Example) {
			if f.Category == d.Category {
				found, fixed = true, f.Fix != nil
			}
		}
		if !found {
			t.Errorf("uri.Check(%q) has no %s finding; the table gives it as the example", d.Example, d.Category)
		}
		if fixed != d.Fixable {
			t.Errorf("uri.Check(%q): %s finding with a fix = %v, table says fixable = %v", d.Example, d.Category, fixed, d.Fixable)
		}
		if d.Section == "" || d.Summary == "" {
			t.Errorf("category %q lacks a section or summary", d.Category)
		}
	}
	for c := range declared {
		if !seen[c] {
			t.Errorf("package uri declares category %q, which the table does not document", c)
		}
	}
}

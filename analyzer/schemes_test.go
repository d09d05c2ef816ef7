package analyzer_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/uri"
)

// The scheme rules of RFC 1738 and the section 7 findings of RFC 3986
// reach Go code through uri.Check alone, with the messages that
// cmd/uriextract prints for documents
// (cmd/uriextract/testdata/check-schemes.txtar): TestAnalyzer checks the
// want comments of package schemes, then checkSchemesSameAsCheck on the
// results of the same run.

// checkSchemesSameAsCheck: for every plain string literal of the schemes
// package, the analyzer reports exactly what uri.Check reports for its
// value (empty-path aside, which is off by default): the same category,
// the same message, at the literal's byte Start.
func checkSchemesSameAsCheck(t *testing.T, results []*analysistest.Result) {
	if len(results) != 1 {
		t.Fatalf("got %d results for package schemes, want 1", len(results))
	}
	act := results[0].Action
	fset := act.Package.Fset
	diags := map[token.Pos][]string{}
	for _, d := range act.Diagnostics {
		diags[d.Pos] = append(diags[d.Pos], d.Category+": "+d.Message)
	}
	checked := 0
	for _, file := range act.Package.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || strings.Contains(lit.Value, `\`) {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.Contains(v, ":") {
				return true
			}
			checked++
			var want, got []string
			for _, f := range uri.Check(v) {
				if f.Category == uri.CategoryEmptyPath {
					continue
				}
				at := lit.Pos() + 1 + token.Pos(f.Start)
				want = append(want, fmt.Sprintf("%d %s: %s", fset.Position(at).Column, f.Category, f.Message))
			}
			for pos := lit.Pos(); pos < lit.End(); pos++ {
				for _, d := range diags[pos] {
					got = append(got, fmt.Sprintf("%d %s", fset.Position(pos).Column, d))
				}
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: analyzer reports\n\t%s\nuri.Check(%q) reports\n\t%s",
					fset.Position(lit.Pos()), strings.Join(got, "\n\t"), v, strings.Join(want, "\n\t"))
			}
			return true
		})
	}
	if checked < 30 {
		t.Errorf("compared %d literals, want at least 30", checked)
	}
}

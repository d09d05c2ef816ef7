package analyzer_test

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// Each analysistest.Run loads its packages and type-checks all their
// dependencies from source, net/http and testing included, which takes
// seconds: the tests below load each group of testdata packages that share
// settings once, and check every result of that one run.

// defaultPackages are the testdata packages checked with the default
// settings of Analyzer (and no suggested fixes: see TestFixes).
var defaultPackages = []string{"basic", "skip", "pos", "tests", "service", "ignore", "schemes", "traps"}

// TestAnalyzer checks the want comments of defaultPackages, then, on the
// results of the same run, what want comments cannot express.
func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, defaultPackages...)
	t.Run("positions", func(t *testing.T) { checkPosPositions(t, resultsOf(results, "pos")) })
	t.Run("schemes same as check", func(t *testing.T) { checkSchemesSameAsCheck(t, resultsOf(results, "schemes")) })
	t.Run("traps unchanged", func(t *testing.T) { checkTrapsUnchanged(t, resultsOf(results, "traps")) })
}

// checkTrapsUnchanged applies every suggested fix of package traps, as
// -fix does with the default settings, and checks that the source is
// unchanged: its strings are lists, multi-host URIs, custom schemes,
// masked passwords and URIs compared as text, which no fix may rewrite.
// The package does have findings (some come without a fix on purpose).
func checkTrapsUnchanged(t *testing.T, results []*analysistest.Result) {
	findings := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			findings++
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					posn := r.Pass.Fset.Position(e.Pos)
					src, err := os.ReadFile(posn.Filename)
					if err != nil {
						t.Fatal(err)
					}
					end := r.Pass.Fset.Position(e.End).Offset
					if old := string(src[posn.Offset:end]); old != string(e.NewText) {
						t.Errorf("%s: -fix would change %q to %q (%s)", posn, old, e.NewText, d.Message)
					}
				}
			}
		}
	}
	if findings == 0 {
		t.Error("no findings in package traps")
	}
}

// TestBugs checks the findings of package bugs, the URL bugs Go
// programmers write, and their default fixes against bugs.go.golden.
func TestBugs(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), analyzer.Analyzer, "bugs")
}

// normalization lists the categories whose fixes are offered only when
// asked (Settings.Fixes).
func normalization() []string {
	var names []string
	for c := range policy.FixChange {
		names = append(names, string(c))
	}
	return names
}

// TestFixes checks the suggested fixes of packages fix, gen and keys, with
// every fix asked for, against their .golden files, and their want
// comments.
func TestFixes(t *testing.T) {
	testdata := analysistest.TestData()
	a, err := analyzer.New(analyzer.Settings{Fixes: normalization()})
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.RunWithSuggestedFixes(t, testdata, a, "fix", "gen", "keys")
	fixes := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				fixes++
				if strings.Contains(f.Message, "secret") {
					t.Errorf("%s: fix message %q shows the password", r.Pass.Fset.Position(d.Pos), f.Message)
				}
			}
		}
	}
	if fixes == 0 {
		t.Error("no suggested fixes")
	}
}

// resultsOf returns the results of the package with import path path, and
// of its test variants, among results.
func resultsOf(results []*analysistest.Result, path string) []*analysistest.Result {
	var rs []*analysistest.Result
	for _, r := range results {
		if r.Action.Package.PkgPath == path {
			rs = append(rs, r)
		}
	}
	return rs
}

// checkPosPositions checks the exact source bytes that each finding of
// package pos covers, which the want comments (line only) cannot.
func checkPosPositions(t *testing.T, results []*analysistest.Result) {
	want := map[int]string{ // line -> source text at [Pos, End)
		8:  `\x7f`,
		9:  ` `,
		10: `\u0085`,
		11: ` `,
		12: `\"`, // twice
		13: ` `,
		14: `Example.com`,
		15: ` `,
	}
	checkPositions(t, results, want)
}

func checkPositions(t *testing.T, results []*analysistest.Result, want map[int]string) {
	t.Helper()
	seen := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			seen++
			posn := r.Pass.Fset.Position(d.Pos)
			end := r.Pass.Fset.Position(d.End)
			src, err := os.ReadFile(posn.Filename)
			if err != nil {
				t.Fatal(err)
			}
			got := string(src[posn.Offset:end.Offset])
			if w, ok := want[posn.Line]; !ok || got != w {
				t.Errorf("%s: finding covers %q, want %q (%s)", posn, got, w, d.Message)
			}
		}
	}
	if seen < len(want) {
		t.Errorf("%d findings, want %d", seen, len(want))
	}
}

// TestCarriageReturn checks positions and fixes in a raw string holding
// carriage returns, which go/scanner drops from the literal's value (and
// gofmt from files, so this test writes its own).
func TestCarriageReturn(t *testing.T) {
	dir := t.TempDir()
	src := "package crlf\n\nvar u = `https://Ex\rample.com/` // want `host \"Example.com\" should be lowercase`\n"
	if err := os.MkdirAll(filepath.Join(dir, "src", "crlf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "crlf", "crlf.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, analyzer.Analyzer, "crlf")
	checkPositions(t, results, map[int]string{3: "Ex\rample.com"})
}

// flagsSettings are the settings package flags is checked with.
var flagsSettings = analyzer.Settings{Enable: []string{"empty-path"}, Disable: []string{"dot-segments", "missing-scheme", "scheme-typo"}, Tests: true}

// TestSettings checks package flags with an analyzer made by New with
// flagsSettings. TestFlags checks that the flags give the same analyzer.
func TestSettings(t *testing.T) {
	a, err := analyzer.New(flagsSettings)
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "flags")

	if _, err := analyzer.New(analyzer.Settings{Enable: []string{"no-such-category"}}); err == nil {
		t.Error(`New(Enable: "no-such-category") succeeded, want an error`)
	}
}

// TestFlags checks the category flags of a fresh analyzer: empty-path on,
// dot-segments, missing-scheme and scheme-typo off, tests on give the analyzer of flagsSettings, which
// TestSettings runs on package flags (loaded once for both). Each flag
// shows the setting the analyzer runs with.
func TestFlags(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	// In the order of flagsSettings.Disable, which -disable shows.
	for _, nv := range [][2]string{{"empty-path", "true"}, {"dot-segments", "false"}, {"missing-scheme", "false"}, {"scheme-typo", "false"}, {"tests", "true"}} {
		if err := a.Flags.Set(nv[0], nv[1]); err != nil {
			t.Fatal(err)
		}
	}
	want, err := analyzer.New(flagsSettings)
	if err != nil {
		t.Fatal(err)
	}
	want.Flags.VisitAll(func(w *flag.Flag) {
		got := "(no such flag)"
		if f := a.Flags.Lookup(w.Name); f != nil {
			got = f.Value.String()
		}
		if got != w.Value.String() {
			t.Errorf("-%s = %s after setting the flags, want %s as with New(%+v)", w.Name, got, w.Value, flagsSettings)
		}
	})
	// The package-level Analyzer is untouched.
	if f := analyzer.Analyzer.Flags.Lookup("empty-path"); f.Value.String() != "false" {
		t.Errorf("Analyzer's empty-path = %s after setting another analyzer's", f.Value)
	}
}

// TestTests checks the test-file policy: with -tests, deliberate bad
// inputs in _test.go files are reported too.
func TestTests(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "testson")
}

func TestAnalyzerFields(t *testing.T) {
	for _, a := range []*analysis.Analyzer{analyzer.Analyzer} {
		if a.Name != "urilint" || a.Doc == "" || a.URL == "" || a.Flags.Lookup("tests") == nil || a.Run == nil {
			t.Errorf("analyzer %q lacks a field", a.Name)
		}
		if err := a.Flags.Set("no-such-category", "true"); err == nil {
			t.Error("setting an unknown flag succeeded")
		}
	}
	_ = token.NoPos
}

// TestGoExamples runs the example of each category that only the analyzer
// reports (policy.GoExamples, shown in docs/checks.md) and checks that it
// gets the message the documentation shows.
func TestGoExamples(t *testing.T) {
	var b strings.Builder
	b.WriteString("package ex\n\nimport (\n\t\"net/http\"\n\t\"net/url\"\n)\n\nvar _ = http.Get\nvar _ = url.Parse\n")
	cats := make([]string, 0, len(policy.GoExamples))
	for c := range policy.GoExamples {
		cats = append(cats, string(c))
	}
	slices.Sort(cats)
	for i, c := range cats {
		ex := policy.GoExamples[uri.Category(c)]
		fmt.Fprintf(&b, "\nfunc f%d() {\n\t%s // want `%s`\n", i, ex.Code, regexp.QuoteMeta(ex.Message))
		if name, ok := strings.CutPrefix(ex.Code, "var "); ok {
			name, _, _ = strings.Cut(name, " ")
			fmt.Fprintf(&b, "\t_ = %s\n", name)
		}
		if lhs, _, ok := strings.Cut(ex.Code, ":="); ok {
			for name := range strings.SplitSeq(lhs, ",") {
				fmt.Fprintf(&b, "\t_ = %s\n", strings.TrimSpace(name))
			}
		}
		b.WriteString("}\n")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "ex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "ex", "ex.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, analyzer.Analyzer, "ex")
}

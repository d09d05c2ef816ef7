package analyzer_test

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/analyzer"
)

func TestAnalyzer(t *testing.T) {
	testdata := analysistest.TestData()
	analysistest.Run(t, testdata, analyzer.Analyzer, "basic", "skip", "pos", "gen", "tests", "service", "ignore")
}

func TestFixes(t *testing.T) {
	testdata := analysistest.TestData()
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, "fix", "gen")
}

// TestPositions checks the exact source bytes that each finding of package
// pos covers, which the want comments (line only) cannot.
func TestPositions(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "pos")
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

// TestFlags checks the category flags of a fresh analyzer: empty-path on,
// dot-segments off, tests on.
func TestFlags(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for name, value := range map[string]string{"empty-path": "true", "dot-segments": "false", "tests": "true"} {
		if err := a.Flags.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, analysistest.TestData(), a, "flags")
	// The package-level Analyzer is untouched.
	if f := analyzer.Analyzer.Flags.Lookup("empty-path"); f.Value.String() != "false" {
		t.Errorf("Analyzer's empty-path = %s after setting another analyzer's", f.Value)
	}
}

func TestSettings(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Enable: []string{"empty-path"}, Disable: []string{"dot-segments"}, Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "flags")

	if _, err := analyzer.New(analyzer.Settings{Enable: []string{"no-such-category"}}); err == nil {
		t.Error(`New(Enable: "no-such-category") succeeded, want an error`)
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

package analyzer_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/analyzer"
)

// TestConfigFile: the analyzer reads the .urilint.yaml of the package's
// directory: here host-case off and empty-path on.
func TestConfigFile(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "configured")
}

// TestConfigFileSettingsWin: settings given to New override the file:
// host-case enabled there is reported though the file disables it.
func TestConfigFileSettingsWin(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Enable: []string{"host-case"}, Disable: []string{"empty-path"}})
	if err != nil {
		t.Fatal(err)
	}
	// The package's want comments are those of the file alone: ignore
	// what analysistest says of them, count the findings instead.
	results := analysistest.Run(quiet{}, analysistest.TestData(), a, "configured")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if d.Category != "host-case" {
				t.Errorf("finding %q of category %q; want only host-case", d.Message, d.Category)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d findings, want the one host-case", n)
	}
}

// quiet is an analysistest.Testing that ignores the checks of want
// comments.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// findings runs a on the package pkg of testdata and returns its findings,
// ignoring the want comments.
func findings(t *testing.T, a *analysis.Analyzer, pkg string) []analysis.Diagnostic {
	t.Helper()
	var out []analysis.Diagnostic
	for _, r := range analysistest.Run(quiet{}, analysistest.TestData(), a, pkg) {
		out = append(out, r.Diagnostics...)
	}
	return out
}

// TestFixTests: a finding in a _test.go file comes without its fix, and
// says so, unless fix-tests is set by the settings (as the golangci-lint
// plugin sets it), by the flag, or by the configuration file; a flag set
// to false wins over the file.
func TestFixTests(t *testing.T) {
	const note = " (no fix in a test file: see -fix-tests)"
	newAnalyzer := func(s analyzer.Settings, flags ...string) *analysis.Analyzer {
		s.Fixes = normalization() // the testdata's findings are scheme-case
		a, err := analyzer.New(s)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(flags); i += 2 {
			if err := a.Flags.Set(flags[i], flags[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		return a
	}
	for _, tt := range []struct {
		name  string
		a     *analysis.Analyzer
		pkg   string
		fixed bool
	}{
		{"tests", newAnalyzer(analyzer.Settings{Tests: true}), "testfixes", false},
		{"tests and fix-tests", newAnalyzer(analyzer.Settings{Tests: true, FixTests: true}), "testfixes", true},
		{"flags", newAnalyzer(analyzer.Settings{}, "tests", "true", "fix-tests", "true"), "testfixes", true},
		{"file", newAnalyzer(analyzer.Settings{}), "testfixesconf", true},
		{"file, flag false", newAnalyzer(analyzer.Settings{}, "fix-tests", "false"), "testfixesconf", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ds := findings(t, tt.a, tt.pkg)
			if len(ds) != 1 {
				t.Fatalf("%d findings, want the one in the test file: %v", len(ds), ds)
			}
			d := ds[0]
			if got := len(d.SuggestedFixes) > 0; got != tt.fixed {
				t.Errorf("finding %q has a fix: %v, want %v", d.Message, got, tt.fixed)
			}
			if got := strings.HasSuffix(d.Message, note); got == tt.fixed {
				t.Errorf("message %q ends with %q: %v, want %v", d.Message, note, got, !tt.fixed)
			}
		})
	}
	// The file's go.tests, overridden by a flag.
	if ds := findings(t, newAnalyzer(analyzer.Settings{}, "tests", "false"), "testfixesconf"); len(ds) != 0 {
		t.Errorf("-tests=false over the file's go.tests: %d findings in a test file, want none", len(ds))
	}
}

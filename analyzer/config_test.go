package analyzer_test

import (
	"testing"

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

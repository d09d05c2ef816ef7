package analyzer_test

import (
	"fmt"
	"log"

	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/urilint/urilint/analyzer"
)

// New makes an analyzer with its own settings, as the golangci-lint plugin
// does from its configuration: here the empty-path rule is on and the
// percent-case rule off, while the package-level Analyzer keeps the
// defaults.
func ExampleNew() {
	a, err := analyzer.New(analyzer.Settings{
		Enable:  []string{"empty-path"},
		Disable: []string{"percent-case"},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"malformed", "empty-path", "percent-case"} {
		fmt.Printf("%s: %v (Analyzer: %v)\n", name, a.Flags.Lookup(name).Value, analyzer.Analyzer.Flags.Lookup(name).Value)
	}

	_, err = analyzer.New(analyzer.Settings{Disable: []string{"percent_case"}})
	fmt.Println(err != nil)
	// Output:
	// malformed: true (Analyzer: true)
	// empty-path: true (Analyzer: false)
	// percent-case: false (Analyzer: true)
	// true
}

// A command of its own, as cmd/urilint is: singlechecker.Main parses the
// analyzer's flags, loads the packages named and prints the findings; the
// same binary serves go vet -vettool.
func Example_singlechecker() {
	singlechecker.Main(analyzer.Analyzer)
}

// The analyzer beside others in one command: each keeps its flags,
// prefixed with its name (-urilint.empty-path).
func Example_multichecker() {
	multichecker.Main(analyzer.Analyzer, printf.Analyzer)
}

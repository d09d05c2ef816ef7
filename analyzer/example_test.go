package analyzer_test

import (
	"fmt"
	"log"

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

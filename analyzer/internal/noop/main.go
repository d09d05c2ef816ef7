// Command noop runs an analyzer that does nothing under the same driver as
// cmd/urilint. .ci/stdcheck.sh times both over the standard library: the
// difference is the cost of urilint itself, loading and type-checking
// aside. With NOOP_INSPECT=1 the no-op analyzer requires inspect.Analyzer,
// as urilint does: the difference is then urilint's own run, as under go
// vet or golangci-lint, where the inspector is shared with other analyzers.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing, to time the driver alone",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	if os.Getenv("NOOP_INSPECT") == "1" {
		noop.Requires = []*analysis.Analyzer{inspect.Analyzer}
	}
	singlechecker.Main(noop)
}

// Command noop runs an analyzer that does nothing under the same driver as
// cmd/urilint. .ci/stdcheck.sh -bench times both over the standard
// library: the difference is the cost of urilint itself, loading and
// type-checking aside.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing, to time the driver alone",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { singlechecker.Main(noop) }

// Command urilint reports malformed and non-normalized URI literals in Go
// code. It runs standalone ("urilint ./...", with -fix, -diff and -json)
// and as a vet tool ("go vet -vettool=$(which urilint) ./...").
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/urilint/urilint/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }

// Command urilint reports malformed and non-normalized URI literals in Go
// code. It runs standalone ("urilint ./...", with -fix, -diff and -json)
// and as a vet tool ("go vet -vettool=$(which urilint) ./...").
//
// "urilint -fix" writes each file whole or not at all and still prints the
// findings that have no fix (see package internal/fixdriver); everything
// else is golang.org/x/tools' singlechecker.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/fixdriver"
)

func main() {
	if fixdriver.Wants(os.Args[1:]) {
		os.Exit(fixdriver.Main(analyzer.Analyzer, os.Args[1:], os.Stderr))
	}
	singlechecker.Main(analyzer.Analyzer)
}

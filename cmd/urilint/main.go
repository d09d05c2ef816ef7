// Command urilint reports malformed and non-normalized URI literals in Go
// code. It runs standalone ("urilint ./...", with -fix, -diff and -json)
// and as a vet tool ("go vet -vettool=$(which urilint) ./...").
//
// Its command line is one flag set, parsed once, in package
// internal/fixdriver, which also documents the exit statuses. go vet's
// protocol (a package's .cfg file, -flags) goes to golang.org/x/tools'
// singlechecker, which hands the .cfg to unitchecker, and only when go vet
// calls: x/tools knows the flags go vet passes (-json, -c and the
// analyzer's, unprefixed). -V=full, go vet's other question, is answered
// like -V.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/fixdriver"
)

func main() {
	args := os.Args[1:]
	if fixdriver.IsVet(args) {
		singlechecker.Main(analyzer.Analyzer) // exits
	}
	os.Exit(fixdriver.Main(analyzer.Analyzer, args, os.Stdout, os.Stderr))
}

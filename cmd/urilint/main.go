// Command urilint reports malformed and non-normalized URI literals in Go
// code. It runs standalone ("urilint ./...", with -fix, -diff and -json)
// and as a vet tool ("go vet -vettool=$(which urilint) ./...").
//
// Test files: -tests both loads the test packages and reports in _test.go
// files; without it neither happens, so a run loads and type-checks only
// the code it reports on. -test, the name golang.org/x/tools' driver gives
// to loading test packages, is a deprecated alias of -tests: -test=false
// is the default, and -test means -tests. Under go vet, which loads test
// packages itself, -tests alone decides.
//
// "urilint -fix" writes each file whole or not at all and still prints the
// findings that have no fix; reports are printed once per finding (not
// once per package variant), each package error once, a package that
// cannot be analyzed on one line naming it, and passwords in the context
// lines of -c=N as "***"; a failed write to the output exits 2 (see
// package internal/fixdriver). "urilint -V" (or -version) prints the module
// and Go versions. go vet's protocol (a .cfg argument, -V=full, -flags) and the
// debugging flags (-debug, -cpuprofile, -memprofile, -trace) go to
// golang.org/x/tools' singlechecker.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/fixdriver"
	"github.com/urilint/urilint/internal/version"
)

func main() {
	args := os.Args[1:]
	if status, ok := version.Main("urilint", args, os.Stdout, os.Stderr); ok {
		os.Exit(status)
	}
	switch {
	case fixdriver.Wants(args):
		os.Exit(fixdriver.Main(analyzer.Analyzer, args, os.Stderr))
	case fixdriver.Reports(args):
		os.Exit(fixdriver.Report(analyzer.Analyzer, args, "", os.Stdout, os.Stderr))
	}
	singlechecker.Main(analyzer.Analyzer)
}

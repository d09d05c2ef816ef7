// Command stdcost measures what urilint costs over the standard library,
// apart from the noise of a shared machine: it loads and type-checks std
// once (timed), then runs urilint over every package in memory, several
// times, and prints the fastest run against the load time. The figure
// includes the garbage collector's scans of the loaded program, which a
// real run shares with loading; .ci/stdcheck.sh -bench times the whole
// command against a no-op analyzer instead.
//
//	cd scripts/cmd && go run ./stdcost [-runs 5]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/urilint/urilint/analyzer"
)

func main() {
	runs := flag.Int("runs", 5, "runs of the analyzers")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the urilint runs to this file")
	flag.Parse()

	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps,
		Dir:   filepath.Join(goroot(), "src"),
		Tests: false,
	}
	start := time.Now()
	pkgs, err := packages.Load(cfg, "std")
	if err != nil {
		log.Fatal(err)
	}
	load := time.Since(start)
	var all []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) { all = append(all, p) })

	best := func(f func() time.Duration) time.Duration {
		min := time.Duration(1<<63 - 1)
		for range *runs {
			runtime.GC()
			if d := f(); d < min {
				min = d
			}
		}
		return min
	}
	reports := 0
	// runAll runs urilint over every package, as a driver would, on the
	// packages loaded once above.
	runAll := func() time.Duration {
		start := time.Now()
		for _, p := range all {
			pass := &analysis.Pass{
				Analyzer:  analyzer.Analyzer,
				Fset:      p.Fset,
				Files:     p.Syntax,
				Pkg:       p.Types,
				TypesInfo: p.TypesInfo,
				ResultOf:  map[*analysis.Analyzer]any{},
				Report:    func(analysis.Diagnostic) { reports++ },
				ReadFile:  os.ReadFile,
			}
			if _, err := analyzer.Analyzer.Run(pass); err != nil {
				log.Fatal(err)
			}
		}
		return time.Since(start)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
	}
	run := best(runAll)
	pprof.StopCPUProfile()
	fmt.Printf("std: %d packages, loaded and type-checked in %v\n", len(all), load.Round(time.Millisecond))
	fmt.Printf("urilint: %v (%.2f%% of loading); best of %d runs; %d reports\n",
		run.Round(time.Millisecond), 100*run.Seconds()/load.Seconds(), *runs, reports)
}

// goroot asks the go command, which is what loads the packages, for its root.
func goroot() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		log.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}

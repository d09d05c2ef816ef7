// Package fixdriver applies the suggested fixes of an analyzer to the files
// of the packages named on the command line, for "urilint -fix".
//
// It exists because a fixer must never lose data: golang.org/x/tools'
// drivers rewrite a file in place (truncate, then write), so a full disk or
// a killed process can leave it cut short. Here every file is written whole
// or not at all, through package internal/safewrite, which also follows
// symbolic links, keeps mode and owner, and refuses read-only files and
// files with other hard links. And unlike those drivers, -fix here still prints the
// findings that have no fix (exit status 3), so that fixing never hides
// them.
//
// Everything else (reporting, -fix -diff, -json, go vet -vettool) stays
// with golang.org/x/tools/go/analysis/singlechecker.
package fixdriver

import (
	"cmp"
	"flag"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/urilint/urilint/internal/safewrite"
)

// Wants reports whether args ask for fixes to be written: -fix without
// -diff, and not a go vet invocation (whose last argument is a .cfg file).
func Wants(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix, diff := false, false
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			continue
		}
		on := value == "" || value == "true" || value == "1"
		switch name {
		case "fix":
			fix = on
		case "diff":
			diff = on
		}
	}
	return fix && !diff
}

// Main runs a with -fix on the packages that args name, from the current
// directory, and returns the exit status: 0 when every finding was fixed,
// 3 when findings without a fix remain (they are printed on stderr), 1 on
// a failure (a package that does not load, a file that cannot be written),
// 2 on a usage error.
func Main(a *analysis.Analyzer, args []string, stderr io.Writer) int {
	return Run(a, args, "", stderr)
}

// Run is Main from directory dir ("" for the current one).
func Run(a *analysis.Analyzer, args []string, dir string, stderr io.Writer) int {
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("fix", true, "apply the suggested fixes")
	tests := fs.Bool("test", true, "also analyze test packages")
	tags := fs.String("tags", "", "comma-separated build tags")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	if err := fs.Parse(args); err != nil {
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		fmt.Fprintf(stderr, "%s: no packages named\n", a.Name)
		return 2
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests, Dir: dir}
	if *tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *tags}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
		return 1
	}
	if n := printErrors(pkgs, stderr); n > 0 {
		return 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
		return 1
	}
	var findings []finding
	for act := range graph.All() {
		if !act.IsRoot || act.Analyzer != a {
			continue
		}
		if act.Err != nil {
			fmt.Fprintf(stderr, "%s: %s: %v\n", a.Name, act.Package.PkgPath, act.Err)
			return 1
		}
		for _, d := range act.Diagnostics {
			findings = append(findings, newFinding(act.Package.Fset, d))
		}
	}
	return apply(findings, stderr)
}

func printErrors(pkgs []*packages.Package, w io.Writer) int {
	n := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			fmt.Fprintln(w, err)
			n++
		}
	})
	return n
}

// edit replaces bytes [start, end) of a file.
type edit struct {
	start, end int
	text       string
}

// finding is a diagnostic with the edits of its first suggested fix.
type finding struct {
	posn    token.Position
	message string
	file    string // the file the edits change; "" when there is no fix
	edits   []edit
}

func newFinding(fset *token.FileSet, d analysis.Diagnostic) finding {
	f := finding{posn: fset.Position(d.Pos), message: d.Message}
	if len(d.SuggestedFixes) == 0 {
		return f
	}
	for _, te := range d.SuggestedFixes[0].TextEdits {
		tf := fset.File(te.Pos)
		if tf == nil || (f.file != "" && tf.Name() != f.file) {
			// A fix across files is not something this analyzer offers;
			// treat it as no fix rather than apply half of it.
			return finding{posn: f.posn, message: f.message}
		}
		f.file = tf.Name()
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		f.edits = append(f.edits, edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
	}
	return f
}

// key identifies a finding: a package and its test variant report the
// same finding in the same file twice.
func (f *finding) key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%s", f.posn, f.message)
	for _, e := range f.edits {
		fmt.Fprintf(&b, "\x00%d:%d:%s", e.start, e.end, e.text)
	}
	return b.String()
}

// apply writes the fixes and reports what they leave.
func apply(findings []finding, stderr io.Writer) int {
	seen := make(map[string]bool)
	byFile := make(map[string][]finding)
	var unfixed []finding
	for _, f := range findings {
		if k := f.key(); !seen[k] {
			seen[k] = true
			if f.file == "" {
				unfixed = append(unfixed, f)
			} else {
				byFile[f.file] = append(byFile[f.file], f)
			}
		}
	}
	status := 0
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		left, err := fixFile(file, byFile[file])
		if err != nil {
			fmt.Fprintf(stderr, "%v (file left unchanged)\n", err) // it names the file
			status = 1
			left = byFile[file]
		}
		unfixed = append(unfixed, left...)
	}
	slices.SortFunc(unfixed, func(a, b finding) int {
		return cmp.Or(strings.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line), cmp.Compare(a.posn.Column, b.posn.Column))
	})
	for _, f := range unfixed {
		fmt.Fprintf(stderr, "%s: %s\n", f.posn, f.message)
	}
	if status == 0 && len(unfixed) > 0 {
		status = 3
	}
	return status
}

// fixFile applies the fixes of fs to file, leaving out a fix whose edits
// overlap one applied before it; it returns the findings left unfixed.
func fixFile(file string, fs []finding) (left []finding, err error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(fs, func(a, b finding) int { return cmp.Compare(a.edits[0].start, b.edits[0].start) })
	var taken []edit
	for _, f := range fs {
		if overlaps(taken, f.edits, len(src)) {
			f.message += " (its fix overlaps another; run -fix again)"
			left = append(left, f)
			continue
		}
		taken = append(taken, f.edits...)
	}
	if len(taken) == 0 {
		return left, nil
	}
	slices.SortFunc(taken, func(a, b edit) int { return cmp.Compare(a.start, b.start) })
	var out []byte
	at := 0
	for _, e := range taken {
		out = append(out, src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	out = append(out, src[at:]...)
	return left, safewrite.WriteFile(file, out)
}

// overlaps reports whether any of edits is out of range or overlaps one of
// taken. Two insertions at the same offset overlap too: their order would
// be a guess.
func overlaps(taken, edits []edit, size int) bool {
	for _, e := range edits {
		if e.start < 0 || e.end < e.start || e.end > size {
			return true
		}
		for _, t := range taken {
			if e.start < t.end && t.start < e.end || e.start == t.start {
				return true
			}
		}
	}
	return false
}

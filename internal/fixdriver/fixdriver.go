// Package fixdriver applies the suggested fixes of an analyzer to the files
// of the packages named on the command line, for "urilint -fix", or prints
// them as a diff, for "urilint -fix -diff".
//
// It exists because a fixer must never lose data: golang.org/x/tools'
// drivers rewrite a file in place (truncate, then write), so a full disk or
// a killed process can leave it cut short. Here every file is written whole
// or not at all, through package internal/safewrite, which also follows
// symbolic links, keeps mode and owner, and refuses read-only files and
// files with other hard links. And unlike those drivers, -fix here still
// prints the findings that have no fix (exit status 3), so that fixing
// never hides them.
//
// With -diff, nothing is written: the fixes go to standard output as one
// unified diff, with a/ and b/ file names relative to the current
// directory (for a symbolic link, of the file it leads to, which is what
// -fix writes), which "git apply" and "patch -p1" accept; the findings that
// have no fix go to standard error, as with -fix, and the exit status is
// the one -fix would have. (x/tools' -diff prints "(old)" and "(new)" file
// names and wrong hunk headers, and drops the findings without a fix.)
//
// With -only-files, for a pre-commit hook, the arguments that end in .go
// name the only files to fix and report, and the others the packages to
// load (./... when there are none); a file changed is named on standard
// error and makes the exit status 3, so that the hook fails the commit
// whose staged content was not what got fixed.
//
// Report prints the findings without fixing, as x/tools' driver would,
// but loads test packages only with -tests, prints each finding, each
// package error and each analysis error once, and redacts passwords in the
// context lines of -c=N. In both modes -test is a deprecated alias of the
// analyzer's -tests, and a failed write to standard output or standard
// error makes the exit status 2, with a message. go vet's protocol and the
// debugging flags stay with golang.org/x/tools/go/analysis/singlechecker.
package fixdriver

import (
	"cmp"
	"errors"
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

// Wants reports whether args ask for fixes, to be written or shown as a
// diff: -fix, and not a go vet invocation (whose last argument is a .cfg
// file).
func Wants(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix := false
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break // the flag package stops at the first argument
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "fix" {
			fix = value == "" || value == "true" || value == "1"
		}
	}
	return fix
}

// Main runs a with -fix on the packages that args name, from the current
// directory, and returns the exit status: 0 when every finding was fixed,
// 3 when findings without a fix remain (they are printed on stderr) or,
// with -only-files, when a file was changed, 1 on a failure (a package
// that does not load, a file that cannot be written), 2 on a usage error
// or a failed write to standard output or standard error.
// With -diff the diff goes to standard output.
func Main(a *analysis.Analyzer, args []string, stderr io.Writer) int {
	return Run(a, args, "", os.Stdout, stderr)
}

// Run is Main from directory dir ("" for the current one), with the diff
// of -diff written to stdout.
func Run(a *analysis.Analyzer, args []string, dir string, stdout, stderr io.Writer) int {
	out, errw := &checkedWriter{w: stdout}, &checkedWriter{w: stderr}
	return finish(a.Name, run(a, args, dir, out, errw), out, errw)
}

func run(a *analysis.Analyzer, args []string, dir string, stdout, stderr *checkedWriter) int {
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("fix", true, "apply the suggested fixes")
	diff := fs.Bool("diff", false, "with -fix, change no file but print the fixes as a unified diff")
	onlyFiles := fs.Bool("only-files", false, "with -fix, fix and report only the files named by the arguments that end in .go (the others name the packages, ./... by default), and exit 3 when one was changed: for pre-commit")
	tags := fs.String("tags", "", "comma-separated build tags")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	tests := TestsFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	patterns := fs.Args()
	var only *fileSet
	if *onlyFiles {
		var files []string
		files, patterns = splitFiles(patterns)
		if len(files) == 0 {
			return 0 // no Go file handed over: nothing to fix
		}
		if len(patterns) == 0 {
			patterns = []string{"./..."}
		}
		only = newFileSet(dir, files)
	}
	if len(patterns) == 0 {
		fmt.Fprintf(stderr, "%s: no packages named\n", a.Name)
		return 2
	}
	cfg := &packages.Config{Mode: LoadMode, Tests: tests(), Dir: dir}
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
			f := newFinding(act.Package.Fset, d)
			if only == nil || only.has(f.posn.Filename) {
				findings = append(findings, f)
			}
		}
	}
	o := output{stderr: stderr, reportChanged: only != nil}
	if *diff {
		o.diff = stdout
		if o.wd, err = workDir(dir); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
			return 1
		}
	}
	return o.apply(findings)
}

// printErrors prints the errors of pkgs and their dependencies, each
// once (a package and its test variants have the same), and returns how
// many it printed.
func printErrors(pkgs []*packages.Package, w io.Writer) int {
	seen := make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		typeErrs := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.TypeError })
		for _, err := range p.Errors {
			if typeErrs && err.Kind == packages.ListError && strings.HasPrefix(err.Msg, "# "+p.PkgPath+"\n") {
				// The compiler's report of the same errors, from building
				// export data (LoadMode): the type checker's name the
				// position of each.
				continue
			}
			if s := err.Error(); !seen[s] {
				seen[s] = true
				fmt.Fprintln(w, s)
			}
		}
	})
	return len(seen)
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

// output is where apply sends its results.
type output struct {
	stderr        io.Writer // findings left, errors, files changed
	diff          io.Writer // with -diff, where the diff goes; nil to write the files
	wd            string    // with -diff, the directory the diff's names are relative to
	reportChanged bool      // name each file changed, and exit 3 if any was
}

// apply writes the fixes, or prints them as a diff, and reports what they
// leave; it returns the exit status.
func (o *output) apply(findings []finding) int {
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
	status, changed := 0, false
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		left, err := o.fixFile(file, byFile[file])
		switch {
		case err != nil:
			// The error names the file; a refusal says it was not written.
			if refusal := new(safewrite.Error); errors.As(err, &refusal) {
				fmt.Fprintln(o.stderr, err)
			} else {
				fmt.Fprintf(o.stderr, "%v (file left unchanged)\n", err)
			}
			status = 1
			left = byFile[file]
		case len(left) < len(byFile[file]):
			changed = true
			if o.reportChanged && o.diff == nil {
				fmt.Fprintf(o.stderr, "%s: fixed %d finding(s)\n", file, len(byFile[file])-len(left))
			}
		}
		unfixed = append(unfixed, left...)
	}
	slices.SortFunc(unfixed, func(a, b finding) int {
		return cmp.Or(strings.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line), cmp.Compare(a.posn.Column, b.posn.Column))
	})
	for _, f := range unfixed {
		fmt.Fprintf(o.stderr, "%s: %s\n", f.posn, f.message)
	}
	if status == 0 && (len(unfixed) > 0 || o.reportChanged && changed) {
		status = 3
	}
	return status
}

// fixFile applies the fixes of fs to file, leaving out a fix whose edits
// overlap one applied before it, and writes the result, or prints it as a
// diff; it returns the findings left unfixed.
func (o *output) fixFile(file string, fs []finding) (left []finding, err error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(fs, func(a, b finding) int { return cmp.Compare(a.edits[0].start, b.edits[0].start) })
	var taken edits
	for _, f := range fs {
		if !taken.add(f.edits, len(src)) {
			f.message += " (its fix overlaps another; run -fix again)"
			left = append(left, f)
		}
	}
	if len(taken) == 0 {
		return left, nil
	}
	if o.diff != nil {
		return left, writeDiff(o.diff, diffName(o.wd, file), src, taken)
	}
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

// edits are the edits of the fixes taken for a file, sorted and
// non-overlapping.
type edits []edit

func byStart(a, b edit) int { return cmp.Compare(a.start, b.start) }

// add adds es to the edits, or reports false and leaves them as they were
// when one of es is out of [0, size] or overlaps another or one already
// there. Two insertions at the same offset overlap too: their order would
// be a guess. The fixes of a file, taken in the order of their first edit,
// mostly go at the end, where add costs no more than sorting es.
func (t *edits) add(es []edit, size int) bool {
	es = slices.SortedFunc(slices.Values(es), byStart)
	for i, e := range es {
		if e.start < 0 || e.end < e.start || e.end > size {
			return false
		}
		if i > 0 && (es[i-1].end > e.start || es[i-1].start == e.start) {
			return false
		}
		// The first edit of t that starts at or after e, and the one before.
		k, _ := slices.BinarySearchFunc(*t, e, byStart)
		if k < len(*t) && ((*t)[k].start < e.end || (*t)[k].start == e.start) || k > 0 && (*t)[k-1].end > e.start {
			return false
		}
	}
	if n := len(*t); n == 0 || (*t)[n-1].end <= es[0].start {
		*t = append(*t, es...)
		return true
	}
	merged := make(edits, 0, len(*t)+len(es))
	a, b := *t, es
	for len(a) > 0 && len(b) > 0 {
		if a[0].start < b[0].start {
			merged, a = append(merged, a[0]), a[1:]
		} else {
			merged, b = append(merged, b[0]), b[1:]
		}
	}
	*t = append(append(merged, a...), b...)
	return true
}

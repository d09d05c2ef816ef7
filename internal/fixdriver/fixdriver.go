// Package fixdriver is the command line of urilint: one flag set, parsed
// once, for reporting findings (text or -json), fixing them (-fix) and
// showing the fixes as a diff (-fix -diff), over the packages named on the
// command line. go vet's protocol (a *.cfg argument, -flags) is not
// handled here: IsVet tells the command to hand it to x/tools' unitchecker.
//
// It exists, rather than x/tools' drivers, because a fixer must never lose
// data and never lie about what is left:
//
//   - Every file is written whole or not at all, through
//     internal/safewrite, which follows symbolic links, keeps mode and
//     owner, refuses read-only and hard-linked files, and leaves alone a
//     file that changed since it was read (then the exit status is 2).
//   - The fixes of a file are chosen and applied by internal/edit: in the
//     order of their first edit, each whole or not at all, leaving out one
//     that overlaps a fix taken before it.
//   - After fixing, the packages are checked again (with -diff, as if the
//     diff were applied, through go/packages' overlay), and what is left is
//     reported, at its positions in the fixed files, with the exit status
//     it gives: a finding that a fix removed is not printed.
//   - Which fixes are offered is the analyzer's choice: urilint's offers
//     none in _test.go files without its -fix-tests (test files hold
//     expected values and invalid inputs on purpose), so that every
//     driver, this one, golangci-lint's and go fix's, leaves them alone.
//
// Test packages are loaded only with the analyzer's -tests (-test is a
// deprecated alias), or when the configuration file (.urilint.yaml, or the
// file of the analyzer's -config) sets go.tests and no -tests flag says
// otherwise,
// each finding, package error and analysis error is printed once, and the
// context lines of -c=N show passwords as "***". A failed write to
// standard output or standard error makes the exit status 2.
package fixdriver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/edit"
	"github.com/urilint/urilint/internal/safewrite"
	"github.com/urilint/urilint/internal/version"
)

// The exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1 // a package does not load or cannot be analyzed, a file cannot be written
	exitUsage    = 2 // a bad flag, a failed write to the output, a file changed while fixing
	exitFindings = 3 // findings are left (or, with -only-files, a file was changed)
)

// IsVet reports whether args are go vet's, for its -vettool protocol:
// a single package's configuration (the last argument ends in .cfg), or
// the query of the tool's flags (-flags). go vet's other query, -V=full,
// is answered by Main like -V.
func IsVet(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	return len(args) == 1 && strings.TrimLeft(args[0], "-") == "flags" && strings.HasPrefix(args[0], "-")
}

// Options are the settings of a run besides the analyzer's own flags;
// their flags are described in newFlagSet.
type Options struct {
	Fix, Diff, OnlyFiles, JSON bool
	Context                    int
	Tags                       string

	version                       *version.Flag
	cpuprofile, memprofile, trace string
	tests                         func() bool
	loadTests                     bool // -tests, or go.tests of the configuration file
}

// FlagSet returns the flag set of a command running a, as Main parses
// it, for generating its documentation.
func FlagSet(a *analysis.Analyzer) *flag.FlagSet {
	return newFlagSet(a, &Options{}, io.Discard)
}

// newFlagSet returns the one flag set of urilint: its own flags, the
// analyzer's, and the deprecated -test, bound to o.
func newFlagSet(a *analysis.Analyzer, o *Options, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.BoolVar(&o.Fix, "fix", o.Fix, "apply the suggested fixes, then check again and report what is left")
	fs.BoolVar(&o.Diff, "diff", o.Diff, "with -fix, change no file: print the fixes as a unified diff on standard output")
	fs.BoolVar(&o.OnlyFiles, "only-files", o.OnlyFiles, "fix and report only the files named by the arguments that end in .go; the others name the packages (./... by default); with -fix, exit 3 when a file was changed (for pre-commit)")
	fs.BoolVar(&o.JSON, "json", o.JSON, "print the findings as JSON on standard output (exit 0 with findings)")
	fs.IntVar(&o.Context, "c", -1, "print the offending line with this many `lines` of context")
	fs.StringVar(&o.Tags, "tags", o.Tags, "comma-separated build `tags`, as for go build")
	o.version = version.AddFlags(fs)
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `file`")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a memory profile to `file`")
	fs.StringVar(&o.trace, "trace", "", "write an execution trace to `file`")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	tests := fs.Lookup("tests")
	fs.Var(aliasFlag{tests}, "test", "deprecated: the same as -tests")
	o.tests = func() bool { return tests != nil && tests.Value.String() == "true" }
	return fs
}

// aliasFlag is a boolean flag that sets another one.
type aliasFlag struct{ to *flag.Flag }

func (f aliasFlag) IsBoolFlag() bool { return true }

func (f aliasFlag) String() string {
	if f.to == nil {
		return "false"
	}
	return f.to.Value.String()
}

func (f aliasFlag) Set(v string) error {
	if f.to == nil {
		return errors.New("no flag to set")
	}
	return f.to.Value.Set(v)
}

// Main runs urilint with args from the current directory and returns the
// exit status.
func Main(a *analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	return Run(a, Options{}, args, "", stdout, stderr)
}

// Run is Main from directory dir ("" for the current one), with the
// defaults of o (from a configuration file) under the flags of args.
// It returns the exit status: 0 when nothing is left to report, 3 when
// findings are left (or, with -fix -only-files, a file was changed), 1
// when a package does not load or cannot be analyzed or a file cannot be
// written, 2 on a usage error, a bad configuration file, a failed write
// to the output or a file that changed while it was being fixed. With
// -json, findings do not make the status 3: they are in the output.
func Run(a *analysis.Analyzer, o Options, args []string, dir string, stdout, stderr io.Writer) int {
	out, errw := &checkedWriter{w: stdout}, &checkedWriter{w: stderr}
	return finish(a.Name, run(a, &o, args, dir, out, errw), out, errw)
}

func run(a *analysis.Analyzer, o *Options, args []string, dir string, stdout, stderr *checkedWriter) int {
	var flagOut bytes.Buffer
	fs := newFlagSet(a, o, &flagOut)
	fs.Usage = func() { usage(a, fs) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, _ = stdout.Write(flagOut.Bytes())
			return exitOK
		}
		_, _ = stderr.Write(flagOut.Bytes())
		return exitUsage
	}
	if o.version.Requested() {
		return o.version.Print(a.Name, stdout, stderr)
	}
	if fs.NArg() == 1 && fs.Arg(0) == "help" {
		fmt.Fprintf(stdout, "%s: %s\n\n", a.Name, a.Doc)
		fs.SetOutput(stdout)
		usage(a, fs)
		return exitOK
	}
	given := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case !o.Fix && o.Diff:
		fmt.Fprintf(stderr, "%s: -diff needs -fix\n", a.Name)
		return exitUsage
	case o.Diff && o.JSON:
		fmt.Fprintf(stderr, "%s: -diff and -json both write to standard output: use one\n", a.Name)
		return exitUsage
	}
	var err error
	if o.loadTests, err = loadTests(fs, given, dir); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
		return exitUsage
	}
	stop, err := startProfiles(o)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
		return exitUsage
	}
	defer func() {
		if err := stop(); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
		}
	}()
	patterns := fs.Args()
	var only *fileSet
	if o.OnlyFiles {
		var files []string
		files, patterns = splitFiles(patterns)
		if len(files) == 0 {
			return exitOK // no Go file handed over: nothing to do
		}
		if len(patterns) == 0 {
			patterns = []string{"./..."}
		}
		only = newFileSet(dir, files)
	}
	if len(patterns) == 0 {
		fmt.Fprintf(stderr, "%s: no packages named (try ./...)\n", a.Name)
		return exitUsage
	}
	l := &loader{a: a, o: o, dir: dir, patterns: patterns, only: only, stderr: stderr}
	res, status := l.analyze(nil)
	if res == nil {
		return status
	}
	var fixed *fixResult
	if o.Fix && status == exitOK {
		fixed = l.fix(res, stdout)
		if len(fixed.changed) > 0 {
			// Check again what the fixes made: on disk, or with -diff as
			// an overlay of the files as the diff makes them.
			var overlay map[string][]byte
			if o.Diff {
				overlay = fixed.changed
			}
			again, st := l.analyze(overlay)
			if again == nil {
				return max(st, fixed.status)
			}
			res, status = again, st
		}
	}
	left := l.report(res, fixed, stdout)
	switch {
	case fixed != nil && fixed.status != exitOK:
		return max(fixed.status, status)
	case status != exitOK:
		return status
	case left > 0 && !o.JSON, only != nil && fixed != nil && fixed.written > 0:
		return exitFindings
	}
	return exitOK
}

// loadTests reports whether to load the test packages: the analyzer's
// -tests (or -test) flag when given, else the flag's default or the
// go.tests key of the configuration file, which the analyzer reads too
// (from its -config flag, or the .urilint.yaml of dir or above).
func loadTests(fs *flag.FlagSet, given map[string]bool, dir string) (bool, error) {
	tests := fs.Lookup("tests")
	if tests == nil {
		return false, nil
	}
	if given["tests"] || given["test"] || tests.Value.String() == "true" {
		return tests.Value.String() == "true", nil
	}
	var file *config.File
	var err error
	if c := fs.Lookup("config"); c != nil && c.Value.String() != "" {
		file, err = config.Read(c.Value.String())
	} else {
		file, err = config.Load(dir)
	}
	if err != nil {
		return false, err
	}
	return file.Go.Tests, nil
}

// usage prints how to call the command and its flags.
func usage(a *analysis.Analyzer, fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprintf(w, "usage: %s [flags] packages\n", a.Name)
	fmt.Fprintf(w, "       go vet -vettool=$(command -v %s) [flags] packages\n\n", a.Name)
	fmt.Fprintf(w, "%s reports malformed and non-normalized URI literals; \"%s help\" prints the checks.\n", a.Name, a.Name)
	fmt.Fprintf(w, "Exit status: 0 nothing found, 3 findings left, 1 a package does not load, 2 a usage error, a bad configuration file or a file changed while fixing.\n\nFlags:\n")
	fs.PrintDefaults()
}

// startProfiles starts what -cpuprofile and -trace ask for, and returns
// the function that stops them and writes -memprofile.
func startProfiles(o *Options) (stop func() error, err error) {
	var stops []func() error
	stop = func() error {
		var errs []error
		for _, s := range slices.Backward(stops) {
			errs = append(errs, s())
		}
		return errors.Join(errs...)
	}
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		stops = append(stops, func() error { pprof.StopCPUProfile(); return f.Close() })
	}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			_ = stop()
			return nil, err
		}
		if err := trace.Start(f); err != nil {
			f.Close()
			_ = stop()
			return nil, err
		}
		stops = append(stops, func() error { trace.Stop(); return f.Close() })
	}
	if o.memprofile != "" {
		name := o.memprofile
		stops = append(stops, func() error {
			f, err := os.Create(name)
			if err != nil {
				return err
			}
			runtime.GC()
			return errors.Join(pprof.WriteHeapProfile(f), f.Close())
		})
	}
	return stop, nil
}

// A loader loads and analyzes the packages of one run.
type loader struct {
	a        *analysis.Analyzer
	o        *Options
	dir      string
	patterns []string
	only     *fileSet
	stderr   io.Writer
	errSeen  map[string]bool // errors printed already
}

// result is an analysis with its findings, each once.
type result struct {
	graph    *checker.Graph
	findings []finding
	overlay  map[string][]byte
}

// finding is one diagnostic of a root action.
type finding struct {
	act  *checker.Action
	diag *analysis.Diagnostic
	posn token.Position
}

// LoadMode is what the analyzer needs of the packages named: their
// syntax and types. It has no facts, so it never runs on dependencies,
// whose types come from export data (the build cache) instead of being
// parsed and type-checked from source as packages.LoadAllSyntax would:
// on this module that takes urilint ./... from 600 MB to 45 MB.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
	packages.NeedSyntax | packages.NeedTypesInfo

// analyze loads the packages, with the files of overlay in place of what
// is on disk, and analyzes them. It prints the errors it meets (each
// once over the run) and returns the result, nil when nothing could be
// analyzed, and the exit status so far.
func (l *loader) analyze(overlay map[string][]byte) (*result, int) {
	cfg := &packages.Config{Mode: LoadMode | packages.NeedModule, Tests: l.o.loadTests, Dir: l.dir, Overlay: overlay}
	if l.o.Tags != "" {
		cfg.BuildFlags = []string{"-tags=" + l.o.Tags}
	}
	pkgs, err := packages.Load(cfg, l.patterns...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(l.patterns, " "))
	}
	if err != nil {
		fmt.Fprintf(l.stderr, "%s: %v\n", l.a.Name, err)
		return nil, exitFailure
	}
	status := exitOK
	if l.printErrors(pkgs) > 0 {
		status = exitFailure
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{l.a}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(l.stderr, "%s: %v\n", l.a.Name, err)
		return nil, exitFailure
	}
	if l.analysisErrors(graph) > 0 {
		status = exitFailure
	}
	return &result{graph: graph, findings: l.findings(graph), overlay: overlay}, status
}

// findings returns the findings of graph, each once (a package and its
// test variant share files), in the files -only-files names; it leaves in
// the actions only those, for -json.
func (l *loader) findings(graph *checker.Graph) []finding {
	type key struct {
		posn, end token.Position
		message   string
	}
	seen := make(map[key]bool)
	var out []finding
	for _, act := range graph.Roots {
		if act.Analyzer != l.a {
			continue
		}
		kept := act.Diagnostics[:0]
		for _, d := range act.Diagnostics {
			fset := act.Package.Fset
			k := key{fset.Position(d.Pos), fset.Position(d.End), d.Message}
			if seen[k] || l.only != nil && !l.only.has(k.posn.Filename) {
				continue
			}
			seen[k] = true
			kept = append(kept, d)
		}
		act.Diagnostics = kept
		for i := range kept {
			out = append(out, finding{act: act, diag: &kept[i], posn: act.Package.Fset.Position(kept[i].Pos)})
		}
	}
	slices.SortStableFunc(out, func(a, b finding) int { return comparePosn(a.posn, b.posn) })
	return out
}

func comparePosn(a, b token.Position) int {
	if c := strings.Compare(a.Filename, b.Filename); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Column - b.Column
}

// printErrors prints the errors of pkgs and their dependencies, each once
// over the run, and returns how many there are.
func (l *loader) printErrors(pkgs []*packages.Package) int {
	n := 0
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
			s := err.Error()
			if seen[s] {
				continue
			}
			seen[s] = true
			n++
			l.printOnce(s)
		}
	})
	return n
}

// printOnce prints line unless the run printed it already.
func (l *loader) printOnce(line string) {
	if l.errSeen == nil {
		l.errSeen = make(map[string]bool)
	}
	if !l.errSeen[line] {
		l.errSeen[line] = true
		fmt.Fprintln(l.stderr, line)
	}
}

// fixResult is what fix did.
type fixResult struct {
	changed map[string][]byte // the new content of each file changed (or, with -diff, to change)
	written int               // the number of files written
	status  int               // exitOK, or the status of a file that could not be written
}

// fix applies the fixes of the findings of res to their files, or with
// -diff prints them on stdout, and returns what it did.
func (l *loader) fix(res *result, stdout io.Writer) *fixResult {
	type fileFixes struct {
		tf    *token.File
		fixes [][]edit.Edit
	}
	byFile := make(map[string]*fileFixes)
	for _, f := range res.findings {
		if len(f.diag.SuggestedFixes) == 0 {
			continue
		}
		tf, edits := fileEdits(f.act.Package.Fset, f.diag.SuggestedFixes[0])
		if tf == nil {
			continue
		}
		ff := byFile[tf.Name()]
		if ff == nil {
			ff = &fileFixes{tf: tf}
			byFile[tf.Name()] = ff
		}
		ff.fixes = append(ff.fixes, edits)
	}
	r := &fixResult{changed: make(map[string][]byte)}
	var wd string
	if l.o.Diff {
		var err error
		if wd, err = workDir(l.dir); err != nil {
			fmt.Fprintf(l.stderr, "%s: %v\n", l.a.Name, err)
			r.status = exitFailure
			return r
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		ff := byFile[file]
		old, err := os.ReadFile(file)
		if err == nil && !sameLines(ff.tf, old) {
			err = &safewrite.Error{Path: file, Err: safewrite.ErrChanged}
		}
		if err != nil {
			r.fail(l.stderr, err)
			continue
		}
		edits, taken := edit.Select(len(old), ff.fixes)
		new, err := edit.Apply(old, edits)
		if err != nil || bytes.Equal(new, old) {
			continue // Select returns valid edits; a fix may change nothing
		}
		if l.o.Diff {
			name := diffName(wd, file)
			d, err := edit.Unified("a/"+name, "b/"+name, old, edits)
			if err != nil {
				continue
			}
			_, _ = io.WriteString(stdout, d) // a checkedWriter keeps its error
			r.changed[file] = new
			continue
		}
		if err := safewrite.Replace(file, old, new); err != nil {
			r.fail(l.stderr, err)
			continue
		}
		r.changed[file] = new
		r.written++
		if l.only != nil {
			fmt.Fprintf(l.stderr, "%s: fixed %d finding(s)\n", file, count(taken))
		}
	}
	return r
}

// fail reports a file that could not be fixed: it was left as it was.
func (r *fixResult) fail(w io.Writer, err error) {
	status := exitFailure
	if errors.Is(err, safewrite.ErrChanged) {
		status = exitUsage
	}
	if refusal := new(safewrite.Error); errors.As(err, &refusal) {
		fmt.Fprintln(w, err)
	} else {
		fmt.Fprintf(w, "%v (file left unchanged)\n", err)
	}
	r.status = max(r.status, status)
}

// fileEdits returns the file a fix changes and its edits as byte offsets,
// or nil when it changes another file too: no fix of this analyzer does,
// and half of one is not made.
func fileEdits(fset *token.FileSet, fix analysis.SuggestedFix) (*token.File, []edit.Edit) {
	var tf *token.File
	var edits []edit.Edit
	for _, te := range fix.TextEdits {
		f := fset.File(te.Pos)
		if f == nil || tf != nil && f != tf {
			return nil, nil
		}
		tf = f
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		edits = append(edits, edit.Edit{Start: f.Offset(te.Pos), End: f.Offset(end), New: string(te.NewText)})
	}
	return tf, edits
}

// sameLines reports whether content has the size and the line starts of
// the file as it was parsed: a file edited since would shift the fixes.
func sameLines(tf *token.File, content []byte) bool {
	if tf.Size() != len(content) {
		return false
	}
	lines := tf.Lines()
	at := 0
	for i, off := range lines {
		if off != at {
			return false
		}
		n := bytes.IndexByte(content[at:], '\n')
		if n < 0 {
			return i == len(lines)-1
		}
		at += n + 1
	}
	return at == len(content)
}

// workDir returns the directory the names of a diff are relative to: dir,
// or the current directory, with symbolic links resolved.
func workDir(dir string) (string, error) {
	wd, err := filepath.Abs(dir) // the current directory for ""
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(wd); err == nil {
		wd = real
	}
	return wd, nil
}

// diffName returns the name of file in a diff: the file a symbolic link
// leads to, which is what -fix writes and what git tracks (git apply does
// not patch through a link), relative to wd when it can be, with forward
// slashes.
func diffName(wd, file string) string {
	if real, err := filepath.EvalSymlinks(file); err == nil {
		file = real
	}
	if rel, err := filepath.Rel(wd, file); err == nil {
		file = rel
	}
	return filepath.ToSlash(file)
}

// count returns the number of true values in bs.
func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

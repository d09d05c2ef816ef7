package fixdriver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/urilint/urilint/uri"
)

// vetOnly are the flags that only golang.org/x/tools' driver knows: go
// vet's protocol (-V, -flags) and its debugging aids.
var vetOnly = map[string]bool{"V": true, "flags": true, "debug": true, "cpuprofile": true, "memprofile": true, "trace": true, "h": true, "help": true}

// Reports reports whether Report handles args: packages to report on, not
// a go vet invocation, not "help", and none of the flags only x/tools'
// driver knows (-V, -flags, -debug, -cpuprofile, -memprofile, -trace, and
// -h for its usage). With no package named, x/tools' driver prints the
// usage.
func Reports(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for i, a := range args {
		if a == "--" {
			return i+1 < len(args)
		}
		if !strings.HasPrefix(a, "-") {
			return a != "help"
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if vetOnly[name] {
			return false
		}
	}
	return false
}

// LoadMode is what the analyzer needs of the packages named: their
// syntax and types. It has no facts, so it never runs on dependencies,
// whose types come from export data (the build cache) instead of being
// parsed and type-checked from source as packages.LoadAllSyntax would:
// on net/... that halves the peak memory.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
	packages.NeedSyntax | packages.NeedTypesInfo

// TestsFlag declares on fs the flags that say whether test files are
// loaded and reported: the analyzer's -tests, already on fs, and -test,
// the deprecated name x/tools' driver gives to loading them, now an alias
// of -tests. It returns a function that reports the setting after parsing.
func TestsFlag(fs *flag.FlagSet) func() bool {
	tests := fs.Lookup("tests")
	fs.Func("test", "deprecated: the same as -tests", func(v string) error {
		if v == "" {
			v = "true"
		}
		if tests == nil {
			return errors.New("no -tests flag")
		}
		return tests.Value.Set(v)
	})
	// A boolean flag: -test alone means -test=true.
	f := fs.Lookup("test")
	f.Value = boolFunc{f.Value}
	return func() bool {
		return tests != nil && tests.Value.String() == "true"
	}
}

type boolFunc struct{ flag.Value }

func (boolFunc) IsBoolFlag() bool { return true }

// Report runs a on the packages that args name and prints its findings,
// as text on stderr or, with -json, as JSON on stdout, the way x/tools'
// driver does, with these differences: test packages are loaded only with
// -tests (the analyzer's flag; -test is a deprecated alias of it); a
// finding that a package and its test variant both report is printed
// once; each package error is printed once, and a package that cannot be
// analyzed is named on one line; the context lines of -c=N show passwords
// as "***"; and a failed write to stdout or stderr exits 2 with a
// message. It returns the exit status: 0 with no finding, 3 with
// findings, 1 when a package does not load or cannot be analyzed, 2 on a
// usage or write error.
func Report(a *analysis.Analyzer, args []string, dir string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "emit JSON output")
	context := fs.Int("c", -1, "display offending line with this many lines of context")
	tags := fs.String("tags", "", "comma-separated build tags")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	tests := TestsFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "%s: no packages named\n", a.Name)
		return 2
	}
	out := &checkedWriter{w: stdout}
	errw := &checkedWriter{w: stderr}
	cfg := &packages.Config{Mode: LoadMode | packages.NeedModule, Tests: tests(), Dir: dir}
	if *tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *tags}
	}
	status := 0
	pkgs, err := packages.Load(cfg, fs.Args()...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(fs.Args(), " "))
	}
	if err != nil {
		fmt.Fprintf(errw, "%s: %v\n", a.Name, err)
		return finish(a.Name, 1, out, errw)
	}
	if printErrors(pkgs, errw) > 0 {
		status = 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(errw, "%s: %v\n", a.Name, err)
		return finish(a.Name, 1, out, errw)
	}
	findings := dedupe(graph)
	if analysisErrors(a.Name, graph, errw) > 0 {
		status = 1
	}
	if *jsonOut {
		if err := graph.PrintJSON(out); err != nil && out.err == nil {
			out.err = err
		}
	} else {
		var buf bytes.Buffer
		_ = graph.PrintText(&buf, *context) // a bytes.Buffer takes every write
		for l := range strings.Lines(buf.String()) {
			_, _ = io.WriteString(errw, redactLine(l)) // errw keeps its first error, checked below
		}
		if status == 0 && findings > 0 {
			status = 3
		}
	}
	return finish(a.Name, status, out, errw)
}

// dedupe removes from the root actions of graph the findings that an
// earlier one reported already (a package and its test variant share
// files), and returns the number of findings left.
func dedupe(graph *checker.Graph) int {
	type key struct {
		posn, end token.Position
		message   string
	}
	seen := make(map[key]bool)
	n := 0
	for _, act := range graph.Roots {
		kept := act.Diagnostics[:0]
		for _, d := range act.Diagnostics {
			k := key{act.Package.Fset.Position(d.Pos), act.Package.Fset.Position(d.End), d.Message}
			if !seen[k] {
				seen[k] = true
				kept = append(kept, d)
			}
		}
		act.Diagnostics = kept
		n += len(kept)
	}
	return n
}

// analysisErrors prints the errors of the actions of graph, each once,
// and clears them so that printing the graph does not repeat them: a
// package that does not type-check is named on one line, and an error
// that every package shares (a bad flag value) is printed once, without a
// package. It returns the number of lines printed.
func analysisErrors(name string, graph *checker.Graph, w io.Writer) int {
	seen := make(map[string]bool)
	n := 0
	for act := range graph.All() {
		if act.Err == nil {
			continue
		}
		line := act.Err.Error()
		skipped := strings.HasPrefix(line, "analysis skipped due to errors")
		if skipped && strings.HasSuffix(act.Package.PkgPath, ".test") {
			// The generated main of a test binary: the package it
			// tests is named already.
			act.Err = nil
			continue
		}
		if skipped {
			line = fmt.Sprintf("%s: analysis of package %q skipped: it or a package it imports has errors", name, act.Package.PkgPath)
		} else {
			line = fmt.Sprintf("%s: %s", name, line)
		}
		if !seen[line] {
			seen[line] = true
			fmt.Fprintln(w, line)
			n++
		}
		act.Err = nil
	}
	return n
}

// redactLine returns line with the password of each URI in it shown as
// "***": the context lines of -c=N are source lines.
func redactLine(line string) string {
	if !strings.Contains(line, "://") {
		return line
	}
	var b strings.Builder
	for len(line) > 0 {
		i := strings.IndexFunc(line, isURIByte)
		if i < 0 {
			b.WriteString(line)
			break
		}
		b.WriteString(line[:i])
		line = line[i:]
		j := strings.IndexFunc(line, func(r rune) bool { return !isURIByte(r) })
		if j < 0 {
			j = len(line)
		}
		b.WriteString(uri.Redact(line[:j]))
		line = line[j:]
	}
	return b.String()
}

// isURIByte reports whether r may be part of a URI as written in source:
// anything but white space, quotes, angle brackets and non-ASCII.
func isURIByte(r rune) bool {
	return r > ' ' && r < 0x7f && !strings.ContainsRune("\"'`<>", r)
}

// A checkedWriter writes to w until a write fails, and keeps the error.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// finish returns status, or 2 after a failed write to out or errw; a
// failed write to out is reported on errw, the last place left to say it.
func finish(name string, status int, out, errw *checkedWriter) int {
	if out.err != nil {
		fmt.Fprintf(errw.w, "%s: writing output: %v\n", name, out.err)
		return 2
	}
	if errw.err != nil {
		return 2
	}
	return status
}

package fixdriver

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/urilint/urilint/uri"
)

// analysisErrors prints the errors of the actions of graph, each once,
// and clears them so that printing the graph does not repeat them: a
// package that does not type-check is named on one line, and an error
// that every package shares (a bad flag value) is printed once, without a
// package. It returns the number of errors.
func (l *loader) analysisErrors(graph *checker.Graph) int {
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
			line = fmt.Sprintf("%s: analysis of package %q skipped: it or a package it imports has errors", l.a.Name, act.Package.PkgPath)
		} else {
			line = fmt.Sprintf("%s: %s", l.a.Name, line)
		}
		l.printOnce(line)
		n++
		act.Err = nil
	}
	return n
}

// report prints the findings of res, with -json as JSON on stdout and
// else as text on stderr, and returns their number. After -fix, a finding
// left with a fix says why it was not made.
func (l *loader) report(res *result, fixed *fixResult, stdout io.Writer) int {
	if fixed != nil {
		for _, f := range res.findings {
			if len(f.diag.SuggestedFixes) == 0 {
				continue
			}
			if fixed.changed[f.posn.Filename] != nil {
				// Left out for overlapping a fix made, or raised by one.
				f.diag.Message += " (not fixed in this run: run -fix again)"
			}
		}
	}
	if l.o.JSON {
		_ = res.graph.PrintJSON(stdout) // a checkedWriter keeps its error
		return len(res.findings)
	}
	var lines []string // of the file being printed
	file := ""
	for _, f := range res.findings {
		fmt.Fprintf(l.stderr, "%s: %s\n", f.posn, f.diag.Message)
		if l.o.Context < 0 {
			continue
		}
		if f.posn.Filename != file {
			file = f.posn.Filename
			data, ok := res.overlay[file]
			if !ok {
				data, _ = os.ReadFile(file)
			}
			lines = strings.Split(string(data), "\n")
		}
		end := f.act.Package.Fset.Position(f.diag.End)
		if !end.IsValid() {
			end = f.posn
		}
		for i := max(f.posn.Line-l.o.Context, 1); i <= end.Line+l.o.Context && i <= len(lines); i++ {
			fmt.Fprintf(l.stderr, "%d\t%s\n", i, redactLine(lines[i-1]))
		}
	}
	return len(res.findings)
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

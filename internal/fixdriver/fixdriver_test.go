package fixdriver

import (
	"bytes"
	"go/ast"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// quoted is a test analyzer: it reports every string literal "old" with a
// fix to "new", "keep" with no fix, "both" with a fix whose edit overlaps
// the one of the literal before it (two fixes of one literal), and a raw
// string of two lines and "grow" with fixes that remove and add lines.
var quoted = &analysis.Analyzer{
	Name: "quoted",
	Doc:  "test analyzer",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				fix := func(text string) []analysis.SuggestedFix {
					return []analysis.SuggestedFix{{Message: "fix", TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(text)}}}}
				}
				switch lit.Value {
				case `"old"`:
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "old is old", SuggestedFixes: fix(`"new"`)})
				case `"keep"`:
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "keep has no fix"})
				case "`two\nlines`":
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "two lines", SuggestedFixes: fix(`"one line"`)})
				case `"grow"`:
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "grow", SuggestedFixes: fix("`grown\ninto\nlines`")})
				case `"touch"`:
					// An editor saves the file while urilint runs.
					name := pass.Fset.File(lit.Pos()).Name()
					if data, err := os.ReadFile(name); err == nil && !bytes.Contains(data, []byte("typed")) {
						_ = os.WriteFile(name, append(data, "// typed meanwhile\n"...), 0o644)
					}
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "touch", SuggestedFixes: fix(`"touched"`)})
				case `"both"`:
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "both one", SuggestedFixes: fix(`"one"`)})
					pass.Report(analysis.Diagnostic{Pos: lit.Pos(), Message: "both two", SuggestedFixes: fix(`"two"`)})
				}
				return true
			})
		}
		return nil, nil
	},
}

// module writes a module with the given main.go into a new directory.
func module(t *testing.T, src string, perm os.FileMode) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), perm); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRun(t *testing.T) {
	tests := []struct {
		name, src, want string
		status          int
		stderr          []string
	}{
		{
			name:   "every finding fixed",
			src:    "package m\n\nvar a, b = \"old\", \"old\"\n",
			want:   "package m\n\nvar a, b = \"new\", \"new\"\n",
			status: 0,
		},
		{
			name:   "findings without a fix are printed",
			src:    "package m\n\nvar a, b = \"old\", \"keep\"\n",
			want:   "package m\n\nvar a, b = \"new\", \"keep\"\n",
			status: 3,
			stderr: []string{"main.go:3:19: keep has no fix"},
		},
		{
			// The second fix overlaps the first, which removes its
			// finding: the check after fixing finds nothing left.
			name:   "overlapping fixes: the first is applied, the second is gone",
			src:    "package m\n\nvar a = \"both\"\n",
			want:   "package m\n\nvar a = \"one\"\n",
			status: 0,
		},
		{
			name:   "nothing to do",
			src:    "package m\n\nvar a = \"fine\"\n",
			want:   "package m\n\nvar a = \"fine\"\n",
			status: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := module(t, tt.src, 0o600)
			var stderr bytes.Buffer
			if got := Run(quoted, Options{}, []string{"-fix", "./..."}, dir, io.Discard, &stderr); got != tt.status {
				t.Errorf("Run = %d, want %d; stderr:\n%s", got, tt.status, &stderr)
			}
			file := filepath.Join(dir, "main.go")
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if string(data) != tt.want {
				t.Errorf("main.go after -fix:\n%s\nwant:\n%s", data, tt.want)
			}
			info, _ := os.Stat(file)
			if info.Mode().Perm() != 0o600 {
				t.Errorf("main.go has mode %v after -fix, want 0600 kept", info.Mode().Perm())
			}
			for _, line := range tt.stderr {
				if !strings.Contains(stderr.String(), line) {
					t.Errorf("stderr lacks %q:\n%s", line, &stderr)
				}
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 2 {
				t.Errorf("directory holds %d entries after -fix, want go.mod and main.go only", len(entries))
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	var stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-fix", "-nosuchflag", "./..."}, t.TempDir(), io.Discard, &stderr); got != 2 {
		t.Errorf("Run with an unknown flag = %d, want 2", got)
	}
	dir := module(t, "package m\n\nvar a = undefined\n", 0o644)
	stderr.Reset()
	if got := Run(quoted, Options{}, []string{"-fix", "./..."}, dir, io.Discard, &stderr); got != 1 || !strings.Contains(stderr.String(), "undefined") {
		t.Errorf("Run on a package that does not type-check = %d (%s), want 1 naming the error", got, &stderr)
	}
}

// TestRunReadOnly checks that a read-only file is not fixed, and that the
// refusal and the findings it leaves are printed.
func TestRunReadOnly(t *testing.T) {
	const src = "package m\n\nvar a = \"old\"\n"
	dir := module(t, src, 0o444)
	var stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-fix", "./..."}, dir, io.Discard, &stderr); got != 1 {
		t.Errorf("Run on a read-only file = %d, want 1", got)
	}
	for _, want := range []string{"main.go\" is read-only", "main.go:3:9: old is old"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, &stderr)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(data) != src {
		t.Errorf("Run changed a read-only file to:\n%s", data)
	}
}

// quoted has urilint's -tests flag, which decides whether test packages
// are loaded; it reports in every file loaded.
func init() { quoted.Flags.Bool("tests", false, "load test packages") }

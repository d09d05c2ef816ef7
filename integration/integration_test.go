package integration

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/urilint/urilint/analyzer"
)

// bin holds the commands built once by TestMain.
var bin struct {
	urilint, uriextract string
}

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "urilint-integration-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(dir)
	for _, c := range []struct {
		dst *string
		pkg string
	}{
		{&bin.urilint, "github.com/urilint/urilint/cmd/urilint"},
		{&bin.uriextract, "github.com/urilint/urilint/cmd/uriextract"},
	} {
		*c.dst = filepath.Join(dir, filepath.Base(c.pkg))
		out, err := exec.Command("go", "build", "-o", *c.dst, c.pkg).CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "go build %s: %v\n%s", c.pkg, err, out)
			return 2
		}
	}
	return m.Run()
}

// scratch writes the files of testdata/name.txtar, except those under
// want/, to a new directory, and returns it with the want/ files by name.
func scratch(t *testing.T, name string) (dir string, want map[string]string) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err = filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want = make(map[string]string)
	for _, f := range ar.Files {
		if rest, ok := strings.CutPrefix(f.Name, "want/"); ok {
			want[rest] = string(f.Data)
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, want
}

// run runs a command in dir and returns its output (standard output and
// standard error, where go vet and urilint report), with dir made relative,
// and its exit code.
func run(t *testing.T, dir string, name string, args ...string) (output string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return strings.ReplaceAll(out.String(), dir+string(filepath.Separator), ""), code
}

// findings returns the lines of out that are findings ("file:line:col: ..."),
// leaving out go vet's "# package" headers.
func findings(out string) []string {
	var lines []string
	for l := range strings.Lines(out) {
		if l = strings.TrimSuffix(l, "\n"); l != "" && !strings.HasPrefix(l, "# ") {
			lines = append(lines, l)
		}
	}
	return lines
}

func lines(s string) []string {
	return slices.Collect(func(yield func(string) bool) {
		for l := range strings.Lines(s) {
			if !yield(strings.TrimSuffix(l, "\n")) {
				return
			}
		}
	})
}

func checkFindings(t *testing.T, what, got, want string) {
	t.Helper()
	g, w := findings(got), lines(want)
	if !slices.Equal(g, w) {
		t.Errorf("%s reported:\n%s\nwant:\n%s", what, strings.Join(g, "\n"), want)
	}
}

func TestVet(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, "go", "vet", "-vettool="+bin.urilint, "./...")
	if code != 1 {
		t.Errorf("go vet -vettool=urilint ./... exited %d, want 1\n%s", code, out)
	}
	checkFindings(t, "go vet -vettool=urilint ./...", out, want["findings"])
}

// TestVetFlags checks that go vet passes the analyzer's flags through.
func TestVetFlags(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, "go", "vet", "-vettool="+bin.urilint, "-empty-path", "-tests", "./...")
	if code != 1 {
		t.Errorf("go vet -vettool=urilint -empty-path -tests ./... exited %d, want 1\n%s", code, out)
	}
	checkFindings(t, "go vet -vettool=urilint -empty-path -tests ./...", out, want["findings-empty-path-tests"])

	out, code = run(t, dir, "go", "vet", "-vettool="+bin.urilint, "-disable=malformed,scheme-case,host-case,dot-segments,percent-case,default-port", "./...")
	if code != 0 || len(findings(out)) != 0 {
		t.Errorf("go vet -vettool=urilint with every reported category disabled exited %d, want 0 and no findings:\n%s", code, out)
	}
}

func TestStandalone(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, bin.urilint, "./...")
	if code != 3 {
		t.Errorf("urilint ./... exited %d, want 3\n%s", code, out)
	}
	checkFindings(t, "urilint ./...", out, want["findings"])
}

func TestFix(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, bin.urilint, "-fix", "./...")
	if code != 0 {
		t.Errorf("urilint -fix ./... exited %d, want 0\n%s", code, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "client", "client.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want["client.go.fixed"] {
		t.Errorf("urilint -fix ./... left client/client.go as:\n%s\nwant:\n%s", got, want["client.go.fixed"])
	}

	// What has no safe fix is still reported, and the fixed code builds.
	out, code = run(t, dir, bin.urilint, "./...")
	if code != 3 {
		t.Errorf("urilint ./... after -fix exited %d, want 3\n%s", code, out)
	}
	checkFindings(t, "urilint ./... after -fix", out, want["findings-after-fix"])
	if out, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Errorf("go build ./... after urilint -fix exited %d:\n%s", code, out)
	}
}

// TestFixDiff checks that -fix -diff prints the fixes and changes nothing.
func TestFixDiff(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	file := filepath.Join(dir, "client", "client.go")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin.urilint, "-fix", "-diff", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("urilint -fix -diff ./...: %v", err)
	}
	if diff := strings.ReplaceAll(string(out), dir+string(filepath.Separator), ""); diff != want["fix.diff"] {
		t.Errorf("urilint -fix -diff ./... printed:\n%s\nwant:\n%s", diff, want["fix.diff"])
	}
	after, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("urilint -fix -diff ./... changed client/client.go")
	}
}

// TestNoFlags runs analyzer.Analyzer the way a driver that parses no flags
// (Bazel's nogo, or a custom driver) does, and checks that it reports the
// defaults: nothing in it may depend on flag parsing having happened.
func TestNoFlags(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("scratch module has errors")
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			rel, err := filepath.Rel(dir, p.Filename)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", filepath.ToSlash(rel), p.Line, p.Column, d.Message))
		}
	}
	slices.Sort(got)
	w := lines(want["findings"])
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("analyzer.Analyzer with no flags parsed reported:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(w, "\n"))
	}
}

// TestUriextractCheck runs uriextract -check as the pre-commit hook does,
// on the files given, before and after fixing them.
func TestUriextractCheck(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "readme")
	out, code := run(t, dir, bin.uriextract, "-check", "README.md", "notes.txt")
	if code != 1 {
		t.Errorf("uriextract -check README.md notes.txt exited %d, want 1\n%s", code, out)
	}
	checkFindings(t, "uriextract -check README.md notes.txt", out, want["findings"])

	for _, name := range []string{"README.md", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(want[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, code = run(t, dir, bin.uriextract, "-check", "README.md", "notes.txt")
	if code != 0 || out != "" {
		t.Errorf("uriextract -check on the fixed files exited %d, want 0 and no output:\n%s", code, out)
	}
}

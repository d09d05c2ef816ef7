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
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/urilint/urilint/analyzer"
)

// binDir is where the commands are built, once, by the first test that
// needs them.
var (
	binDir    string
	buildOnce sync.Once
	buildErr  error
)

func TestMain(m *testing.M) {
	os.Exit(runInTempDir(m))
}

func runInTempDir(m *testing.M) int {
	dir, err := os.MkdirTemp("", "urilint-integration-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(dir)
	binDir = dir
	return m.Run()
}

// commandPkgs are the commands the tests run, built from this checkout.
var commandPkgs = []string{
	"github.com/urilint/urilint/cmd/urilint",
	"github.com/urilint/urilint/cmd/uriextract",
}

// command returns the path of the command name ("urilint" or "uriextract").
func command(t *testing.T, name string) string {
	t.Helper()
	buildOnce.Do(func() { buildErr = buildCommands() })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return filepath.Join(binDir, name)
}

func buildCommands() error {
	args := append([]string{"build", "-o", binDir + string(filepath.Separator)}, commandPkgs...)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return readSources()
}

// readSources reads the files of this module the commands are built from.
// go test caches a result under its test binary and the files the test
// opened; the commands are not linked into the test binary, so reading their
// sources is what makes a change to them run these tests again.
func readSources() error {
	args := append([]string{"list", "-deps", "-f",
		`{{if and .Module .Module.Main}}{{range .GoFiles}}{{$.Dir}}{{"\n"}}{{.}}{{"\n"}}{{end}}{{end}}`,
	}, commandPkgs...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	files := []string{filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")}
	l := lines(string(out))
	for i := 0; i+1 < len(l); i += 2 {
		files = append(files, filepath.Join(l[i], l[i+1]))
	}
	for _, f := range files {
		if _, err := os.ReadFile(f); err != nil {
			return err
		}
	}
	return nil
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
	out, code := run(t, dir, "go", "vet", "-vettool="+command(t, "urilint"), "./...")
	if code != 1 {
		t.Errorf("go vet -vettool=urilint ./... exited %d, want 1\n%s", code, out)
	}
	checkFindings(t, "go vet -vettool=urilint ./...", out, want["findings"])
}

// TestVetFlags checks that go vet passes the analyzer's flags through.
func TestVetFlags(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, "go", "vet", "-vettool="+command(t, "urilint"), "-empty-path", "-tests", "./...")
	if code != 1 {
		t.Errorf("go vet -vettool=urilint -empty-path -tests ./... exited %d, want 1\n%s", code, out)
	}
	checkFindings(t, "go vet -vettool=urilint -empty-path -tests ./...", out, want["findings-empty-path-tests"])

	out, code = run(t, dir, "go", "vet", "-vettool="+command(t, "urilint"), "-disable=malformed,scheme-case,host-case,dot-segments,percent-case,default-port", "./...")
	if code != 0 || len(findings(out)) != 0 {
		t.Errorf("go vet -vettool=urilint with every reported category disabled exited %d, want 0 and no findings:\n%s", code, out)
	}
}

func TestStandalone(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	out, code := run(t, dir, command(t, "urilint"), "./...")
	if code != 3 {
		t.Errorf("urilint ./... exited %d, want 3\n%s", code, out)
	}
	checkFindings(t, "urilint ./...", out, want["findings"])
}

// normFixes asks -fix for the fixes of normalization too, which it
// leaves alone by default (they can change a string compared as text:
// docs/checks.md); the tests that use it are about how fixes are made.
const normFixes = "-fixes=scheme-case,host-case,percent-case,percent-unreserved,dot-segments,empty-port,default-port"

func TestFix(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	// -fix writes what it can and prints what has no fix, exit status 3.
	out, code := run(t, dir, command(t, "urilint"), "-fix", normFixes, "./...")
	if code != 3 {
		t.Errorf("urilint -fix ./... exited %d, want 3\n%s", code, out)
	}
	checkFindings(t, "urilint -fix ./...", out, want["findings-after-fix"])
	got, err := os.ReadFile(filepath.Join(dir, "client", "client.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want["client.go.fixed"] {
		t.Errorf("urilint -fix ./... left client/client.go as:\n%s\nwant:\n%s", got, want["client.go.fixed"])
	}

	// What has no safe fix is still reported, and the fixed code builds.
	out, code = run(t, dir, command(t, "urilint"), "./...")
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
	cmd := exec.Command(command(t, "urilint"), "-fix", normFixes, "-diff", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	// As -fix would: 3, since a finding has no fix; it is on stderr.
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Fatalf("urilint -fix -diff ./... exited %d (%v), want 3\n%s", code, err, &stderr)
	}
	if string(out) != want["fix.diff"] {
		t.Errorf("urilint -fix -diff ./... printed:\n%s\nwant:\n%s", out, want["fix.diff"])
	}
	checkFindings(t, "urilint -fix -diff ./...", strings.ReplaceAll(stderr.String(), dir+string(filepath.Separator), ""), want["findings-after-fix"])
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
	// By default documents get no normalization findings (issue 17).
	out, code := run(t, dir, command(t, "uriextract"), "-check", "README.md", "notes.txt")
	if _, summary := cutSummary(out); code != 1 || summary != "uriextract: 2 files, 5 links, 1 finding: malformed 1" {
		t.Errorf("uriextract -check README.md notes.txt exited %d, want 1 and the malformed finding alone\n%s", code, out)
	}
	const enable = "-enable=scheme-case,dot-segments,default-port"
	out, code = run(t, dir, command(t, "uriextract"), "-check", enable, "README.md", "notes.txt")
	if code != 1 {
		t.Errorf("uriextract -check %s README.md notes.txt exited %d, want 1\n%s", enable, code, out)
	}
	out, summary := cutSummary(out)
	if want := "uriextract: 2 files, 5 links, 4 findings: malformed 1, scheme-case 1, dot-segments 1, default-port 1"; summary != want {
		t.Errorf("uriextract -check %s README.md notes.txt summed up %q, want %q", enable, summary, want)
	}
	checkFindings(t, "uriextract -check "+enable+" README.md notes.txt", out, want["findings"])

	for _, name := range []string{"README.md", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(want[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, code = run(t, dir, command(t, "uriextract"), "-check", enable, "README.md", "notes.txt")
	if summary := "uriextract: 2 files, 5 links, no findings\n"; code != 0 || out != summary {
		t.Errorf("uriextract -check on the fixed files exited %d, want 0 and only the summary %q:\n%s", code, summary, out)
	}
}

// cutSummary splits the summary line of uriextract -check, the last one,
// from the output before it.
func cutSummary(out string) (rest, summary string) {
	body := strings.TrimSuffix(out, "\n")
	i := strings.LastIndexByte(body, '\n')
	return body[:i+1], body[i+1:]
}

// The two commands a new user runs first sit between these markers in
// README.md, each on a line of a shell block, followed by the output of
// the first.
const (
	quickstartBegin = "<!-- quickstart:begin -->"
	quickstartEnd   = "<!-- quickstart:end -->"
)

// TestReadmeQuickstart checks README.md's quickstart: its first command
// lints the sample package that ships in testdata/service, prints the
// block that follows and exits with status 3 (findings); its second is the
// test command that .ci/run runs.
func TestReadmeQuickstart(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok1 := strings.Cut(string(readme), quickstartBegin)
	section, _, ok2 := strings.Cut(section, quickstartEnd)
	if !ok1 || !ok2 {
		t.Fatalf("README.md lacks the markers %s and %s around its first two commands", quickstartBegin, quickstartEnd)
	}
	blocks := codeBlocks(section)
	if len(blocks) < 2 {
		t.Fatalf("README.md's quickstart holds %d code blocks, want 2: the commands, then the first one's output", len(blocks))
	}
	var cmds []string
	for _, l := range lines(blocks[0]) {
		l, _, _ = strings.Cut(l, "#")
		if l = strings.TrimSpace(l); l != "" {
			cmds = append(cmds, l)
		}
	}
	if len(cmds) != 2 {
		t.Fatalf("README.md's quickstart has %d commands, want 2:\n%s", len(cmds), blocks[0])
	}

	args, ok := strings.CutPrefix(cmds[0], "go run ./cmd/urilint ")
	if !ok {
		t.Fatalf("README.md's first command is %q, want go run ./cmd/urilint and its arguments", cmds[0])
	}
	out, code := run(t, root, command(t, "urilint"), strings.Fields(args)...)
	if code != 3 {
		t.Errorf("urilint %s exited %d, want 3\n%s", args, code, out)
	}
	checkFindings(t, "urilint "+args, out, blocks[1])

	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	for part := range strings.SplitSeq(cmds[1], "&&") {
		if part = strings.TrimSpace(part); !slices.Contains(lines(string(ci)), part) {
			t.Errorf("README.md's test command %q runs %q, which .ci/run does not run", cmds[1], part)
		}
	}
}

// codeBlocks returns the contents of the fenced code blocks of Markdown
// text md, in order.
func codeBlocks(md string) []string {
	var blocks []string
	var cur strings.Builder
	in := false
	for l := range strings.Lines(md) {
		if strings.HasPrefix(l, "```") {
			if in {
				blocks = append(blocks, cur.String())
				cur.Reset()
			}
			in = !in
			continue
		}
		if in {
			cur.WriteString(l)
		}
	}
	return blocks
}

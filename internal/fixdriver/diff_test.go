package fixdriver

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo returns a new git repository, or skips the test without git.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, nil, "init", "-q")
	return dir
}

// git runs git in dir with stdin and returns its output, failing the test
// when it fails.
func git(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s\ninput:\n%s", strings.Join(args, " "), err, out, stdin)
	}
	return string(out)
}

// TestRunDiff runs -fix -diff on a module in a git repository: the diff
// goes to stdout and git apply accepts it and makes what -fix makes, the
// findings without a fix go to stderr, and no file changes.
func TestRunDiff(t *testing.T) {
	dir := gitRepo(t)
	files := map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		"main.go":     "package m\n\nvar a, b = \"old\", \"keep\"\n\nvar c = `two\nlines`\n\nvar d = \"grow\"",
		"sub/sub.go":  "package sub\n\n// Many lines between the fixes.\n//\n//\n//\n//\n//\n//\n//\nvar a = \"old\"\n\n//\n//\n//\n//\n//\n//\n//\nvar b = \"old\"\n",
		"sub/fine.go": "package sub\n\nvar c = \"fine\"\n",
		// Reached through the link main_link.go: the diff must name it.
		"_real/linked.go": "package m\n\nvar e = \"old\"\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("_real/linked.go", filepath.Join(dir, "main_link.go")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	var stdout, stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-fix", "-diff", "./..."}, dir, &stdout, &stderr); got != 3 {
		t.Errorf("Run -fix -diff = %d, want 3 (a finding has no fix); stderr:\n%s", got, &stderr)
	}
	if want := "main.go:3:19: keep has no fix\n"; !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("Run -fix -diff printed on stderr:\n%s\nwant the line %q", &stderr, want)
	}
	for _, want := range []string{"--- a/main.go\n+++ b/main.go\n", "--- a/sub/sub.go\n+++ b/sub/sub.go\n", "--- a/_real/linked.go\n+++ b/_real/linked.go\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the diff lacks %q:\n%s", want, &stdout)
		}
	}
	for name, src := range files {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != src {
			t.Errorf("-diff changed %s", name)
		}
	}
	git(t, dir, stdout.Bytes(), "apply", "--check", "-")
	git(t, dir, stdout.Bytes(), "apply", "-")
	applied := make(map[string]string)
	for name := range files {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		applied[name] = string(got)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stderr.Reset()
	Run(quoted, Options{}, []string{"-fix", "./..."}, dir, &stdout, &stderr)
	for name := range files {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		if string(got) != applied[name] {
			t.Errorf("git apply of the diff made %s:\n%s\nbut -fix made:\n%s", name, applied[name], got)
		}
	}
	if !strings.Contains(applied["main.go"], "var c = \"one line\"\n\nvar d = `grown\ninto\nlines`") {
		t.Errorf("-fix made main.go:\n%s", applied["main.go"])
	}
}

// TestRunOnlyFiles checks that -only-files fixes and reports the named
// files alone, and exits 3 when it changed one.
func TestRunOnlyFiles(t *testing.T) {
	dir := module(t, "package m\n\nvar a = \"old\"\n", 0o644)
	other := "package m\n\nvar b, c = \"old\", \"keep\"\n"
	if err := os.WriteFile(filepath.Join(dir, "other.go"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-fix", "-only-files", "./...", "main.go"}, dir, io.Discard, &stderr); got != 3 {
		t.Errorf("Run -only-files with a file to fix = %d, want 3; stderr:\n%s", got, &stderr)
	}
	if got, want := stderr.String(), filepath.Join(dir, "main.go")+": fixed 1 finding(s)\n"; got != want {
		t.Errorf("Run -only-files printed:\n%s\nwant:\n%s", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != "package m\n\nvar a = \"new\"\n" {
		t.Errorf("Run -only-files left main.go as:\n%s", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "other.go")); string(got) != other {
		t.Errorf("Run -only-files changed other.go, which was not named:\n%s", got)
	}
	// Again: nothing left to fix in main.go, and other.go is not looked at.
	stderr.Reset()
	if got := Run(quoted, Options{}, []string{"-fix", "-only-files", "main.go"}, dir, io.Discard, &stderr); got != 0 || stderr.Len() != 0 {
		t.Errorf("Run -only-files on a fixed file = %d, want 0 and no output; stderr:\n%s", got, &stderr)
	}
	if got := Run(quoted, Options{}, []string{"-fix", "-only-files", "./..."}, dir, io.Discard, &stderr); got != 0 {
		t.Errorf("Run -only-files with no file = %d, want 0", got)
	}
}

package integration

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBroken checks that a module that does not type-check gets each
// error once and one line per package left unanalyzed, naming it.
func TestBroken(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	out, code := run(t, dir, command(t, "urilint"), "-tests", "./broken/...")
	if code != 1 {
		t.Errorf("urilint -tests ./broken/... exited %d, want 1\n%s", code, out)
	}
	if n := strings.Count(out, `cannot use "not a number"`); n != 1 {
		t.Errorf("the type error is printed %d times, want once:\n%s", n, out)
	}
	for _, pkg := range []string{"example.com/robust/broken", "example.com/robust/broken/user"} {
		if n := strings.Count(out, "package "+`"`+pkg+`" skipped`); n != 1 {
			t.Errorf("package %q is named %d times as skipped, want once:\n%s", pkg, n, out)
		}
	}
	if n := strings.Count(out, "skipped"); n != 2 {
		t.Errorf("%d lines say skipped, want 2:\n%s", n, out)
	}
}

// TestTestsFlag checks that test files are loaded only with -tests (or
// its deprecated alias -test): brokentest's error is in its test file.
func TestTestsFlag(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	if out, code := run(t, dir, command(t, "urilint"), "./brokentest"); code != 0 {
		t.Errorf("urilint ./brokentest exited %d, want 0 (test files not loaded)\n%s", code, out)
	}
	for _, flag := range []string{"-tests", "-test", "-test=true"} {
		out, code := run(t, dir, command(t, "urilint"), flag, "./brokentest")
		if code != 1 || !strings.Contains(out, "brokentest_test.go") {
			t.Errorf("urilint %s ./brokentest exited %d, want 1 and the test file's error\n%s", flag, code, out)
		}
	}
	if out, code := run(t, dir, command(t, "urilint"), "-tests", "-test=false", "./brokentest"); code != 0 {
		t.Errorf("urilint -tests -test=false ./brokentest exited %d, want 0 (the last flag wins)\n%s", code, out)
	}
}

// TestJSONOnce checks that -json prints a finding once, though the
// package and its test variant both report it.
func TestJSONOnce(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	cmd := exec.Command(command(t, "urilint"), "-tests", "-json", "./secret")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("urilint -tests -json ./secret: %v\n%s", err, stdout)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout, &tree); err != nil {
		t.Fatalf("urilint -json printed no JSON: %v\n%s", err, stdout)
	}
	var diags []struct{ Posn, Message string }
	n := 0
	for id, byName := range tree {
		var ds []struct{ Posn, Message string }
		if err := json.Unmarshal(byName["urilint"], &ds); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		diags = append(diags, ds...)
		n++
	}
	if len(diags) != 2 {
		t.Errorf("urilint -tests -json ./secret printed %d findings over %d packages, want 2 (scheme case, password):\n%s", len(diags), n, stdout)
	}
}

// TestRedacted checks that the password in a literal shows nowhere in
// the output: not in messages, fix messages (-json) or context lines (-c).
func TestRedacted(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	for _, args := range [][]string{{"-json"}, {"-c=1"}, {}, {"-fix", "-diff"}} {
		args = append(args, "./secret")
		out, _ := run(t, dir, command(t, "urilint"), args...)
		if !strings.Contains(out, "user:***@") {
			t.Errorf("urilint %s shows no redacted URI:\n%s", strings.Join(args, " "), out)
		}
		// -diff shows the source it changes: the password is in the file.
		if args[0] != "-fix" && strings.Contains(out, "s3cr3t") {
			t.Errorf("urilint %s shows the password:\n%s", strings.Join(args, " "), out)
		}
	}
}

// TestWriteError checks that a failed write exits 2 with a message.
func TestWriteError(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	dir, _ := scratch(t, "robust")
	for _, args := range [][]string{{"-json", "./secret"}, {"-fix", normFixes, "-diff", "./secret"}} {
		cmd := exec.Command(command(t, "urilint"), args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = full, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("urilint %s > /dev/full: %v, want exit status 2 and a message\n%s", strings.Join(args, " "), err, stderr.String())
		}
	}
}

// TestFixSettles checks that one -fix run leaves nothing to fix in a
// literal whose fixes raise new findings ("%41" in the host).
func TestFixSettles(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	if out, code := run(t, dir, command(t, "urilint"), "-fix", normFixes, "./settle"); code != 0 {
		t.Errorf("urilint -fix ./settle exited %d, want 0\n%s", code, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "settle", "settle.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `var Home = "http://example.com/a%20b/c"`; !strings.Contains(string(got), want) {
		t.Errorf("urilint -fix ./settle left:\n%s\nwant a line %s", got, want)
	}
	if out, code := run(t, dir, command(t, "urilint"), "./settle"); code != 0 {
		t.Errorf("urilint ./settle after one -fix exited %d, want 0\n%s", code, out)
	}
}

// TestVersion checks -V, -V=full (go vet's protocol; TestVet runs it
// through go vet) and uriextract -version.
func TestVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"urilint", []string{"-V"}, `^urilint version \S+ go\S+\n$`},
		{"urilint", []string{"-V=full"}, `^urilint version devel \S+ go\S+ buildID=[0-9a-f]{80}\n$`},
		{"uriextract", []string{"-version"}, `^uriextract version \S+ go\S+\n$`},
	}
	for _, tt := range tests {
		out, code := run(t, dir, command(t, tt.name), tt.args...)
		if code != 0 || !regexp.MustCompile(tt.want).MatchString(out) {
			t.Errorf("%s %s exited %d and printed %q, want 0 and %s", tt.name, strings.Join(tt.args, " "), code, out, tt.want)
		}
	}
}

// TestUnknownCategoryOnce checks that an unknown category is a usage
// error (exit 2, as in uriextract), printed once.
func TestUnknownCategoryOnce(t *testing.T) {
	t.Parallel()
	dir, _ := scratch(t, "robust")
	out, code := run(t, dir, command(t, "urilint"), "-tests", "-disable=nope", "./secret", "./settle")
	if code != 2 || strings.Count(out, `unknown category "nope"`) != 1 {
		t.Errorf("urilint -disable=nope exited %d, want 2 and the error once:\n%s", code, out)
	}
}

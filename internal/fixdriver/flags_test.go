package fixdriver

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagCombinations runs every combination of flags that urilint -h
// shows together; each must be accepted and do what it says.
func TestFlagCombinations(t *testing.T) {
	const src = "package m\n\nvar a, b = \"old\", \"keep\"\n"
	const fixed = "package m\n\nvar a, b = \"new\", \"keep\"\n"
	tests := []struct {
		args      []string
		status    int
		file      string // main.go after the run
		stdout    string // a part of standard output
		stderr    string // a part of standard error
		notStderr string
	}{
		{args: []string{"./..."}, status: 3, file: src, stderr: "main.go:3:12: old is old\n"},
		{args: []string{"-tags", "foo", "-fix", "./..."}, status: 3, file: fixed, stderr: "main.go:3:19: keep has no fix\n", notStderr: "old is old"},
		{args: []string{"-fix", "-json", "./..."}, status: 0, file: fixed, stdout: `"message": "keep has no fix"`},
		{args: []string{"-fix", "-c=1", "./..."}, status: 3, file: fixed, stderr: "main.go:3:19: keep has no fix\n2\t\n3\tvar a, b = \"new\", \"keep\"\n"},
		{args: []string{"-fix", "-diff", "./..."}, status: 3, file: src, stdout: "+var a, b = \"new\", \"keep\"\n", stderr: "main.go:3:19: keep has no fix\n"},
		{args: []string{"-json", "-c=2", "./..."}, status: 0, file: src, stdout: `"message": "old is old"`},
		{args: []string{"-fix", "-test", "./..."}, status: 3, file: fixed},
		{args: []string{"-fix", "-test=false", "-tests=true", "./..."}, status: 3, file: fixed},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			dir := module(t, src, 0o644)
			var stdout, stderr bytes.Buffer
			if got := Run(quoted, Options{}, tt.args, dir, &stdout, &stderr); got != tt.status {
				t.Errorf("exit status %d, want %d; stderr:\n%s", got, tt.status, &stderr)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != tt.file {
				t.Errorf("main.go is\n%s\nwant\n%s", got, tt.file)
			}
			if !strings.Contains(stdout.String(), tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, &stdout)
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, &stderr)
			}
			if tt.notStderr != "" && strings.Contains(stderr.String(), tt.notStderr) {
				t.Errorf("stderr has %q, a finding that is gone:\n%s", tt.notStderr, &stderr)
			}
			if strings.Contains(stdout.String(), `"message"`) {
				var v any
				if err := json.Unmarshal(stdout.Bytes(), &v); err != nil {
					t.Errorf("-json printed what is not JSON: %v\n%s", err, &stdout)
				}
			}
		})
	}
	// Reset the analyzer's flags the runs set.
	_ = quoted.Flags.Set("tests", "false")
}

// TestUsage: a bad flag prints the usage and exits 2, never a panic; -h
// prints it on standard output and exits 0; -V and -version print the
// version.
func TestUsage(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"-nosuchflag", "./..."}, 2, "", "flag provided but not defined: -nosuchflag\nusage: quoted [flags] packages"},
		{[]string{"-c=x", "./..."}, 2, "", "invalid value \"x\" for flag -c"},
		{[]string{"-h"}, 0, "usage: quoted [flags] packages", ""},
		{[]string{"-help"}, 0, "-only-files", ""},
		{[]string{"-V"}, 0, "quoted version ", ""},
		{[]string{"-version"}, 0, "quoted version ", ""},
		{[]string{"-V=full"}, 0, "buildID=", ""},
		{[]string{"-V=wrong"}, 2, "", "want -V, -V=full or -V=false"},
		{[]string{"-diff", "./..."}, 2, "", "-diff needs -fix"},
		{[]string{"-fix", "-diff", "-json", "./..."}, 2, "", "use one"},
		{[]string{}, 2, "", "no packages named"},
		{[]string{"help"}, 0, "quoted: test analyzer", ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		got := Run(quoted, Options{}, tt.args, t.TempDir(), &stdout, &stderr)
		if got != tt.status || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("Run %q = %d, want %d\nstdout:\n%s\nstderr:\n%s\nwant stdout with %q, stderr with %q", tt.args, got, tt.status, &stdout, &stderr, tt.stdout, tt.stderr)
		}
		if strings.Contains(stderr.String(), "panic") {
			t.Errorf("Run %q printed a panic:\n%s", tt.args, &stderr)
		}
	}
}

// TestTestsFromConfig: the test packages are loaded when the -tests flag
// says so, or else when the configuration file's go.tests does; a -tests
// flag set to false wins over the file, and a bad file is a usage error.
func TestTestsFromConfig(t *testing.T) {
	const src = "package m\n\nvar t = \"old\"\n"
	dir := module(t, "package m\n", 0o644)
	if err := os.WriteFile(filepath.Join(dir, "m_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err) // the top of the repository: look no higher
	}
	defer func() { _ = quoted.Flags.Set("tests", "false") }()
	conf := filepath.Join(dir, ".urilint.yaml")
	for _, tt := range []struct {
		file   string // .urilint.yaml; "" for none
		args   []string
		status int
		stderr string
	}{
		{"", []string{"./..."}, 0, ""},
		{"", []string{"-tests", "./..."}, 3, "m_test.go:3:9: old is old"},
		{"version: 1\ngo:\n  tests: true\n", []string{"./..."}, 3, "m_test.go:3:9: old is old"},
		{"version: 1\ngo:\n  tests: true\n", []string{"-tests=false", "./..."}, 0, ""},
		{"version: 1\ngo:\n  tests: yes\n", []string{"./..."}, 2, `.urilint.yaml:3: go.tests: "yes" is not true or false`},
	} {
		_ = quoted.Flags.Set("tests", "false")
		_ = os.Remove(conf)
		if tt.file != "" {
			if err := os.WriteFile(conf, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var stderr bytes.Buffer
		got := Run(quoted, Options{}, tt.args, dir, io.Discard, &stderr)
		if got != tt.status || !strings.Contains(stderr.String(), tt.stderr) || tt.stderr == "" && stderr.Len() > 0 {
			t.Errorf("with %q, %q = %d, want %d; stderr:\n%s\nwant %q", tt.file, tt.args, got, tt.status, &stderr, tt.stderr)
		}
	}
}

// TestFixInTestFile: the driver makes the fixes the analyzer offers, in
// test files too (which fixes to offer there is the analyzer's choice).
func TestFixInTestFile(t *testing.T) {
	const src = "package m\n\nvar t = \"old\"\n"
	dir := module(t, "package m\n", 0o644)
	test := filepath.Join(dir, "m_test.go")
	if err := os.WriteFile(test, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = quoted.Flags.Set("tests", "false") }()
	var stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-tests", "-fix", "./..."}, dir, io.Discard, &stderr); got != 0 {
		t.Errorf("-tests -fix = %d, want 0; stderr:\n%s", got, &stderr)
	}
	if got, _ := os.ReadFile(test); string(got) != "package m\n\nvar t = \"new\"\n" {
		t.Errorf("-tests -fix left the test file as\n%s", got)
	}
}

// TestFixChangedFile: a file edited while urilint runs is left as the
// user made it, named, and the exit status is 2.
func TestFixChangedFile(t *testing.T) {
	dir := module(t, "package m\n\nvar a = \"touch\"\n", 0o644)
	var stderr bytes.Buffer
	if got := Run(quoted, Options{}, []string{"-fix", "./..."}, dir, io.Discard, &stderr); got != 2 {
		t.Errorf("-fix of a file changed meanwhile = %d, want 2; stderr:\n%s", got, &stderr)
	}
	if want := "main.go\" changed since it was read: not written"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, &stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != "package m\n\nvar a = \"touch\"\n// typed meanwhile\n" {
		t.Errorf("main.go is\n%s\nwant the user's edit kept", got)
	}
}

// TestFixReportsNewPositions: what is left after -fix is printed where it
// is in the fixed file, not where it was.
func TestFixReportsNewPositions(t *testing.T) {
	dir := module(t, "package m\n\nvar d = \"grow\"\n\nvar k = \"keep\"\n", 0o644)
	for _, args := range [][]string{{"-fix", "./..."}, {"-fix", "-diff", "./..."}} {
		var stderr bytes.Buffer
		if got := Run(quoted, Options{}, args, dir, io.Discard, &stderr); got != 3 {
			t.Errorf("%q = %d, want 3", args, got)
		}
		if got, want := stderr.String(), filepath.Join(dir, "main.go")+":7:9: keep has no fix\n"; got != want {
			t.Errorf("%q printed:\n%s\nwant:\n%s", args, got, want)
		}
		if args[1] == "-diff" {
			break
		}
		// Put the file back for -diff, which reports as if applied.
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package m\n\nvar d = \"grow\"\n\nvar k = \"keep\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWalkSkipsFIFO checks that a named pipe met in a walk, directly or
// through a symbolic link, is skipped with a message instead of blocking
// the walk, and that the exit status does not change for it.
func TestWalkSkipsFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Symlink("pipe.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "readme.md"), []byte("<https://example.com/>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{dir}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("uriextract DIR: exit %d, want 0", code)
	}
	want := "uriextract: " + filepath.Join(dir, "link.md") + ": is not a regular file (a named pipe): skipped\n" +
		"uriextract: " + filepath.Join(dir, "pipe.md") + ": is not a regular file (a named pipe): skipped\n"
	if stderr.String() != want {
		t.Errorf("uriextract DIR: stderr:\n%s\nwant:\n%s", &stderr, want)
	}
	if stdout.String() != "https://example.com/\n" {
		t.Errorf("uriextract DIR: stdout:\n%s", &stdout)
	}
}

// TestFlushPerFile checks that a file's output is written before the next
// input is read: here the next input is a pipe whose writer waits for that
// output before it closes the pipe. Were the output held back, the test
// would never end.
func TestFlushPerFile(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.txt")
	if err := os.WriteFile(first, []byte("http://example.com/first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	go func() {
		// Wait for the first file's line, then send the second input.
		line := make([]byte, len("http://example.com/first\n"))
		_, _ = outR.Read(line)
		_, _ = pw.WriteString("http://example.com/second\n")
		pw.Close()
	}()
	var stderr bytes.Buffer
	code := run([]string{first, "-"}, pr, outW, &stderr)
	outW.Close()
	if code != exitOK {
		t.Errorf("uriextract first.txt - : exit %d, stderr:\n%s", code, &stderr)
	}
}

// TestSpecialFilesNotOpened (issue 25): a named pipe that a link's
// fragment leads to, a hugo.toml that is a named pipe and a .urilint.yaml
// that is one are never waited on: the configurations are errors (exit
// 2), the link target has no anchors to read.
func TestSpecialFilesNotOpened(t *testing.T) {
	for _, tt := range []struct {
		name, pipe string
		code       int
		stderr     string
	}{
		{"link target", "pipe.md", exitFindings, ""},
		{"hugo.toml", "hugo.toml", exitError, "uriextract: hugo.toml: is not a regular file: not read"},
		{".urilint.yaml", ".urilint.yaml", exitError, ".urilint.yaml:1: is not a regular file (a named pipe): not read"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, ".git", "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, tt.pipe), 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			for name, data := range map[string]string{"content/a.md": "[p](../pipe.md#x) [q](gone.md)\n", "layouts/x": ""} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			done := make(chan int, 1)
			var stdout, stderr bytes.Buffer
			go func() { done <- run([]string{"-check", "content"}, strings.NewReader(""), &stdout, &stderr) }()
			select {
			case code := <-done:
				if code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
					t.Errorf("uriextract -check content: exit %d, stderr:\n%s\nwant exit %d and %q", code, &stderr, tt.code, tt.stderr)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("uriextract -check waits on the named pipe %s", tt.pipe)
			}
		})
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeviceStdin checks that with no argument a character device on
// standard input (a terminal, here /dev/zero, which would never end)
// gets the usage, and /dev/null is read as the empty input it is.
func TestDeviceStdin(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip("no /dev/zero here")
	}
	defer zero.Close()
	var stdout, stderr bytes.Buffer
	if code := run(nil, zero, &stdout, &stderr); code != exitError || !strings.HasPrefix(stderr.String(), "usage: uriextract") {
		t.Errorf("uriextract with a device on stdin: exit %d, stderr:\n%s", code, &stderr)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	stderr.Reset()
	if code := run(nil, null, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Errorf("uriextract < /dev/null: exit %d, stderr:\n%s", code, &stderr)
	}
}

// TestCostlyMarkdown checks that a Markdown file that would make the
// parser slow is read as plain text, with a warning naming it, and that
// the exit status does not change for it.
func TestCostlyMarkdown(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "costly.md")
	src := "<https://example.com/a>\n" + strings.Repeat("[a](", 64<<10) + "\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{name}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("uriextract costly.md: exit %d, want 0", code)
	}
	want := "uriextract: " + name + ": markdown too costly to parse: link destinations that never end: read as plain text\n"
	if stderr.String() != want {
		t.Errorf("uriextract costly.md: stderr:\n%s\nwant:\n%s", &stderr, want)
	}
	if stdout.String() != "https://example.com/a\n" {
		t.Errorf("uriextract costly.md: stdout:\n%s", &stdout)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMarkdownMaxSetting: documents.markdown-max in .urilint.yaml caps
// the Markdown documents parsed, in MiB: a larger one is read as plain
// text, a degraded finding that names the cap, and its relative links
// go unchecked; without the key the default cap (16 MiB) parses it.
func TestMarkdownMaxSetting(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var doc strings.Builder
	doc.WriteString("# Title\n\n")
	for doc.Len() < 3<<19 { // 1.5 MiB
		doc.WriteString("Some prose with [a broken link](missing.md) and more words of prose.\n\n")
	}
	for name, src := range map[string]string{".git/HEAD": "ref: refs/heads/main\n", "doc.md": doc.String()} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func() string {
		var stdout, stderr bytes.Buffer
		run([]string{"-check", "-output", "json", "doc.md"}, nil, &stdout, &stderr)
		return stdout.String()
	}
	if out := check(); strings.Contains(out, `"degraded"`) || !strings.Contains(out, `"broken-file"`) {
		t.Fatalf("no setting: want the document parsed, its broken links found; got %.300s", out)
	}
	if err := os.WriteFile(".urilint.yaml", []byte("version: 1\ndocuments:\n  markdown-max: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := check()
	if !strings.Contains(out, `"degraded","message":"markdown too costly to parse: larger than 1 MiB`) || strings.Contains(out, `"broken-file"`) {
		t.Fatalf("markdown-max: 1: want a degraded finding naming 1 MiB and no broken links; got %.300s", out)
	}
}

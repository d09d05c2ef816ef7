//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileNames are file names a pull request can commit: one that would
// put a forged annotation into a GitHub Actions log if printed raw, and
// ones with terminal escape sequences (ESC and the C1 CSI).
var hostileNames = []string{
	"b\n::error file=README.md,line=1::FORGED",
	"b\n::error file=README.md,line=1::FORGED.md",
	"c\x1b[2J\x1b[31mred.md",
	"d\r\u009b2Jcsi.md",
}

// annotationRE is the one line that may start with "::": a finding as
// -output github writes it.
var annotationRE = regexp.MustCompile(`^::error file=[^:]*,line=[0-9]+,col=[0-9]+,title=urilint [a-z0-9-]+::[^\r]*$`)

// TestOutputsArePrintable: with dangling symbolic links and documents
// named to forge a workflow command or to drive a terminal, linked from a
// document by their names, no line of any output format, of the listing
// or of standard error starts with "::" but the tool's own annotations,
// and none holds a control character other than the newline that ends
// it (no ESC, no CR, no C1 control).
func TestOutputsArePrintable(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o777); err != nil {
		t.Fatal(err)
	}
	var doc strings.Builder
	doc.WriteString("# Title\n\n")
	for i, name := range hostileNames {
		if err := os.Symlink("nowhere", filepath.Join(dir, name)); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		// The link text and the destination carry the name too, raw and
		// percent-encoded.
		doc.WriteString("[" + name + "](<" + name + ">) [x" + string(rune('0'+i)) + "](" + pathEscape(name) + ")\n\n")
	}
	doc.WriteString("<https://example.com/\x1b[2J>\n")
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(doc.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	runs := [][]string{{"."}, {"-json", "."}}
	for _, format := range []string{"text", "json", "github", "markdown", "sarif"} {
		runs = append(runs, []string{"-check", "-output", format, "."})
	}
	for _, args := range runs {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code == exitOK {
			t.Errorf("uriextract %q: exit 0, want findings or errors", args)
		}
		if !strings.Contains(stdout.String()+stderr.String(), `\x1b`) {
			t.Errorf("uriextract %q: the escaped ESC shows nowhere:\nstdout:\n%s\nstderr:\n%s", args, &stdout, &stderr)
		}
		for stream, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
			for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") && !annotationRE.MatchString(line) {
					t.Errorf("uriextract %q: %s line %d starts a workflow command: %q", args, stream, i+1, line)
				}
				if bad := controlIn(line); bad >= 0 {
					t.Errorf("uriextract %q: %s line %d holds control character %U: %q", args, stream, i+1, bad, line)
				}
			}
		}
	}
}

// controlIn returns the first control character of s (C0 but tab, DEL,
// C1), or -1.
func controlIn(s string) rune {
	for _, r := range s {
		if (r < 0x20 && r != '\t') || r == 0x7f || (0x80 <= r && r < 0xa0) {
			return r
		}
	}
	if !utf8.ValidString(s) {
		return utf8.RuneError
	}
	return -1
}

// pathEscape percent-encodes every byte of s that is not unreserved.
func pathEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&0xf])
	}
	return b.String()
}

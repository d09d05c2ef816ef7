package audit

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/safewrite"
)

// auditFile writes src to a file of a new directory and audits it, with
// the normalization categories on (off by default in documents).
func auditFile(t testing.TB, name, src string) (*Result, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Run(Config{Root: dir, Enable: normalizing}, []string{path}), path
}

// normalizing enables the normalization categories, whose fixes the
// tests of -fix make.
var normalizing = []string{"scheme-case", "host-case", "percent-unreserved"}

// TestFixesDiffWrite: the fixes of a document, shown as a diff that git
// apply takes, make what Write writes.
func TestFixesDiffWrite(t *testing.T) {
	const src = "# Links\n\nSee <HTTP://Example.COM/a> and\n<https://example.com/%7euser>.\n\n" +
		"1\n2\n3\n4\n5\n6\n7\n8\n\nAnd <HTTPS://example.com/b>.\n"
	const want = "# Links\n\nSee <http://example.com/a> and\n<https://example.com/~user>.\n\n" +
		"1\n2\n3\n4\n5\n6\n7\n8\n\nAnd <https://example.com/b>.\n"
	dir := t.TempDir()
	t.Chdir(dir) // the diff names the file as given: relative
	path := "doc.md"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Run(Config{Root: dir, Enable: normalizing}, []string{path})
	fixes, fixed := r.fileFixes()
	if len(fixes) != 1 || string(fixes[0].New) != want {
		t.Fatalf("Fixes() = %d files; want one, fixed to:\n%s", len(fixes), want)
	}
	if len(fixed) != len(r.Findings) {
		t.Errorf("Fixes() fixed %d of %d findings", len(fixed), len(r.Findings))
	}
	d := fixes[0].Diff()
	if n := strings.Count(d, "\n@@ "); n != 2 || !strings.HasPrefix(d, "--- a/doc.md\n+++ b/doc.md\n") {
		t.Errorf("the diff is not of doc.md in 2 hunks (the changes are far apart):\n%s", d)
	}
	if git, err := exec.LookPath("git"); err == nil {
		cmd := exec.Command(git, "apply", "-")
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git apply: %v\n%s\n%s", err, out, d)
		} else if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("git apply made:\n%s\nwant:\n%s", got, want)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := fixes[0].Write(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Errorf("Write made:\n%s\nwant:\n%s", got, want)
	}
	// Checked again, the file has nothing left to fix.
	again := Run(Config{Root: dir, Enable: normalizing}, []string{path})
	if len(again.Findings) != 0 {
		t.Errorf("after the fix, the audit finds %v", again.Findings)
	}
}

// TestWriteChanged: a document edited after it was read is left alone.
func TestWriteChanged(t *testing.T) {
	r, path := auditFile(t, "doc.md", "<HTTP://example.com/>\n")
	fixes, _ := r.fileFixes()
	if len(fixes) != 1 {
		t.Fatalf("Fixes() = %d files, want 1", len(fixes))
	}
	const edited = "<HTTP://example.com/>\na line typed meanwhile\n"
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := fixes[0].Write(); !errors.Is(err, safewrite.ErrChanged) {
		t.Errorf("Write of a changed file = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != edited {
		t.Errorf("Write of a changed file left:\n%s", got)
	}
}

// BenchmarkFixes is at 3k and 30k fixable links in one file: the time
// must grow about 10x (at most 12x), not 100x (issue 19, item 6).
func BenchmarkFixes(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var src strings.Builder
			for i := range n {
				fmt.Fprintf(&src, "- <HTTP://example.com/%d>\n", i)
			}
			r, _ := auditFile(b, "doc.md", src.String())
			if len(r.Findings) != n {
				b.Fatalf("%d findings, want %d", len(r.Findings), n)
			}
			b.ReportAllocs()
			for b.Loop() {
				if fixes, fixed := r.fileFixes(); len(fixes) != 1 || len(fixed) != n {
					b.Fatalf("Fixes() = %d files, %d fixed", len(fixes), len(fixed))
				}
			}
		})
	}
}

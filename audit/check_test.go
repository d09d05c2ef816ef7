package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckOneRunManyOutputs: one Check writes every reporter from the
// same findings, streamed or after the fixes; -diff's mode counts what
// its fixes settle, and FixFiles reports what is left in the fixed file.
func TestCheckOneRunManyOutputs(t *testing.T) {
	const src = "# Links\n\nSee <HTTP://Example.COM/a>, [gone](gone.md) and\n<https://example.com/%7euser>.\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.md")
	write := func() {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []FixMode{NoFix, FixDiff, FixFiles} {
		write()
		var text, js, gh, diff bytes.Buffer
		reps := []Reporter{&lineReporter{w: &text}, &lineReporter{w: &js}, &lineReporter{w: &gh}}
		r, err := Check(Config{Root: dir, Policy: normalizing(t)}, []string{path}, mode, &diff, reps)
		if err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		// scheme-case, host-case, percent-unreserved and broken-file;
		// after the fixes only broken-file.
		want := 4
		if mode == FixFiles {
			want = 1
		}
		for name, out := range map[string]string{"text": text.String(), "json": js.String(), "github": gh.String()} {
			if n := strings.Count(out, "\n"); n != want || r.Count() != want {
				t.Errorf("mode %d: %s has %d findings, the result %d; want %d:\n%s", mode, name, n, r.Count(), want, out)
			}
		}
		switch mode {
		case FixDiff:
			if r.Fixed != 3 || !strings.Contains(diff.String(), "+See <http://example.com/a>") {
				t.Errorf("FixDiff: %d fixed, diff:\n%s\nwant 3 and the fixed line", r.Fixed, &diff)
			}
		case FixFiles:
			got, _ := os.ReadFile(path)
			if r.Fixed != 3 || !strings.Contains(string(got), "<http://example.com/a>") {
				t.Errorf("FixFiles: %d fixed, file:\n%s", r.Fixed, got)
			}
		}
	}
}

// lineReporter writes one line per finding, and its count at Close.
type lineReporter struct {
	w      *bytes.Buffer
	closed *Result
}

func (l *lineReporter) Findings(f *File, findings []Finding) error {
	for _, fd := range findings {
		fmt.Fprintf(l.w, "%s:%d: %s\n", f.Name, fd.Pos.Line, fd.Message)
	}
	return nil
}

func (l *lineReporter) Close(r *Result) error {
	l.closed = r
	return nil
}

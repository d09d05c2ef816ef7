package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
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
		r, err := Check(Config{Root: dir, Enable: normalizing}, []string{path}, mode, &diff, reps)
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

// TestUnknownCategory: a category name the table does not have is an
// error of Check, List and Run, before anything is read.
func TestUnknownCategory(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Root: dir, Disable: []string{"no-such-category"}}
	if _, err := Check(cfg, []string{dir}, NoFix, nil, nil); err == nil || !strings.Contains(err.Error(), `"no-such-category"`) {
		t.Errorf("Check: %v, want the unknown category named", err)
	}
	if err := List(cfg, []string{dir}, func(*File, []extract.Link, []error, []string) error { return nil }); err == nil {
		t.Errorf("List: no error, want the unknown category")
	}
	if r := Run(cfg, []string{dir}); len(r.Errors) != 1 || len(r.Files) != 0 {
		t.Errorf("Run: errors %v, %d files read; want the one error and none read", r.Errors, len(r.Files))
	}
}

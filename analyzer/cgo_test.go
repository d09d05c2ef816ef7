package analyzer_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/analyzer"
)

// TestCgoFiles: a file that cmd/cgo rewrote from a user's file is not
// generated (only a "Code generated ... DO NOT EDIT." line of the user's
// own makes it so), its findings are at the user's file, and their fixes
// edit the user's file, byte for byte where cgo's output has the literal,
// never cgo's output. testdata/src/cgo holds files shaped like cgo's
// output (header, line directives), each leading back to a .go.in file.
func TestCgoFiles(t *testing.T) {
	testdata := analysistest.TestData()
	a, err := analyzer.New(analyzer.Settings{Fixes: normalization()})
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, testdata, a, "cgo")
	user := filepath.Join(testdata, "src", "cgo", "user.go.in")
	src, err := os.ReadFile(user)
	if err != nil {
		t.Fatal(err)
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	for _, r := range results {
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(posn.Filename) == "gen.go.in" {
				if len(d.SuggestedFixes) != 0 {
					t.Errorf("%s: a fix in a generated file", posn)
				}
				continue
			}
			if len(d.SuggestedFixes) != 1 {
				t.Errorf("%s: %q has %d fixes, want 1", posn, d.Message, len(d.SuggestedFixes))
				continue
			}
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := r.Pass.Fset.File(te.Pos)
				if tf.Name() != user {
					t.Errorf("%s: the fix edits %s, want %s", posn, tf.Name(), user)
					continue
				}
				edits = append(edits, edit{tf.Offset(te.Pos), tf.Offset(te.End), string(te.NewText)})
			}
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return b.start - a.start })
	got := string(src)
	for _, e := range edits {
		got = got[:e.start] + e.text + got[e.end:]
	}
	want := strings.NewReplacer(`"HTTPS://example.com/"`, `"https://example.com/"`, `"https://Example.COM/b"`, `"https://example.com/b"`).Replace(string(src))
	if got != want {
		t.Errorf("the fixes make user.go.in\n%s\nwant\n%s", got, want)
	}
}

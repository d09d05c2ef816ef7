package edit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// unifiedTests give a file, edits, and the diff (labels a/f and b/f).
var unifiedTests = []struct {
	name  string
	src   string
	edits []Edit
	want  string
}{
	{
		name:  "one line, context cut at the start",
		src:   "a\nb\nc\nd\ne\n",
		edits: []Edit{{2, 3, "B"}},
		want:  "--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n",
	},
	{
		name:  "two edits on one line make one change",
		src:   "x := \"a\" + \"b\"\n",
		edits: []Edit{{11, 14, `"B"`}, {5, 8, `"A"`}},
		want:  "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-x := \"a\" + \"b\"\n+x := \"A\" + \"B\"\n",
	},
	{
		name:  "far apart: two hunks, the second shifted",
		src:   "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
		edits: []Edit{{0, 2, "one\nuno\n"}, {21, 24, ""}},
		want:  "--- a/f\n+++ b/f\n@@ -1,4 +1,5 @@\n-1\n+one\n+uno\n 2\n 3\n 4\n@@ -8,5 +9,4 @@\n 8\n 9\n 10\n-11\n 12\n",
	},
	{
		name:  "six lines apart: one hunk",
		src:   "1\n2\n3\n4\n5\n6\n7\n8\n",
		edits: []Edit{{0, 1, "x"}, {14, 15, "y"}},
		want:  "--- a/f\n+++ b/f\n@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n",
	},
	{
		name:  "last line without a newline",
		src:   "a\nb",
		edits: []Edit{{2, 3, "c"}},
		want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
	},
	{
		name:  "appended to a last line without a newline",
		src:   "a\nb",
		edits: []Edit{{3, 3, "c\n"}},
		want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+bc\n",
	},
	{
		name:  "appended after the last newline",
		src:   "a\n",
		edits: []Edit{{2, 2, "b\n"}},
		want:  "--- a/f\n+++ b/f\n@@ -1,1 +1,2 @@\n a\n+b\n",
	},
	{
		name:  "an empty file",
		src:   "",
		edits: []Edit{{0, 0, "a\n"}},
		want:  "--- a/f\n+++ b/f\n@@ -0,0 +1,1 @@\n+a\n",
	},
	{
		name:  "lines removed whole",
		src:   "a\nb\nc\n",
		edits: []Edit{{2, 6, ""}},
		want:  "--- a/f\n+++ b/f\n@@ -1,3 +1,1 @@\n a\n-b\n-c\n",
	},
	{
		name:  "a newline removed joins two lines",
		src:   "a\nb\nc\n",
		edits: []Edit{{1, 2, ""}},
		want:  "--- a/f\n+++ b/f\n@@ -1,3 +1,2 @@\n-a\n-b\n+ab\n c\n",
	},
	{
		name:  "the last newline removed",
		src:   "a\nb\n",
		edits: []Edit{{3, 4, ""}},
		want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n",
	},
	{
		name:  "an edit that changes nothing",
		src:   "a\n",
		edits: []Edit{{0, 1, "a"}},
		want:  "",
	},
}

func TestUnified(t *testing.T) {
	for _, tt := range unifiedTests {
		got, err := Unified("a/f", "b/f", []byte(tt.src), tt.edits)
		if err != nil || got != tt.want {
			t.Errorf("%s: Unified(%q, %v) =\n%s%v\nwant:\n%s", tt.name, tt.src, tt.edits, got, err, tt.want)
		}
	}
	if _, err := Unified("a/f", "b/f", []byte("ab"), []Edit{{0, 2, ""}, {1, 1, "x"}}); err == nil {
		t.Error("Unified took overlapping edits")
	}
}

// randomCase returns a text of short lines, perhaps without a final
// newline, and valid edits of it.
func randomCase(r *rand.Rand) (string, []Edit) {
	var b strings.Builder
	for n := r.IntN(30); n > 0; n-- {
		b.WriteString("abcdefgh"[:r.IntN(4)])
		b.WriteByte('\n')
	}
	if r.IntN(3) == 0 {
		b.WriteString("end")
	}
	src := b.String()
	var es []Edit
	for at := 0; at <= len(src); {
		start := at + r.IntN(len(src)/3+2)
		if start > len(src) {
			break
		}
		end := min(start+r.IntN(6), len(src))
		es = append(es, Edit{start, end, []string{"", "X", "Y\n", "\nZ\n", "new\nlines"}[r.IntN(5)]})
		at = end + 1
	}
	return src, es
}

// TestUnifiedGitApply checks the diffs of the table and of random edits
// with git apply and patch: they must accept them and make of each file
// what Apply makes.
func TestUnifiedGitApply(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type tcase struct {
		src   string
		edits []Edit
	}
	var cases []tcase
	for _, tt := range unifiedTests {
		cases = append(cases, tcase{tt.src, tt.edits})
	}
	for range 200 {
		src, es := randomCase(r)
		cases = append(cases, tcase{src, es})
	}
	for _, tool := range [][]string{{"git", "apply", "-"}, {"patch", "-s", "-p1"}} {
		t.Run(tool[0], func(t *testing.T) {
			if _, err := exec.LookPath(tool[0]); err != nil {
				t.Skipf("%s is not installed", tool[0])
			}
			dir := t.TempDir()
			var patch bytes.Buffer
			want := make(map[string]string)
			for i, c := range cases {
				name := fmt.Sprintf("f%d.go", i)
				if err := os.WriteFile(filepath.Join(dir, name), []byte(c.src), 0o644); err != nil {
					t.Fatal(err)
				}
				w, err := Apply(c.src, c.edits)
				if err != nil {
					t.Fatal(err)
				}
				want[name] = w
				d, err := Unified("a/"+name, "b/"+name, []byte(c.src), c.edits)
				if err != nil {
					t.Fatal(err)
				}
				patch.WriteString(d)
			}
			cmd := exec.Command(tool[0], tool[1:]...)
			cmd.Dir, cmd.Stdin = dir, &patch
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(tool, " "), err, out)
			}
			for name, w := range want {
				got, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != w {
					t.Errorf("%s made %s:\n%q\nwant:\n%q", tool[0], name, got, w)
				}
			}
		})
	}
}

// FuzzUnified checks, for any text and edits made valid, that the diff
// applied by a strict reader of unified diffs makes what Apply makes.
func FuzzUnified(f *testing.F) {
	for _, tt := range unifiedTests {
		var enc []byte
		for _, e := range tt.edits {
			enc = append(enc, byte(e.Start), byte(e.End-e.Start), byte(len(e.New)))
			enc = append(enc, e.New...)
		}
		f.Add(tt.src, enc)
	}
	f.Fuzz(func(t *testing.T, src string, enc []byte) {
		// enc holds, per edit: the gap from the previous edit's end, the
		// length, and the length of the new text, then the text.
		var es []Edit
		at := 0
		for len(enc) >= 3 {
			start := at + int(enc[0])
			end := start + int(enc[1])
			n := min(int(enc[2]), len(enc)-3)
			text := string(enc[3 : 3+n])
			enc = enc[3+n:]
			if end > len(src) || len(es) > 0 && start == es[len(es)-1].Start {
				break
			}
			es = append(es, Edit{start, end, text})
			at = end
		}
		want, err := Apply(src, es)
		if err != nil {
			t.Fatalf("Apply(%q, %v): %v", src, es, err)
		}
		d, err := Unified("a/f", "b/f", []byte(src), es)
		if err != nil {
			t.Fatal(err)
		}
		got, err := patch(src, d)
		if err != nil {
			t.Fatalf("reading the diff of %q, %v: %v\n%s", src, es, err, d)
		}
		if got != want {
			t.Fatalf("the diff of %q, %v makes %q, want %q\n%s", src, es, got, want, d)
		}
	})
}

// patch applies the unified diff d to src, strictly: every context and
// removed line must match, the counts of each hunk header must be right,
// and the new side's start must follow from the hunks before it.
func patch(src, d string) (string, error) {
	if d == "" {
		return src, nil
	}
	old := strings.SplitAfter(src, "\n")
	if old[len(old)-1] == "" {
		old = old[:len(old)-1]
	}
	lines := strings.SplitAfter(d, "\n")
	if len(lines) < 3 || lines[0] != "--- a/f\n" || lines[1] != "+++ b/f\n" {
		return "", fmt.Errorf("bad file header")
	}
	lines = lines[2 : len(lines)-1] // the last is "" after the final newline
	var out []string
	at, shift := 0, 0 // the next old line; new minus old line numbers
	for len(lines) > 0 {
		var os, oc, ns, nc int
		h := lines[0]
		if _, err := fmt.Sscanf(h, "@@ -%d,%d +%d,%d @@\n", &os, &oc, &ns, &nc); err != nil {
			return "", fmt.Errorf("bad hunk header %q", h)
		}
		from := os - 1
		if oc == 0 {
			from = os
		}
		wantNew := from + shift + 1
		if nc == 0 {
			wantNew--
		}
		if from < at || ns != wantNew {
			return "", fmt.Errorf("hunk header %q out of place (old at %d, shift %d)", h, at, shift)
		}
		out = append(out, old[at:from]...)
		at = from
		lines = lines[1:]
		gotOld, gotNew := 0, 0
		for len(lines) > 0 && !strings.HasPrefix(lines[0], "@@") {
			l := lines[0]
			lines = lines[1:]
			text := l[1:]
			if len(lines) > 0 && lines[0] == "\\ No newline at end of file\n" {
				text = strings.TrimSuffix(text, "\n")
				lines = lines[1:]
			}
			switch l[0] {
			case ' ', '-':
				if at >= len(old) || old[at] != text {
					return "", fmt.Errorf("line %d is %q, the diff says %q", at+1, strconv.Quote(strings.Join(old[at:min(at+1, len(old))], "")), text)
				}
				at++
				gotOld++
				if l[0] == ' ' {
					out = append(out, text)
					gotNew++
				}
			case '+':
				out = append(out, text)
				gotNew++
			default:
				return "", fmt.Errorf("bad line %q", l)
			}
		}
		if gotOld != oc || gotNew != nc {
			return "", fmt.Errorf("hunk %q has %d old and %d new lines", h, gotOld, gotNew)
		}
		shift += nc - oc
	}
	out = append(out, old[at:]...)
	return strings.Join(out, ""), nil
}

func BenchmarkApply(b *testing.B) {
	src, es := bigCase(3000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Apply(src, es); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyNothing(b *testing.B) {
	src, _ := bigCase(3000)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Apply(src, nil)
	}
}

func BenchmarkUnified(b *testing.B) {
	src, es := bigCase(3000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Unified("a/f", "b/f", src, es); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSelect is at two sizes 10x apart: the time must grow about
// 10x, not 100x.
func BenchmarkSelect(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src, es := bigCase(n)
			fixes := make([][]Edit, len(es))
			for i := range es {
				fixes[i] = es[i : i+1]
			}
			b.ReportAllocs()
			for b.Loop() {
				Select(len(src), fixes)
			}
		})
	}
}

// bigCase returns a document of n lines with a link on each, and one edit
// per link.
func bigCase(n int) ([]byte, []Edit) {
	var b bytes.Buffer
	var es []Edit
	for i := range n {
		fmt.Fprintf(&b, "see <HTTP://example.com/%d>\n", i)
		at := b.Len() - len(fmt.Sprintf("HTTP://example.com/%d>\n", i))
		es = append(es, Edit{at, at + 4, "http"})
	}
	return b.Bytes(), es
}

package fixdriver

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeDiffTests give a file, the edits of its fixes, and the diff.
var writeDiffTests = []struct {
	name string
	src  string
	es   []edit
	want string
}{
	{
		name: "one line, context cut at the start",
		src:  "a\nb\nc\nd\ne\n",
		es:   []edit{{2, 3, "B"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n",
	},
	{
		name: "two edits on one line make one change",
		src:  "x := \"a\" + \"b\"\n",
		es:   []edit{{5, 8, `"A"`}, {11, 14, `"B"`}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,1 +1,1 @@\n-x := \"a\" + \"b\"\n+x := \"A\" + \"B\"\n",
	},
	{
		name: "far apart: two hunks, the second shifted",
		src:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
		es:   []edit{{0, 2, "one\nuno\n"}, {21, 24, ""}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,4 +1,5 @@\n-1\n+one\n+uno\n 2\n 3\n 4\n@@ -8,5 +9,4 @@\n 8\n 9\n 10\n-11\n 12\n",
	},
	{
		name: "six lines apart: one hunk",
		src:  "1\n2\n3\n4\n5\n6\n7\n8\n",
		es:   []edit{{0, 1, "x"}, {14, 15, "y"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n",
	},
	{
		name: "last line without a newline",
		src:  "a\nb",
		es:   []edit{{2, 3, "c"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
	},
	{
		name: "appended to a last line without a newline",
		src:  "a\nb",
		es:   []edit{{3, 3, "c\n"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+bc\n",
	},
	{
		name: "appended after the last newline",
		src:  "a\n",
		es:   []edit{{2, 2, "b\n"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,1 +1,2 @@\n a\n+b\n",
	},
	{
		name: "an empty file",
		src:  "",
		es:   []edit{{0, 0, "a\n"}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -0,0 +1,1 @@\n+a\n",
	},
	{
		name: "lines removed whole",
		src:  "a\nb\nc\n",
		es:   []edit{{2, 6, ""}},
		want: "--- a/f.go\n+++ b/f.go\n@@ -1,3 +1,1 @@\n a\n-b\n-c\n",
	},
	{
		name: "an edit that changes nothing",
		src:  "a\n",
		es:   []edit{{0, 1, "a"}},
		want: "",
	},
}

func TestWriteDiff(t *testing.T) {
	for _, tt := range writeDiffTests {
		var b bytes.Buffer
		if err := writeDiff(&b, "f.go", []byte(tt.src), tt.es); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("%s: writeDiff(%q, %v) =\n%s\nwant:\n%s", tt.name, tt.src, tt.es, b.String(), tt.want)
		}
	}
}

// gitRepo returns a new git repository, or skips the test without git.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, nil, "init", "-q")
	return dir
}

// git runs git in dir with stdin and returns its output, failing the test
// when it fails.
func git(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s\ninput:\n%s", strings.Join(args, " "), err, out, stdin)
	}
	return string(out)
}

// TestWriteDiffGitApply checks the diffs of the table and of random edits
// of random files with git apply: it must accept them and make of each
// file what applying the edits makes.
func TestWriteDiffGitApply(t *testing.T) {
	dir := gitRepo(t)
	type tcase struct {
		src string
		es  []edit
	}
	var cases []tcase
	for _, tt := range writeDiffTests {
		cases = append(cases, tcase{tt.src, tt.es})
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		// Lines of a few letters, some empty, perhaps no final newline.
		var b strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			b.WriteString("abcdefgh"[:r.IntN(4)])
			b.WriteByte('\n')
		}
		if r.IntN(3) == 0 {
			b.WriteString("end")
		}
		src := b.String()
		var es []edit
		for at := 0; at <= len(src); {
			start := at + r.IntN(len(src)/3+2)
			if start > len(src) {
				break
			}
			end := min(start+r.IntN(6), len(src))
			es = append(es, edit{start, end, []string{"", "X", "Y\n", "\nZ\n", "new\nlines"}[r.IntN(5)]})
			at = end + 1
		}
		cases = append(cases, tcase{src, es})
	}
	var patch bytes.Buffer
	want := make(map[string]string)
	for i, c := range cases {
		name := fmt.Sprintf("f%d.go", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		at := 0
		for _, e := range c.es {
			out.WriteString(c.src[at:e.start] + e.text)
			at = e.end
		}
		want[name] = out.String() + c.src[at:]
		if err := writeDiff(&patch, name, []byte(c.src), c.es); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, patch.Bytes(), "apply", "--check", "-")
	git(t, dir, patch.Bytes(), "apply", "-")
	for name, w := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != w {
			t.Errorf("git apply made %s:\n%q\nwant:\n%q", name, got, w)
		}
	}
}

// TestRunDiff runs -fix -diff on a module in a git repository: the diff
// goes to stdout and git apply accepts it and makes what -fix makes, the
// findings without a fix go to stderr, and no file changes.
func TestRunDiff(t *testing.T) {
	dir := gitRepo(t)
	files := map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		"main.go":     "package m\n\nvar a, b = \"old\", \"keep\"\n\nvar c = `two\nlines`\n\nvar d = \"grow\"",
		"sub/sub.go":  "package sub\n\n// Many lines between the fixes.\n//\n//\n//\n//\n//\n//\n//\nvar a = \"old\"\n\n//\n//\n//\n//\n//\n//\n//\nvar b = \"old\"\n",
		"sub/fine.go": "package sub\n\nvar c = \"fine\"\n",
		// Reached through the link main_link.go: the diff must name it.
		"_real/linked.go": "package m\n\nvar e = \"old\"\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("_real/linked.go", filepath.Join(dir, "main_link.go")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	var stdout, stderr bytes.Buffer
	if got := Run(quoted, []string{"-fix", "-diff", "./..."}, dir, &stdout, &stderr); got != 3 {
		t.Errorf("Run -fix -diff = %d, want 3 (a finding has no fix); stderr:\n%s", got, &stderr)
	}
	if want := "main.go:3:19: keep has no fix\n"; !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("Run -fix -diff printed on stderr:\n%s\nwant the line %q", &stderr, want)
	}
	for _, want := range []string{"--- a/main.go\n+++ b/main.go\n", "--- a/sub/sub.go\n+++ b/sub/sub.go\n", "--- a/_real/linked.go\n+++ b/_real/linked.go\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the diff lacks %q:\n%s", want, &stdout)
		}
	}
	for name, src := range files {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != src {
			t.Errorf("-diff changed %s", name)
		}
	}
	git(t, dir, stdout.Bytes(), "apply", "--check", "-")
	git(t, dir, stdout.Bytes(), "apply", "-")
	applied := make(map[string]string)
	for name := range files {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		applied[name] = string(got)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stderr.Reset()
	Run(quoted, []string{"-fix", "./..."}, dir, &stdout, &stderr)
	for name := range files {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		if string(got) != applied[name] {
			t.Errorf("git apply of the diff made %s:\n%s\nbut -fix made:\n%s", name, applied[name], got)
		}
	}
	if !strings.Contains(applied["main.go"], "var c = \"one line\"\n\nvar d = `grown\ninto\nlines`") {
		t.Errorf("-fix made main.go:\n%s", applied["main.go"])
	}
}

// TestRunOnlyFiles checks that -only-files fixes and reports the named
// files alone, and exits 3 when it changed one.
func TestRunOnlyFiles(t *testing.T) {
	dir := module(t, "package m\n\nvar a = \"old\"\n", 0o644)
	other := "package m\n\nvar b, c = \"old\", \"keep\"\n"
	if err := os.WriteFile(filepath.Join(dir, "other.go"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if got := Run(quoted, []string{"-fix", "-only-files", "./...", "main.go"}, dir, io.Discard, &stderr); got != 3 {
		t.Errorf("Run -only-files with a file to fix = %d, want 3; stderr:\n%s", got, &stderr)
	}
	if got, want := stderr.String(), filepath.Join(dir, "main.go")+": fixed 1 finding(s)\n"; got != want {
		t.Errorf("Run -only-files printed:\n%s\nwant:\n%s", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != "package m\n\nvar a = \"new\"\n" {
		t.Errorf("Run -only-files left main.go as:\n%s", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "other.go")); string(got) != other {
		t.Errorf("Run -only-files changed other.go, which was not named:\n%s", got)
	}
	// Again: nothing left to fix in main.go, and other.go is not looked at.
	stderr.Reset()
	if got := Run(quoted, []string{"-fix", "-only-files", "main.go"}, dir, io.Discard, &stderr); got != 0 || stderr.Len() != 0 {
		t.Errorf("Run -only-files on a fixed file = %d, want 0 and no output; stderr:\n%s", got, &stderr)
	}
	if got := Run(quoted, []string{"-fix", "-only-files", "./..."}, dir, io.Discard, &stderr); got != 0 {
		t.Errorf("Run -only-files with no file = %d, want 0", got)
	}
}

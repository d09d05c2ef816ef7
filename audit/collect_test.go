package audit

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/urilint/urilint/extract"
)

var binaryTests = []struct {
	name string
	src  []byte
	want bool
}{
	{"empty", nil, false},
	{"text", []byte("See http://example.com/.\n"), false},
	{"one NUL", []byte("text\x00 with one NUL byte in a line of prose\n"), false},
	// RFC 652 and its neighbours: NULs after every line break, for the
	// teletype's carriage to return.
	{"NUL-padded lines", bytes.Repeat([]byte("A line of an old RFC, padded for the teletype.\r\n\x00\x00\x00\x00\x00"), 40), false},
	{"ANSI colours", bytes.Repeat([]byte("\x1b[32mok\x1b[0m http://example.com/\n"), 40), false},
	{"overstrike", bytes.Repeat([]byte("N\bNA\bAM\bME\n"), 40), false},
	{"UTF-16 without a BOM", []byte(strings.Repeat("t\x00e\x00x\x00t\x00", 40)), true},
	{"UTF-16LE with a BOM", append([]byte{0xff, 0xfe}, strings.Repeat("t\x00e\x00x\x00t\x00", 40)...), false},
	{"UTF-32LE with a BOM", append([]byte{0xff, 0xfe, 0, 0}, strings.Repeat("t\x00\x00\x00", 40)...), true},
	{"all NUL", make([]byte, 100), true},
	{"ELF", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00"), true},
	{"control bytes", bytes.Repeat([]byte("\x01\x02\x03ab\x10\x11cdefgh\x7fijklmnopqrstuvwxyz0123456789"), 40), true},
	// Past the sample, nothing counts.
	{"binary tail", append(bytes.Repeat([]byte("text\n"), binarySample/5+1), bytes.Repeat([]byte{1, 2, 3}, 1000)...), false},
}

func TestBinary(t *testing.T) {
	for _, tt := range binaryTests {
		if got := binary(tt.src); got != tt.want {
			t.Errorf("binary(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// utf16Of encodes s as UTF-16 with a byte order mark.
func utf16Of(s string, big bool) []byte {
	out := []byte{0xff, 0xfe}
	if big {
		out = []byte{0xfe, 0xff}
	}
	for _, r := range s {
		if r > 0xffff {
			panic("test text outside the BMP")
		}
		if big {
			out = append(out, byte(r>>8), byte(r))
		} else {
			out = append(out, byte(r), byte(r>>8))
		}
	}
	return out
}

// TestUTF16Document: a UTF-16 file with a byte order mark is read as
// the text it is, in both byte orders, and its links are found.
func TestUTF16Document(t *testing.T) {
	dir := t.TempDir()
	for _, big := range []bool{false, true} {
		name := filepath.Join(dir, "notes.md")
		if err := os.WriteFile(name, utf16Of("# Notes\n\nSee [café](https://example.com/café).\n", big), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		err := List(Config{}, []string{name}, func(f *File, links []extract.Link, errs []error, warns []string) error {
			for _, err := range errs {
				t.Errorf("big endian %v: %v", big, err)
			}
			for _, l := range links {
				got = append(got, l.URI)
			}
			return nil
		})
		if err != nil || len(got) != 1 || got[0] != "https://example.com/café" {
			t.Errorf("big endian %v: links %q, %v; want the one link", big, got, err)
		}
	}
}

// TestInputCapped: a named file that never ends (/dev/zero) and standard
// input that is no file are read up to the limit, then refused by name;
// the other inputs are still read.
func TestInputCapped(t *testing.T) {
	defer func(n int) { maxSpecial = n }(maxSpecial)
	maxSpecial = 10
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("see http://example.com/ and more than ten bytes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"-", good}
	if _, err := os.Stat("/dev/zero"); err == nil {
		inputs = append(inputs, "/dev/zero")
	}
	var errs []error
	var links int
	cfg := Config{Stdin: strings.NewReader("http://example.com/")}
	err := List(cfg, inputs, func(f *File, ls []extract.Link, es []error, _ []string) error {
		links += len(ls)
		errs = append(errs, es...)
		return nil
	})
	if err != nil || links != 1 {
		t.Errorf("links %d, %v; want the one of good.txt", links, err)
	}
	if len(errs) != len(inputs)-1 {
		t.Fatalf("errors %v, want one for each input but good.txt", errs)
	}
	for _, err := range errs {
		if !errors.Is(err, errTooLong) || !strings.Contains(err.Error(), "(0 MiB): not read") {
			t.Errorf("error %q, want one that names the limit", err)
		}
	}
}

// TestGitignoreIndex: the indexed .gitignore answers as go-git's matcher
// asking every pattern in order does, for patterns of every shape, in
// the top directory and a subdirectory, negations and directories
// included.
func TestGitignoreIndex(t *testing.T) {
	dir := t.TempDir()
	top := []string{"*.log", "build/", "/dist", "docs/gen/", "!keep.log", "tmp*", "a?c.md", "**/cache", "x/**/y.md",
		"name.md", "*.md.bak", "\\#hash.md", "trailing.md   ", "sub/only.md", "[ab]*.txt", "!/dist/keep.md", "*.MD", "docs/*.draft.md"}
	sub := []string{"*.md", "!README.md", "/local.md", "deep/", "!*.log"}
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".gitignore", strings.Join(top, "\n")+"\n")
	write("sub/.gitignore", strings.Join(sub, "\n")+"\n")
	var all []gitignore.Pattern
	for _, p := range top {
		all = append(all, gitignore.ParsePattern(p, nil))
	}
	for _, p := range sub {
		all = append(all, gitignore.ParsePattern(p, []string{"sub"}))
	}
	want := gitignore.NewMatcher(all)
	tree := newGitTree(dir)
	names := []string{"a.log", "keep.log", "build", "dist", "gen", "tmp1", "abc.md", "cache", "y.md", "name.md", "x.md.bak",
		"#hash.md", "trailing.md", "only.md", "a.txt", "c.txt", "keep.md", "README.md", "local.md", "deep", "X.MD", "n.draft.md", "other.txt"}
	dirs := []string{"", "docs", "sub", "x", "x/q", "dist", "sub/deep", "docs/gen", "sub/z"}
	n := 0
	for _, d := range dirs {
		for _, name := range names {
			for _, isDir := range []bool{false, true} {
				rel := path.Join(d, name)
				got := tree.ignored(filepath.Join(dir, filepath.FromSlash(rel)), isDir)
				if w := want.Match(strings.Split(rel, "/"), isDir); got != w {
					t.Errorf("ignored(%q, dir %v) = %v, go-git says %v", rel, isDir, got, w)
				}
				if got {
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Error("nothing ignored: the test proves nothing")
	}
}

// TestEmitStreamsInOrder: with Config.Emit the findings come file by
// file in the order of a run without it, and the result counts them.
func TestEmitStreamsInOrder(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		name := filepath.Join(dir, fmt.Sprintf("f%02d.md", i))
		src := fmt.Sprintf("# F\n\n[a](gone%d.md) <HTTP://example.com/%d> [b](#nope)\n", i, i)
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := Run(Config{Jobs: 3}, []string{dir})
	var got []Finding
	r := Run(Config{Jobs: 3, Emit: func(f *File, fs []Finding) {
		for _, fd := range fs {
			if fd.File != f.Name {
				t.Errorf("finding of %s emitted with %s", fd.File, f.Name)
			}
		}
		got = append(got, fs...)
	}}, []string{dir})
	if len(r.Findings) != 0 || r.Count() != len(want.Findings) || len(got) != len(want.Findings) || len(got) < 80 {
		t.Fatalf("streamed %d findings, result holds %d and counts %d; want the %d of a run without Emit", len(got), len(r.Findings), r.Count(), len(want.Findings))
	}
	for i := range got {
		if got[i].File != want.Findings[i].File || got[i].Message != want.Findings[i].Message || got[i].CharColumn() != want.Findings[i].CharColumn() {
			t.Errorf("finding %d streamed as %s: %s, want %s: %s", i, got[i].File, got[i].Message, want.Findings[i].File, want.Findings[i].Message)
		}
	}
	if !maps.Equal(r.ByCategory(), want.ByCategory()) || r.Links() != want.Links() {
		t.Errorf("streamed %d links and findings by category %v, want %d and %v", r.Links(), r.ByCategory(), want.Links(), want.ByCategory())
	}
}

// TestGitignoreLinkOutside: a committed .gitignore (or info/exclude)
// that a symbolic link leads outside the work tree is not read, so that
// nothing of the outside file decides what the audit reads (issue 25:
// nothing outside the root is read); one inside the tree still is.
func TestGitignoreLinkOutside(t *testing.T) {
	outer := t.TempDir()
	outside := filepath.Join(outer, "patterns")
	if err := os.WriteFile(outside, []byte("*.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(outer, "repo")
	for _, d := range []string{".git/info", "sub"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, link := range []string{".gitignore", ".git/info/exclude"} {
		if err := os.Symlink(outside, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "inside"), []byte("*.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("inside", filepath.Join(dir, "sub", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	tree := newGitTree(dir)
	if tree.ignored(filepath.Join(dir, "doc.md"), false) || tree.ignored(filepath.Join(dir, "sub", "doc.md"), false) {
		t.Errorf("doc.md is ignored by the patterns of a .gitignore outside the work tree")
	}
	if !tree.ignored(filepath.Join(dir, "sub", "notes.txt"), false) {
		t.Errorf("sub/notes.txt is not ignored by sub/.gitignore, a link to a file inside the work tree")
	}
}

// TestByteClass checks binary's table byte by byte against the rule it
// encodes: NUL; the control characters other than tab, line feed,
// vertical tab, form feed, carriage return, backspace and escape, and
// DEL; and text.
func TestByteClass(t *testing.T) {
	for c := range 256 {
		want := classText
		switch {
		case c == 0:
			want = classNUL
		case c == '\t', c == '\n', c == '\v', c == '\f', c == '\r', c == '\b', c == 0x1b:
		case c < 0x20, c == 0x7f:
			want = classControl
		}
		if int(byteClass[c]) != want {
			t.Errorf("byteClass[%#x] = %d, want %d", c, byteClass[c], want)
		}
	}
}

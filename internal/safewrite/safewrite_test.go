package safewrite

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write creates file name in dir with content old and mode perm.
func write(t *testing.T, dir, name string, perm os.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("old"), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // past the umask
		t.Fatal(err)
	}
	return path
}

// content returns what path holds, failing the test if it cannot be read.
func content(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// entries returns the names in dir, to find temporary files left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileKeepsMode(t *testing.T) {
	for _, perm := range []os.FileMode{0o640, 0o600, 0o755, 0o200} {
		dir := t.TempDir()
		path := write(t, dir, "a.go", perm)
		if err := WriteFile(path, []byte("new")); err != nil {
			t.Fatalf("WriteFile(mode %v) = %v", perm, err)
		}
		if perm&0o400 != 0 && content(t, path) != "new" {
			t.Errorf("WriteFile(mode %v) left %q, want %q", perm, content(t, path), "new")
		}
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode() != perm {
			t.Errorf("WriteFile(mode %v) left mode %v", perm, info.Mode())
		}
		if got := entries(t, dir); len(got) != 1 {
			t.Errorf("WriteFile(mode %v) left %q, want a.go alone", perm, got)
		}
	}
}

func TestWriteFileSymlink(t *testing.T) {
	dir := t.TempDir()
	target := write(t, dir, "target.go", 0o644)
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(sub, "link.go")
	if err := os.Symlink("../target.go", link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatalf("WriteFile(link) = %v", err)
	}
	info, err := os.Lstat(link)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("WriteFile(link) turned the link into %v", info.Mode())
	}
	if got := content(t, target); got != "new" {
		t.Errorf("WriteFile(link) left the target with %q, want %q", got, "new")
	}
	if got := entries(t, sub); len(got) != 1 {
		t.Errorf("WriteFile(link) left %q beside the link, want link.go alone", got)
	}
}

func TestWriteFileReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "ro.go", 0o444)
	err := WriteFile(path, []byte("new"))
	var e *Error
	if !errors.Is(err, ErrReadOnly) || !errors.As(err, &e) || e.Path != path {
		t.Fatalf("WriteFile(read-only file) = %v, want an *Error for ErrReadOnly", err)
	}
	if !strings.Contains(err.Error(), "ro.go") || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("WriteFile(read-only file) says %q, which does not name the file and the cause", err)
	}
	if got := content(t, path); got != "old" {
		t.Errorf("WriteFile(read-only file) changed it to %q", got)
	}
}

func TestWriteFileHardLink(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "a.go", 0o644)
	other := filepath.Join(dir, "b.go")
	if err := os.Link(path, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	err := WriteFile(path, []byte("new"))
	if !errors.Is(err, ErrHardLinks) {
		t.Fatalf("WriteFile(file with 2 hard links) = %v, want ErrHardLinks", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "a.go") || !strings.Contains(msg, "has 2 hard links") {
		t.Errorf("WriteFile(file with 2 hard links) says %q, which does not name the file and its links", msg)
	}
	for _, p := range []string{path, other} {
		if got := content(t, p); got != "old" {
			t.Errorf("WriteFile(file with 2 hard links) changed %s to %q", filepath.Base(p), got)
		}
	}
}

func TestWriteFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub.go")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(sub, []byte("new")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteFile(directory) = %v, want ErrNotRegular", err)
	}
	if err := WriteFile(filepath.Join(dir, "missing.go"), []byte("new")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile(missing file) = %v, want os.ErrNotExist", err)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("refused writes left %q, want sub.go alone", got)
	}
}

// TestWriteFileFails checks that a write failing at its last step, the
// rename, leaves the original as it was and no temporary file behind.
func TestWriteFileFails(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "a.go", 0o644)
	failure := errors.New("rename failed")
	rename = func(string, string) error { return failure }
	defer func() { rename = os.Rename }()
	if err := WriteFile(path, []byte("new")); !errors.Is(err, failure) {
		t.Fatalf("WriteFile with a failing rename = %v, want %v", err, failure)
	}
	if got := content(t, path); got != "old" {
		t.Errorf("a failed WriteFile changed the file to %q", got)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("a failed WriteFile left %q, want a.go alone", got)
	}
}

// TestReplaceChanged: a file that is no longer what the fix was made
// from, before or while the fix is written, is left as it is.
func TestReplaceChanged(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "a.md", 0o644)
	if err := Replace(path, []byte("old"), []byte("new")); err != nil {
		t.Fatalf("Replace of an unchanged file = %v", err)
	}
	if got := content(t, path); got != "new" {
		t.Fatalf("Replace left %q, want %q", got, "new")
	}
	// Changed before: the same size, other bytes.
	err := Replace(path, []byte("NEW"), []byte("newer"))
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "a.md\" changed since it was read: not written") {
		t.Errorf("Replace of a changed file = %v, want ErrChanged naming the file", err)
	}
	if got := content(t, path); got != "new" {
		t.Errorf("Replace of a changed file left %q, want it as it was", got)
	}
	// Changed while the new content is written: a line appended.
	beforeCheck = func() {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("a line typed meanwhile\n")
		f.Close()
	}
	defer func() { beforeCheck = func() {} }()
	if err := Replace(path, []byte("new"), []byte("fixed")); !errors.Is(err, ErrChanged) {
		t.Errorf("Replace of a file changed while writing = %v, want ErrChanged", err)
	}
	if got := content(t, path); got != "newa line typed meanwhile\n" {
		t.Errorf("Replace of a file changed while writing left %q, want the edit kept", got)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("Replace left %v in the directory", names)
	}
}

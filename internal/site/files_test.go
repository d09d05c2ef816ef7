package site

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestWalkFiles: hidden folders and node_modules are never entered, skip
// leaves out folders and files, and files come in lexical order.
func TestWalkFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.md", "a/c.md", "a/skip/d.md", ".git/e.md", "node_modules/x/f.md", ".hidden.md", "a/z.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	skip := func(p string, d fs.DirEntry) bool { return d.Name() == "skip" || strings.HasSuffix(p, ".txt") }
	err := WalkFiles(dir, skip, func(p string, _ fs.DirEntry) {
		rel, _ := filepath.Rel(dir, p)
		got = append(got, filepath.ToSlash(rel))
	}, nil)
	want := []string{".hidden.md", "a/c.md", "b.md"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("WalkFiles = %q, %v; want %q", got, err, want)
	}
	if err := WalkFiles(filepath.Join(dir, "missing"), nil, func(string, fs.DirEntry) {}, nil); err == nil {
		t.Error("WalkFiles of a missing folder: no error")
	}
}

// TestReadFiles: ReadHead stops at its bound and refuses what is no
// regular file; ReadFile reads a
// regular file whole and refuses a device past its limit.
func TestReadFiles(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if src, err := ReadHead(p, 4); err != nil || string(src) != "0123" {
		t.Errorf("ReadHead(f, 4) = %q, %v; want %q", src, err, "0123")
	}
	if src, err := ReadHead(p, 100); err != nil || string(src) != "0123456789" {
		t.Errorf("ReadHead(f, 100) = %q, %v; want the whole file", src, err)
	}
	if src, err := ReadFile(p, 4); err != nil || string(src) != "0123456789" {
		t.Errorf("ReadFile(f, 4) = %q, %v; want the whole regular file", src, err)
	}
	if runtime.GOOS == "windows" {
		return
	}
	// A device is no configuration file and no page (issue 25).
	if src, err := ReadHead("/dev/zero", 5); !errors.Is(err, ErrNotRegular) || src != nil {
		t.Errorf("ReadHead(/dev/zero, 5) = %d bytes, %v; want an error wrapping ErrNotRegular", len(src), err)
	}
	if src, err := ReadFile("/dev/zero", 1<<10); !errors.Is(err, ErrTooLong) || src != nil {
		t.Errorf("ReadFile(/dev/zero) = %d bytes, %v; want an error wrapping ErrTooLong", len(src), err)
	}
}

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package site

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestReadLarge: a large regular file is read whole into a mapping that
// free gives back, once; a small one into the heap, with no free; a
// missing one is an error naming it.
func TestReadLarge(t *testing.T) {
	dir := t.TempDir()
	large := bytes.Repeat([]byte("0123456789abcdef\n"), LargeFile/17+10)
	small := []byte("# small\n")
	for name, src := range map[string][]byte{"large.md": large, "small.md": small} {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unmapped := 0
	defer func(f func([]byte)) { unmap = f }(unmap)
	was := unmap
	unmap = func(m []byte) { unmapped++; was(m) }

	src, free, err := ReadLarge(filepath.Join(dir, "large.md"), 10)
	if err != nil || !bytes.Equal(src, large) || free == nil {
		t.Fatalf("large file: %d bytes, free %v, %v; want %d bytes and a free", len(src), free != nil, err, len(large))
	}
	if cap(src) != len(src) {
		t.Errorf("large file: cap %d, len %d: an append would write to the mapping", cap(src), len(src))
	}
	free()
	if unmapped != 1 {
		t.Errorf("free unmapped %d times, want 1", unmapped)
	}

	src, free, err = ReadLarge(filepath.Join(dir, "small.md"), 10)
	if err != nil || !bytes.Equal(src, small) || free != nil {
		t.Errorf("small file: %q, free %v, %v; want its text on the heap", src, free != nil, err)
	}

	_, free, err = ReadLarge(filepath.Join(dir, "missing.md"), 10)
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != filepath.Join(dir, "missing.md") || free != nil {
		t.Errorf("missing file: %v, free %v; want a path error naming it", err, free != nil)
	}
}

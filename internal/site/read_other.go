//go:build !unix

package site

import (
	"io"
	"io/fs"
	"os"
)

// read reads the file name: see the Unix version.
func read(name string, limit int, head bool) ([]byte, error) {
	if head {
		if info, err := os.Stat(name); err == nil && !info.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "read", Path: name, Err: ErrNotRegular}
		}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && !head {
		return io.ReadAll(f)
	}
	src, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(src) > limit {
		if head {
			return src[:limit], nil
		}
		return nil, &fs.PathError{Op: "read", Path: name, Err: ErrTooLong}
	}
	return src, nil
}

// readLarge is ReadLarge: here every file is read into the heap.
func readLarge(name string, limit int) ([]byte, func(), error) {
	src, err := read(name, limit, false)
	return src, nil, err
}

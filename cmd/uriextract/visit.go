package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// visited remembers the files already read, so that a file reached twice,
// through symbolic links or named twice, is read once.
type visited struct {
	files map[fileKey][]os.FileInfo
}

// fileKey narrows the search for the same file to those of the same size
// and modification time; os.SameFile decides.
type fileKey struct {
	size, mod int64
}

// first reports whether info, from os.Stat, is a file not seen before, and
// remembers it.
func (v *visited) first(info os.FileInfo) bool {
	if v.files == nil {
		v.files = make(map[fileKey][]os.FileInfo)
	}
	k := fileKey{info.Size(), info.ModTime().UnixNano()}
	for _, seen := range v.files[k] {
		if os.SameFile(seen, info) {
			return false
		}
	}
	v.files[k] = append(v.files[k], info)
	return true
}

// statError explains why name could not be read: a symbolic link whose
// target does not exist says so and names the target.
func statError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(name); lerr == nil {
			return fmt.Errorf("%s: broken symbolic link to %q", name, target)
		}
	}
	return err
}

// Package safewrite replaces the content of a file whole or not at all,
// and keeps what makes it that file: it is what urilint -fix (and any
// command of this module that rewrites a user's file) writes with.
//
// The new content goes to a temporary file in the same directory, which is
// synced, given the original's mode and owner, and renamed over it: a full
// disk, a killed process or a crash leaves either the old content or the
// new, never a file cut short. A rename replaces a name, not a file, so
// WriteFile first takes care of what a rename would get wrong:
//
//   - A symbolic link is followed: its target is rewritten and the link
//     stays a link.
//   - The mode bits and, where the process may set it, the owner and group
//     are those of the original (a chown that is not permitted is skipped:
//     the file then belongs to the user who fixed it).
//   - A file whose owner has no write permission is refused, with
//     ErrReadOnly: making a file read-only is how people say "do not
//     touch".
//   - A file with more than one hard link is refused, with ErrHardLinks:
//     the rename would give the fixed content to this name only, and no
//     rewrite in place is safe from a crash. Copying the file ("cp f f.new
//     && mv f.new f") breaks the link, after which it can be fixed.
//   - Anything but a regular file (a device, a FIFO, a directory) is
//     refused, with ErrNotRegular.
package safewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The causes of the refusals of WriteFile, for errors.Is.
var (
	ErrReadOnly   = errors.New("file is read-only")
	ErrHardLinks  = errors.New("file has other hard links")
	ErrNotRegular = errors.New("file is not a regular file")
)

// Error is the error of a refusal: nothing was written.
type Error struct {
	Path  string // the file as named to WriteFile
	Links int    // its number of hard links, for ErrHardLinks
	Err   error  // ErrReadOnly, ErrHardLinks or ErrNotRegular
}

func (e *Error) Error() string {
	switch e.Err {
	case ErrReadOnly:
		return fmt.Sprintf("%q is read-only (its owner has no write permission): not written", e.Path)
	case ErrHardLinks:
		return fmt.Sprintf("%q has %d hard links, whose other names would keep the old content: not written (copy the file to break the links)", e.Path, e.Links)
	case ErrNotRegular:
		return fmt.Sprintf("%q is not a regular file: not written", e.Path)
	}
	return fmt.Sprintf("%q: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// rename is os.Rename, replaced by tests to fail at the last step.
var rename = os.Rename

// WriteFile replaces the content of the existing file path (or of the file
// a symbolic link path leads to) with data, as the package documentation
// describes. On an error the file is as it was and no temporary file is
// left behind; a refusal is an *Error.
func WriteFile(path string, data []byte) (err error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	info, err := os.Lstat(target)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return &Error{Path: path, Err: ErrNotRegular}
	}
	if info.Mode().Perm()&0o200 == 0 {
		return &Error{Path: path, Err: ErrReadOnly}
	}
	if n := links(info); n > 1 {
		return &Error{Path: path, Links: n, Err: ErrHardLinks}
	}
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close() // a second Close reports an error, which is of no interest here
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	// The owner first: changing it may clear the set-user-ID and
	// set-group-ID bits, which Chmod then puts back.
	if err = chown(tmp, info); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = rename(tmp.Name(), target); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes the rename in dir durable where the system allows; a
// failure leaves the rename done, only perhaps not yet on disk.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not supported on every system and file system
		d.Close()
	}
}

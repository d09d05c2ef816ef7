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
//
// Replace, which fixers use, also leaves alone a file that changed since
// it was read (an editor saved it while the fixer ran): it writes only if
// the file still holds the content the fix was made from, and checks
// again, by size and modification time, just before the rename. The
// window left between that check and the rename is the one of a system
// call; no portable lock closes it.
package safewrite

import (
	"bytes"
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
	ErrChanged    = errors.New("file changed since it was read")
)

// Error is the error of a refusal: nothing was written.
type Error struct {
	Path  string // the file as named to WriteFile
	Links int    // its number of hard links, for ErrHardLinks
	Err   error  // ErrReadOnly, ErrHardLinks, ErrNotRegular or ErrChanged
}

func (e *Error) Error() string {
	switch e.Err {
	case ErrReadOnly:
		return fmt.Sprintf("%q is read-only (its owner has no write permission): not written", e.Path)
	case ErrHardLinks:
		return fmt.Sprintf("%q has %d hard links, whose other names would keep the old content: not written (copy the file to break the links)", e.Path, e.Links)
	case ErrNotRegular:
		return fmt.Sprintf("%q is not a regular file: not written", e.Path)
	case ErrChanged:
		return fmt.Sprintf("%q changed since it was read: not written (run the fix again)", e.Path)
	}
	return fmt.Sprintf("%q: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// rename is os.Rename, replaced by tests to fail at the last step.
var rename = os.Rename

// beforeCheck runs before Replace's last check; tests change the file
// there, as an editor saving it while the fix is written.
var beforeCheck = func() {}

// WriteFile replaces the content of the existing file path (or of the file
// a symbolic link path leads to) with data, as the package documentation
// describes. On an error the file is as it was and no temporary file is
// left behind; a refusal is an *Error.
func WriteFile(path string, data []byte) error {
	return replace(path, nil, data)
}

// Replace is WriteFile for a fixer: it replaces the content of path with
// new only if it is still old, the content new was made from. When the
// file changed, before the writing or during it, Replace leaves it as it
// is and returns an *Error wrapping ErrChanged.
func Replace(path string, old, new []byte) error {
	if old == nil {
		old = []byte{}
	}
	return replace(path, old, new)
}

// replace is WriteFile, and Replace when old is not nil.
func replace(path string, old, data []byte) (err error) {
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
	if old != nil {
		// The content first, then the size and time of what was read,
		// which the rename compares.
		if info.Size() != int64(len(old)) {
			return &Error{Path: path, Err: ErrChanged}
		}
		cur, err := os.ReadFile(target)
		if err != nil {
			return err
		}
		if !bytes.Equal(cur, old) {
			return &Error{Path: path, Err: ErrChanged}
		}
		if info, err = os.Lstat(target); err != nil {
			return err
		}
		if info.Size() != int64(len(old)) {
			return &Error{Path: path, Err: ErrChanged}
		}
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
	if old != nil {
		beforeCheck()
		now, err := os.Lstat(target)
		if err != nil {
			return err
		}
		if now.Size() != info.Size() || !now.ModTime().Equal(info.ModTime()) || !os.SameFile(now, info) {
			return &Error{Path: path, Err: ErrChanged}
		}
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

package site

// Listing and reading the files of a documentation tree, for the
// publisher models (Tree) and for the audit's collector: one walk, with
// one rule for the folders no one reads, and one reader, so that the two
// see the same files the same way.

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
)

// SkippedDir reports whether a folder of this name is never walked: hidden
// folders (".git", a generator's ".vitepress") and installed
// dependencies (node_modules), which neither the audit nor a publisher
// serves as documents. ".github" is walked: GitHub shows its Markdown
// (SECURITY.md, CONTRIBUTING.md, the issue templates) to readers.
func SkippedDir(name string) bool {
	return strings.HasPrefix(name, ".") && name != ".github" || name == "node_modules"
}

// WalkFiles calls file with each file below the directory start, in lexical
// order, named as filepath.WalkDir names it (start joined with the path
// below it). Folders that SkippedDir names are not entered; skip, when not
// nil, is asked of every other entry below start: a folder it reports
// true for is not entered, a file not passed to file; skip is asked of
// a file right before file is called with it. An entry that
// cannot be read goes to fail, when not nil, and the walk goes on; the
// error returned is that of start itself.
func WalkFiles(start string, skip func(path string, d fs.DirEntry) bool, file func(path string, d fs.DirEntry), fail func(path string, err error)) error {
	return filepath.WalkDir(start, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == start {
				return err
			}
			if fail != nil {
				fail(path, err)
			}
			return nil
		}
		if path != start {
			if d.IsDir() && SkippedDir(d.Name()) || skip != nil && skip(path, d) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
		}
		if !d.IsDir() {
			file(path, d)
		}
		return nil
	})
}

// ErrTooLong is the cause of the error for a file that is no regular file
// (a pipe, a device) and holds more than ReadFile's limit.
var ErrTooLong = errors.New("holds more than the limit for an input that is not a regular file")

// ReadFile reads the file name: a regular file whole, another (a pipe, a
// device such as /dev/zero, which may never end) up to limit bytes, and
// past them it fails with an error wrapping ErrTooLong.
func ReadFile(name string, limit int) ([]byte, error) { return read(name, limit, false) }

// LargeFile is the size from which ReadLarge reads a regular file
// outside the Go heap.
const LargeFile = 4 << 20

// ReadLarge reads the file name as ReadFile does, but a regular file of
// LargeFile bytes or more goes, where the system allows, to memory that
// the Go collector does not manage (an anonymous mapping), and free,
// not nil then, gives that memory back. The caller calls free once
// nothing refers to src any more: a string made of it is a copy, a slice
// of it is not, and a slice used after free faults.
//
// Why: the collector lets the heap grow to twice what is live before it
// collects (GOGC=100), so a document's source, live for its whole parse,
// would cost about twice its size; outside the heap it costs its size.
func ReadLarge(name string, limit int) (src []byte, free func(), err error) {
	return readLarge(name, limit)
}

// ErrNotRegular is the cause of the error of ReadHead for a file that is
// no regular file.
var ErrNotRegular = errors.New("is not a regular file: not read")

// ReadHead reads at most the first n bytes of the file name: enough of a
// configuration file or of a page's front matter. The file must be a
// regular file: a named pipe or a device is refused without waiting on
// it (an error wrapping ErrNotRegular).
func ReadHead(name string, n int) ([]byte, error) { return read(name, n, true) }

// ReadRegular reads the regular file name whole, and refuses without
// waiting on it a file that is none (an error wrapping ErrNotRegular):
// for the files of a tree that a link leads to, which the user did not
// name and which must not block the run.
func ReadRegular(name string) ([]byte, error) { return read(name, math.MaxInt-1, true) }

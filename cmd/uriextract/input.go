package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/urilint/urilint/extract"
)

// What uriextract reads must end: a named pipe met in a walk would block
// forever, /dev/zero never ends, and a terminal on standard input waits for
// a user who may not know it does. So files met in a walk are read only
// when they are regular files; files named on the command line and standard
// input are read whatever they are, but only up to maxSpecial bytes when
// they are not regular files; and with no argument, a terminal on standard
// input gets the usage instead of a wait.

// maxSpecial bounds what is read from a named file or standard input that
// is not a regular file (a pipe, a device): no document is that long. A
// variable, so that tests can make it small.
var maxSpecial int64 = 64 << 20

// errTooLong is the cause of the error for an input past maxSpecial.
var errTooLong = errors.New("holds more than the limit for an input that is not a regular file")

// skipWalked reports whether the file name, met in a walk as d, is not a
// regular file (after symbolic links), and then says so on stderr: a named
// pipe would block the read, a device might never end it.
func skipWalked(name string, d fs.DirEntry, stderr io.Writer) bool {
	mode := d.Type()
	if mode&fs.ModeSymlink != 0 {
		info, err := os.Stat(name)
		if err != nil {
			return false // the read reports it
		}
		mode = info.Mode().Type()
	}
	if mode.IsRegular() {
		return false
	}
	fmt.Fprintf(stderr, "uriextract: %s: is not a regular file (%s): skipped\n", name, kind(mode))
	return true
}

// kind names the type of a file that is not regular.
func kind(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + mode.String()
}

// readFile reads the named file, up to maxSpecial bytes when it is not a
// regular file.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, name)
}

// readAll reads r, named name in errors, up to maxSpecial bytes unless it
// is a regular file.
func readAll(r io.Reader, name string) ([]byte, error) {
	if f, ok := r.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			return io.ReadAll(f)
		}
	}
	src, err := io.ReadAll(io.LimitReader(r, maxSpecial+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if int64(len(src)) > maxSpecial {
		return nil, fmt.Errorf("%s: %w (%d MiB): not read", name, errTooLong, maxSpecial>>20)
	}
	return src, nil
}

// isTerminal reports whether r, standard input, is a terminal, or at least
// a character device other than /dev/null: reading it would wait for
// someone to type.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	if err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(info, null)
}

// markdown returns the links of the Markdown document src, called name,
// and warns when it has the shape of an input that would make the
// Markdown parser slow or hungry: it is then read as plain text.
func (p *printer) markdown(name string, src []byte) []extract.Link {
	if err := extract.CheckMarkdown(src); err != nil {
		fmt.Fprintf(p.stderr, "uriextract: %s: %v: read as plain text\n", name, err)
	}
	return p.ex.Markdown(src)
}

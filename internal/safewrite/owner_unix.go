//go:build unix

package safewrite

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// links returns the number of hard links of the file described by info.
func links(info fs.FileInfo) int {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int(st.Nlink)
	}
	return 1
}

// chown gives f the owner and group of the file described by info, when
// the process may: an unprivileged user can only give a file away to
// itself, or to a group it belongs to.
func chown(f *os.File, info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	err := f.Chown(int(st.Uid), int(st.Gid))
	if notPermitted(err) {
		// Keep the group at least, if that alone is permitted.
		err = f.Chown(-1, int(st.Gid))
	}
	if notPermitted(err) {
		return nil
	}
	return err
}

// notPermitted reports whether err is a chown refused for the ids it names:
// EPERM for a user who may not give the file away, EINVAL for an id that
// has no mapping in the process's user namespace.
func notPermitted(err error) bool {
	return errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EINVAL)
}

//go:build unix

package audit

import (
	"io/fs"
	"syscall"
)

// readFile reads the file name with plain system calls: open, fstat,
// read, close. os.ReadFile also hands each file to the runtime's network
// poller (fcntl and epoll_ctl, which fail for a regular file), which
// doubles the system calls of reading a small file; where system calls
// are dear, as under a sandboxing kernel, an audit of thousands of small
// files spends most of its time there.
func readFile(name string) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	size := 0
	limit := -1 // a regular file is read whole
	if syscall.Fstat(fd, &st) == nil {
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			limit = maxSpecial // a pipe or a device may never end
		} else if st.Size > 0 && st.Size < 1<<30 {
			size = int(st.Size)
		}
	}
	buf := make([]byte, 0, size+1) // one more byte, to see EOF in one read
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if limit >= 0 && len(buf) > limit {
			return nil, &fs.PathError{Op: "read", Path: name, Err: errTooLong}
		}
	}
}

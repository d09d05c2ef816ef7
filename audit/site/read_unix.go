//go:build unix

package site

import (
	"io/fs"
	"syscall"
)

// read reads the file name with plain system calls: open, fstat, read,
// close. os.ReadFile also hands each file to the runtime's network
// poller (fcntl and epoll_ctl, which fail for a regular file), which
// doubles the system calls of reading a small file; where system calls
// are dear, as under a sandboxing kernel, an audit of thousands of small
// files spends most of its time there. With head, any file is read up to
// limit bytes; without, a regular file is read whole and another fails
// past limit.
func read(name string, limit int, head bool) ([]byte, error) {
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
	max := -1 // a regular file is read whole
	if head {
		max = limit
	}
	if syscall.Fstat(fd, &st) == nil {
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			max = limit // a pipe or a device may never end
		} else if st.Size > 0 && st.Size < 1<<30 {
			size = int(st.Size)
		}
	}
	if head {
		size = min(size, limit)
	}
	buf := make([]byte, 0, size+1) // one more byte, to see EOF in one read
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		end := cap(buf)
		if head {
			end = min(end, limit)
		}
		n, err := syscall.Read(fd, buf[len(buf):end])
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
		if head && len(buf) >= limit {
			return buf, nil
		}
		if max >= 0 && len(buf) > max {
			return nil, &fs.PathError{Op: "read", Path: name, Err: ErrTooLong}
		}
	}
}

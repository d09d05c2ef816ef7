//go:build unix

package site

import (
	"io/fs"
	"math"
	"syscall"
)

// read reads the file name with plain system calls: open, fstat, read,
// close (see readInto). os.ReadFile also hands each file to the runtime's network
// poller (fcntl and epoll_ctl, which fail for a regular file), which
// doubles the system calls of reading a small file; where system calls
// are dear, as under a sandboxing kernel, an audit of thousands of small
// files spends most of its time there. With head, any file is read up to
// limit bytes; without, a regular file is read whole and another fails
// past limit.
func read(name string, limit int, head bool) ([]byte, error) {
	src, _, err := readInto(name, limit, head, false)
	return src, err
}

// readLarge is ReadLarge.
func readLarge(name string, limit int) ([]byte, func(), error) {
	return readInto(name, limit, false, true)
}

// readInto is read; with large, a regular file of LargeFile bytes or
// more is read into an anonymous mapping (see ReadLarge), and free
// unmaps it.
func readInto(name string, limit int, head, large bool) (src []byte, free func(), err error) {
	var fd int
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC
	if head {
		// A named pipe blocks the open until a writer comes: a
		// configuration or a page's head is opened without waiting, and
		// refused below when it is no regular file.
		flags |= syscall.O_NONBLOCK
	}
	for {
		fd, err = syscall.Open(name, flags, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	size := 0
	max := -1 // a regular file is read whole
	if head {
		max = limit
	}
	if syscall.Fstat(fd, &st) == nil {
		if head && st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: ErrNotRegular}
		}
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			max = limit // a pipe or a device may never end
		} else if st.Size > 0 && st.Size < math.MaxInt {
			// Sized from the start: a file of a gigabyte read in doubling
			// buffers would cost three.
			size = int(st.Size)
		}
	}
	if head {
		size = min(size, limit)
	}
	var mapped []byte // buf's memory, when it is a mapping
	if large && max < 0 && size >= LargeFile {
		mapped = mapAnon(size + 1)
	}
	defer func() {
		if mapped != nil && err != nil {
			unmap(mapped)
		}
	}()
	buf := mapped[:0]
	if mapped == nil {
		buf = make([]byte, 0, size+1) // one more byte, to see EOF in one read
	}
	for {
		if len(buf) == cap(buf) {
			if mapped != nil { // the file grew since fstat: on to the heap
				buf = append(make([]byte, 0, 2*len(buf)), buf...)
				unmap(mapped)
				mapped = nil
			}
			buf = append(buf, 0)[:len(buf)]
		}
		end := cap(buf)
		if head {
			end = min(end, limit)
		}
		var n int
		n, err = syscall.Read(fd, buf[len(buf):end])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			if mapped != nil {
				m := mapped
				// Clipped, so that an append copies to the heap.
				return buf[:len(buf):len(buf)], func() { unmap(m) }, nil
			}
			return buf, nil, nil
		}
		buf = buf[:len(buf)+n]
		if head && len(buf) >= limit {
			return buf, nil, nil
		}
		if max >= 0 && len(buf) > max {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: ErrTooLong}
		}
	}
}

//go:build unix && !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package site

// mapAnon returns nil: here large files are read into the heap.
func mapAnon(int) []byte { return nil }

var unmap = func([]byte) {}

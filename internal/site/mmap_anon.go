//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package site

import "syscall"

// mapAnon returns n bytes of an anonymous private mapping, or nil when
// the system refuses one (the caller then uses the heap).
func mapAnon(n int) []byte {
	m, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return m
}

// unmap gives back a mapping of mapAnon: a variable, for the tests.
var unmap = func(m []byte) { _ = syscall.Munmap(m) }

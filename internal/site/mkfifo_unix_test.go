//go:build unix

package site

import "syscall"

// mkfifo makes a named pipe, for the tests that a run never waits on one.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

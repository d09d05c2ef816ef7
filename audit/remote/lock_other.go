//go:build !unix

package remote

import "os"

// lockDir does nothing where there is no flock: runs that share a cache
// still merge what they find into it, but two that save at the same
// moment may lose the entries of one.
func lockDir(string) (func(), error) { return func() {}, nil }

// openNoFollow opens path for reading; the caller checked with Lstat
// that it is no symbolic link.
func openNoFollow(path string) (*os.File, error) { return os.Open(path) }

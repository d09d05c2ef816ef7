//go:build !unix

package safewrite

import (
	"io/fs"
	"os"
)

// links returns 1: hard links are not counted on this system.
func links(fs.FileInfo) int { return 1 }

// chown does nothing: file ownership is not Unix's on this system.
func chown(*os.File, fs.FileInfo) error { return nil }

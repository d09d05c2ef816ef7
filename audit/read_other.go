//go:build !unix

package audit

import "os"

// readFile reads the file name.
func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

//go:build unix

package audit

import (
	"errors"
	"testing"
)

// TestReadFileDeviceCapped: a named device that never ends (/dev/zero) is
// read up to maxSpecial bytes, then refused, instead of until memory runs
// out.
func TestReadFileDeviceCapped(t *testing.T) {
	src, err := readFile("/dev/zero")
	if !errors.Is(err, errTooLong) || src != nil {
		t.Fatalf("readFile(/dev/zero) = %d bytes, %v; want an error wrapping %v", len(src), err, errTooLong)
	}
	if src, err := readFile("/dev/null"); err != nil || len(src) != 0 {
		t.Errorf("readFile(/dev/null) = %d bytes, %v; want nothing and no error", len(src), err)
	}
}

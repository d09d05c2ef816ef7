//go:build unix

package safewrite

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteFileFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.go")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := WriteFile(fifo, []byte("new")); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteFile(FIFO) = %v, want ErrNotRegular", err)
	}
}

// TestWriteFileOwner checks that the owner, the group and the set-group-ID
// bit survive, which only a privileged process can arrange to test.
func TestWriteFileOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user takes root")
	}
	dir := t.TempDir()
	path := write(t, dir, "a.go", 0o640)
	const uid, gid = 4242, 4243
	if err := os.Chown(path, uid, gid); err != nil {
		t.Skipf("cannot give the file away: %v", err)
	}
	if err := os.Chmod(path, 0o640|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != uid || st.Gid != gid {
		t.Errorf("WriteFile left owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	if info.Mode() != 0o640|os.ModeSetgid {
		t.Errorf("WriteFile left mode %v, want %v", info.Mode(), 0o640|os.ModeSetgid)
	}
}

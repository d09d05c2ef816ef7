//go:build unix

package main

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRemoteInterrupt sends SIGINT to the test while a link hangs: the
// run stops, still prints the finding it had, and exits 130.
func TestRemoteInterrupt(t *testing.T) {
	srv := newLinkServer(t)
	type outcome struct {
		code           int
		stdout, stderr string
	}
	done := make(chan outcome, 1)
	writeIn(t, srv, []string{"doc.md", "[a](URL/gone) [b](URL/slow)\n"})
	go func() {
		code, stdout, stderr := rerun(t, "-check", "-remote", "-timeout", "1m", "-retries", "0", "doc.md")
		done <- outcome{code, stdout, stderr}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for srv.count("/gone") == 0 || srv.count("/slow") == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the server saw no request for /gone and /slow")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Leave the answer of /gone time to reach the checker.
	time.Sleep(500 * time.Millisecond)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case o := <-done:
		if o.code != exitInterrupted || !strings.HasPrefix(o.stdout, "doc.md:1:5: ") || !strings.Contains(o.stderr, "interrupted") {
			t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 130, the finding of /gone and a note of the interrupt", o.code, o.stdout, o.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not stop at SIGINT")
	}
}

// TestRemoteInterruptNoFinding: Ctrl-C before any finding (the one link
// hangs) must not exit 0, which would pass a run that checked nothing.
func TestRemoteInterruptNoFinding(t *testing.T) {
	srv := newLinkServer(t)
	writeIn(t, srv, []string{"doc.md", "[b](URL/slow)\n"})
	done := make(chan int, 1)
	go func() {
		code, _, _ := rerun(t, "-check", "-remote", "-timeout", "1m", "-retries", "0", "doc.md")
		done <- code
	}()
	deadline := time.Now().Add(20 * time.Second)
	for srv.count("/slow") == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the server saw no request for /slow")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitInterrupted {
			t.Errorf("exit %d, want %d", code, exitInterrupted)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not stop at SIGINT")
	}
}

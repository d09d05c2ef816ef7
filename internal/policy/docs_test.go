package policy

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedDocsCurrent fails when docs/checks.md or README.md's
// category table no longer say what categories.go says.
func TestGeneratedDocsCurrent(t *testing.T) {
	checks, err := os.ReadFile("../../docs/checks.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(checks) != ChecksPage() {
		t.Errorf("docs/checks.md is stale: run go generate ./internal/policy")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want, ok := SpliceTable(readme)
	if !ok {
		t.Fatalf("README.md lacks the markers %q and %q", TableBegin, TableEnd)
	}
	if !bytes.Equal(readme, want) {
		t.Errorf("README.md's category table is stale: run go generate ./internal/policy")
	}
}

func TestSpliceTable(t *testing.T) {
	in := []byte("a\n" + TableBegin + "\nOLD-ROW\n" + TableEnd + "\nb\n")
	out, ok := SpliceTable(in)
	if !ok || !bytes.Contains(out, []byte("[`malformed`]")) || bytes.Contains(out, []byte("OLD-ROW")) ||
		!bytes.HasPrefix(out, []byte("a\n")) || !bytes.HasSuffix(out, []byte(TableEnd+"\nb\n")) {
		t.Errorf("SpliceTable = %q, %v", out, ok)
	}
	if _, ok := SpliceTable([]byte("no markers")); ok {
		t.Errorf("SpliceTable without markers reports ok")
	}
}

package docgen

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlagTable(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Bool("fix", false, "apply the safe fixes")
	fs.String("output", "text", "write findings as `format`: text | json")
	fs.Bool("old", false, "deprecated: use -fix")
	got := FlagTable(fs)
	want := "| flag | default | meaning |\n|---|---|---|\n" +
		"| `-fix` | `false` | apply the safe fixes |\n" +
		"| `-output format` | `text` | write findings as format: text \\| json |\n"
	if got != want {
		t.Errorf("FlagTable = %q, want %q", got, want)
	}
}

func TestCheckAndUpdate(t *testing.T) {
	begin, end := Markers("flags")
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte("intro\n"+begin+"\nold\n"+end+"\nafter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Check(path, "flags", "new\n", false); err == nil || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("Check of a stale block = %v, want a stale error", err)
	}
	if err := Check(path, "flags", "new\n", true); err != nil {
		t.Fatal(err)
	}
	if err := Check(path, "flags", "new\n", false); err != nil {
		t.Fatalf("Check after update = %v", err)
	}
	b, _ := os.ReadFile(path)
	if want := "intro\n" + begin + "\nnew\n" + end + "\nafter\n"; string(b) != want {
		t.Errorf("file = %q, want %q", b, want)
	}
	if err := Check(path, "missing", "x", false); err == nil {
		t.Error("Check of a missing block succeeded")
	}
}

// TestBlock checks a block of another source: its begin marker says
// where it comes from, and a stale page's error gives its own command.
func TestBlock(t *testing.T) {
	b := Block{Name: "graph", From: "go list", Update: "go test ./integration -run TestLayers -update"}
	begin, end := b.Markers()
	if want := "<!-- graph:begin (generated from go list; go test ./integration -run TestLayers -update) -->"; begin != want {
		t.Errorf("begin marker %q, want %q", begin, want)
	}
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte(begin+"\nold\n"+end+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := b.Check(path, "new\n", false)
	if err == nil || !strings.HasSuffix(err.Error(), "stale: run go test ./integration -run TestLayers -update") {
		t.Errorf("Check of a stale block = %v, want the block's own command", err)
	}
	if _, err := Splice(begin+"\n"+end, "graph", "x"); err == nil {
		t.Error("a flag table's Splice found a block of another source")
	}
}

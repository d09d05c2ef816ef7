package confine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInside: a link that points outside leads outside whether or not
// its target exists, so that the answer tells nothing of the outside.
func TestInside(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(top, "repo")
	outside := filepath.Join(top, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "docs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "secret"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"docs/out":      outside,                 // a folder outside
		"docs/gone":     filepath.Join(top, "x"), // a dangling link outside
		"docs/up":       "../..",
		"docs/in":       "..",
		"docs/chain":    "gone",         // a link to a dangling link outside
		"docs/dangling": "nothing/here", // a dangling link inside
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		rel  string
		want bool
	}{
		{"docs", true},
		{"docs/missing/file", true},
		{"docs/out", false},
		{"docs/out/secret", false},
		{"docs/out/missing", false},
		{"docs/gone", false},
		{"docs/gone/deeper", false},
		{"docs/up", false},
		{"docs/up/repo", true},
		{"docs/in/docs", true},
		{"docs/chain", false},
		{"docs/chain/x", false},
		{"docs/dangling", true},
		{"../outside", false},
	}
	for _, tt := range tests {
		if got := Inside(root, filepath.Join(root, tt.rel)); got != tt.want {
			t.Errorf("Inside(root, %q) = %v, want %v (real %q)", tt.rel, got, tt.want, Real(filepath.Join(root, tt.rel)))
		}
	}
}

// TestLoop: a loop of links ends.
func TestLoop(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("b", filepath.Join(dir, "a")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a", filepath.Join(dir, "b")); err != nil {
		t.Fatal(err)
	}
	if !Inside(dir, filepath.Join(dir, "a", "x")) {
		t.Errorf("a loop of links inside the root leads outside")
	}
}

// TestLongPath: a path of a million names (a configuration value of 2
// MB) costs time linear in its length: the file system is not asked
// past the first missing name.
func TestLongPath(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, strings.Repeat("a"+string(filepath.Separator), 1_000_000))
	start := time.Now()
	if !Inside(dir, p) {
		t.Errorf("a long path below the root leads outside")
	}
	if Inside(dir, p+strings.Repeat(string(filepath.Separator)+"..", 1_000_002)) {
		t.Errorf("a long path that climbs back above the root stays inside")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Inside of a path of a million names took %v", d)
	}
}

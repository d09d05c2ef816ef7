package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadTwoNames: a directory with both .urilint.yaml and .urilint.yml
// is an error naming both, not one of them silently.
func TestLoadTwoNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o777); err != nil {
		t.Fatal(err)
	}
	for _, n := range Names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("version: 1\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), ".urilint.yaml and ") || !strings.Contains(err.Error(), ".urilint.yml:") {
		t.Fatalf("Load with both names: %v, want an error naming both", err)
	}
	if err := os.Remove(filepath.Join(dir, ".urilint.yml")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir); err != nil {
		t.Fatalf("Load with one name: %v", err)
	}
}

package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// oneName returns an error when the directory of the configuration file
// p holds another of Names too (".urilint.yml" beside ".urilint.yaml"):
// which one counts would be a guess, and an edit of the other would
// silently change nothing.
func oneName(p string) error {
	dir := filepath.Dir(p)
	var found []string
	for _, n := range Names {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			found = append(found, filepath.Join(dir, n))
		}
	}
	if len(found) > 1 {
		return fmt.Errorf("%s: the configuration is in %s: keep one", strings.Join(found, " and "), plural(len(found)))
	}
	return nil
}

func plural(n int) string {
	if n == 2 {
		return "two files"
	}
	return fmt.Sprintf("%d files", n)
}

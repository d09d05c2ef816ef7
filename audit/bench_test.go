package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gitignoreTree writes a work tree of files Markdown files in 100
// directories and a .gitignore of patterns patterns, a mix of the shapes
// real ones have: names, globs, anchored paths and negations.
func gitignoreTree(b testing.TB, files, patterns int) string {
	dir := b.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	var ign strings.Builder
	for i := range patterns {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&ign, "generated-%d.md\n", i)
		case 1:
			fmt.Fprintf(&ign, "*.tmp%d\n", i)
		case 2:
			fmt.Fprintf(&ign, "/build%d/\n", i)
		case 3:
			fmt.Fprintf(&ign, "!keep-%d.md\n", i)
		}
	}
	ign.WriteString("d7/\n")
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(ign.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for i := range files {
		d := filepath.Join(dir, fmt.Sprintf("d%d", i%100))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("generated-%d.md", i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkGitignore walks 10,000 files under a .gitignore of 10,000
// patterns (issue 19, item 11): the cost must not be patterns × files.
func BenchmarkGitignore(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := gitignoreTree(b, n, n)
			b.ResetTimer()
			for b.Loop() {
				a := newAuditor(Config{})
				kept := 0
				a.collect([]string{dir}, func(f *File) {
					if !f.failed {
						kept++
					}
				})
				if kept == 0 || kept >= n {
					b.Fatalf("kept %d of %d files", kept, n)
				}
			}
		})
	}
}

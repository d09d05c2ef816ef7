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

// docsTree writes the tree of scripts/bench-audit.sh: files Markdown
// files in folders of 100, ten links each (siblings, headings of the
// same file and of others, folders, a line of a Go file, an absolute
// URI, and a reference definition whose fragment is missing in every
// other file), in a git work tree.
func docsTree(b testing.TB, files int) string {
	dir := b.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {\n}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for i := range files {
		d := i / 100
		j, k := (i*7+3)%files, (i*13+5)%files
		s := d*100 + (i%100+1)%100
		if s >= files {
			s = d * 100
		}
		var src strings.Builder
		fmt.Fprintf(&src, "# File %d\n\nIntro with [a sibling](f%d.md) and [the top](#file-%d).\n\n", i, s, i)
		fmt.Fprintf(&src, "## Setup Steps\n\nSee [another file](../d%d/f%d.md), [its setup](../d%d/f%d.md#setup-steps) and [the usage of a third](/d%d/f%d.md#usage).\n\n", j/100, j, j/100, j, k/100, k)
		fmt.Fprintf(&src, "## Usage\n\nThe [directory](../d%d/), [main](/main.go#L3), [same file setup](#setup-steps), <https://example.com/page/%d>\n", k/100, i)
		fmt.Fprintf(&src, "and [a reference][ref%d].\n\n", i)
		if i%2 == 0 {
			fmt.Fprintf(&src, "[ref%d]: ../d%d/f%d.md#file-%d\n", i, j/100, j, j)
		} else {
			fmt.Fprintf(&src, "[ref%d]: ../d%d/f%d.md#no-such-heading\n", i, j/100, j)
		}
		p := filepath.Join(dir, fmt.Sprintf("d%d", d), fmt.Sprintf("f%d.md", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkRun audits the tree of scripts/bench-audit.sh as
// uriextract -check does (findings streamed, sources dropped): what a
// file of a docs tree costs, and allocates, from its read to its
// findings.
func BenchmarkRun(b *testing.B) {
	const files = 2000
	dir := docsTree(b, files)
	b.ResetTimer()
	for b.Loop() {
		found := 0
		r := Run(Config{DropSource: true, Emit: func(_ *File, fs []Finding) { found += len(fs) }}, []string{dir})
		if len(r.Errors) > 0 || found != files/2 {
			b.Fatalf("%d findings, errors %v; want %d", found, r.Errors, files/2)
		}
	}
}

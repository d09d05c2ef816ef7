package audit

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// globPatterns are .gitignore patterns with "**" and wildcards in their
// segments, each indexed by another key (or none).
var globPatterns = []string{"**/vendor/**", "**/*.log", "**/tmp-*", "docs/**/gen", "**/a/b/*.md", "**/[ab]?",
	"**/x*y/**", "!**/keep-*", "*.draft", "pre*", "**/*", "a**b", "**/gen/", "/**/top.md", "**/c[de]f.md"}

// TestGitignoreGlobs: the index answers as go-git's matcher does for
// patterns with "**" and wildcards, asked in order.
func TestGitignoreGlobs(t *testing.T) {
	for skip := range globPatterns {
		// Without one pattern at a time, so that "**/*", which matches
		// everything, does not hide what the others say.
		var pats []string
		for i, p := range globPatterns {
			if i != skip {
				pats = append(pats, p)
			}
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(strings.Join(pats, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var all []gitignore.Pattern
		for _, p := range pats {
			all = append(all, gitignore.ParsePattern(p, nil))
		}
		want := gitignore.NewMatcher(all)
		tree := newGitTree(dir)
		rels := []string{"vendor", "x/vendor/m.go", "a.log", "d/e/f.log", "tmp-1", "d/tmp-2/z", "docs/gen", "docs/a/gen", "a/b/c.md",
			"q/a/b/c.md", "ab", "q/bz", "xzy/f", "q/xy/f", "keep-1", "n.draft", "prefix.md", "aXb", "gen", "q/gen", "top.md", "q/cef.md", "plain.md"}
		n := 0
		for _, rel := range rels {
			for _, isDir := range []bool{false, true} {
				got := tree.ignored(filepath.Join(dir, filepath.FromSlash(rel)), isDir)
				if w := want.Match(strings.Split(rel, "/"), isDir); got != w {
					t.Errorf("without %q: ignored(%q, dir %v) = %v, go-git says %v", globPatterns[skip], rel, isDir, got, w)
				}
				if got {
					n++
				}
			}
		}
		if n == 0 {
			t.Errorf("without %q: nothing ignored", globPatterns[skip])
		}
	}
}

// TestGitignoreAsksFew: a path asks few patterns, however many "**"
// patterns the .gitignore holds: 1,000 of them over 100,000 files took
// 44 s when each path asked each pattern.
func TestGitignoreAsksFew(t *testing.T) {
	for _, n := range []int{100, 1000} {
		dir := t.TempDir()
		var ign strings.Builder
		shapes := []string{"**/gen-%d/**", "**/*.tmp%d", "**/build-%d-*", "out/**/cache-%d", "**/*-%d/"}
		for i := range n {
			fmt.Fprintf(&ign, shapes[i%len(shapes)]+"\n", i)
		}
		if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(ign.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		tree := newGitTree(dir)
		ignored := 0
		for i := range 1000 {
			rel := path.Join(fmt.Sprintf("d%d", i%10), fmt.Sprintf("gen-%d", i%n), fmt.Sprintf("f%d.tmp%d", i, i%n))
			if tree.ignored(filepath.Join(dir, filepath.FromSlash(rel)), false) {
				ignored++
			}
		}
		if ignored == 0 {
			t.Errorf("%d patterns: nothing ignored", n)
		}
		if per := float64(tree.asked) / 1000; per > 4 {
			t.Errorf("%d patterns: a path asked %.1f patterns, want at most 4", n, per)
		}
	}
}

// FuzzGitignoreIndex: for any .gitignore and any path, the index asks
// the patterns that go-git's matcher needs: asking every pattern gives
// the same answer.
func FuzzGitignoreIndex(f *testing.F) {
	f.Add(strings.Join(globPatterns, "\n"), "q/a/b/c.md", false)
	f.Add("*.log\nbuild/\n!keep.log\n**/x*y/**\n", "d/xzy/f.log", true)
	f.Add("a/**/b\n/**/top\n*.[ch]\n", "a/x/b", false)
	f.Fuzz(func(t *testing.T, ignore, rel string, dir bool) {
		if len(ignore) > 4096 || rel == "" || strings.HasPrefix(rel, "/") || strings.HasSuffix(rel, "/") || strings.Contains(rel, "//") {
			return
		}
		f := parseIgnore([]byte(ignore), nil)
		path := strings.Split(rel, "/")
		// Every pattern asked, last first, against the index's few.
		want := gitignore.NewMatcher(f.pats).Match(path, dir)
		var asked int
		m, _ := f.match(path, dir, nil, &asked)
		if got := m == gitignore.Exclude; got != want {
			t.Fatalf(".gitignore %q: %q (dir %v) ignored %v, go-git says %v", ignore, rel, dir, got, want)
		}
	})
}

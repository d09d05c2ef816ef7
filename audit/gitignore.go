package audit

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// gitTree decides what git ignores in one work tree, by the .gitignore
// files from the top down to each directory and .git/info/exclude, read
// with go-git's gitignore package, which implements git's pattern rules.
type gitTree struct {
	top  string
	pats map[string][]gitignore.Pattern // by directory: every pattern in force there
}

func newGitTree(top string) *gitTree {
	t := &gitTree{top: top, pats: map[string][]gitignore.Pattern{}}
	var base []gitignore.Pattern
	if src, err := os.ReadFile(filepath.Join(top, ".git", "info", "exclude")); err == nil {
		base = parsePatterns(src, nil)
	}
	t.pats[""] = append(base, t.read("", nil)...)
	return t
}

// read returns the patterns of the .gitignore in directory rel (slash
// separated, relative to the top).
func (t *gitTree) read(rel string, domain []string) []gitignore.Pattern {
	src, err := os.ReadFile(filepath.Join(t.top, filepath.FromSlash(rel), ".gitignore"))
	if err != nil {
		return nil
	}
	return parsePatterns(src, domain)
}

func parsePatterns(src []byte, domain []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

// patterns returns the patterns in force in directory rel.
func (t *gitTree) patterns(rel string) []gitignore.Pattern {
	if ps, ok := t.pats[rel]; ok {
		return ps
	}
	parent := path.Dir(rel)
	if parent == "." {
		parent = ""
	}
	up := t.patterns(parent)
	domain := strings.Split(rel, "/")
	ps := slices.Concat(up, t.read(rel, domain))
	t.pats[rel] = ps
	return ps
}

// ignored reports whether git ignores abs, a file or directory in the tree.
func (t *gitTree) ignored(abs string, dir bool) bool {
	rel, err := filepath.Rel(t.top, abs)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return false
	}
	rel = filepath.ToSlash(rel)
	parent := path.Dir(rel)
	if parent == "." {
		parent = ""
	}
	return gitignore.NewMatcher(t.patterns(parent)).Match(strings.Split(rel, "/"), dir)
}

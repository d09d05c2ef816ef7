package audit

import (
	"bufio"
	"bytes"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// gitTree decides what git ignores in one work tree, by the .gitignore
// files from the top down to each directory and .git/info/exclude, read
// with go-git's gitignore package, which implements git's pattern rules.
//
// Asking every pattern about every file costs patterns × files (10,000
// patterns over 10,000 files took minutes), so each .gitignore is indexed
// once: a pattern that is a plain name, "*" and a plain suffix, or a path
// whose first segment is plain can match only a path with that name,
// suffix or first segment, and only those patterns are asked, besides the
// few of other shapes. The answer is go-git's, for the patterns asked.
type gitTree struct {
	top  string
	dirs map[string][]*ignoreFile // by directory: the files in force there, outermost first
}

// ignoreFile is the indexed patterns of one .gitignore (or of
// .git/info/exclude).
type ignoreFile struct {
	domain   []string // the directory of the file, from the top
	pats     []gitignore.Pattern
	names    map[string][]int // a plain name -> the patterns that are it
	suffixes map[string][]int // "*" and a plain suffix -> the patterns
	sufLens  []int            // the lengths of the keys of suffixes
	firsts   map[string][]int // the plain first segment of a path pattern
	others   []int            // patterns asked about every path
}

func newGitTree(top string) *gitTree {
	t := &gitTree{top: top, dirs: map[string][]*ignoreFile{}}
	var files []*ignoreFile
	if src, err := readFile(filepath.Join(top, ".git", "info", "exclude")); err == nil {
		files = append(files, parseIgnore(src, nil))
	}
	if f := t.read("", nil); f != nil {
		files = append(files, f)
	}
	t.dirs[""] = files
	return t
}

// read returns the patterns of the .gitignore in directory rel (slash
// separated, relative to the top), or nil.
func (t *gitTree) read(rel string, domain []string) *ignoreFile {
	src, err := readFile(filepath.Join(t.top, filepath.FromSlash(rel), ".gitignore"))
	if err != nil {
		return nil
	}
	return parseIgnore(src, domain)
}

// hasMeta reports whether a pattern segment holds a wildcard or an escape.
func hasMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

func parseIgnore(src []byte, domain []string) *ignoreFile {
	f := &ignoreFile{domain: domain, names: map[string][]int{}, suffixes: map[string][]int{}, firsts: map[string][]int{}}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := len(f.pats)
		f.pats = append(f.pats, gitignore.ParsePattern(line, domain))
		// The shape of the pattern, as ParsePattern reads it.
		p := strings.TrimPrefix(line, "!")
		if !strings.HasSuffix(p, `\ `) {
			p = strings.TrimRight(p, " ")
		}
		p = strings.TrimSuffix(p, "/")
		switch {
		case p == "" || strings.Contains(p, `\`):
			f.others = append(f.others, i)
		case strings.Contains(p, "/"):
			first := strings.TrimPrefix(p, "/")
			if k := strings.IndexByte(first, '/'); k >= 0 {
				first = first[:k]
			}
			if first == "" || hasMeta(first) {
				f.others = append(f.others, i)
			} else {
				f.firsts[first] = append(f.firsts[first], i)
			}
		case !hasMeta(p):
			f.names[p] = append(f.names[p], i)
		case p[0] == '*' && len(p) > 1 && !hasMeta(p[1:]):
			suf := p[1:]
			if !slices.Contains(f.sufLens, len(suf)) {
				f.sufLens = append(f.sufLens, len(suf))
			}
			f.suffixes[suf] = append(f.suffixes[suf], i)
		default:
			f.others = append(f.others, i)
		}
	}
	return f
}

// match returns what the patterns of f say of path (from the top), the
// last pattern that matches deciding, as in git.
func (f *ignoreFile) match(path []string, dir bool, cand []int) (gitignore.MatchResult, []int) {
	if len(path) <= len(f.domain) {
		return gitignore.NoMatch, cand
	}
	for i, d := range f.domain {
		if path[i] != d {
			return gitignore.NoMatch, cand
		}
	}
	rel := path[len(f.domain):]
	cand = append(cand[:0], f.others...)
	cand = append(cand, f.firsts[rel[0]]...)
	for _, name := range rel {
		cand = append(cand, f.names[name]...)
		for _, n := range f.sufLens {
			if len(name) >= n {
				cand = append(cand, f.suffixes[name[len(name)-n:]]...)
			}
		}
	}
	slices.Sort(cand)
	for k := len(cand) - 1; k >= 0; k-- {
		if k+1 < len(cand) && cand[k] == cand[k+1] {
			continue
		}
		if m := f.pats[cand[k]].Match(path, dir); m != gitignore.NoMatch {
			return m, cand
		}
	}
	return gitignore.NoMatch, cand
}

// files returns the ignore files in force in directory rel.
func (t *gitTree) files(rel string) []*ignoreFile {
	if fs, ok := t.dirs[rel]; ok {
		return fs
	}
	parent := path.Dir(rel)
	if parent == "." {
		parent = ""
	}
	fs := t.files(parent)
	if f := t.read(rel, strings.Split(rel, "/")); f != nil {
		fs = append(slices.Clip(fs), f)
	}
	t.dirs[rel] = fs
	return fs
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
	p := strings.Split(rel, "/")
	fs := t.files(parent)
	var cand []int
	for i := len(fs) - 1; i >= 0; i-- {
		var m gitignore.MatchResult
		m, cand = fs[i].match(p, dir, cand)
		if m != gitignore.NoMatch {
			return m == gitignore.Exclude
		}
	}
	return false
}

package audit

import (
	"bufio"
	"bytes"
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/site"
)

// gitTree decides what git ignores in one work tree, by the .gitignore
// files from the top down to each directory and .git/info/exclude, read
// with go-git's gitignore package, which implements git's pattern rules.
//
// Asking every pattern about every file costs patterns × files (10,000
// patterns over 10,000 files took minutes; 1,000 "**" patterns over
// 100,000 files 44 s), so each .gitignore is indexed once, by what a
// path must hold for a pattern to match it: the plain first segment of a
// path pattern ("build/**"), else a plain segment anywhere ("name",
// "**/vendor/**"), else the literal prefix or suffix of a segment
// ("*.log", "**/tmp-*"). A path asks only the patterns of its names'
// keys, at a cost of its length, besides the few patterns with no
// literal character at all. The answer is go-git's, for the patterns
// asked.
type gitTree struct {
	top   string
	dirs  map[string][]*ignoreFile // by directory: the files in force there, outermost first
	asked int                      // patterns asked about a path, for the tests
	// submodules are the paths of the submodules .gitmodules declares,
	// slash separated from the top.
	submodules []string
}

// ignoreFile is the indexed patterns of one .gitignore (or of
// .git/info/exclude).
type ignoreFile struct {
	domain   []string // the directory of the file, from the top
	pats     []gitignore.Pattern
	names    map[string][]int // a plain segment -> the patterns that have it
	prefixes affixes          // the literal prefix of a segment with wildcards
	suffixes affixes          // the literal suffix of one
	firsts   map[string][]int // the plain first segment of a path pattern
	others   []int            // patterns asked about every path
}

func newGitTree(top string) *gitTree {
	t := &gitTree{top: top, dirs: map[string][]*ignoreFile{}}
	var files []*ignoreFile
	if src, err := t.readInside(filepath.Join(top, ".git", "info", "exclude")); err == nil {
		files = append(files, parseIgnore(src, nil))
	}
	if f := t.read("", nil); f != nil {
		files = append(files, f)
	}
	t.dirs[""] = files
	if src, err := t.readInside(filepath.Join(top, ".gitmodules")); err == nil {
		t.submodules = site.SubmodulePaths(src)
	}
	return t
}

// read returns the patterns of the .gitignore in directory rel (slash
// separated, relative to the top), or nil.
func (t *gitTree) read(rel string, domain []string) *ignoreFile {
	src, err := t.readInside(filepath.Join(t.top, filepath.FromSlash(rel), ".gitignore"))
	if err != nil {
		return nil
	}
	return parseIgnore(src, domain)
}

// errOutside is the error of readInside for a file a link leads out of
// the work tree.
var errOutside = errors.New("leads outside the work tree")

// readInside reads the regular file name, unless a symbolic link leads
// it outside the work tree (a committed .gitignore -> /etc/passwd is not
// read: docs/security.md) or it is no regular file (a FIFO would block).
func (t *gitTree) readInside(name string) ([]byte, error) {
	if !confine.Inside(t.top, name) {
		return nil, errOutside
	}
	return site.ReadRegular(name)
}

// hasMeta reports whether a pattern segment holds a wildcard or an escape.
func hasMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

func parseIgnore(src []byte, domain []string) *ignoreFile {
	f := &ignoreFile{domain: domain, names: map[string][]int{}, firsts: map[string][]int{}}
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
		segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
		switch {
		case p == "" || strings.Contains(p, `\`):
			f.others = append(f.others, i)
		case strings.Contains(p, "/") && segs[0] != "" && !hasMeta(segs[0]):
			// Matched from the path's first name on: the most selective.
			f.firsts[segs[0]] = append(f.firsts[segs[0]], i)
		default:
			f.indexSegments(segs, i)
		}
	}
	return f
}

// An affix is a literal prefix or suffix of a pattern segment: what
// filepath.Match compares byte for byte before the first wildcard or
// after the last one.
type affixes struct {
	keys map[string][]int // the affix -> the patterns
	lens []int            // the lengths of the keys, ascending
}

func (a *affixes) add(key string, i int) {
	if a.keys == nil {
		a.keys = map[string][]int{}
	}
	if k, ok := slices.BinarySearch(a.lens, len(key)); !ok {
		a.lens = slices.Insert(a.lens, k, len(key))
	}
	a.keys[key] = append(a.keys[key], i)
}

// candidates appends the patterns of the affixes that name has, by
// prefix or suffix: one look-up for each length up to the name's own,
// so a path costs its length, not the number of patterns.
func (a *affixes) candidates(name string, suffix bool, cand []int) []int {
	for _, n := range a.lens {
		if n > len(name) {
			break
		}
		key := name[:n]
		if suffix {
			key = name[len(name)-n:]
		}
		cand = append(cand, a.keys[key]...)
	}
	return cand
}

// literalAffixes returns the literal prefix and suffix of a segment with
// wildcards: before the first of "*?[\", after the last of "*?[]\".
func literalAffixes(seg string) (prefix, suffix string) {
	prefix = seg[:strings.IndexAny(seg, `*?[\`)]
	suffix = seg[strings.LastIndexAny(seg, `*?[]\`)+1:]
	return prefix, suffix
}

// indexSegments indexes pattern i by one of segs, which go-git matches
// each against some name of the path (any of them: "**" stands for any
// number of names, and a pattern without "/" is asked of each name): a
// plain segment must be that name, and a segment with wildcards must
// start and end with its literal prefix and suffix. The first key found
// is taken: a plain segment, else the longest affix; a pattern with
// none ("**/[ab]?") is asked about every path.
func (f *ignoreFile) indexSegments(segs []string, i int) {
	for _, seg := range segs {
		if seg != "" && seg != "**" && !hasMeta(seg) {
			f.names[seg] = append(f.names[seg], i)
			return
		}
	}
	best, suffix := "", false
	for _, seg := range segs {
		if seg == "" || seg == "**" {
			continue
		}
		pre, suf := literalAffixes(seg)
		if len(pre) > len(best) {
			best, suffix = pre, false
		}
		if len(suf) > len(best) {
			best, suffix = suf, true
		}
	}
	switch {
	case best == "":
		f.others = append(f.others, i)
	case suffix:
		f.suffixes.add(best, i)
	default:
		f.prefixes.add(best, i)
	}
}

// match returns what the patterns of f say of path (from the top), the
// last pattern that matches deciding, as in git.
func (f *ignoreFile) match(path []string, dir bool, cand []int, asked *int) (gitignore.MatchResult, []int) {
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
		cand = f.prefixes.candidates(name, false, cand)
		cand = f.suffixes.candidates(name, true, cand)
	}
	slices.Sort(cand)
	for k := len(cand) - 1; k >= 0; k-- {
		if k+1 < len(cand) && cand[k] == cand[k+1] {
			continue
		}
		*asked++
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
		m, cand = fs[i].match(p, dir, cand, &t.asked)
		if m != gitignore.NoMatch {
			return m == gitignore.Exclude
		}
	}
	return false
}

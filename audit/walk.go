package audit

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// skipDirs are never walked: version control and installed dependencies.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true}

// walk returns the files that paths name: a file as it is, a directory
// walked for .md, .markdown, .txt, .html and .htm files. Each file is
// listed once.
func (a *auditor) walk(paths []string) []*File {
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	var files []*File
	seen := map[string]bool{}
	trees := map[string]*gitTree{}
	add := func(name, abs, root string) {
		if seen[abs] {
			return
		}
		seen[abs] = true
		k := kindOf(name)
		switch a.cfg.Format {
		case "text":
			k = kindText
		case "markdown":
			k = kindMarkdown
		}
		files = append(files, &File{Name: name, abs: abs, root: root, kind: k})
	}
	for _, p := range paths {
		if p == "-" {
			src, err := io.ReadAll(a.cfg.Stdin)
			if err != nil {
				a.fail(errorf(StdinName, "%v", err))
				continue
			}
			k := kindText
			if a.cfg.Format == "markdown" {
				k = kindMarkdown
			}
			files = append(files, &File{Name: StdinName, Src: src, kind: k})
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			a.fail(err)
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			a.fail(err)
			continue
		}
		dir := abs
		if !info.IsDir() {
			dir = filepath.Dir(abs)
		}
		top := gitTop(dir)
		root := a.cfg.Root
		switch {
		case root != "":
			if root, err = filepath.Abs(root); err != nil {
				a.fail(err)
				continue
			}
			if info, err := os.Stat(root); err != nil || !info.IsDir() {
				a.fail(errorf(a.cfg.Root, "the root is not a directory"))
				continue
			}
		case top != "":
			root = top
		default:
			root = dir
		}
		if !info.IsDir() {
			add(p, abs, root)
			continue
		}
		var tree *gitTree
		if top != "" {
			if tree = trees[top]; tree == nil {
				tree = newGitTree(top)
				trees[top] = tree
			}
		}
		err = filepath.WalkDir(p, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				a.fail(err)
				return nil
			}
			fabs := abs
			if rel, err := filepath.Rel(p, name); err == nil {
				fabs = filepath.Join(abs, rel)
			}
			if name != p {
				if d.IsDir() && (skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				if a.excluded(root, fabs) || tree != nil && tree.ignored(fabs, d.IsDir()) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
			}
			if d.IsDir() {
				return nil
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".md", ".markdown", ".txt", ".html", ".htm":
			default:
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				// A document reached through a symbolic link is read as
				// its target, once however many names lead to it.
				info, err := os.Stat(name)
				if errors.Is(err, fs.ErrNotExist) {
					if target, lerr := os.Readlink(name); lerr == nil {
						a.fail(errorf(name, "broken symbolic link to %q", target))
						return nil
					}
				}
				if err != nil {
					a.fail(err)
					return nil
				}
				if !info.Mode().IsRegular() {
					return nil
				}
				if real, err := filepath.EvalSymlinks(fabs); err == nil {
					fabs = real
				}
			} else if !d.Type().IsRegular() {
				return nil // a pipe, socket or device: reading it could block
			}
			add(name, fabs, root)
			return nil
		})
		if err != nil {
			a.fail(err)
		}
	}
	return files
}

// excluded reports whether the file or directory abs matches a pattern
// of Config.Exclude.
func (a *auditor) excluded(root, abs string) bool {
	if len(a.cfg.Exclude) == 0 {
		return false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = abs
	}
	rel = filepath.ToSlash(rel)
	for _, pat := range a.cfg.Exclude {
		if !strings.Contains(pat, "/") {
			for _, elem := range strings.Split(rel, "/") {
				if ok, _ := path.Match(pat, elem); ok {
					return true
				}
			}
			continue
		}
		pat = strings.TrimSuffix(pat, "/")
		for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			if ok, _ := path.Match(pat, p); ok {
				return true
			}
		}
	}
	return false
}

// gitTop returns the top of the git work tree that holds dir: the nearest
// directory, dir or above, with a .git entry (a directory, or the file of
// a linked work tree or submodule); "" when there is none.
func gitTop(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

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

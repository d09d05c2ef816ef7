package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/urilint/urilint/audit/site"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// Directives, each in an HTML comment of its own.
const (
	dirNextLine = "urilint-disable-next-line"
	dirDisable  = "urilint-disable"
	dirEnable   = "urilint-enable"
)

// silencer knows which findings of one document its directives silence.
type silencer struct {
	lines   map[int]cats // line -> categories silenced there
	regions []region
}

// cats is a set of categories; nil is every category.
type cats map[uri.Category]bool

func (c cats) has(x uri.Category) bool { return c == nil || c[x] }

// region is a run of bytes, from the end of a disable directive to the
// start of the next enable (or the end of the document).
type region struct {
	from, to int
	cats     cats
}

// newSilencer reads the directives of a document's comments. A comment
// that starts with "urilint-" and is no directive, or names an unknown
// category, is an error.
func newSilencer(name string, comments []extract.Comment) (*silencer, []error) {
	s := &silencer{lines: map[int]cats{}}
	var errs []error
	open := -1 // index in s.regions of the open disable regions start
	for _, c := range comments {
		fields := strings.Fields(strings.ReplaceAll(c.Text, ",", " "))
		if len(fields) == 0 || !strings.HasPrefix(fields[0], "urilint-") {
			continue
		}
		set, err := parseCats(fields[1:])
		if err != nil {
			errs = append(errs, errorf(name+":"+c.Start.String(), "%v", err))
			continue
		}
		switch fields[0] {
		case dirNextLine:
			line := c.End.Line + 1
			if old, ok := s.lines[line]; ok && old != nil && set != nil {
				for k := range set {
					old[k] = true
				}
			} else if !ok || set == nil {
				s.lines[line] = set
			}
		case dirDisable:
			if open < 0 {
				open = len(s.regions)
			}
			s.regions = append(s.regions, region{from: c.End.Offset, to: -1, cats: set})
		case dirEnable:
			if open >= 0 {
				for i := open; i < len(s.regions); i++ {
					s.regions[i].to = c.Start.Offset
				}
				open = -1
			}
		default:
			errs = append(errs, errorf(name+":"+c.Start.String(), "%q is not a directive: want %s, %s or %s", fields[0], dirNextLine, dirDisable, dirEnable))
		}
	}
	return s, errs
}

func parseCats(names []string) (cats, error) {
	if len(names) == 0 {
		return nil, nil
	}
	set := cats{}
	for _, n := range names {
		if _, ok := policy.Lookup(uri.Category(n)); !ok {
			return nil, fmt.Errorf("unknown category %q (categories: %s)", n, strings.Join(policy.Names(), ", "))
		}
		set[uri.Category(n)] = true
	}
	return set, nil
}

// filter removes the silenced findings of out[from:].
func (s *silencer) filter(out []Finding, from int) []Finding {
	k := from
	for i := from; i < len(out); i++ {
		if !s.silenced(&out[i]) {
			out[k] = out[i]
			k++
		}
	}
	return out[:k]
}

func (s *silencer) silenced(f *Finding) bool {
	if c, ok := s.lines[f.Pos.Line]; ok && c.has(f.Category) {
		return true
	}
	for _, r := range s.regions {
		if f.Pos.Offset >= r.from && (r.to < 0 || f.Pos.Offset < r.to) && r.cats.has(f.Category) {
			return true
		}
	}
	return false
}

// IgnoreFile is the name of the file of URL regexps, in the root.
const IgnoreFile = ".urilintignore"

// urlIgnores holds the regexps of each root's ignore file.
type urlIgnores struct {
	a     *auditor
	mu    sync.Mutex
	roots map[string]*ignoreList
}

type ignoreList struct {
	once sync.Once
	res  []*regexp.Regexp
}

func newURLIgnores(a *auditor) *urlIgnores {
	return &urlIgnores{a: a, roots: map[string]*ignoreList{}}
}

// forRoot returns the ignore list of the root; nil when there is none.
func (u *urlIgnores) forRoot(root string) *ignoreList {
	if root == "" {
		return nil
	}
	u.mu.Lock()
	l := u.roots[root]
	if l == nil {
		l = &ignoreList{}
		u.roots[root] = l
	}
	u.mu.Unlock()
	l.once.Do(func() {
		name := filepath.Join(root, IgnoreFile)
		if _, err := os.Lstat(name); err != nil {
			if !os.IsNotExist(err) {
				u.a.fail(err)
			}
			return
		}
		// The repository's file: not one a link of it leads to outside
		// (an error would quote its lines), nor a pipe that never ends.
		if !confine.Inside(root, name) {
			u.a.fail(errorf(u.a.showRoot(name), "leads through a symbolic link outside the root: not read"))
			return
		}
		src, err := site.ReadRegular(name)
		if err != nil {
			if !os.IsNotExist(err) {
				u.a.fail(err)
			}
			return
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			re, err := regexp.Compile(line)
			if err != nil {
				u.a.fail(errorf(name+":"+strconv.Itoa(n), "%v", err))
				continue
			}
			l.res = append(l.res, re)
		}
	})
	return l
}

// match reports whether a regexp of the list matches the URI s.
func (l *ignoreList) match(s string) bool {
	if l == nil {
		return false
	}
	for _, re := range l.res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

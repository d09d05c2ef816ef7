package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
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
	dirs    []directive
	lines   map[int][]int // line -> the next-line directives (indexes in dirs) for it
	regions []region
	errs    []error // of the directives, reported by check
}

// directive is one silencing comment: where it is, and whether it gave a
// reason and silenced a finding of the run.
type directive struct {
	name   string
	pos    extract.Position
	col    int // pos.Column in characters
	cats   cats
	reason bool
	used   bool
}

// cats is a set of categories; nil is every category.
type cats map[uri.Category]bool

func (c cats) has(x uri.Category) bool { return c == nil || c[x] }

// region is a run of bytes, from the end of a disable directive to the
// start of the next enable (or the end of the document).
type region struct {
	from, to int
	dir      int // index in silencer.dirs
}

// reasonSep parts the categories of a directive from its reason, as in
// ESLint's directives: "urilint-disable-next-line broken-file -- the page
// is generated". A word that is not a category is never read as the
// start of a reason, so that a misspelt category stays an error rather
// than a directive that silences every category.
const reasonSep = "--"

// newSilencer reads the directives of a document's comments; src is the
// document's text, for the columns in characters. A comment that starts
// with "urilint-" and is no directive, or names an unknown category, is
// an error.
func newSilencer(name string, src []byte, comments []extract.Comment) (*silencer, []error) {
	s := &silencer{lines: map[int][]int{}}
	var errs []error
	open := -1 // index in s.regions of the open disable regions start
	for _, c := range comments {
		text, reason, _ := strings.Cut(c.Text, reasonSep)
		fields := strings.Fields(strings.ReplaceAll(text, ",", " "))
		if len(fields) == 0 || !strings.HasPrefix(fields[0], "urilint-") {
			continue
		}
		set, err := parseCats(fields[1:])
		if err != nil {
			errs = append(errs, errorf(name+":"+c.Start.String(), "%v", err))
			continue
		}
		d := directive{name: fields[0], pos: c.Start, col: charColumn(src, c.Start), cats: set, reason: strings.TrimSpace(reason) != ""}
		switch fields[0] {
		case dirNextLine:
			line := c.End.Line + 1
			s.lines[line] = append(s.lines[line], len(s.dirs))
		case dirDisable:
			if open < 0 {
				open = len(s.regions)
			}
			s.regions = append(s.regions, region{from: c.End.Offset, to: -1, dir: len(s.dirs)})
		case dirEnable:
			// An enable takes no categories and needs no reason: it ends
			// what the disable before it said.
			d.reason, d.used = true, true
			if open >= 0 {
				for i := open; i < len(s.regions); i++ {
					s.regions[i].to = c.Start.Offset
				}
				open = -1
			}
		default:
			errs = append(errs, errorf(name+":"+c.Start.String(), "%q is not a directive: want %s, %s or %s", fields[0], dirNextLine, dirDisable, dirEnable))
			continue
		}
		s.dirs = append(s.dirs, d)
	}
	return s, errs
}

// charColumn returns the column of p counted in characters, or its byte
// column when src does not hold the line (a decoded file).
func charColumn(src []byte, p extract.Position) int {
	start := p.Offset - (p.Column - 1)
	if start < 0 || p.Offset > len(src) {
		return p.Column
	}
	return utf8.RuneCount(src[start:p.Offset]) + 1
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

// filter removes the silenced findings of out[from:], and marks the
// directives that silence them as used.
func (s *silencer) filter(out []Finding, from int) []Finding {
	k := from
	for i := from; i < len(out); i++ {
		if !s.silence(&out[i], true) {
			out[k] = out[i]
			k++
		}
	}
	return out[:k]
}

// silenced reports whether a directive silences f, marking nothing: the
// remote check asks it of findings that may never be.
func (s *silencer) silenced(f *Finding) bool { return s.silence(f, false) }

// silence reports whether a directive silences f; with mark, every
// directive that does is marked as used.
func (s *silencer) silence(f *Finding, mark bool) bool {
	hit := false
	for _, i := range s.lines[f.Pos.Line] {
		if s.dirs[i].cats.has(f.Category) {
			if !mark {
				return true
			}
			s.dirs[i].used, hit = true, true
		}
	}
	for _, r := range s.regions {
		if f.Pos.Offset >= r.from && (r.to < 0 || f.Pos.Offset < r.to) && s.dirs[r.dir].cats.has(f.Category) {
			if !mark {
				return true
			}
			s.dirs[r.dir].used, hit = true, true
		}
	}
	return hit
}

// markSilencing marks as used the directives that silence a finding of
// category c at p: the remote check fetches no link whose every finding
// they would silence, so what they kept away is unknown, not unused.
func (s *silencer) markSilencing(p extract.Position, c uri.Category) {
	s.silence(&Finding{Pos: p, Category: c}, true)
}

// directiveFindings appends to out the ignore-directive findings of the
// document named file: each directive without a reason, and each that
// silenced no finding though every category it names was reported in
// the run (reported says which were). A directive for a category the run
// does not report (disabled, or a remote category without the remote
// check) may silence something in another run, so it is not called
// unused.
func (s *silencer) directiveFindings(file string, reported func(uri.Category) bool, out []Finding) []Finding {
	for i := range s.dirs {
		d := &s.dirs[i]
		var msg string
		switch {
		case !d.reason:
			msg = fmt.Sprintf("%s needs a reason after the categories: %q, then why the finding is wanted", d.name, reasonSep)
		case !d.used && d.allReported(reported):
			msg = fmt.Sprintf("%s silences no finding: remove it", d.name)
		default:
			continue
		}
		out = append(out, Finding{File: file, Pos: d.pos, Category: policy.CategoryIgnoreDirective, Message: msg, col: d.col})
	}
	return out
}

// reportsInRun reports whether the run reports findings of category c:
// the policy reports it and, for a category of the remote check, the
// remote check runs.
func (a *auditor) reportsInRun(c uri.Category) bool {
	return a.pol.Reports(c) && (a.cfg.Remote != nil || !remoteCategory(c))
}

// remoteCategories are the categories of the remote check (those of
// remote.Checker.LinkCategories, a package that imports this one).
var remoteCategories = []uri.Category{
	policy.CategoryLinkClientError, policy.CategoryLinkServerError, policy.CategoryLinkNetwork,
	policy.CategoryLinkTimeout, policy.CategoryLinkRedirectLoop, policy.CategoryLinkFragment,
	policy.CategoryLinkMoved, policy.CategoryLinkRateLimited,
}

func remoteCategory(c uri.Category) bool { return slices.Contains(remoteCategories, c) }

// unknownRemote marks as used the directives over the web link at p that
// would silence a remote finding, in a run without the remote check: what
// they silence when it runs is unknown here, so they are not unused.
func (s *silencer) unknownRemote(p extract.Position) {
	remote := func(d *directive) bool {
		return d.cats == nil || slices.ContainsFunc(remoteCategories, d.cats.has)
	}
	for _, i := range s.lines[p.Line] {
		if d := &s.dirs[i]; remote(d) {
			d.used = true
		}
	}
	for _, r := range s.regions {
		if d := &s.dirs[r.dir]; p.Offset >= r.from && (r.to < 0 || p.Offset < r.to) && remote(d) {
			d.used = true
		}
	}
}

// allReported reports whether the run reports every category d names;
// a directive that names none stands for the categories of the run.
func (d *directive) allReported(reported func(uri.Category) bool) bool {
	for c := range d.cats {
		if !reported(c) {
			return false
		}
	}
	return true
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
	l := entryOf(&u.mu, &u.roots, root)
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

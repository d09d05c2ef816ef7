package audit

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
)

// targetIndex holds the anchors of the files that links lead to: those of
// the audited files from their own parse, any other read when a link
// first needs it.
type targetIndex struct {
	a       *auditor
	mu      sync.Mutex
	targets map[string]*target
}

// target is what a fragment may name in one file.
type target struct {
	once    sync.Once
	kind    kind
	anchors map[string]bool
	folds   map[string]string // lowercase anchor -> first anchor
	lines   int               // for line anchors
	binary  bool
}

func newTargetIndex(a *auditor) *targetIndex {
	return &targetIndex{a: a, targets: map[string]*target{}}
}

// add indexes the audited files whose kind is that of their extension.
func (ix *targetIndex) add(files []*File) {
	for _, f := range files {
		if f.abs == "" || f.doc == nil || f.kind != kindOf(f.abs) {
			continue
		}
		t := &target{}
		t.once.Do(func() { t.fill(f.kind, f.Src, f.doc) })
		ix.targets[f.abs] = t
	}
}

// addOne indexes one audited file, as add does, while files are parsed
// in parallel.
func (ix *targetIndex) addOne(f *File) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.add([]*File{f})
}

// get returns the anchors of the file abs, reading it when no audited file
// is that file. A file that cannot be read has no anchors.
func (ix *targetIndex) get(abs string) *target {
	ix.mu.Lock()
	t := ix.targets[abs]
	if t == nil {
		t = &target{}
		ix.targets[abs] = t
	}
	ix.mu.Unlock()
	t.once.Do(func() {
		src, err := readFile(abs)
		if err != nil {
			t.fill(kindText, nil, nil)
			return
		}
		k := kindOf(abs)
		var d *extract.Doc
		if !binary(src) {
			switch k {
			case kindMarkdown:
				d = ix.a.ex.MarkdownDoc(src)
			case kindHTML:
				d = ix.a.ex.HTMLDoc(src)
			}
		}
		t.fill(k, src, d)
	})
	return t
}

func (t *target) fill(k kind, src []byte, d *extract.Doc) {
	t.kind = k
	t.binary = binary(src)
	t.lines = bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		t.lines++
	}
	t.anchors = map[string]bool{}
	t.folds = map[string]string{}
	if d == nil {
		return
	}
	for _, an := range d.Anchors {
		t.anchors[an.Name] = true
		low := strings.ToLower(an.Name)
		if _, ok := t.folds[low]; !ok {
			t.folds[low] = an.Name
		}
	}
}

// lineAnchor parses a GitHub line anchor, "L10" or "L10-L20".
func lineAnchor(frag string) (from, to int, ok bool) {
	a, b, isRange := strings.Cut(frag, "-")
	from, ok = lineNumber(a)
	if !ok {
		return 0, 0, false
	}
	if !isRange {
		return from, from, true
	}
	if to, ok = lineNumber(b); !ok {
		return 0, 0, false
	}
	return from, to, true
}

func lineNumber(s string) (int, bool) {
	if len(s) < 2 || s[0] != 'L' {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s[1:])
	return n, err == nil
}

// plain reports whether a query asks GitHub for a file's source rather
// than its rendering ("plain=1").
func plain(query string) bool {
	for f := range strings.SplitSeq(query, "&") {
		if f == "plain=1" {
			return true
		}
	}
	return false
}

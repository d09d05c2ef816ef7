// Package anchor holds the rules by which a forge or a browser finds the
// element a URI fragment names (RFC 3986 section 3.5; HTML's "indicated
// part of the document"), in one place for the local audit and for the
// anchors of fetched pages.
package anchor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Rules says how a renderer matches a fragment to the ids of a page.
type Rules struct {
	// Prefix is put in front of the ids of rendered Markdown
	// ("user-content-" on GitHub); a fragment names the id with or
	// without it, since the forge's script scrolls to either.
	Prefix string
	// FoldCase: the forge's script compares fragment and id ignoring
	// case, so an id that differs only in case is found.
	FoldCase bool
	// Lines: "#L10" and "#L10-L20" name lines of a file shown as source.
	Lines bool
}

// The rules of the places a document is read.
var (
	// GitHub renders Markdown with ids prefixed "user-content-" and finds
	// a fragment with or without the prefix, ignoring case.
	GitHub = Rules{Prefix: "user-content-", FoldCase: true, Lines: true}
	// GitLab gives headings lower-case ids and compares exactly.
	GitLab = Rules{Prefix: "user-content-", Lines: true}
	// HTML is a browser on a published page: exact ids only.
	HTML = Rules{}
)

// Set is the anchors of one page: ids, names and heading slugs. Most pages
// have a few, and an audit keeps a set for each page of a tree: a few
// names are kept in a slice, searched in order; past smallSet they are
// indexed in maps while they are added, and Compact trades the maps for
// a sorted index of the names, a tenth of their size, for a set that is
// kept.
type Set struct {
	names []string          // distinct, in the order added
	exact map[string]bool   // past smallSet, until Compact
	folds map[string]string // lowercase -> first anchor, until Compact
	// sorted are the indexes of names in the order of their bytes, and
	// mixed the index of the first name of each lower case that is not
	// itself lower case, once compacted past smallSet (names then holds
	// them all).
	sorted []uint32
	mixed  map[string]uint32
}

// smallSet is how many anchors a Set holds before it indexes them.
const smallSet = 8

// NewSet returns an empty set with room for n anchors: a set of a few
// is then one array of their number, not one grown by doubling, for
// each page of a tree.
func NewSet(n int) *Set {
	if n <= 0 || n > smallSet {
		return &Set{}
	}
	return &Set{names: make([]string, 0, n)}
}

// Add adds an anchor, as the page has it (not percent-encoded).
func (s *Set) Add(name string) {
	if s.sorted != nil {
		s.expand()
	}
	if s.exact == nil {
		for _, n := range s.names {
			if n == name {
				return
			}
		}
		if len(s.names) < smallSet {
			s.names = append(s.names, name)
			return
		}
		s.exact = make(map[string]bool, 2*smallSet)
		s.folds = make(map[string]string, 2*smallSet)
		few := s.names
		s.names = make([]string, 0, 2*smallSet)
		for _, n := range few {
			s.index(n)
		}
	}
	s.index(name)
}

func (s *Set) index(name string) {
	if s.exact[name] {
		return
	}
	s.exact[name] = true
	s.names = append(s.names, name)
	low := strings.ToLower(name)
	if _, ok := s.folds[low]; !ok {
		s.folds[low] = name
	}
}

// Compact gives up the maps of a set past smallSet for a sorted index of
// its names: lookups then search it (Has in log n, a miss's case-only
// match too), and the set costs about 20 bytes an anchor instead of
// some 150. The set stays as it was for every question; an Add after
// Compact makes the maps again.
func (s *Set) Compact() {
	if s.exact == nil {
		return
	}
	names := make([]string, len(s.names)) // at their number
	copy(names, s.names)
	sorted := make([]uint32, len(names))
	var mixed map[string]uint32
	for i, n := range names {
		sorted[i] = uint32(i)
		if low := strings.ToLower(n); low != n {
			if mixed == nil {
				mixed = map[string]uint32{}
			}
			if _, ok := mixed[low]; !ok {
				mixed[low] = uint32(i)
			}
		}
	}
	slices.SortFunc(sorted, func(i, j uint32) int { return strings.Compare(names[i], names[j]) })
	s.names, s.sorted, s.mixed, s.exact, s.folds = names, sorted, mixed, nil, nil
}

// expand makes the maps of a compacted set again.
func (s *Set) expand() {
	names := s.names
	s.names, s.sorted, s.mixed = nil, nil, nil
	s.exact = make(map[string]bool, len(names))
	s.folds = make(map[string]string, len(names))
	for _, n := range names {
		s.index(n)
	}
}

// at returns the index in s.names of name, in a compacted set.
func (s *Set) at(name string) (uint32, bool) {
	k, ok := slices.BinarySearchFunc(s.sorted, name, func(i uint32, name string) int {
		return strings.Compare(s.names[i], name)
	})
	if !ok {
		return 0, false
	}
	return s.sorted[k], true
}

// Has reports whether the page has the anchor name exactly.
func (s *Set) Has(name string) bool {
	switch {
	case s.exact != nil:
		return s.exact[name]
	case s.sorted != nil:
		_, ok := s.at(name)
		return ok
	}
	for _, n := range s.names {
		if n == name {
			return true
		}
	}
	return false
}

// fold returns the first anchor whose lower case is low, or "".
func (s *Set) fold(low string) string {
	switch {
	case s.exact != nil:
		return s.folds[low]
	case s.sorted != nil:
		// The first of: low itself, and the first name not in lower
		// case whose lower case is low.
		i, ok := s.at(low)
		if j, ok2 := s.mixed[low]; ok2 && (!ok || j < i) {
			i, ok = j, true
		}
		if !ok {
			return ""
		}
		return s.names[i]
	}
	for _, n := range s.names {
		if strings.ToLower(n) == low {
			return n
		}
	}
	return ""
}

// Len returns how many distinct anchors the set holds.
func (s *Set) Len() int {
	return len(s.names)
}

// Match is what Find found.
type Match uint8

const (
	// None: no anchor of the page is named.
	None Match = iota
	// Found: the fragment names an anchor as the rules match.
	Found
	// CaseOnly: an anchor differs from the fragment only in case, and
	// the rules compare case.
	CaseOnly
)

// Find looks the fragment frag (as written in the URI) up in s. HTML's
// rules try the fragment as written first, then percent-decoded; each
// name is tried as is and with the rules' prefix added or removed. It
// returns what it found and the anchor, as the page spells it.
func (s *Set) Find(frag string, r Rules) (Match, string) {
	// Lookup tries the names in order; on the way, the first that
	// matches an anchor but for case is kept for a miss.
	var fold string
	if n, ok := Lookup(func(n string) bool {
		if s.Has(n) {
			return true
		}
		if fold == "" {
			fold = s.fold(strings.ToLower(n))
		}
		return false
	}, frag, r); ok {
		return Found, n
	}
	switch {
	case fold == "":
		return None, ""
	case r.FoldCase:
		return Found, fold
	}
	return CaseOnly, fold
}

// names is Names, as the first n of an array.
func names(frag string) (ns [2]string, n int) {
	if dec, err := uri.Unescape(frag); err == nil && dec != frag {
		return [2]string{frag, dec}, 2
	}
	return [2]string{frag}, 1
}

// Names returns the names a fragment may indicate, in the order HTML
// tries them: the fragment as written, then percent-decoded when that
// differs and decodes.
func Names(frag string) []string {
	ns, n := names(frag)
	return ns[:n:n]
}

// Top reports whether frag names the top of the page: "top" (any case)
// and the empty fragment do in HTML when no element has that id.
func Top(frag string) bool { return frag == "" || strings.EqualFold(frag, "top") }

// Line parses a forge's line anchor: "L10" or "L10-L20" (GitHub), also
// "L10-20" (GitLab).
func Line(frag string) (from, to int, ok bool) {
	a, b, isRange := strings.Cut(frag, "-")
	from, ok = lineNumber(a, true)
	if !ok {
		return 0, 0, false
	}
	if !isRange {
		return from, from, true
	}
	if to, ok = lineNumber(b, true); ok {
		return from, to, true
	}
	if to, ok = lineNumber(b, false); ok {
		return from, to, true
	}
	return 0, 0, false
}

func lineNumber(s string, withL bool) (int, bool) {
	if withL {
		if len(s) < 2 || s[0] != 'L' {
			return 0, false
		}
		s = s[1:]
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// Footnote returns the label of a GitHub footnote anchor: the note
// ("user-content-fn-LABEL", "fn-LABEL") or the place that cites it
// ("user-content-fnref-LABEL", "fnref-LABEL", with "-2"... for a note
// cited again).
func Footnote(frag string) (label string, ref, ok bool) {
	f := strings.TrimPrefix(frag, "user-content-")
	if l, ok := strings.CutPrefix(f, "fnref-"); ok && l != "" {
		return l, true, true
	}
	if l, ok := strings.CutPrefix(f, "fn-"); ok && l != "" {
		return l, false, true
	}
	return "", false, false
}

// Lookup reports whether has holds an anchor that frag names exactly, by
// the order of Find (as written, then decoded; with and without the
// rules' prefix), and returns it. It serves anchors kept in another
// shape than a Set, such as a sorted slice, and Find itself. It keeps
// no reference to has, so that Find's function stays on the stack.
func Lookup(has func(string) bool, frag string, r Rules) (string, bool) {
	names, k := names(frag)
	for _, name := range names[:k] {
		// The name as it is, then with the prefix removed or added: the
		// name with the prefix added, the one string a lookup may make,
		// only once the name alone missed.
		if has(name) {
			return name, true
		}
		if r.Prefix == "" {
			continue
		}
		if bare, ok := strings.CutPrefix(name, r.Prefix); ok {
			if has(bare) {
				return bare, true
			}
		} else if n := r.Prefix + name; has(n) {
			return n, true
		}
	}
	return "", false
}

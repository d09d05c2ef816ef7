package audit

import (
	"bytes"
	"sort"
	"strings"
)

// unusedDefinitions returns, of the offsets defs of the destinations of
// Markdown link reference definitions in src, those whose label no
// link of src uses: CommonMark renders nothing of a definition, only
// the links that name its label ([text][label], [label][], [label]), so
// no reader follows an unused one and no build has it. A label that
// cannot be read, or that any bracketed text of src repeats, counts as
// used, but an inline link's text ("[x](y)"), which is no reference.
// One pass over src, whatever the number of definitions.
func unusedDefinitions(src []byte, defs []int32) []int32 {
	labels := make(map[string]int, len(defs)) // the index of its count in uses
	uses := make([]int, 0, len(defs))
	own := make([]string, len(defs))
	for i, off := range defs {
		if l, ok := definitionLabel(src, int(off)); ok {
			own[i] = l
			if _, ok := labels[l]; !ok {
				labels[l] = len(uses)
				uses = append(uses, 0)
			}
		}
	}
	if len(labels) == 0 {
		return nil
	}
	var buf [128]byte
	for i := 0; i < len(src); i++ {
		if src[i] != '[' {
			continue
		}
		end := bytes.IndexByte(src[i+1:min(len(src), i+1+1000)], ']')
		if end < 0 {
			continue
		}
		inner := src[i+1 : i+1+end]
		if bytes.IndexByte(inner, '[') >= 0 {
			continue // an outer bracket: its inner ones are met next
		}
		if k := i + 1 + end + 1; k < len(src) && src[k] == '(' {
			continue // an inline link's text ("[error objects](#errors)"): it names no label
		}
		k, ok, ascii := 0, false, false
		if len(inner) <= len(buf) {
			var key []byte
			if key, ascii = appendASCIILabel(buf[:0], inner); ascii {
				k, ok = labels[string(key)] // looked up without a string of its own
			}
		}
		if !ascii {
			k, ok = labels[normLabel(inner)] // it allocates: once a bracket of other text
		}
		if ok {
			uses[k]++
		}
	}
	var out []int32
	for i, off := range defs {
		if own[i] != "" && uses[labels[own[i]]] == 1 { // the definition's own
			out = append(out, off)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// definitionLabel returns the normalized label of the reference
// definition whose destination starts at off: "[label]:" at the start of
// its line (after a container's "> " or indentation).
func definitionLabel(src []byte, off int) (string, bool) {
	if off > len(src) {
		return "", false
	}
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	line := src[start:off]
	open := bytes.IndexByte(line, '[')
	close := bytes.Index(line, []byte("]:"))
	if open < 0 || close < open || len(bytes.TrimLeft(line[:open], " \t>")) > 0 {
		return "", false
	}
	l := normLabel(line[open+1 : close])
	return l, l != ""
}

// normLabel is a label as CommonMark matches it: case-folded, its runs
// of white space one space, trimmed.
func normLabel(b []byte) string {
	return strings.ToLower(strings.Join(strings.Fields(string(b)), " "))
}

// unusedDefinition reports whether the link at off of f is a reference
// definition no link of its file uses (see unusedDefinitions).
func (f *File) unusedDefinition(off int) bool {
	if f.rare == nil || len(f.rare.unusedDefs) == 0 {
		return false
	}
	u := f.rare.unusedDefs
	i := sort.Search(len(u), func(i int) bool { return int(u[i]) >= off })
	return i < len(u) && int(u[i]) == off
}

// appendASCIILabel appends to dst the label b as normLabel has it, when b
// is ASCII: then its white space is what strings.Fields splits at (tab,
// line feed, vertical tab, form feed, carriage return, space) and its
// case folds from A-Z. Otherwise it reports false, and dst is not to be
// used.
func appendASCIILabel(dst, b []byte) ([]byte, bool) {
	space := false
	for _, c := range b {
		switch {
		case c >= 0x80:
			return dst, false
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			space = len(dst) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if space {
			dst = append(dst, ' ')
			space = false
		}
		dst = append(dst, c)
	}
	return dst, true
}

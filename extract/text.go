package extract

import (
	"bytes"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
)

// Extractor holds the options of an extraction. The zero value is ready to
// use and is what the package functions Text and Markdown use.
type Extractor struct {
	// Code also extracts URIs from Markdown code spans, fenced and indented
	// code blocks, which are skipped by default because they mostly hold
	// placeholders ("https://example.com/your-token").
	Code bool
	// MaxMarkdown is the largest Markdown document parsed as Markdown, in
	// bytes; a larger one is read as plain text, with the reason in
	// Doc.Plain. 0 means DefaultMaxMarkdown.
	MaxMarkdown int
	// Templates are the template languages that run over a Markdown
	// document before its Markdown is read, as a site generator runs
	// them over its pages: each of their actions is read as one word,
	// as the generator's Markdown stage sees it (see the package
	// documentation, "Template actions"). None by default: a document
	// is read as CommonMark and a forge read it.
	Templates Templates
}

// Text returns the URIs of plain text src, in source order, by the rules
// of RFC 3986 Appendix C described in the package documentation.
func Text(src []byte) []Link { return (&Extractor{}).Text(src) }

// Text returns the URIs of plain text src, in source order.
func (e *Extractor) Text(src []byte) []Link {
	links := scanText(src, 0, len(src), presize(src))
	links = cutEscapes(src, links)
	finish(src, links)
	return links
}

// cutEscapes ends each link of plain text at its first backslash, and
// delimits it again as a bare URI up to there: a backslash is no URI
// character, and in text it is the escape of another language, a regular
// expression ("https://go\.dev/"), a C string ("\n", "\x2f"), roff
// ("\:"). A file URI keeps it, as a Windows path separator that the check
// reports ("file:///C:\temp"), and so does a backslash that folds a line
// (RFC 8792), which the URI no longer holds.
func cutEscapes(src []byte, links []Link) []Link {
	out := links[:0]
	for _, l := range links {
		start := l.Start.Offset
		raw := src[start:l.End.Offset]
		k := bytes.IndexByte(raw, '\\')
		if k >= 0 && l.URI != "" {
			k = strings.IndexByte(l.URI, '\\')
			if k >= 0 {
				k = int(align(string(raw), l.URI)[k])
			}
		}
		if k < 0 || abnf.FoldEq("file", raw[:max(0, abnf.SchemeLen(raw))]) {
			out = append(out, l)
			continue
		}
		short, ok := rescan(src, start, start+k)
		if !ok {
			continue
		}
		short.Glued = l.Glued
		out = append(out, short)
	}
	return out
}

// scanText appends the URIs of src[lo:hi] to links. Offsets stay those of
// src, and nothing outside src[lo:hi] is looked at. It allocates only for
// what it appends.
func scanText(src []byte, lo, hi int, links []Link) []Link {
	pos := lo  // where the search for the next ':' resumes
	done := lo // end of the last URI: no scheme starts before it
	for pos < hi {
		j := bytes.IndexByte(src[pos:hi], ':')
		if j < 0 {
			break
		}
		c := pos + j
		pos = c + 1
		s := abnf.SchemeBefore(src, done, c)
		if s == c {
			continue
		}
		slashes := c+2 < hi && src[c+1] == '/' && src[c+2] == '/'
		if k := afterCSI(src, done, s, c); k > s {
			s = k // "\x1b[32mhttps://": the colour ends at "m"
		} else if s > lo && !okBeforeScheme(src[s-1], slashes) {
			continue
		}
		word := s // start of a word glued to the scheme, if any
		if slashes {
			s += policy.GluedScheme(src[s:c])
			if policy.Base64Value(src[s:c], src[c+1:hi]) {
				continue
			}
		}
		if s == word && s > lo && isSpace(src[s-1]) {
			// "<ht\n tp://...>": a line break inside the scheme.
			if k := schemeAcrossBreak(src, lo, done, s, c); k < s {
				w, _ := opening(src, lo, k)
				if l, next, ok := wrapped(src, hi, k, c, slashes, w); ok {
					links = append(links, l)
					pos, done = next, next
					continue
				}
			}
		}
		if !slashes && !policy.Registered(src[s:c]) {
			continue
		}
		l, next, ok := delimit(src, lo, hi, s, c, slashes)
		if !ok {
			continue
		}
		if word < s && (word == lo || src[word-1] != '\\') {
			// Not after a backslash: "\thttps://" is a C escape.
			l.Glued = string(src[word:s])
		}
		links = append(links, l)
		pos, done = next, next
	}
	return links
}

// afterCSI returns where a scheme starts that src[s:c] holds after the
// final letter of an ANSI escape sequence ("\x1b[32m" of a colour, whose
// "m" SchemeBefore takes for the start of the scheme), or s.
func afterCSI(src []byte, lo, s, c int) int {
	j := s
	for j > lo && ('0' <= src[j-1] && src[j-1] <= '9' || src[j-1] == ';') {
		j--
	}
	if j-2 < lo || src[j-1] != '[' || src[j-2] != 0x1b || s+1 >= c {
		return s
	}
	return s + 1
}

// schemeAcrossBreak returns where a scheme starts that a line break
// splits inside a wrapper ("<ht\n   tp://www.example/>": white space
// inside a wrapper is ignored wherever it falls, Appendix C, the scheme
// included), or s when there is none. src[s:c] is the part after the
// break; the part before must follow a wrapper's opener, and the two must
// make a registered scheme that the second part alone is not
// ("<see\nhttp://x>" keeps its "http").
func schemeAcrossBreak(src []byte, lo, done, s, c int) int {
	e := s
	breaks := 0
	for e > done && isSpace(src[e-1]) {
		if src[e-1] == '\n' {
			breaks++
		}
		e--
	}
	if breaks != 1 {
		return s
	}
	k := abnf.SchemeBefore(src, done, e)
	if k == e || policy.Registered(src[s:c]) {
		return s
	}
	var buf [64]byte
	if (e-k)+(c-s) > len(buf) {
		return s
	}
	n := copy(buf[:], src[k:e])
	n += copy(buf[n:], src[s:c])
	if !policy.Registered(buf[:n]) {
		return s
	}
	if w, _ := opening(src, lo, k); w.closers == nil {
		return s
	}
	return k
}

// presize returns an empty slice with room for about as many links as
// src holds, estimated from its "://", so that appending rarely copies;
// nil for text without one.
func presize(src []byte) []Link {
	if n := bytes.Count(src, slashes); n > 0 {
		return make([]Link, 0, n+n/16)
	}
	return nil
}

var slashes = []byte("://")

// finish sorts links by their start, fills in lines and columns from the
// offsets in Start.Offset and End.Offset, and sets Raw (and URI, where the
// scanner left it empty because it is the source text) from one string
// holding all the spans, so that a document costs one allocation for the
// text of all its links.
func finish(src []byte, links []Link) {
	lc := newLineCounter(src)
	finishWith(src, links, &lc)
}

// finishWith is finish for links that follow those already finished
// with lc, the batches of a document read in parts: lines go on being
// counted from where the last batch left them.
func finishWith(src []byte, links []Link, lc *lineCounter) {
	if len(links) == 0 {
		return
	}
	if !slices.IsSortedFunc(links, byStart) {
		slices.SortStableFunc(links, byStart)
	}
	n := 0
	for i := range links {
		n += links[i].End.Offset - links[i].Start.Offset
	}
	var b strings.Builder
	b.Grow(n)
	for i := range links {
		b.Write(src[links[i].Start.Offset:links[i].End.Offset])
	}
	arena := b.String()
	k := 0
	for i := range links {
		l := &links[i]
		n := l.End.Offset - l.Start.Offset
		l.Raw = arena[k : k+n]
		k += n
		if l.URI == "" {
			l.URI = l.Raw
		}
		l.Start = lc.pos(l.Start.Offset)
		l.End = endOf(l.Start, l.Raw)
	}
}

func byStart(a, b Link) int { return a.Start.Offset - b.Start.Offset }

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// okBeforeScheme reports whether a scheme may start right after c. A
// letter or digit there means the word goes on. Before a scheme without
// "//", the marks of a name, a path or a template mean the same
// ("//go:embed", "$x:y", "a_b:c", "@p:q"); before "scheme://" they are
// the markup of plain text ("|http://x|" in a table, "_http://x_").
func okBeforeScheme(c byte, slashes bool) bool {
	if 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' {
		return false
	}
	if slashes {
		return true
	}
	switch c {
	case '/', '\\', '_', '@', '%', '$', '#', '&', '~', '|', '^':
		return false
	}
	return true
}

// isSpace reports whether c is ASCII white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

package extract

import (
	"bytes"
	"slices"

	"github.com/urilint/urilint/internal/abnf"
)

// Templates is a set of template languages that a site generator runs
// over a Markdown document before its Markdown is read (see the package
// documentation, "Template actions"). The zero value is none: the
// document is read as CommonMark reads it, as a forge shows it.
type Templates uint8

const (
	// HugoShortcodes are Hugo's template actions, "{{< name args >}}" and
	// "{{% name args %}}".
	HugoShortcodes Templates = 1 << iota
	// Liquid is the template language of Jekyll, "{{ expression }}" and
	// "{% tag %}", whose delimiters Jinja shares (MkDocs' macros plugin).
	Liquid
)

// maxAction is the longest template action read as one, in bytes: a
// call with its arguments, not a page of them.
const maxAction = 1024

// maskTemplates returns in (src as it is parsed: src itself, or a copy
// that differs from src only where blockBodies rewrote it) with each
// template action of the languages t that lies on one line, in at most
// maxAction bytes, rewritten as one word: its ASCII letters and digits
// kept, every other byte an "x". The generator's Markdown stage sees an
// action so, a word without white space or punctuation (Hugo's
// placeholder "HAHAHUGOSHORTCODE-s0-HBHB", mostly a URL or a name for
// what Liquid writes), so that "[1]: {{< param url >}}/a" is a link
// reference definition, and a "|" or "*" inside an action makes no table
// cell or emphasis. Every byte keeps its offset, and callers read text
// from src, never from what was parsed. Without "{{" (nor "{%" for
// Liquid) in src, in is returned at once; without an action, uncopied.
func maskTemplates(src, in []byte, t Templates) []byte {
	if t == 0 || len(src) < 4 {
		return in
	}
	liquid := t&Liquid != 0
	if !bytes.Contains(src, openBraces) && (!liquid || !bytes.Contains(src, openPercent)) {
		return in
	}
	copied := &in[0] != &src[0]
	var ends actionEnds
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], '{')
		if k < 0 {
			break
		}
		i += k
		end := ends.action(src, i, t)
		if end < 0 {
			i++
			continue
		}
		if !copied {
			in = append([]byte(nil), src...)
			copied = true
		}
		for p := i; p < end; p++ {
			if !abnf.Is(src[p], abnf.Alpha|abnf.Digit) {
				in[p] = 'x'
			}
		}
		if liquid && src[i+1] == '%' && isTag(src[i:end], "raw") {
			// Liquid and Jinja write what a raw section holds as it is,
			// up to the endraw tag, which is masked in its turn.
			end = endRaw(src, end)
		}
		i = end
	}
	return in
}

var (
	openBraces  = []byte("{{")
	openPercent = []byte("{%")
)

// The closers of template actions, and the line endings that no action
// crosses, by their index in actionEnds.next.
const (
	closeAngle         = iota // Hugo's "{{< ... >}}"
	closePercentBraces        // Hugo's "{{% ... %}}"
	closeBraces               // Liquid's "{{ ... }}"
	closePercent              // Liquid's "{% ... %}"
	lineFeed
	carriageReturn
)

var closers = [...][]byte{[]byte(">}}"), []byte("%}}"), []byte("}}"), []byte("%}"), []byte("\n"), []byte("\r")}

// actionEnds finds where the template actions of a document end, for
// starts met in increasing order, in time linear in the document: the
// next place of each closer, and of a line break, is kept while it lies
// ahead, so that a line of openers without a closer is read once.
type actionEnds struct {
	// next holds one plus the offset of the next closer of each kind at
	// or after the last place looked from, len(src)+1 when there is
	// none; 0 before the first look.
	next [len(closers)]int
}

// find returns the offset of the first closer w at or after p, or
// len(src); p never decreases from one call to the next of the same w.
func (e *actionEnds) find(src []byte, p, w int) int {
	if at := e.next[w] - 1; at >= p {
		return at
	}
	at := len(src)
	if k := bytes.Index(src[p:], closers[w]); k >= 0 {
		at = p + k
	}
	e.next[w] = at + 1
	return at
}

// action returns the end of the template action of the languages t that
// starts at src[i], a "{", or -1 when none does: the first closer of its
// kind ends it, on the same line, in at most maxAction bytes. Hugo's
// "{{</* x */>}}" writes "{{< x >}}" as text: it is no action.
func (e *actionEnds) action(src []byte, i int, t Templates) int {
	if i+1 >= len(src) {
		return -1
	}
	w, open := 0, 2
	switch src[i+1] {
	case '{':
		switch {
		case i+2 < len(src) && t&HugoShortcodes != 0 && (src[i+2] == '<' || src[i+2] == '%'):
			w, open = closeAngle, 3
			if src[i+2] == '%' {
				w = closePercentBraces
			}
			if bytes.HasPrefix(bytes.TrimLeft(src[i+3:], " \t"), []byte("/*")) {
				return -1
			}
		case t&Liquid != 0:
			w = closeBraces
		default:
			return -1
		}
	case '%':
		if t&Liquid == 0 {
			return -1
		}
		w = closePercent
	default:
		return -1
	}
	c := e.find(src, i+open, w)
	end := c + len(closers[w])
	if c >= len(src) || end-i > maxAction || e.find(src, i, lineFeed) < c || e.find(src, i, carriageReturn) < c {
		return -1
	}
	return end
}

// actionTags adds, to the links of the text src[lo:hi] (links[k:]), the
// URL attributes of the HTML tags written inside its template actions,
// which in, what was parsed, masks (see maskTemplates): a shortcode
// written as a tag ("{{<button href="/docs/">}}", hugo-book's button),
// HTML in a Liquid string ("{% assign x = '<a href="#y">' %}"). The
// generator writes them where the action is, or where its value is
// used; to CommonMark, which reads the action as text, they are raw
// HTML. Links stay in source order.
func actionTags(src, in []byte, lo, hi int, links []Link, k int) []Link {
	n := len(links)
	for p := lo; p < hi; p++ {
		if in[p] == src[p] {
			continue
		}
		// The action goes on while its bytes are masked, or letters and
		// digits, which the mask keeps.
		q := p + 1
		for q < hi && (in[q] != src[q] || abnf.Is(src[q], abnf.Alpha|abnf.Digit)) {
			q++
		}
		if bytes.IndexByte(src[p:q], '<') >= 0 {
			links = htmlAttrs(src, p, q, links)
		}
		p = q
	}
	if len(links) > n && n > k {
		slices.SortStableFunc(links[k:], byStart)
	}
	return links
}

// isTag reports whether the Liquid tag tag is named name ("{%- raw -%}"
// is "raw").
func isTag(tag []byte, name string) bool {
	tag = bytes.TrimLeft(tag[2:len(tag)-2], "- \t")
	rest, ok := bytes.CutPrefix(tag, []byte(name))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '-')
}

// endRaw returns where the "{%" of the endraw tag that closes a raw
// section starting at src[p:] begins, or len(src) when none does.
func endRaw(src []byte, p int) int {
	for p < len(src) {
		k := bytes.Index(src[p:], []byte("endraw"))
		if k < 0 {
			break
		}
		at := p + k
		p = at + len("endraw")
		s := at
		for s > 0 && (src[s-1] == ' ' || src[s-1] == '\t' || src[s-1] == '-') {
			s--
		}
		e := p
		for e < len(src) && (src[e] == ' ' || src[e] == '\t' || src[e] == '-') {
			e++
		}
		if s >= 2 && src[s-2] == '{' && src[s-1] == '%' && e+1 < len(src) && src[e] == '%' && src[e+1] == '}' {
			return s - 2
		}
	}
	return len(src)
}

package extract

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// mdParser parses CommonMark with the GFM tables, strikethrough, task
// lists and footnotes. GFM's Linkify is left out on purpose: it knows only
// http, https, ftp and "www."; bare URIs in text go through the plain-text
// scanner.
var mdParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, extension.Footnote),
	).Parser()
})

// Markdown returns the URIs of the Markdown document src (CommonMark with
// GFM tables, strikethrough and task lists), in source order: link and
// image destinations, autolinks, link reference definitions, href, src
// and srcset in raw HTML, and URIs in text by the rules of Text. Code
// spans and code blocks are skipped. A document too costly to parse (see
// CostError), or larger than DefaultMaxMarkdown, is read as
// plain text, by Text.
func Markdown(src []byte) []Link { return (&Extractor{}).Markdown(src) }

// Markdown returns the URIs of the Markdown document src, in source order.
func (e *Extractor) Markdown(src []byte) []Link {
	doc, in, release, err := e.parse(src, mdParser())
	if err != nil {
		return e.Text(src)
	}
	defer release()
	links := e.markdownLinks(src, in, doc, presize(src))
	finish(src, links)
	return links
}

// markdownLinks appends the links of the parse doc of src to links, with
// byte offsets only, in the order of the tree; finish completes them. In
// is what was parsed (see parse), whose slices the tree holds.
func (e *Extractor) markdownLinks(src, in []byte, doc ast.Node, links []Link) []Link {
	// The last run of text scanned. Footnotes come last in the tree,
	// wherever they are in the source, so a Text node before the run is
	// not part of it.
	runLo, runHi := 0, 0
	// visit handles n and reports whether to look at its children.
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Text:
			if runLo <= n.Segment.Start && n.Segment.Start < runHi {
				return true
			}
			lo, hi := textRun(src, n)
			k := len(links)
			links = mdText(src, lo, hi, links)
			if e.Templates != 0 && len(in) > 0 && &in[0] != &src[0] {
				links = actionTags(src, in, lo, hi, links, k)
			}
			if len(links) > k {
				links = dropOwnText(src, in, n, links, k)
			}
			runLo, runHi = lo, hi
		case *ast.CodeSpan:
			if !e.Code {
				return false
			}
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			if e.Code {
				lines := n.Lines()
				for i := 0; i < lines.Len(); i++ {
					seg := lines.At(i)
					links = scanText(src, seg.Start, seg.Stop, links)
				}
			}
			return false
		case *ast.Link:
			if n.Reference == nil {
				links = destination(src, in, links, n.Pos(), n.Destination, "](", InlineLink)
			}
		case *ast.Image:
			if n.Reference == nil {
				links = destination(src, in, links, n.Pos(), n.Destination, "](", Image)
			}
		case *ast.LinkReferenceDefinition:
			links = destination(src, in, links, n.Pos(), n.Destination, "]:", Definition)
		case *ast.AutoLink:
			links = autolink(src, links, n)
		case *ast.RawHTML, *ast.HTMLBlock:
			if lo, hi, ok := htmlSpan(n); ok {
				links = htmlAttrs(src, lo, hi, links)
			}
		}
		return true
	}
	// A pre-order walk without ast.Walk's callbacks per node and exit.
	for n := doc.FirstChild(); n != nil; {
		if visit(n) && n.FirstChild() != nil {
			n = n.FirstChild()
			continue
		}
		for n != nil && n != doc && n.NextSibling() == nil {
			n = n.Parent()
		}
		if n == nil || n == doc {
			break
		}
		n = n.NextSibling()
	}
	return links
}

// dropOwnText drops, of links[k:] (the URIs found in a run of text that
// starts with n), those that repeat the destination of the link or image
// whose text n is: "[https://x.example/](https://x.example/)" is one
// link, its destination, not two.
func dropOwnText(src, in []byte, n ast.Node, links []Link, k int) []Link {
	var dest []byte
	for p := n.Parent(); p != nil && dest == nil; p = p.Parent() {
		switch p := p.(type) {
		case *ast.Link:
			dest = p.Destination
		case *ast.Image:
			dest = p.Destination
		}
	}
	if len(dest) == 0 {
		return links
	}
	want := mdUnescape(bytes.Clone(written(src, in, dest)))
	out := links[:k]
	for _, l := range links[k:] {
		u := src[l.Start.Offset:l.End.Offset]
		if l.URI != "" {
			u = []byte(l.URI)
		}
		if !bytes.Equal(u, want) {
			out = append(out, l)
		}
	}
	return out
}

// textRun returns the source range of the run of sibling Text nodes that
// starts with n: the text of a paragraph line by line, across soft line
// breaks and backslash escapes, so that a "<...>" URI broken across lines
// is seen whole.
func textRun(src []byte, n *ast.Text) (lo, hi int) {
	lo, hi = n.Segment.Start, n.Segment.Stop
	for next := n.NextSibling(); next != nil; next = next.NextSibling() {
		t, ok := next.(*ast.Text)
		if !ok || t.Segment.Start < hi || !gapOK(src[hi:t.Segment.Start]) {
			break
		}
		hi = t.Segment.Stop
	}
	return lo, hi
}

// gapOK reports whether the bytes between two text segments are only what
// the parser dropped inside a paragraph: line breaks, indentation and
// backslashes of escapes.
func gapOK(gap []byte) bool {
	for _, c := range gap {
		if !isSpace(c) && c != '\\' {
			return false
		}
	}
	return true
}

// mdText scans text of a Markdown document and resolves the backslash
// escapes and character references of what it finds.
func mdText(src []byte, lo, hi int, links []Link) []Link {
	n := len(links)
	links = scanText(src, lo, hi, links)
	if bytes.Contains(src[lo:hi], linkMid) {
		links = brokenLinks(src, lo, hi, links, n)
	}
	for i := n; i < len(links); i++ {
		l := &links[i]
		// Of any kind: "\<http://x\>" is escaped text, no angle wrapper.
		if cut := mdEnd(src, l.Start.Offset, l.End.Offset); cut < l.End.Offset {
			short, ok := rescan(src, l.Start.Offset, cut)
			if !ok {
				links = slices.Delete(links, i, i+1)
				i--
				continue
			}
			*l = short
		}
		cur := l.URI
		if cur == "" {
			raw := src[l.Start.Offset:l.End.Offset]
			if !bytes.ContainsAny(raw, `\&`) {
				continue
			}
			cur = string(raw)
		} else if !strings.ContainsAny(cur, `\&`) {
			continue
		}
		u := string(mdUnescape([]byte(cur)))
		rest := u
		if n := abnf.SchemeLen(u); n > 0 {
			rest = u[n+1:]
		}
		if policy.BareScheme(rest) {
			// "https:\/\/" is a mention of the scheme, as "https://" is.
			links = slices.Delete(links, i, i+1)
			i--
			continue
		}
		if u != cur && u != "" {
			l.URI = u
			if l.Alt != "" {
				l.Alt = string(mdUnescape([]byte(l.Alt)))
			}
		}
	}
	return links
}

// mdEnd returns where a bare URI at src[start:end] ends once Markdown's
// own escapes are read: a backslash escape or a character reference that
// stands for a character ending a bare URI (white space, NBSP, a quote,
// "<", ">", "`") ends it there, and so does the backslash of a hard line
// break. "http://a.example/x\` b" is "http://a.example/x".
func mdEnd(src []byte, start, end int) int {
	for p := start; p < end; p++ {
		switch src[p] {
		case '\\':
			if p+1 >= end || endsBareByte(src[p+1]) {
				return p
			}
			p++
		case '&':
			// The ";" may lie past end: the scanner drops it as trailing
			// punctuation.
			q := bytes.IndexByte(src[p:min(len(src), p+33)], ';')
			if q < 2 {
				continue
			}
			ref := src[p : p+q+1]
			dec := htmlUnescape(ref)
			if bytes.Equal(dec, ref) {
				continue // not a character reference
			}
			r, _ := utf8.DecodeRune(dec)
			if r < utf8.RuneSelf && endsBareByte(byte(r)) || r >= utf8.RuneSelf && endsBare(r) {
				return p
			}
		}
	}
	return end
}

var linkMid = []byte("](")

// brokenLinks adds the broken links of the text src[lo:hi] to links, of
// which links[k:] are that text's: link syntax "[text](dest)" that the
// parser left as text because white space breaks dest. A URI found in
// its destination gives way to the broken link. Each search stops at the
// next "[", "]" or line break, so the text is read once.
func brokenLinks(src []byte, lo, hi int, links []Link, k int) []Link {
	n := len(links)
	for i := lo; i < hi; {
		j := bytes.Index(src[i:hi], linkMid)
		if j < 0 {
			break
		}
		i += j + len(linkMid)
		if s, e, ok := brokenDestination(src, i, hi); ok {
			l := escapedLink(src, s, e, BrokenLink, mdUnescape)
			links = append(links, l)
			i = e
		}
	}
	if len(links) == n {
		return links
	}
	// Drop the URIs found inside a broken destination: both lists are in
	// source order.
	out, b := links[:k], n
	for _, l := range links[k:n] {
		for b < len(links) && links[b].End.Offset <= l.Start.Offset {
			b++
		}
		if b < len(links) && links[b].Start.Offset <= l.Start.Offset {
			continue
		}
		out = append(out, l)
	}
	return append(out, links[n:]...)
}

// brokenDestination reports whether the text from src[d:] on, right after
// "](", is a link destination broken by white space, and returns its
// extent. Its first word must look like a URI reference (a scheme, or a
// "/", "#" or "." inside it), a second word must follow, not a title
// (which starts with a quote or "("), and a ")" must close it on the same
// line, parentheses balanced.
func brokenDestination(src []byte, d, hi int) (start, end int, ok bool) {
	if d >= hi || isSpace(src[d]) || src[d] == '<' {
		return 0, 0, false
	}
	depth, space, words := 0, -1, 1
	for i := d; i < hi; i++ {
		switch c := src[i]; c {
		case '\n', '\r', '[', ']', '<', '>', '"', '`', '\'':
			return 0, 0, false
		case '(':
			if isSpace(src[i-1]) {
				return 0, 0, false // a title
			}
			depth++
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			e := i
			for e > d && isSpace(src[e-1]) {
				e--
			}
			if space < 0 || words < 2 || !uriLike(src[d:space]) || isShortcode(src[d:e]) {
				return 0, 0, false
			}
			return d, e, true
		case ' ', '\t':
			if space < 0 {
				space = i
			}
		default:
			if space >= 0 && isSpace(src[i-1]) {
				words++
			}
		}
	}
	return 0, 0, false
}

// uriLike reports whether a word reads as a URI reference rather than
// prose: it starts with a scheme and its ":", or holds a "/" or "#", or a
// "." between two characters ("guide.pdf", not "p.").
func uriLike(w []byte) bool {
	if n := abnf.SchemeLen(w); n > 0 && n+1 < len(w) {
		return true
	}
	for i, c := range w {
		switch c {
		case '/', '#':
			return true
		case '.':
			if i > 0 && i+1 < len(w) {
				return true
			}
		}
	}
	return false
}

// rescan delimits again the bare URI that starts at s, now ending at or
// before hi, trailing punctuation rules and all.
func rescan(src []byte, s, hi int) (Link, bool) {
	c := s + bytes.IndexByte(src[s:hi], ':')
	if c < s {
		return Link{}, false
	}
	slashes := c+2 < hi && src[c+1] == '/' && src[c+2] == '/'
	return bare(src, hi, s, c, slashes)
}

// mdUnescape resolves what goldmark leaves raw in a link destination.
func mdUnescape(b []byte) []byte {
	return util.UnescapePunctuations(util.ResolveNumericReferences(util.ResolveEntityNames(b)))
}

// htmlUnescape resolves character references in an attribute value.
func htmlUnescape(b []byte) []byte {
	return util.ResolveNumericReferences(util.ResolveEntityNames(b))
}

// sourceOffset returns the offset of b in src when b is a slice of src's
// own bytes (goldmark hands out slices of the source), or -1.
func sourceOffset(src, b []byte) int {
	if len(b) == 0 {
		return -1
	}
	o := cap(src) - cap(b)
	if o < 0 || o+len(b) > len(src) || &src[o] != &b[0] {
		return -1
	}
	return o
}

// written returns what src holds where b, a slice of in (what was
// parsed: see parse) that the tree holds, lies: b itself when it is no
// slice of in.
func written(src, in, b []byte) []byte {
	if len(in) == 0 || &in[0] == &src[0] {
		return b
	}
	if o := sourceOffset(in, b); o >= 0 {
		return src[o : o+len(b)]
	}
	return b
}

// destination adds the link whose destination dest, as the tree of in
// (what was parsed) holds it, follows the marker ("](" or "]:") after
// pos.
func destination(src, in []byte, links []Link, pos int, dest []byte, marker string, kind Kind) []Link {
	if len(dest) == 0 {
		return links
	}
	start := sourceOffset(in, dest)
	if start < 0 {
		start = findDestination(in, pos, dest, marker)
		if start < 0 {
			return links
		}
	}
	dest = src[start : start+len(dest)]
	if isShortcode(dest) {
		return links
	}
	l := escapedLink(src, start, start+len(dest), kind, mdUnescape)
	if start > 0 && src[start-1] == '<' && bytes.ContainsAny(dest, " \t") {
		// "[notes](<release notes.md>)": the angle-bracket destination
		// exists to hold white space, which renderers percent-encode.
		u := l.URI
		if u == "" {
			u = string(dest)
		}
		l.URI = strings.NewReplacer(" ", "%20", "\t", "%09").Replace(u)
	}
	return append(links, l)
}

// isShortcode reports whether b is a template action and nothing else: a
// Hugo shortcode ("{{< ref "x.md" >}}", "{{% relref "y" %}}"), any
// "{{ ... }}" or a Liquid tag ("{% link x.md %}") that a site generator
// replaces with a URI. It is not a URI.
func isShortcode(b []byte) bool {
	return len(b) >= 4 && b[0] == '{' && (b[1] == '{' && b[len(b)-2] == '}' || b[1] == '%' && b[len(b)-2] == '%') && b[len(b)-1] == '}'
}

// findDestination looks for marker, optional white space and "<", then
// dest, from pos on.
func findDestination(src []byte, pos int, dest []byte, marker string) int {
	if pos < 0 {
		pos = 0
	}
	for i := pos; i < len(src); {
		k := bytes.Index(src[i:], []byte(marker))
		if k < 0 {
			return -1
		}
		d := i + k + len(marker)
		for d < len(src) && isSpace(src[d]) {
			d++
		}
		if d < len(src) && src[d] == '<' {
			d++
		}
		if bytes.HasPrefix(src[d:], dest) {
			return d
		}
		i += k + 1
	}
	return -1
}

// escapedLink returns the link of src[start:end] with unescape applied.
func escapedLink(src []byte, start, end int, kind Kind, unescape func([]byte) []byte) Link {
	l := Link{Kind: kind}
	l.Start.Offset, l.End.Offset = start, end
	if raw := src[start:end]; bytes.ContainsAny(raw, `\&`) {
		if u := unescape(bytes.Clone(raw)); !bytes.Equal(u, raw) {
			l.URI = string(u)
		}
	}
	return l
}

// autolink adds the URI of a Markdown autolink: an e-mail autolink gains
// "mailto:", a "<URL:...>" autolink loses its label.
func autolink(src []byte, links []Link, n *ast.AutoLink) []Link {
	label := n.Label(src)
	start := sourceOffset(src, label)
	if start < 0 {
		return links
	}
	end := start + len(label)
	if len(label) > 4 && hasURLLabel(label[:4]) {
		start += 4
		label = label[4:]
	}
	l := Link{Kind: Autolink}
	l.Start.Offset, l.End.Offset = start, end
	if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(label), []byte("mailto:")) {
		l.URI = "mailto:" + string(label)
		l.pre = uint8(len("mailto:"))
	}
	return append(links, l)
}

// align maps each byte of out to its offset in raw, out being raw with
// white space dropped, backslash escapes resolved and character references
// replaced. A byte of out with no counterpart maps to the current place.
func align(raw, out string) []int32 {
	offs := make([]int32, len(out))
	r := 0
	for u := 0; u < len(out); {
		switch {
		case r >= len(raw):
			offs[u] = int32(len(raw))
			u++
		case raw[r] == '&':
			if semi := bytes.IndexByte([]byte(raw[r:min(len(raw), r+40)]), ';'); semi > 0 {
				ref := raw[r : r+semi+1]
				if d := string(htmlUnescape([]byte(ref))); d != ref && len(out)-u >= len(d) && out[u:u+len(d)] == d {
					for k := range len(d) {
						offs[u+k] = int32(r)
					}
					u += len(d)
					r += semi + 1
					continue
				}
			}
			offs[u] = int32(r)
			if raw[r] == out[u] {
				r++
			}
			u++
		case raw[r] == '\\' && isFold(raw, r):
			r++
		case raw[r] == out[u]:
			offs[u] = int32(r)
			r++
			u++
		case raw[r] == '\\' && r+1 < len(raw) && raw[r+1] == out[u]:
			offs[u] = int32(r)
			r += 2
			u++
		case (raw[r] == ' ' && strings.HasPrefix(out[u:], "%20") || raw[r] == '\t' && strings.HasPrefix(out[u:], "%09")) &&
			!strings.HasPrefix(raw[r+1:], out[u:u+3]):
			// White space that a Markdown angle-bracket destination holds
			// and the URI encodes.
			offs[u], offs[u+1], offs[u+2] = int32(r), int32(r), int32(r)
			r++
			u += 3
		case isSpace(raw[r]):
			r++
		default:
			offs[u] = int32(r)
			u++
		}
	}
	return offs
}

// htmlSpan returns the source range of the raw HTML n (an *ast.RawHTML
// or an *ast.HTMLBlock), to be tokenized at once. A block's closure
// line (the one with a type 2 block's "-->") is kept apart from its
// lines: the range runs from the first line to the closure, so that a
// comment or a tag across them is one token.
func htmlSpan(n ast.Node) (lo, hi int, ok bool) {
	switch n := n.(type) {
	case *ast.RawHTML:
		if k := n.Segments.Len(); k > 0 {
			return n.Segments.At(0).Start, n.Segments.At(k - 1).Stop, true
		}
	case *ast.HTMLBlock:
		lo, hi = -1, -1
		if lines := n.Lines(); lines.Len() > 0 {
			lo, hi = lines.At(0).Start, lines.At(lines.Len()-1).Stop
		}
		if n.HasClosure() {
			if lo < 0 {
				lo = n.ClosureLine.Start
			}
			hi = n.ClosureLine.Stop
		}
		return lo, hi, lo >= 0
	}
	return 0, 0, false
}

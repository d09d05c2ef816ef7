package extract

import (
	"bytes"
	"slices"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"golang.org/x/net/html"
)

// Doc is what a document offers a link audit: its links, the anchors that
// a fragment can name in it, and its HTML comments (where the audit's
// directives live), each in source order.
type Doc struct {
	Links    []Link
	Anchors  []Anchor
	Comments []Comment
	// Plain is why a Markdown document was read as plain text, or nil:
	// a *CostError whose Reason and Pos say what
	// in the document would make the parser costly and where. Links then
	// holds what the text rules find (absolute URIs, no relative
	// references), and the document's anchors are unknown, not absent:
	// Anchors is empty, and a fragment naming one cannot be checked.
	Plain error
}

// AnchorKind tells where an anchor comes from.
type AnchorKind uint8

const (
	// HeadingSlug is the GitHub slug of a Markdown heading (see Slugger).
	HeadingSlug AnchorKind = iota
	// HeadingID is a Markdown heading's own "{#id}" attribute, which
	// replaces its slug.
	HeadingID
	// IDAttr is the id attribute of an HTML element.
	IDAttr
	// NameAttr is the name attribute of an HTML element (<a name="x">).
	NameAttr
)

// Anchor is a place in a document that a fragment can name.
type Anchor struct {
	// Name is the fragment that names the anchor, not percent-encoded.
	Name  string
	Kind  AnchorKind
	Start Position // where the heading or the element starts
}

// Comment is an HTML comment ("<!-- ... -->") of a document: in a Markdown
// document, one in an HTML block or inline raw HTML, never one shown in
// code.
type Comment struct {
	Text       string // between "<!--" and "-->"
	Start, End Position
}

// docParser is mdParser with footnotes (a footnote is not a link
// reference definition) and heading attributes ("# Title {#id}").
var docParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, extension.Footnote),
		goldmark.WithParserOptions(parser.WithHeadingAttribute()),
	).Parser()
})

// MarkdownDoc returns the links of the Markdown document src, as Markdown
// does, with its anchors and comments, from one parse. Anchors are the
// headings' GitHub slugs (ATX and setext, none in code blocks) or their
// "{#id}" attributes, and the id and name attributes of raw HTML.
// A document that the guard finds too costly to parse (see CostError),
// or larger than the cap (MaxMarkdown), is read as plain text, as
// Markdown does: its links as Text finds them, no anchors, and every
// "<!-- ... -->" as a comment (in code too: there is no parse to tell);
// Plain says why.
func (e *Extractor) MarkdownDoc(src []byte) *Doc { return e.markdownDoc(src, nil) }

// MarkdownDocEach is MarkdownDoc for a caller that keeps less of each link
// than a Link: it calls fn with the document's links, in document order,
// as MarkdownDoc would return them, and returns the Doc without Links.
// A document read as plain text (Plain is set) gives its links in
// batches, a part of the document at a time, so that a large one's are
// never all held at once. Fn must not keep the slice it is given (its
// strings it may).
func (e *Extractor) MarkdownDocEach(src []byte, fn func(links []Link)) *Doc {
	return e.markdownDoc(src, fn)
}

// markdownDoc is MarkdownDoc, with the links given to emit when it is
// not nil.
func (e *Extractor) markdownDoc(src []byte, emit func([]Link)) *Doc {
	root, in, release, err := e.parse(src, docParser())
	d := &Doc{Plain: err}
	var marks []mark
	var buf *[]Link // from linkBufs, when the links go to emit
	var markBuf *[]mark
	switch {
	case err != nil && emit != nil:
		e.textEach(src, textPiece, emit)
		marks = plainComments(src)
	case err != nil:
		d.Links = e.Text(src)
		marks = plainComments(src)
	default:
		// The budget is given back once the tree is no longer used,
		// before the links are handed on.
		func() {
			defer release()
			var links []Link
			if emit != nil {
				buf = linkBufs.Get().(*[]Link)
				links = (*buf)[:0]
			} else {
				links = presize(src)
			}
			d.Links = e.markdownLinks(src, in, root, links)
			finish(src, d.Links)
			markBuf = markBufs.Get().(*[]mark)
			marks = docMarks(src, in, root, (*markBuf)[:0])
		}()
	}
	if emit != nil {
		if len(d.Links) > 0 {
			emit(d.Links)
		}
		if buf != nil {
			putBuf(&linkBufs, buf, d.Links)
		}
		d.Links = nil
	}
	// Slugs in document order: GitHub numbers a repeated one. The order
	// of the source, not of the tree, which moves footnotes to its end:
	// so a heading in a footnote is numbered where it is written.
	sortMarks(marks)
	slugs := Slugger{seen: slugMaps.Get().(map[string]int)}
	for i := range marks {
		if marks[i].heading {
			marks[i].anchor.Name = slugs.Slug(marks[i].anchor.Name)
		}
	}
	if len(slugs.seen) <= maxPooledLinks {
		clear(slugs.seen)
		slugMaps.Put(slugs.seen)
	}
	d.place(src, marks)
	if markBuf != nil {
		putBuf(&markBufs, markBuf, marks)
	}
	return d
}

// linkBufs holds the slices that MarkdownDocEach gathers a document's
// links in: its caller keeps none of them (see MarkdownDocEach), so the
// next document reuses the array instead of growing a new one from a
// few links, which was a sixth of what an audit of a tree allocated.
var linkBufs = sync.Pool{New: func() any { return new([]Link) }}

// maxPooledLinks is the most links a pooled slice keeps room for: the
// array of a document of many links goes with it.
const maxPooledLinks = 1 << 12

// slugMaps holds the maps of the slugs of a document's headings.
var slugMaps = sync.Pool{New: func() any { return map[string]int{} }}

// markBufs holds the slices that a parsed document's anchors and
// comments are gathered in before they are placed.
var markBufs = sync.Pool{New: func() any { return new([]mark) }}

// putBuf gives buf back to pool with the array of s, what was gathered
// in it, emptied so that it holds no document's strings; an array of
// more than maxPooledLinks goes with its document.
func putBuf[T any](pool *sync.Pool, buf *[]T, s []T) {
	if cap(s) > maxPooledLinks {
		s = nil
	}
	clear(s)
	*buf = s[:0]
	pool.Put(buf)
}

// docMarks appends the anchors and comments of the parse root of src to
// marks, in the order of the tree, with byte offsets only; a heading
// without an id holds its text, not yet its slug. In is what was parsed
// (see parse).
func docMarks(src, in []byte, root ast.Node, marks []mark) []mark {
	// Headings and HTML sit at block level or in inline content; code
	// blocks hold neither.
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.CodeSpan:
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			at := headingStart(src, n)
			if id, ok := n.AttributeString("id"); ok {
				if b, ok := id.([]byte); ok {
					marks = append(marks, mark{off: at, anchor: Anchor{Name: string(written(src, in, b)), Kind: HeadingID}})
					break
				}
			}
			marks = append(marks, mark{off: at, heading: true, anchor: Anchor{Name: headingText(src, n), Kind: HeadingSlug}})
		case *ast.HTMLBlock, *ast.RawHTML:
			if lo, hi, ok := htmlSpan(n); ok {
				marks = scanHTML(src, lo, hi, marks, nil)
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil { // the walker above returns none
		panic(err)
	}
	return marks
}

// HTMLDoc returns the links of the HTML document src (every href, src and
// srcset value of its start tags), with its anchors (every id and name
// attribute) and comments, read with the tokenizer of golang.org/x/net/html:
// the text of script and style elements is not markup.
func (e *Extractor) HTMLDoc(src []byte) *Doc {
	d := &Doc{}
	var links []Link
	marks := scanHTML(src, 0, len(src), nil, &links)
	finish(src, links)
	d.Links = links
	d.place(src, marks)
	return d
}

// plainComments returns the comments of src found without a parse: each
// "<!--" and the first "-->" after it.
func plainComments(src []byte) []mark {
	var marks []mark
	for i := 0; ; {
		k := bytes.Index(src[i:], commentOpen)
		if k < 0 {
			return marks
		}
		start := i + k
		n := bytes.Index(src[start+len(commentOpen):], commentClose)
		if n < 0 {
			return marks
		}
		end := start + len(commentOpen) + n + len(commentClose)
		c := string(src[start+len(commentOpen) : end-len(commentClose)])
		marks = append(marks, mark{off: start, end: end, comment: &c})
		i = end
	}
}

var commentOpen, commentClose = []byte("<!--"), []byte("-->")

// mark is an anchor or a comment found at a source offset, before its
// position is known.
type mark struct {
	off, end int // end: of a comment
	anchor   Anchor
	comment  *string
	heading  bool // anchor.Name is the heading's text, to be made a slug
}

// place turns marks into d's anchors and comments, with positions.
func (d *Doc) place(src []byte, marks []mark) {
	sortMarks(marks)
	comments := 0
	for i := range marks {
		if marks[i].comment != nil {
			comments++
		}
	}
	if n := len(marks) - comments; n > 0 {
		d.Anchors = make([]Anchor, 0, n)
	}
	if comments > 0 {
		d.Comments = make([]Comment, 0, comments)
	}
	lc := newLineCounter(src)
	for _, m := range marks {
		p := lc.pos(m.off)
		if m.comment != nil {
			d.Comments = append(d.Comments, Comment{Text: *m.comment, Start: p, End: endOf(p, string(src[m.off:m.end]))})
			continue
		}
		m.anchor.Start = p
		d.Anchors = append(d.Anchors, m.anchor)
	}
}

// sortMarks sorts marks by their offsets, keeping the order of those at
// the same one.
func sortMarks(marks []mark) {
	byOff := func(a, b mark) int { return a.off - b.off }
	if !slices.IsSortedFunc(marks, byOff) {
		slices.SortStableFunc(marks, byOff)
	}
}

// scanHTML tokenizes src[lo:hi] and adds its id and name attributes and
// comments to marks, and, when links is not nil, the href, src and srcset
// values of its start tags to *links.
func scanHTML(src []byte, lo, hi int, marks []mark, links *[]Link) []mark {
	z := html.NewTokenizer(bytes.NewReader(src[lo:hi]))
	off := lo
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return marks
		}
		raw := z.Raw()
		start := off
		off += len(raw)
		switch tt {
		case html.CommentToken:
			c := string(z.Text())
			marks = append(marks, mark{off: start, end: off, comment: &c})
		case html.StartTagToken, html.SelfClosingTagToken:
			_, more := z.TagName()
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				switch string(key) { // the tokenizer lowercases names
				case "id":
					marks = append(marks, mark{off: start, anchor: Anchor{Name: string(val), Kind: IDAttr}})
				case "name":
					marks = append(marks, mark{off: start, anchor: Anchor{Name: string(val), Kind: NameAttr}})
				}
			}
			if links != nil {
				*links = htmlAttrs(src, start, off, *links)
			}
		}
	}
}

// headingStart returns the offset where heading h starts: the first "#"
// of an ATX heading, the text of a setext one.
func headingStart(src []byte, h *ast.Heading) int {
	if lines := h.Lines(); lines.Len() > 0 {
		off := lines.At(0).Start
		// Back up over the spaces after the "#" marks, then over the marks.
		k := off
		for k > 0 && (src[k-1] == ' ' || src[k-1] == '\t') {
			k--
		}
		if k > 0 && src[k-1] == '#' {
			for k > 0 && src[k-1] == '#' {
				k--
			}
			return k
		}
		return off
	}
	// An empty ATX heading ("#") has no lines: goldmark keeps where its
	// block opened, its "#", but counts a tab before it as the spaces it
	// stands for, which may take the place past it (">\t#"): back over
	// white space to the "#".
	p := min(h.Pos(), len(src)-1)
	if p < 0 {
		return 0
	}
	if src[p] == '#' {
		return p
	}
	for k := p - 1; k >= 0; k-- {
		if src[k] == '#' {
			return k
		}
		if c := src[k]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
	}
	return p
}

// headingText returns the text of heading h as GitHub renders it before
// making a slug: the text of its inline content with escapes and
// character references resolved, code span text kept, link text without
// the destination, images and raw HTML tags left out, and a line break
// for each line break.
func headingText(src []byte, h *ast.Heading) string {
	var buf [128]byte // most headings: no array of their own
	return string(appendInlineText(buf[:0], src, h))
}

// appendInlineText appends to b the text of the inline children of n, as
// headingText reads them.
func appendInlineText(b, src []byte, n ast.Node) []byte {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(src)
			if c.IsRaw() || bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
				b = append(b, v...) // no escape and no reference: as it is
			} else {
				b = append(b, mdUnescape(bytes.Clone(v))...)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b = append(b, '\n')
			}
		case *ast.String:
			b = append(b, c.Value...)
		case *ast.AutoLink:
			b = append(b, c.Label(src)...)
		case *ast.Image, *ast.RawHTML:
		default:
			b = appendInlineText(b, src, c)
		}
	}
	return b
}

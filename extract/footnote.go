package extract

// Footnotes in a document parsed in chunks (see chunk.go). Goldmark's
// footnote extension decides two things for the whole document: a
// "[^label]" is a footnote reference when any footnote defines label,
// and a definition is shown (its links are links) when it is the first
// of its label and some "[^label]" refers to it. A chunk parsed alone
// knows only its own definitions and references; the two hooks here let
// the chunked parse learn what each chunk holds (first pass) and parse a
// chunk again as the whole document would (final pass). Without a
// tracker in the parse context they do nothing.

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// footnoteLabelLimit is how far goldmark looks for the "]" that ends a
// footnote label, in bytes.
const footnoteLabelLimit = 999

// footnoteKey is the parse context key of a *footnoteTracker.
var footnoteKey = parser.NewContextKey()

// footnoteTracker records the footnote references and definitions of a
// chunk's parse; in the final pass it also decides them as the whole
// document does.
type footnoteTracker struct {
	final   bool
	defined func(label string) bool          // final: whether a footnote anywhere defines label
	shown   func(label string, pos int) bool // final: whether the definition at pos of the chunk is shown
	refs    []string                         // the labels of "[^label]" met where goldmark looks for a reference
	defs    []footnoteDef
}

// footnoteDef is a footnote definition of a chunk: its label, where it
// starts in the chunk, and whether the parse shows it.
type footnoteDef struct {
	label string
	pos   int
	shown bool
}

// footnoteRefs is an inline parser that runs just before goldmark's
// footnote reference parser, at the same places: it records each label,
// and in the final pass makes the reference that a definition in
// another chunk makes one, which goldmark's parser cannot see.
type footnoteRefs struct{}

func (footnoteRefs) Trigger() []byte { return []byte{'!', '['} }

// Parse reads "[^label]" (or "![^label]") as goldmark's footnote parser
// does: the label ends at the first "]" of the line that no backslash
// escapes, with no "[" before it, within footnoteLabelLimit bytes.
func (footnoteRefs) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	t, _ := pc.Get(footnoteKey).(*footnoteTracker)
	if t == nil {
		return nil
	}
	line, segment := block.PeekLine()
	pos := 1
	if len(line) > 0 && line[0] == '!' {
		pos++
	}
	if pos >= len(line) || line[pos] != '^' {
		return nil
	}
	pos++
	if pos >= len(line) {
		return nil
	}
	end := footnoteLabelEnd(line[pos:min(len(line), pos+footnoteLabelLimit)])
	if end < 0 {
		return nil
	}
	label := string(block.Value(text.NewSegment(segment.Start+pos, segment.Start+pos+end)))
	t.refs = append(t.refs, label)
	if !t.final || !t.defined(label) {
		return nil // goldmark's parser decides, from the chunk's own definitions
	}
	block.Advance(pos + end + 1)
	if line[0] == '!' {
		parent.AppendChild(parent, ast.NewTextSegment(text.NewSegment(segment.Start, segment.Start+1)))
	}
	return east.NewFootnoteLink(0)
}

// footnoteLabelEnd returns the index of the "]" that ends a footnote
// label at the start of b, or -1: goldmark's util.FindClosure(b, '[',
// ']', false, false).
func footnoteLabelEnd(b []byte) int {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\\' && i+1 < len(b) && util.IsPunct(b[i+1]):
			i++
		case c == ']':
			return i
		case c == '[':
			return -1
		}
	}
	return -1
}

// footnoteShows is an AST transformer that runs just before goldmark's
// footnote transformer, which drops the definitions no reference
// numbered: it records the chunk's definitions, and in the final pass
// numbers those the whole document shows and no others.
type footnoteShows struct{}

func (footnoteShows) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	t, _ := pc.Get(footnoteKey).(*footnoteTracker)
	if t == nil {
		return
	}
	var list *east.FootnoteList
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*east.FootnoteList); ok && entering {
			list = l
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if list == nil {
		return
	}
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		f, ok := n.(*east.Footnote)
		if !ok {
			continue
		}
		d := footnoteDef{label: string(f.Ref), pos: f.Pos(), shown: f.Index >= 0}
		if t.final {
			d.shown = t.shown(d.label, d.pos)
			switch {
			case d.shown && f.Index < 0:
				list.Count++
				f.Index = list.Count
			case !d.shown:
				f.Index = -1
			}
		}
		t.defs = append(t.defs, d)
	}
}

// footnoteLabels returns, for each footnote label that src may use or
// define, where the last such place is: a label not there is in no
// footnote, and one whose last place is behind a position is in none
// further on. A place is where goldmark's footnote parser reads one:
// "[^label]" anywhere, and "!" with any byte and "^label]" (goldmark
// does not look at the byte after "!").
//
// Fragile reports a document in which whether a place is read at all may
// hang on whether another's label is defined: when it is not, goldmark
// reads the other as link syntax or text, which may swallow what
// follows. A "[^label]" followed by "(" or "[" (an inline link, a full
// reference) and then by another place before the paragraph ends; a "!"
// with "`" or "<" before "^" (a code span, an autolink or HTML). A
// "[^label]" after "]" may be the label of a full reference ("[a][^b]"),
// which a link reference definition of "^label" makes: afterBracket
// lists those labels, for footnotesSplittable to look up.
func footnoteLabels(src []byte) (last map[string]int, fragile bool, afterBracket []string) {
	last = map[string]int{}
	swallow := -1 // the end of a place that may swallow what follows, until the paragraph ends
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '^')
		if k < 0 {
			return last, fragile, afterBracket
		}
		q := i + k
		i = q + 1
		var at int
		switch {
		case q >= 1 && src[q-1] == '[':
			at = q - 1
		case q >= 2 && src[q-2] == '!':
			at = q - 2
		default:
			continue
		}
		rest := src[i:]
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[:nl+1]
		}
		end := footnoteLabelEnd(rest[:min(len(rest), footnoteLabelLimit)])
		if end < 0 {
			continue
		}
		label := string(rest[:end])
		last[label] = at
		if swallow >= 0 && (at < swallow || !bytes.Contains(src[swallow:at], paragraphEnd)) {
			fragile = true
		}
		swallow = -1
		next := byte(0)
		if end+1 < len(rest) {
			next = rest[end+1]
		}
		switch {
		case src[q-1] != '[':
			if c := src[q-1]; c == '`' || c == '<' {
				fragile = true
			}
		case next == '(' || next == '[':
			swallow = i + end + 1
		}
		if at > 0 && src[at-1] == ']' {
			afterBracket = append(afterBracket, label)
		}
	}
}

var paragraphEnd = []byte("\n\n")

// footnotesSplittable reports whether src can be parsed in chunks as far
// as its footnotes go: the chunks learn which places are references from
// their first parse, which holds when each place is read whether or not
// another's label is defined (see footnoteLabels). A document where that
// may not hold is parsed whole.
func footnotesSplittable(src []byte) bool {
	if bytes.IndexByte(src, '^') < 0 {
		return true
	}
	_, fragile, afterBracket := footnoteLabels(src)
	if fragile {
		return false
	}
	if len(afterBracket) == 0 {
		return true
	}
	defs := definableLabels(src)
	for _, l := range afterBracket {
		if !defs.doneBy(util.ToLinkReference([]byte("^"+l)), 0) {
			return false
		}
	}
	return true
}

// footnotes is what the chunked parse of a document with footnotes knows
// of them: where each label is last met (footnoteLabels), where the
// first definition of each label met so far is, and which labels a
// reference met so far names. A nil *footnotes, for a document with no
// "[^", does nothing.
type footnotes struct {
	last  map[string]int
	first map[string]int
	named map[string]bool
}

func newFootnotes(src []byte) *footnotes {
	last, _, _ := footnoteLabels(src)
	if len(last) == 0 {
		return nil
	}
	return &footnotes{last: last, first: map[string]int{}, named: map[string]bool{}}
}

// track puts a first-pass tracker in ctx, the context of the parse of
// src[lo:hi], when that may hold a footnote label.
func (f *footnotes) track(ctx parser.Context, src []byte, lo, hi int) {
	if f != nil && bytes.IndexByte(src[lo:hi], '^') >= 0 {
		ctx.Set(footnoteKey, &footnoteTracker{})
	}
}

// decide puts a final-pass tracker in ctx, the context of the parse of
// src[lo:hi], which decides the chunk's footnotes as the whole document
// does, and reports whether it did.
func (f *footnotes) decide(ctx parser.Context, src []byte, lo, hi int) bool {
	if f == nil || bytes.IndexByte(src[lo:hi], '^') < 0 {
		return false
	}
	ctx.Set(footnoteKey, &footnoteTracker{
		final:   true,
		defined: func(label string) bool { _, ok := f.first[label]; return ok },
		shown:   func(label string, pos int) bool { return f.shows(label, lo+pos) },
	})
	return true
}

// add records in c what the first pass of its parse, in ctx, met, and
// adds it to what the document is known to hold. Chunks come in order,
// so the first definition of a label met is the document's.
func (f *footnotes) add(c *chunk, ctx parser.Context) {
	if f == nil {
		return
	}
	t, _ := ctx.Get(footnoteKey).(*footnoteTracker)
	if t == nil {
		return
	}
	seen := make(map[string]bool, len(t.refs))
	for _, l := range t.refs {
		f.named[l] = true
		if !seen[l] {
			seen[l] = true
			c.noteRefs = append(c.noteRefs, l)
		}
	}
	for _, d := range t.defs {
		d.pos += c.lo
		c.noteDefs = append(c.noteDefs, d)
		if _, ok := f.first[d.label]; !ok {
			f.first[d.label] = d.pos
		}
	}
}

// shows reports whether the whole document shows the definition of
// label at pos.
func (f *footnotes) shows(label string, pos int) bool {
	at, ok := f.first[label]
	return ok && at == pos && f.named[label]
}

// verdict is chunk.verdict for c's footnotes: waiting while a place at
// or after pos may hold one of its labels; then settled when its parse
// decided each as the whole document does, known when not.
func (f *footnotes) verdict(c *chunk, pos int) int {
	if f == nil {
		return settled
	}
	for _, l := range c.noteRefs {
		if f.last[l] >= pos {
			return waiting
		}
	}
	for _, d := range c.noteDefs {
		if f.last[d.label] >= pos {
			return waiting
		}
	}
	if f.stale(c) {
		return known
	}
	return settled
}

// stale reports whether the parse of c decided a footnote otherwise than
// the whole document, as far as the document is known.
func (f *footnotes) stale(c *chunk) bool {
	if f == nil || c.noteFinal {
		return false
	}
	local := make(map[string]bool, len(c.noteDefs))
	for _, d := range c.noteDefs {
		local[d.label] = true
	}
	for _, l := range c.noteRefs {
		if _, defined := f.first[l]; defined != local[l] {
			return true
		}
	}
	for _, d := range c.noteDefs {
		if d.shown != f.shows(d.label, d.pos) {
			return true
		}
	}
	return false
}

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
// does not look at the byte after "!"). Nested reports a definition
// that may sit inside another footnote (mayNest): goldmark then puts
// its list of footnotes inside that footnote, out of the tree, and what
// follows hangs on it, so such a document is parsed whole.
func footnoteLabels(src []byte) (last map[string]int, nested bool) {
	last = map[string]int{}
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '^')
		if k < 0 {
			return last, nested
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
		last[string(rest[:end])] = at
		if end+1 < len(rest) && rest[end+1] == ':' && src[q-1] == '[' && mayNest(src, at) {
			nested = true
		}
	}
}

// footnotesSplittable reports whether src can be parsed in chunks as far
// as its footnotes go: no definition may sit inside another footnote.
func footnotesSplittable(src []byte) bool {
	if bytes.IndexByte(src, '^') < 0 {
		return true
	}
	_, nested := footnoteLabels(src)
	return !nested
}

// mayNest reports whether the "[^label]:" at src[at] may open a footnote
// inside another footnote: on the line of another definition
// ("[^a]: [^b]:"), or at a block's start (after spaces and the marks of
// block quotes and lists only) in lines indented four or more that go on
// from a line that opens a footnote. After other text it opens nothing.
// Past the lines it looks back over, it says yes.
func mayNest(src []byte, at int) bool {
	ls := bytes.LastIndexByte(src[:at], '\n') + 1
	prefix := src[ls:at]
	if bytes.Contains(prefix, defMark) {
		return true
	}
	if afterText(prefix) {
		return false // no block starts here
	}
	if indent(prefix) < 4 {
		return false
	}
	// Back to the line, not blank and indented less than four, that the
	// indented lines go on from; and, when that opens no footnote, on up
	// the lines without a blank one between, which may go on a
	// footnote's paragraph lazily ("[^a]: x\nlazy\n    [^b]: y").
	end, lazy := ls, false
	for range 64 {
		if end == 0 {
			return false
		}
		start := bytes.LastIndexByte(src[:end-1], '\n') + 1
		line := src[start : end-1]
		end = start
		blank := len(bytes.TrimSpace(line)) == 0
		switch {
		case blank && lazy:
			return false
		case blank || !lazy && indent(line) >= 4:
			continue
		}
		opener := bytes.TrimLeft(line, blockMarks)
		if bytes.HasPrefix(opener, footnoteOpen) && bytes.Contains(opener, defMark) {
			return true
		}
		lazy = true
	}
	return true
}

// indent returns the columns of white space that start line, a tab to
// the next multiple of four.
func indent(line []byte) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4 - n%4
		default:
			return n
		}
	}
	return n
}

var footnoteOpen = []byte("[^")

// footnotes is what the chunked parse of a document with footnotes knows
// of them: where each label is last met (footnoteLabels), where the
// first definition of each label met so far is, and, at the end, which
// labels some reference names. A nil *footnotes, for a document with no
// place, does nothing.
//
// A chunk without definitions goes as soon as the labels of its
// references are settled: its links hang only on which labels are
// defined. A chunk with definitions waits for the end, where whether a
// definition is shown (first of its label, and named by a reference
// anywhere) is known from every chunk's last parse.
type footnotes struct {
	last  map[string]int
	first map[string]int
	named map[string]bool // at the end
}

// noteRef is a label a chunk's parse met at a place, and whether that
// parse read it as a reference.
type noteRef struct {
	label string
	read  bool
}

func newFootnotes(src []byte) *footnotes {
	last, _ := footnoteLabels(src)
	if len(last) == 0 {
		return nil
	}
	return &footnotes{last: last, first: map[string]int{}}
}

// track puts a first-pass tracker in ctx, the context of the parse of
// src[lo:hi], when that may hold a place.
func (f *footnotes) track(ctx parser.Context, src []byte, lo, hi int) {
	if f != nil && bytes.IndexByte(src[lo:hi], '^') >= 0 {
		ctx.Set(footnoteKey, &footnoteTracker{})
	}
}

// decide puts a final-pass tracker in ctx, the context of the parse of
// src[lo:hi], which reads the chunk's footnotes as the whole document
// does, as far as it is known; and returns it, or nil.
func (f *footnotes) decide(ctx parser.Context, src []byte, lo, hi int) *footnoteTracker {
	if f == nil || bytes.IndexByte(src[lo:hi], '^') < 0 {
		return nil
	}
	t := &footnoteTracker{
		final:   true,
		defined: func(label string) bool { _, ok := f.first[label]; return ok },
		shown:   func(label string, pos int) bool { return f.shows(label, lo+pos) },
	}
	ctx.Set(footnoteKey, t)
	return t
}

// add records in c what the first pass of its parse, in ctx, met, and
// the definitions in what the document is known to hold. Chunks come in
// order, so the first definition of a label met is the document's. The
// first pass reads a place as a reference when the chunk defines its
// label.
func (f *footnotes) add(c *chunk, ctx parser.Context) {
	if f == nil {
		return
	}
	t, _ := ctx.Get(footnoteKey).(*footnoteTracker)
	if t == nil {
		return
	}
	local := make(map[string]bool, len(t.defs))
	for _, d := range t.defs {
		d.pos += c.lo
		c.noteDefs = append(c.noteDefs, d)
		local[d.label] = true
		if _, ok := f.first[d.label]; !ok {
			f.first[d.label] = d.pos
		}
	}
	c.noteRefs = refsOf(t.refs, func(l string) bool { return local[l] })
}

// update records in c what a final pass of its parse, t, met.
func (f *footnotes) update(c *chunk, t *footnoteTracker) {
	if t == nil {
		return
	}
	c.noteRefs = refsOf(t.refs, t.defined)
	for i := range c.noteDefs {
		if i < len(t.defs) {
			c.noteDefs[i].shown = t.defs[i].shown
		}
	}
}

// refsOf returns the labels of refs once each, with how read read them.
func refsOf(refs []string, read func(string) bool) []noteRef {
	var out []noteRef
	seen := make(map[string]bool, len(refs))
	for _, l := range refs {
		if !seen[l] {
			seen[l] = true
			out = append(out, noteRef{l, read(l)})
		}
	}
	return out
}

// shows reports whether the whole document shows the definition of
// label at pos: the first of its label, named by a reference.
func (f *footnotes) shows(label string, pos int) bool {
	at, ok := f.first[label]
	return ok && at == pos && f.named[label]
}

// verdict is chunk.verdict for c's footnotes: a chunk with definitions
// waits for the end; another while a place at or after pos may hold one
// of its labels; then it is settled when its parse read each place as
// the whole document does, known when not.
func (f *footnotes) verdict(c *chunk, pos int) int {
	if f == nil {
		return settled
	}
	if len(c.noteDefs) > 0 {
		return waiting // for the end of chunked, which names the shown
	}
	for _, r := range c.noteRefs {
		if f.last[r.label] >= pos {
			return waiting
		}
	}
	if f.misread(c) {
		return known
	}
	return settled
}

// misread reports whether c's last parse read a place otherwise than the
// whole document, as far as the document is known.
func (f *footnotes) misread(c *chunk) bool {
	if f == nil {
		return false
	}
	for _, r := range c.noteRefs {
		if _, defined := f.first[r.label]; defined != r.read {
			return true
		}
	}
	return false
}

// name sets which labels some reference names, from the last parse of
// every chunk.
func (f *footnotes) name(chunks []chunk) {
	f.named = map[string]bool{}
	for i := range chunks {
		for _, r := range chunks[i].noteRefs {
			if r.read {
				f.named[r.label] = true
			}
		}
	}
}

// misshown reports whether c's last parse showed a definition otherwise
// than the whole document (once name has run).
func (f *footnotes) misshown(c *chunk) bool {
	for _, d := range c.noteDefs {
		if d.shown != f.shows(d.label, d.pos) {
			return true
		}
	}
	return false
}

package extract

import (
	"bytes"
	"slices"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A large Markdown document is parsed in chunks, each chunk's tree dropped
// before the next is parsed: goldmark's tree takes about eight times the
// size of the source, so a document of 100 MB parsed whole needs well over
// a gigabyte, and in chunks of 128 KiB only what its links take.
//
// A chunk ends where nothing that the parser holds open can go on: at the
// start of a line that follows a blank line and starts at the left margin
// with a letter, "#", "[", "!", "|" or a non-ASCII character (see
// startsFresh). Such a line ends every
// paragraph, list, block quote and indented code block before it (it is
// no list marker, no ">", no lazy continuation after a blank line), so
// the parse of what follows does not depend on what came before, except
// for three things, which the parse of each chunk checks or is given:
//
//   - a fenced code block or an HTML block that waits for its end
//     ("```", "-->", "</pre>") goes on over blank lines: when the chunk's
//     last top-level block is such a block left open, the boundary is not
//     one, and the chunk is parsed again twice as long;
//   - link reference definitions count for the whole document: each chunk
//     is given those of the chunks before it (and those read ahead for
//     the labels it missed), and a chunk that looked up a label that only
//     a later chunk defines is parsed again once that chunk is parsed,
//     with all of them; a chunk's links are given to a caller of
//     MarkdownDocEach as soon as no place further on can define a label
//     it looked up (definableLabels), so that a document's links are
//     never all held at once;
//   - footnotes count for the whole document too: a "[^label]" refers to
//     a definition anywhere, and a definition is shown when anything
//     refers to it; each chunk records its footnote labels (footnote.go),
//     and one whose parse differs from what the whole document decides
//     is parsed again, told that, once no place further on holds one of
//     its labels.
//
// The links, anchors and comments are then those of one parse of the
// whole document (FuzzMarkdownChunks checks it).

// chunkSize is how many bytes of source a chunk holds at least: the
// tree of one chunk (about 1 MB) is what the parse holds besides the
// links, and chunks from 64 KiB to 1 MiB take the same time (measured on
// prose, link-dense and reference-style documents of 12 to 144 MB).
const chunkSize = 128 << 10

// chunkable reports whether src is parsed in chunks: it is larger than
// two chunks and can be split.
func chunkable(src []byte) bool { return len(src) > 2*chunkSize && splittable(src) }

// splittable reports whether src can be parsed in chunks: it ends its
// lines with "\n" or "\r\n" (a lone "\r" ends a line for CommonMark,
// not for the splitter), and its footnotes allow it
// (footnotesSplittable).
func splittable(src []byte) bool {
	if !footnotesSplittable(src) {
		return false
	}
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '\r')
		if k < 0 {
			return true
		}
		i += k + 1
		if i == len(src) || src[i] != '\n' {
			return false
		}
	}
}

// chunk is a part of a document parsed on its own, and where its results
// lie in the results of the document.
type chunk struct {
	lo, hi int
	marks  int      // index of the chunk's first mark
	links  int      // how many links of the chunk are held
	missed []string // labels looked up and not defined in the chunks up to this one
	// dropped: the links were let go while the chunk waited (see
	// chunked), and the chunk is parsed again at the end.
	dropped bool
	// The footnote labels its last parse met where a reference may be,
	// and its footnote definitions (at offsets of src).
	noteRefs []noteRef
	noteDefs []footnoteDef
	// early holds the definitions read ahead that the chunk was given.
	early map[string]parser.Reference
}

// minHeld is the fewest links that chunked holds for chunks that wait
// before it lets them go; a variable for the tests.
var minHeld = 1 << 12

// chunked returns the links of the Markdown document src parsed with p in
// chunks of at least size bytes, finished, and, when doc is set, its
// marks, as markdownLinks and docMarks return them for one parse of src;
// and the chunks.
// With emit, the links go to emit instead, finished, in document order,
// and chunked returns none: a chunk's links as soon as no later part of
// the document can change them (see settled), at the latest at the end.
// Emit must not keep the slice it is given.
func (e *Extractor) chunked(src []byte, p parser.Parser, doc bool, size int, emit func([]Link)) ([]Link, []mark, []chunk) {
	var marks []mark
	refs := map[string]parser.Reference{}
	var ahead *lookahead
	var labels definable
	// Without "]:" no line defines a reference: no lookup needs keeping.
	track := bytes.Contains(src, defMark)
	if track {
		labels = definableLabels(src)
		ahead = newLookahead(src, p, size, labels)
	}
	notes := newFootnotes(src)
	var links []Link
	if emit == nil {
		links = make([]Link, 0, EstimateLinks(src))
	}
	// With emit, the links held for chunks that wait are let go past
	// maxHeld, and those chunks parsed again at the end: a document
	// that uses definitions only its end holds costs a second parse,
	// not its links.
	maxHeld := max(minHeld, len(src)/1024)
	lc := newLineCounter(src)
	var chunks []chunk
	first := 0 // with emit, links holds those of chunks[first:]
	sp := splitter{src: src}
	for lo := 0; lo < len(src); {
		hi := sp.next(lo + size)
		var root ast.Node
		var ctx *refContext
		for {
			ctx = &refContext{Context: parser.NewContext(), refs: refs, ahead: ahead, track: track}
			notes.track(ctx, src, lo, hi)
			root = p.Parse(text.NewReader(src[lo:hi]), parser.WithContext(ctx))
			if hi == len(src) || closedAtEnd(src[lo:hi], root) {
				break
			}
			hi = sp.next(lo + 2*(hi-lo))
		}
		if track && ahead.load(ctx.missed, hi, sp) {
			// Labels defined further on, now read ahead: parse again
			// rather than at the end, since the later chunks will use them
			// too (a document with its definitions at the bottom).
			ctx = &refContext{Context: parser.NewContext(), refs: refs, ahead: ahead, track: track}
			notes.track(ctx, src, lo, hi)
			root = p.Parse(text.NewReader(src[lo:hi]), parser.WithContext(ctx))
		}
		c := chunk{lo: lo, hi: hi, marks: len(marks), missed: ctx.missedLabels(), early: ctx.early}
		notes.add(&c, ctx)
		k := len(links)
		links, marks = e.chunkResults(src, c, root, links, marks, doc)
		c.links = len(links) - k
		ctx.keep()
		chunks = append(chunks, c)
		lo = hi
		if emit == nil {
			continue
		}
		// The chunks that nothing further on can change go now, in
		// order: a document's links are never all held at once.
		end, n := 0, first
		for ; n < len(chunks) && !chunks[n].dropped; n++ {
			v := chunks[n].verdict(refs, labels, notes, hi)
			if v == known {
				// Parsed again now that its labels are known: it need not
				// wait for the end.
				links, marks = e.parseAgain(src, p, doc, chunks, n, end, refs, notes, links, marks)
				v = chunks[n].verdict(refs, labels, notes, hi)
			}
			if v != settled {
				break
			}
			end += chunks[n].links
		}
		if n > first {
			finishWith(src, links[:end], &lc)
			if end > 0 {
				emit(links[:end])
			}
			// The buffer is reused by the next chunks.
			links = links[:copy(links, links[end:])]
			first = n
		}
		if len(links) > maxHeld {
			for i := first; i < len(chunks); i++ {
				chunks[i].links, chunks[i].dropped = 0, true
			}
			links = links[:0]
		}
	}
	// Chunks that named a label defined only further on, or that were
	// given a definition read ahead that is not the document's, or whose
	// links were let go: again, with all the definitions of the document.
	held := chunks[first:]
	var again []int
	for i, c := range held {
		if c.dropped || c.stale(refs) || notes.misread(&c) {
			again = append(again, i)
		}
	}
	if notes != nil && slices.ContainsFunc(held, func(c chunk) bool { return len(c.noteDefs) > 0 }) {
		// Which definitions are shown hangs on the references every
		// chunk reads as the whole document does: those to be parsed
		// again are, first, to learn theirs (a place may be read only
		// when another is); then the chunks that showed otherwise are
		// parsed again too.
		for _, i := range again {
			c := &held[i]
			ctx := &refContext{Context: parser.NewContext(), refs: refs}
			if t := notes.decide(ctx, src, c.lo, c.hi); t != nil {
				p.Parse(text.NewReader(src[c.lo:c.hi]), parser.WithContext(ctx))
				notes.update(c, t)
			}
		}
		notes.name(chunks)
		for i := range held {
			if !slices.Contains(again, i) && notes.misshown(&held[i]) {
				again = append(again, i)
			}
		}
		slices.Sort(again)
	}
	if len(again) > 0 {
		// With emit, each chunk's links go as they are known.
		links, marks = e.reparse(src, p, doc, held, again, refs, notes, links, marks, &lc, emit)
		if emit != nil {
			return nil, marks, chunks
		}
	}
	if len(links) == 0 {
		links = nil // as one parse returns
	}
	finishWith(src, links, &lc)
	if emit != nil {
		if len(links) > 0 {
			emit(links)
		}
		return nil, marks, chunks
	}
	return links, marks, chunks
}

// What verdict tells of a chunk's parse.
const (
	settled = iota // it is that of one parse of the whole document
	waiting        // a part not yet parsed may change it
	known          // it is not, and its labels are all known now
)

// verdict tells whether the links of c, parsed, are those of one parse
// of the whole document, now that the chunks up to pos are parsed. They
// are when each definition read ahead that c was given is the one the
// document's chunks found first (the first definition counts, and the
// chunks are parsed in order), and each label c looked up in vain stays
// undefined: no chunk so far defined it, and none of the places further
// on that may define it (labels) is left.
func (c *chunk) verdict(refs map[string]parser.Reference, labels definable, notes *footnotes, pos int) int {
	v := notes.verdict(c, pos)
	if v == waiting {
		return v
	}
	for l, r := range c.early {
		d, ok := refs[l]
		switch {
		case !ok && !labels.doneBy(l, pos):
			return waiting
		case !ok || !sameReference(d, r):
			v = known
		}
	}
	for _, l := range c.missed {
		if _, ok := refs[l]; ok {
			v = known
		} else if !labels.doneBy(l, pos) {
			return waiting
		}
	}
	return v
}

// parseAgain parses chunks[n] again with the definitions refs holds,
// and puts its links in place of those it held, from links[at], and its
// marks in place of its marks.
func (e *Extractor) parseAgain(src []byte, p parser.Parser, doc bool, chunks []chunk, n, at int, refs map[string]parser.Reference, notes *footnotes, links []Link, marks []mark) ([]Link, []mark) {
	c := &chunks[n]
	ctx := &refContext{Context: parser.NewContext(), refs: refs, track: true}
	t := notes.decide(ctx, src, c.lo, c.hi)
	root := p.Parse(text.NewReader(src[c.lo:c.hi]), parser.WithContext(ctx))
	notes.update(c, t)
	newLinks, newMarks := e.chunkResults(src, *c, root, nil, nil, doc)
	links = slices.Replace(links, at, at+c.links, newLinks...)
	c.links, c.missed, c.early = len(newLinks), ctx.missedLabels(), nil
	if doc {
		end := len(marks)
		if n+1 < len(chunks) {
			end = chunks[n+1].marks
		}
		marks = slices.Replace(marks, c.marks, end, newMarks...)
		for i := n + 1; i < len(chunks); i++ {
			chunks[i].marks += len(newMarks) - (end - c.marks)
		}
	}
	return links, marks
}

// definable is what definableLabels finds: for each label that a line
// of the document may define, where the first and the last such places
// are; and the last
// place where a label that the scan cannot name may be defined, or -1.
type definable struct {
	first, last map[string]int // the "[" of the first place, the "]" of the last
	lastAny     int
}

// doneBy reports whether no place at or after pos may define label.
func (d definable) doneBy(label string, pos int) bool {
	if d.lastAny >= pos {
		return false
	}
	at, ok := d.last[label]
	return !ok || at < pos
}

// maxLabel is goldmark's limit on a link label, in bytes (CommonMark's
// is 999 characters).
const maxLabel = 999

// definableLabels returns, for each "]:" of src that no backslash
// escapes, the label it would close as a link reference definition:
// back from it to a "[" that no backslash escapes, with no such "]"
// between, nor a blank line. Every definition of the document is one of
// these, so a label not found here is defined nowhere, and one whose
// last place is behind a position is defined nowhere further on. A
// label across lines that holds a ">" (a block quote's, or text) is not
// named: any label may be defined there. Where the look
// back would pass the "]:" before, or maxLabel bytes, any label may be
// defined: so each byte is looked at once, and an odd document costs
// waiting, not time. The key of a label is goldmark's,
// util.ToLinkReference.
func definableLabels(src []byte) definable {
	d := definable{first: map[string]int{}, last: map[string]int{}, lastAny: -1}
	for i := 0; ; {
		k := bytes.Index(src[i:], defMark)
		if k < 0 {
			return d
		}
		stop := i // nothing before the last "]:" is looked at again
		end := i + k
		i = end + len(defMark)
		if escaped(src, end) {
			continue
		}
		open, lines, named := -1, false, true
	scan:
		for j := end - 1; ; j-- {
			if j < 0 {
				break // nothing opens a label
			}
			if j < stop || end-j > maxLabel+1 {
				named = false // a label may start before: unknown
				break
			}
			switch src[j] {
			case '[':
				if !escaped(src, j) {
					open = j
					break scan
				}
			case ']':
				if !escaped(src, j) {
					break scan // no label closes at end
				}
			case '\n':
				if blankAfter(src, j) {
					break scan // a label holds no blank line
				}
				lines = true
			}
		}
		switch {
		case !named:
			d.lastAny = end
		case open >= 0 && afterText(linePrefix(src, open)):
			// Text before the "[" on its line: no definition starts there.
		case open >= 0 && lines && bytes.IndexByte(src[open+1:end], '>') >= 0:
			// A block quote's ">" starts a line of the label, or is text
			// of it (after an indent of four): the scan cannot tell.
			d.lastAny = end
		case open >= 0 && !lines && src[open+1] == '^' && !util.IsBlank(src[open+2:end]) && atLineStart(linePrefix(src, open)):
			// "[^note]:" on one line, at its start, is a footnote, never
			// a reference definition: goldmark's footnote parser opens it
			// first, and interrupts a paragraph to. (Indented four, it
			// goes on a paragraph, and may be one.)
		case open >= 0:
			// Spaces, tabs and line breaks are one space in the key.
			key := util.ToLinkReference(src[open+1 : end])
			if _, ok := d.first[key]; !ok {
				d.first[key] = open
			}
			d.last[key] = end
		}
	}
}

// linePrefix returns what comes before src[i] on its line.
func linePrefix(src []byte, i int) []byte {
	return src[bytes.LastIndexByte(src[:i], '\n')+1 : i]
}

// afterText reports whether prefix, what comes before a place on its
// line, holds more than white space and the marks of block quotes and
// list items: no block starts at the place then. A footnote's
// "[^label]:" may start one (the footnote's first block): that is no
// text.
func afterText(prefix []byte) bool {
	return len(bytes.Trim(prefix, blockMarks)) > 0 && !bytes.Contains(prefix, defMark)
}

// blockMarks are the bytes that may come before a block's start on its
// line: indentation and the marks of block quotes and list items.
const blockMarks = " \t>*+-.)0123456789"

// atLineStart reports whether prefix, what comes before a place on its
// line, is at most three spaces.
func atLineStart(prefix []byte) bool {
	return len(prefix) <= 3 && len(bytes.TrimLeft(prefix, " ")) == 0
}

// blankAfter reports whether the line after the line break src[j] holds
// only spaces and tabs up to its end.
func blankAfter(src []byte, j int) bool {
	for _, c := range src[j+1:] {
		switch c {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// escaped reports whether src[j] follows an odd number of backslashes.
func escaped(src []byte, j int) bool {
	n := 0
	for j > 0 && src[j-1] == '\\' {
		n++
		j--
	}
	return n%2 == 1
}

// stale reports whether the parse of c answered a label otherwise than
// refs, the definitions of the whole document, do.
func (c *chunk) stale(refs map[string]parser.Reference) bool {
	for _, l := range c.missed {
		if _, ok := refs[l]; ok {
			return true
		}
	}
	for l, r := range c.early {
		if !sameReference(refs[l], r) {
			return true
		}
	}
	return false
}

func sameReference(a, b parser.Reference) bool {
	return a != nil && b != nil && bytes.Equal(a.Label(), b.Label()) &&
		bytes.Equal(a.Destination(), b.Destination()) && bytes.Equal(a.Title(), b.Title())
}

// lookahead reads link reference definitions ahead of the chunk being
// parsed, in a document that uses a label before it defines it (often all
// definitions at the bottom), so that each chunk is not parsed twice. What
// it reads is a guess, parsed from a place the splitter offers without
// the check of the chunked parse; the definitions that the chunks find
// themselves decide, and a chunk that was given another is parsed again.
type lookahead struct {
	src   []byte
	p     parser.Parser
	size  int
	lines map[string]int              // label -> offset of the first place that may define it (definable.first)
	refs  map[string]parser.Reference // read ahead
	done  []int                       // pairs of offsets: the parts read
	sp    *splitter                   // the lookahead's own, from the first chunk that needed it
	last  int                         // the last place it found to split at
}

// newLookahead returns a lookahead of src, whose labels are those that
// definableLabels found, read ahead from the first place of each.
func newLookahead(src []byte, p parser.Parser, size int, labels definable) *lookahead {
	return &lookahead{src: src, p: p, size: size, lines: labels.first, refs: map[string]parser.Reference{}}
}

// load reads ahead the definitions of the labels of missed that a line
// a chunk or more after hi seems to define, and reports whether it read
// any. sp is the
// splitter of the chunked parse, standing at hi: the lookahead goes on
// with a copy of it, forward only, so that it reads the document once at
// most; a label whose line it has passed is left to the parse at the end.
func (la *lookahead) load(missed map[string]bool, hi int, sp splitter) bool {
	var targets []int
	for l := range missed {
		// A definition in the next chunk comes soon enough: the chunks
		// after it will know it, and this one is parsed again at the end.
		if at, ok := la.lines[l]; ok && at >= hi+la.size && at >= la.last && !la.read(at) {
			targets = append(targets, at)
		}
	}
	if len(targets) == 0 {
		return false
	}
	slices.Sort(targets)
	if la.sp == nil {
		la.sp, la.last = &sp, hi
	}
	read := false
	for _, at := range targets {
		if at < la.last || la.read(at) {
			continue
		}
		// The part from the last place to split at or before the line
		// to one at least a chunk further on.
		for {
			next := la.sp.next(la.last + 1)
			if next > at || next == len(la.src) {
				break
			}
			la.last = next
		}
		ahead := *la.sp
		from, to := la.last, ahead.next(max(la.last+la.size, at+1))
		ctx := &refContext{Context: parser.NewContext(), refs: map[string]parser.Reference{}}
		la.p.Parse(text.NewReader(la.src[from:to]), parser.WithContext(ctx))
		for k, r := range ctx.own {
			if _, ok := la.refs[k]; !ok {
				la.refs[k] = r
			}
		}
		la.done = append(la.done, from, to)
		read = true
	}
	return read
}

// read reports whether the offset at lies in a part already read.
func (la *lookahead) read(at int) bool {
	for i := 0; i < len(la.done); i += 2 {
		if la.done[i] <= at && at < la.done[i+1] {
			return true
		}
	}
	return false
}

// chunkResults appends the links (and, with doc, the marks) of chunk c,
// parsed as root, to links and marks, with offsets in src.
func (e *Extractor) chunkResults(src []byte, c chunk, root ast.Node, links []Link, marks []mark, doc bool) ([]Link, []mark) {
	part := src[c.lo:c.hi]
	k := len(links)
	links = e.markdownLinks(part, root, links)
	for i := k; i < len(links); i++ {
		links[i].Start.Offset += c.lo
		links[i].End.Offset += c.lo
	}
	if doc {
		k := len(marks)
		marks = docMarks(part, root, marks)
		for i := k; i < len(marks); i++ {
			marks[i].off += c.lo
			marks[i].end += c.lo
		}
	}
	return links, marks
}

// reparse parses the chunks whose indexes again holds once more, knowing
// every definition of the document, and returns the results with theirs
// replaced. Links holds the links of chunks, each chunk's count of them
// in turn; marks those of the whole document, chunks' from
// chunks[0].marks on. With emit, each chunk's links are finished with lc
// and given to emit in turn, and none are returned.
func (e *Extractor) reparse(src []byte, p parser.Parser, doc bool, chunks []chunk, again []int, refs map[string]parser.Reference, notes *footnotes, links []Link, marks []mark, lc *lineCounter, emit func([]Link)) ([]Link, []mark) {
	var outLinks, buf []Link
	if emit == nil {
		outLinks = make([]Link, 0, len(links))
	}
	var outMarks []mark
	if doc {
		outMarks = make([]mark, 0, len(marks))
		outMarks = append(outMarks, marks[:chunks[0].marks]...)
	}
	next, at := 0, 0 // in again, in links
	for i, c := range chunks {
		endMarks := len(marks)
		if i+1 < len(chunks) {
			endMarks = chunks[i+1].marks
		}
		batch := links[at : at+c.links]
		at += c.links
		if next < len(again) && again[next] == i {
			next++
			ctx := &refContext{Context: parser.NewContext(), refs: refs}
			notes.decide(ctx, src, c.lo, c.hi)
			root := p.Parse(text.NewReader(src[c.lo:c.hi]), parser.WithContext(ctx))
			buf, outMarks = e.chunkResults(src, c, root, buf[:0], outMarks, doc)
			batch = buf
		} else if doc {
			outMarks = append(outMarks, marks[c.marks:endMarks]...)
		}
		if emit == nil {
			outLinks = append(outLinks, batch...)
			continue
		}
		finishWith(src, batch, lc)
		if len(batch) > 0 {
			emit(batch)
		}
	}
	return outLinks, outMarks
}

var defMark = []byte("]:")

// EstimateLinks returns about how many links the Markdown document src
// holds, rarely fewer, from its "://" and "](" (a link to an absolute URI
// has both): a size for what a caller of MarkdownDocEach keeps of each
// link, so that it is rarely copied to grow.
func EstimateLinks(src []byte) int {
	n := bytes.Count(src, slashes) + bytes.Count(src, linkMid) - bytes.Count(src, linkHTTP)
	return max(n, 0) + n/16
}

var linkHTTP = []byte("](http")

// closedAtEnd reports whether the parse root of part, a chunk that ends
// with a blank line, leaves open no block that would go on past it: its
// last top-level block is neither a fenced code block whose content runs
// to the end nor an HTML block of the kinds that end at a closing mark
// (CommonMark's types 1 to 5: <script>, <pre>, <style>, <textarea>,
// comments, processing instructions, declarations, CDATA) without one.
// Containers need no check: the line after the chunk closes them.
func closedAtEnd(part []byte, root ast.Node) bool {
	last := root.LastChild()
	if _, ok := last.(*east.FootnoteList); ok {
		// Goldmark moves the footnotes to the end; what they hold ends
		// with them (a footnote's lines are indented).
		last = last.PreviousSibling()
	}
	switch n := last.(type) {
	case *ast.FencedCodeBlock:
		// The blank line that ends the chunk is content of an open fence,
		// and the last line of a closed one comes before its closing fence.
		lines := n.Lines()
		if lines.Len() == 0 {
			return true
		}
		b := bytes.LastIndexByte(part[:len(part)-1], '\n') + 1 // start of the last line
		return lines.At(lines.Len()-1).Stop < b
	case *ast.HTMLBlock:
		if n.HTMLBlockType > ast.HTMLBlockType5 || n.HasClosure() {
			return true
		}
		// A block whose one line holds its end ("<!-- note -->") is
		// closed, though goldmark keeps no closure line for it.
		lines := n.Lines()
		if lines.Len() != 1 {
			return false
		}
		first := lines.At(0)
		return htmlEnds(int(n.HTMLBlockType), first.Value(part))
	}
	return true
}

// refContext is the parse context of one chunk: it looks up link
// reference definitions in those of the chunks before it, then in its
// own, and keeps the labels it found in neither.
type refContext struct {
	parser.Context
	refs   map[string]parser.Reference // of the chunks before, or of the whole document
	own    map[string]parser.Reference
	ahead  *lookahead // or nil
	early  map[string]parser.Reference
	missed map[string]bool
	track  bool
}

// AddReference keeps the first definition of a label, as CommonMark
// says.
func (c *refContext) AddReference(r parser.Reference) {
	key := util.ToLinkReference(r.Label()) // the key goldmark looks labels up by
	if _, ok := c.refs[key]; ok {
		return
	}
	if _, ok := c.own[key]; ok {
		return
	}
	if c.own == nil {
		c.own = map[string]parser.Reference{}
	}
	// Goldmark's Reference is its definition's node, which holds the
	// chunk's whole tree through its parent and siblings: kept for the
	// rest of the document, it would keep every chunk's tree.
	c.own[key] = parser.NewReference(r.Label(), r.Destination(), r.Title())
}

// Reference looks label up: in the chunks before, in this one, then in
// the definitions read ahead.
func (c *refContext) Reference(label string) (parser.Reference, bool) {
	if r, ok := c.refs[label]; ok {
		return r, true
	}
	if r, ok := c.own[label]; ok {
		return r, true
	}
	if c.ahead != nil {
		if r, ok := c.ahead.refs[label]; ok {
			if c.early == nil {
				c.early = map[string]parser.Reference{}
			}
			c.early[label] = r
			return r, true
		}
	}
	if c.track {
		if c.missed == nil {
			c.missed = map[string]bool{}
		}
		c.missed[label] = true
	}
	return nil, false
}

// References returns the definitions known to the chunk.
func (c *refContext) References() []parser.Reference {
	out := make([]parser.Reference, 0, len(c.refs)+len(c.own))
	for _, r := range c.refs {
		out = append(out, r)
	}
	for _, r := range c.own {
		out = append(out, r)
	}
	return out
}

// keep adds the chunk's own definitions to those of the document, once its
// parse is the one kept.
func (c *refContext) keep() {
	for k, r := range c.own {
		c.refs[k] = r
	}
}

// missedLabels returns the labels that the chunk looked up in vain.
func (c *refContext) missedLabels() []string {
	if len(c.missed) == 0 {
		return nil
	}
	out := make([]string, 0, len(c.missed))
	for l := range c.missed {
		out = append(out, l)
	}
	return out
}

// splitter finds, in one pass over a document, the places where a chunk
// may end (see above). It follows fenced code and the HTML blocks that end
// at a closing mark at the left margin, so as to offer few places that
// the parse then refuses; the parse has the last word.
type splitter struct {
	src   []byte
	off   int  // start of the next line to read
	blank bool // the line before off is blank
	fence byte // '`' or '~' inside a fenced code block
	flen  int  // length of its opening fence
	html  int  // 1 to 5 inside an HTML block of that CommonMark type
}

// next returns the first place at or after min where a chunk may end, or
// the end of the document.
func (s *splitter) next(min int) int {
	src := s.src
	for s.off < len(src) {
		p := s.off
		end := len(src)
		if k := bytes.IndexByte(src[p:], '\n'); k >= 0 {
			end = p + k + 1
		}
		line := src[p:end]
		if p >= min && s.blank && s.fence == 0 && s.html == 0 && startsFresh(line[0]) {
			return p
		}
		s.off = end
		blank := isBlankLine(line)
		switch {
		case s.fence != 0:
			if closesFence(line, s.fence, s.flen) {
				s.fence = 0
			}
			blank = false
		case s.html != 0:
			if htmlEnds(s.html, line) {
				s.html = 0
			}
		case !blank:
			s.open(line)
		}
		s.blank = blank
	}
	return len(src)
}

// startsFresh reports whether a line that starts with c after a blank line
// closes whatever is open before it: a letter, "#", "[" (a paragraph, a
// link reference definition or a footnote: a list of definitions is one
// long paragraph otherwise), "!", "|" or a non-ASCII character at the
// left margin.
func startsFresh(c byte) bool {
	return isAlpha(c) || c == '#' || c == '[' || c == '!' || c == '|' || c >= 0x80
}

// isBlankLine reports whether line holds only spaces and tabs before its
// line break: blank for CommonMark (which counts more as blank, never
// less).
func isBlankLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// open notes a fenced code block or an HTML block of types 1 to 5 that
// line opens, indented by at most three spaces.
func (s *splitter) open(line []byte) {
	i := 0
	for i < 3 && i < len(line) && line[i] == ' ' {
		i++
	}
	rest := line[i:]
	if len(rest) == 0 {
		return
	}
	switch c := rest[0]; c {
	case '`', '~':
		n := 0
		for n < len(rest) && rest[n] == c {
			n++
		}
		if n >= 3 && (c == '~' || bytes.IndexByte(rest[n:], '`') < 0) {
			s.fence, s.flen = c, n
		}
	case '<':
		if t := htmlStart(rest); t > 0 && !htmlEnds(t, rest) {
			s.html = t
		}
	}
}

// closesFence reports whether line closes a fence of n marks c.
func closesFence(line []byte, c byte, n int) bool {
	i := 0
	for i < 3 && i < len(line) && line[i] == ' ' {
		i++
	}
	k := 0
	for i+k < len(line) && line[i+k] == c {
		k++
	}
	return k >= n && isBlankLine(line[i+k:])
}

// htmlStart returns the CommonMark type (1 to 5) of the HTML block that
// rest, a line from its "<" on, starts, or 0.
func htmlStart(rest []byte) int {
	switch {
	case bytes.HasPrefix(rest, commentOpen):
		return 2
	case bytes.HasPrefix(rest, []byte("<?")):
		return 3
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return 5
	case len(rest) > 2 && rest[1] == '!' && isAlpha(rest[2]):
		return 4
	}
	for _, tag := range htmlRawTags {
		if len(rest) > len(tag) && bytes.EqualFold(rest[1:1+len(tag)], []byte(tag)) {
			if len(rest) == 1+len(tag) {
				return 1
			}
			switch rest[1+len(tag)] {
			case ' ', '\t', '>', '\n', '\r', '\v', '\f':
				return 1
			case '/': // "<pre/>", as goldmark reads it
				if len(rest) > 2+len(tag) && rest[2+len(tag)] == '>' {
					return 1
				}
			}
		}
	}
	return 0
}

var htmlRawTags = [...]string{"script", "pre", "style", "textarea"}

// htmlEnds reports whether line holds the end of an HTML block of type t.
func htmlEnds(t int, line []byte) bool {
	switch t {
	case 1:
		low := bytes.ToLower(line)
		for _, tag := range htmlRawTags {
			if bytes.Contains(low, []byte("</"+tag+">")) {
				return true
			}
		}
		return false
	case 2:
		return bytes.Contains(line, commentClose)
	case 3:
		return bytes.Contains(line, []byte("?>"))
	case 4:
		return bytes.IndexByte(line, '>') >= 0
	}
	return bytes.Contains(line, []byte("]]>"))
}

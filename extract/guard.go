package extract

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/yuin/goldmark/util"
)

// ErrCostlyMarkdown is the cause of a *CostError.
var ErrCostlyMarkdown = errors.New("markdown too costly to parse")

// Some inputs make goldmark, the Markdown parser, slow or hungry far out of
// proportion to their size; none of them is a document anyone writes:
//
//   - a link destination is scanned to the end of the line each time it
//     does not close, so "[a](" repeated on one line is quadratic (a
//     megabyte: 260 s);
//   - each "[" costs some 400 bytes while it is open, until the end of
//     its paragraph (five megabytes of "[": 2 GB);
//   - a closing emphasis delimiter looks back over every opener of the
//     other kind, so "*a_ " repeated in one paragraph is quadratic;
//   - so are containers nested deep on one line ("> > > ..."), and
//     brackets nested deep ("[[[[a]]]]": a megabyte takes 12 s);
//   - a backtick run looks for a run of its length up to the end of its
//     paragraph, so runs of ever more backticks cost n^1.5;
//   - each line looks at every list item it may continue, and each of
//     those at the line's indentation, so lists nested deep by indentation
//     cost the cube of their depth (1,000 levels, a megabyte: 1.8 s;
//     3,000: 100 s and 875 MB);
//   - the link reference definitions at the start of a paragraph are
//     taken out of it one by one, each time copying the lines that follow,
//     so 100,000 consecutive definitions take 10 s;
//   - each footnote reference walks the list of every footnote definition
//     up to its own, and the list is then sorted by insertion, so
//     footnotes that refer to one another cost the square of their
//     number ("[^1]: [^2]" lines: 20,000 take 2.5 s, 40,000 take 11 s);
//   - every node of goldmark's tree takes a few hundred bytes, so markup
//     packed close ("*_" repeated, "`a` `b`", short "- a" lines) takes
//     100 to 140 bytes of tree per byte of source, where prose takes 8
//     (ten megabytes of "*_": 3.4 GB; of one-cell table rows: 1.1 GB).
//
// checkMarkdown finds them in one pass, by counting what each costs the
// parser, and Markdown reads such a document as plain text instead. The
// counts overestimate (code spans, which hide brackets and emphasis, are
// counted too), but a real document stays far below the limits.

// The limits. Each cost grows by a bounded amount per byte of a real
// document; the quadratic ones grow without bound on one line or
// paragraph. Below the limits goldmark parses a megabyte in well under a
// second.
const (
	// maxUnclosed bounds the "[" not closed in one paragraph, which cost
	// some 400 bytes each (spread over paragraphs, they cost no more than
	// the paragraphs do).
	maxUnclosed = 10_000
	// costPerByte and costBase bound the scans of link destinations, the
	// looks back of emphasis closers, and the square of the nesting of
	// each line, each counted in bytes or delimiters visited.
	costPerByte = 16
	costBase    = 1 << 20
	// linesPerCost is how many copies of a line's place in a paragraph,
	// when a definition is taken out of it, cost as much as a byte
	// visited: about 1.5 ns each, against some 50 ns a byte for the
	// whole parse.
	linesPerCost = 4
	// treePerByte and treeFloor bound the memory of goldmark's tree, as
	// treeSize estimates it: a real document's tree takes 1 to 18 bytes
	// per byte (estimated: 4 to 33; measured on 136 documents of 20 KB to
	// 1 MB: READMEs, changelogs, API references; none of 894 goes over),
	// markup packed close ("*_*_", "- a" lines, "`a` `b`", one-cell table
	// rows) 100 to 140 (estimated up to 254).
	treePerByte = 48
	treeFloor   = 32 << 20
)

// The weights of treeSize, in bytes of goldmark's tree, measured on
// inputs of one construct repeated: each line takes a segment and a text
// node, each block its node and the lines it keeps, each emphasis or
// backtick run a delimiter node that becomes text, emphasis or code, each
// bracket a text node or part of a link, each "<" a raw HTML or autolink
// node, each "|" a table cell (in a table; in a paragraph it costs
// nothing, and is overestimated).
const (
	treeByte    = 4
	treeLine    = 200
	treeBlock   = 300
	treeInline  = 250
	treeBracket = 100
	treeAngle   = 400
	treePipe    = 200
)

// A CostError says why a Markdown document was read as plain text
// (Doc.Plain): which cost of the parse went over its limit, and where.
type CostError struct {
	// Reason says what makes the parse costly: "containers nested deep",
	// "consecutive link reference definitions", ...
	Reason string
	// Pos is the start of the line where the cost went over its limit:
	// inside the costly construct (a long run of definitions, a paragraph
	// of brackets, a deep list), not necessarily at its start.
	Pos Position
}

// Error returns "markdown too costly to parse: " and the reason; the line
// is left to the caller, which names the file.
func (e *CostError) Error() string {
	return ErrCostlyMarkdown.Error() + ": " + e.Reason
}

// Unwrap returns ErrCostlyMarkdown.
func (e *CostError) Unwrap() error { return ErrCostlyMarkdown }

// checkMarkdown reports whether the Markdown document src has the shape
// of an input that makes the Markdown parser slow or hungry (see the
// limits above); the error, a *CostError, which wraps ErrCostlyMarkdown,
// says which and where. Markdown reads such a document as plain text, by
// the rules of Text (Doc.Plain holds the error). checkMarkdown takes time
// linear in src and memory that does not grow past the limits; it also
// returns the size of the parse's tree as treeSize estimates it.
func checkMarkdown(src []byte) (tree int, err error) {
	g := guard{onlyDefs: true}
	g.limit = costPerByte*len(src) + costBase
	g.treeLimit = max(treeFloor, treePerByte*len(src))
	if reason := g.scan(src); reason != "" {
		return 0, &CostError{Reason: reason, Pos: Position{Offset: g.bol, Line: g.line, Column: 1}}
	}
	return g.treeSize(len(src)), nil
}

// guard holds the counts of checkMarkdown.
type guard struct {
	limit     int // for each cost of time
	treeLimit int // for treeSize

	// In the current block, which ends at a blank line or at a line that
	// starts a list item, a block quote or a heading:
	brackets []int       // the offsets of the "[" not yet closed
	openers  [2]int      // emphasis openers not yet closed, "*" and "_"
	ticks    []run       // backtick runs that no run of their length closed yet
	tickAt   map[int]int // ticks' index by run length

	// Footnotes: goldmark looks each reference up in the list of every
	// definition, one by one, and sorts that list by insertion.
	noteDefs, noteRefs int

	// What makes the nodes of goldmark's tree (see treeSize): lines not
	// blank, blocks (container markers, a line after a blank one),
	// inline delimiters (emphasis runs, backtick runs), brackets, "<" and
	// "|".
	lines, blocks, inlines, bracketNodes, angles, pipes int

	labels   int // bytes of the link labels closed, nested ones each time
	dest     int // bytes scanned for link destinations
	code     int // bytes scanned for the ends of code spans
	emphasis int // openers looked at by closers
	nesting  int // the sum over lines of the square of their nesting

	// The list items open, by the column where their content starts,
	// innermost last: a line indented less than an item's content is not
	// in it (unless it continues a paragraph lazily).
	items     []int
	prevBlank bool // the line before was blank

	// The paragraph that the current line continues: how many link
	// reference definitions start it, and whether it has been only
	// definitions so far.
	defs     int
	onlyDefs bool
	defLines int // lines copied as definitions are taken out of paragraphs

	line, bol int // the line being scanned, from 1, and its offset
}

// scan counts the costs of src line by line and returns the first one
// found over its limit, or "".
func (g *guard) scan(src []byte) string {
	var fence []byte // the opening fence of the fenced code block we are in
	for start := 0; start < len(src); {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[start:end]
		g.line++
		g.bol = start
		start = end + 1

		if fence != nil {
			// Only a fence at the top level is taken as one (inside a
			// container it ends with the container, which is not
			// followed here): then only a closing fence matters.
			if f, end := fenceOf(line); f != nil && f[0] == fence[0] && len(f) >= len(fence) && isBlank(line[end:]) {
				fence = nil
			}
			continue
		}
		depth, rest := containers(line)
		g.nesting += depth * depth
		if !isBlank(rest) {
			g.lines++
			g.blocks += depth
			if g.prevBlank || g.line == 1 {
				g.blocks++
			}
		}
		if depth == 0 {
			if f, end := fenceOf(line); f != nil && (f[0] == '~' || bytes.IndexByte(line[end:], '`') < 0) {
				fence = f
				g.endBlock(end - len(line))
				g.defs, g.onlyDefs = 0, true // a paragraph may start after the fence
				continue
			}
		}
		item := g.listItems(line)
		g.nesting += len(g.items) * len(g.items)
		g.definitions(rest, item)
		defs := footnoteDefs(rest)
		g.noteDefs += defs
		g.noteRefs -= defs // inline counts each as a reference too
		if depth > 0 || isBlank(rest) || len(rest) > 0 && rest[0] == '#' {
			g.endBlock(end - len(line))
		}
		g.inline(rest, end-len(rest))
		switch {
		case g.nesting > g.limit:
			return "containers nested deep"
		case g.defLines/linesPerCost > g.limit:
			return "consecutive link reference definitions"
		case len(g.brackets) > maxUnclosed:
			return fmt.Sprintf("more than %d link brackets open in one paragraph", maxUnclosed)
		case g.labels > g.limit:
			return "link brackets nested deep"
		case g.dest > g.limit:
			return "link destinations that never end"
		case g.code > g.limit:
			return "code spans that never end"
		case g.emphasis > g.limit:
			return "emphasis delimiters that never match"
		case g.footnotes() > g.limit:
			return "footnote references looked up among many footnotes"
		case g.treeSize(len(src)) > g.treeLimit:
			return fmt.Sprintf("markup too dense: a parse tree of more than %d MB", g.treeLimit>>20)
		}
	}
	g.endBlock(len(src))
	if g.code > g.limit {
		return "code spans that never end"
	}
	return ""
}

// listItems follows the list items that line opens, continues or
// closes by its indentation, and reports whether it starts an item.
func (g *guard) listItems(line []byte) bool {
	w, i := 0, 0 // the indentation's width, tabs to multiples of 4, and length
	for ; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
		if line[i] == '\t' {
			w += 4 - w%4
		} else {
			w++
		}
	}
	if i == len(line) {
		g.prevBlank = true
		return false
	}
	n := listMarker(line[i:])
	if n > 0 || g.prevBlank {
		// Not a lazy continuation line: it leaves the items whose
		// content is indented deeper than it is.
		k := len(g.items)
		for k > 0 && g.items[k-1] > w {
			k--
		}
		g.items = g.items[:k]
	}
	g.prevBlank = false
	if n == 0 {
		return false
	}
	spaces := 0
	for j := i + n; j < len(line) && line[j] == ' ' && spaces < 5; j++ {
		spaces++
	}
	if spaces == 0 || spaces > 4 {
		spaces = 1
	}
	g.items = append(g.items, w+n+spaces)
	return true
}

// definitions counts the lines that the parser copies when it takes the
// link reference definitions out of the paragraph that rest (a line
// without its containers) starts or continues: each one that follows k
// definitions is copied k times. item tells that the line starts a list
// item, and so a new paragraph.
func (g *guard) definitions(rest []byte, item bool) {
	if isBlank(rest) || rest[0] == '#' || item {
		g.defs, g.onlyDefs = 0, true
		if isBlank(rest) {
			return
		}
	}
	g.defLines += g.defs
	if g.onlyDefs && isDefinition(rest) {
		g.defs++
		return
	}
	g.onlyDefs = false
}

// isDefinition reports whether rest starts like a link reference
// definition: up to three spaces, a label that is not a footnote's, ":".
func isDefinition(rest []byte) bool {
	i := 0
	for i < len(rest) && i < 3 && rest[i] == ' ' {
		i++
	}
	if i+1 >= len(rest) || rest[i] != '[' || rest[i+1] == '^' {
		return false
	}
	for i++; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case '[':
			return false
		case ']':
			return i+1 < len(rest) && rest[i+1] == ':'
		}
	}
	return false
}

// A run is a run of backticks that may open a code span.
type run struct{ n, off int }

// endBlock ends the current block at offset end: a backtick run not
// closed has had the rest of the block scanned for its end.
func (g *guard) endBlock(end int) {
	g.brackets = g.brackets[:0]
	g.openers = [2]int{}
	for _, t := range g.ticks {
		g.code += end - t.off
		delete(g.tickAt, t.n)
	}
	g.ticks = g.ticks[:0]
}

// backticks counts the backtick run of length n at offset off: it closes
// the run of the same length before it, or may open a code span, whose
// end the parser looks for up to the end of the block.
func (g *guard) backticks(n, off int) {
	if g.tickAt == nil {
		g.tickAt = make(map[int]int)
	}
	if k, ok := g.tickAt[n]; ok {
		g.code += off - g.ticks[k].off
		// Remove it, moving the last one into its place.
		last := g.ticks[len(g.ticks)-1]
		g.ticks[k] = last
		g.tickAt[last.n] = k
		g.ticks = g.ticks[:len(g.ticks)-1]
		delete(g.tickAt, n)
		return
	}
	g.tickAt[n] = len(g.ticks)
	g.ticks = append(g.ticks, run{n, off})
}

// inline counts the costs of the brackets and emphasis of one line, at
// offset off of the document. It stops early when a cost is over its
// limit: counting on could take quadratic time.
func (g *guard) inline(line []byte, off int) {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '\\':
			i++ // an escaped character is plain text
		case '!':
			// goldmark reads "!" with any byte and then "^label]" as a
			// footnote reference.
			if i+2 < len(line) && line[i+1] != '[' && line[i+2] == '^' && footnoteLabelEnd(labelBytes(line[i+3:])) >= 0 {
				g.noteRefs++
			}
		case '[':
			g.bracketNodes++
			if i+1 < len(line) && line[i+1] == '^' && footnoteLabelEnd(labelBytes(line[i+2:])) >= 0 {
				g.noteRefs++
			}
			if g.brackets = append(g.brackets, off+i); len(g.brackets) > maxUnclosed {
				return
			}
		case '<':
			g.angles++
		case '|':
			g.pipes++
		case ']':
			g.bracketNodes++
			n := len(g.brackets)
			if n == 0 {
				continue
			}
			// The parser looks at what the label holds, each time one
			// closes: nested labels are looked at again and again.
			g.labels += off + i - g.brackets[n-1]
			g.brackets = g.brackets[:n-1]
			if g.labels > g.limit {
				return
			}
			if i+1 < len(line) && line[i+1] == '(' {
				if g.dest += destinationScan(line[i+2:]); g.dest > g.limit {
					return
				}
			}
		case '*', '_':
			j := i
			for j < len(line) && line[j] == c {
				j++
			}
			g.inlines++
			g.delimiter(line, i, j)
			i = j - 1
		case '~':
			j := i
			for j < len(line) && line[j] == c {
				j++
			}
			g.inlines++
			i = j - 1
		case '`':
			j := i
			for j < len(line) && line[j] == c {
				j++
			}
			g.inlines++
			g.backticks(j-i, off+i)
			i = j - 1
		}
	}
}

// footnotes returns what looking up the footnote references costs
// goldmark, in definitions visited: each reference walks the list of
// every definition up to its own (all of it when it names none), and the
// list is then sorted by insertion, each definition walking past those
// before it.
func (g *guard) footnotes() int {
	return max(g.noteRefs, 0)*g.noteDefs + g.noteDefs*g.noteDefs/2
}

// treeSize estimates the bytes of goldmark's tree for n bytes of source
// and the nodes counted so far (an overestimate for most documents, by
// half as much again on real ones).
func (g *guard) treeSize(n int) int {
	return treeByte*n + treeLine*g.lines + treeBlock*g.blocks + treeInline*g.inlines + treeBracket*g.bracketNodes + treeAngle*g.angles + treePipe*g.pipes
}

// footnoteLabelLimit is how far goldmark looks for the "]" that ends a
// footnote label, in bytes.
const footnoteLabelLimit = 999

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

// labelBytes returns the part of b where goldmark looks for the end of a
// footnote label.
func labelBytes(b []byte) []byte { return b[:min(len(b), footnoteLabelLimit)] }

// footnoteDefs returns how many footnote definitions ("[^label]:") start
// rest, a line without its containers: after white space, one after the
// other, each opening a footnote inside the one before.
func footnoteDefs(rest []byte) int {
	n := 0
	for {
		rest = bytes.TrimLeft(rest, " \t")
		if len(rest) < 2 || rest[0] != '[' || rest[1] != '^' {
			return n
		}
		end := footnoteLabelEnd(labelBytes(rest[2:]))
		if end <= 0 || 3+end >= len(rest) || rest[3+end] != ':' {
			return n
		}
		n++
		rest = rest[4+end:]
	}
}

// destinationScan returns how many bytes of rest, the text after "](",
// goldmark scans for a link destination: up to a space or an unbalanced
// ")", or in "<...>" up to the ">", within the line.
func destinationScan(rest []byte) int {
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
		i++
	}
	if i < len(rest) && rest[i] == '<' {
		for i++; i < len(rest) && rest[i] != '>'; i++ {
			if rest[i] == '\\' {
				i++
			}
		}
		return i
	}
	open := 0
	for ; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case '(':
			open++
		case ')':
			if open--; open < 0 {
				return i
			}
		case ' ', '\t', '\r', '\v', '\f':
			return i
		}
	}
	return i
}

// delimiter counts the emphasis run line[i:j] by the CommonMark rules for
// whether it can open or close: a closer looks back over every opener of
// the block, an opener waits.
func (g *guard) delimiter(line []byte, i, j int) {
	before, after := byte(' '), byte(' ')
	if i > 0 {
		before = line[i-1]
	}
	if j < len(line) {
		after = line[j]
	}
	left := !isSpaceByte(after) && (!isPunct(after) || isSpaceByte(before) || isPunct(before))
	right := !isSpaceByte(before) && (!isPunct(before) || isSpaceByte(after) || isPunct(after))
	canOpen, canClose, k := left, right, 0
	if line[i] == '_' {
		canOpen = left && (!right || isPunct(before))
		canClose = right && (!left || isPunct(after))
		k = 1
	}
	if canClose {
		g.emphasis += g.openers[0] + g.openers[1]
		if g.openers[k] > 0 {
			g.openers[k]--
			return
		}
	}
	if canOpen {
		g.openers[k]++
	}
}

// containers returns how many block quote and list item markers start the
// line, and what follows them.
func containers(line []byte) (depth int, rest []byte) {
	for {
		i := 0
		for i < len(line) && i < 4 && line[i] == ' ' {
			i++
		}
		switch n := listMarker(line[i:]); {
		case i < len(line) && line[i] == '>':
			i++
		case n > 0:
			i += n
		default:
			return depth, line
		}
		depth++
		if i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		line = line[i:]
	}
}

// listMarker returns the length of the list item marker that starts b
// ("-", "*", "+", or up to nine digits and "." or ")"), followed by a
// space, a tab or the end of the line; 0 if there is none.
func listMarker(b []byte) int {
	n := 0
	switch {
	case len(b) > 0 && (b[0] == '-' || b[0] == '*' || b[0] == '+'):
		n = 1
	default:
		for n < len(b) && n < 9 && '0' <= b[n] && b[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(b) || b[n] != '.' && b[n] != ')' {
			return 0
		}
		n++
	}
	if n < len(b) && b[n] != ' ' && b[n] != '\t' {
		return 0
	}
	return n
}

// fenceOf returns the code fence (three or more '`' or '~', after at
// most three spaces) that starts line, or nil, and where it ends.
func fenceOf(line []byte) (fence []byte, end int) {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i == len(line) || line[i] != '`' && line[i] != '~' {
		return nil, 0
	}
	n := 0
	for i+n < len(line) && line[i+n] == line[i] {
		n++
	}
	if n < 3 {
		return nil, 0
	}
	return line[i : i+n], i + n
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if !isSpaceByte(c) {
			return false
		}
	}
	return true
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// isPunct reports whether c is ASCII punctuation, as CommonMark defines it.
func isPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

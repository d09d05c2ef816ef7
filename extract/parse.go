package extract

import (
	"bytes"
	"context"
	"fmt"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/sync/semaphore"
)

// A Markdown document is parsed whole, by goldmark, once the guard
// (guard.go) has found nothing in it that would make the parse slow or
// hungry. Goldmark's tree takes about 8 to 18 bytes per byte of a real
// document; what bounds the memory of a run is then:
//
//   - a cap on each document (Extractor.MaxMarkdown, 16 MiB by default):
//     a larger one is read as plain text, as a costly one is, with the
//     reason in Doc.Plain (a "degraded" finding in an audit);
//   - a budget shared by the parses of every goroutine: each takes the
//     size of its tree, as the guard estimates it, from parseBudget
//     before it parses and gives it back once its links and anchors are
//     out of the tree, so that parallel parses of large documents wait
//     for one another instead of holding all their trees at once. A
//     tree larger than the budget takes all of it.
//
// A document is thus never parsed in parts: goldmark's footnotes and
// reference definitions count for the whole document, and only a whole
// parse reads them as goldmark does.

// DefaultMaxMarkdown is the largest Markdown document that the zero
// Extractor parses as Markdown, in bytes.
const DefaultMaxMarkdown = 16 << 20

// parseBudget is how many bytes of goldmark's trees, as the guard
// estimates them (twice the size, or so, on real documents), the parses
// of a process may hold at once.
const parseBudget = 128 << 20

var budget = newTreeBudget(parseBudget)

// treeBudget is a weighted semaphore (first come, first served: a large
// parse is not starved by small ones) that also keeps, for the tests,
// what it holds and the most it held.
type treeBudget struct {
	sem        *semaphore.Weighted
	mu         sync.Mutex
	held, peak int64
}

func newTreeBudget(n int64) *treeBudget { return &treeBudget{sem: semaphore.NewWeighted(n)} }

func (b *treeBudget) acquire(n int64) {
	_ = b.sem.Acquire(context.Background(), n) // no error without a context to end it
	b.mu.Lock()
	b.held += n
	b.peak = max(b.peak, b.held)
	b.mu.Unlock()
}

func (b *treeBudget) release(n int64) {
	b.mu.Lock()
	b.held -= n
	b.mu.Unlock()
	b.sem.Release(n)
}

func (b *treeBudget) state() (held, peak int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held, b.peak
}

func (b *treeBudget) resetPeak() {
	b.mu.Lock()
	b.peak = b.held
	b.mu.Unlock()
}

// maxMarkdown returns the cap on the size of a document parsed as
// Markdown.
func (e *Extractor) maxMarkdown() int {
	if e.MaxMarkdown > 0 {
		return e.MaxMarkdown
	}
	return DefaultMaxMarkdown
}

// parse parses src with p, within the budget, unless it is larger than
// the cap or the guard finds it costly: then it returns the reason, a
// *CostError. What is parsed, in, is src with the bodies of blocks
// (blockBodies) and the template actions of e.Templates (maskTemplates)
// rewritten, byte for byte: the tree's segments are offsets of both,
// and a slice of in that the tree holds (a destination) is at the same
// offset in src. Release must be called once the tree is no longer used.
func (e *Extractor) parse(src []byte, p parser.Parser) (root ast.Node, in []byte, release func(), err error) {
	if max := e.maxMarkdown(); len(src) > max {
		return nil, nil, nil, &CostError{
			Reason: fmt.Sprintf("larger than %s, the most a document may be to be parsed as Markdown", sizeString(max)),
			Pos:    Position{Line: 1, Column: 1},
		}
	}
	in = maskTemplates(src, blockBodies(src), e.Templates)
	// The guard reads what goldmark will: masked actions hide their
	// brackets and delimiters from both.
	tree, err := checkMarkdown(in)
	if err != nil {
		return nil, nil, nil, err
	}
	n := int64(min(tree, parseBudget))
	budget.acquire(n)
	root = p.Parse(text.NewReader(in))
	return root, in, func() { budget.release(n) }, nil
}

// sizeString returns n bytes in MiB, or in bytes when it is no whole
// number of MiB.
func sizeString(n int) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// textPiece is how many bytes of a document read as plain text
// MarkdownDocEach scans at least before it hands their links on.
const textPiece = 1 << 20

// textEach gives emit the links of src read as plain text, as Text finds
// them, in batches: a piece of at least piece bytes ends after an empty
// line, where every search
// of Text ends too (a wrapper's closer is not looked for past a blank
// line), so that the links of a document over the cap are never all held
// at once. A document without empty lines is one piece.
func (e *Extractor) textEach(src []byte, piece int, emit func([]Link)) {
	lc := newLineCounter(src)
	var links []Link
	for lo := 0; lo < len(src); {
		hi := len(src)
		if lo+piece < len(src) {
			if k := bytes.Index(src[lo+piece:], emptyLine); k >= 0 {
				hi = lo + piece + k + len(emptyLine)
			}
		}
		links = scanText(src, lo, hi, links[:0])
		links = cutEscapes(src, links)
		finishWith(src, links, &lc)
		if len(links) > 0 {
			emit(links)
		}
		lo = hi
	}
}

var emptyLine = []byte("\n\n")

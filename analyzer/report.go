package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/urilint/urilint/uri"
)

// A piece is one operand of a constant expression: the bytes
// value[start:end] come from expr, which is a string literal (lit != nil)
// or something else, such as a named constant, whose bytes have no place in
// the source.
type piece struct {
	expr       ast.Expr
	lit        *ast.BasicLit
	src        string // the literal as in the file (lit.Value lacks the \r of raw strings)
	start, end int
}

// pieces splits the constant expression e, of value v, into its operands.
func (st *state) pieces(e ast.Expr, v string) []piece {
	ps, n := st.appendPieces(e, 0, nil)
	if n != len(v) {
		return []piece{{expr: e, end: len(v)}} // cannot happen; be safe
	}
	return ps
}

func (st *state) appendPieces(e ast.Expr, off int, out []piece) ([]piece, int) {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return st.appendPieces(x.X, off, out)
	case *ast.BinaryExpr:
		if x.Op == token.ADD && st.isConstString(x.X) && st.isConstString(x.Y) {
			out, off = st.appendPieces(x.X, off, out)
			return st.appendPieces(x.Y, off, out)
		}
	case *ast.CallExpr:
		if len(x.Args) == 1 && st.pass.TypesInfo.Types[x.Fun].IsType() && st.isConstString(x.Args[0]) {
			return st.appendPieces(x.Args[0], off, out)
		}
	}
	v, _ := st.constString(e)
	p := piece{expr: e, start: off, end: off + len(v)}
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		p.lit, p.src = lit, st.litSource(lit)
	}
	return append(out, p), p.end
}

// litSource returns the text of lit as it is in the file. It differs from
// lit.Value only for a raw string with carriage returns, which go/scanner
// drops from Value; then the file is read.
func (st *state) litSource(lit *ast.BasicLit) string {
	if int(lit.End()-lit.Pos()) == len(lit.Value) {
		return lit.Value
	}
	tf := st.pass.Fset.File(lit.Pos())
	if tf == nil {
		return lit.Value
	}
	content, err := st.pass.ReadFile(tf.Name())
	start, end := tf.Offset(lit.Pos()), tf.Offset(lit.End())
	if err != nil || end > len(content) {
		return lit.Value
	}
	return string(content[start:end])
}

// pos returns the source position of value offset off, where the byte at
// off starts (or, for an end offset, where the byte before it ends).
func pos(pieces []piece, off int, isEnd bool) token.Pos {
	for i, p := range pieces {
		last := i == len(pieces)-1
		in := p.start <= off && off < p.end || last && off >= p.end
		if isEnd {
			in = p.start < off && off <= p.end || last && off > p.end
		}
		if !in {
			continue
		}
		if p.lit == nil {
			if isEnd {
				return p.expr.End()
			}
			return p.expr.Pos()
		}
		if isEnd {
			_, e, _ := litRange(p.src, off-p.start-1, off-p.start)
			return p.lit.Pos() + token.Pos(e)
		}
		s, _, _ := litRange(p.src, off-p.start, off-p.start)
		return p.lit.Pos() + token.Pos(s)
	}
	return pieces[0].expr.Pos()
}

// textEdits maps the edits of a fix to the source, or reports false when
// one of them does not fall inside a single literal on whole escape
// sequences.
func textEdits(pieces []piece, edits []uri.Edit) ([]analysis.TextEdit, bool) {
	out := make([]analysis.TextEdit, 0, len(edits))
	// The edits are sorted: map them in one pass over pieces and literals.
	cursors, from := litCursors(pieces), 0
next:
	for _, ed := range edits {
		for i := from; i < len(pieces); i++ {
			p := pieces[i]
			if p.lit == nil || ed.Start < p.start || ed.End > p.end {
				continue
			}
			from = i
			s, e, exact := cursors[i].rangeOf(ed.Start-p.start, ed.End-p.start)
			if !exact {
				return nil, false
			}
			text, ok := quoteInto(p.src[0] == '`', ed.New)
			if !ok {
				return nil, false
			}
			out = append(out, analysis.TextEdit{
				Pos:     p.lit.Pos() + token.Pos(s),
				End:     p.lit.Pos() + token.Pos(e),
				NewText: []byte(text),
			})
			continue next
		}
		return nil, false
	}
	return out, true
}

// report reports finding f on the constant expression e of value v, split
// into pieces. A fix is offered if fixes is set, the edits map to the
// source, and the file is not generated.
func (st *state) report(e ast.Expr, pieces []piece, v string, f uri.Finding, fixes bool) {
	var fix *analysis.SuggestedFix
	if fixes && len(f.Fix) > 0 {
		if why := st.keyClash(e); why != "" {
			f.Message += " (" + why + ")"
			fixes = false
		}
	}
	if fixes {
		fix = st.fixOf(pieces, v, f.Fix)
		if len(f.Fix) > 0 && st.generated() {
			// Say why -fix leaves it.
			f.Message += " (no fix in a generated file)"
		}
	}
	st.reportFix(e, pieces, f, fix)
}

// reportFix reports finding f on e, split into pieces, with
// fix (nil for none), unless an ignore comment silences it or it is a
// test's own fixture.
func (st *state) reportFix(e ast.Expr, pieces []piece, f uri.Finding, fix *analysis.SuggestedFix) {
	if !st.config.policy.Reports(f.Category) {
		// The findings of the analyzer's own categories (missing-scheme,
		// scheme-typo, url-field...) do not pass through policy.Check,
		// which drops those of the categories turned off.
		return
	}
	start, end := st.span(pieces, f)
	if st.ignored(e, start) || st.fixture(f, start) {
		return
	}
	d := analysis.Diagnostic{
		Pos:      start,
		End:      end,
		Category: string(f.Category),
		Message:  f.Message,
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	st.pass.Report(d)
}

// span returns the source range of finding f.
func (st *state) span(pieces []piece, f uri.Finding) (start, end token.Pos) {
	start = pos(pieces, f.Start, false)
	end = start
	if f.End > f.Start {
		end = pos(pieces, f.End, true)
	}
	return start, end
}

// fixOf returns the suggested fix that makes edits to the value v, split
// into pieces, or nil when there are none, the file is generated, or the
// edits do not map to the source. Its message shows the result with the
// password, if any, redacted: it is printed too (urilint -json).
func (st *state) fixOf(pieces []piece, v string, edits []uri.Edit) *analysis.SuggestedFix {
	if len(edits) == 0 || st.generated() {
		return nil
	}
	tes, ok := textEdits(pieces, edits)
	if ok && st.cgoProcessed() {
		tes, ok = st.cgoSourceEdits(tes)
	}
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("rewrite as %q", uri.Redact(uri.ApplyEdits(v, edits))),
		TextEdits: tes,
	}
}

// fileState holds what is known of the file being inspected, computed on
// first use: most files have nothing to report.
type fileState struct {
	file         *ast.File
	genKnown     bool
	gen          bool
	cgo          bool // written by cmd/cgo from a user's file (see cgo.go)
	ignoresKnown bool
	ignores      []ignoreDirective
	testKnown    bool
	test         bool // a _test.go file
	// parsed holds the url.Parse results to follow (parsedurl.go).
	parsed []parsedFunc
}

type lineRange struct{ from, to int }

// generated reports whether the current file is generated: findings are
// reported there, but without fixes. A file that cmd/cgo wrote from a
// user's file is the user's file, unless that one is generated too.
func (st *state) generated() bool {
	fs := st.file
	if !fs.genKnown {
		fs.gen, fs.cgo = generatedHeader(fs.file)
		fs.genKnown = true
	}
	return fs.gen
}

// cgoProcessed reports whether the current file is cmd/cgo's rewrite of a
// user's file.
func (st *state) cgoProcessed() bool {
	st.generated()
	return st.file.cgo
}

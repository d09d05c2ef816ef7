package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/urilint/urilint/internal/policy"
)

// ignored reports whether an ignore directive silences a finding at pos
// in the expression e, and marks the directives that do as used.
func (st *state) ignored(e ast.Expr, pos token.Pos) bool {
	fs := st.file
	if !fs.ignoresKnown {
		fs.ignores, fs.ignoresKnown = collectIgnores(st.pass, fs.file), true
	}
	if len(fs.ignores) == 0 {
		return false
	}
	tf := st.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	l1, l2 := tf.Line(pos), tf.Line(e.Pos())
	silenced := false
	for i := range fs.ignores {
		d := &fs.ignores[i]
		for _, r := range d.lines {
			if r.from <= l1 && l1 <= r.to || r.from <= l2 && l2 <= r.to {
				d.used, silenced = true, true
				break
			}
		}
	}
	return silenced
}

// An ignoreDirective is one ignore comment and the lines it covers.
type ignoreDirective struct {
	comment *ast.Comment
	// own: a //urilint:ignore, which this analyzer checks (golangci-lint
	// checks its //nolint, staticcheck its //lint:ignore).
	own    bool
	reason bool
	lines  []lineRange
	used   bool
}

// collectIgnores returns the ignore directives of f and the lines each
// covers: the directive's own line, the line after a comment that stands
// on lines of its own, and the whole of a declaration (function, const,
// var, type, spec or struct field) whose doc comment holds one; a
// //lint:file-ignore covers the file.
func collectIgnores(pass *analysis.Pass, f *ast.File) []ignoreDirective {
	var out []ignoreDirective
	tf := pass.Fset.File(f.FileStart)
	if tf == nil {
		return nil
	}
	var content []byte // read on first need
	// alone reports whether only blanks precede the comment on its line.
	alone := func(c *ast.Comment) bool {
		if content == nil {
			b, err := pass.ReadFile(tf.Name())
			if err != nil {
				return true
			}
			content = b
		}
		start, at := tf.Offset(tf.LineStart(tf.Line(c.Pos()))), tf.Offset(c.Pos())
		return at <= len(content) && strings.TrimLeft(string(content[start:at]), " \t") == ""
	}
	groups := make(map[*ast.CommentGroup][]int) // the directives of each group
	for _, cg := range f.Comments {
		if !hasDirective(cg) {
			continue
		}
		next := -1
		if alone(cg.List[0]) {
			next = tf.Line(cg.End()) + 1
		}
		for _, c := range cg.List {
			if !isDirective(c.Text) {
				continue
			}
			l := tf.Line(c.Pos())
			d := ignoreDirective{comment: c, lines: []lineRange{{l, l}}}
			if rest, ok := strings.CutPrefix(c.Text, "//urilint:ignore"); ok {
				// A second comment after it ("//urilint:ignore // TODO")
				// is no reason.
				rest, _, _ = strings.Cut(rest, "//")
				d.own, d.reason = true, strings.TrimSpace(rest) != ""
			}
			if next > 0 {
				d.lines = append(d.lines, lineRange{next, next})
			}
			if strings.HasPrefix(c.Text, "//lint:file-ignore") {
				d.lines = append(d.lines, lineRange{1, tf.LineCount()})
			}
			groups[cg] = append(groups[cg], len(out))
			out = append(out, d)
		}
	}
	if out == nil {
		return nil
	}
	line := tf.Line
	ast.Inspect(f, func(n ast.Node) bool {
		var doc *ast.CommentGroup
		switch n := n.(type) {
		case *ast.FuncDecl:
			doc = n.Doc
		case *ast.GenDecl:
			doc = n.Doc
		case *ast.ValueSpec:
			doc = n.Doc
		case *ast.TypeSpec:
			doc = n.Doc
		case *ast.Field:
			doc = n.Doc
		}
		for _, i := range groups[doc] {
			out[i].lines = append(out[i].lines, lineRange{line(n.Pos()), line(n.End())})
		}
		return true
	})
	return out
}

// checkIgnores reports the //urilint:ignore directives of the current
// file that give no reason, and those that silenced nothing (run after
// the file's findings). A file without one costs a look at each comment.
func (st *state) checkIgnores() {
	if !st.config.policy.Reports(policy.CategoryIgnoreDirective) {
		return
	}
	fs := st.file
	own := false
	for _, cg := range fs.file.Comments {
		for _, c := range cg.List {
			own = own || strings.HasPrefix(c.Text, "//urilint:ignore")
		}
	}
	if !own {
		return
	}
	if !fs.ignoresKnown {
		fs.ignores, fs.ignoresKnown = collectIgnores(st.pass, fs.file), true
	}
	for _, d := range fs.ignores {
		if !d.own {
			continue
		}
		switch {
		case !d.reason:
			st.pass.Report(analysis.Diagnostic{Pos: d.comment.Pos(), End: d.comment.End(), Category: string(policy.CategoryIgnoreDirective),
				Message: "//urilint:ignore needs a reason after it: why the finding is wanted"})
		case !d.used:
			st.pass.Report(analysis.Diagnostic{Pos: d.comment.Pos(), End: d.comment.End(), Category: string(policy.CategoryIgnoreDirective),
				Message: "//urilint:ignore silences no finding: remove it"})
		}
	}
}

func hasDirective(cg *ast.CommentGroup) bool {
	for _, c := range cg.List {
		if isDirective(c.Text) {
			return true
		}
	}
	return false
}

// isDirective reports whether the comment text is "//urilint:ignore ...",
// a golangci-lint "//nolint" that names urilint (or all linters), or a
// staticcheck "//lint:ignore" (or "//lint:file-ignore") of SA1007, its
// check of url.Parse's argument, whose findings are urilint's malformed
// ones: a user who silenced one silenced both.
func isDirective(text string) bool {
	if rest, ok := strings.CutPrefix(text, "//urilint:ignore"); ok {
		return rest == "" || rest[0] == ' ' || rest[0] == '\t'
	}
	if rest, ok := strings.CutPrefix(text, "//lint:ignore "); ok {
		return ignoresSA1007(rest)
	}
	if rest, ok := strings.CutPrefix(text, "//lint:file-ignore "); ok {
		return ignoresSA1007(rest)
	}
	// golangci-lint reads "// nolint" too (and warns about the space).
	rest, ok := strings.CutPrefix(strings.TrimLeft(strings.TrimPrefix(text, "//"), " "), "nolint")
	if !ok || !strings.HasPrefix(text, "//") {
		return false
	}
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
		return true // every linter
	}
	if rest[0] != ':' {
		return false
	}
	list, _, _ := strings.Cut(rest[1:], " ")
	for name := range strings.SplitSeq(list, ",") {
		if name == "urilint" || name == "all" {
			return true
		}
	}
	return false
}

// ignoresSA1007 reports whether rest, the checks and reason of a
// staticcheck ignore directive, names SA1007.
func ignoresSA1007(rest string) bool {
	checks, _, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
	for c := range strings.SplitSeq(checks, ",") {
		if c == "SA1007" || c == "SA*" || c == "*" {
			return true
		}
	}
	return false
}

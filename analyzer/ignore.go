package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ignored reports whether a //urilint:ignore (or //nolint:urilint)
// comment silences a finding at pos in the expression e.
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
	for _, r := range fs.ignores {
		if r.from <= l1 && l1 <= r.to || r.from <= l2 && l2 <= r.to {
			return true
		}
	}
	return false
}

// collectIgnores returns the lines that ignore directives cover: the
// directive's own line, the line after a comment that stands on lines of
// its own, and the whole of a declaration (function, const, var, type, spec
// or struct field) whose doc comment holds one.
func collectIgnores(pass *analysis.Pass, f *ast.File) []lineRange {
	var out []lineRange
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
	for _, cg := range f.Comments {
		if !hasDirective(cg) {
			continue
		}
		for _, c := range cg.List {
			if isDirective(c.Text) {
				l := tf.Line(c.Pos())
				out = append(out, lineRange{l, l})
				if strings.HasPrefix(c.Text, "//lint:file-ignore") {
					out = append(out, lineRange{1, tf.LineCount()})
				}
			}
		}
		if alone(cg.List[0]) {
			l := tf.Line(cg.End()) + 1
			out = append(out, lineRange{l, l})
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
		if doc != nil && hasDirective(doc) {
			out = append(out, lineRange{line(n.Pos()), line(n.End())})
		}
		return true
	})
	return out
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

package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// state is one run of the analyzer over one package.
type state struct {
	stack  []ast.Node // reused by inspectFile's walk
	pass   *analysis.Pass
	config *config
	file   *fileState
	// last is the last constant expression of several operands that was
	// checked: its other literals are not checked again.
	last ast.Node
	// seen holds the run-time concatenations already checked.
	seen map[ast.Node]bool
	// cgoFiles holds the users' files behind cgo rewrites (see cgo.go).
	cgoFiles map[string]cgoFile
	// keys holds the map keys and switch cases a fix must keep distinct
	// (settle.go), indexed on first use.
	keys keyIndex
}

// use tells how a constant string is used, which decides whether and how
// it is checked.
type use uint8

const (
	// useValue: a constant in any other place; checked when its whole value
	// is a URI.
	useValue use = iota
	// useURL: the URL argument of a function that takes one; checked as a
	// URI reference, relative references included.
	useURL
	// useNone: a place where the string is not a URI, or not all of one:
	// struct tags, import paths, comparisons, format strings, regular
	// expressions, searches.
	useNone
)

// urlArgs gives, for each function that takes a URL, the index of that
// argument (relative references allowed).
var urlArgs = map[string]int{
	"net/url.Parse":                           0,
	"net/url.ParseRequestURI":                 0,
	"net/url.JoinPath":                        0,
	"(*net/url.URL).Parse":                    0,
	"net/http.Get":                            0,
	"net/http.Head":                           0,
	"net/http.Post":                           0,
	"net/http.PostForm":                       0,
	"(*net/http.Client).Get":                  0,
	"(*net/http.Client).Head":                 0,
	"(*net/http.Client).Post":                 0,
	"(*net/http.Client).PostForm":             0,
	"net/http.NewRequest":                     1,
	"net/http.NewRequestWithContext":          2,
	"net/http.Redirect":                       2,
	"net/http/httptest.NewRequest":            1,
	"net/http/httptest.NewRequestWithContext": 2,
}

// inspectFile checks the candidates of one file.
func (st *state) inspectFile(f *ast.File) {
	ast.PreorderStack(f, st.stack[:0], func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				st.literal(cursor{append(stack, n)})
			}
		case *ast.CallExpr:
			st.namedURLArg(n)
		case *ast.CompositeLit:
			st.urlStruct(n)
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
				st.parsedAssign(n.Lhs[0], n.Rhs, n.End(), stack)
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 && len(n.Names) > 0 {
				st.parsedAssign(n.Names[0], n.Values, n.End(), stack)
			}
		}
		return true
	})
	if st.file.parsed != nil {
		st.checkParsed()
	}
}

// hasColon reports whether the literal src may hold a ":" (perhaps
// escaped), without which its value has no scheme, or starts with "http"
// (perhaps "https//", a colon forgotten).
func hasColon(src string) bool {
	return strings.IndexByte(src, ':') >= 0 || strings.IndexByte(src, '\\') >= 0 ||
		len(src) > 5 && (src[1] == 'h' || src[1] == 'H') && policy.MissingColon(src[1:]) > 0
}

// urlFuncNames holds the names of the functions of urlArgs: a call of
// another name cannot take a URL, and needs no type lookup.
var urlFuncNames = func() map[string]bool {
	m := make(map[string]bool)
	for full := range urlArgs {
		m[full[strings.LastIndexByte(full, '.')+1:]] = true
	}
	return m
}()

// mayTakeURL reports whether call may be of a function of urlArgs, by
// the name it is called by.
func mayTakeURL(call *ast.CallExpr) bool {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return urlFuncNames[fun.Name]
	case *ast.SelectorExpr:
		return urlFuncNames[fun.Sel.Name]
	}
	return false
}

// constString returns the value of e if it is a constant string.
func (st *state) constString(e ast.Expr) (string, bool) {
	tv, ok := st.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func (st *state) isConstString(e ast.Expr) bool {
	tv, ok := st.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String
}

// literal checks the constant expression that the string literal at cur is
// part of, unless an earlier literal of it did.
func (st *state) literal(cur cursor) {
	lit := cur.Node().(*ast.BasicLit)
	switch cur.ParentEdgeKind() {
	case edge.Field_Tag, edge.ImportSpec_Path:
		return
	case edge.BinaryExpr_X, edge.BinaryExpr_Y, edge.ParenExpr_X:
		// Perhaps an operand of a concatenation that holds a scheme.
	case edge.CallExpr_Args:
		// Perhaps the argument of a URL-taking function.
		if !mayTakeURL(cur.Parent().Node().(*ast.CallExpr)) && !hasColon(lit.Value) {
			return
		}
	default:
		// Alone, a string is a candidate only if it has a scheme: the
		// fast path for the many strings that are not URIs.
		if !hasColon(lit.Value) {
			return
		}
	}
	// e is the largest constant expression holding the literal: constant
	// concatenations, parentheses and conversions are part of it.
	e := cur
	for {
		p := e.Parent()
		ok := false
		switch pn := p.Node().(type) {
		case *ast.ParenExpr:
			ok = true
		case *ast.BinaryExpr:
			ok = pn.Op == token.ADD && st.isConstString(pn)
		case *ast.CallExpr:
			ok = len(pn.Args) == 1 && st.isConstString(pn) && st.pass.TypesInfo.Types[pn.Fun].IsType()
		}
		if !ok {
			break
		}
		e = p
	}
	if len(e.stack) != len(cur.stack) {
		if e.Node() == st.last {
			return
		}
		st.last = e.Node()
	}
	if root, ok := concatRoot(e); ok {
		st.concat(root)
		return
	}
	u, fn := st.use(e)
	if u == useNone {
		return
	}
	expr := e.Node().(ast.Expr)
	v, _ := st.constString(expr)
	st.checkConst(expr, v, u, fn, isArg(e))
}

// isArg reports whether the expression at c is the argument of a call.
func isArg(c cursor) bool {
	for c.ParentEdgeKind() == edge.ParenExpr_X {
		c = c.Parent()
	}
	return c.ParentEdgeKind() == edge.CallExpr_Args
}

// checkConst checks the constant string expression e of value v, used as
// u: when u is useURL, fn is the full name of the function that takes it.
// arg says that e is the argument of a call, whose callee may print it.
func (st *state) checkConst(e ast.Expr, v string, u use, fn string, arg bool) {
	if v == "" || skipFor(v, u) {
		return
	}
	if inner, off, ok := spaceAround(v); ok {
		// A value printed by the function it is passed to may well end
		// in a line break: only URL arguments and values kept in
		// variables and constants are held to be one URI.
		if (u == useURL || !arg && isURI(inner)) && !skipFor(inner, u) {
			st.reportAll(e, v, []uri.Finding{spaceFinding(v, inner, off)})
			st.checkPart(e, v, inner, off, u, fn)
		}
		return
	}
	if f, ok := schemeFindings(v); ok && !isProse(v) && !multiHost(v) {
		st.reportAll(e, v, []uri.Finding{f})
		if f.Fix != nil {
			return // no scheme to check the rest by
		}
	}
	if u == useValue && !isURI(v) {
		return
	}
	st.checkPart(e, v, v, 0, u, fn)
}

// skipFor reports whether v, used as u, is written on purpose in a form
// that is not a URI (skipValue); for a URL argument a printf verb does not
// make it a format.
func skipFor(v string, u use) bool {
	if u == useURL {
		return skipURLArg(v)
	}
	return skipValue(v)
}

// checkPart checks part, the URI at offset off of the value v of e: the
// whole of v, one element of a comma-separated list of URIs, or the URI
// inside white space.
func (st *state) checkPart(e ast.Expr, v, part string, off int, u use, fn string) {
	if starts := listElements(part); starts != nil {
		for i, s := range starts {
			end := len(part)
			if i+1 < len(starts) {
				end = strings.LastIndexByte(part[:starts[i+1]], ',')
			}
			st.checkPart(e, v, part[s:end], off+s, u, fn)
		}
		return
	}
	if multiHost(part) {
		return // one string for several hosts, which its driver splits
	}
	if f, ok := missingScheme(fn, part); ok {
		shift([]uri.Finding{f}, off)
		st.reportAll(e, v, []uri.Finding{f})
		return
	}
	findings := st.config.policy.Check(part)
	findings = slices.DeleteFunc(findings, func(f uri.Finding) bool {
		return f.Category == uri.CategoryPassword && maskedPassword(part)
	})
	if len(findings) == 0 {
		return
	}
	if u == useURL {
		verbHint(part, findings)
	}
	if off != 0 || len(part) != len(v) {
		shift(findings, off)
		st.reportAll(e, v, findings)
		return
	}
	pieces := st.pieces(e, v)
	if fix := st.settledFix(e, pieces, v, findings); fix != nil {
		// One fix for the whole literal, on its first fixable finding.
		for _, f := range findings {
			if len(f.Fix) > 0 && fix != nil {
				st.reportFix(e, pieces, f, fix)
				fix = nil
			} else {
				st.reportFix(e, pieces, f, nil)
			}
		}
		return
	}
	for _, f := range findings {
		st.report(e, pieces, v, f, true)
	}
}

// reportAll reports findings on the constant expression e of value v,
// each with its own fix.
func (st *state) reportAll(e ast.Expr, v string, findings []uri.Finding) {
	pieces := st.pieces(e, v)
	for _, f := range findings {
		if len(f.Fix) > 0 && !st.config.policy.Fixes(f.Category) {
			f.Fix = nil
		}
		st.report(e, pieces, v, f, true)
	}
}

// concatRoot reports whether e is an operand of a concatenation evaluated
// at run time, and returns the outermost "+" expression of it.
func concatRoot(e cursor) (cursor, bool) {
	root, ok := e, false
	for {
		p := root.Parent()
		switch pn := p.Node().(type) {
		case *ast.ParenExpr:
			root = p
			continue
		case *ast.BinaryExpr:
			if pn.Op == token.ADD {
				root, ok = p, true
				continue
			}
		}
		break
	}
	for ok && root.ParentEdgeKind() == edge.ParenExpr_X {
		root = root.Parent()
	}
	if !ok {
		return e, false
	}
	return root, true
}

// concat checks the constant operands of a concatenation evaluated at run
// time. Only what no later operand can complete is reported: a byte that
// is valid nowhere in a URI, a non-ASCII byte, a broken percent-encoding.
// Such reports carry no fix, since the fix could change what the whole
// concatenation produces in ways this analyzer cannot see.
func (st *state) concat(root cursor) {
	n := root.Node()
	if st.seen[n] {
		return
	}
	if st.seen == nil {
		st.seen = make(map[ast.Node]bool)
	}
	st.seen[n] = true
	u, _ := st.use(root)
	if u == useNone {
		return
	}
	var operands []ast.Expr
	operands = st.flattenConcat(n.(ast.Expr), operands)
	first, ok := st.constString(operands[0])
	if u == useValue && (!ok || !policy.StartsURI(first) || isProse(first)) {
		// Not a URI, or words after one ("https://x rerouted to " +
		// srv.URL in a log line), as for a whole constant.
		return
	}
	// A placeholder or format verb anywhere makes the whole a template.
	for _, op := range operands {
		if v, ok := st.constString(op); ok && skipFor(v, u) {
			return
		}
	}
	for i, op := range operands {
		v, ok := st.constString(op)
		if !ok || u == useValue && i > 0 {
			// With no URL-taking function to say so, later operands may
			// well be prose ("https://x/" + id + " not found").
			continue
		}
		for _, f := range st.config.policy.Check(v) {
			if !certain(f, v) {
				continue
			}
			// The first such finding is enough: later ones of the same
			// operand would point at the same place when it is a named
			// constant, and no fix comes with them.
			st.report(op, st.pieces(op, v), v, f, false)
			break
		}
	}
}

// flattenConcat appends the operands of the run-time concatenation e; a
// constant operand is one operand, even if it is itself a concatenation.
func (st *state) flattenConcat(e ast.Expr, out []ast.Expr) []ast.Expr {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return st.flattenConcat(x.X, out)
	case *ast.BinaryExpr:
		if x.Op == token.ADD && !st.isConstString(x) {
			out = st.flattenConcat(x.X, out)
			return st.flattenConcat(x.Y, out)
		}
	}
	return append(out, e)
}

// use tells how the expression at c is used and, for useURL, the full
// name of the function that takes it.
func (st *state) use(c cursor) (use, string) {
	for c.ParentEdgeKind() == edge.ParenExpr_X {
		c = c.Parent()
	}
	ek, idx := c.ParentEdge()
	switch ek {
	case edge.Field_Tag, edge.ImportSpec_Path, edge.CaseClause_List:
		return useNone, ""
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		switch c.Parent().Node().(*ast.BinaryExpr).Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return useNone, ""
		}
	case edge.CallExpr_Args:
		call := c.Parent().Node().(*ast.CallExpr)
		u := st.argUse(call, idx)
		if u == useURL {
			return u, st.callName(call)
		}
		return u, ""
	case edge.KeyValueExpr_Value:
		// The fields of a url.URL literal are checked as components by
		// urlStruct.
		if cl, ok := c.Parent().Parent().Node().(*ast.CompositeLit); ok && st.isURLStruct(cl) {
			return useNone, ""
		}
	}
	return useValue, ""
}

// callee returns the function or method that call calls, or nil.
func (st *state) callee(call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(st.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	return fn
}

// argUse tells how argument idx of call is used.
func (st *state) argUse(call *ast.CallExpr, idx int) use {
	fn, ok := typeutil.Callee(st.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return useValue
	}
	switch fn.Pkg().Path() {
	case "strings", "bytes":
		// Searches, comparisons, prefixes, replacements, builders:
		// pieces of URIs or patterns, not URIs.
		return useNone
	case "regexp":
		return useNone
	case "net/url", "net/http", "net/http/httptest":
		if i, ok := urlArgs[fn.FullName()]; ok && i == idx {
			return useURL
		}
	}
	if isFormatArg(fn, idx) {
		return useNone
	}
	return useValue
}

// isFormatArg reports whether argument idx of fn is a printf format: the
// string parameter just before a final ...any, in a function whose name
// ends in "f" (Printf, Errorf, Logf, Infof...).
func isFormatArg(fn *types.Func, idx int) bool {
	sig := fn.Signature()
	n := sig.Params().Len()
	if !sig.Variadic() || idx != n-2 || fn.Name()[len(fn.Name())-1] != 'f' {
		return false
	}
	if b, ok := sig.Params().At(n - 2).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	s, ok := sig.Params().At(n - 1).Type().(*types.Slice)
	if !ok {
		return false
	}
	it, ok := s.Elem().Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// namedURLArg checks a URL argument that is a constant without a literal
// in it (a named constant): its declaration is not checked unless its
// value is a URI, and then it is checked there.
func (st *state) namedURLArg(call *ast.CallExpr) {
	if len(call.Args) == 0 || !mayTakeURL(call) {
		return
	}
	fn, ok := typeutil.Callee(st.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return
	}
	switch fn.Pkg().Path() {
	case "net/url", "net/http", "net/http/httptest":
	default:
		return
	}
	idx, ok := urlArgs[fn.FullName()]
	if !ok || idx >= len(call.Args) {
		return
	}
	arg := ast.Unparen(call.Args[idx])
	v, ok := st.constString(arg)
	if !ok || isURI(v) || skipURLArg(v) || multiHost(v) || listElements(v) != nil {
		return
	}
	pieces := st.pieces(arg, v)
	for _, p := range pieces {
		if p.lit != nil {
			return // checked from the literal
		}
	}
	if f, ok := missingScheme(fn.FullName(), v); ok {
		st.report(arg, pieces, v, f, false)
		return
	}
	findings := st.config.policy.Check(v)
	verbHint(v, findings)
	for _, f := range findings {
		st.report(arg, pieces, v, f, false)
	}
}

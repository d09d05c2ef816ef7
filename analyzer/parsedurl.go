package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// This file follows a scheme-less constant given to url.Parse into the
// request that uses the result, in the same function:
//
//	u, err := url.Parse("example.com/api")
//	resp, err := http.Get(u.String())
//
// url.Parse accepts "example.com/api" as a path, and the request fails
// at run time with "unsupported protocol scheme". Without SSA, only what
// the function shows is followed: the variable that holds the result,
// its String method given to a request function, and its assignment to
// an http.Request's URL field. Anything else done with the variable
// (assigned again, a field set, passed to a function, stored, its address
// taken) may give it a scheme, and makes the analyzer stay silent: a
// missed bug costs less than a false report.

// parsedURL is a local variable assigned the result of url.Parse (or
// url.ParseRequestURI) of a constant that starts with a host name and has
// no scheme.
type parsedURL struct {
	v      *types.Var
	lhs    *ast.Ident // the variable in the assignment from the parse
	assign token.Pos  // end of that assignment: uses come after it
	arg    ast.Expr   // the constant argument of the parse
	value  string
	parse  string // "url.Parse" or "url.ParseRequestURI"
	use    token.Pos
	useMsg string // where it is used as a request URL, for the message
	lost   bool   // the variable is used in a way not followed
}

// parsedFunc holds the parsedURLs of one function (the outermost
// function declaration or literal around them), in source order.
type parsedFunc struct {
	root ast.Node
	urls []*parsedURL
}

// parsedAssign records lhs, ... = url.Parse(const) in the function at the root
// of stack, if the constant lacks a scheme where a request needs one.
func (st *state) parsedAssign(lhs ast.Expr, rhs []ast.Expr, end token.Pos, stack []ast.Node) {
	if len(rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Parse" && sel.Sel.Name != "ParseRequestURI" {
		return
	}
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	arg := ast.Unparen(call.Args[0])
	v, ok := st.constString(arg)
	if !ok || skipURLArg(v) {
		return
	}
	// The request function is not known yet: http.Get stands for all of
	// absoluteArgs, which share the test.
	if _, ok := missingScheme("net/http.Get", v); !ok {
		return
	}
	fn := st.callee(call)
	if fn == nil || fn.Pkg().Path() != "net/url" || fn.Signature().Recv() != nil {
		return
	}
	obj, _ := st.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if obj == nil || obj.Parent() == nil || obj.Parent() == st.pass.Pkg.Scope() {
		return // a package variable: its uses are not all in this function
	}
	var root ast.Node
	for _, n := range stack {
		if _, ok := n.(*ast.FuncDecl); ok {
			root = n
			break
		}
		if _, ok := n.(*ast.FuncLit); ok {
			root = n
			break
		}
	}
	if root == nil {
		return
	}
	fs := st.file
	if len(fs.parsed) == 0 || fs.parsed[len(fs.parsed)-1].root != root {
		fs.parsed = append(fs.parsed, parsedFunc{root: root})
	}
	pf := &fs.parsed[len(fs.parsed)-1]
	pf.urls = append(pf.urls, &parsedURL{v: obj, lhs: id, assign: end, arg: arg, value: v, parse: "url." + fn.Name()})
}

// checkParsed walks each function that holds a parsedURL once, follows
// the uses of their variables, and reports those used as request URLs
// and nothing else.
func (st *state) checkParsed() {
	for _, pf := range st.file.parsed {
		root, list := pf.root, pf.urls
		byVar := make(map[*types.Var]*parsedURL, len(list))
		for _, p := range list {
			if byVar[p.v] != nil {
				byVar[p.v].lost = true // assigned twice
				continue
			}
			byVar[p.v] = p
		}
		urlWritten := false // a request's URL changed after it was built
		ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok && s.Sel.Name == "URL" && !urlWritten {
				urlWritten = st.requestURLWritten(s, stack, byVar)
				return true
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj, ok := st.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok {
				return true
			}
			if p := byVar[obj]; p != nil && p.lhs != id && !p.lost {
				st.followUse(p, id, stack)
			}
			return true
		})
		if urlWritten {
			continue
		}
		for _, p := range list {
			if p.lost || p.use == token.NoPos {
				continue
			}
			st.reportParsed(p)
		}
	}
	st.file.parsed = nil
}

// requestURLWritten reports whether s, with ancestors stack, selects the
// URL field of an http.Request to change it (req.URL.Scheme = "https",
// req.URL = other) other than to set it to a followed variable: the
// request built from a parsed URL may then be given a scheme.
func (st *state) requestURLWritten(s *ast.SelectorExpr, stack []ast.Node, byVar map[*types.Var]*parsedURL) bool {
	sel := st.pass.TypesInfo.Selections[s]
	if sel == nil || sel.Kind() != types.FieldVal || !isRequestType(sel.Recv()) {
		return false
	}
	// A copy with s at its end: stack is the caller's, and is not to grow.
	chain := slices.Concat(stack, []ast.Node{s})
	if !st.written(chain) {
		return false
	}
	if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
		for i, l := range as.Lhs {
			if l != ast.Expr(s) {
				continue
			}
			if id, ok := ast.Unparen(as.Rhs[i]).(*ast.Ident); ok {
				if v, ok := st.pass.TypesInfo.Uses[id].(*types.Var); ok && byVar[v] != nil {
					return false // req.URL = u, a request use
				}
			}
		}
	}
	return true
}

// readMethods are the methods of *url.URL that leave it as it is.
var readMethods = map[string]bool{
	"String": true, "Query": true, "Hostname": true, "Port": true, "EscapedPath": true,
	"EscapedFragment": true, "IsAbs": true, "RequestURI": true, "Redacted": true,
	"MarshalBinary": true, "JoinPath": true, "ResolveReference": true, "Parse": true,
}

// followUse classifies one use id of p's variable, whose ancestors are
// stack: a request URL (kept if first), a read, or anything else (lost).
func (st *state) followUse(p *parsedURL, id *ast.Ident, stack []ast.Node) {
	c := cursor{append(stack, id)}
	for len(c.stack) > 1 {
		if _, ok := c.Parent().Node().(*ast.ParenExpr); !ok {
			break
		}
		c = c.Parent()
	}
	if len(c.stack) < 2 {
		p.lost = true
		return
	}
	e := c.Node()
	switch parent := c.Parent().Node().(type) {
	case *ast.SelectorExpr:
		sel := st.pass.TypesInfo.Selections[parent]
		if sel == nil {
			break
		}
		if sel.Kind() == types.MethodVal {
			if !readMethods[parent.Sel.Name] || len(c.stack) < 3 {
				break
			}
			call, ok := c.stack[len(c.stack)-3].(*ast.CallExpr)
			if !ok || call.Fun != ast.Expr(parent) {
				break
			}
			if parent.Sel.Name == "String" && len(c.stack) >= 4 {
				st.requestArg(p, call, c.stack[len(c.stack)-4])
			}
			return // a read
		}
		if sel.Kind() == types.FieldVal && !st.written(c.stack[:len(c.stack)-1]) {
			return // a field read
		}
	case *ast.StarExpr:
		if !st.written(c.stack[:len(c.stack)-1]) {
			return // a copy of the value
		}
	case *ast.BinaryExpr:
		if parent.Op == token.EQL || parent.Op == token.NEQ {
			return // u != nil
		}
	case *ast.KeyValueExpr:
		if parent.Value == e && len(c.stack) >= 3 {
			if cl, ok := c.stack[len(c.stack)-3].(*ast.CompositeLit); ok && isRequestType(st.pass.TypesInfo.TypeOf(cl)) {
				if k, ok := parent.Key.(*ast.Ident); ok && k.Name == "URL" {
					st.requestUse(p, e.Pos(), "is the URL of the http.Request")
					return
				}
			}
		}
	case *ast.AssignStmt:
		if len(parent.Lhs) == len(parent.Rhs) && parent.Tok == token.ASSIGN {
			for i, r := range parent.Rhs {
				if r != e {
					continue
				}
				if s, ok := ast.Unparen(parent.Lhs[i]).(*ast.SelectorExpr); ok && s.Sel.Name == "URL" {
					if sel := st.pass.TypesInfo.Selections[s]; sel != nil && sel.Kind() == types.FieldVal && isRequestType(sel.Recv()) {
						st.requestUse(p, e.Pos(), "is the URL of the http.Request")
						return
					}
				}
			}
		}
	}
	p.lost = true
}

// written reports whether the expression at the top of stack, or one
// that selects, indexes or dereferences it, is assigned to, incremented,
// has its address taken or is ranged over into.
func (st *state) written(stack []ast.Node) bool {
	i := len(stack) - 1
	for i > 0 {
		switch p := stack[i-1].(type) {
		case *ast.SelectorExpr:
			if p.X != stack[i] {
				return false
			}
		case *ast.IndexExpr:
			if p.X != stack[i] {
				return false
			}
		case *ast.StarExpr, *ast.ParenExpr:
		default:
			goto top
		}
		i--
	}
top:
	if i == 0 {
		return true // cannot tell
	}
	e, parent := stack[i], stack[i-1]
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == e {
				return true
			}
		}
	case *ast.IncDecStmt:
		return true
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.RangeStmt:
		return p.Key == e || p.Value == e
	case *ast.CallExpr:
		// A method of a field (u.User.Username()) may have a pointer
		// receiver that changes it; u.User's methods do not.
		if p.Fun == e {
			if s, ok := e.(*ast.SelectorExpr); ok {
				if sel := st.pass.TypesInfo.Selections[s]; sel != nil && sel.Kind() == types.MethodVal {
					return !isNamed(sel.Recv(), "net/url", "Userinfo")
				}
			}
		}
	}
	return false
}

// requestArg records call (u.String()) as a request URL if it is the URL
// argument of a function that needs an absolute URL.
func (st *state) requestArg(p *parsedURL, call *ast.CallExpr, parent ast.Node) {
	outer, ok := parent.(*ast.CallExpr)
	if !ok {
		return
	}
	for i, a := range outer.Args {
		if ast.Unparen(a) != ast.Expr(call) {
			continue
		}
		name := st.callName(outer)
		if idx, ok := urlArgs[name]; ok && idx == i && absoluteArgs[name] {
			st.requestUse(p, call.Pos(), "is the request URL of "+displayName(name))
		}
		return
	}
}

// requestUse keeps the first use as a request URL, after the parse.
func (st *state) requestUse(p *parsedURL, pos token.Pos, msg string) {
	if pos < p.assign {
		p.lost = true // in a loop, perhaps after another value
		return
	}
	if p.use == token.NoPos || pos < p.use {
		p.use, p.useMsg = pos, msg
	}
}

// reportParsed reports the constant of p at its literal.
func (st *state) reportParsed(p *parsedURL) {
	if !st.config.policy.Reports(policy.CategoryMissingScheme) {
		return
	}
	line := st.pass.Fset.Position(p.use).Line
	f := uri.Finding{
		Category: policy.CategoryMissingScheme,
		Start:    0,
		End:      len(p.value),
		Message: fmt.Sprintf("%q has no scheme, but the result of %s %s on line %d, which needs an absolute URL (%q?)",
			uri.Redact(p.value), p.parse, p.useMsg, line, "https://"+uri.Redact(p.value)),
	}
	st.reportAll(p.arg, p.value, []uri.Finding{f})
}

// displayName returns the full name of a function as code calls it:
// "http.Get", "http.Client.Post".
func displayName(full string) string {
	return strings.NewReplacer(")", "", "(", "", "*", "").Replace(full[strings.LastIndexByte(full, '/')+1:])
}

// isRequestType reports whether t is net/http.Request or a pointer to it.
func isRequestType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, "net/http", "Request")
}

// isNamed reports whether t (or what it points to) is the named type
// pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

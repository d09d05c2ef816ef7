package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/urilint/urilint/uri"
)

// isURLStruct reports whether cl is a net/url.URL literal.
func (st *state) isURLStruct(cl *ast.CompositeLit) bool {
	tv, ok := st.pass.TypesInfo.Types[cl]
	if !ok {
		return false
	}
	named, ok := types.Unalias(tv.Type).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Obj()
	return obj.Name() == "URL" && obj.Pkg() != nil && obj.Pkg().Path() == "net/url"
}

// urlStruct checks the constant fields of a url.URL literal, each as the
// component it holds. Only the encoded fields are checked (Scheme, Host,
// RawPath, RawQuery, RawFragment): Path and Fragment hold decoded text,
// which URL.String encodes. The literal is checked as the URI that
// URL.String would write, with a placeholder for each field that is not a
// constant; findings in placeholders are dropped.
func (st *state) urlStruct(cl *ast.CompositeLit) {
	if len(cl.Elts) == 0 {
		return
	}
	switch t := cl.Type.(type) {
	case nil: // elided: []url.URL{{...}}
	case *ast.SelectorExpr:
		if t.Sel.Name != "URL" {
			return
		}
	case *ast.Ident:
		if t.Name != "URL" {
			return // a local alias of url.URL is not recognized
		}
	default:
		return
	}
	if !st.isURLStruct(cl) {
		return
	}
	fields := make(map[string]ast.Expr, len(cl.Elts))
	for _, elt := range cl.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			fields[id.Name] = kv.Value
		}
	}
	if fields["Opaque"] != nil {
		return
	}
	type span struct {
		expr       ast.Expr
		v          string
		start, end int
	}
	var (
		b     []byte
		spans []span
	)
	// add writes field name, or placeholder when it is not a constant.
	add := func(name, placeholder string) bool {
		e := fields[name]
		v, ok := st.constString(e)
		if !ok {
			b = append(b, placeholder...)
			return true
		}
		if skipValue(v) {
			return false
		}
		spans = append(spans, span{e, v, len(b), len(b) + len(v)})
		b = append(b, v...)
		return true
	}
	if fields["Scheme"] != nil {
		if !add("Scheme", "scheme") {
			return
		}
		b = append(b, ':')
	}
	authority := fields["Host"] != nil || fields["User"] != nil
	if authority {
		b = append(b, "//"...)
		if fields["Host"] != nil && !add("Host", "host") {
			return
		}
	}
	switch {
	case fields["RawPath"] != nil:
		if v, ok := st.constString(fields["RawPath"]); authority && ok && v != "" && v[0] != '/' {
			b = append(b, '/') // as URL.String does
		}
		if !add("RawPath", "/path") {
			return
		}
	case fields["Path"] != nil:
		b = append(b, "/path"...)
	}
	if fields["RawQuery"] != nil {
		b = append(b, '?')
		if !add("RawQuery", "query") {
			return
		}
	}
	switch {
	case fields["RawFragment"] != nil:
		b = append(b, '#')
		if !add("RawFragment", "fragment") {
			return
		}
	case fields["Fragment"] != nil:
		b = append(b, "#fragment"...)
	}
	if len(spans) == 0 {
		return
	}
	s := string(b)
	for _, f := range st.config.policy.Check(s) {
		for _, sp := range spans {
			if !inField(f, sp.start, sp.end) {
				continue
			}
			g := f
			g.Start -= sp.start
			g.End -= sp.start
			g.Fix = nil
			for _, ed := range f.Fix {
				if ed.Start < sp.start || ed.End > sp.end {
					g.Fix = nil
					break
				}
				g.Fix = append(g.Fix, uri.Edit{Start: ed.Start - sp.start, End: ed.End - sp.start, New: ed.New})
			}
			st.report(sp.expr, st.pieces(sp.expr, sp.v), sp.v, g, true)
			break
		}
	}
}

// inField reports whether finding f belongs to the field at [start, end):
// a finding belongs to the field it starts in, so an empty range at the end
// of a field belongs to what follows; an empty field owns an empty range at
// its offset.
func inField(f uri.Finding, start, end int) bool {
	if f.Start < start || f.End > end {
		return false
	}
	if f.Start < end {
		return true
	}
	return start == end && f.Start == f.End
}

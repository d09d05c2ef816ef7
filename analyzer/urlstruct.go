package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

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
		name       string
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
		spans = append(spans, span{name, e, v, len(b), len(b) + len(v)})
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
			g.Message = fieldMessage(f, s, sp.name, sp.v, sp.start, g.Fix)
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

// fieldMessage rewrites the message of finding f on s, the URI that
// URL.String would write for the literal, to speak of the field name of
// value v, at offset start in s, alone: s holds placeholders for the
// fields that are not constants ("/path"), which are not in the source.
// The quoted URI becomes the field, offsets count from the field's start,
// and a quoted result of the whole fix becomes the field's, fix.
func fieldMessage(f uri.Finding, s, name, v string, start int, fix []uri.Edit) string {
	msg := f.Message
	field := fmt.Sprintf("url.URL field %s %q", name, uri.Redact(v))
	if q := strconv.Quote(uri.Redact(s)); strings.HasPrefix(msg, q) {
		msg = field + msg[len(q):]
	}
	if f.Fix != nil {
		whole := strconv.Quote(uri.Redact(uri.ApplyEdits(s, f.Fix)))
		part := strconv.Quote(uri.Redact(uri.ApplyEdits(v, fix)))
		if fix == nil {
			part = "a fixed " + name
		}
		msg = strings.ReplaceAll(msg, whole, part)
	}
	return shiftOffsets(msg, start)
}

// shiftOffsets makes each "at offset N" of msg (an *uri.Error's reason)
// count from start.
func shiftOffsets(msg string, start int) string {
	const at = " at offset "
	var b strings.Builder
	for {
		i := strings.Index(msg, at)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		j := i + len(at)
		k := j
		for k < len(msg) && '0' <= msg[k] && msg[k] <= '9' {
			k++
		}
		b.WriteString(msg[:j])
		if n, err := strconv.Atoi(msg[j:k]); err == nil && n >= start {
			b.WriteString(strconv.Itoa(n - start))
		} else {
			b.WriteString(msg[j:k])
		}
		msg = msg[k:]
	}
}

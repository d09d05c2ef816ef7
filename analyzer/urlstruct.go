package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"net/url"
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// isURLStruct reports whether cl is a net/url.URL literal.
func (st *state) isURLStruct(cl *ast.CompositeLit) bool {
	tv, ok := st.pass.TypesInfo.Types[cl]
	if !ok {
		return false
	}
	t := types.Unalias(tv.Type)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem()) // an elided &url.URL in []*url.URL{{...}}
	}
	named, ok := t.(*types.Named)
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
	if st.fieldSyntax(fields) {
		return // the URI of the whole would only repeat it
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

// fieldSyntax reports the constant fields of a url.URL literal that hold
// the syntax of another part, which URL.String writes itself: a Scheme
// with ":" or "//", a Host with a path, userinfo or scheme, a RawQuery
// with its "?", a RawFragment or Fragment with its "#", and a RawPath
// that is no encoding of Path (URL.EscapedPath then ignores it). It
// reports whether it found any.
func (st *state) fieldSyntax(fields map[string]ast.Expr) bool {
	found := false
	report := func(name string, f uri.Finding) {
		e := fields[name]
		v, _ := st.constString(e)
		f.Category = policy.CategoryURLField
		f.Message = fmt.Sprintf("url.URL field %s %q %s", name, uri.Redact(v), f.Message)
		if len(f.Fix) > 0 && !st.config.policy.Fixes(f.Category) {
			f.Fix = nil
		}
		st.report(e, st.pieces(e, v), v, f, true)
		found = true
	}
	str := func(name string) (string, bool) {
		e := fields[name]
		if e == nil {
			return "", false
		}
		v, ok := st.constString(e)
		return v, ok && !skipValue(v)
	}
	if v, ok := str("Scheme"); ok {
		if i := strings.IndexAny(v, ":/"); i > 0 && abnf.SchemeLen(v[:i]+":") == i {
			report("Scheme", uri.Finding{Start: i, End: len(v),
				Message: fmt.Sprintf("holds %q: URL.String writes the delimiters itself (%q)", v[i:], v+"://host"),
				Fix:     []uri.Edit{{Start: i, End: len(v)}}})
		}
	}
	if v, ok := str("Host"); ok {
		switch {
		case strings.Contains(v, "://"):
			report("Host", uri.Finding{Start: 0, End: strings.Index(v, "://") + 3,
				Message: "holds a scheme, which goes in field Scheme"})
		case strings.IndexByte(v, '@') >= 0:
			report("Host", uri.Finding{Start: 0, End: strings.LastIndexByte(v, '@') + 1,
				Message: "holds userinfo, which goes in field User (url.User, url.UserPassword)"})
		case strings.ContainsAny(v, "/?#"):
			i := strings.IndexAny(v, "/?#")
			report("Host", uri.Finding{Start: i, End: len(v),
				Message: fmt.Sprintf("holds %q after the host, which goes in field Path, RawQuery or Fragment (net/http would send it in the Host header)", v[i:])})
		}
	}
	for _, f := range []struct{ name, delim string }{{"RawQuery", "?"}, {"RawFragment", "#"}, {"Fragment", "#"}} {
		if v, ok := str(f.name); ok && strings.HasPrefix(v, f.delim) {
			report(f.name, uri.Finding{Start: 0, End: 1,
				Message: fmt.Sprintf("starts with %q, which URL.String writes itself (a doubled %q)", f.delim, f.delim+f.delim),
				Fix:     []uri.Edit{{Start: 0, End: 1}}})
		}
	}
	if raw, ok := str("RawPath"); ok && raw != "" {
		if path, ok := str("Path"); ok {
			if dec, err := url.PathUnescape(raw); err == nil && dec != path {
				report("RawPath", uri.Finding{Start: 0, End: len(raw),
					Message: fmt.Sprintf("is no encoding of Path %q (it decodes to %q), so URL.EscapedPath ignores it", path, dec)})
			}
		}
	}
	return found
}

package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/urilint/urilint/internal/edit"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// maxRounds bounds the rounds of fixing and checking again in settle.
const maxRounds = 8

// oneRound applies the fixes of findings to v the way a fixer applies
// suggested fixes, with internal/edit.Select: in the order of their first
// edit, each whole or not at all, leaving out one that overlaps a fix
// taken before it. It reports whether any was taken.
func oneRound(v string, findings []uri.Finding) (string, bool) {
	edits, _ := edit.Select(len(v), fixesOf(findings))
	if len(edits) == 0 {
		return v, false
	}
	out, err := edit.Apply(v, edits)
	if err != nil {
		return v, false // cannot happen: Select returns valid edits
	}
	return out, true
}

// fixesOf returns the fixes of findings as internal/edit's edits. uri.Edit
// stays uri's own type, so that the parser library's API names no
// internal package; the two convert field for field.
func fixesOf(findings []uri.Finding) [][]edit.Edit {
	fixes := make([][]edit.Edit, len(findings))
	for i, f := range findings {
		fixes[i] = make([]edit.Edit, len(f.Fix))
		for j, e := range f.Fix {
			fixes[i][j] = edit.Edit(e)
		}
	}
	return fixes
}

// settle returns what v becomes when its findings are fixed, checked again
// and fixed again until nothing changes (at most maxRounds rounds), and the
// number of rounds that changed it. Fixing one finding can raise another
// ("%41" decoded in a host makes it uppercase) or let one be seen that an
// overlapping fix hid.
func settle(p *policy.Policy, v string, findings []uri.Finding) (string, int) {
	rounds := 0
	for rounds < maxRounds {
		next, ok := oneRound(v, findings)
		if !ok || next == v {
			break
		}
		v, rounds = next, rounds+1
		findings = p.Check(v)
	}
	return v, rounds
}

// settledFix returns one fix that replaces the value v of e, split into
// pieces, with its settled form, for when the findings' own fixes, applied
// together once, would leave something to fix: then one -fix run, or one
// code action, does it all. It returns nil when one round is enough (the
// findings keep a fix each), when a finding of e is silenced (its fix must
// not be made), in a generated file, or when the change does not map to
// the source.
func (st *state) settledFix(e ast.Expr, pieces []piece, v string, findings []uri.Finding) *analysis.SuggestedFix {
	if st.generated() || st.keyClash(e) != "" {
		return nil // report says why there is no fix
	}
	settled, rounds := settle(st.config.policy, v, findings)
	if rounds < 2 && !hasOverlap(findings) {
		return nil
	}
	if settled == v {
		return nil
	}
	for _, f := range findings {
		if start, _ := st.span(pieces, f); st.ignored(e, start) {
			return nil
		}
	}
	// One edit, from the first byte that changes to the last.
	pre := 0
	for pre < len(v) && pre < len(settled) && v[pre] == settled[pre] {
		pre++
	}
	suf := 0
	for suf < len(v)-pre && suf < len(settled)-pre && v[len(v)-1-suf] == settled[len(settled)-1-suf] {
		suf++
	}
	return st.fixOf(pieces, v, []uri.Edit{{Start: pre, End: len(v) - suf, New: settled[pre : len(settled)-suf]}})
}

// hasOverlap reports whether the fixes of findings overlap, so that
// applying them once leaves one out.
func hasOverlap(findings []uri.Finding) bool {
	fixes := fixesOf(findings)
	_, taken := edit.Select(math.MaxInt, fixes)
	for i, t := range taken {
		if !t && len(fixes[i]) > 0 {
			return true
		}
	}
	return false
}

// A keyGroup is a set of constant expressions that must stay distinct for
// the package to compile: the keys of one map literal, or the case values
// of one expression switch. A fix that makes two equal breaks the build
// ("duplicate key", "duplicate case"), so it is left out.
type keyGroup struct {
	what  string     // "key of the map literal" or "case of the switch"
	keys  []ast.Expr // the keys whose value is a constant string
	vals  []string   // their values
	outs  [][]string // what each may become under -fix, computed on first use
	ready bool
}

// keyIndex maps each constant expression that a fix may change (a key or
// case written as a literal, or the value of a named constant used as one)
// to the groups it is in, and for each group the index of the key.
type keyIndex map[ast.Expr][]keyRef

type keyRef struct {
	g *keyGroup
	i int
}

// keyClash returns why the fixes of the constant expression e
// must not be made, or "": when e is, or gives its value to, a key of a
// map literal or a case of a switch, and a value that -fix may make of it
// is one that another key of the group has or may get.
func (st *state) keyClash(e ast.Expr) string {
	if st.keys == nil {
		st.keys = st.indexKeys()
	}
	for _, ref := range st.keys[e] {
		g := ref.g
		if !g.ready {
			g.outs = make([][]string, len(g.keys))
			for i, v := range g.vals {
				g.outs[i] = st.outcomes(v)
			}
			g.ready = true
		}
		for _, out := range g.outs[ref.i] {
			for j := range g.keys {
				if j != ref.i && (g.vals[j] == out || slices.Contains(g.outs[j], out)) {
					line := st.pass.Fset.Position(g.keys[j].Pos()).Line
					return fmt.Sprintf("no fix: it would make the %s equal to the one on line %d, %q", g.what, line, uri.Redact(g.vals[j]))
				}
			}
		}
	}
	return ""
}

// outcomes returns the values other than v that -fix may make of v: after
// one run, and once settled.
func (st *state) outcomes(v string) []string {
	findings := st.config.policy.Check(v)
	var out []string
	if once, ok := oneRound(v, findings); ok && once != v {
		out = append(out, once)
	}
	if settled, _ := settle(st.config.policy, v, findings); settled != v && !slices.Contains(out, settled) {
		out = append(out, settled)
	}
	return out
}

// indexKeys finds, in the files of the package, the map literals and
// expression switches with two or more constant string keys.
func (st *state) indexKeys() keyIndex {
	idx := make(keyIndex)
	info := st.pass.TypesInfo
	// The value expression of each named constant of the package, for
	// keys written as its name.
	constExpr := make(map[types.Object]ast.Expr)
	for _, f := range st.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					if obj := info.Defs[name]; obj != nil {
						constExpr[obj] = vs.Values[i]
					}
				}
			}
		}
	}
	add := func(what string, exprs []ast.Expr) {
		g := &keyGroup{what: what}
		for _, k := range exprs {
			if v, ok := st.constString(k); ok {
				g.keys, g.vals = append(g.keys, k), append(g.vals, v)
			}
		}
		if len(g.keys) < 2 {
			return
		}
		for i, k := range g.keys {
			src := k
			switch x := ast.Unparen(k).(type) {
			case *ast.Ident:
				if e, ok := constExpr[info.Uses[x]]; ok {
					src = e
				}
			case *ast.SelectorExpr:
				if e, ok := constExpr[info.Uses[x.Sel]]; ok {
					src = e
				}
			}
			idx[src] = append(idx[src], keyRef{g, i})
		}
	}
	for _, f := range st.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if t := info.TypeOf(n); t != nil {
					if _, ok := t.Underlying().(*types.Map); ok {
						keys := make([]ast.Expr, 0, len(n.Elts))
						for _, el := range n.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								keys = append(keys, kv.Key)
							}
						}
						add("key of the map literal", keys)
					}
				}
			case *ast.SwitchStmt:
				if n.Tag != nil {
					var cases []ast.Expr
					for _, c := range n.Body.List {
						cases = append(cases, c.(*ast.CaseClause).List...)
					}
					add("case of the switch", cases)
				}
			}
			return true
		})
	}
	return idx
}

package analyzer

import (
	"go/ast"
	"math"

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
	if st.generated() {
		return nil
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

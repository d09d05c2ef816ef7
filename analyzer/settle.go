package analyzer

import (
	"cmp"
	"go/ast"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// maxRounds bounds the rounds of fixing and checking again in settle.
const maxRounds = 8

// oneRound applies the fixes of findings to v the way a fixer applies
// suggested fixes: in the order of their first edit, each whole or not at
// all, leaving out one that overlaps a fix taken before it (two insertions
// at the same offset overlap too). It reports whether any was taken.
func oneRound(v string, findings []uri.Finding) (string, bool) {
	fixes := make([][]uri.Edit, 0, len(findings))
	for _, f := range findings {
		if len(f.Fix) > 0 {
			fixes = append(fixes, slices.SortedFunc(slices.Values(f.Fix), editByStart))
		}
	}
	slices.SortStableFunc(fixes, func(a, b []uri.Edit) int { return editByStart(a[0], b[0]) })
	var taken []uri.Edit
	for _, fix := range fixes {
		if !overlaps(taken, fix) {
			taken = append(taken, fix...)
		}
	}
	if len(taken) == 0 {
		return v, false
	}
	slices.SortStableFunc(taken, editByStart)
	return uri.ApplyEdits(v, taken), true
}

func editByStart(a, b uri.Edit) int { return cmp.Compare(a.Start, b.Start) }

// overlaps reports whether one of fix touches the bytes of one of taken,
// or inserts at the same offset, or two of fix do so with each other. It
// sorts the edits once and sweeps them, so that a fix of many edits (one
// per "%7e" of a long literal) costs n log n, not n squared.
func overlaps(taken, fix []uri.Edit) bool {
	all := slices.SortedFunc(slices.Values(slices.Concat(taken, fix)), editByStart)
	maxEnd := -1
	for i, e := range all {
		if i > 0 && (e.Start == all[i-1].Start || e.Start < maxEnd) {
			return true
		}
		maxEnd = max(maxEnd, e.End)
	}
	return false
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
	var taken []uri.Edit
	for _, f := range findings {
		if overlaps(taken, f.Fix) {
			return true
		}
		taken = append(taken, f.Fix...)
	}
	return false
}

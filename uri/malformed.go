package uri

import "fmt"

// maxMalformed bounds the malformed findings of one reference: each
// message quotes the whole reference, and a long run of bad bytes (a
// paragraph pasted into a literal) would otherwise cost quadratic time
// and memory. A fixed reference is checked again and shows the rest.
const maxMalformed = 8

// malformedFindings reports the first violation of the grammar m and
// later ones (up to maxMalformed findings and maxRepairs steps), each
// with its own fix where the repair is unambiguous; a bad byte of the
// path, query or fragment without one is reported and passed over. A run of repairs of one
// kind makes one finding: "фубар" in a path is one finding, not five, and
// so are two spaces.
func malformedFindings(s string, f failure, m mode) []Finding {
	var out []Finding
	var more []int   // more[k]: further places of out[k]'s mistake
	var fixes []Edit // the repairs so far, in s's offsets
	cur := s         // s with those repairs applied
	for range maxRepairs {
		off := origOffset(fixes, f.off)
		n, repl, ok := repairAt(cur, f)
		k := -1 // the finding of the same mistake, if any
		if ok {
			for j := range out {
				if out[j].Fix != nil && out[j].Err == f.cause && (f.cause == ErrNonASCII || s[off] == s[out[j].Start]) {
					k = j
				}
			}
		}
		switch {
		case k >= 0 && out[k].Fix[len(out[k].Fix)-1].End == off:
			// The same mistake goes on: widen the last edit of its fix,
			// and the finding itself if that edit is its first.
			ed := &out[k].Fix[len(out[k].Fix)-1]
			if len(out[k].Fix) == 1 {
				out[k].End = off + n
			}
			ed.End = off + n
			ed.New += repl
			fixes[len(fixes)-1] = *ed
		case k >= 0:
			// The same mistake again further on ("[" and "]" in a query,
			// "ids[a]=1&ids[b]=2"): one finding, one fix of several edits.
			ed := Edit{Start: off, End: off + n, New: repl}
			out[k].Fix = append(out[k].Fix, ed)
			fixes = append(fixes, ed)
			more[k]++
		default:
			if len(out) == maxMalformed {
				return withMore(out, more)
			}
			e := &Error{Input: s, Offset: off, Component: f.component, Err: f.cause, Detail: f.detail}
			fd := Finding{
				Category: CategoryMalformed,
				Start:    off,
				End:      min(off+1, len(s)),
				Message:  fmt.Sprintf("%q is not a valid URI reference: %s", s, e.Reason()),
				Err:      f.cause,
			}
			if f.cause == ErrInvalidEscape {
				fd.End = min(off+3, len(s))
			}
			if ok {
				// A repaired byte stands in s as it does in cur: repairs
				// only touch bytes after the earlier ones.
				fd.End = off + n
				fd.Fix = []Edit{{Start: off, End: off + n, New: repl}}
				fixes = append(fixes, fd.Fix[0])
			}
			out = append(out, fd)
			more = append(more, 0)
		}
		switch {
		case ok:
			cur = cur[:f.off] + repl + cur[f.off+n:]
		case passable(cur, f):
			// No safe repair (a control byte, a backslash), but the parse can go
			// on past it: an unreserved byte stands in for it in cur
			// alone, keeping the offsets, so that later faults are
			// reported too.
			cur = cur[:f.off] + "_" + cur[f.off+1:]
		default:
			return withMore(out, more)
		}
		var u URI
		if parseWith(cur, &u, &f, m) {
			break
		}
	}
	return withMore(out, more)
}

// passable reports whether the parse of s may go on past failure f,
// which has no repair: one bad byte in the path, query or fragment.
// Elsewhere (scheme, authority) a bad byte leaves no single reading of
// what follows.
func passable(s string, f failure) bool {
	switch f.component {
	case ComponentPath, ComponentQuery, ComponentFragment:
	default:
		return false
	}
	return f.off < len(s) && (f.cause == ErrInvalidChar || f.cause == ErrNonASCII)
}

// withMore says in each message how many more places share its mistake.
func withMore(out []Finding, more []int) []Finding {
	for k, n := range more {
		if n > 0 {
			out[k].Message += fmt.Sprintf(" (and %d more)", n)
		}
	}
	return out
}

// origOffset maps an offset in the repaired string back to the original,
// given the repairs made, sorted by offset. An offset inside a repair maps
// to the repaired bytes' start.
func origOffset(fixes []Edit, off int) int {
	delta := 0
	for _, e := range fixes {
		start := e.Start + delta
		if off < start {
			break
		}
		if off < start+len(e.New) {
			return e.Start
		}
		delta += len(e.New) - (e.End - e.Start)
	}
	return off - delta
}

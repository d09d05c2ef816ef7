package uri

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Category names one kind of finding. Each has its own constant so that
// tools can turn kinds on and off.
type Category string

const (
	// CategoryMalformed: the string is not a URI-reference by the ABNF of
	// Appendix A.
	CategoryMalformed Category = "malformed"

	// Normalization (section 6.2.2 syntax-based, 6.2.3 scheme-based),
	// one category per Rule.
	CategorySchemeCase        Category = "scheme-case"
	CategoryHostCase          Category = "host-case"
	CategoryPercentCase       Category = "percent-case"
	CategoryPercentUnreserved Category = "percent-unreserved"
	CategoryDotSegments       Category = "dot-segments"
	CategoryEmptyPort         Category = "empty-port"
	CategoryDefaultPort       Category = "default-port"
	CategoryEmptyPath         Category = "empty-path"
)

// categories lists every category in a stable order; scheme.go and
// security.go append theirs.
var categories = []Category{
	CategoryMalformed,
	CategorySchemeCase, CategoryHostCase, CategoryPercentCase, CategoryPercentUnreserved,
	CategoryDotSegments, CategoryEmptyPort, CategoryDefaultPort, CategoryEmptyPath,
}

// Categories returns every category that Check can report.
func Categories() []Category {
	return append([]Category(nil), categories...)
}

// Edit replaces s[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// ApplyEdits returns s with edits made, in order of their Start. An edit
// that overlaps an earlier one, or lies outside s, is left out: fixes of
// several findings combine only where they touch different bytes, and a
// second Check shows what is left.
func ApplyEdits(s string, edits []Edit) string {
	if !slices.IsSortedFunc(edits, byStart) {
		edits = slices.SortedStableFunc(slices.Values(edits), byStart)
	}
	var b strings.Builder
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(s) {
			continue
		}
		b.WriteString(s[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(s[at:])
	return b.String()
}

func byStart(a, b Edit) int { return a.Start - b.Start }

// Finding is one problem with a URI reference.
type Finding struct {
	Category Category
	// Start and End delimit the bytes at fault in the checked string;
	// End == Start points between two bytes (where something is missing).
	Start, End int
	// Message stands on its own: it quotes the URI and says what is wrong.
	Message string
	// Err is the sentinel cause of a CategoryMalformed finding.
	Err error
	// Fix holds the edits of a safe fix, sorted and non-overlapping, or nil.
	Fix []Edit
}

// Checker holds the options of Check.
type Checker struct {
	// Rules selects the normalization rules to report.
	Rules Rule
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals
	// ("http://[fe80::1%25eth0]/"), which RFC 3986 itself does not allow;
	// by default they are malformed, with cause ErrZoneID.
	AllowZone bool
}

var defaultChecker = Checker{Rules: AllRules}

// Check returns every problem with the URI reference s, in the order of
// the bytes at fault: its ABNF violations (one finding per kind of
// mistake) or, for a valid reference, each normalization rule that would
// change it, each rule of its scheme it breaks, and the security concerns
// of section 7. Messages show a password as "***". It returns nil when
// there is nothing to report. It is Checker{Rules: AllRules}.Check.
func Check(s string) []Finding {
	return defaultChecker.Check(s)
}

// Check returns the findings for s under c's options.
func (c *Checker) Check(s string) []Finding {
	var u URI
	var f failure
	if !parseWith(s, &u, &f, c.AllowZone) {
		out := malformedFindings(s, f)
		redactPassword(s, out)
		sortFindings(out)
		return out
	}
	var out []Finding
	info := lookupScheme(u.Scheme) // once for every rule below
	// Most references are normal: one pass that allocates nothing tells.
	if c.Rules != 0 && normalizeWith(s, &u, c.Rules, info) != s {
		for r := RuleSchemeCase; r <= RuleEmptyPath; r <<= 1 {
			if c.Rules&r != 0 {
				out = ruleFinding(s, &u, info, r, c.Rules, out)
			}
		}
	}
	out = checkScheme(s, &u, info, out)
	out = checkSecurity(s, &u, info, out)
	if out != nil {
		redactPassword(s, out)
		sortFindings(out)
	}
	return out
}

// sortFindings puts findings in the order of the bytes at fault, as a
// reader goes through the URI; ties keep Check's order.
func sortFindings(out []Finding) {
	slices.SortStableFunc(out, func(a, b Finding) int { return a.Start - b.Start })
}

// maxMalformed bounds the malformed findings of one reference: each
// message quotes the whole reference, and a long run of bad bytes (a
// paragraph pasted into a literal) would otherwise cost quadratic time
// and memory. A fixed reference is checked again and shows the rest.
const maxMalformed = 8

// malformedFindings reports the first violation and, while each one has
// an unambiguous repair, later ones (up to maxMalformed findings and
// maxRepairs repairs), each with its own fix. A run of repairs of one
// kind makes one finding: "фубар" in a path is one finding, not five, and
// so are two spaces.
func malformedFindings(s string, f failure) []Finding {
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
		if !ok {
			break
		}
		cur = cur[:f.off] + repl + cur[f.off+n:]
		var u URI
		if parseFull(cur, &u, &f) {
			break
		}
	}
	return withMore(out, more)
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

// redactPassword rewrites the messages of out so that they show the
// password of s as "***": findings are printed in CI logs, and quoting the
// URI whole would copy the very secret that the password finding (section
// 7.5) warns about. Offsets and fixes still refer to the real text. It
// works on s itself, by the delimiters of Appendix B, so that a malformed
// reference is redacted too.
func redactPassword(s string, out []Finding) {
	start, end, ok := passwordSpan(s)
	if !ok || len(out) == 0 {
		return
	}
	q, shown := strconv.Quote(s), strconv.Quote(s[:start]+"***"+s[end:])
	ui := s[strings.Index(s, "//")+2 : end]
	qui, shownUI := strconv.Quote(ui), strconv.Quote(ui[:len(ui)-(end-start)]+"***")
	for k := range out {
		m := strings.ReplaceAll(out[k].Message, q, shown)
		out[k].Message = strings.ReplaceAll(m, qui, shownUI)
	}
}

// Redact returns s with the password of its userinfo, if any, shown as
// "***", the way Check's messages show it; s itself when there is none.
func Redact(s string) string {
	start, end, ok := passwordSpan(s)
	if !ok {
		return s
	}
	return s[:start] + "***" + s[end:]
}

// passwordSpan finds the password in the userinfo of s: the text after the
// first ":" and before the last "@" of the authority. An empty password is
// no secret.
func passwordSpan(s string) (start, end int, ok bool) {
	a, b, ok := authoritySpan(s)
	if !ok {
		return 0, 0, false
	}
	at := strings.LastIndexByte(s[a:b], '@')
	if at < 0 {
		return 0, 0, false
	}
	colon := strings.IndexByte(s[a:a+at], ':')
	if colon < 0 || colon == at-1 {
		return 0, 0, false
	}
	return a + colon + 1, a + at, true
}

// authoritySpan finds the authority of s by the delimiters of Appendix B
// alone: after the scheme's ":", "//", then up to "/", "?" or "#". Unlike
// Parse it works on malformed references too, which is what redaction and
// placeholder detection need.
func authoritySpan(s string) (start, end int, ok bool) {
	i := schemeLen(s)
	if i > 0 {
		i++
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	start, end = i+2, len(s)
	if k := strings.IndexAny(s[start:], "/?#"); k >= 0 {
		end = start + k
	}
	return start, end, true
}

// ruleFinding appends the finding for rule r, if r would change s.
func ruleFinding(s string, u *URI, info *schemeInfo, r, rules Rule, out []Finding) []Finding {
	var edits []Edit
	var what string
	switch r {
	case RuleSchemeCase:
		if hasUpper(u.Scheme) {
			edits = append(edits, Edit{0, len(u.Scheme), strings.ToLower(u.Scheme)})
			what = fmt.Sprintf("scheme %q should be lowercase %q", u.Scheme, strings.ToLower(u.Scheme))
		}
	case RuleHostCase:
		start, _ := u.Span(ComponentHost)
		edits = lowerRuns(u.Host, start, edits)
		if edits != nil {
			lw := writer{src: u.Host}
			lw.pct(u.Host, 0, true)
			what = fmt.Sprintf("host %q should be lowercase %q", u.Host, lw.result())
		}
	case RulePercentCase, RulePercentUnreserved:
		for c := ComponentUserinfo; c <= ComponentFragment; c++ {
			if c == ComponentPort {
				continue
			}
			start, end := u.Span(c)
			edits = pctEdits(s[start:end], start, r, rules, edits)
		}
		if edits != nil {
			first := edits[0]
			if r == RulePercentCase {
				what = fmt.Sprintf("percent-encoding %q should use uppercase hex digits %q", s[first.Start:first.End], first.New)
			} else {
				what = fmt.Sprintf("%q encodes the unreserved character %q, which should be written as is", s[first.Start:first.End], first.New)
			}
			if len(edits) > 1 {
				what += fmt.Sprintf(" (and %d more)", len(edits)-1)
			}
		}
	case RuleDotSegments:
		if p := dotsRemoved(u, u.Path); p != u.Path {
			start, end := u.Span(ComponentPath)
			edits = append(edits, Edit{start, end, p})
			what = fmt.Sprintf("path %q has dot segments and should be %q", u.Path, p)
		}
	case RuleEmptyPort:
		if u.HasPort && u.Port == "" && !noPort(info) {
			start, _ := u.Span(ComponentPort)
			edits = append(edits, Edit{start - 1, start, ""})
			what = `the port is empty and its ":" should be dropped`
		}
	case RuleDefaultPort:
		if u.HasPort && u.Port != "" && isDefaultPort(u.Port, info) {
			start, end := u.Span(ComponentPort)
			edits = append(edits, Edit{start - 1, end, ""})
			what = fmt.Sprintf("port %s is the default for %s and should be dropped", u.Port, strings.ToLower(u.Scheme))
		}
	case RuleEmptyPath:
		if u.HasAuthority && u.Host != "" && u.Path == "" && info != nil && info.slashPath {
			start, _ := u.Span(ComponentPath)
			edits = append(edits, Edit{start, start, "/"})
			what = fmt.Sprintf(`the empty path of an %s URI with a host should be "/"`, strings.ToLower(u.Scheme))
		}
	}
	if edits == nil {
		return out
	}
	return append(out, Finding{
		Category: r.Category(),
		Start:    edits[0].Start,
		End:      edits[0].End,
		Message:  fmt.Sprintf("%q is not normalized: %s", s, what),
		Fix:      edits,
	})
}

// lowerRuns appends one edit per run of letters outside percent-encodings
// in host that holds an upper-case letter.
func lowerRuns(host string, base int, edits []Edit) []Edit {
	for i := 0; i < len(host); {
		if host[i] == '%' {
			i += 3
			continue
		}
		j := i
		for j < len(host) && host[j] != '%' {
			j++
		}
		if run := host[i:j]; hasUpper(run) {
			edits = append(edits, Edit{base + i, base + j, strings.ToLower(run)})
		}
		i = j
	}
	return edits
}

// pctEdits appends one edit per percent-encoding in part that rule r
// changes. With both percent rules on, an encoded unreserved character is
// reported by RulePercentUnreserved only.
func pctEdits(part string, base int, r, rules Rule, edits []Edit) []Edit {
	for i := 0; i+2 < len(part); i++ {
		if part[i] != '%' {
			continue
		}
		d := unhex(part[i+1])<<4 | unhex(part[i+2])
		unres := is(d, cUnreserved)
		switch {
		case r == RulePercentUnreserved && unres:
			edits = append(edits, Edit{base + i, base + i + 3, string(d)})
		case r == RulePercentCase && !(unres && rules&RulePercentUnreserved != 0) &&
			(isLowerHex(part[i+1]) || isLowerHex(part[i+2])):
			edits = append(edits, Edit{base + i, base + i + 3, string([]byte{'%', upperHex[d>>4], upperHex[d&15]})})
		}
		i += 2
	}
	return edits
}

func isLowerHex(c byte) bool { return c >= 'a' && c <= 'f' }

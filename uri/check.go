package uri

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

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

// Options holds the choices where later RFCs extend RFC 3986. The zero
// value is strict RFC 3986, and the package's Parse, Normalize and Check
// are those of Options{}; a tool that takes options once gets the same
// verdict from all three.
type Options struct {
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals
	// ("http://[fe80::1%25eth0]/"), which RFC 3986 itself does not allow;
	// by default they are malformed, with cause ErrZoneID.
	AllowZone bool
	// Skip holds normalization rules that Normalize does not apply and
	// Check neither tests nor reports; the zero value skips none. A tool
	// that does not report a rule saves its cost this way.
	Skip Rule
}

// Check returns every problem with the URI reference s, in the order of
// the bytes at fault: its ABNF violations (one finding per kind of
// mistake) or, for a valid reference, each normalization rule that would
// change it, each rule of its scheme it breaks, and the security concerns
// of section 7. Messages show a password as "***". It returns nil when
// there is nothing to report.
func Check(s string) []Finding { return Options{}.Check(s) }

// Check is the package's Check under the options o.
func (o Options) Check(s string) []Finding {
	var u URI
	var f failure
	if !parseWith(s, &u, &f, o.AllowZone) {
		out := malformedFindings(s, f)
		redactPassword(s, out)
		sortFindings(out)
		return out
	}
	var out []Finding
	info := lookupScheme(u.Scheme) // once for every rule below
	// Most references are normal: one pass that allocates nothing tells.
	if rules := AllRules &^ o.Skip; rules != 0 && normalizeWith(s, &u, rules, info) != s {
		for r := RuleSchemeCase; r <= RuleEmptyPath; r <<= 1 {
			if rules&r != 0 {
				out = ruleFinding(s, &u, info, r, rules, out)
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
		d, ok := abnf.PctByte(part, i)
		if !ok {
			continue
		}
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

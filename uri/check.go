package uri

import (
	"fmt"
	"slices"
	"strconv"
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
	// IRI makes Parse, Normalize and Equivalent accept IRI references
	// (RFC 3987 section 2.2): characters outside ASCII in the userinfo,
	// host, path, query and fragment. By default they are errors with
	// cause ErrNonASCII. Check takes IRIs either way and reports them in
	// CategoryIRI, which a tool that takes IRIs leaves off.
	IRI bool
	// Skip holds normalization rules that Normalize does not apply and
	// Check neither tests nor reports; the zero value skips none. A tool
	// that does not report a rule saves its cost this way.
	Skip Rule
}

// Check returns every problem with the URI reference s, in the order of
// the bytes at fault: its ABNF violations (one finding per kind of
// mistake) or, for a valid reference, each normalization rule that would
// change it, each rule of its scheme it breaks, and the security concerns
// of section 7. An IRI (RFC 3987) is no ABNF violation: it is reported as
// CategoryIRI, with its URI form as the fix, next to the findings about
// its characters (see the package documentation). Messages show a
// password as "***". It returns nil when there is nothing to report.
func Check(s string) []Finding { return Options{}.Check(s) }

// Check is the package's Check under the options o.
func (o Options) Check(s string) []Finding {
	var u URI
	var f failure
	m := o.mode() | modeIRI
	doubled, isDoubled := doubledScheme(s)
	if !parseWith(s, &u, &f, m) {
		out := malformedFindings(s, f, m)
		redactPassword(s, out)
		if isDoubled {
			out = append(out, doubled)
		}
		sortFindings(out)
		return out
	}
	if isDoubled {
		// The parse of the doubled form is an accident (a host named
		// "https", an empty port, a path "//host/..."): what it says about
		// those parts is noise. The reference without the first scheme is
		// checked again once the fix is made.
		return []Finding{doubled}
	}
	var h *idnHost // for a host that UTS #46 processes
	if u.HostKind == HostRegName && (f.iri || hasACELabel(u.Host)) {
		ch := checkHost(s, &u, false)
		if ch.bad {
			out := []Finding{idnFinding(s, &ch)}
			redactPassword(s, out)
			return out
		}
		h = &ch
	}
	var out []Finding
	info := lookupScheme(u.Scheme) // once for every rule below
	rules := AllRules &^ o.Skip
	if relativeFileHost(&u) {
		rules &^= RuleDotSegments // see checkFile: no fix that changes the file
	}
	nfc := f.iri && rules&RuleNFC != 0 && !isNFC(s)
	// Most references are normal: one pass that allocates nothing tells.
	if rules != 0 && (nfc || normalizeWith(s, &u, rules, info, false) != s) {
		for r := RuleSchemeCase; r <= RuleNFC; r <<= 1 {
			switch {
			case rules&r == 0:
			case r == RuleNFC:
				if nfc {
					out = nfcFinding(s, out)
				}
			default:
				out = ruleFinding(s, &u, info, r, rules, out)
			}
		}
	}
	out = checkScheme(s, &u, info, out)
	out = checkSecurity(s, &u, info, out)
	if f.iri || h != nil {
		if h == nil {
			h = new(idnHost)
		}
		out = checkIRI(s, &u, h, f.iri, out)
	}
	if out != nil {
		redactPassword(s, out)
		sortFindings(out)
	}
	return out
}

// doubledScheme reports a scheme and "//" written twice at the start of
// s ("https://https://example.com/"), a paste of a full URI after a typed
// "https://". By section 3.2 the first "//" then starts an authority whose
// host is the second scheme's name and whose port is empty (3.2.3 allows
// it), and the real authority becomes a path that starts with "//". The
// second scheme must be one this package knows, so that
// "http://localhost://x" (a host and an empty port) is not taken for one.
func doubledScheme(s string) (Finding, bool) {
	n := schemeLen(s)
	if n == 0 || !strings.HasPrefix(s[n+1:], "//") {
		return Finding{}, false
	}
	first, rest := s[:n+3], s[n+3:]
	m := schemeLen(rest)
	if m == 0 || !strings.HasPrefix(rest[m+1:], "//") || lookupScheme(rest[:m]) == nil {
		return Finding{}, false
	}
	shown := Redact(rest)
	return Finding{
		Category: CategoryDoubledScheme,
		Start:    0,
		End:      len(first),
		Message:  fmt.Sprintf("%q repeats its scheme: without the first %q it is %q", first+shown, first, shown),
		Fix:      []Edit{{Start: 0, End: len(first), New: ""}},
	}, true
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
			if c == ComponentFragment {
				if d := fragmentDirective(s[start:end]); d >= 0 {
					edits = pctEdits(s[start:start+d], start, r, rules, edits)
					// In a fragment directive an encoded unreserved
					// character is syntax, not an equivalent spelling:
					// only the case of the hex digits is normalized.
					if r == RulePercentCase {
						edits = pctEdits(s[start+d:end], start+d, r, rules&^RulePercentUnreserved, edits)
					}
					continue
				}
			}
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

// fragmentDirective returns the offset in fragment of the fragment
// directive delimiter ":~:" (URL Fragment Text Directives, WICG, section
// 3.3), or -1. What follows it is read by browsers, not by the page: a
// text directive ("#:~:text=foo%2Dbar") percent-encodes "-", "&" and ","
// because they are its own syntax, so "%2D" there is not the "-" that
// section 6.2.2.2 makes it equivalent to.
func fragmentDirective(fragment string) int {
	return strings.Index(fragment, ":~:")
}

func isLowerHex(c byte) bool { return c >= 'a' && c <= 'f' }

// idnFinding returns the malformed finding for the invalid host label
// that checkHost found.
func idnFinding(s string, h *idnHost) Finding {
	e := &Error{Input: s, Offset: h.off, Component: ComponentHost, Err: ErrInvalidIDN, Detail: h.detail}
	return Finding{
		Category: CategoryMalformed,
		Start:    h.off,
		End:      h.end,
		Message:  fmt.Sprintf("%q is not a valid URI reference: %s", s, e.Reason()),
		Err:      ErrInvalidIDN,
	}
}

// nfcFinding appends the not-nfc finding for s, which is not in NFC,
// with a fix for the segments that NFC changes safely (see nfcSafe).
func nfcFinding(s string, out []Finding) []Finding {
	var fd Finding
	var what string
	var edits []Edit
	n := 0
	pwStart, pwEnd, pw := passwordSpan(s)
	nfcChanges(s, func(start, end int, nfc string, safe bool) {
		if n == 0 && pw && start < pwEnd && pwStart < end {
			// Say where, not what: the text is part of a password.
			fd.Start, fd.End = start, end
			what = "the password is not in Unicode Normalization Form C"
		} else if n == 0 {
			fd.Start, fd.End = start, end
			what = fmt.Sprintf("%s is not in Unicode Normalization Form C and should be %s", strconv.QuoteToASCII(s[start:end]), strconv.QuoteToASCII(nfc))
			if !safe {
				what = fmt.Sprintf("%s is not in Unicode Normalization Form C, but its NFC form %s would change the syntax of the reference", strconv.QuoteToASCII(s[start:end]), strconv.QuoteToASCII(nfc))
			}
		}
		n++
		if safe {
			edits = append(edits, Edit{start, end, nfc})
		}
	})
	if n == 0 {
		return out
	}
	if n > 1 {
		what += fmt.Sprintf(" (and %d more)", n-1)
	}
	fd.Category = CategoryNotNFC
	fd.Message = fmt.Sprintf("%q is not normalized: %s", s, what)
	fd.Fix = edits
	return append(out, fd)
}

// checkIRI appends the findings about the characters outside ASCII in s,
// parsed into u, whose host checkHost processed into h; iri tells that s
// is not ASCII.
func checkIRI(s string, u *URI, h *idnHost, iri bool, out []Finding) []Finding {
	out = checkMixedScript(s, u, h, out)
	if !iri {
		return out
	}
	out = checkBidiControls(s, out)
	if h.ascii != "" && hasNonASCII(u.Host) {
		// UTS #46 maps fullwidth digits and dots to ASCII ones:
		// "１２７．０．０．１" is 127.0.0.1 to a resolver.
		if addr, ok := inetAton(h.ascii); ok {
			start, end := u.Span(ComponentHost)
			out = append(out, Finding{
				Category: CategoryIPv4Form,
				Start:    start, End: end,
				Message: fmt.Sprintf("%q has host %q, which UTS #46 maps to %q, the IPv4 address %d.%d.%d.%d: filters that compare the host as text miss it",
					s, u.Host, h.ascii, addr>>24, addr>>16&255, addr>>8&255, addr&255),
			})
		}
	}
	// RFC 3987 section 3.1: the URI form.
	host := ""
	if hasNonASCII(u.Host) {
		host = h.ascii
		if pctHigh(u.Host) {
			// As ToURI: percent-encoded labels are IDNs too.
			lh := checkHost(s, u, true)
			host = lh.ascii
		}
	}
	edits := uriFormEdits(s, u, host, nil)
	if edits == nil {
		return out // not reached: an IRI has something to map
	}
	return append(out, Finding{
		Category: CategoryIRI,
		Start:    edits[0].Start,
		End:      edits[0].End,
		Message:  fmt.Sprintf("%q is an IRI; its URI form is %q", s, Redact(ApplyEdits(s, edits))),
		Fix:      edits,
	})
}

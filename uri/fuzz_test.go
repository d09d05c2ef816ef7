package uri

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Appendix A transcribed as a regular expression, rule by rule, as an
// independent reference for the hand-written parser. It lives in the test
// only: the package itself has one grammar, the parser.
const (
	reUnreserved  = `A-Za-z0-9\-._~`
	reSubDelims   = `!$&'()*+,;=`
	rePct         = `%[0-9A-Fa-f]{2}`
	rePchar       = `(?:[` + reUnreserved + reSubDelims + `:@]|` + rePct + `)`
	reSegment     = rePchar + `*`
	reSegmentNZ   = rePchar + `+`
	reSegmentNZNC = `(?:[` + reUnreserved + reSubDelims + `@]|` + rePct + `)+`
	reQuery       = `(?:` + rePchar + `|[/?])*`
	reScheme      = `[A-Za-z][A-Za-z0-9+\-.]*`
	reUserinfo    = `(?:[` + reUnreserved + reSubDelims + `:]|` + rePct + `)*`
	reDecOctet    = `(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])`
	reIPv4        = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	reH16         = `[0-9A-Fa-f]{1,4}`
	reLs32        = `(?:` + reH16 + `:` + reH16 + `|` + reIPv4 + `)`
	reIPv6        = `(?:` +
		`(?:` + reH16 + `:){6}` + reLs32 +
		`|::(?:` + reH16 + `:){5}` + reLs32 +
		`|(?:` + reH16 + `)?::(?:` + reH16 + `:){4}` + reLs32 +
		`|(?:(?:` + reH16 + `:){0,1}` + reH16 + `)?::(?:` + reH16 + `:){3}` + reLs32 +
		`|(?:(?:` + reH16 + `:){0,2}` + reH16 + `)?::(?:` + reH16 + `:){2}` + reLs32 +
		`|(?:(?:` + reH16 + `:){0,3}` + reH16 + `)?::` + reH16 + `:` + reLs32 +
		`|(?:(?:` + reH16 + `:){0,4}` + reH16 + `)?::` + reLs32 +
		`|(?:(?:` + reH16 + `:){0,5}` + reH16 + `)?::` + reH16 +
		`|(?:(?:` + reH16 + `:){0,6}` + reH16 + `)?::` +
		`)`
	reIPvFuture    = `[vV][0-9A-Fa-f]+\.[` + reUnreserved + reSubDelims + `:]+`
	reIPLiteral    = `\[(?:` + reIPv6 + `|` + reIPvFuture + `)\]`
	reRegName      = `(?:[` + reUnreserved + reSubDelims + `]|` + rePct + `)*`
	reHost         = `(?:` + reIPLiteral + `|` + reIPv4 + `|` + reRegName + `)`
	reAuthority    = `(?:` + reUserinfo + `@)?` + reHost + `(?::[0-9]*)?`
	rePathAbempty  = `(?:/` + reSegment + `)*`
	rePathAbsolute = `/(?:` + reSegmentNZ + `(?:/` + reSegment + `)*)?`
	rePathNoscheme = reSegmentNZNC + `(?:/` + reSegment + `)*`
	rePathRootless = reSegmentNZ + `(?:/` + reSegment + `)*`
	reHierPart     = `(?://` + reAuthority + rePathAbempty + `|` + rePathAbsolute + `|` + rePathRootless + `|)`
	reRelativePart = `(?://` + reAuthority + rePathAbempty + `|` + rePathAbsolute + `|` + rePathNoscheme + `|)`
	reTail         = `(?:\?` + reQuery + `)?(?:#` + reQuery + `)?`
	reURIReference = `^(?:` + reScheme + `:` + reHierPart + reTail + `|` + reRelativePart + reTail + `)$`
)

var appendixA = regexp.MustCompile(reURIReference)

func fuzzSeeds(f *testing.F) {
	for _, tt := range validTests {
		f.Add(tt.in)
	}
	for _, tt := range invalidTests {
		f.Add(tt.in)
	}
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	for _, tt := range checkTests {
		f.Add(tt.in)
	}
	for _, s := range benchURIs {
		f.Add(s)
	}
}

func TestAppendixARegexp(t *testing.T) {
	for _, tt := range validTests {
		if !appendixA.MatchString(tt.in) {
			t.Errorf("Appendix A regexp rejects %q", tt.in)
		}
	}
	for _, tt := range invalidTests {
		if tt.cause != nil && appendixA.MatchString(tt.in) {
			t.Errorf("Appendix A regexp accepts %q", tt.in)
		}
	}
}

// FuzzParse checks the parser against the Appendix A regexp and the
// properties that the rest of urilint relies on.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if want := appendixA.MatchString(s); (err == nil) != want {
			t.Fatalf("Parse(%q) error = %v, but the Appendix A regexp says valid=%v", s, err, want)
		}
		if err != nil {
			e := err.(*Error)
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q): offset %d out of range", s, e.Offset)
			}
			if Valid(s) {
				t.Fatalf("Valid(%q) = true, Parse says %v", s, err)
			}
			checkFindings(t, s)
			if r, ok := Repair(s); ok && !Valid(r) {
				t.Fatalf("Repair(%q) = %q, which is not valid", s, r)
			}
			return
		}
		if got := u.String(); got != s {
			t.Fatalf("Parse(%q).String() = %q", s, got)
		}
		n, err := Normalize(s)
		if err != nil {
			t.Fatalf("Normalize(%q): %v", s, err)
		}
		if !Valid(n) {
			t.Fatalf("Normalize(%q) = %q, which is not valid", s, n)
		}
		if n2, _ := Normalize(n); n2 != n {
			t.Fatalf("Normalize is not idempotent: %q -> %q -> %q", s, n, n2)
		}
		checkFindings(t, s)
	})
}

// checkFindings checks that Check's findings lie inside s and that their
// fixes, applied together, give a valid reference.
func checkFindings(t *testing.T, s string) {
	fs := Check(s)
	var edits []Edit
	for _, f := range fs {
		if f.Start < 0 || f.End < f.Start || f.End > len(s) {
			t.Fatalf("Check(%q): finding %+v outside the input", s, f)
		}
		if f.Message == "" || f.Category == "" {
			t.Fatalf("Check(%q): finding %+v without message or category", s, f)
		}
		if f.Category == CategoryMalformed || strings.HasPrefix(string(f.Category), "percent") {
			edits = append(edits, f.Fix...)
		}
	}
	if len(edits) == 0 || len(fs) >= maxMalformed {
		return // beyond maxMalformed, a second run shows the rest
	}
	slices.SortFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
	for i := 1; i < len(edits); i++ {
		if edits[i].Start < edits[i-1].End {
			return // overlapping fixes are applied one at a time by drivers
		}
	}
	if fixed := ApplyEdits(s, edits); Valid(s) != Valid(fixed) && !Valid(fixed) {
		t.Fatalf("Check(%q): fixes give %q, which is not valid", s, fixed)
	}
}

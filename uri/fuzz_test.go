package uri

import (
	"errors"
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
		// Escape takes any Component, in range or not, and never panics.
		c := Component(len(s) % 10)
		if back, err := Unescape(Escape(s, c)); err != nil || back != s {
			t.Fatalf("Unescape(Escape(%q, %v)) = %q, %v", s, c, back, err)
		}
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
		if f.Category == CategoryMalformed || f.Category == CategoryIRI || strings.HasPrefix(string(f.Category), "percent") {
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
	fixed := ApplyEdits(s, edits)
	if Valid(s) != Valid(fixed) && !Valid(fixed) {
		t.Fatalf("Check(%q): fixes give %q, which is not valid", s, fixed)
	}
	if _, err := (Options{IRI: true}).Parse(s); err == nil {
		if _, err := (Options{IRI: true}).Parse(fixed); err != nil {
			t.Fatalf("Check(%q): fixes give %q, which is no IRI: %v", s, fixed, err)
		}
	}
}

func iriSeeds(f *testing.F) {
	for _, tt := range iriTests {
		f.Add(tt.in)
		f.Add(tt.uri)
	}
	for _, tt := range iriInvalidTests {
		f.Add(tt.in)
	}
	for _, tt := range toIRITests {
		f.Add(tt.in)
	}
	for _, tt := range iriCheckTests {
		f.Add(tt.in)
	}
	for _, tt := range iriNormalizeTests {
		f.Add(tt.in)
	}
	for _, tt := range iriEquivalentTests {
		f.Add(tt.a)
		f.Add(tt.b)
	}
	for _, tt := range punycodeSamples {
		f.Add("http://" + tt.unicode + "/")
		f.Add("http://xn--" + tt.punycode + "/")
	}
	for _, tt := range uts46Tests {
		f.Add("https://" + tt.host + "/")
	}
}

// FuzzIRI checks the IRI side of the package: no input makes it panic;
// Options{IRI: true}.Parse accepts every URI and agrees with ToURI, ToIRI
// and Check; every IRI's URI form is a URI that maps back to an
// equivalent IRI; Check never calls an ASCII URI an IRI.
func FuzzIRI(f *testing.F) {
	iriSeeds(f)
	fuzzSeeds(f)
	o := Options{IRI: true}
	f.Fuzz(func(t *testing.T, s string) {
		fs := Check(s)
		checkFindings(t, s)
		u, err := o.Parse(s)
		asURI, errURI := ToURI(s)
		_, errIRI := ToIRI(s)
		if (err == nil) != (errURI == nil) || (err == nil) != (errIRI == nil) {
			t.Fatalf("Options{IRI}.Parse(%q) error = %v, but ToURI: %v, ToIRI: %v", s, err, errURI, errIRI)
		}
		if Valid(s) {
			if err != nil {
				t.Fatalf("Options{IRI}.Parse(%q) = %v, but it is a URI", s, err)
			}
			if asURI != s {
				t.Fatalf("ToURI(%q) = %q, want the URI itself", s, asURI)
			}
		}
		if err != nil {
			for _, f := range fs {
				// A doubled scheme is seen before the parse, and said
				// beside the grammar's findings.
				if f.Category != CategoryMalformed && f.Category != CategoryDoubledScheme {
					t.Fatalf("Check(%q) has %s for a string that is no IRI (%v)", s, f.Category, err)
				}
			}
			if len(fs) == 0 {
				t.Fatalf("Check(%q) reports nothing, but Options{IRI}.Parse says %v", s, err)
			}
			return
		}
		if got := u.String(); got != s {
			t.Fatalf("Options{IRI}.Parse(%q).String() = %q", s, got)
		}
		iri, malformed, doubled := false, false, false
		for _, f := range fs {
			switch f.Category {
			case CategoryDoubledScheme:
				// The rest is checked once the first scheme is gone.
				doubled = true
			case CategoryIRI:
				iri = true
				if fixed := ApplyEdits(s, f.Fix); fixed != asURI {
					t.Fatalf("Check(%q): the iri fix gives %q, ToURI %q", s, fixed, asURI)
				}
			case CategoryMalformed:
				malformed = true
				if !errors.Is(f.Err, ErrInvalidIDN) {
					t.Fatalf("Check(%q): malformed %v for a valid IRI", s, f.Err)
				}
			}
		}
		if !doubled && iri != (hasNonASCII(s) && !malformed) {
			t.Fatalf("Check(%q) reports iri = %v; want it exactly for the IRIs that are no URIs", s, iri)
		}
		if !Valid(asURI) {
			t.Fatalf("ToURI(%q) = %q, which is not a URI", s, asURI)
		}
		back, err := ToIRI(asURI)
		if err != nil {
			t.Fatalf("ToIRI(%q): %v", asURI, err)
		}
		for _, p := range [][2]string{{s, asURI}, {s, back}} {
			if eq, err := o.Equivalent(p[0], p[1], LevelSchemeBased); err != nil || !eq {
				t.Fatalf("Options{IRI}.Equivalent(%q, %q, LevelSchemeBased) = %v, %v; want equivalent (ToURI %q)", p[0], p[1], eq, err, asURI)
			}
		}
		n, err := o.Normalize(s)
		if err != nil {
			t.Fatalf("Options{IRI}.Normalize(%q): %v", s, err)
		}
		if n2, err := o.Normalize(n); err != nil || n2 != n {
			t.Fatalf("Options{IRI}.Normalize is not idempotent: %q -> %q -> %q, %v", s, n, n2, err)
		}
	})
}

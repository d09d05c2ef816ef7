package uri

import "fmt"

// Level is a rung of the comparison ladder of RFC 3986 section 6.2. Two
// URIs equivalent at one rung are equivalent at every higher rung, which
// may find more pairs equivalent (fewer false negatives, section 6.1).
type Level int

const (
	// LevelSimpleString compares the URIs as written, character for character
	// (section 6.2.1: "If two URIs, considered as character strings, are
	// identical, then it is safe to conclude that they are equivalent").
	LevelSimpleString Level = iota
	// LevelSyntaxBased compares the URIs after the normalizations of section
	// 6.2.2: case (scheme, host, percent-encoding hex digits),
	// percent-encoded unreserved characters, and dot segments.
	LevelSyntaxBased
	// LevelSchemeBased adds the normalizations of section 6.2.3 for the schemes
	// this package knows: an empty or default port is dropped, and an
	// empty path after an authority is "/" for http, https, ws and wss.
	LevelSchemeBased
)

var levelNames = [...]string{"simple-string", "syntax-based", "scheme-based"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// rules returns the normalization rules that level l applies.
func (l Level) rules() (Rule, bool) {
	// No level has RuleNFC: RFC 3987 section 5.3.2.2, "Equivalence of
	// IRIs MUST rely on the assumption that IRIs are appropriately
	// pre-character-normalized rather than apply character normalization
	// when comparing two IRIs."
	const syntax = RuleSchemeCase | RuleHostCase | RulePercentCase | RulePercentUnreserved | RuleDotSegments
	switch l {
	case LevelSimpleString:
		return 0, true
	case LevelSyntaxBased:
		return syntax, true
	case LevelSchemeBased:
		return syntax | RuleEmptyPort | RuleDefaultPort | RuleEmptyPath, true
	}
	return 0, false
}

// Equivalent reports whether the URI references a and b are equivalent
// at the given level of the section 6.2 ladder, fragments included: "#"
// with an empty fragment differs from no "#" (section 6.2.3). Where a
// comparison selects a network action, section 6.1 advises leaving the
// fragment out: cut it from both first (strings.Cut(s, "#")).
//
// Both must be URI references; the error is the *Error of the first that
// is not. Relative references are compared as they stand, without dot
// segment removal; section 6.1 says to resolve them first (see Resolve).
// When both are already normal at the level, Equivalent allocates nothing.
func Equivalent(a, b string, level Level) (bool, error) { return Options{}.Equivalent(a, b, level) }

// Equivalent is the package's Equivalent under the options o. With o.IRI
// it compares IRIs as RFC 3987 section 5.3 does, by their URI forms: from
// LevelSyntaxBased up, the characters of an IRI outside ASCII are
// percent-encoded as UTF-8 (section 3.1) before the normalizations of RFC
// 3986 (section 5.3.2.3); at LevelSchemeBased host labels outside ASCII,
// written or percent-encoded, become A-labels (UTS #46 ToASCII), as a
// resolver sees them. So an IRI is equivalent to its ToURI form at
// LevelSyntaxBased when its host is ASCII, and at LevelSchemeBased
// otherwise. No level puts text in NFC: section 5.3.2.2 has equivalence
// assume IRIs already are, "rather than apply character normalization
// when comparing"; RuleNFC and Check's not-nfc are for producing them.
func (o Options) Equivalent(a, b string, level Level) (bool, error) {
	rules, ok := level.rules()
	if !ok {
		return false, fmt.Errorf("uri: unknown comparison level %d", int(level))
	}
	ca, err := o.comparable(a, rules, level >= LevelSchemeBased)
	if err != nil {
		return false, err
	}
	cb, err := o.comparable(b, rules, level >= LevelSchemeBased)
	if err != nil {
		return false, err
	}
	return ca == cb, nil
}

// comparable returns the form of s that Equivalent compares under rules;
// idn maps host names to A-labels. It returns s itself, without
// allocating, when s is an ASCII URI already normal under rules.
func (o Options) comparable(s string, rules Rule, idn bool) (string, error) {
	var u URI
	var f failure
	m := o.mode()
	if !parseWith(s, &u, &f, m) {
		return "", f.err("parse", s)
	}
	if rules == 0 {
		return s, nil
	}
	if f.iri || idn && u.HostKind == HostRegName && pctHigh(u.Host) {
		host := ""
		switch {
		case idn:
			h := checkHost(s, &u, true)
			host = h.ascii
		case hasNonASCII(u.Host):
			host = pctNonASCII(u.Host)
		}
		s, u, f = ApplyEdits(s, uriFormEdits(s, &u, host, nil)), URI{}, failure{}
		if !parseWith(s, &u, &f, m&^modeIRI) {
			// Not reached: the URI form of an IRI is a URI.
			return "", f.err("parse", s)
		}
	}
	return normalizeWith(s, &u, rules, lookupScheme(u.Scheme), false), nil
}

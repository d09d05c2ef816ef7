package uri

import "fmt"

// Level is a rung of the comparison ladder of RFC 3986 section 6.2. Two
// URIs equivalent at one rung are equivalent at every higher rung, which
// may find more pairs equivalent (fewer false negatives, section 6.1).
type Level int

const (
	// SimpleString compares the URIs as written, character for character
	// (section 6.2.1: "If two URIs, considered as character strings, are
	// identical, then it is safe to conclude that they are equivalent").
	SimpleString Level = iota
	// SyntaxBased compares the URIs after the normalizations of section
	// 6.2.2: case (scheme, host, percent-encoding hex digits),
	// percent-encoded unreserved characters, and dot segments.
	SyntaxBased
	// SchemeBased adds the normalizations of section 6.2.3 for the schemes
	// this package knows: an empty or default port is dropped, and an
	// empty path after an authority is "/" for http, https, ws and wss.
	SchemeBased
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
	const syntax = RuleSchemeCase | RuleHostCase | RulePercentCase | RulePercentUnreserved | RuleDotSegments
	switch l {
	case SimpleString:
		return 0, true
	case SyntaxBased:
		return syntax, true
	case SchemeBased:
		return syntax | RuleEmptyPort | RuleDefaultPort | RuleEmptyPath, true
	}
	return 0, false
}

// Equivalent reports whether the URI references a and b are equivalent
// at the given level of the section 6.2 ladder. With ignoreFragment, the
// fragments and their "#" are left out of the comparison, as section 6.1
// advises when a comparison selects a network action; otherwise "#" with
// an empty fragment differs from no "#" (section 6.2.3).
//
// Both must be URI references; the error is the *Error of the first that
// is not. Relative references are compared as they stand, without dot
// segment removal; section 6.1 says to resolve them first (see Resolve).
// When both are already normal at the level, Equivalent allocates nothing.
//
// The arguments are plain values rather than an options struct because
// there are only two knobs and the call reads well as is:
// Equivalent(a, b, SyntaxBased, true).
func Equivalent(a, b string, level Level, ignoreFragment bool) (bool, error) {
	rules, ok := level.rules()
	if !ok {
		return false, fmt.Errorf("uri: unknown comparison level %d", int(level))
	}
	var ua, ub URI
	if err := parse(a, &ua); err != nil {
		return false, err
	}
	if err := parse(b, &ub); err != nil {
		return false, err
	}
	if ignoreFragment {
		a = dropFragment(a, &ua)
		b = dropFragment(b, &ub)
	}
	if rules == 0 {
		return a == b, nil
	}
	return normalizeParsed(a, &ua, rules) == normalizeParsed(b, &ub, rules), nil
}

// dropFragment removes the fragment and its "#" from s, parsed as u.
func dropFragment(s string, u *URI) string {
	if !u.HasFragment {
		return s
	}
	s = s[:len(s)-len(u.Fragment)-1]
	u.Fragment, u.HasFragment = "", false
	return s
}

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
func Equivalent(a, b string, level Level) (bool, error) {
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
	if rules == 0 {
		return a == b, nil
	}
	return normalizeParsed(a, &ua, rules) == normalizeParsed(b, &ub, rules), nil
}

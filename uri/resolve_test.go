package uri

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// rfcBase is the base URI of the examples of RFC 3986 section 5.4.
const rfcBase = "http://a/b/c/d;p?q"

type resolveTest struct {
	base, ref, want string
	section         string
}

var resolveTests = []resolveTest{
	// Section 5.4.1, normal examples.
	{rfcBase, "g:h", "g:h", "5.4.1"},
	{rfcBase, "g", "http://a/b/c/g", "5.4.1"},
	{rfcBase, "./g", "http://a/b/c/g", "5.4.1"},
	{rfcBase, "g/", "http://a/b/c/g/", "5.4.1"},
	{rfcBase, "/g", "http://a/g", "5.4.1"},
	{rfcBase, "//g", "http://g", "5.4.1"},
	{rfcBase, "?y", "http://a/b/c/d;p?y", "5.4.1"},
	{rfcBase, "g?y", "http://a/b/c/g?y", "5.4.1"},
	{rfcBase, "#s", "http://a/b/c/d;p?q#s", "5.4.1"},
	{rfcBase, "g#s", "http://a/b/c/g#s", "5.4.1"},
	{rfcBase, "g?y#s", "http://a/b/c/g?y#s", "5.4.1"},
	{rfcBase, ";x", "http://a/b/c/;x", "5.4.1"},
	{rfcBase, "g;x", "http://a/b/c/g;x", "5.4.1"},
	{rfcBase, "g;x?y#s", "http://a/b/c/g;x?y#s", "5.4.1"},
	{rfcBase, "", "http://a/b/c/d;p?q", "5.4.1"},
	{rfcBase, ".", "http://a/b/c/", "5.4.1"},
	{rfcBase, "./", "http://a/b/c/", "5.4.1"},
	{rfcBase, "..", "http://a/b/", "5.4.1"},
	{rfcBase, "../", "http://a/b/", "5.4.1"},
	{rfcBase, "../g", "http://a/b/g", "5.4.1"},
	{rfcBase, "../..", "http://a/", "5.4.1"},
	{rfcBase, "../../", "http://a/", "5.4.1"},
	{rfcBase, "../../g", "http://a/g", "5.4.1"},

	// Section 5.4.2, abnormal examples.
	{rfcBase, "../../../g", "http://a/g", "5.4.2"},
	{rfcBase, "../../../../g", "http://a/g", "5.4.2"},
	{rfcBase, "/./g", "http://a/g", "5.4.2"},
	{rfcBase, "/../g", "http://a/g", "5.4.2"},
	{rfcBase, "g.", "http://a/b/c/g.", "5.4.2"},
	{rfcBase, ".g", "http://a/b/c/.g", "5.4.2"},
	{rfcBase, "g..", "http://a/b/c/g..", "5.4.2"},
	{rfcBase, "..g", "http://a/b/c/..g", "5.4.2"},
	{rfcBase, "./../g", "http://a/b/g", "5.4.2"},
	{rfcBase, "./g/.", "http://a/b/c/g/", "5.4.2"},
	{rfcBase, "g/./h", "http://a/b/c/g/h", "5.4.2"},
	{rfcBase, "g/../h", "http://a/b/c/h", "5.4.2"},
	{rfcBase, "g;x=1/./y", "http://a/b/c/g;x=1/y", "5.4.2"},
	{rfcBase, "g;x=1/../y", "http://a/b/c/y", "5.4.2"},
	{rfcBase, "g?y/./x", "http://a/b/c/g?y/./x", "5.4.2"},
	{rfcBase, "g?y/../x", "http://a/b/c/g?y/../x", "5.4.2"},
	{rfcBase, "g#s/./x", "http://a/b/c/g#s/./x", "5.4.2"},
	{rfcBase, "g#s/../x", "http://a/b/c/g#s/../x", "5.4.2"},
	{rfcBase, "http:g", "http:g", "5.4.2 (strict parser)"},

	// Section 5.2.2: empty components are defined and kept.
	{rfcBase, "?", "http://a/b/c/d;p?", "5.2.2 (empty query replaces the base's)"},
	{rfcBase, "#", "http://a/b/c/d;p?q#", "5.2.2 (empty fragment)"},
	{rfcBase, "g#", "http://a/b/c/g#", "5.2.2 (empty fragment)"},
	{rfcBase, "?#", "http://a/b/c/d;p?#", "5.2.2"},
	// Section 5.2.2: a reference with an authority or a scheme has its
	// own dot segments removed, and nothing else changes.
	{rfcBase, "//g/./h/../i?j#k", "http://g/i?j#k", "5.2.2 (R.authority)"},
	{rfcBase, "//g", "http://g", "5.2.2 (R.authority, empty path)"},
	{rfcBase, "g:./h", "g:h", "5.2.2 (R.scheme)"},
	{rfcBase, "HTTP://A/./b/%7e", "HTTP://A/b/%7e", "5.2.2 (target not normalized)"},
	{rfcBase, "%2e%2e/g", "http://a/b/c/%2e%2e/g", "5.2.4 (only literal dot segments)"},
	{rfcBase, "/a/b/../../../g", "http://a/g", "5.2.4 (beyond the root)"},
	{rfcBase, "/..", "http://a/", "5.2.4 (beyond the root)"},
	{"http://a/b", "../../../../g", "http://a/g", "5.4.2 (beyond the root)"},
	{"http://a/b", "../../..", "http://a/", "5.4.2 (beyond the root)"},

	// Section 5.2.3, first case: base with an authority and an empty path.
	{"http://a", "g", "http://a/g", "5.2.3"},
	{"http://a", "", "http://a", "5.2.3"},
	{"http://a", "?y", "http://a?y", "5.2.3"},
	{"http://a", ".", "http://a/", "5.2.3"},
	{"http://a", "../g", "http://a/g", "5.2.3"},
	{"http://a?q", "#f", "http://a?q#f", "5.2.3"},
	{"file://", "etc/hosts", "file:///etc/hosts", "5.2.3 (empty authority)"},
	// Section 5.2.3, second case: everything up to the last "/".
	{"http://u@a:8/b/c", "d", "http://u@a:8/b/d", "5.2.3"},
	{"http://[::1]/a", "b", "http://[::1]/b", "5.2.3"},
	{"http://a/b/", "c", "http://a/b/c", "5.2.3"},
	{"http://a//b", "c", "http://a//c", "5.2.3"},

	// Section 5.2.1: only the scheme is required in a base.
	{"mailto:x@example.com", "y@example.com", "mailto:y@example.com", "5.2.1 (no authority)"},
	{"mailto:x", "#f", "mailto:x#f", "5.2.1"},
	{"mailto:x", "?subject=hi", "mailto:x?subject=hi", "5.2.1"},
	{"urn:a:b", "c", "urn:c", "5.2.3 (no \"/\" in the base path)"},
	{"urn:a:b", "", "urn:a:b", "5.2.1"},
	{"urn:a:b", "./c:d", "urn:c:d", "5.2.3"},
	{"urn:a:b", "..", "urn:", "5.2.4"},
	{"foo:", "g", "foo:g", "5.2.3 (empty path, no authority)"},
	{"foo:", "", "foo:", "5.2.1"},
	{"A:.", "", "A:.", "5.2.2 (\"T.path = Base.path\", dot segments and all)"},
	{"foo:a/./b/../c?q", "?r", "foo:a/./b/../c?r", "5.2.2 (\"T.path = Base.path\")"},
	{"foo:a/./b/../c?q", "d", "foo:a/d", "5.2.3"},
	{"foo:/", "g", "foo:/g", "5.2.3"},
	{"foo:a/b", "/c", "foo:/c", "5.2.2"},
	// Section 5.1: a fragment of the base is stripped.
	{"http://a/b#f", "", "http://a/b", "5.1 (base fragment ignored)"},
	{"http://a/b#f", "#g", "http://a/b#g", "5.1"},
	{"http://a/b?q#f", "c", "http://a/c", "5.1"},

	// Section 3.3: a path that begins with "//" needs an authority, so a
	// target without one gets "/." in front of such a path.
	{"foo:/a/b", "/..//g", "foo:/.//g", "3.3 (\"//\" without authority)"},
	{"foo:", ".///g", "foo:/.//g", "3.3"},
	{"foo:a", "..//g", "foo:/g", "3.3"},
	{rfcBase, "foo:.///g", "foo:/.//g", "3.3"},
	{"foo:/.//g", "h", "foo:/.//h", "3.3"},
	{"foo:/.//g", "", "foo:/.//g", "3.3"},
	{"foo:/.//g", "..", "foo:/", "3.3"},
	{"http://a/b/c", "..//g", "http://a//g", "3.3 (with an authority \"//\" stays)"},
}

func TestResolve(t *testing.T) {
	for _, tt := range resolveTests {
		got, err := Resolve(tt.base, tt.ref)
		if err != nil {
			t.Errorf("Resolve(%q, %q): %v (section %s)", tt.base, tt.ref, err, tt.section)
			continue
		}
		if got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q (section %s)", tt.base, tt.ref, got, tt.want, tt.section)
		}
		if !Valid(got) {
			t.Errorf("Resolve(%q, %q) = %q, which does not parse", tt.base, tt.ref, got)
		}
		if want := referenceResolve(tt.base, tt.ref); got != want {
			t.Errorf("Resolve(%q, %q) = %q, but the transcription of section 5.2 gives %q", tt.base, tt.ref, got, want)
		}
	}
}

func TestResolveReference(t *testing.T) {
	for _, tt := range resolveTests {
		b, err := Parse(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(tt.ref)
		if err != nil {
			t.Fatal(err)
		}
		bs, rs := *b, *r
		if got := b.ResolveReference(r).String(); got != tt.want {
			t.Errorf("Parse(%q).ResolveReference(Parse(%q)) = %q, want %q (section %s)", tt.base, tt.ref, got, tt.want, tt.section)
		}
		if *b != bs || *r != rs {
			t.Errorf("Parse(%q).ResolveReference(Parse(%q)) modified its operands", tt.base, tt.ref)
		}
	}
}

var resolveErrorTests = []struct {
	base, ref string
	inBase    bool
	cause     error
	offset    int
	section   string
}{
	{"", "g", true, ErrMissingScheme, 0, "5.2.1 (base must have a scheme)"},
	{"a/b", "g", true, ErrMissingScheme, 0, "5.2.1"},
	{"//a/b", "g", true, ErrMissingScheme, 0, "5.2.1"},
	{"#f", "g", true, ErrMissingScheme, 0, "5.2.1"},
	{"http://a b/", "g", true, ErrInvalidChar, 8, "3.2.2"},
	{"http://a:x/", "g", true, ErrInvalidPort, 9, "3.2.3"},
	{rfcBase, "a b", false, ErrInvalidChar, 1, "4.1"},
	{rfcBase, "a:b:c d", false, ErrInvalidChar, 5, "4.1"},
	{rfcBase, "1a:b", false, ErrInvalidScheme, 0, "3.1"},
	{rfcBase, "%zz", false, ErrInvalidEscape, 0, "2.1"},
	{"a b", "c d", true, ErrInvalidChar, 1, "the base is checked first"},
}

func TestResolveError(t *testing.T) {
	for _, tt := range resolveErrorTests {
		got, err := Resolve(tt.base, tt.ref)
		if err == nil {
			t.Errorf("Resolve(%q, %q) = %q, want an error (section %s)", tt.base, tt.ref, got, tt.section)
			continue
		}
		if !errors.Is(err, tt.cause) {
			t.Errorf("Resolve(%q, %q) error %q does not wrap %q", tt.base, tt.ref, err, tt.cause)
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("Resolve(%q, %q) error %q wraps no *Error", tt.base, tt.ref, err)
			continue
		}
		wantInput := tt.ref
		if tt.inBase {
			wantInput = tt.base
		}
		if pe.Op != "resolve" || pe.Input != wantInput || pe.Offset != tt.offset {
			t.Errorf("Resolve(%q, %q) error: Op %q at %q offset %d, want Op \"resolve\" at %q offset %d", tt.base, tt.ref, pe.Op, pe.Input, pe.Offset, wantInput, tt.offset)
		}
	}
}

func TestResolveErrorMessage(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"a/b", "g", `resolve "a/b": missing scheme (base must be an absolute URI) at offset 0`},
		{rfcBase, "a b", `resolve "a b": invalid character ' ' in path at offset 1`},
		{"http://u:secret@h/", "a b", `resolve "a b": invalid character ' ' in path at offset 1`},
		{"http://u:secret@h b/", "g", `resolve "http://u:***@h b/": invalid character ' ' in host at offset 17`},
	} {
		_, err := Resolve(tt.base, tt.ref)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Resolve(%q, %q) error = %v, want %q", tt.base, tt.ref, err, tt.want)
		}
	}
}

// appendixB is the regular expression of RFC 3986 Appendix B, which
// splits a well-formed URI reference into its five components.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// components are the five components of section 3, with "defined"
// flags as in the pseudocode of section 5.2.2.
type components struct {
	scheme, authority, path, query, fragment   string
	hasScheme, hasAuthority, hasQuery, hasFrag bool
}

func splitAppendixB(s string) components {
	m := appendixB.FindStringSubmatchIndex(s)
	part := func(i int) (string, bool) {
		if m[2*i] < 0 {
			return "", false
		}
		return s[m[2*i]:m[2*i+1]], true
	}
	var c components
	c.scheme, c.hasScheme = part(2)
	c.authority, c.hasAuthority = part(4)
	c.path, _ = part(5)
	c.query, c.hasQuery = part(7)
	c.fragment, c.hasFrag = part(9)
	return c
}

// referenceResolve is a second, literal transcription of section 5.2
// over the Appendix B split, to test resolve against. Like Resolve it
// writes "/." before a path that begins with "//" without an authority.
func referenceResolve(base, ref string) string {
	b, r := splitAppendixB(base), splitAppendixB(ref)
	var t components
	if r.hasScheme {
		t = r
		t.path = literalRemoveDotSegments(r.path)
	} else {
		if r.hasAuthority {
			t = r
			t.path = literalRemoveDotSegments(r.path)
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = literalRemoveDotSegments(r.path)
				} else {
					var merged string
					if b.hasAuthority && b.path == "" {
						merged = "/" + r.path
					} else if i := strings.LastIndex(b.path, "/"); i >= 0 {
						merged = b.path[:i+1] + r.path
					} else {
						merged = r.path
					}
					t.path = literalRemoveDotSegments(merged)
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			t.authority, t.hasAuthority = b.authority, b.hasAuthority
		}
		t.scheme, t.hasScheme = b.scheme, b.hasScheme
	}
	t.fragment, t.hasFrag = r.fragment, r.hasFrag
	if !t.hasAuthority && strings.HasPrefix(t.path, "//") {
		t.path = "/." + t.path
	}
	// Section 5.3.
	result := ""
	if t.hasScheme {
		result += t.scheme + ":"
	}
	if t.hasAuthority {
		result += "//" + t.authority
	}
	result += t.path
	if t.hasQuery {
		result += "?" + t.query
	}
	if t.hasFrag {
		result += "#" + t.fragment
	}
	return result
}

// literalRemoveDotSegments follows the steps of section 5.2.4 word for
// word, with string buffers.
func literalRemoveDotSegments(input string) string {
	output := ""
	removeLast := func() {
		if i := strings.LastIndex(output, "/"); i >= 0 {
			output = output[:i]
		} else {
			output = ""
		}
	}
	for input != "" {
		switch {
		case strings.HasPrefix(input, "../"):
			input = strings.TrimPrefix(input, "../")
		case strings.HasPrefix(input, "./"):
			input = strings.TrimPrefix(input, "./")
		case strings.HasPrefix(input, "/./"):
			input = "/" + strings.TrimPrefix(input, "/./")
		case input == "/.":
			input = "/"
		case strings.HasPrefix(input, "/../"):
			input = "/" + strings.TrimPrefix(input, "/../")
			removeLast()
		case input == "/..":
			input = "/"
			removeLast()
		case input == "." || input == "..":
			input = ""
		default:
			seg := input
			if i := strings.Index(input[1:], "/"); i >= 0 {
				seg = input[:i+1]
			}
			output += seg
			input = input[len(seg):]
		}
	}
	return output
}

func FuzzResolve(f *testing.F) {
	for _, tt := range resolveTests {
		f.Add(tt.base, tt.ref)
	}
	for _, tt := range resolveErrorTests {
		f.Add(tt.base, tt.ref)
	}
	for _, tt := range equivalentTests {
		f.Add(tt.a, tt.b)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, err := Resolve(base, ref)
		var b URI
		baseOK := parse(base, &b) == nil && b.Scheme != ""
		refOK := Valid(ref)
		if err != nil {
			if baseOK && refOK {
				t.Fatalf("Resolve(%q, %q): %v, want success", base, ref, err)
			}
			return
		}
		if !baseOK || !refOK {
			t.Fatalf("Resolve(%q, %q) = %q, want an error", base, ref, got)
		}
		u, perr := Parse(got)
		if perr != nil {
			t.Fatalf("Resolve(%q, %q) = %q, which does not parse: %v", base, ref, got, perr)
		}
		if !u.IsAbs() {
			t.Fatalf("Resolve(%q, %q) = %q, which is not absolute", base, ref, got)
		}
		if want := referenceResolve(base, ref); got != want {
			t.Fatalf("Resolve(%q, %q) = %q, but the transcription of section 5.2 gives %q", base, ref, got, want)
		}
		// A target whose path went through remove_dot_segments has no dot
		// segments left, so it resolves to itself. (With an empty reference
		// path, section 5.2.2 takes the base path as it is.)
		r, _ := Parse(ref)
		if again, err := Resolve(base, got); (r.Path != "" || r.Scheme != "" || r.HasAuthority) && (err != nil || again != got) {
			t.Fatalf("Resolve(%q, %q) = %q, %v; want the target %q itself", base, got, again, err, got)
		}

		// Equivalence: reflexive, symmetric, and a pair equivalent at one
		// rung is equivalent at the rungs above.
		for _, ign := range []bool{false, true} {
			base, ref, got := base, ref, got
			if ign {
				base, _, _ = strings.Cut(base, "#")
				ref, _, _ = strings.Cut(ref, "#")
				got, _, _ = strings.Cut(got, "#")
			}
			lower := false
			for l := LevelSimpleString; l <= LevelSchemeBased; l++ {
				for _, s := range []string{base, ref, got} {
					if eq, err := Equivalent(s, s, l); err != nil || !eq {
						t.Fatalf("Equivalent(%q, %q, %v, %v) = %v, %v; want true", s, s, l, ign, eq, err)
					}
				}
				ab, err1 := Equivalent(base, ref, l)
				ba, err2 := Equivalent(ref, base, l)
				if err1 != nil || err2 != nil || ab != ba {
					t.Fatalf("Equivalent(%q, %q, %v, %v) = %v, %v but swapped = %v, %v", base, ref, l, ign, ab, err1, ba, err2)
				}
				if lower && !ab {
					t.Fatalf("Equivalent(%q, %q, %v, %v) = false, but true at a lower level", base, ref, l, ign)
				}
				lower = ab
			}
		}
	})
}

// TestResolveReferenceRelativeBase: with a relative base the target may
// be relative too, and must not gain a scheme on the way.
func TestResolveReferenceRelativeBase(t *testing.T) {
	b, _ := Parse("y")
	r, _ := Parse("./a:b")
	got := b.ResolveReference(r).String()
	if got != "./a:b" {
		t.Errorf("ResolveReference(%q, %q) = %q, want %q", "y", "./a:b", got, "./a:b")
	}
	if u, err := Parse(got); err != nil || u.Scheme != "" {
		t.Errorf("Parse(%q) = %v, %v: want a relative reference", got, u, err)
	}
}

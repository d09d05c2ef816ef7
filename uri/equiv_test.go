package uri

import (
	"errors"
	"strings"
	"testing"
)

// never marks a pair that no rung of the ladder finds equivalent.
const never Level = 100

// equivalentTests give, for each pair, the lowest rung of the section 6.2
// ladder at which the two are equivalent; they are equivalent at every
// rung above it and different at every rung below.
var equivalentTests = []struct {
	a, b           string
	ignoreFragment bool
	from           Level
	section        string
}{
	// Section 6.2.1: identical strings.
	{"http://example.com/", "http://example.com/", false, LevelSimpleString, "6.2.1"},
	{"urn:a:b", "urn:a:b", false, LevelSimpleString, "6.2.1"},
	{"", "", false, LevelSimpleString, "6.2.1 (empty reference)"},

	// Section 6.2.2.
	{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", false, LevelSyntaxBased, "6.2.2"},
	{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", false, LevelSyntaxBased, "6.2.2.1"},
	{"http://a/%3a", "http://a/%3A", false, LevelSyntaxBased, "6.2.2.1 (hex digit case)"},
	{"http://a/?%3a#%3a", "http://a/?%3A#%3A", false, LevelSyntaxBased, "6.2.2.1 (every component)"},
	{"http://a/A", "http://a/a", false, never, "6.2.2.1 (the path is case-sensitive)"},
	{"http://U@a/", "http://u@a/", false, never, "6.2.2.1 (userinfo is case-sensitive)"},
	{"http://a/%7Euser", "http://a/~user", false, LevelSyntaxBased, "6.2.2.2"},
	{"http://%41.com/", "http://a.com/", false, LevelSyntaxBased, "6.2.2.2 and 6.2.2.1 in the host"},
	{"http://a/b%2Fc", "http://a/b/c", false, never, "6.2.2.2 (a reserved character stays encoded)"},
	{"http://a/b/../c", "http://a/c", false, LevelSyntaxBased, "6.2.2.3"},
	{"http://a/./b/.", "http://a/b/", false, LevelSyntaxBased, "6.2.2.3"},
	{"foo:/a/..//c", "foo:/.//c", false, LevelSyntaxBased, "6.2.2.3 (\"//\" without authority)"},
	{"urn:a/../b", "urn:b", false, never, "6.2.2.3 (a rootless path is left alone; see the package doc)"},
	{"a/./b", "a/b", false, never, "6.1 (relative references are not resolved)"},
	{"//A/b", "//a/b", false, LevelSyntaxBased, "6.2.2.1 (host of a relative reference)"},

	// Section 6.2.3.
	{"http://example.com", "http://example.com/", false, LevelSchemeBased, "6.2.3"},
	{"http://example.com", "http://example.com:/", false, LevelSchemeBased, "6.2.3"},
	{"http://example.com", "http://example.com:80/", false, LevelSchemeBased, "6.2.3"},
	{"http://example.com/", "http://example.com:/", false, LevelSchemeBased, "6.2.3"},
	{"http://example.com/", "http://example.com:80/", false, LevelSchemeBased, "6.2.3"},
	{"http://example.com:/", "http://example.com:80/", false, LevelSchemeBased, "6.2.3"},
	{"HTTP://Example.COM:080", "http://example.com/", false, LevelSchemeBased, "6.2.3 and 6.2.2.1"},
	{"https://a:443", "https://a/", false, LevelSchemeBased, "6.2.3 (https)"},
	{"ftp://a:21/", "ftp://a/", false, LevelSchemeBased, "6.2.3 (ftp, RFC 1738)"},
	{"ftp://a", "ftp://a/", false, never, "6.2.3 (empty path is \"/\" only where the scheme says so)"},
	{"foo://a:80/", "foo://a/", false, never, "6.2.3 (no default port for an unknown scheme)"},
	{"foo://a:/", "foo://a/", false, LevelSchemeBased, "6.2.3 (empty port)"},
	{"http://example.com/?", "http://example.com/", false, never, "6.2.3 (empty query is kept)"},
	{"http://example.com/#", "http://example.com/", false, never, "6.2.3 (\"#\" is significant)"},
	{"mailto:Joe@Example.COM", "mailto:Joe@example.com", false, never, "6.2.3 (mailto domain case is not implemented)"},

	// Section 6.1: fragments left out of the comparison.
	{"http://example.com/#", "http://example.com/", true, LevelSimpleString, "6.1"},
	{"http://a/b#x", "http://a/b#y", true, LevelSimpleString, "6.1"},
	{"http://a/b#x", "http://a/b#y", false, never, "6.1"},
	{"http://a/b#x", "http://a/b#X", true, LevelSimpleString, "6.1"},
	{"http://a/#%7e", "http://a/#~", false, LevelSyntaxBased, "6.2.2.2 (fragment)"},
	{"HTTP://a#x", "http://a/#y", true, LevelSchemeBased, "6.1 and 6.2.3"},
	{"http://a/b?c#d", "http://a/b?c", true, LevelSimpleString, "6.1"},
	{"http://a/b?c#d", "http://a/b?c", false, never, "6.1"},
}

func TestEquivalent(t *testing.T) {
	for _, tt := range equivalentTests {
		for l := LevelSimpleString; l <= LevelSchemeBased; l++ {
			want := l >= tt.from
			for _, p := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				a, b := p[0], p[1]
				if tt.ignoreFragment { // as Equivalent's doc says: cut, then compare
					a, _, _ = strings.Cut(a, "#")
					b, _, _ = strings.Cut(b, "#")
				}
				got, err := Equivalent(a, b, l)
				if err != nil {
					t.Errorf("Equivalent(%q, %q, %v): %v (section %s)", a, b, l, err, tt.section)
					continue
				}
				if got != want {
					t.Errorf("Equivalent(%q, %q, %v) = %v, want %v (section %s)", a, b, l, got, want, tt.section)
				}
			}
		}
	}
}

func TestEquivalentError(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		level Level
		cause error
		input string
	}{
		{"http://a b/", "http://a/", LevelSimpleString, ErrInvalidChar, "http://a b/"},
		{"http://a/", "http://a/%", LevelSyntaxBased, ErrInvalidEscape, "http://a/%"},
		{"http://a/", ":x", LevelSchemeBased, ErrMissingScheme, ":x"},
	} {
		got, err := Equivalent(tt.a, tt.b, tt.level)
		if err == nil {
			t.Errorf("Equivalent(%q, %q, %v) = %v, want an error", tt.a, tt.b, tt.level, got)
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) || !errors.Is(err, tt.cause) || pe.Input != tt.input {
			t.Errorf("Equivalent(%q, %q, %v) error = %v, want a *Error on %q wrapping %q", tt.a, tt.b, tt.level, err, tt.input, tt.cause)
		}
	}
	if _, err := Equivalent("a", "a", Level(7)); err == nil {
		t.Errorf("Equivalent(%q, %q, Level(7)) returned no error for an unknown level", "a", "a")
	}
}

func TestLevelString(t *testing.T) {
	for l, want := range map[Level]string{
		LevelSimpleString: "simple-string",
		LevelSyntaxBased:  "syntax-based",
		LevelSchemeBased:  "scheme-based",
		Level(-1):         "Level(-1)",
	} {
		if got := l.String(); got != want {
			t.Errorf("Level(%d).String() = %q, want %q", int(l), got, want)
		}
	}
}

// TestEquivalentAllocs checks that comparing URIs that are already
// normal allocates nothing.
func TestEquivalentAllocs(t *testing.T) {
	a := "http://example.com/a/b?c=d#e"
	b := string([]byte(a)) // equal, but not the same memory
	c := "http://example.com/a/b?c=d#f"
	for l := LevelSimpleString; l <= LevelSchemeBased; l++ {
		{
			n := testing.AllocsPerRun(100, func() {
				if _, err := Equivalent(a, b, l); err != nil {
					t.Fatal(err)
				}
				if _, err := Equivalent(a, c, l); err != nil {
					t.Fatal(err)
				}
			})
			if n != 0 {
				t.Errorf("Equivalent(%q, %q, %v) allocates %v times, want 0", a, c, l, n)
			}
		}
	}
}

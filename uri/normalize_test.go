package uri

import (
	"testing"
)

// normalizeTests give the full normal form (AllRules) of each input.
var normalizeTests = []struct {
	in, want string
	sec      string
}{
	// 6.2.2: the two example URIs are equivalent.
	{"example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D", "6.2.2"},
	{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", "6.2.2"},
	// 6.2.2.1: case.
	{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", "6.2.2.1"},
	{"http://h/%3a%3A", "http://h/%3A%3A", "6.2.2.1 hex digits uppercase"},
	{"http://EX%3aAMPLE/", "http://ex%3Aample/", "6.2.2.1 host lowercase, escape uppercase"},
	{"http://[FE80::A]/", "http://[fe80::a]/", "6.2.2.1 IPv6 host lowercase"},
	{"http://h/PATH?Q#F", "http://h/PATH?Q#F", "6.2.2.1 other components are case-sensitive"},
	{"http://User@h/", "http://User@h/", "6.2.2.1 userinfo is case-sensitive"},
	// 6.2.2.2: unreserved decoded, reserved kept.
	{"http://h/%7euser/%41%2D%2e%5F", "http://h/~user/A-._", "6.2.2.2"},
	{"http://h/a%2Fb%3Fc%25", "http://h/a%2Fb%3Fc%25", "6.2.2.2 reserved and % stay encoded"},
	{"http://%41.example/", "http://a.example/", "6.2.2.2 in host, then lowercase"},
	{"http://h/?q=%7e#%7e", "http://h/?q=~#~", "6.2.2.2 query and fragment"},
	{"http://h/%e2%82%ac", "http://h/%E2%82%AC", "6.2.2.1 non-ASCII bytes stay encoded"},
	// 6.2.2.3: dot segments.
	{"http://h/a/b/c/./../../g", "http://h/a/g", "6.2.2.3 (5.2.4 example)"},
	{"http://h/mid/content=5/../6", "http://h/mid/6", "6.2.2.3 (5.2.4 example)"},
	{"http://h/../../a", "http://h/a", "5.2.4 above the root"},
	{"http://h/a/%2E%2E/b", "http://h/b", "6.2.2.2 then 6.2.2.3"},
	{"http://h/a/%2e/../b", "http://h/b", "6.2.2.2 then 6.2.2.3, lowercase hex"},
	{"foo:/.//c", "foo:/.//c", "5.2.4 the \"/.\" guard is normal"},
	{"http://h/.//c", "http://h//c", "with an authority no guard is needed"},
	{"http://h/a/..", "http://h/", "5.2.4 trailing .."},
	{"http://h/.", "http://h/", "5.2.4 trailing ."},
	{"foo:/a/..//c", "foo:/.//c", "5.2.4 result must not read as authority"},
	{"foo:a/../b", "foo:a/../b", "rootless paths are left alone (package doc)"},
	{"../a/./b", "../a/./b", "relative references are left alone (package doc)"},
	{"http://h/a/.b/..c", "http://h/a/.b/..c", "not complete dot segments"},
	// 6.2.3: scheme-based.
	{"http://example.com", "http://example.com/", "6.2.3"},
	{"http://example.com:/", "http://example.com/", "6.2.3"},
	{"http://example.com:80/", "http://example.com/", "6.2.3"},
	{"http://example.com:080/", "http://example.com/", "3.2.3 default by value"},
	{"http://example.com:8080/", "http://example.com:8080/", "6.2.3 other ports stay"},
	{"https://example.com:443", "https://example.com/", "6.2.3"},
	{"https://example.com:80/", "https://example.com:80/", "6.2.3 http's port on https"},
	{"ws://h:80/s", "ws://h/s", "6.2.3 RFC 6455"},
	{"wss://h:443", "wss://h/", "6.2.3 RFC 6455"},
	{"ftp://h:21/f", "ftp://h/f", "6.2.3 RFC 1738"},
	{"gopher://h:70/", "gopher://h/", "6.2.3 RFC 1738"},
	{"nntp://h:119/g", "nntp://h/g", "6.2.3 RFC 1738"},
	{"telnet://h:23/", "telnet://h/", "6.2.3 RFC 1738"},
	{"wais://h:210/d", "wais://h/d", "6.2.3 RFC 1738"},
	{"prospero://h:1525/p", "prospero://h/p", "6.2.3 RFC 1738"},
	{"foo://h:/", "foo://h/", "3.2.3 empty port for any scheme"},
	{"foo://h", "foo://h", "6.2.3 empty path kept for unknown schemes"},
	{"ftp://h", "ftp://h", "6.2.3 empty path kept for ftp"},
	{"http://example.com/?", "http://example.com/?", "6.2.3 empty query kept"},
	{"http://example.com/#", "http://example.com/#", "6.2.3 empty fragment kept"},
	{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM", "6.2.3 path case kept"},
	{"", "", "4.2 empty reference"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		got, err := Normalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Normalize(%q) (section %s) = %q, %v, want %q", tt.in, tt.sec, got, err, tt.want)
			continue
		}
		again, err := Normalize(got)
		if err != nil || again != got {
			t.Errorf("Normalize(%q) = %q, %v: not idempotent", got, again, err)
		}
	}
}

func TestNormalizeRules(t *testing.T) {
	tests := []struct {
		in    string
		rules Rule
		want  string
	}{
		{"HTTP://H:80/a/../%7e", RuleSchemeCase, "http://H:80/a/../%7e"},
		{"HTTP://H:80/a/../%7e", RuleHostCase, "HTTP://h:80/a/../%7e"},
		{"HTTP://H:80/a/../%7e", RulePercentCase, "HTTP://H:80/a/../%7E"},
		{"HTTP://H:80/a/../%7e", RulePercentUnreserved, "HTTP://H:80/a/../~"},
		{"HTTP://H:80/a/../%7e", RuleDotSegments, "HTTP://H:80/%7e"},
		{"HTTP://H:80/a/../%7e", RuleDefaultPort, "HTTP://H/a/../%7e"},
		{"http://h:", RuleEmptyPort, "http://h"},
		{"http://h:", RuleEmptyPath, "http://h:/"},
		{"http://h:", 0, "http://h:"},
		{"http://h/a/%2e/../b", RuleDotSegments, "http://h/b"},
		{"jdbc:/%7E/%2e/../%25", RuleDotSegments, "jdbc:/%25"},
		{"http://h/a/.%2E/b", RuleDotSegments, "http://h/b"},
		{"http://h/a/%2e%2e%2e/b", RuleDotSegments, "http://h/a/%2e%2e%2e/b"},
	}
	for _, tt := range tests {
		got, err := NormalizeRules(tt.in, tt.rules)
		if err != nil || got != tt.want {
			t.Errorf("NormalizeRules(%q, %v) = %q, %v, want %q", tt.in, tt.rules, got, err, tt.want)
		}
	}
}

func TestNormalizeInvalid(t *testing.T) {
	if got, err := Normalize("http://h/a b"); err == nil {
		t.Errorf("Normalize of an invalid reference = %q, want an error", got)
	}
}

// TestNormalizeNoAlloc checks that normal input comes back as is, without
// allocating (the golang.org/x/text/unicode/norm habit).
func TestNormalizeNoAlloc(t *testing.T) {
	for _, s := range append(benchURIs, "foo:/.//c") {
		var got string
		n := testing.AllocsPerRun(100, func() { got, _ = Normalize(s) })
		if n != 0 {
			t.Errorf("Normalize(%q) allocates %v times, want 0", s, n)
		}
		if got != s {
			t.Errorf("Normalize(%q) = %q, want the input back", s, got)
		}
	}
}

func TestRemoveDotSegments(t *testing.T) {
	// Section 5.2.4's two worked examples, and edge cases of each step.
	tests := []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"../a", "a"},
		{"./a", "a"},
		{"/./a", "/a"},
		{"/..", "/"},
		{".", ""},
		{"..", ""},
		{"a/..", "/"}, // as written in 5.2.4: step C leaves "/"
		{"/a/b/..", "/a/"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := removeDotSegments(tt.in); got != tt.want {
			t.Errorf("removeDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

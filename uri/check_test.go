package uri

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// checkTests list, for each input, the findings of Check as
// category@start-end, and the string that all fixes together give.
var checkTests = []struct {
	in    string
	want  []string // "category@start-end"
	fixed string   // "" when no finding has a fix
	sec   string
}{
	{"https://example.com/", nil, "", "clean"},
	{"foo:/.//c", nil, "", "5.2.4: the \"/.\" guard before \"//\" is normal"},
	{"HTTP://example.com/", []string{"scheme-case@0-4"}, "http://example.com/", "6.2.2.1"},
	{"http://Example.COM/", []string{"host-case@7-18"}, "http://example.com/", "6.2.2.1"},
	{"http://EX%41MPLE/", []string{"host-case@7-9", "percent-unreserved@9-12"}, "http://exAmple/", "6.2.2.1, 6.2.2.2"},
	{"http://h/%3a?%2f#%e2%82%ac", []string{"percent-case@9-12"}, "http://h/%3A?%2F#%E2%82%AC", "6.2.2.1"},
	{"http://h/%7e%41", []string{"percent-unreserved@9-12"}, "http://h/~A", "6.2.2.2"},
	{"http://h/a/./b/../c", []string{"dot-segments@8-19"}, "http://h/a/c", "6.2.2.3"},
	{"http://h/a/%2e/../b", []string{"dot-segments@8-19", "percent-unreserved@11-14"}, "http://h/b", "6.2.2.2 then 6.2.2.3: overlapping fixes, the dot-segments one wins"},
	{"http://h:/", []string{"empty-port@8-9"}, "http://h/", "6.2.3"},
	{"http://h:80/", []string{"default-port@8-11"}, "http://h/", "6.2.3"},
	{"https://api.github.com", []string{"empty-path@22-22"}, "https://api.github.com/", "6.2.3"},
	{"http://example.com/a b", []string{"malformed@20-21"}, "http://example.com/a%20b", "2"},
	{"http://h/a b|c%", []string{"malformed@10-11", "malformed@12-13", "malformed@14-15"}, "http://h/a%20b%7Cc%25", "2, 2.1"},
	{"http://h/%zz", []string{"malformed@9-10"}, "http://h/%25zz", "2.1 lone % is repaired as %25"},
	{"http://h/ü", []string{"iri@9-11"}, "http://h/%C3%BC", "2 non-ASCII: an IRI, RFC 3987 3.1"},
	{"http://h/фубар?q", []string{"iri@9-19"}, "http://h/%D1%84%D1%83%D0%B1%D0%B0%D1%80?q", "RFC 3987 3.1 a run of non-ASCII is one edit"},
	{"http://h/\xffa\xfe", []string{"malformed@9-10"}, "http://h/%FFa%FE", "RFC 3987 2.2 invalid UTF-8: one finding, its bytes encoded"},
	{"http://h/a  b", []string{"malformed@10-12"}, "http://h/a%20%20b", "2 a run of spaces is one finding"},
	{"http://h/a |b", []string{"malformed@10-11", "malformed@11-12"}, "http://h/a%20%7Cb", "2 different characters are different findings"},
	{"http://ex ample.com/", []string{"malformed@9-10"}, "", "3.2.2 no safe repair in a host"},
	{"http://h/a b#x#y", []string{"malformed@10-11", "malformed@14-15"}, "http://h/a%20b#x%23y", "3.5"},
	{"http://h:8x/", []string{"malformed@10-11"}, "", "3.2.3"},
	{"http://u:pw@h/", []string{"password@9-11"}, "", "7.5"},
	{"http://h:70000/", []string{"port-range@9-14"}, "", "3.2.3 over TCP"},
	{"https://https://example.com/a", []string{"doubled-scheme@0-8"}, "https://example.com/a", "3.1, 3.2: a doubled scheme, not an empty port"},
	{"HTTPS://http://example.com/", []string{"doubled-scheme@0-8"}, "http://example.com/", "3.1: the second scheme is kept"},
	{"https://https://example.com/a b", []string{"doubled-scheme@0-8", "malformed@29-30"}, "https://example.com/a%20b", "3.1, 2: a doubled scheme and a space"},
	{"http://localhost://x", []string{"empty-port@16-17"}, "http://localhost//x", "3.2.3: localhost is no scheme this package knows"},
	{"https://example.com/#:~:text=foo%2Dbar,baz%2c", []string{"percent-case@42-45"}, "https://example.com/#:~:text=foo%2Dbar,baz%2C", "6.2.2.2: in a text directive %2D is syntax"},
	{"https://example.com/%7e#s:~:text=%7e", []string{"percent-unreserved@20-23", "percent-case@33-36"}, "https://example.com/~#s:~:text=%7E", "6.2.2.2 before the directive, 6.2.2.1 in it"},
}

func findingKeys(fs []Finding) []string {
	var keys []string
	for _, f := range fs {
		keys = append(keys, string(f.Category)+"@"+itoa(f.Start)+"-"+itoa(f.End))
	}
	return keys
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestCheck(t *testing.T) {
	for _, tt := range checkTests {
		fs := Check(tt.in)
		if got := findingKeys(fs); !slices.Equal(got, tt.want) {
			t.Errorf("Check(%q) (section %s) = %v, want %v", tt.in, tt.sec, got, tt.want)
			continue
		}
		var edits []Edit
		for _, f := range fs {
			if !strings.HasPrefix(f.Message, strconv.Quote(shownURI(tt.in))) {
				t.Errorf("Check(%q): message %q does not quote the input first", tt.in, f.Message)
			}
			if strings.HasSuffix(f.Message, ".") || f.Message != strings.ToLower(f.Message[:1])+f.Message[1:] {
				t.Errorf("Check(%q): message %q should be lowercase without final period", tt.in, f.Message)
			}
			edits = append(edits, f.Fix...)
		}
		slices.SortFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
		for i := 1; i < len(edits) && !strings.Contains(tt.sec, "overlapping"); i++ {
			if edits[i].Start < edits[i-1].End {
				t.Errorf("Check(%q): fixes overlap: %v", tt.in, edits)
			}
		}
		got := ""
		if edits != nil {
			got = ApplyEdits(tt.in, edits)
		}
		if got != tt.fixed {
			t.Errorf("Check(%q): fixes give %q, want %q", tt.in, got, tt.fixed)
		}
		if got != "" && Check(got) != nil && tt.sec != "6.2.2.1, 6.2.2.2" {
			t.Errorf("Check(%q) after fixing = %v, want clean", got, findingKeys(Check(got)))
		}
	}
}

func TestCheckMalformedCause(t *testing.T) {
	fs := Check("http://h/%4")
	if len(fs) != 1 || !errors.Is(fs[0].Err, ErrInvalidEscape) {
		t.Fatalf("Check(%q) = %+v, want one finding caused by ErrInvalidEscape", "http://h/%4", fs)
	}
	want := `"http://h/%4" is not a valid URI reference: invalid percent-encoding "%4" in path at offset 9`
	if fs[0].Message != want {
		t.Errorf("message = %q, want %q", fs[0].Message, want)
	}
}

func TestCheckNoAlloc(t *testing.T) {
	for _, s := range benchURIs {
		if n := testing.AllocsPerRun(100, func() { _ = Check(s) }); n != 0 {
			t.Errorf("Check(%q) allocates %v times, want 0", s, n)
		}
	}
}

func TestRepair(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"http://h/a b", "http://h/a%20b", true},
		{"http://h/100%", "http://h/100%25", true},
		{"http://h/a|b?x=[1]", "http://h/a%7Cb?x=%5B1%5D", true},
		{"http://h/ü", "http://h/%C3%BC", true},
		{"http://h/ok", "http://h/ok", true},
		{"http://ex ample/", "", false},
		{"http://h/a\tb", "", false},
		{"http://h/a\\b", "", false},
	}
	for _, tt := range tests {
		got, ok := Repair(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Repair(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestEscapeUnescape(t *testing.T) {
	tests := []struct {
		in   string
		c    Component
		want string
	}{
		{"a b/c?d", ComponentPath, "a%20b/c%3Fd"},
		{"a b/c?d", ComponentQuery, "a%20b/c?d"},
		{"a:b@c", ComponentUserinfo, "a:b%40c"},
		{"100%", ComponentFragment, "100%25"},
		{"plain", ComponentPath, "plain"},
	}
	for _, tt := range tests {
		got := Escape(tt.in, tt.c)
		if got != tt.want {
			t.Errorf("Escape(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.want)
		}
		back, err := Unescape(got)
		if err != nil || back != tt.in {
			t.Errorf("Unescape(%q) = %q, %v, want %q", got, back, err, tt.in)
		}
	}
	_, err := Unescape("ab%4")
	var e *Error
	if !errors.As(err, &e) || e.Offset != 2 || !errors.Is(err, ErrInvalidEscape) {
		t.Errorf("Unescape(%q) = %v, want ErrInvalidEscape at offset 2", "ab%4", err)
	}
}

// TestCheckLongGarbage checks that a long run of bad bytes costs bounded
// findings, each of which still quotes the whole input.
func TestCheckLongGarbage(t *testing.T) {
	s := "http://h/" + strings.Repeat("a b|", 10000)
	fs := Check(s)
	// One finding per kind of mistake, each with a fix for the places
	// found within maxRepairs repairs.
	if got := findingKeys(fs); !slices.Equal(got, []string{"malformed@10-11", "malformed@12-13"}) {
		t.Fatalf("Check(long garbage) = %v", got)
	}
	for _, f := range fs {
		if !strings.Contains(f.Message, "more)") || len(f.Fix) < 2 || len(f.Fix) > maxRepairs {
			t.Errorf("finding %q has %d edits", f.Message, len(f.Fix))
		}
	}
	if _, ok := Repair(s); ok {
		t.Errorf("Repair(long garbage) succeeded; want false beyond %d repairs", maxRepairs)
	}
	if got, ok := Repair("http://h/" + strings.Repeat("a b", 100)); !ok || !Valid(got) {
		t.Errorf("Repair of 100 spaces = %q, %v, want a valid reference", got, ok)
	}
}

// TestCheckSameMistake: the same bad byte in several places is one finding
// whose fix mends them all ("ids[a]=1&ids[b]=2").
func TestCheckSameMistake(t *testing.T) {
	const s = "/?ids[a]=1&ids[b]=2"
	fs := Check(s)
	if got := findingKeys(fs); !slices.Equal(got, []string{"malformed@5-6", "malformed@7-8"}) {
		t.Fatalf("Check(%q) = %v", s, got)
	}
	var edits []Edit
	for _, f := range fs {
		edits = append(edits, f.Fix...)
		if !strings.HasSuffix(f.Message, "(and 1 more)") {
			t.Errorf("message %q does not say how many more", f.Message)
		}
	}
	if got := ApplyEdits(s, edits); got != "/?ids%5Ba%5D=1&ids%5Bb%5D=2" {
		t.Errorf("fixes give %q", got)
	}
}

func TestApplyEdits(t *testing.T) {
	tests := []struct {
		s     string
		edits []Edit
		want  string
	}{
		{"abcdef", nil, "abcdef"},
		{"abcdef", []Edit{{4, 5, "E"}, {0, 1, "A"}}, "AbcdEf"},
		{"abcdef", []Edit{{0, 3, "X"}, {2, 4, "Y"}}, "Xdef"},     // overlap: the later is left out
		{"abcdef", []Edit{{3, 3, "-"}, {9, 10, "Z"}}, "abc-def"}, // outside s: left out
	}
	for _, tt := range tests {
		if got := ApplyEdits(tt.s, tt.edits); got != tt.want {
			t.Errorf("ApplyEdits(%q, %v) = %q, want %q", tt.s, tt.edits, got, tt.want)
		}
	}
}

// TestCheckPastUnfixable: a bad byte without a safe repair does not hide
// the faults after it; each later one keeps its own fix.
func TestCheckPastUnfixable(t *testing.T) {
	const s = "http://example.com/\x01 %zz"
	fs := Check(s)
	if len(fs) != 3 {
		t.Fatalf("Check(%q) = %v, want 3 findings", s, findingKeys(fs))
	}
	for i, want := range []struct {
		start int
		fix   string
	}{{19, ""}, {20, "%20"}, {21, "%25"}} {
		got := ""
		if len(fs[i].Fix) == 1 {
			got = fs[i].Fix[0].New
		}
		if fs[i].Start != want.start || got != want.fix {
			t.Errorf("Check(%q)[%d] at %d with fix %q, want at %d with fix %q", s, i, fs[i].Start, got, want.start, want.fix)
		}
	}
	// In the authority there is no single reading past a bad byte.
	if fs := Check("http://exa\x01mple .com/ x"); len(fs) != 1 {
		t.Errorf("Check with a control byte in the host = %v, want one finding", findingKeys(fs))
	}
}

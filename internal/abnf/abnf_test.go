package abnf

import "testing"

func TestClasses(t *testing.T) {
	for _, tt := range []struct {
		c     byte
		class uint16
		want  bool
	}{
		{'a', Alpha, true}, {'Z', Alpha, true}, {'1', Alpha, false},
		{'F', Hex, true}, {'g', Hex, false},
		{'+', Scheme, true}, {'_', Scheme, false}, // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		{'~', Unreserved, true}, {'%', Unreserved, false},
		{'@', Pchar, true}, {'/', Pchar, false}, {'/', Path, true},
		{'?', Query, true}, {'#', Query, false},
		{':', Userinfo, true}, {'@', Userinfo, false},
		{':', RegName, false}, {0x80, Alpha | Digit | Pchar | Query, false},
	} {
		if got := Is(tt.c, tt.class); got != tt.want {
			t.Errorf("Is(%q, %#x) = %v, want %v", tt.c, tt.class, got, tt.want)
		}
	}
}

func TestPctByte(t *testing.T) {
	for _, tt := range []struct {
		s    string
		i    int
		want byte
		ok   bool
	}{
		{"a%2Fb", 1, '/', true},
		{"%7e", 0, '~', true},
		{"100%", 3, 0, false},
		{"%4", 0, 0, false},
		{"%zz", 0, 0, false},
		{"a%2F", 0, 0, false}, // no "%" at i
		{"%2F", -1, 0, false},
	} {
		got, ok := PctByte(tt.s, tt.i)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PctByte(%q, %d) = %q, %v, want %q, %v", tt.s, tt.i, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSchemeLen(t *testing.T) {
	for s, want := range map[string]int{
		"https://x": 5, "urn:isbn:1": 3, "a+b.c-d:x": 7,
		"1http:": 0, "://x": 0, "no scheme": 0, "noscheme": 0, "": 0, "C:\\x": 1,
	} {
		if got := SchemeLen(s); got != want {
			t.Errorf("SchemeLen(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestSchemeBefore(t *testing.T) {
	text := "see (1https://example.com/)"
	if got := SchemeBefore(text, 0, 11); text[got:11] != "https" {
		t.Errorf("SchemeBefore(%q, 0, 11) = %d (%q), want the start of https", text, got, text[got:11])
	}
	if got := SchemeBefore("a :x", 0, 2); got != 2 {
		t.Errorf("SchemeBefore before a space = %d, want 2 (no scheme)", got)
	}
	if got := SchemeBefore([]byte("xhttp:"), 1, 5); got != 1 {
		t.Errorf("SchemeBefore does not stop at lo: got %d, want 1", got)
	}
}

func TestFoldEq(t *testing.T) {
	if !FoldEq("mailto", "MailTo") || !FoldEq("mailto", []byte("MAILTO")) || FoldEq("mailto", "mailt0") || FoldEq("http", "https") {
		t.Errorf("FoldEq is wrong on ASCII letters")
	}
	if FoldEq("k", "\u212a") { // KELVIN SIGN folds to k in Unicode, not in ASCII
		t.Errorf("FoldEq folds non-ASCII")
	}
}

func TestAuthoritySpan(t *testing.T) {
	for _, tt := range []struct {
		s          string
		start, end int
		ok         bool
	}{
		{"http://u:p@h:1/x", 7, 14, true},
		{"//h?q", 2, 3, true},
		{"http://h b/", 7, 10, true}, // malformed, still split
		{"mailto:a@b", 0, 0, false},
		{"/path", 0, 0, false},
	} {
		start, end, ok := AuthoritySpan(tt.s)
		if start != tt.start || end != tt.end || ok != tt.ok {
			t.Errorf("AuthoritySpan(%q) = %d, %d, %v, want %d, %d, %v", tt.s, start, end, ok, tt.start, tt.end, tt.ok)
		}
	}
}

func TestIsURIChar(t *testing.T) {
	for c, want := range map[byte]bool{'~': true, '#': true, '%': true, ' ': false, '|': false, '"': false, 0x7f: false} {
		if got := IsURIChar(c); got != want {
			t.Errorf("IsURIChar(%q) = %v, want %v", c, got, want)
		}
	}
}

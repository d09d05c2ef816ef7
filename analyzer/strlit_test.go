package analyzer

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// litRangeTests give, for a literal as written and a range of its value,
// the range of source bytes that produce it.
var litRangeTests = []struct {
	src        string
	start, end int
	s, e       int
	exact      bool
}{
	// Plain bytes map one to one, shifted by the opening quote.
	{`"http://a b"`, 8, 9, 9, 10, true},
	{"`http://a b`", 8, 9, 9, 10, true},
	// An empty range stays empty.
	{`"http://a b"`, 8, 8, 9, 9, true},
	// The end of the value is the closing quote.
	{`"ab"`, 2, 2, 3, 3, true},
	{`""`, 0, 0, 1, 1, true},
	// Single-character escapes take two source bytes.
	{`"a\tb"`, 1, 2, 2, 4, true},
	{`"a\tb"`, 2, 3, 4, 5, true},
	{`"\"x\""`, 1, 2, 3, 4, true},
	{`"a\\b"`, 2, 3, 4, 5, true},
	// Hexadecimal and octal escapes take four.
	{`"\x41\x42"`, 1, 2, 5, 9, true},
	{`"\101B"`, 0, 1, 1, 5, true},
	{`"\101B"`, 1, 2, 5, 6, true},
	// \u00e9 produces two value bytes: a range inside it widens to the escape.
	{`"a\u00e9b"`, 1, 3, 2, 8, true},
	{`"a\u00e9b"`, 2, 3, 2, 8, false},
	{`"a\u00e9b"`, 1, 2, 2, 8, false},
	{`"a\u00e9b"`, 3, 4, 8, 9, true},
	{`"\U0001F600x"`, 4, 5, 11, 12, true},
	// A literal é is two plain bytes.
	{`"aéb"`, 3, 4, 4, 5, true},
	// Raw strings drop carriage returns.
	{"`a\r\nb`", 1, 2, 3, 4, true},
	{"`a\r\nb`", 2, 3, 4, 5, true},
	{"`\r\ra`", 0, 1, 3, 4, true},
	// A range past the end falls back to the closing quote.
	{`"ab"`, 1, 5, 2, 3, false},
	{`"ab"`, 5, 5, 3, 3, false},
}

func TestLitRange(t *testing.T) {
	for _, tt := range litRangeTests {
		s, e, exact := litRange(tt.src, tt.start, tt.end)
		if s != tt.s || e != tt.e || exact != tt.exact {
			t.Errorf("litRange(%q, %d, %d) = %d, %d, %v, want %d, %d, %v",
				tt.src, tt.start, tt.end, s, e, exact, tt.s, tt.e, tt.exact)
		}
	}
}

var quoteIntoTests = []struct {
	raw  bool
	text string
	want string
	ok   bool
}{
	{false, "%20", "%20", true},
	{false, `a"b\c`, `a\"b\\c`, true},
	{false, "\t", `\t`, true},
	{true, "%20", "%20", true},
	{true, `a"b\c`, `a"b\c`, true},
	{true, "a`b", "", false},
}

func TestQuoteInto(t *testing.T) {
	for _, tt := range quoteIntoTests {
		got, ok := quoteInto(tt.raw, tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("quoteInto(%v, %q) = %q, %v, want %q, %v", tt.raw, tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

// checkLitRange verifies litRange on every range of the value of src against
// strconv.Unquote: the source bytes it returns must decode to a range that
// covers the requested one, and to exactly that range when it says exact.
func checkLitRange(t *testing.T, src string) {
	if src == "" || src[0] == '\'' || !utf8.ValidString(src) {
		return // a rune literal (strconv.Unquote accepts them), or not Go source
	}
	value, err := strconv.Unquote(src)
	if err != nil {
		return
	}
	raw := src[0] == '`'
	// decode returns the value produced by src[s:e].
	decode := func(s, e int) (string, bool) {
		q := src[:1]
		v, err := strconv.Unquote(q + src[s:e] + q)
		return v, err == nil
	}
	// prefixLen returns the length of the value produced by src[:s].
	prefixLen := func(s int) int {
		v, ok := decode(1, s)
		if !ok {
			t.Fatalf("litRange(%q): source offset %d splits an escape", src, s)
		}
		return len(v)
	}
	fwd := litCursor{src: src} // maps the ranges in increasing order
	back := litCursor{src: src}
	for start := 0; start <= len(value); start++ {
		for end := start; end <= len(value); end++ {
			s, e, exact := litRange(src, start, end)
			if fs, fe, fx := fwd.rangeOf(start, end); fs != s || fe != e || fx != exact {
				t.Fatalf("litCursor.rangeOf(%d, %d) after earlier ranges of %q = %d, %d, %v, want %d, %d, %v", start, end, src, fs, fe, fx, s, e, exact)
			}
			bs, be, bx := back.rangeOf(len(value)-end, len(value)-start)
			if ws, we, wx := litRange(src, len(value)-end, len(value)-start); bs != ws || be != we || bx != wx {
				t.Fatalf("litCursor.rangeOf(%d, %d) after later ranges of %q = %d, %d, %v, want %d, %d, %v", len(value)-end, len(value)-start, src, bs, be, bx, ws, we, wx)
			}
			if s < 1 || e < s || e > len(src)-1 {
				t.Fatalf("litRange(%q, %d, %d) = %d, %d: out of the quotes", src, start, end, s, e)
			}
			ps := prefixLen(s)
			got, _ := decode(s, e)
			pe := ps + len(got)
			if start == end {
				if s != e || ps > start || exact != (ps == start) {
					t.Fatalf("litRange(%q, %d, %d) = %d, %d, exact=%v, at value offset %d", src, start, end, s, e, exact, ps)
				}
				continue
			}
			if ps > start || pe < end {
				t.Fatalf("litRange(%q, %d, %d) = %d, %d, which produces value[%d:%d]", src, start, end, s, e, ps, pe)
			}
			if exact != (ps == start && pe == end) {
				t.Fatalf("litRange(%q, %d, %d) = %d, %d, exact=%v; produces value[%d:%d]", src, start, end, s, e, exact, ps, pe)
			}
			if exact && got != value[start:end] {
				t.Fatalf("litRange(%q, %d, %d): src[%d:%d] = %q, want %q", src, start, end, s, e, got, value[start:end])
			}
			if exact {
				if q, ok := quoteInto(raw, value[start:end]); ok {
					v, err := strconv.Unquote(src[:s] + q + src[e:])
					if err != nil || v != value {
						t.Fatalf("replacing %q by %q in %q: %q, %v", src[s:e], q, src, v, err)
					}
				}
			}
		}
	}
}

// litRangeSeeds are literals written every way the specification allows.
var litRangeSeeds = []string{
	`""`, "``", `"http://example.com/a b"`, `"\thttp://x/\x41\101\u00e9\U0001F600"`,
	`"\a\b\f\n\r\t\v\\\'\""`, "`raw\r\n\\x41 string`", `"aéb\xff"`, `"\u2028%zz"`,
}

func TestLitRangeUnquote(t *testing.T) {
	for _, src := range litRangeSeeds {
		checkLitRange(t, src)
	}
	for _, tt := range litRangeTests {
		checkLitRange(t, tt.src)
	}
	// Every byte written every way: plain, \x, octal, and its rune as \u.
	var b strings.Builder
	b.WriteByte('"')
	for c := 0; c < 0x80; c++ {
		switch {
		case c == '"' || c == '\\' || c == '\n':
		case c%3 == 0:
			b.WriteString(`\x` + strconv.FormatUint(uint64(c|0x100), 16)[1:])
		case c%3 == 1:
			b.WriteString(`\` + strconv.FormatUint(uint64(c|0o1000), 8)[1:])
		default:
			b.WriteString(`\u00` + strconv.FormatUint(uint64(c|0x100), 16)[1:])
		}
	}
	b.WriteByte('"')
	checkLitRange(t, b.String())
}

// TestLitCursorLinear checks that mapping the ranges of a long literal in
// order walks each element a bounded number of times, as the edits of a fix
// of a megabyte of "%7e" are mapped.
func TestLitCursorLinear(t *testing.T) {
	for _, elem := range []string{"%7e", `\x41`, `\u00e9`, "é"} {
		const n = 10000
		src := `"` + strings.Repeat(elem, n) + `"`
		value, err := strconv.Unquote(src)
		if err != nil {
			t.Fatal(err)
		}
		width := len(value) / n // value bytes of one elem
		c := litCursor{src: src}
		for k := range n {
			s, e, exact := c.rangeOf(k*width, (k+1)*width)
			if !exact || src[s:e] != elem {
				t.Fatalf("litCursor.rangeOf(%d, %d) of %d times %q = %d, %d, %v", k*width, (k+1)*width, n, elem, s, e, exact)
			}
		}
		// Each element is at least one source byte: a pass over the literal
		// per range would walk about n*n/2 elements.
		if limit := 2 * len(src); c.steps > limit {
			t.Errorf("mapping %d ranges of %d times %q in order walked %d elements, want at most %d", n, n, elem, c.steps, limit)
		}
	}
}

func FuzzLitRange(f *testing.F) {
	for _, src := range litRangeSeeds {
		f.Add(src)
	}
	for _, tt := range litRangeTests {
		f.Add(tt.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 64 {
			return // the check is quadratic in the value length
		}
		checkLitRange(t, src)
		// Also check the value re-quoted the ways strconv writes it.
		if v, err := strconv.Unquote(src); err == nil {
			checkLitRange(t, strconv.Quote(v))
			checkLitRange(t, strconv.QuoteToASCII(v))
			if strconv.CanBackquote(v) {
				checkLitRange(t, "`"+v+"`")
			}
		}
	})
}

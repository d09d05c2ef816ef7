package extract

import (
	"strings"
	"testing"
)

// slugTests are github-slugger's published fixtures (test/fixtures.json),
// in their order: a Slugger sees them one after the other, so the
// repeated ones show the collision loop.
var slugTests = []struct {
	in, want string
}{
	{"alpha", "alpha"},
	{"alpha", "alpha-1"},
	{"bravoCharlieDelta", "bravocharliedelta"},
	{"__proto__", "__proto__"},
	{"__proto__", "__proto__-1"},
	{"hasOwnProperty", "hasownproperty"},
	{"echo", "echo"},
	{"echo", "echo-1"},
	{"echo 1", "echo-1-1"},
	{"echo-1", "echo-1-2"},
	{"echo", "echo-2"},
	{"foxtrot-1", "foxtrot-1"},
	{"foxtrot", "foxtrot"},
	{"foxtrot", "foxtrot-2"},
	{"heading with a - dash", "heading-with-a---dash"},
	{"heading with an _ underscore", "heading-with-an-_-underscore"},
	{"heading with a period.txt", "heading-with-a-periodtxt"},
	{"exchange.bind_headers(exchange, routing [, bindCallback])", "exchangebind_headersexchange-routing--bindcallback"},
	{" ", "-"},
	{" a", "-a"},
	{"a ", "a-"},
	{" a ", "-a-"},
	{"-a-", "-a--1"},
	{"apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"},
	{"golf", "golf"},
	{"golf", "golf-1"},
	{"golf", "golf-2"},
	{"I ♥ unicode", "i--unicode"},
	{"dash-dash", "dash-dash"},
	{"en–dash", "endash"},
	{"em–dash", "emdash"},
	{"😄 unicode emoji", "-unicode-emoji"},
	{"😄-😄 unicode emoji", "--unicode-emoji"},
	{"😄_😄 unicode emoji", "_-unicode-emoji"},
	{"😄 - an emoji", "---an-emoji"},
	{":smile: - a gemoji", "smile---a-gemoji"},
	{"Привет", "привет"},
	{"Профили пользователей", "профили-пользователей"},
	{"Привет non-latin 你好", "привет-non-latin-你好"},
	{":ok: No underscore", "ok-no-underscore"},
	{":ok_hand: Single", "ok_hand-single"},
	{":ok_hand::hatched_chick: Two in a row with no spaces", "ok_handhatched_chick-two-in-a-row-with-no-spaces"},
	{":ok_hand: :hatched_chick: Two in a row", "ok_hand-hatched_chick-two-in-a-row"},
	// Samples of the General_Category fixtures.
	{"a) ] } ༻ ⁆ 〉 ｝b", "a------b"},
	{"a_ ‿ ⁀ ︳ ＿b", "a_-‿-⁀-︳-＿b"},
	{"c$ ¢ £ € ₿d", "c----d"},
	{"e- ֊ ‐ – — －f", "e------f"},
	{"a0 1 ١ ० ０ 𝟏b", "a0-1-١-०-０-𝟏b"},
	{"a» ’ ”b", "a--b"},
	{"aᛮ Ⅰ ⅰ 〇 𐅀b", "aᛮ-ⅰ-ⅰ-〇-𐅀b"},
	{"a\u2028b", "ab"},
	{"à ̅ ҈b", "à-̅-҈b"},
	{"g² ½ ①h", "g--h"},
	{"a\u00a0b\u3000c", "abc"},
	{"x\ty\nz", "xyz"},
	{"ÆÐ Ǆ ǅ", "æð-ǆ-ǆ"},
}

func TestSlugger(t *testing.T) {
	var s Slugger
	for _, tt := range slugTests {
		if got := s.Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSlugNoSuffix(t *testing.T) {
	for _, in := range []string{"Intro", "Intro", "Intro"} {
		if got := Slug(in); got != "intro" {
			t.Errorf("Slug(%q) = %q, want %q", in, got, "intro")
		}
	}
}

// TestASCIISlug checks the fast way of Slug against the general one on
// every ASCII character, alone and in a heading, and leaves the rest to
// the general one.
func TestASCIISlug(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		for _, s := range []string{string(rune(c)), "A " + string(rune(c)) + "b_9-Z", strings.Repeat("Setup Steps"+string(rune(c)), 10)} {
			got, ok := asciiSlug(s)
			if want := runeSlug(s); !ok || got != want {
				t.Errorf("asciiSlug(%q) = %q, %v; want %q (runeSlug)", s, got, ok, want)
			}
		}
	}
	for _, s := range []string{"Über", "a\u00a0b", "日本"} {
		if _, ok := asciiSlug(s); ok {
			t.Errorf("asciiSlug(%q) took text that is not ASCII", s)
		}
	}
}

func TestSlugAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Slug("Setup Steps of File 12") }); n > 1 {
		t.Errorf("Slug of an ASCII heading allocates %v times, want 1 (its string)", n)
	}
}

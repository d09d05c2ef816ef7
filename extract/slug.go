package extract

import (
	"strconv"
	"strings"
	"unicode"
)

// Slugger turns heading texts into the anchors GitHub gives them, in
// document order: the text lowercased, every character that is not a
// letter, a mark, a decimal digit, a letter number, connector punctuation
// ("_"), "-" or a space removed, each space made a "-" (no collapsing, no
// trimming), and a repeated slug suffixed "-1", "-2", ... until it is new
// ("a", "a", "a 1" give "a", "a-1", "a-1-1"). This is what github-slugger
// computes. The zero value is ready to use; use one Slugger per document.
type Slugger struct {
	seen map[string]int // slug -> how many times it came back
}

// Slug returns the anchor of the heading text s, unique among the slugs
// that s has handed out so far.
func (s *Slugger) Slug(text string) string {
	if s.seen == nil {
		s.seen = make(map[string]int)
	}
	base := Slug(text)
	slug := base
	for {
		if _, taken := s.seen[slug]; !taken {
			break
		}
		s.seen[base]++
		slug = base + "-" + strconv.Itoa(s.seen[base])
	}
	s.seen[slug] = 0
	return slug
}

// Slug returns the GitHub anchor of the heading text s, without the
// suffix that tells repeated headings apart (see Slugger).
func Slug(s string) string {
	if b, ok := asciiSlug(s); ok {
		return b
	}
	return runeSlug(s)
}

// runeSlug is Slug of any text, rune by rune.
func runeSlug(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r < 0x80 && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			b.WriteRune(r)
		case r >= 0x80 && slugKeeps(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// asciiSlug is Slug of an ASCII heading, in one string: no rune to
// decode, no case to fold but A-Z. It reports false for any other.
func asciiSlug(s string) (string, bool) {
	var buf [64]byte
	b := buf[:0]
	if len(s) > len(buf) {
		b = make([]byte, 0, len(s))
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return "", false
		case c == ' ':
			b = append(b, '-')
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == '-' || c == '_' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			b = append(b, c)
		}
	}
	return string(b), true
}

// slugKeeps reports whether r survives in a slug: the general categories
// L, M, Nd, Nl and Pc. github-slugger removes the rest (other numbers,
// punctuation, symbols, separators, controls, format, private use,
// unassigned), but keeps "-" and the space.
func slugKeeps(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) ||
		unicode.In(r, unicode.Nd, unicode.Nl, unicode.Pc)
}

package extract

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// maxWrapLines is how many line breaks a wrapper may hold before the search
// for its closer gives up ("within a few lines").
const maxWrapLines = 4

// maxLabelGap is how far back from a scheme the "URL:" label is looked for,
// across white space.
const maxLabelGap = 32

// wrapper describes the delimiters around a candidate.
type wrapper struct {
	kind    Kind
	opener  string   // a new opener ends the search for the closer
	closers []string // any of these closes
	spaces  bool     // white space within a line is allowed, not only line breaks
}

var (
	angleWrapper = wrapper{kind: Angle, opener: "<", closers: []string{">"}, spaces: true}
	urlWrapper   = wrapper{kind: URLPrefix, opener: "<", closers: []string{">"}, spaces: true}
	quoteWrapper = wrapper{kind: Quoted, opener: `"`, closers: []string{`"`}}
)

// typographic lists the typographic quotes and guillemets that open a
// wrapper, with their closers.
var typographic = map[rune]wrapper{
	'“': {kind: Quoted, opener: "“", closers: []string{"”"}},
	'‘': {kind: Quoted, opener: "‘", closers: []string{"’"}},
	'„': {kind: Quoted, opener: "„", closers: []string{"“", "”"}},
	'‚': {kind: Quoted, opener: "‚", closers: []string{"‘", "’"}},
	'«': {kind: Quoted, opener: "«", closers: []string{"»"}},
	'‹': {kind: Quoted, opener: "‹", closers: []string{"›"}},
	'»': {kind: Quoted, opener: "»", closers: []string{"«"}},
	'「': {kind: Quoted, opener: "「", closers: []string{"」"}},
	'『': {kind: Quoted, opener: "『", closers: []string{"』"}},
}

// delimit finds the extent of the candidate whose scheme is src[s:c], with
// c the index of its ':'. It returns the link (offsets, and URI when it
// differs from the source text; see finish), the offset
// where scanning resumes, and whether there is a URI at all.
func delimit(src []byte, lo, hi, s, c int, slashes bool) (Link, int, bool) {
	w, label := opening(src, lo, s)
	if w.kind == Angle && !slashes && xmlElement(src, hi, s, c) {
		return Link{}, 0, false
	}
	if w.closers != nil {
		if l, next, ok := wrapped(src, hi, s, c, slashes, w); ok {
			return l, next, true
		}
	}
	l, ok := bare(src, hi, s, c, slashes)
	if label {
		l.Kind = URLPrefix
	}
	return l, l.End.Offset, ok
}

// opening returns the wrapper that opens right before src[s:], if any, and
// whether a "URL:" label precedes it (so that the URI keeps the URLPrefix
// kind when its "<URL:" finds no ">").
func opening(src []byte, lo, s int) (w wrapper, label bool) {
	if s == lo {
		return wrapper{}, false
	}
	switch b := src[s-1]; {
	case b == '<':
		return angleWrapper, false
	case b == '"':
		return quoteWrapper, false
	case b >= utf8.RuneSelf:
		r, _ := utf8.DecodeLastRune(src[lo:s])
		if t, ok := typographic[r]; ok {
			return t, false
		}
	}
	// "URL:" with or without white space before the scheme.
	i := s
	for i > lo && s-i < maxLabelGap && isSpace(src[i-1]) {
		i--
	}
	if i-lo < 4 || !hasURLLabel(src[i-4:i]) || (i-4 > lo && abnf.Is(src[i-5], abnf.Scheme)) {
		return wrapper{}, false
	}
	if i-4 > lo && src[i-5] == '<' {
		return urlWrapper, true
	}
	return wrapper{}, true
}

func hasURLLabel(b []byte) bool {
	return len(b) == 4 && b[0]|0x20 == 'u' && b[1]|0x20 == 'r' && b[2]|0x20 == 'l' && b[3] == ':'
}

// xmlElement reports whether "<" src[s:] is the start tag of an XML
// element whose name has the namespace prefix src[s:c], whatever the
// prefix ("<info:display-text>", "<p:name attr='v'>", "<p:name/>"): the
// name is followed by an attribute or by "/>", or by ">" and then by a tag
// of the same prefix or an end tag of it (which the search for reaches
// the next "<" only), or by ">" when the scheme's syntax does not take the
// name as a URI (PlausibleOpaque).
func xmlElement(src []byte, hi, s, c int) bool {
	i := c + 1
	if i >= hi || !isAlpha(src[i]) && src[i] != '_' {
		return false
	}
	for i < hi && isNameByte(src[i]) {
		i++
	}
	if i >= hi {
		return false
	}
	switch src[i] {
	case '/':
		return i+1 < hi && src[i+1] == '>'
	case ' ', '\t', '\r', '\n':
		for i < hi && isSpace(src[i]) {
			i++
		}
		a := i
		for i < hi && (isNameByte(src[i]) || src[i] == ':') {
			i++
		}
		return i > a && i < hi && src[i] == '=' || i == a && i+1 < hi && src[i] == '/' && src[i+1] == '>'
	case '>':
		if !policy.PlausibleOpaque(src[s:c], src[c+1:i]) {
			return true
		}
		k := bytes.IndexByte(src[i+1:hi], '<')
		if k < 0 {
			return false
		}
		t := src[i+1+k+1 : hi]
		if len(t) > 0 && t[0] == '/' {
			t = t[1:]
		}
		// The next tag is of the prefix when a name follows it: after
		// "<http:///" or "<http://" comes a URI, not an element.
		n := c - s + 1
		return len(t) > n && string(t[:n]) == string(src[s:c+1]) && (isAlpha(t[n]) || t[n] == '_')
	}
	return false
}

// isNameByte reports whether c may be in an XML name past its first
// character (ASCII only): a letter, a digit, "-", "_" or ".".
func isNameByte(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.'
}

// wrapped looks for the closer of w from src[s:] and returns the link
// inside when the wrapper holds one URI.
func wrapped(src []byte, hi, s, c int, slashes bool, w wrapper) (Link, int, bool) {
	end, clen := findCloser(src, hi, s, w)
	if end < 0 {
		return Link{}, 0, false
	}
	e := end
	for e > s && isSpace(src[e-1]) {
		e--
	}
	if w.kind == Quoted && e > c+1 && src[e-1] == '\\' {
		e-- // an escaped closing quote: src=\"https://x\"
	}
	if e <= c {
		return Link{}, 0, false
	}
	raw := src[s:e]
	// "<mailto:>" and "<http://>": angle brackets delimit a URI
	// explicitly (Appendix C), so there the scheme alone is no mention
	// of it but a URI to check, as a CommonMark autolink is.
	explicit := (w.kind == Angle || w.kind == URLPrefix) && e == end && !hasSpace(raw)
	bareScheme := policy.BareScheme(src[c+1 : e])
	if bareScheme && !explicit {
		return Link{}, 0, false
	}
	l := Link{Kind: w.kind}
	l.Start.Offset, l.End.Offset = s, e
	if !hasSpace(raw) {
		if !slashes && !bareScheme && !policy.PlausibleOpaque(src[s:c], src[c+1:e]) {
			return Link{}, 0, false // "APT::Get", "tag:latest" in quotes
		}
		return l, end + clen, true
	}
	// Join: drop all white space; a break right after "-" keeps the hyphen
	// but makes the link ambiguous (Appendix C).
	var joined strings.Builder
	joined.Grow(len(raw))
	hyphen := false
	for i, b := range raw {
		if isSpace(b) {
			if b == '\n' && breakAfterHyphen(raw, i) {
				hyphen = true
			}
			continue
		}
		if b == '\\' && isFold(raw, i) {
			continue
		}
		joined.WriteByte(b)
	}
	if !uri.Valid(joined.String()) {
		return Link{}, 0, false
	}
	if j := joined.String(); !slashes {
		// "<CVS: show all tags>", "<mailto:joe at example.com>"
		if n := abnf.SchemeLen(j); n == 0 || !policy.PlausibleOpaque(j[:n], j[n+1:]) {
			return Link{}, 0, false
		}
	}
	l.URI = joined.String()
	if hyphen {
		var alt strings.Builder
		alt.Grow(len(raw))
		for i, b := range raw {
			if isSpace(b) || b == '-' && breakAfterHyphen(raw, i+1) || b == '\\' && isFold(raw, i) {
				continue
			}
			alt.WriteByte(b)
		}
		l.Alt = alt.String()
	}
	return l, end + clen, true
}

// isFold reports whether the backslash raw[i] folds a line by RFC 8792:
// it ends its line (but for blanks), or it starts the continuation line
// (after blanks) of a line that a backslash ends, as the "\\\\" strategy
// of RFC 8792 section 8 writes it. The backslash, the line break and the
// indentation of the continuation all go.
func isFold[T ~string | ~[]byte](raw T, i int) bool {
	j := i + 1
	for j < len(raw) && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\r') {
		j++
	}
	if j < len(raw) && raw[j] == '\n' {
		return true
	}
	j = i
	for j > 0 && (raw[j-1] == ' ' || raw[j-1] == '\t') {
		j--
	}
	if j == 0 || raw[j-1] != '\n' {
		return false
	}
	j--
	for j > 0 && (raw[j-1] == ' ' || raw[j-1] == '\t' || raw[j-1] == '\r') {
		j--
	}
	return j > 0 && raw[j-1] == '\\'
}

// breakAfterHyphen reports whether the white space starting at raw[i]
// (or reaching raw[i]) holds a line break and follows a hyphen.
func breakAfterHyphen(raw []byte, i int) bool {
	j := i
	for j > 0 && isSpace(raw[j-1]) {
		j--
	}
	if j == 0 || raw[j-1] != '-' {
		return false
	}
	for k := j; k < len(raw) && isSpace(raw[k]); k++ {
		if raw[k] == '\n' {
			return true
		}
	}
	return false
}

// findCloser returns the offset of the closer of w at or after s and its
// length, or -1. The search ends, without a closer, at a blank line, a
// new opener, the end of the input, more than maxWrapLines line breaks,
// or, for quotes, white space that is not part of a line break.
func findCloser(src []byte, hi, s int, w wrapper) (int, int) {
	lines := 0
	for i := s; i < hi; i++ {
		b := src[i]
		switch b {
		case '\n':
			lines++
			if lines > maxWrapLines {
				return -1, 0
			}
			k := i + 1
			for k < hi && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r') {
				k++
			}
			if k == hi || src[k] == '\n' {
				return -1, 0
			}
			i = k - 1
			continue
		case ' ', '\t', '\r', '\v', '\f':
			if !w.spaces {
				k := i + 1
				for k < hi && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r') {
					k++
				}
				if k == hi || src[k] != '\n' {
					return -1, 0
				}
			}
			continue
		}
		for _, cl := range w.closers {
			if b == cl[0] && hasPrefixAt(src, hi, i, cl) {
				return i, len(cl)
			}
		}
		if b == w.opener[0] && hasPrefixAt(src, hi, i, w.opener) {
			return -1, 0
		}
	}
	return -1, 0
}

func hasPrefixAt(src []byte, hi, i int, p string) bool {
	return hi-i >= len(p) && string(src[i:i+len(p)]) == p
}

func hasSpace(b []byte) bool {
	for _, c := range b {
		if isSpace(c) {
			return true
		}
	}
	return false
}

// bare delimits a URI that no wrapper encloses: it runs to white space
// (Unicode spaces included), a quote, "<", ">", "`", CJK or fullwidth
// punctuation, then loses its trailing punctuation, unbalanced closing
// brackets and closing quotes.
func bare(src []byte, hi, s, c int, slashes bool) (Link, bool) {
	e := c + 1
	var open, shut [3]int // ( [ {  and  ) ] }
	// A single quote right before the scheme closes at the next one: an
	// attribute value, xmlns='urn:ietf:params:xml:ns:xmpp-streams'.
	squote := s > 0 && src[s-1] == '\''
	for e < hi {
		b := src[e]
		if b < utf8.RuneSelf {
			if endsBareByte(b) || b == '\'' && squote {
				goto end
			}
			switch b {
			case '(':
				open[0]++
			case '[':
				open[1]++
			case '{':
				open[2]++
			case ')':
				shut[0]++
			case ']':
				if shut[1] == open[1] {
					// "]" belongs to a URI only as the end of an IP
					// literal ("http://[::1]/"), and "[1]" of a query
					// stays for the check to report; any other ends it:
					// "[[https://x][text]]" (Org mode), "[https://x](y)".
					goto end
				}
				shut[1]++
			case '}':
				shut[2]++
			case '\\':
				if e+1 < hi && (src[e+1] == '"' || src[e+1] == '\'') {
					goto end // an escaped quote: src=\"https://x\"
				}
			}
			e++
			continue
		}
		r, size := utf8.DecodeRune(src[e:hi])
		if endsBare(r) {
			break
		}
		e += size
	}
end:
	// The mark of emphasis or a table cell right before the scheme closes
	// right after the URI: "*http://x*", "_http://x_", "|http://x|".
	var markup byte
	if s > 0 && (src[s-1] == '*' || src[s-1] == '_' || src[s-1] == '|') {
		markup = src[s-1]
	}
	for e > c+1 {
		switch src[e-1] {
		case '.', ',', ';', ':', '!', '?', '\'':
			e--
			continue
		case markup:
			e--
			markup = 0
			continue
		case ')':
			if shut[0] > open[0] {
				shut[0]--
				e--
				continue
			}
		case ']':
			if shut[1] > open[1] {
				shut[1]--
				e--
				continue
			}
		case '}':
			if shut[2] > open[2] {
				shut[2]--
				e--
				continue
			}
		}
		break
	}
	if slashes {
		e = c + 1 + portListEnd(src[c+1:e])
	}
	if e <= c || policy.BareScheme(src[c+1:e]) || !slashes && !policy.PlausibleOpaque(src[s:c], src[c+1:e]) {
		return Link{}, false
	}
	l := Link{Kind: Bare}
	l.Start.Offset, l.End.Offset = s, e
	return l, true
}

// portListEnd returns where the URI after the scheme's colon, rest
// ("//host:2376,ca=x"), ends when a "," follows the port: a port is
// digits only (RFC 3986 section 3.2.3) and the authority ends at the
// port, so the "," starts what the prose lists next ("host=tcp://h:2376,
// ca=...", "mongodb://h1:27017,h2:27017"). Otherwise len(rest).
func portListEnd(rest []byte) int {
	if len(rest) < 2 || rest[0] != '/' || rest[1] != '/' {
		return len(rest)
	}
	i := 2
	for i < len(rest) && rest[i] != '/' && rest[i] != '?' && rest[i] != '#' {
		if rest[i] == ':' {
			j := i + 1
			for j < len(rest) && '0' <= rest[j] && rest[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(rest) && rest[j] == ',' {
				return j
			}
		}
		i++
	}
	return len(rest)
}

// endsBareByte reports whether an ASCII byte ends a bare URI: white space,
// a control byte (NUL, the ESC of an ANSI colour, DEL), a double quote,
// "<", ">" or "`".
func endsBareByte(b byte) bool {
	if b < 0x20 || b == 0x7f {
		return true
	}
	switch b {
	case ' ', '\t', '\n', '\r', '\v', '\f', '<', '>', '"', '`':
		return true
	}
	return false
}

// endsBare reports whether a non-ASCII rune ends a bare URI: Unicode white
// space, typographic quotes and guillemets, CJK and fullwidth punctuation,
// the em dash and the ellipsis of prose ("see https://x/docs—it").
func endsBare(r rune) bool {
	switch {
	case r == utf8.RuneError:
		return false
	case unicode.IsSpace(r):
		return true
	case r >= 0x2018 && r <= 0x201F, r == 0xAB, r == 0xBB, r == 0x2039, r == 0x203A:
		return true // ‘ ’ ‚ ‛ “ ” „ ‟ « » ‹ ›
	case r == 0x2014, r == 0x2026:
		return true // — …
	case r == 0x200B, r == 0x2060, r == 0xFEFF:
		// Zero width space, word joiner, byte order mark. The zero width
		// joiner and non-joiner stay: they belong inside words of Persian
		// and Indic scripts and of emoji.
		return true
	case r >= 0x3000 && r <= 0x303F:
		return true // CJK symbols and punctuation: 、 。 「 」 ...
	case r >= 0xFF01 && r <= 0xFF0F, r >= 0xFF1A && r <= 0xFF20,
		r >= 0xFF3B && r <= 0xFF40, r >= 0xFF5B && r <= 0xFF65:
		return true // fullwidth punctuation: ！ ， ． ： ； ？ （ ） ...
	}
	return false
}

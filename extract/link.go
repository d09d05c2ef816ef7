package extract

import (
	"slices"
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/textpos"
)

// Kind tells how a URI was delimited or marked up in its source.
type Kind uint8

const (
	// Bare is a URI delimited by whitespace or punctuation only.
	Bare Kind = iota
	// Angle is a URI inside "<" and ">".
	Angle
	// Quoted is a URI inside ASCII double quotes, typographic quotes or
	// guillemets.
	Quoted
	// URLPrefix is a URI after the "URL:" label, inside "<URL:...>" or bare.
	URLPrefix
	// InlineLink is the destination of a Markdown inline link.
	InlineLink
	// Image is the source of a Markdown inline image.
	Image
	// Autolink is a Markdown autolink ("<https://example.com>").
	Autolink
	// Definition is the destination of a Markdown link reference definition.
	Definition
	// HTMLAttr is the value of a URL attribute in HTML: href, src,
	// srcset, action, formaction, cite, poster, data (of object),
	// background, manifest, longdesc or usemap.
	HTMLAttr
	// BrokenLink is the destination of Markdown link syntax that
	// CommonMark does not read as a link because white space breaks the
	// destination: "[the guide](https://docs.example/my guide.pdf)". URI
	// holds the destination, white space and all.
	BrokenLink
)

var kindNames = [...]string{
	Bare:       "bare",
	Angle:      "angle",
	Quoted:     "quoted",
	URLPrefix:  "url-prefix",
	InlineLink: "inline-link",
	Image:      "image",
	Autolink:   "autolink",
	Definition: "definition",
	HTMLAttr:   "html-attr",
	BrokenLink: "broken-link",
}

// String returns the kind's name as used in the output of uriextract -json:
// "bare", "angle", "quoted", "url-prefix", "inline-link", "image",
// "autolink", "definition", "html-attr" or "broken-link".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Position is a place in the source. Line and Column start at 1; Column
// counts bytes, as go/token does, so a tab or a multi-byte character
// advances it by its byte length.
type Position struct {
	Offset int // byte offset, from 0
	Line   int
	Column int
}

// String returns "line:column".
func (p Position) String() string {
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

// Link is one URI occurrence in a document.
type Link struct {
	// URI is the URI as the document means it: the whitespace of a wrapped
	// URI removed, Markdown backslash escapes and character references
	// resolved, "mailto:" added to an e-mail autolink, the spaces and tabs
	// of a Markdown destination in angle brackets percent-encoded as
	// renderers encode them ("<release notes.md>": "release%20notes.md").
	// Nothing else changes: no case folding, no other percent-encoding, no
	// IDN conversion.
	URI string
	// Raw is the source text from Start to End, exactly as written.
	Raw string
	// Start is the position of the first byte of the URI, End the position
	// just past its last byte. Wrappers ("<", "URL:", quotes, Markdown
	// punctuation) lie outside.
	Start, End Position
	// Kind tells how the URI was delimited.
	Kind Kind
	// pre counts the bytes at the start of URI that have no source
	// ("mailto:" of an e-mail autolink).
	pre uint8
	// Alt is set when a line break inside a wrapper came right after a
	// hyphen (RFC 3986 Appendix C): URI keeps the hyphen, Alt is the reading
	// without it. Alt is empty for every other link.
	Alt string
	// Glued is the word glued to the front of the URI in text, a missing
	// space: "great" in "greathttps://example.com/". The URI starts at
	// the scheme that the word hides; Glued lies right before Start.
	// Glued is empty for every other link.
	Glued string
}

// Ambiguous reports whether the link broke across lines right after a
// hyphen, so that the hyphen may or may not belong to the URI.
func (l *Link) Ambiguous() bool { return l.Alt != "" }

// PositionOf returns the source position of byte i of l.URI, for reporting
// a problem found in the URI (such as a uri.Finding's Start) where it is in
// the document. Bytes that have no source of their own (the "mailto:" added
// to an e-mail autolink) map to the start of the link; i == len(l.URI) maps
// to End. For a link written as its URI on one line it costs nothing; for
// another, it costs the length of the link: for many positions in one
// link, use a Locator.
func (l *Link) PositionOf(i int) Position {
	if i > int(l.pre) && i < len(l.URI) && l.URI == l.Raw && l.Start.Line == l.End.Line {
		return Position{Offset: l.Start.Offset + i, Line: l.Start.Line, Column: l.Start.Column + i}
	}
	lc := l.Locator()
	return lc.PositionOf(i)
}

// A Locator maps the bytes of one link's URI to source positions, as
// Link.PositionOf does, at a cost linear in the link's length once and
// then of a binary search over the link's line breaks for each position:
// a link of a megabyte with a finding every few bytes costs a pass, not a
// pass per finding.
type Locator struct {
	l    *Link
	offs []int32 // the offset in l.Raw of each byte of l.URI[l.pre:]; nil when l.URI is l.Raw
	bols []int32 // the offsets in l.Raw just past each line break
}

// Locator returns a Locator for l, which must not change while it is in
// use.
func (l *Link) Locator() Locator {
	lc := Locator{l: l}
	if l.URI != l.Raw {
		lc.offs = align(l.Raw, l.URI[min(int(l.pre), len(l.URI)):])
	}
	if l.Start.Line != l.End.Line {
		for i := 0; i < len(l.Raw); i++ {
			if l.Raw[i] == '\n' {
				lc.bols = append(lc.bols, int32(i+1))
			}
		}
	}
	return lc
}

// PositionOf returns the source position of byte i of the link's URI, as
// Link.PositionOf does.
func (lc *Locator) PositionOf(i int) Position {
	l := lc.l
	switch {
	case i <= int(l.pre):
		return l.Start
	case i >= len(l.URI):
		return l.End
	}
	r := i
	if lc.offs != nil {
		r = int(lc.offs[i-int(l.pre)])
	}
	r = min(r, len(l.Raw))
	p := Position{Offset: l.Start.Offset + r, Line: l.Start.Line, Column: l.Start.Column + r}
	// The line breaks before r: bols[:k].
	k, _ := slices.BinarySearch(lc.bols, int32(r+1))
	if k > 0 {
		p.Line += k
		p.Column = r - int(lc.bols[k-1]) + 1
	}
	return p
}

// lineCounter turns increasing byte offsets into positions in one pass
// (textpos.Lines).
type lineCounter struct{ textpos.Lines }

func newLineCounter(src []byte) lineCounter { return lineCounter{textpos.NewLines(src)} }

// pos returns the position of off. Offsets may go backwards; the counter
// then starts again from the top, which callers avoid by asking in order.
func (lc *lineCounter) pos(off int) Position {
	line, col := lc.At(off)
	return Position{Offset: off, Line: line, Column: col}
}

// endOf returns the position just past raw, which starts at start.
func endOf(start Position, raw string) Position {
	p := start
	p.Offset += len(raw)
	if n := strings.Count(raw, "\n"); n > 0 {
		p.Line += n
		p.Column = len(raw) - strings.LastIndexByte(raw, '\n')
	} else {
		p.Column += len(raw)
	}
	return p
}

package uri

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
	"golang.org/x/text/unicode/norm"
)

// RFC 3987 section 2.2 extends the grammar of RFC 3986 with two classes
// of characters outside ASCII:
//
//	iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
//	ucschar     = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	            / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	            / %xE1000-EFFFD
//	iprivate    = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//
// ucschar may stand wherever unreserved may (iuserinfo, ireg-name, ipchar,
// iquery, ifragment), iprivate only in iquery. The scheme, the port and
// IP literals stay ASCII.

// ucschar reports whether r is in the ucschar rule.
func ucschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false // surrogates and the private-use area
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false // the noncharacters U+FDD0-FDEF
	case r <= 0xFFEF:
		return true
	case r < 0x10000:
		return false // the specials, U+FFFD among them, and U+FFFE, U+FFFF
	case r < 0xE0000:
		return r&0xFFFF <= 0xFFFD // planes 1 to 13 but their last two code points
	case r < 0xE1000:
		return false // tags and variation selectors
	}
	return r <= 0xEFFFD
}

// iprivate reports whether r is in the iprivate rule.
func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// more goes on with a scan of class that stopped at s[j], where the URI
// grammar fails: under modeIRI, over the characters outside ASCII that an
// IRI allows there (with private, iprivate too). It returns where the
// scan stops now, j itself when it cannot go on. The parser calls it only
// where it would fail, so that a URI costs what it cost before IRIs.
func (f *failure) more(s string, j int, class uint16, private bool, m mode) int {
	if m&modeIRI == 0 || s[j] < 0x80 {
		return j
	}
	return scanIRI(s, j, class, private, f)
}

// scanIRI goes on from s[i], the first byte of a character outside
// ASCII where scan stopped, over the characters of class, ucschar and
// (with private) iprivate, recording in f that s is an IRI; it stops at
// invalid UTF-8 too.
func scanIRI(s string, i int, class uint16, private bool, f *failure) int {
	for i < len(s) {
		if s[i] < 0x80 {
			j := scan(s, i, class)
			if j == i {
				break
			}
			i = j
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		// A RuneError of invalid UTF-8 (n == 1) is no ucschar: U+FFFD
		// is none either.
		if !ucschar(r) && !(private && iprivate(r)) {
			break
		}
		f.iri = true
		i += n
	}
	return i
}

// nonASCIIDetail says why the character at s[i], not ASCII, cannot stand
// in component c of an IRI.
func nonASCIIDetail(s string, i int, c Component) string {
	switch c {
	case ComponentScheme:
		return "an IRI's scheme is ASCII like a URI's"
	case ComponentPort:
		return "an IRI's port is ASCII digits like a URI's"
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n <= 1:
		return "invalid UTF-8"
	case iprivate(r):
		return fmt.Sprintf("%U is a private-use character, which an IRI allows only in the query", r)
	}
	return fmt.Sprintf("%U is not allowed in an IRI", r)
}

// nonASCIIScheme returns the offset of the first byte above 0x7F in
// prefix, the text before the first ":", when prefix is otherwise a
// scheme (it begins with a letter and its ASCII bytes are scheme
// characters), or -1.
func nonASCIIScheme(prefix string) int {
	if prefix == "" || !is(prefix[0], cAlpha) {
		return -1
	}
	k := -1
	for i := 1; i < len(prefix); i++ {
		switch c := prefix[i]; {
		case c >= 0x80:
			if k < 0 {
				k = i
			}
		case !is(c, cScheme):
			return -1
		}
	}
	return k
}

// hasNonASCII reports whether s holds a byte above 0x7F.
func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// ToURI returns the URI form of the IRI reference s (RFC 3987 section
// 3.1): every character outside ASCII in the userinfo, path, query and
// fragment is percent-encoded as UTF-8, and every host label outside
// ASCII becomes its A-label by UTS #46 ToASCII (the lookup profile of
// golang.org/x/net/idna, which net/http uses). A label that UTS #46
// rejects is percent-encoded instead, as section 3.1 does by default;
// Check reports such a host as malformed. Characters are mapped as they
// are, not normalized: Normalize does that.
//
// When s is already a URI, ToURI returns s itself and allocates nothing.
// The error is the *Error of Options{IRI: true}.Parse when s is no IRI
// reference.
func ToURI(s string) (string, error) { return Options{}.ToURI(s) }

// ToURI is the package's ToURI under the options o; it takes IRIs
// whatever o.IRI says.
func (o Options) ToURI(s string) (string, error) {
	var u URI
	var f failure
	if !parseWith(s, &u, &f, o.mode()|modeIRI) {
		return "", f.err("parse", s)
	}
	if !f.iri {
		return s, nil
	}
	host := ""
	if hasNonASCII(u.Host) {
		h := checkHost(s, &u, true)
		host = h.ascii
	}
	return ApplyEdits(s, uriFormEdits(s, &u, host, nil)), nil
}

// uriFormEdits appends the edits that map s, an IRI parsed into u, to its
// URI form: one per run of non-ASCII bytes outside the host, each
// percent-encoded, and one that writes host for the host unless host is
// "" or the host as it is.
func uriFormEdits(s string, u *URI, host string, edits []Edit) []Edit {
	for c := ComponentUserinfo; c <= ComponentFragment; c++ {
		start, end := u.Span(c)
		switch c {
		case ComponentPort:
			continue
		case ComponentHost:
			if host != "" && host != u.Host {
				edits = append(edits, Edit{start, end, host})
			}
			continue
		}
		for i := start; i < end; i++ {
			if s[i] < 0x80 {
				continue
			}
			j := i
			for j < end && s[j] >= 0x80 {
				j++
			}
			edits = append(edits, Edit{i, j, pctNonASCII(s[i:j])})
			i = j
		}
	}
	return edits
}

// ToIRI returns the IRI form of the URI reference s (RFC 3987 section
// 3.2): the percent-encoded UTF-8 of characters that an IRI allows
// (ucschar, and iprivate in the query) is decoded in the userinfo, path,
// query and fragment. Everything else keeps its percent-encoding as
// written: ASCII characters, bytes that are not UTF-8, the bidirectional
// controls that section 4.1 forbids, and characters that would not be in
// NFC where they stand (a combining mark after a letter), which an IRI
// should not hold (section 5.3.2.2) and Check would report. The host is
// left as it
// is, A-labels and percent-encodings alike: which form of a host name to
// show a reader is a decision about look-alikes (section 8, and Check's
// mixed-script), not about syntax.
//
// s may already be an IRI. When nothing is decoded, ToIRI returns s
// itself. The error is the *Error of Options{IRI: true}.Parse when s is
// no IRI reference.
func ToIRI(s string) (string, error) { return Options{}.ToIRI(s) }

// ToIRI is the package's ToIRI under the options o; it takes IRIs
// whatever o.IRI says.
func (o Options) ToIRI(s string) (string, error) {
	var u URI
	var f failure
	if !parseWith(s, &u, &f, o.mode()|modeIRI) {
		return "", f.err("parse", s)
	}
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	var b strings.Builder
	at := 0 // s[:at] is written to b, or matched while b is empty
	for c := ComponentUserinfo; c <= ComponentFragment; c++ {
		if c == ComponentHost || c == ComponentPort {
			continue
		}
		start, end := u.Span(c)
		for i := start; i < end; {
			j, dec := decodeRun(s, i, end, c == ComponentQuery)
			if j == i {
				i++
				continue
			}
			if !nfcInContext(s, i, j, dec) {
				i += 3 // try again from the next character
				continue
			}
			if b.Len() == 0 {
				b.Grow(len(s))
			}
			b.WriteString(s[at:i])
			b.WriteString(dec)
			at, i = j, j
		}
	}
	if at == 0 {
		return s, nil
	}
	b.WriteString(s[at:])
	return b.String(), nil
}

// nfcInContext reports whether s with s[i:j] replaced by dec stays in NFC
// around it.
func nfcInContext(s string, i, j int, dec string) bool {
	_, p := utf8.DecodeLastRuneInString(s[:i])
	_, n := utf8.DecodeRuneInString(s[j:])
	return norm.NFC.IsNormalString(s[i-p:i] + dec + s[j:j+n])
}

// decodeRun decodes the percent-encoded UTF-8 of one character that an
// IRI allows at s[i:end], and of the characters that follow it likewise,
// returning where the run ends and its text; j == i when s[i] starts no
// such character.
func decodeRun(s string, i, end int, private bool) (j int, text string) {
	var buf [utf8.UTFMax]byte
	j = i
	var out []byte
	for j < end {
		c, ok := pctByteAt(s, j, end)
		if !ok {
			break
		}
		n := utf8Len(c)
		if n == 0 {
			break
		}
		k := 0
		for ; k < n; k++ {
			d, ok := pctByteAt(s, j+3*k, end)
			if !ok {
				break
			}
			buf[k] = d
		}
		if k < n {
			break
		}
		r, size := utf8.DecodeRune(buf[:n])
		if size != n || !(ucschar(r) || private && iprivate(r)) || bidiControl(r) {
			break
		}
		out = append(out, buf[:n]...)
		j += 3 * n
	}
	return j, string(out)
}

// pctByteAt decodes the percent-encoding at s[i] when it lies before end.
func pctByteAt(s string, i, end int) (byte, bool) {
	if i+3 > end {
		return 0, false
	}
	return abnf.PctByte(s, i)
}

// utf8Len returns the length of the UTF-8 sequence that c leads, or 0.
func utf8Len(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}

// bidiControl reports whether r is one of the bidirectional formatting
// characters that RFC 3987 section 4.1 forbids in IRIs: LRM, RLM, the
// embeddings and overrides U+202A-202E, and the isolates U+2066-2069.
func bidiControl(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

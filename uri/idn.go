package uri

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
)

// Internationalized host names. A host label that is not ASCII, or that
// is an A-label ("xn--" and Punycode, RFC 3492), is processed by UTS #46
// with the lookup profile of golang.org/x/net/idna, the one net/http
// uses: it maps the label (case, width, compatibility forms), then
// validates it (disallowed code points, hyphens, the joiner contexts of
// RFC 5892, the Bidi Rule of RFC 5893). Other ASCII labels are left to
// RFC 3986, which allows any reg-name.

// idnHost is what checkHost learned about a host.
type idnHost struct {
	// ascii is the host with every processed label as its A-label and
	// "." for every label separator: the host of the URI form. It is ""
	// when no label was processed.
	ascii string
	// unicode is the host with every processed label as its U-label, for
	// messages.
	unicode string
	// labels are the processed labels.
	labels []idnLabel
	// bad is set when some label is invalid: off is its offset in the
	// checked string and detail says why.
	bad      bool
	off, end int
	detail   string
}

// idnLabel is one processed label.
type idnLabel struct {
	start, end int    // the label in the checked string
	unicode    string // its U-label, mapped by UTS #46
}

// hasACELabel reports whether host has a label that begins with "xn--",
// in any case. It allocates nothing and, for a host without one, costs a
// few nanoseconds: Check asks it of every ASCII host.
func hasACELabel(host string) bool {
	for i := 3; i < len(host); i++ {
		if host[i] == '-' && host[i-1] == '-' && (i == 3 || host[i-4] == '.') &&
			lower(host[i-2]) == 'n' && lower(host[i-3]) == 'x' {
			return true
		}
	}
	return false
}

// pctHigh reports whether s percent-encodes a byte above 0x7F.
func pctHigh(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if c, ok := abnf.PctByte(s, i); ok && c >= 0x80 {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// isACE reports whether label begins with the ACE prefix "xn--", in any
// case.
func isACE(label string) bool {
	return len(label) >= 4 && lower(label[0]) == 'x' && lower(label[1]) == 'n' && label[2] == '-' && label[3] == '-'
}

// labelSep returns the length of the label separator at host[i]: "." or
// one of the three that UTS #46 maps to it (U+3002 IDEOGRAPHIC FULL STOP,
// U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP), or
// 0.
func labelSep(host string, i int) int {
	if host[i] == '.' {
		return 1
	}
	if host[i] < 0x80 {
		return 0
	}
	switch r, n := utf8.DecodeRuneInString(host[i:]); r {
	case 0x3002, 0xFF0E, 0xFF61:
		return n
	}
	return 0
}

// checkHost processes the labels of u's reg-name host, parsed from s,
// that need UTS #46: those outside ASCII and the A-labels. The first
// invalid label sets h.bad and ends the work, unless lenient is set: then
// its bytes outside ASCII are percent-encoded in h.ascii instead, as
// ToURI does, and labels whose percent-encodings decode to characters
// outside ASCII are processed too, as RFC 3986 section 3.2.2 reads them.
func checkHost(s string, u *URI, lenient bool) idnHost {
	var h idnHost
	if u.HostKind != HostRegName || !hasNonASCII(u.Host) && !hasACELabel(u.Host) && !(lenient && pctHigh(u.Host)) {
		return h
	}
	base, _ := u.Span(ComponentHost)
	host := u.Host
	var a strings.Builder // the ASCII form
	a.Grow(len(host) + 16)
	var w strings.Builder // the Unicode form, once an A-label is decoded
	wAt := 0              // host[:wAt] is in w
	rtl := false
	for i, j, sep := 0, 0, 0; i <= len(host); i = j + sep {
		j, sep = nextLabel(host, i)
		text := host[i:j]
		if !isACE(text) && !hasNonASCII(text) && !(lenient && pctHigh(text)) {
			a.WriteString(text)
		} else {
			alabel, ulabel, why := idnLabelForms(text)
			switch {
			case why == "":
				h.labels = append(h.labels, idnLabel{base + i, base + j, ulabel})
				rtl = rtl || bidirule.DirectionString(ulabel) == bidi.RightToLeft
				if ulabel != text {
					w.WriteString(host[wAt:i])
					w.WriteString(ulabel)
					wAt = j
				}
			case lenient:
				alabel = pctNonASCII(text)
			default:
				h.bad, h.off, h.end, h.detail = true, base+i, base+j, why
				return h
			}
			a.WriteString(alabel)
		}
		if sep == 0 {
			break
		}
		a.WriteByte('.')
	}
	h.ascii, h.unicode = a.String(), host
	if wAt > 0 {
		w.WriteString(host[wAt:])
		h.unicode = w.String()
	}
	if rtl && !lenient {
		// RFC 5893 section 1.4: in a domain name with a right-to-left
		// label, every label must satisfy the Bidi Rule.
		k := 0 // the next of h.labels
		for i, j, sep := 0, 0, 0; i <= len(host); i = j + sep {
			j, sep = nextLabel(host, i)
			text := host[i:j]
			if k < len(h.labels) && h.labels[k].start == base+i {
				text = h.labels[k].unicode
				k++
			}
			if !bidirule.ValidString(text) {
				h.bad, h.off, h.end = true, base+i, base+j
				h.detail = "label " + strconv.Quote(text) + " breaks the Bidi Rule of RFC 5893, which binds every label of a domain name with a right-to-left label"
				return h
			}
			if sep == 0 {
				break
			}
		}
	}
	return h
}

// nextLabel returns the end of the label of host that starts at i, and
// the length of the separator after it (0 at the end of host).
func nextLabel(host string, i int) (end, sep int) {
	for j := i; j < len(host); j++ {
		if sep = labelSep(host, j); sep > 0 {
			return j, sep
		}
	}
	return len(host), 0
}

// pctNonASCII percent-encodes the bytes of s above 0x7F.
func pctNonASCII(s string) string {
	var b strings.Builder
	b.Grow(3 * len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x80 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

// idnLabelForms returns the A-label and the U-label of label by UTS #46,
// or why label is invalid. The U-label of a label outside ASCII is label
// as written (its script is what a reader sees); that of an A-label is
// decoded.
func idnLabelForms(label string) (alabel, ulabel, why string) {
	text := label
	if strings.IndexByte(label, '%') >= 0 {
		// RFC 3986 section 3.2.2: a percent-encoded reg-name is UTF-8.
		text, _ = Unescape(label) // Parse let only valid escapes through
		if !utf8.ValidString(text) {
			return "", "", quoteLabel(label) + " has percent-encoded bytes that are not UTF-8"
		}
	}
	var err error
	if isACE(text) && hasNonASCII(text) {
		// An A-label is ASCII by definition (RFC 5890 section 2.3.2.1);
		// one written with percent-encoded UTF-8 ("xn--%C3%A4b") is none,
		// and the library would keep its bytes as they are.
		return "", "", quoteLabel(label) + " starts with \"xn--\" but has characters outside ASCII, which no A-label has"
	}
	if isACE(text) {
		// ToUnicode validates as ToASCII does, and decodes.
		alabel = strings.ToLower(text)
		ulabel, err = idna.Lookup.ToUnicode(text)
	} else {
		ulabel = text
		alabel, err = idna.Lookup.ToASCII(text)
	}
	if err != nil {
		why := idnReason(text)
		if why == "" {
			why = "is not a valid label"
		}
		return "", "", quoteLabel(label) + " " + why + "; " + err.Error()
	}
	return alabel, ulabel, ""
}

func quoteLabel(label string) string { return "label " + strconv.Quote(label) }

// idnReason says, where it can tell, which rule of UTS #46 the label
// text breaks, and "" where it cannot; the library's own message names
// the rule only by its label or code point.
func idnReason(text string) string {
	if isACE(text) {
		u, err := idna.Punycode.ToUnicode(strings.ToLower(text))
		switch {
		case err != nil:
			return "is not valid Punycode (RFC 3492)"
		case !hasNonASCII(u):
			return "is an A-label that encodes only ASCII"
		}
		if why := idnReason(u); why != "" {
			return "decodes to " + strconv.Quote(u) + ", which " + why
		}
		return "decodes to " + strconv.Quote(u) + ", which is not a valid label"
	}
	first, _ := utf8.DecodeRuneInString(text)
	switch {
	case strings.Contains(text, "\u200c") || strings.Contains(text, "\u200d"):
		return "has a zero-width joiner or non-joiner outside the contexts of RFC 5892"
	case strings.HasPrefix(text, "-") || strings.HasSuffix(text, "-"):
		return "begins or ends with a hyphen"
	case len(text) >= 4 && text[2:4] == "--":
		return `has "--" in its third and fourth places, which are reserved`
	case unicode.Is(unicode.M, first):
		return "begins with a combining mark"
	case bidirule.DirectionString(text) == bidi.RightToLeft && !bidirule.ValidString(text):
		return "breaks the Bidi Rule of RFC 5893"
	}
	return ""
}

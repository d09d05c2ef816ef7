package uri

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"golang.org/x/text/unicode/norm"
)

// RFC 3987 section 5.3.2.2: "Equivalence of IRIs MUST rely on the
// assumption that IRIs are appropriately pre-character-normalized rather
// than apply character normalization when comparing two IRIs", and NFC
// is the normalization it asks producers for. So NFC is a rule of
// Normalize (RuleNFC) and a finding of Check (not-nfc), and no level of
// Equivalent. NFC is not always safe to apply to a reference, though: it composes "=" and U+0338 into "≠", taking a
// delimiter away, a letter of "%4A" with a combining mark into a letter
// that breaks the percent-encoding, and it maps U+037E GREEK QUESTION
// MARK to ";" and U+1FEF GREEK VARIA to "`". So NFC is applied segment by
// segment (as package norm cuts the text), and a segment only when it
// changes no ASCII character but an unreserved letter outside a
// percent-encoding that a combining mark joins.

// isNFC reports whether s is in NFC. The quick check of package norm
// answers for most text without allocating; IsNormalString, which
// allocates, decides the rest.
func isNFC(s string) bool {
	return norm.NFC.QuickSpanString(s) == len(s) || norm.NFC.IsNormalString(s)
}

// nfcChanges calls fn, in order, for each segment of s that NFC changes,
// with its NFC form and whether replacing it keeps the syntax of the
// reference. It allocates nothing when s is in NFC.
func nfcChanges(s string, fn func(start, end int, nfc string, safe bool)) {
	if isNFC(s) {
		return
	}
	for i := 0; i < len(s); {
		n := norm.NFC.NextBoundaryInString(s[i:], true)
		if n <= 0 {
			n = len(s) - i
		}
		seg := s[i : i+n]
		if !norm.NFC.IsNormalString(seg) {
			out := norm.NFC.String(seg)
			fn(i, i+n, out, nfcSafe(s, i, seg, out))
		}
		i += n
	}
}

// nfcSafe reports whether the segment seg at s[i:] may become out, its
// NFC form: out holds no ASCII but, unchanged at its start, seg's own
// first byte; and if that byte is ASCII and out drops it, it is a letter
// outside a percent-encoding.
func nfcSafe(s string, i int, seg, out string) bool {
	lead := seg[0] < 0x80
	for k := 0; k < len(out); k++ {
		if out[k] < 0x80 && !(k == 0 && lead && out[0] == seg[0]) {
			return false
		}
	}
	if lead && (out == "" || out[0] != seg[0]) {
		_, pct1 := abnf.PctByte(s, i-1)
		_, pct2 := abnf.PctByte(s, i-2)
		return is(seg[0], cAlpha) && !pct1 && !pct2
	}
	return true
}

// nfcSafeForm returns s with every segment that NFC changes safely in
// NFC; s itself, without allocating, when there is none.
func nfcSafeForm(s string) string {
	if isNFC(s) {
		return s
	}
	var b strings.Builder
	at := 0
	nfcChanges(s, func(start, end int, nfc string, safe bool) {
		if !safe {
			return
		}
		b.WriteString(s[at:start])
		b.WriteString(nfc)
		at = end
	})
	if at == 0 {
		return s
	}
	b.WriteString(s[at:])
	return b.String()
}

package site

import (
	"strconv"
	"strings"
)

// redcarpetStripped are the ASCII characters Redcarpet's with_toc_data
// turns into a dash (html.c, rndr_header_anchor), besides white space
// and every byte of a non-ASCII character.
const redcarpetStripped = " -&+$,/:;=?@\"#{}|^~[]`\\*()%.!'"

// redcarpetSlug is the id Redcarpet's HTML renderer with with_toc_data
// (Jekyll 3's markdown: redcarpet) gives a heading of this text: its
// rendered content read byte by byte, tags and entities skipped (the
// "&", "<", ">", '"' and "'" of the text are entities there), ASCII
// letters and digits lower-cased, each run of other bytes one dash, and
// none at either end. A heading with no such letter is "part-" and the
// djb2 hash of its content, in hex. A repeated heading keeps the same
// id (dupKept).
func redcarpetSlug(text string) string {
	var b strings.Builder
	stripped, inserted := false, 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '&' || c == '<' || c == '>' || c == '"' || c == '\'':
			// An entity in the rendered heading, skipped whole.
		case c >= 0x80 || c == '\t' || c == '\n' || strings.IndexByte(redcarpetStripped, c) >= 0:
			if inserted > 0 && !stripped {
				b.WriteByte('-')
			}
			stripped = true
		default:
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			stripped = false
			inserted++
		}
	}
	out := b.String()
	if stripped && inserted > 0 {
		out = out[:len(out)-1]
	}
	if inserted == 0 && text != "" {
		// The hash is of the rendered content: the text with its
		// entities written as Redcarpet writes them.
		var h uint64 = 5381
		for _, c := range []byte(redcarpetEscape(text)) {
			h = h*33 + uint64(c)
		}
		out = "part-" + strconv.FormatUint(h, 16)
	}
	return out
}

// redcarpetEscape writes text as Redcarpet's renderer escapes it
// (houdini's escape_html, not secure: "/" kept).
func redcarpetEscape(text string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace(text)
}

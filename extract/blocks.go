package extract

import "bytes"

// Python-Markdown's admonition and pymdownx.details ("!!! note",
// "??? note", "???+ note") and pymdownx.tabbed ("=== \"Tab\"") open a
// block whose body is the Markdown indented four spaces below the line
// (https://python-markdown.github.io/extensions/admonition/,
// https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/).
// To CommonMark that body is indented code, whose links are no links;
// MkDocs renders it as Markdown, links and headings too.
//
// blockBodies returns src with each such opening line's marker turned
// into a list item marker of the same length ("!!!" into "-  ",
// "???+" into "-  ?"), so that the body parses as the item's Markdown:
// every byte keeps its offset, and only the marker's bytes differ from
// src (callers read text from src, never from what was parsed). A src
// without such a line is returned as it is, without a copy.
func blockBodies(src []byte) []byte {
	if !bytes.Contains(src, []byte("!!! ")) && !bytes.Contains(src, []byte("??? ")) && !bytes.Contains(src, []byte("???+ ")) && !bytes.Contains(src, []byte("=== \"")) && !bytes.Contains(src, []byte("===+ \"")) && !bytes.Contains(src, []byte("===! \"")) {
		return src
	}
	out := src
	copied := false
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		i := start
		for i < end && src[i] == ' ' {
			i++
		}
		if n := blockMarker(src[i:end]); n > 0 {
			if !copied {
				out = append([]byte(nil), src...)
				copied = true
			}
			out[i], out[i+1], out[i+2] = '-', ' ', ' '
			if n == 4 {
				out[i+3] = '?' // text of the item, not a marker of its own
			}
		}
		start = end + 1
	}
	return out
}

// blockMarker returns the length of the block opener line begins with
// ("!!!", "???", "???+", "===", "===+", "===!"), followed by a space and
// the block's type or title, or 0.
func blockMarker(line []byte) int {
	if len(line) < 5 {
		return 0
	}
	c := line[0]
	if c != '!' && c != '?' && c != '=' || line[1] != c || line[2] != c {
		return 0
	}
	n := 3
	if c == '?' && line[3] == '+' || c == '=' && (line[3] == '+' || line[3] == '!') {
		n = 4
	}
	if n >= len(line)-1 || line[n] != ' ' {
		return 0
	}
	rest := line[n+1:]
	switch c {
	case '=':
		if rest[0] != '"' {
			return 0 // "=== x" is no tab; "===" alone a setext underline
		}
	default:
		if !(rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z' || rest[0] == '"') {
			return 0
		}
	}
	return n
}

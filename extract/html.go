package extract

import (
	"bytes"

	"github.com/urilint/urilint/internal/abnf"
)

// htmlAttrs adds the values of the URL attributes (isURLAttr, and srcset)
// of the HTML tags in src[lo:hi], character references resolved.
// Relative references count: they are what the document links to.
// Comments and end tags are skipped; text between tags is not looked at.
func htmlAttrs(src []byte, lo, hi int, links []Link) []Link {
	i := lo
	for i < hi {
		k := bytes.IndexByte(src[i:hi], '<')
		if k < 0 {
			break
		}
		i += k + 1
		if i >= hi {
			break
		}
		switch {
		case bytes.HasPrefix(src[i:hi], []byte("!--")):
			if e := bytes.Index(src[i+3:hi], []byte("-->")); e >= 0 {
				i += 3 + e + 3
			} else {
				i = hi
			}
			continue
		case !isAlpha(src[i]):
			continue // end tag, declaration, or a "<" in text
		}
		tag := i
		for i < hi && !isSpace(src[i]) && src[i] != '>' && src[i] != '/' {
			i++
		}
		i, links = attributes(src, src[tag:i], i, hi, links)
	}
	return links
}

// attributes reads the attributes of the start tag named tag from
// src[i:hi] up to its ">", adding the URIs of its URL attributes, and
// returns where the tag ends.
func attributes(src, tag []byte, i, hi int, links []Link) (int, []Link) {
	for i < hi {
		for i < hi && (isSpace(src[i]) || src[i] == '/') {
			i++
		}
		if i >= hi || src[i] == '>' || src[i] == '<' {
			return i, links
		}
		ns := i
		for i < hi && !isSpace(src[i]) && src[i] != '=' && src[i] != '>' && src[i] != '/' && src[i] != '<' {
			i++
		}
		if i == ns {
			i++
			continue
		}
		name := src[ns:i]
		j := i
		for j < hi && isSpace(src[j]) {
			j++
		}
		if j >= hi || src[j] != '=' {
			continue
		}
		j++
		for j < hi && isSpace(src[j]) {
			j++
		}
		var vs, ve int
		if j < hi && (src[j] == '"' || src[j] == '\'') {
			q := src[j]
			vs = j + 1
			e := bytes.IndexByte(src[vs:hi], q)
			if e < 0 {
				return hi, links
			}
			ve = vs + e
			i = ve + 1
		} else {
			vs = j
			for j < hi && !isSpace(src[j]) && src[j] != '>' {
				j++
			}
			ve = j
			i = j
		}
		switch {
		case isURLAttr(tag, name):
			for vs < ve && isSpace(src[vs]) {
				vs++
			}
			for ve > vs && isSpace(src[ve-1]) {
				ve--
			}
			if vs < ve && !isShortcode(src[vs:ve]) {
				links = append(links, escapedLink(src, vs, ve, HTMLAttr, htmlUnescape))
			}
		case abnf.FoldEq("srcset", name):
			links = srcset(src, vs, ve, links)
		}
	}
	return i, links
}

// isURLAttr reports whether the attribute name of an element tag holds
// one URL, by the HTML standard: href, src, action and formaction (forms),
// cite (blockquote, q, del, ins), poster (video), data (object),
// background (body, table: obsolete but still written), manifest (html),
// longdesc (img, frame) and usemap (img, object: a "#name" reference).
func isURLAttr(tag, name []byte) bool {
	if len(name) == 0 {
		return false
	}
	switch name[0] | 0x20 {
	case 'a':
		return abnf.FoldEq("action", name)
	case 'b':
		return abnf.FoldEq("background", name)
	case 'c':
		return abnf.FoldEq("cite", name)
	case 'd':
		return abnf.FoldEq("data", name) && abnf.FoldEq("object", tag)
	case 'f':
		return abnf.FoldEq("formaction", name)
	case 'h':
		return abnf.FoldEq("href", name)
	case 'l':
		return abnf.FoldEq("longdesc", name)
	case 'm':
		return abnf.FoldEq("manifest", name)
	case 'p':
		return abnf.FoldEq("poster", name)
	case 's':
		return abnf.FoldEq("src", name)
	case 'u':
		return abnf.FoldEq("usemap", name)
	}
	return false
}

// srcset adds the URLs of a srcset value: comma-separated image candidates,
// each a URL (no white space) and optional descriptors.
func srcset(src []byte, i, hi int, links []Link) []Link {
	for i < hi {
		for i < hi && (isSpace(src[i]) || src[i] == ',') {
			i++
		}
		s := i
		for i < hi && !isSpace(src[i]) {
			i++
		}
		e := i
		if e > s && src[e-1] == ',' {
			for e > s && src[e-1] == ',' {
				e--
			}
		} else {
			for i < hi && src[i] != ',' { // descriptors
				i++
			}
		}
		if e > s {
			links = append(links, escapedLink(src, s, e, HTMLAttr, htmlUnescape))
		}
	}
	return links
}

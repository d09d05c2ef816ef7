package extract

import "bytes"

// htmlAttrs adds the href, src and srcset values of the HTML tags in
// src[lo:hi], character references resolved. Relative references count:
// they are what the document links to. Comments and end tags are skipped;
// text between tags is not looked at.
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
		for i < hi && !isSpace(src[i]) && src[i] != '>' && src[i] != '/' {
			i++
		}
		i, links = attributes(src, i, hi, links)
	}
	return links
}

// attributes reads the attributes of a start tag from src[i:hi] up to its
// ">", adding the URIs of href, src and srcset, and returns where the tag
// ends.
func attributes(src []byte, i, hi int, links []Link) (int, []Link) {
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
		case equalFold(name, "href"), equalFold(name, "src"):
			for vs < ve && isSpace(src[vs]) {
				vs++
			}
			for ve > vs && isSpace(src[ve-1]) {
				ve--
			}
			if vs < ve {
				links = append(links, escapedLink(src, vs, ve, HTMLAttr, htmlUnescape))
			}
		case equalFold(name, "srcset"):
			links = srcset(src, vs, ve, links)
		}
	}
	return i, links
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

func equalFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := range b {
		if b[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

package remote

import (
	"io"
	"slices"

	"github.com/urilint/urilint/uri"
	"golang.org/x/net/html"
)

// readAnchors returns the ids of the elements, and the names of the a
// elements, in the first limit bytes of the HTML page r, and whether the
// page goes on beyond them. The tokenizer reads attributes without
// building a tree.
func readAnchors(r io.Reader, limit int64) (anchors []string, truncated bool, err error) {
	lr := &io.LimitedReader{R: r, N: limit}
	z := html.NewTokenizer(lr)
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return anchors, false, z.Err()
			}
			if lr.N == 0 {
				var b [1]byte
				n, _ := io.ReadFull(r, b[:])
				truncated = n > 0
			}
			return anchors, truncated, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			isA := string(name) == "a"
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				if len(val) > 0 && (string(key) == "id" || isA && string(key) == "name") {
					anchors = append(anchors, string(val))
				}
			}
		}
	}
}

// hasAnchor reports whether the sorted anchors hold frag, as written or
// percent-decoded (the HTML standard tries both), or with GitHub's
// "user-content-" prefix, which its pages give the ids of rendered
// Markdown while a script scrolls to the plain name.
func hasAnchor(anchors []string, frag string) bool {
	names := []string{frag}
	if dec, err := uri.Unescape(frag); err == nil && dec != frag {
		names = append(names, dec)
	}
	for _, n := range names {
		for _, a := range []string{n, "user-content-" + n} {
			if _, ok := slices.BinarySearch(anchors, a); ok {
				return true
			}
		}
	}
	return false
}

package remote

import (
	"io"
	"slices"

	forge "github.com/urilint/urilint/internal/anchor"
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

// hasAnchor reports whether the sorted anchors hold frag by the rules of
// package internal/anchor: as written, then percent-decoded (the HTML standard
// tries both), with or without GitHub's "user-content-" prefix, which its
// pages give the ids of rendered Markdown while a script scrolls to the
// plain name.
func hasAnchor(anchors []string, frag string) bool {
	_, ok := forge.Lookup(func(n string) bool {
		_, ok := slices.BinarySearch(anchors, n)
		return ok
	}, frag, forge.Rules{Prefix: "user-content-"})
	return ok
}

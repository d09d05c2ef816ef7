package remote

import (
	"io"
	"slices"

	forge "github.com/urilint/urilint/internal/anchor"
	"golang.org/x/net/html"
)

// readAnchors returns the ids of the elements, and the names of the a
// elements, in the first limit bytes of the HTML page r (as the
// tokenizer reads them, a buffer at a time), and whether the page goes
// on beyond them (truncated). On a longer page, the rest is read up to
// stream more bytes for the anchors that frags name, and nothing else is
// kept: complete says whether the page was read to its end, so that a
// fragment of frags not among the anchors is not on it. The tokenizer
// reads attributes without building a tree. An error past the limit
// (the request's time ran out) only leaves complete false.
func readAnchors(r io.Reader, limit int64, frags []string, stream int64) (anchors []string, truncated, complete bool, err error) {
	bound := limit
	if len(frags) > 0 && stream > 0 {
		bound += stream
	}
	cr := &countingReader{r: io.LimitReader(r, bound)}
	z := html.NewTokenizer(cr)
	for {
		switch z.Next() {
		case html.ErrorToken:
			truncated = cr.n > limit
			if z.Err() != io.EOF {
				if truncated {
					return anchors, true, false, nil
				}
				return anchors, false, false, z.Err()
			}
			if cr.n < bound {
				return anchors, truncated, true, nil
			}
			// The bound was reached: does the page go on?
			var b [1]byte
			if n, _ := io.ReadFull(r, b[:]); n == 0 {
				return anchors, truncated, true, nil
			}
			return anchors, true, false, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			if cr.n <= limit {
				anchors = appendAnchors(anchors, z, nil)
			} else {
				anchors = appendAnchors(anchors, z, frags)
			}
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// appendAnchors appends the id of the tag z is on, and its name when it
// is an a element; only those that match one of frags, unless frags is
// nil.
func appendAnchors(anchors []string, z *html.Tokenizer, frags []string) []string {
	name, more := z.TagName()
	isA := string(name) == "a"
	for more {
		var key, val []byte
		key, val, more = z.TagAttr()
		if len(val) > 0 && (string(key) == "id" || isA && string(key) == "name") {
			if frags == nil || slices.ContainsFunc(frags, func(f string) bool { return hasAnchor([]string{string(val)}, f) }) {
				anchors = append(anchors, string(val))
			}
		}
	}
	return anchors
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

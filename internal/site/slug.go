package site

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/urilint/urilint/extract"
)

// HeadingIDs returns the ids the publisher gives headings with these
// texts, in document order (a repeated id is numbered as the publisher
// numbers it), or nil when they are the GitHub slugs that package extract
// computes.
func (s *Site) HeadingIDs(texts []string) []string {
	if s.slug == nil {
		return nil
	}
	used := map[string]bool{}
	count := map[string]int{}
	out := make([]string, 0, len(texts))
	for _, t := range texts {
		base := s.slug(t)
		id := base
		for used[id] && !s.dupKept {
			count[base]++
			id = base + s.dupSep + strconv.Itoa(count[base])
		}
		used[id] = true
		out = append(out, id)
	}
	return out
}

// HeadingIDVariant returns another id a heading with this text may
// have (the generator's choice is not known), and whether there is one.
func (s *Site) HeadingIDVariant(text string) (string, bool) {
	if s.headingVariant == nil {
		return "", false
	}
	v := s.headingVariant(text)
	if v == "" {
		return "", false // most headings: none, and no slug made
	}
	return v, v != s.Slug(text)
}

// FootnoteIDs returns the ids of the note and of its first reference
// for the footnote labelled label ("[^label]"), as the publisher writes
// them (Python-Markdown's footnotes: "fn:label", "fnref:label"); ok is
// false when the model makes none.
func (s *Site) FootnoteIDs(label string) (note, ref string, ok bool) {
	if s.footnoteSep == "" {
		return "", "", false
	}
	return "fn" + s.footnoteSep + label, "fnref" + s.footnoteSep + label, true
}

// TermIDs reports whether definition terms get ids as headings do.
func (s *Site) TermIDs() bool { return s.termIDs }

// TabIDs reports whether content tabs ("=== \"Title\"") get ids from
// their titles.
func (s *Site) TabIDs() bool { return s.tabIDs }

// TabIndexIDs reports whether content tabs get ids from their places:
// PyMdown's tabbed without slugify gives the radio input of tab j of the
// page's set i the id "__tabbed_i_j", sets numbered in the order they
// open.
func (s *Site) TabIndexIDs() bool { return s.tabIndexes }

// TermAnchors returns the ids the publisher gives definition terms with
// these texts, made as heading ids are.
func (s *Site) TermAnchors(terms []string) []string {
	if ids := s.HeadingIDs(terms); ids != nil {
		return ids
	}
	var sl extract.Slugger
	out := make([]string, len(terms))
	for i, t := range terms {
		out[i] = sl.Slug(t)
	}
	return out
}

// DupSep returns what comes between a repeated heading's id and its
// number ("-" on GitHub, "_" on MkDocs).
func (s *Site) DupSep() string {
	if s.dupSep == "" {
		return "-"
	}
	return s.dupSep
}

// Slug returns the id the publisher gives a heading with this text,
// without the number of a repeated one.
func (s *Site) Slug(text string) string {
	if s.slug == nil {
		return extract.Slug(text)
	}
	return s.slug(text)
}

// asciiFold drops the marks of letters decomposed (NFKD): what
// "transliterate to ASCII" does in the generators that do it.
func asciiFold(s string) string {
	var b strings.Builder
	for _, r := range nfkd(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if r < 0x80 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// githubSlug is GitHub's heading slug, as package extract computes it.
func githubSlug(text string) string { return extract.Slug(text) }

package audit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
)

// checkIncluded checks a link of a Markdown file whose text pages of its
// site include when it is built (VitePress's "<!--@include: ...-->",
// site.Site.IncludedIn): the generator puts the text in the page before
// it renders it, so the link is the page's, resolved from the page's
// URL, and a fragment alone names an id of the page. The link is checked
// as each page whose included lines hold it renders it, and as the
// file's own page when the file is one; of those, the worst finding is
// kept (a broken target over an unverifiable one over none), which
// still points at the file's line, its message naming the page. A file
// that is no page is checked only where a page renders it. ok is false
// for a file no page includes: checkLocal checks it. Of the pages that
// include it, the first maxIncludingPages are checked: a part that
// thousands of pages include would otherwise cost each of its links
// thousands of checks (and thousands of built pages held at once).
func (a *auditor) checkIncluded(f *File, l *extract.Link, out []Finding) ([]Finding, bool) {
	if f.kind != kindMarkdown && f.kind != kindHTML || !fileRel(f) {
		return out, false
	}
	s := a.siteFor(f)
	rs := s.IncludedIn(f.rel)
	if rs == nil {
		return out, false
	}
	if f.kind == kindHTML && (strings.Contains(l.URI, "{{") || strings.Contains(l.URI, "{%")) {
		return out, true // a template's link that its language writes
	}
	// A generator that may rebase the part's relative Markdown links
	// (site.Site.IncludeLinksMayRebase) resolves them from the part's
	// folder, or, in a version it may also be, from the page's: a
	// target either way finds is not broken.
	var own []Finding
	rebase := s.IncludeLinksMayRebase() && (l.Kind == extract.InlineLink || l.Kind == extract.Image || l.Kind == extract.Definition) && strings.HasPrefix(l.URI, ".")
	if rebase {
		if own = a.checkLocalAs(f, l, nil); findingsRank(own) == 0 {
			return out, true
		}
	}
	var best []Finding
	bestRank, bestPage := -1, ""
	keep := func(got []Finding, page string) {
		if r := findingsRank(got); r > bestRank {
			best, bestRank, bestPage = got, r, page
		}
	}
	if _, isPage := s.URL(f.rel); isPage {
		keep(a.checkLocalAs(f, l, nil), "")
	} else if s.PublishedTemplate(f.rel) {
		got := a.checkLocalAs(f, l, nil)
		publishedTemplateWhy(s, got)
		keep(got, "")
	}
	var done []string
	for _, r := range rs {
		line := l.Start.Line
		if line < r.From || line > r.To || r.Page == f.rel || slices.Contains(done, r.Page) {
			continue
		}
		if bestRank == maxRank || len(done) == maxIncludingPages {
			break // no page can say worse, or enough pages have said
		}
		done = append(done, r.Page)
		got := a.checkLocalAs(f.viewAs(r.Page), l, nil)
		if rebase && findingsRank(own) < findingsRank(got) {
			got = own
		}
		keep(got, r.Page)
	}
	for i := range best {
		if bestPage != "" {
			best[i].Message += fmt.Sprintf(" (on the page of %q, which includes this file)", bestPage)
		}
	}
	return append(out, best...), true
}

// maxIncludingPages bounds the pages a link of an included file is
// checked as (checkIncluded).
const maxIncludingPages = 32

// maxRank is findingsRank's rank of a broken target: no page's finding
// outranks it.
const maxRank = 3

// findingsRank orders the findings of one link by how much they say:
// none, only unverifiable, another finding, a broken target.
func findingsRank(fs []Finding) int {
	rank := 0
	for _, f := range fs {
		switch f.Category {
		case policy.CategoryBrokenFile, policy.CategoryBrokenAnchor:
			return maxRank
		case policy.CategoryUnverifiable:
			rank = max(rank, 1)
		default:
			rank = max(rank, 2)
		}
	}
	return rank
}

// viewAs returns the file f as the page (a slash path from the root)
// that includes its text renders it: the page's path, for the page's
// URL and folder; f's own text, positions and code. The page's build
// is its own to read, once for all of f's links; the views are let go
// with f's other check data.
func (f *File) viewAs(page string) *File {
	rare := f.more()
	if v, ok := rare.views[page]; ok {
		return v
	}
	v := *f
	v.rel = page
	vr := *rare
	vr.built, vr.views = nil, nil
	v.rare = &vr
	if rare.views == nil {
		rare.views = map[string]*File{}
	}
	rare.views[page] = &v
	return &v
}

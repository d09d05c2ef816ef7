package audit

import (
	"slices"
	"strings"

	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// remoteURLs returns the distinct absolute http and https URIs of files
// that the remote checks are to fetch, in the order they come: none when
// the policy reports no category of those checks. Templates, URIs the
// root's ignore file names and links whose every remote finding the
// document's directives would silence are left out.
func (a *auditor) remoteURLs(files []*File) []string {
	var cats []uri.Category
	for _, c := range remote.Categories {
		if a.pol.Reports(c) {
			cats = append(cats, c)
		}
	}
	if len(cats) == 0 {
		return nil
	}
	var urls []string
	seen := map[string]bool{}
	for _, f := range files {
		ign := a.ignore.forRoot(f.root)
		for i := range f.doc.Links {
			l := &f.doc.Links[i]
			s := l.URI
			if seen[s] || !isHTTP(s) || policy.IsTemplate(s) || ign.match(s) || f.abs != "" && a.ownURL(f.root, s) {
				continue
			}
			if f.sil != nil && !slices.ContainsFunc(cats, func(c uri.Category) bool {
				return !f.sil.silenced(&Finding{Pos: l.Start, Category: c})
			}) {
				continue
			}
			seen[s] = true
			urls = append(urls, s)
		}
	}
	return urls
}

// isHTTP reports whether s begins with an http or https scheme and an
// authority.
func isHTTP(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	return ok && (strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) && strings.HasPrefix(rest, "//")
}

// checkRemote adds what the network said of l: a finding at its start,
// and for a link that moved permanently, the edit that writes where it
// moved to, when the link is written exactly as its URI.
func (a *auditor) checkRemote(f *File, l *extract.Link, out []Finding) []Finding {
	r, ok := a.remote[l.URI]
	if !ok || r.Category == "" || !a.pol.Reports(r.Category) {
		return out
	}
	var fix []Edit
	if r.Category == remote.CategoryMoved && r.Fix != "" {
		fix = sourceEdits(l, []uri.Edit{{Start: 0, End: len(l.URI), New: r.Fix}})
	}
	return append(out, Finding{File: f.Name, Pos: l.Start, Category: r.Category,
		Message: r.Message, URI: uri.Redact(l.URI), Fix: fix})
}

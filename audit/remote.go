package audit

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// RemoteChecker checks absolute http and https links over the network.
// The audit owns this interface and package audit/remote implements it
// (remote.Checker), so that the audit does not depend on the network
// code: a command that wants remote checks puts one in Config.Remote.
type RemoteChecker interface {
	// LinkCategories lists the categories of its verdicts, each of them
	// documented in policy.Categories.
	LinkCategories() []uri.Category
	// CheckLinks returns a verdict for each of urls that it checked,
	// keyed by the URL as given, and what the run should tell the user
	// besides (a cache file set aside, say). When ctx ends it returns at
	// once with the verdicts it has.
	CheckLinks(ctx context.Context, urls []string) (map[string]RemoteVerdict, []string)
}

// RemoteVerdict is what a RemoteChecker found of one link.
type RemoteVerdict struct {
	// Category is empty when the link is fine.
	Category uri.Category
	// Message says what is wrong, passwords shown as "***".
	Message string
	// Fix, for policy.CategoryLinkMoved, is the URL to write instead;
	// for a dead link, a suggested replacement (an archived copy), which
	// like every fix is written only with -fix.
	Fix string
	// Note says what could not be verified of a link found fine, such
	// as a fragment beyond the part of the page that was read.
	Note string
	// Verdict is empty for a failure, VerdictUnconfirmed for a transient
	// failure not yet confirmed across runs, VerdictUnchecked for a link
	// left unchecked when the time of the checks ran out: findings that
	// are shown but do not count (see Finding.Verdict).
	Verdict string
}

// The verdicts of a finding that is shown but does not fail a run.
const (
	// VerdictUnconfirmed: a transient failure (a timeout, a 5xx, a 429,
	// a bot wall) that has not failed in enough runs to be confirmed.
	VerdictUnconfirmed = "unconfirmed"
	// VerdictUnchecked: a link that the remote checks had no time for.
	VerdictUnchecked = "unchecked"
)

// remoteURLs returns the distinct absolute http and https URIs of files
// that the remote checks are to fetch, in the order they come: none when
// the policy reports no category of those checks. Templates, URIs the
// root's ignore file names and links whose every remote finding the
// document's directives would silence are left out.
func (a *auditor) remoteURLs(files []*File) []string {
	var cats []uri.Category
	for _, c := range a.cfg.Remote.LinkCategories() {
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
		for i := range f.recs {
			l := f.link(i)
			s := l.URI
			if seen[s] || !isHTTP(s) || policy.IsTemplate(s) || ign.match(s) || f.abs != "" && a.ownURL(f.root, s) {
				continue
			}
			if f.silencer() != nil && !slices.ContainsFunc(cats, func(c uri.Category) bool {
				return !f.silencer().silenced(&Finding{Pos: l.Start, Category: c})
			}) {
				for _, c := range cats {
					f.silencer().markSilencing(l.Start, c)
				}
				continue
			}
			seen[s] = true
			urls = append(urls, s)
		}
	}
	return urls
}

// checkLinks runs the remote checks on urls and returns the warnings of
// the run: the checker's own, the notes of links found fine but not
// wholly verified, and the links left unchecked because their host rate
// limits the run, when their category is not reported (it is off by
// default) and so would otherwise pass without notice.
func (a *auditor) checkLinks(urls []string) []string {
	ctx := a.cfg.Context
	if ctx == nil {
		ctx = context.Background()
	}
	verdicts, warns := a.cfg.Remote.CheckLinks(ctx, urls)
	a.remote = verdicts
	limited := 0
	var hosts []string
	for _, u := range urls { // in order: the notes come out the same every run
		v, ok := verdicts[u]
		if !ok {
			continue
		}
		if v.Note != "" {
			warns = append(warns, "note: "+v.Note)
		}
		if v.Category == policy.CategoryLinkRateLimited && !a.pol.Reports(v.Category) {
			limited++
			if p, err := uri.Parse(u); err == nil && !slices.Contains(hosts, strings.ToLower(p.Host)) {
				hosts = append(hosts, strings.ToLower(p.Host))
			}
		}
	}
	if limited > 0 {
		warns = append(warns, fmt.Sprintf("%d links not checked: rate limited (429 too many requests) by %s; -enable %s reports each",
			limited, strings.Join(hosts, ", "), policy.CategoryLinkRateLimited))
	}
	return warns
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
	if r.Fix != "" && (r.Category == policy.CategoryLinkMoved || r.Verdict == "") {
		fix = sourceEdits(l, []uri.Edit{{Start: 0, End: len(l.URI), New: r.Fix}})
	}
	return append(out, Finding{File: f.Name, Pos: l.Start, Category: r.Category,
		Message: r.Message, URI: uri.Redact(l.URI), Fix: fix, Verdict: r.Verdict})
}

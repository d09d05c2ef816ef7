package audit

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/internal/textpos"
	"github.com/urilint/urilint/uri"
)

// auditedKinds are the kinds of link whose relative references are
// looked up: what Markdown and HTML mark up as links. A bare URI in text
// is always absolute.
func audited(k extract.Kind) bool {
	switch k {
	case extract.InlineLink, extract.Image, extract.Definition, extract.Autolink, extract.HTMLAttr:
		return true
	}
	return false
}

// linkifies reports whether the publisher of s makes a bare http URL of
// a Markdown page a link (GitHub's autolinks, goldmark's linkify on Hugo,
// remark-gfm on Docusaurus, pymdownx.magiclink on MkDocs), which is then
// checked as a page of the site when it is one: kramdown, Python-Markdown
// and markdown-it leave it text by default.
func linkifies(s *site.Site) bool {
	return s.Forge || s.Generator == "hugo" || s.Generator == "docusaurus" || s.LinksBareURLs()
}

// forgeShown reports whether the Markdown file f, of the MkDocs site s,
// is read on the forge: no page of the site (a README beside docs_dir,
// helm/chart/README.md), which GitHub shows with its bare URLs made links
// whatever the site's Markdown does. (Other generators' files read on
// the forge are left as they were: not measured.)
func forgeShown(f *File, s *site.Site) bool {
	if s.Forge || s.Generator != "mkdocs" || f.kind != kindMarkdown {
		return false
	}
	_, isPage := s.URL(f.rel)
	return !isPage && !s.RendersUnplaced(f.rel)
}

// reporter adds the findings of one link.
type reporter struct {
	a     *auditor
	f     *File
	l     *extract.Link
	shown string
	out   []Finding
}

func (r *reporter) report(c uri.Category, at int, fix []uri.Edit, format string, args ...any) {
	if !r.a.pol.Reports(c) {
		return
	}
	r.out = append(r.out, Finding{File: r.f.Name, Pos: r.l.PositionOf(at), Category: c,
		Message: fmt.Sprintf(format, args...), URI: r.shown, Fix: sourceEdits(r.l, fix)})
}

// fileRel returns f's slash path from its root, false for a file named
// outside the -root given: nothing to resolve against.
func fileRel(f *File) bool {
	if f.rel != "" {
		return true
	}
	// Most files are below their root as walked: their path from it is
	// the tail of their absolute path, no new string.
	if rest, ok := strings.CutPrefix(f.abs, f.root); ok && len(rest) > 1 && rest[0] == '/' && filepath.Separator == '/' && f.root != "/" {
		f.rel = rest[1:]
		return true
	}
	rel, err := filepath.Rel(f.root, f.abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	f.rel = filepath.ToSlash(rel)
	return true
}

// checkLocal adds the findings of a reference to a file of the tree:
// where it leads, as the tree's publisher resolves it (package site),
// and whether its fragment names an anchor there. A file whose text
// pages include is checked as each renders it (checkIncluded).
func (a *auditor) checkLocal(f *File, l *extract.Link, out []Finding) []Finding {
	if out, ok := a.checkIncluded(f, l, out); ok {
		return out
	}
	if fileRel(f) && a.siteFor(f).PublishedTemplate(f.rel) {
		// A template the build also copies as it is: checked from its
		// own URL, but for the links its template language writes.
		if strings.Contains(l.URI, "{{") || strings.Contains(l.URI, "{%") {
			return out
		}
		n := len(out)
		out = a.checkLocalAs(f, l, out)
		publishedTemplateWhy(a.siteFor(f), out[n:])
		return out
	}
	return a.checkLocalAs(f, l, out)
}

// publishedTemplateWhy says, on the findings of a template that the
// build also copies as it is (site.Site.PublishedTemplate), where the
// page they are on comes from.
func publishedTemplateWhy(s *site.Site, fs []Finding) {
	for i := range fs {
		fs[i].Message += fmt.Sprintf(" (a template of the theme kept in the folder of pages, which %s also publishes as it is, at its own URL)", s.Generator)
	}
}

// checkLocalAs is checkLocal for the file f as the page f.rel renders
// it.
func (a *auditor) checkLocalAs(f *File, l *extract.Link, out []Finding) []Finding {
	bare := (l.Kind == extract.Bare || l.Kind == extract.Quoted) && f.kind == kindMarkdown && isHTTP(l.URI)
	if !audited(l.Kind) && !bare || !fileRel(f) {
		return out
	}
	s := a.siteFor(f)
	// (magiclink links a URL in quotes too; GitHub's autolinks begin
	// only after white space or "*", "_", "~", "(": bare ones.)
	if bare && (!linkifies(s) && !(l.Kind == extract.Bare && forgeShown(f, s)) || l.Kind == extract.Quoted && (!s.LinksBareURLs() || forgeShown(f, s))) {
		return out
	}
	if s.Template(f.rel) || a.inCode(f, l.Start.Offset) || f.walked && f.kind == kindHTML && !s.PublishesHTML(f.rel) {
		return out
	}
	// A reference definition that no link uses renders nothing: no
	// reader follows it.
	if l.Kind == extract.Definition && f.unusedDefinition(l.Start.Offset) {
		return out
	}
	// Nor does raw HTML that the publisher leaves out of the page
	// (Hugo's Goldmark without unsafe).
	if l.Kind == extract.HTMLAttr && f.rawDropped {
		return out
	}
	// A document walked in a test's folder that is no page of a site is
	// a test's input, its links often broken on purpose (an mdBook
	// fixture's "[link](link)"); a file named on the command line is
	// checked.
	if f.testInput {
		if _, isPage := s.URL(f.rel); !isPage {
			return out
		}
	}
	r := &reporter{a: a, f: f, l: l, shown: uri.Redact(l.URI), out: out}
	if isHTTP(l.URI) {
		a.checkOwn(r, s)
		return r.out
	}
	ref := l.URI
	pathname := false
	if p, ok := s.PathnameLink(ref); ok {
		ref, pathname = p, true
	}
	if p, ok := s.SitePath(ref); ok {
		ref = p
	}
	pageURL, isPage := s.URL(f.rel)
	inBuild := false // the build has the page: it decides where its links lead
	if isPage && s.Built() != "" {
		// A page the build lacks (a draft, a locale the build left out,
		// a URL the model has wrong) is left to the model.
		if u, ok := a.servedURL(f, s, pageURL); ok {
			pageURL, inBuild = u, true
		}
	}
	// A Markdown file that is no page of the generator's site (a README
	// beside the site) is read on the forge.
	// One the site renders at a URL the model does not know is the
	// site's (its ids are the generator's).
	read := s
	if !isPage && !s.Forge && f.kind == kindMarkdown && !s.RendersUnplaced(f.rel) {
		read = a.forgeOf(f.root)
	}
	// A "/"-rooted link of a document the site publishes, in a site
	// built from a folder below the root, starts from that folder, as
	// the site is served; one read on the forge starts from the top.
	pathRef := ref
	if dir := s.Dir(); dir != "" && read == s && strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//") {
		pathRef = site.EscapePath("/"+dir) + ref
	}
	res, ok := a.resolve(f, pathRef)
	if !ok {
		return out
	}
	t := res.t
	if pathRef != l.URI { // the fragment sits where the link has it
		t.fragAt += len(l.URI) - len(pathRef)
	}
	var lk lookup
	if !t.outside {
		lk = res.lk
		if lk.exists && !res.inside {
			// Through a symbolic link to a directory or file outside
			// the root: nothing of the outside file is read or shown.
			r.report(policy.CategoryOutsideRoot, 0, nil, "%q leads through a symbolic link outside the root directory %q", r.shown, a.showRoot(f.root))
			return r.out
		}
	}
	// Hugo's link render hook (the embedded one, or a copy) looks a
	// relative destination up as a page, a resource of the page's
	// bundle or an asset, in any letter case, and writes one it does not
	// find as it is: from a regular page, served one level below its
	// file's folder, the browser then misses a file beside it. An
	// image is the image hook's, not this one's.
	hookLooksUp := isPage && !t.outside && !pathname && l.Kind != extract.Image && s.LinkHookLooksUp(ref)
	hookMiss := false
	if (isPage || s.RendersPartial(f.rel)) && (!lk.exists || lk.dir || t.dirSlash || hookLooksUp) && !t.outside && !pathname {
		// A generator that looks a Markdown file's link up in more
		// folders than the file's own (Docusaurus: the content folders
		// and the site's folder first) finds it there; Hugo's GetPage
		// also finds "other.md/" (a file with a slash after it).
		hookMiss = hookLooksUp && !s.LinkHookFindsSection(f.rel, ref)
		for _, c := range s.MarkdownLinkFiles(f.rel, ref) {
			found := a.fs.find(f.root, c)
			if found.right != "" && hookLooksUp {
				c, found = found.right, a.fs.find(f.root, found.right)
			}
			if found.exists && !found.dir && found.right == "" && (!found.link || a.inRoot(f.root, found.abs)) {
				t.rel, lk = c, found
				t.dirSlash = false // the generator's name for the file ("../hello/": hello.md)
				hookMiss = false
				break
			}
		}
	}
	// A link the generator leaves as written (MkDocs rewrites only
	// Markdown links that name a file) is resolved by the browser
	// against the page's URL, whatever the file's folder holds.
	// VitePress's theme writes a front matter link (checkTemplates: no
	// extent of its own) as its Markdown links, ".md" made the page's.
	rawHTML := l.Kind == extract.HTMLAttr && !(s.Generator == "vitepress" && l.End.Offset == l.Start.Offset)
	byURL := isPage && !t.outside && !strings.HasPrefix(ref, "/") &&
		(s.ByPageURL(rawHTML, lk.exists && (lk.dir || !published(s, t.rel))) || s.LinkAsWritten(ref) || s.LinksAsWritten(f.rel) || hookMiss && !rawHTML || !rawHTML && s.ExtlessByURL(ref) ||
			rawHTML && s.HTMLMarkdownByURL() && strings.EqualFold(path.Ext(t.rel), ".md"))
	if inBuild && read == s {
		built := lk
		if byURL {
			built = lookup{} // no file the generator rewrites the link to
		}
		a.checkBuilt(r, s, pageURL, ref, t, built)
		return r.out
	}
	// VitePress without cleanUrls writes a Markdown link without an
	// extension as the page's ".html" ("./guide" is "./guide.html"):
	// one to a folder without its slash leads to no file of the build,
	// unless a page is published at that name.
	if isPage && !rawHTML && !byURL && lk.exists && lk.dir && !t.dirSlash && !t.outside && s.FolderDotHTML() && path.Ext(t.rel) == "" {
		refPath := uri.StripQueryFragment(ref)
		if b := path.Base(refPath); refPath != "" && b != "." && b != ".." && !strings.HasSuffix(refPath, "/") {
			if p, ok := resolveURL(pageURL, refPath+".html"); ok {
				if found, _ := a.findSite(f.root, s, p); !found.exists {
					if why, ok := s.UnknownPage(p); ok {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q names the folder %q without its trailing slash, which %s writes as %q, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, "/"+t.rel, s.Generator, p, why)
						return r.out
					}
					r.report(policy.CategoryBrokenFile, 0, nil, "%q names the folder %q without its trailing slash: %s writes it as %q, which no file of the tree publishes (write %q)", r.shown, "/"+t.rel, s.Generator, p, refPath+"/")
					return r.out
				}
			}
		}
	}
	// A page of a generator's site links to URLs of the site: where the
	// path of the tree finds no file (or only a folder), the site's
	// layout decides. So do root-relative links of any file where the
	// site serves folders at "/".
	// A path of the tree that differs from the link only in case, or a
	// file where the link names a folder ("/gemfile/" beside a
	// Gemfile), may still be a page the site publishes there.
	// A generator that turns a link to a Markdown file into the URL of
	// the page it publishes from it (Docusaurus) leaves a link to a
	// file it publishes no page of as written: a URL from the page's,
	// which serves nothing unless a file is published there.
	if isPage && lk.exists && !lk.dir && !t.outside && s.MarkdownLinksToPages() {
		if ext := strings.ToLower(path.Ext(t.rel)); ext == ".md" || ext == ".mdx" {
			// A page of another content plugin is not resolved either
			// (a blog post's link to a docs file).
			_, published := s.URL(t.rel)
			if other := published && !s.SameContent(f.rel, t.rel); (!published || other) && (!s.Template(t.rel) || s.Unpublished(t.rel)) {
				what := fmt.Sprintf("of which %s publishes no page", theSite(s))
				if other {
					what = fmt.Sprintf("a page of another content plugin of %s, which does not resolve it", theSite(s))
				}
				if p, ok := resolveURL(pageURL, ref); ok {
					if found, _ := a.findSite(f.root, s, p); !found.exists {
						if why, ok := s.UnknownPage(p); ok {
							r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, %s; the link is left as written, to %q, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, "/"+t.rel, what, p, why)
							return r.out
						}
						r.report(policy.CategoryBrokenFile, 0, nil, "%q names %q, %s: the link is left as written, to %q, which no file of the tree publishes", r.shown, "/"+t.rel, what, p)
						return r.out
					}
				}
			}
		}
	}
	pathOff := lk.exists && (lk.right != "" || t.dirSlash && !lk.dir)
	// A file of the tree that the generator does not copy (Jekyll's
	// "_" folders and exclude list) serves no URL: the site decides.
	// A page's source is left to the rules of links to pages
	// (jekyll-relative-links rewrites them to its URL).
	unserved := isPage && lk.exists && !lk.dir && !t.outside && s.Unserved(t.rel)
	if unserved {
		_, toPage := s.URL(t.rel)
		unserved = !toPage
	}
	if !lk.exists || byURL || unserved || !s.Forge && (lk.dir || pathOff) {
		p, ok := "", false
		switch {
		case isPage:
			p, ok = resolveURL(pageURL, ref)
		case strings.HasPrefix(ref, "/") && !s.Forge:
			p, ok = resolveURL("/", ref)
		}
		if ok {
			// A redirect of the host applies where no file serves the
			// path (or always, when forced); where no file serves its
			// target either (and no redirect of its own takes it, but
			// the same pattern's again), the link is broken, if the
			// site's model owns the target's URL space.
			// Where git ignores a file that would serve the path, a
			// build step writes it, and a redirect that applies only
			// where no file serves the path does not apply there.
			if _, ok := s.Splat(p); ok && isPage && !s.Forced(p) {
				if found, _ := a.findSite(f.root, s, p); !found.exists {
					if c, ok := a.ignoredServes(f.root, s, p); ok {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which %q would serve, and git ignores it: a build makes it, so it cannot be checked offline", r.shown, p, theSite(s), "/"+c)
						return r.out
					}
				}
			}
			if to, ok := s.Splat(p); ok && isPage {
				to = a.redirectChain(f.root, s, to)
				if found, _ := a.findSite(f.root, s, p); !found.exists || s.Forced(p) {
					if found, _ := a.findSite(f.root, s, to); !found.exists && !s.ExactRedirect(to) {
						if why, ok := s.UnknownPage(to); ok {
							r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which the site's redirects send to %q, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, p, theSite(s), to, why)
							return r.out
						}
						if s.Lenient || s.Hook {
							r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which the site's redirects send to %q, which no file of the tree publishes; the server may hold more than this tree, so it cannot be checked offline", r.shown, p, theSite(s), to)
							return r.out
						}
						r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which no file of the tree publishes, nor %q, where the site's redirects send it", r.shown, p, theSite(s), to)
						return r.out
					}
				}
			}
			if _, ok := s.Redirected(p); ok {
				if found, _ := a.findSite(f.root, s, p); !found.exists || s.Forced(p) {
					if to, ok := s.RedirectFragment(p); ok && t.hasFrag {
						if found, rel := a.findSite(f.root, s, to); found.exists {
							t.rel = rel
							a.checkFragment(r, s, t, found)
						}
					}
					return r.out // a redirect of the site: where it leads is the server's
				}
			}
			// A link the generator leaves as written finds no page at
			// a name only its Markdown links have (VitePress: "a.md").
			if found, rel := a.findSite(f.root, s, p); found.exists && !(byURL && rawHTML && s.MarkdownName(p)) {
				t.rel, lk = rel, found
				a.checkFragment(r, s, t, lk)
				return r.out
			}
			// A root-relative link whose path the tree has in a folder
			// the site serves at another URL (static/x, served at "/x",
			// for "/static/x") does not reach that file.
			if lk.exists && isPage && strings.HasPrefix(ref, "/") && s.ServedElsewhere(t.rel, p) {
				lk = lookup{}
			}
			if lk.exists && !pathOff && !byURL && !unserved {
				a.checkFragment(r, read, t, lk)
				return r.out
			}
			// Else the path's own findings follow: its case, a file
			// where the link names a folder.
			if !lk.exists || byURL || unserved {
				if s.Hook || s.Lenient && strings.HasPrefix(ref, "/") {
					why := s.HookReason()
					if !s.Hook {
						why = "the server may hold more than this tree"
					}
					r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, p, theSite(s), why)
					return r.out
				}
				// Where git ignores a file that would serve the path, a
				// build step writes it (typedoc's API pages in
				// static/api/, a clone of another repository in docs/):
				// unknown, not broken.
				if c, ok := a.ignoredServes(f.root, s, p); ok {
					r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which %q would serve, and git ignores it: a build makes it, so it cannot be checked offline", r.shown, p, theSite(s), "/"+c)
					return r.out
				}
				// A file the site serves as it is (an HTML page of
				// static/) links into the same URL space as its pages;
				// a Markdown file that is no page is read on the forge.
				if _, served := s.ServedAt(f.rel); served && !isPage && read == s && strings.HasPrefix(ref, "/") {
					if why, ok := s.UnknownPage(p); ok {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, p, theSite(s), why)
						return r.out
					}
				}
				if isPage {
					// A file a plugin writes at build time (MkDocs'
					// gen-files): the link resolves to what the tree
					// does not show.
					if why, ok := s.GeneratedFile(t.rel); ok && !lk.exists {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, which the tree does not have; %s at build time, so it cannot be checked offline", r.shown, "/"+t.rel, why)
						return r.out
					}
					// A Markdown file git ignores is one a build step
					// writes (uv's generated reference pages): the
					// generator finds it and rewrites the link.
					if ext := strings.ToLower(path.Ext(t.rel)); !lk.exists && (ext == ".md" || ext == ".mdx") && a.builtOutput(f.root, t.rel) {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, which git ignores: a build makes it, so it cannot be checked offline", r.shown, "/"+t.rel)
						return r.out
					}
					// Unknown is not broken: a URL space that configuration
					// the model does not cover may fill, or one above the
					// site's root (a sibling site on the same host), is not
					// the model's to call empty.
					if why, ok := s.UnknownPage(p); ok {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, p, theSite(s), why)
						return r.out
					}
					if climbsURL(pageURL, ref) {
						r.report(policy.CategoryUnverifiable, 0, nil, "%q climbs above the root of %s, to what else its host serves: it cannot be checked offline", r.shown, theSite(s))
						return r.out
					}
					// Served with a slash added (a host's folder
					// index), the page resolves the link elsewhere:
					// where a page is there, the host decides.
					if s.SlashUnknown() && !strings.HasPrefix(ref, "/") && !strings.HasSuffix(pageURL, "/") {
						if alt, ok := resolveURL(pageURL+"/", ref); ok && alt != p {
							if found, _ := a.findSite(f.root, s, alt); found.exists {
								r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which no file of the tree publishes, or to %q, which one does, where the host serves the page at %q: whether it adds the slash cannot be checked offline", r.shown, p, theSite(s), alt, pageURL+"/")
								return r.out
							}
						}
					}
					if byURL && hookMiss {
						r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which no file of the tree publishes: the link render hook finds no page, bundle resource or asset by that name and writes it as it is, so it resolves against the page's URL %q, not the file's folder", r.shown, p, theSite(s), pageURL)
						return r.out
					}
					if unserved && !byURL {
						r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which no file of the tree publishes: %s does not copy %q (a folder or name beginning with \"_\", or one the configuration excludes)", r.shown, p, theSite(s), s.Generator, "/"+t.rel)
						return r.out
					}
					if byURL {
						// The tree's path exists: say why it is not the one.
						what := "a link to a folder, to a file it does not publish or in raw HTML"
						if !rawHTML && s.ExtlessByURL(ref) {
							what = "a link whose last segment has no \".\""
						}
						r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which no file of the tree publishes: %s leaves %s as written, so it resolves against the page's URL %q, not the file's folder", r.shown, p, theSite(s), s.Generator, what, pageURL)
						return r.out
					}
					r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which no file of the tree publishes%s", r.shown, p, theSite(s), fragNote(t))
					return r.out
				}
			}
		}
	}
	if t.outside {
		up, rest := climb(f.rel, ref)
		// One level up from the top names another branch: a README's
		// images kept on a branch of their own ("../assets/demo.gif");
		// a link so written is more likely a path gone wrong.
		image := l.Kind == extract.Image || mediaExts[strings.ToLower(path.Ext(rest))]
		if read.ForgeClimb(up, rest) && (up > 1 || image) {
			if up == 1 {
				first, _, _ := strings.Cut(rest, "/")
				r.report(policy.CategoryUnverifiable, 0, nil, "%q climbs above the branch into the branch %q of the repository: checked with -remote only", r.shown, first)
				return r.out
			}
			r.report(policy.CategoryUnverifiable, 0, nil, "%q climbs above the repository into the forge's own pages: checked with -remote only", r.shown)
			return r.out
		}
		r.report(policy.CategoryOutsideRoot, 0, nil, "%q climbs above the root directory %q with \"..\"", r.shown, a.showRoot(f.root))
		return r.out
	}
	if !lk.exists && !t.dirSlash && !s.Forge && !strings.HasSuffix(t.rel, ".html") {
		// A file of a folder the site serves as it is, named without
		// its ".html": the host serves it there (see site.Files).
		if _, ok := s.ServedAt(t.rel); ok {
			if found := a.fs.find(f.root, t.rel+".html"); found.exists && !found.dir && found.right == "" && (!found.link || a.inRoot(f.root, found.abs)) {
				t.rel, lk = t.rel+".html", found
			}
		}
	}
	sub, inSub := "", false
	why, unmodelled := "", false
	if !lk.exists {
		sub, inSub = a.submodule(f.root, t.rel)
		why, unmodelled = s.UnmodelledPages(f.rel)
	}
	switch {
	case inSub:
		r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q, in the git submodule %q, whose files this checkout does not hold: it cannot be checked offline", r.shown, "/"+t.rel, sub)
		return r.out
	case !lk.exists && a.builtOutput(f.root, t.rel):
		r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q, which git ignores: a build makes it, so it cannot be checked offline", r.shown, "/"+t.rel)
		return r.out
	case !lk.exists && read == s && unmodelled:
		r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q, which the tree does not have; %s, so where the page is published and what the generator makes of the link cannot be checked offline", r.shown, "/"+t.rel, why)
		return r.out
	case !lk.exists:
		r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q, which does not exist%s", r.shown, "/"+t.rel, fragNote(t))
		return r.out
	case t.dirSlash && !lk.dir:
		r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to directory %q, which is a file", r.shown, "/"+t.rel)
		return r.out
	case lk.right != "":
		r.report(policy.CategoryFileCase, 0, caseFix(l.URI, lk.wrong, lk.fixes),
			"%q leads to %q, which exists only as %q: file names are case-sensitive", r.shown, "/"+t.rel, "/"+lk.right)
	}
	a.checkFragment(r, read, t, lk)
	return r.out
}

// published reports whether the site publishes the file rel (slash
// path from the audited root): a page, or a file of a folder it serves
// as it is.
func published(s *site.Site, rel string) bool {
	if _, ok := s.URL(rel); ok {
		return true
	}
	_, ok := s.ServedAt(rel)
	return ok
}

// inCode reports whether offset off of f is in what its publisher shows
// as code (site.Site.CodeRanges, taken by compact).
func (a *auditor) inCode(f *File, off int) bool {
	return f.rare != nil && inRanges(f.rare.code, off)
}

// linkTemplate is a Markdown link whose destination is a generator's
// link template ("[x]({{< ref "y.md" >}})"), which CommonMark reads as
// no link, since the destination holds spaces: the generator expands it
// first.
var linkTemplate = regexp.MustCompile(`\]\((\{\{[<%]-?\s*(?:rel)?ref\s+"[^"\n]*"\s*-?[>%]\}\}(?:#[^)\s]*)?|\{%-?\s*(?:link|post_url)\s+[^%\n]+-?%\}(?:#[^)\s]*)?)\)`)

// liquidDest is a link destination of a Jekyll page written with
// Liquid ("{{ site.baseurl }}/a/", "{{ '/a' | relative_url }}",
// "{% link a.md %}"): in a Markdown link or reference definition, or in
// an href or src attribute, whose quotes Liquid's own may nest in. The
// first group that matched holds the destination.
var liquidDest = regexp.MustCompile(`\]\(((?:\{\{[^}\n]*\}\}|\{%[^%\n]*%\}|[^()\s{}])+)\)` +
	`|(?m:^ {0,3}\[[^\]\n]+\]:[ \t]*((?:\{\{[^}\n]*\}\}|\{%[^%\n]*%\}|[^\s{}])+)[ \t]*$)` +
	`|\b(?:href|src)[ \t]*=[ \t]*"((?:\{\{[^}\n]*\}\}|\{%[^%\n]*%\}|[^"\s<>{}])+)"` +
	`|\b(?:href|src)[ \t]*=[ \t]*'((?:\{\{[^}\n]*\}\}|\{%[^%\n]*%\}|[^'\s<>{}])+)'`)

// liquidFileTag is a Jekyll tag that names a file of the tree, and the
// fragment after it at the end of a destination.
var liquidFileTag = regexp.MustCompile(`\{%-?\s*(?:link|post_url)\s+[^%\n]+-?%\}(?:#[^{}%\s]*$)?`)

// tmplLink is a link written as a generator's link template that names
// a file of the tree, or with Liquid that writes a URL (url), kept by
// compact for checkTemplates.
type tmplLink struct {
	dest  string
	start extract.Position
	col   int // of start, in characters
	files []string
	frag  string
	url   string // what Liquid writes, a link of the site to check
	kind  extract.Kind
}

// findTemplates returns the links of f, a Markdown page of the site s,
// written as the generator's link templates that name files of the tree
// (Hugo's ref and relref, Jekyll's link and post_url): the generator
// fails the build when the file is missing; and, in a Jekyll site,
// those that Liquid writes from values the configuration fixes
// (site.LiquidURL), which the audit reads as no link. (An HTML file
// that holds Liquid is a template, not read: see isTemplate.) It reads
// f's source, so it runs before the source is dropped.
func (a *auditor) findTemplates(f *File, s *site.Site) []tmplLink {
	var redirect []tmplLink
	switch {
	case s.Generator == "hugo":
		if f.kind != kindMarkdown || !bytes.Contains(f.Src, []byte("](")) {
			return nil
		}
	case s.Generator == "vitepress" && f.kind == kindMarkdown && fileRel(f) && published(s, f.rel):
		// The links the default theme writes from the front matter
		// (hero actions, features, prev and next).
		for _, l := range s.FrontMatterLinks(f.Src) {
			redirect = append(redirect, redirectLink(f.Src, l.Dest, l.Off))
		}
		return redirect
	case s.Generator == "jekyll" && (f.kind == kindMarkdown || f.kind == kindHTML):
		if dest, off, ok := s.RedirectTo(f.Src); ok {
			redirect = []tmplLink{redirectLink(f.Src, dest, off)}
		}
		if f.kind != kindMarkdown || !bytes.Contains(f.Src, []byte("{{")) && !bytes.Contains(f.Src, []byte("{%")) {
			return redirect
		}
	default:
		return nil
	}
	// Hugo resolves a relative ref in a template (a layout, an
	// archetype) for the page it is rendered into, not for the
	// template; Jekyll's link and post_url name files from the site's
	// top, the same from an include.
	if s.Generator == "hugo" && fileRel(f) && s.Template(f.rel) {
		return nil
	}
	// Hugo expands shortcodes and Jekyll Liquid tags in code blocks too:
	// only Jekyll's {% raw %} sections are left alone. A URL that Liquid
	// writes in a code block is no link, though.
	var raw, code [][2]int
	re := linkTemplate
	if s.Generator == "jekyll" {
		raw, code, re = rawRanges(f.Src), markdownCode(f.Src), liquidDest
	}
	// Hugo expands a ref in an HTML comment too (and fails on a missing
	// page), but the link it writes there is no link a reader follows:
	// its fragment names nothing. The comments are those of the page's
	// parse (f.doc), in source order: Hugo's goldmark sees the same.
	var comments []extract.Comment
	if s.Generator == "hugo" && f.doc != nil {
		comments = f.doc.Comments
	}
	var out []tmplLink
	var cols *textpos.Columns
	var lines textpos.Lines
	for _, m := range re.FindAllSubmatchIndex(f.Src, -1) {
		g := 1
		for g < len(m)/2 && m[2*g] < 0 {
			g++
		}
		start, end := m[2*g], m[2*g+1]
		if s.Generator == "jekyll" && inRanges(raw, start) {
			continue
		}
		kind := extract.InlineLink
		if g > 2 {
			kind = extract.HTMLAttr
		}
		dest := string(f.Src[start:end])
		tl := tmplLink{dest: dest, kind: kind}
		var ok bool
		if s.Generator == "jekyll" {
			if t := liquidFileTag.FindStringIndex(dest); t != nil {
				// The file is missing or not: the rest of the
				// destination does not matter, unless another tag
				// ("{% if %}") decides whether the link tag runs.
				if strings.Count(dest, "{%") > 1 {
					continue
				}
				start += t[0]
				tl.dest = dest[t[0]:t[1]]
				tl.files, tl.frag, ok = s.TemplateTarget(f.rel, tl.dest)
				ok = ok && len(tl.files) > 0
			} else if !inRanges(code, start) {
				tl.url, ok = s.LiquidURL(dest)
			}
		} else {
			tl.files, tl.frag, ok = s.TemplateTarget(f.rel, dest)
			ok = ok && len(tl.files) > 0
			for len(comments) > 0 && comments[0].End.Offset <= start {
				comments = comments[1:]
			}
			if len(comments) > 0 && comments[0].Start.Offset <= start {
				tl.frag = ""
			}
		}
		if !ok {
			continue
		}
		tl.files = a.templateFile(f, s, tl.files)
		if cols == nil {
			cols, lines = textpos.NewColumns(f.Src), textpos.NewLines(f.Src)
		}
		line, col := lines.At(start) // matches come in source order
		tl.start = extract.Position{Offset: start, Line: line, Column: col}
		tl.col = cols.Column(start, col)
		out = append(out, tl)
	}
	return append(redirect, out...)
}

// templateFile returns, of the files a link template of f may name
// (site.TemplateTarget, in the generator's order), the one the check
// takes (checkTemplates): the first that exists, or the first when none
// does, for the message. A Hugo ref names a dozen candidates or more (the
// page's folder and every content folder, with and without a bundle's
// index, in every language), kept until the file is checked: a site of
// 10,000 pages with a ref in each kept 15 MB of them.
func (a *auditor) templateFile(f *File, s *site.Site, files []string) []string {
	if len(files) <= 1 {
		return files
	}
	for _, c := range files {
		if _, ok := a.templateFileAt(f, s, c); ok {
			return []string{c}
		}
	}
	return files[:1:1]
}

// templateFileAt looks up the file c that a link template of f names,
// and reports whether it is there for the generator s: a file, in the
// case written, or in any for Hugo, which matches page paths ignoring
// case.
func (a *auditor) templateFileAt(f *File, s *site.Site, c string) (lookup, bool) {
	lk := a.fs.find(f.root, c)
	return lk, lk.exists && !lk.dir && (lk.right == "" || s.Generator == "hugo")
}

// redirectLink is the link of a Jekyll page's redirect_to (site.RedirectTo),
// the page jekyll-redirect-from writes in its place, checked as the link
// it writes; its findings point at the value in the front matter.
func redirectLink(src []byte, dest string, off int) tmplLink {
	lines := textpos.NewLines(src)
	line, col := lines.At(off)
	return tmplLink{
		dest:  dest,
		url:   dest,
		kind:  extract.HTMLAttr,
		start: extract.Position{Offset: off, Line: line, Column: col},
		col:   textpos.NewColumns(src).Column(off, col),
	}
}

// checkTemplates checks the link templates of f that findTemplates
// found.
func (a *auditor) checkTemplates(f *File, out []Finding) []Finding {
	if f.rare == nil || len(f.rare.tmpls) == 0 {
		return out
	}
	s := a.siteFor(f)
	for _, tl := range f.rare.tmpls {
		dest := tl.dest
		n := len(out)
		if tl.url != "" {
			// Checked as the link Liquid writes; the findings point at
			// the destination as written.
			l := &extract.Link{URI: tl.url, Raw: tl.url, Kind: tl.kind, Start: tl.start, End: tl.start}
			out = a.checkLocal(f, l, out)
			for i := n; i < len(out); i++ {
				out[i].Fix = nil
				out[i].Pos, out[i].col = tl.start, tl.col
			}
			if f.silencer() != nil {
				out = f.silencer().filter(out, n)
			}
			continue
		}
		l := &extract.Link{URI: dest, Raw: dest, Kind: extract.InlineLink, Start: tl.start}
		r := &reporter{a: a, f: f, l: l, shown: uri.Redact(dest), out: out}
		found := false
		for _, c := range tl.files {
			if lk, ok := a.templateFileAt(f, s, c); ok {
				t := local{rel: c, hasFrag: tl.frag != "", frag: tl.frag, fragAt: strings.LastIndexByte(dest, '#') + 1}
				if !a.checkTemplateBuilt(r, s, c, t) {
					a.checkFragment(r, s, t, lk)
				}
				found = true
				break
			}
		}
		if !found {
			a.reportTemplateMissing(r, s, "/"+tl.files[0])
		}
		out = r.out
		for i := n; i < len(out); i++ {
			out[i].Fix = nil // an edit of a template's text is no safe fix
			k := min(max(out[i].Pos.Offset-tl.start.Offset, 0), len(dest))
			out[i].col = tl.col + utf8.RuneCountInString(dest[:k]) // dest is on one line
		}
		if f.silencer() != nil {
			out = f.silencer().filter(out, n)
		}
	}
	return out
}

// markdownCode returns the byte ranges of a Markdown page's fenced code
// blocks and code spans, roughly (CommonMark sections 4.5 and 6.1): a
// fence opens with three or more backticks or tildes indented less than
// four spaces and closes with a line of the same; a span is a run of
// backticks on one line up to the next run of the same length.
func markdownCode(src []byte) [][2]int {
	var out [][2]int
	var fence []byte
	fenceAt := 0
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off + 1
		}
		line := src[off:end]
		t := bytes.TrimLeft(line, " ")
		n := 0
		for n < len(t) && (t[0] == '`' || t[0] == '~') && t[n] == t[0] {
			n++
		}
		switch {
		case len(line)-len(t) >= 4 || n < 3:
			if fence == nil {
				out = codeSpans(line, off, out)
			}
		case fence == nil:
			fence, fenceAt = t[:n], off
		case t[0] == fence[0] && n >= len(fence) && len(bytes.TrimSpace(t[n:])) == 0:
			out = append(out, [2]int{fenceAt, end})
			fence = nil
		}
		off = end
	}
	if fence != nil {
		out = append(out, [2]int{fenceAt, len(src)})
	}
	return out
}

// codeSpans appends the code spans of line, which starts at offset off:
// each run of backticks opens a span that the next run of the same
// length closes. Runs are matched through a queue per length, so that a
// line of unclosed runs costs its length, not its square.
func codeSpans(line []byte, off int, out [][2]int) [][2]int {
	if bytes.IndexByte(line, '`') < 0 {
		return out
	}
	type run struct{ at, n int }
	var runs []run
	byLen := map[int][]int{} // run length -> indexes of runs, in order
	for i := 0; i < len(line); i++ {
		if line[i] != '`' {
			continue
		}
		n := 1
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		byLen[n] = append(byLen[n], len(runs))
		runs = append(runs, run{i, n})
		i += n - 1
	}
	next := map[int]int{} // run length -> first index of byLen[n] not yet passed
	for i := 0; i < len(runs); {
		r := runs[i]
		q, k := byLen[r.n], next[r.n]
		for k < len(q) && q[k] <= i {
			k++
		}
		next[r.n] = k
		if k == len(q) {
			i++
			continue
		}
		closer := runs[q[k]]
		out = append(out, [2]int{off + r.at, off + closer.at + closer.n})
		i = q[k] + 1
	}
	return out
}

// rawRanges returns the byte ranges of Liquid's {% raw %} sections.
func rawRanges(src []byte) [][2]int {
	var out [][2]int
	for off := 0; ; {
		k := bytes.Index(src[off:], []byte("{% raw %}"))
		if k < 0 {
			return out
		}
		start := off + k
		end := bytes.Index(src[start:], []byte("{% endraw %}"))
		if end < 0 {
			return append(out, [2]int{start, len(src)})
		}
		out = append(out, [2]int{start, start + end})
		off = start + end
	}
}

// inRanges reports whether off is in one of the ranges rs, which are
// sorted and apart (CodeRanges, markdownCode, rawRanges): searched, since
// a page may have as many ranges as links.
func inRanges(rs [][2]int, off int) bool {
	i, _ := slices.BinarySearchFunc(rs, off, func(r [2]int, off int) int {
		if r[1] <= off {
			return -1
		}
		return 1
	})
	return i < len(rs) && rs[i][0] <= off
}

// fragNote says that a link to a missing page has a fragment, which then
// names nothing either.
func fragNote(t local) string {
	if !t.hasFrag || anchor.Top(t.frag) {
		return ""
	}
	return fmt.Sprintf(", so neither does its anchor %q", t.frag)
}

// theSite names the site s in a message: "the site", or "the site in
// docs/" for one built from a folder below the root.
func theSite(s *site.Site) string {
	if s.Dir() == "" {
		return "the site"
	}
	return "the site in " + s.Dir() + "/"
}

// findSite returns the first file of the tree that serves the URL path
// p of site s, and its slash path.
func (a *auditor) findSite(root string, s *site.Site, p string) (lookup, string) {
	for _, c := range s.Files(p) {
		if lk := a.fs.find(root, c); lk.exists && !lk.dir && lk.right == "" {
			return lk, c
		}
	}
	return lookup{}, ""
}

// ignoredServes returns the first file that would serve the URL path p
// of site s and that git ignores (typedoc's API pages written into
// static/api/ by a build step, docs converted from notebooks into
// docs/tutorials/), when there is one.
func (a *auditor) ignoredServes(root string, s *site.Site, p string) (string, bool) {
	for _, c := range append(s.Files(p), s.SourceCandidates(p)...) {
		if a.builtOutput(root, c) {
			return c, true
		}
	}
	return "", false
}

// resolveURL resolves ref against the URL path base of a page, by RFC
// 3986 section 5.2, and returns the decoded path of the target.
func resolveURL(base, ref string) (string, bool) {
	_, p, _, ok := resolveTarget("https://site.invalid"+site.EscapePath(base), ref)
	switch {
	case !ok:
		return "", false
	case p == "":
		return "/", true
	}
	return p, true
}

// mediaExts are the extensions of the pictures and videos a README
// shows from a branch of their own.
var mediaExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true,
	".svg": true, ".mp4": true, ".webm": true, ".avif": true}

// climbsURL reports whether the relative reference ref, on the page at
// the URL path pageURL, climbs above the site's root with "..":
// remove_dot_segments (RFC 3986 section 5.2.4) stops there silently, but
// what the author meant is a page beside the site on its host.
func climbsURL(pageURL, ref string) bool {
	if strings.HasPrefix(ref, "/") {
		return false
	}
	ref = uri.StripQueryFragment(ref)
	base := strings.TrimPrefix(pageURL, "/")
	if strings.HasSuffix(pageURL, "/") {
		base += "index.html" // the page's folder is its URL's
	}
	return climbs(base, ref)
}

// climb returns how many levels the reference ref, in the file rel,
// climbs above the root, and the path that follows the last "..".
func climb(fileRel, ref string) (int, string) {
	ref = uri.StripQueryFragment(ref)
	merged := ref
	if !strings.HasPrefix(ref, "/") {
		merged = strings.TrimSuffix(path.Dir("/"+fileRel), "/") + "/" + ref
	}
	depth, lowest := 0, 0
	segs := strings.Split(strings.TrimPrefix(merged, "/"), "/")
	rest := 0
	for i, s := range segs {
		switch s {
		case ".", "":
		case "..":
			depth--
			if depth < lowest {
				lowest, rest = depth, i+1
			}
		default:
			if i < len(segs)-1 {
				depth++
			}
		}
	}
	return -lowest, strings.Join(segs[min(rest, len(segs)):], "/")
}

// checkOwn checks an absolute URL that names a file of this tree: a link
// to the repository's own files on its forge at a branch, or to a page
// under one of the site's base URLs. The work tree answers for them; the
// network is not asked (ownURL).
func (a *auditor) checkOwn(r *reporter, s *site.Site) {
	l := r.l
	frag, hasFrag := "", false
	fragAt := strings.IndexByte(l.URI, '#')
	if fragAt >= 0 {
		frag, hasFrag = l.URI[fragAt+1:], true
		fragAt++
	}
	if rf, ok := s.Repo.File(l.URI); ok {
		if rf.Pinned || rf.Outside {
			return // pinned history, or a file outside the root: -remote checks it
		}
		lk := a.fs.find(r.f.root, rf.Rel)
		if !lk.exists {
			r.report(policy.CategoryBrokenFile, 0, nil, "%q names %q of this repository on branch %q, which the work tree does not have%s",
				r.shown, "/"+rf.Path, rf.Ref, fragNote(local{hasFrag: hasFrag, frag: frag}))
			return
		}
		if lk.right != "" {
			r.report(policy.CategoryFileCase, 0, nil, "%q names %q of this repository, which exists only as %q: file names are case-sensitive", r.shown, "/"+rf.Path, "/"+strings.TrimSuffix(rf.Path, rf.Rel)+lk.right)
		}
		if rf.Raw {
			return // the file itself: no anchors
		}
		// The forge shows the file, whatever site the linking page is
		// of: its ids are the forge's (GitHub's slug of "## 4.0.0" is
		// "400", not a site generator's "4-0-0").
		a.checkFragment(r, a.forgeOf(r.f.root), local{rel: rf.Rel, query: rf.Query, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, lk)
		return
	}
	s, p, ok := a.ownSite(r.f.root, s, l.URI)
	if !ok {
		return
	}
	if s.Built() != "" {
		if rest, _, ok := s.VersionAlias(p); ok {
			if _, inBuild := a.builtFile(s, p); !inBuild {
				p = rest // the build is this tree, deployed there
			}
		} else if why, ok := s.OtherVersion(p); ok {
			// Another version is deployed beside the build, not in it.
			if _, inBuild := a.builtFile(s, p); !inBuild {
				r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which its build in %q does not have; %s, so it cannot be checked offline", r.shown, theSite(s), p, s.Built()+"/", why)
				return
			}
		}
		// The build has the host's redirects as pages, or checkBuilt
		// applies them where it has none.
		a.checkBuilt(r, s, "/", p+fragOf(l.URI), local{hasFrag: hasFrag, frag: frag, fragAt: fragAt}, lookup{})
		return
	}
	// A rule of the host applies where no file serves the path (or
	// always, when forced), as for a "/"-rooted link (checkLocal): a
	// page or an alias that serves it is checked, and a target no file
	// publishes is broken.
	if to, ok := s.Splat(p); ok {
		to = a.redirectChain(r.f.root, s, to)
		if found, rel := a.findSite(r.f.root, s, p); found.exists && !s.Forced(p) {
			a.checkFragment(r, s, local{rel: rel, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, found)
			return
		}
		found, rel := a.findSite(r.f.root, s, to)
		if written, _ := s.Redirected(p); found.exists && hasFrag && !strings.Contains(written, "#") {
			// The browser keeps the fragment over a redirect whose
			// target has none of its own.
			a.checkFragment(r, s, local{rel: rel, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, found)
			return
		}
		if !found.exists && !s.ExactRedirect(to) {
			if why, ok := s.UnknownPage(to); ok {
				r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which the site's redirects send to %q, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, theSite(s), p, to, why)
				return
			}
			if s.Lenient || s.Hook {
				r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which the site's redirects send to %q, which no file of the tree publishes; the server may hold more than this tree, so it cannot be checked offline", r.shown, theSite(s), p, to)
				return
			}
			r.report(policy.CategoryBrokenFile, 0, nil, "%q is a page of %s at %q, which no file of the tree publishes, nor %q, where the site's redirects send it", r.shown, theSite(s), p, to)
		}
		return
	}
	if _, ok := s.Redirected(p); ok {
		if to, ok := s.RedirectFragment(p); ok && hasFrag {
			if found, rel := a.findSite(r.f.root, s, to); found.exists {
				a.checkFragment(r, s, local{rel: rel, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, found)
			}
		}
		return
	}
	lk, rel := a.findSite(r.f.root, s, p)
	if !lk.exists {
		if s.Lenient || s.Hook {
			r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which no file of the tree publishes: it cannot be checked offline", r.shown, theSite(s), p)
			return
		}
		// The site deployed as "/latest/" (or "/en/stable/") is this
		// tree: the rest of the path is its page.
		if rest, prefix, ok := s.VersionAlias(p); ok {
			if _, redirected := s.Redirected(rest); redirected {
				return
			}
			if lk, rel := a.findSite(r.f.root, s, rest); lk.exists {
				a.checkFragment(r, s, local{rel: rel, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, lk)
				return
			}
			if why, ok := s.UnknownPage(rest); ok {
				r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s deployed at %q: no file of the tree publishes %q; %s, so it cannot be checked offline", r.shown, theSite(s), prefix, rest, why)
				return
			}
			r.report(policy.CategoryBrokenFile, 0, nil, "%q is a page of %s deployed at %q: no file of the tree publishes %q%s", r.shown, theSite(s), prefix, rest, fragNote(local{hasFrag: hasFrag, frag: frag}))
			return
		}
		if why, ok := s.UnknownPage(p); ok {
			r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which no file of the tree publishes; %s, so it cannot be checked offline", r.shown, theSite(s), p, why)
			return
		}
		// As for a root-relative link: a page a build step writes where
		// git ignores it (typedoc's static/api/) is unknown.
		if c, ok := a.ignoredServes(r.f.root, s, p); ok {
			r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which %q would serve, and git ignores it: a build makes it, so it cannot be checked offline", r.shown, theSite(s), p, "/"+c)
			return
		}
		if o := a.siblingPublishes(r.f.root, s, p); o != nil {
			r.report(policy.CategoryUnverifiable, 0, nil, "%q is a page of %s at %q, which no file of it publishes; %s, another %s site of the repository (a version of it), publishes that path and may be the one the host serves, so it cannot be checked offline", r.shown, theSite(s), p, theSite(o), o.Generator)
			return
		}
		r.report(policy.CategoryBrokenFile, 0, nil, "%q is a page of %s at %q, which no file of the tree publishes%s", r.shown, theSite(s), p, fragNote(local{hasFrag: hasFrag, frag: frag}))
		return
	}
	a.checkFragment(r, s, local{rel: rel, hasFrag: hasFrag, frag: frag, fragAt: fragAt}, lk)
}

// redirectChain returns where the browser lands from the URL path to,
// the target of a host rule: where no file serves to (or a forced rule
// takes it), another rule that sends it elsewhere is followed, as the
// browser follows the second redirect ("/reference/*" to
// "/docs/reference/:splat", which "/docs/reference/*" sends on to
// "/docs/21.0/reference/:splat"), as far as maxRedirectHops: rules that
// send a path round in a circle end there.
func (a *auditor) redirectChain(root string, s *site.Site, to string) string {
	for range maxRedirectHops {
		if found, _ := a.findSite(root, s, to); found.exists && !s.Forced(to) {
			return to
		}
		next, ok := s.Splat(to)
		if !ok || next == to {
			return to
		}
		to = next
	}
	return to
}

// ownSite returns the site of the tree at root that the absolute URL u
// is a page of, under one of its base URLs, and the URL path: first s,
// the site of the linking document, then the others of the tree (a
// README at the top links to the pages of the site in docs/).
func (a *auditor) ownSite(root string, s *site.Site, u string) (*site.Site, string, bool) {
	if p, ok := s.Own(u); ok {
		return s, p, true
	}
	for _, o := range a.sitesOf(root) {
		if o == s {
			continue
		}
		if p, ok := o.Own(u); ok {
			return o, p, true
		}
	}
	// A host and its "www." name (site.WWWTwin, the rule the Jekyll
	// model follows too) are mostly one site (one sends the reader to
	// the other, the path kept: swift.org and www.swift.org),
	// but not always, and what else the host serves (documentation
	// deployed apart, under /documentation/) is no page of the build
	// either: a URL of the other name is the site's when the build has
	// its page, whose ids are then checked.
	built := func(o *site.Site) bool { return o != nil && o.Built() != "" }
	if !built(s) && !slices.ContainsFunc(a.sitesOf(root), built) {
		return nil, "", false // no build to look the other name's page up in
	}
	if alt := site.WWWTwin(u); alt != "" {
		for _, o := range append([]*site.Site{s}, a.sitesOf(root)...) {
			if o == nil || o.Built() == "" {
				continue
			}
			if p, ok := o.Own(alt); ok {
				if _, inBuild := a.builtFile(o, p); inBuild {
					return o, p, true
				}
			}
		}
	}
	return nil, "", false
}

// siblingPublishes returns another site of the repository, of the same
// generator as s, that publishes the URL path p, or nil. A repository
// with two sites of one generator (docs-v1/ and docs-v2/) keeps versions
// of one site, and which the host serves is the deployment's choice, not
// the configuration's (a build script's --baseURL): an own URL of one
// that the other publishes may be served.
func (a *auditor) siblingPublishes(root string, s *site.Site, p string) *site.Site {
	for _, o := range a.sitesOf(root) {
		if o == nil || o == s || o.Generator != s.Generator {
			continue
		}
		if lk, _ := a.findSite(root, o, p); lk.exists {
			return o
		}
	}
	return nil
}

// ownURL reports whether the absolute URL u names a file of the tree at
// root that checkOwn checks offline: the network is not asked for it.
func (a *auditor) ownURL(root, u string) bool {
	s := a.siteOf(root)
	if rf, ok := s.Repo.File(u); ok {
		return !rf.Pinned && !rf.Outside
	}
	_, _, ok := a.ownSite(root, s, u)
	return ok
}

// checkFragment checks the fragment of t, which leads to lk: against the
// anchors of the page, as the publisher makes and matches them.
func (a *auditor) checkFragment(r *reporter, s *site.Site, t local, lk lookup) {
	// A text fragment (":~:text=...", the fragment directive of
	// wicg.github.io/scroll-to-text-fragment) is taken off the fragment
	// by the browser before it looks for an element: it names no id.
	frag := t.frag
	if i := strings.Index(frag, ":~:"); i >= 0 {
		frag = frag[:i]
	}
	if !t.hasFrag || frag == "" || anchor.Top(frag) {
		return
	}
	// The page, as a slash path from the root; where, the same from "/",
	// is made for a message only: most fragments are found.
	page := t.rel
	if lk.right != "" {
		page = lk.right
	}
	abs := lk.abs
	if lk.dir {
		// A folder shows its README on a forge, its index page on a site.
		rel, ok := a.folderPage(r.f.root, s, page)
		if !ok || s.FolderBoxID(frag) {
			return
		}
		page = rel
		abs = filepath.Join(r.f.root, filepath.FromSlash(rel))
	}
	name := frag
	if dec, err := uri.Unescape(name); err == nil {
		name = dec
	}
	if s.DynamicIDs(page) {
		where := "/" + page
		r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q of %q, whose ids are made from data when the site is built: it cannot be checked offline", r.shown, name, where)
		return
	}
	if lk.outside || (lk.link || lk.dir) && !a.inRoot(r.f.root, abs) {
		// Nothing outside the root is read, not even its anchors: a link
		// on the way, or a folder's page that is one, leads there.
		return
	}
	tg := a.index.get(abs)
	// A forge shows an HTML file as source, not rendered: "#L10" there
	// names a line (checked below), whatever ids the page has.
	_, _, isLine := anchor.Line(name)
	sourceLine := s.Forge && tg.kind == kindHTML && isLine
	if (tg.kind == kindMarkdown && !plain(t.query)) || tg.kind == kindHTML && !sourceLine {
		set := tg.anchorsFor(s)
		// (A link in raw HTML is left as written: VitePress 2 writes
		// "<a href="#Foo-Bar">" so.)
		if f, ok := s.LinkFragment(name); ok && tg.kind == kindMarkdown && r.f.kind == kindMarkdown && r.l.Kind != extract.HTMLAttr {
			frag = f // the generator writes the link with this fragment
		}
		m, right := set.Find(frag, s.Anchors)
		if m != anchor.Found && a.importedID(r.f.root, s, page, frag, 0) && !s.OutsideIncludedLines(page, frag) {
			return // an id of a file the page renders (an MDX partial), in the lines it renders
		}
		switch m {
		case anchor.Found:
			return
		case anchor.CaseOnly:
			where := "/" + page
			if why, ok := unknownIDs(s, where, name, tg); ok {
				r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q, which the source of %q shows only as %q; %s, so its ids cannot be checked offline", r.shown, name, where, right, why)
				return
			}
			r.report(policy.CategoryAnchorCase, t.fragAt, []uri.Edit{{Start: t.fragAt, End: t.fragAt + len(frag), New: fragText(frag, right)}},
				"%q names anchor %q, which %q has only as %q: anchors are case-sensitive", r.shown, name, where, right)
			return
		}
		where := "/" + page
		w := tg.idWriters()
		written := w.written
		if written != "" && w.liquidIncludes != nil && w.writtenBesidesLiquid == "" {
			// A Jekyll page whose includes write no id the model does
			// not know has its own ids and its Markdown partials'.
			if md, ok := s.LiquidIncludesKnown(page, w.liquidIncludes); ok {
				if a.idOf(r.f.root, s, md, frag) || a.repeatedID(r.f.root, s, tg, md, frag) {
					return
				}
				written = ""
			}
		}
		if written != "" && w.writtenBesides == "" && len(w.includeMarks) > 0 && !slices.ContainsFunc(w.includeMarks, s.ReadsIncludeMark) {
			// No extension or plugin of the site reads the page's
			// include marks: they are its text ("--8<--" without
			// pymdownx.snippets).
			written = ""
		}
		if s.IncludesKnown(page) {
			written = w.writtenBesides
			if includedRepeat(name) {
				// A heading both the page and a file it includes
				// have gets "_1" in the order MkDocs renders them,
				// which the model does not follow.
				written = "an id repeated across the files the page includes is numbered in the order they are rendered"
			}
		}
		if why, ok := unknownIDs(s, where, name, tg); ok || written != "" && !s.Forge {
			if !ok {
				why = written
			}
			r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q, which the source of %q does not show; %s, so its ids cannot be checked offline", r.shown, name, where, why)
			return
		}
		r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q, which %q does not have", r.shown, name, where)
		return
	}
	if to, ok := s.DropsFragment(page); ok {
		r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q of %q, whose component only redirects the reader to %q, which leaves the fragment behind: no element of it is reached", r.shown, name, "/"+page, to)
		return
	}
	if !s.Forge {
		return // a file served as it is: a fragment names nothing the server checks
	}
	if format, ok := site.ForgeRendered(page); ok && !plain(t.query) {
		r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q of %q, which the forge renders as a document (%s) whose ids are not modelled: it cannot be checked offline", r.shown, name, "/"+page, format)
		return
	}
	from, to, isLine := anchor.Line(name)
	switch {
	case isLine && (from < 1 || from > tg.lines || to < 1 || to > tg.lines):
		r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names line %d, but %q has %d lines", r.shown, max(from, to), "/"+page, tg.lines)
	case !isLine && !tg.binary && !strings.EqualFold(path.Ext(page), ".svg"):
		// GitHub shows an SVG file as the picture it draws, as it shows
		// other images: a fragment names nothing there (a README's
		// "logo.svg#gh-dark-mode-only" picks the image for a theme).
		r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q, but %q is shown as source, with line anchors only (#L10, #L10-L20)", r.shown, name, "/"+page)
	}
}

// idOf reports whether one of the Markdown files (slash paths from
// root) has the id frag.
func (a *auditor) idOf(root string, s *site.Site, files []string, frag string) bool {
	for _, f := range files {
		abs := filepath.Join(root, filepath.FromSlash(f))
		if !a.inRoot(root, abs) {
			continue
		}
		if tg := a.index.get(abs); tg != nil && tg.kind == kindMarkdown {
			if m, _ := tg.anchorsFor(s).Find(frag, s.Anchors); m == anchor.Found {
				return true
			}
		}
	}
	return false
}

// repeatedID reports whether frag is "base-N", an id kramdown gives the
// N+1st heading of a slug in the page it renders from the page tg and
// its Markdown partials (files): the page's own headings and its
// partials' share one count, which each file's ids alone do not show
// ("## Request" in two parts is "request" and "request-1").
func (a *auditor) repeatedID(root string, s *site.Site, tg *target, files []string, frag string) bool {
	k := strings.LastIndexByte(frag, '-')
	if k <= 0 || k == len(frag)-1 {
		return false
	}
	n, err := strconv.Atoi(frag[k+1:])
	if err != nil || n < 1 || frag[k+1] == '0' {
		return false
	}
	base := frag[:k]
	total := repeats(tg.anchorsFor(s), base)
	for _, f := range files {
		abs := filepath.Join(root, filepath.FromSlash(f))
		if !a.inRoot(root, abs) {
			continue
		}
		if p := a.index.get(abs); p != nil && p.kind == kindMarkdown {
			total += repeats(p.anchorsFor(s), base)
		}
		if total > n {
			return true
		}
	}
	return total > n
}

// repeats returns how many headings of one file have the slug base:
// the first has it, the next "base-1", "base-2"...
func repeats(set *anchor.Set, base string) int {
	if !set.Has(base) {
		return 0
	}
	n := 1
	for set.Has(base + "-" + strconv.Itoa(n)) {
		n++
	}
	return n
}

// maxImportDepth bounds how deep imports of imports are followed.
const maxImportDepth = 4

// importedID reports whether one of the Markdown files the page rel
// renders among its content (site.Imports), or one they render, has the
// id frag.
func (a *auditor) importedID(root string, s *site.Site, rel, frag string, depth int) bool {
	if depth >= maxImportDepth {
		return false
	}
	for _, imp := range s.Imports(rel) {
		abs := filepath.Join(root, filepath.FromSlash(imp))
		if !a.inRoot(root, abs) {
			continue
		}
		tg := a.index.get(abs)
		if tg.kind != kindMarkdown {
			continue
		}
		if m, _ := tg.anchorsFor(s).Find(frag, s.Anchors); m == anchor.Found || a.importedID(root, s, imp, frag, depth+1) {
			return true
		}
	}
	return false
}

// includedRepeat reports whether the id name ends as a repeated
// heading's does in Python-Markdown's toc: "_" and a number.
func includedRepeat(name string) bool {
	i := strings.LastIndexByte(name, '_')
	if i < 0 || i == len(name)-1 {
		return false
	}
	for _, c := range name[i+1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// unknownIDs returns why the id frag of the page where (a slash path
// from the audited root, with a leading "/"), whose source is tg, may be
// one the model of s does not know, when it may: configuration it does
// not cover, or a shortcode the page calls that may write it.
func unknownIDs(s *site.Site, where, frag string, tg *target) (string, bool) {
	if why, ok := s.UnknownIDs(strings.TrimPrefix(where, "/")); ok {
		return why, true
	}
	if why, ok := s.ScriptRoute(strings.TrimPrefix(where, "/"), frag); ok {
		return why, true
	}
	if why, ok := s.UnknownHeadingID(strings.TrimPrefix(where, "/"), frag); ok {
		return why, true
	}
	w := tg.idWriters()
	return s.ShortcodeIDs(w.shortcodes, w.shortcodeArgs, w.shortcodeHTML, frag)
}

// readmeNames are the names GitHub shows as a folder's README, in the
// order it picks them.
var readmeNames = []string{"README.md", "README.markdown", "README.mdown", "README.mkdn", "README", "README.txt", "README.rst", "README.html"}

// folderPage returns the page a folder shows: its README on a forge
// (the top of the repository also looks in .github/ and docs/ first),
// the site's index page otherwise.
func (a *auditor) folderPage(root string, s *site.Site, dir string) (string, bool) {
	if s.Forge {
		dirs := []string{dir}
		if dir == "" {
			dirs = []string{".github", "", "docs"}
		}
		for _, d := range dirs {
			for _, n := range readmeNames {
				rel := strings.TrimPrefix(d+"/"+n, "/")
				// GitHub matches the README's name ignoring case.
				if lk := a.fs.find(root, rel); lk.exists && !lk.dir {
					if lk.right != "" {
						rel = lk.right
					}
					return rel, true
				}
			}
		}
		return "", false
	}
	for _, ix := range []string{"_index.md", "index.md", "README.md", "index.html"} {
		rel := strings.TrimPrefix(dir+"/"+ix, "/")
		if lk := a.fs.find(root, rel); lk.exists && !lk.dir && lk.right == "" {
			return rel, true
		}
	}
	return "", false
}

// showRoot returns the root relative to the working directory.
func (a *auditor) showRoot(root string) string {
	if wd, err := filepath.Abs("."); err == nil {
		if rel, err := filepath.Rel(wd, root); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(root)
}

// fragText writes the anchor right as the fragment was written:
// percent-encoded when it was, else raw (non-ASCII letters and all), as
// long as that does not end the link or the fragment.
func fragText(written, right string) string {
	if strings.Contains(written, "%") || strings.ContainsAny(right, " \t\n\r#<>()[]\"'`\\") {
		return uri.Escape(right, uri.ComponentFragment)
	}
	return right
}

// caseFix returns the edits of ref that spell each wrong name of its path
// as the file system does, or nil when a wrong name is not one segment of
// the path as written, exactly once.
func caseFix(ref string, wrong, right []string) []uri.Edit {
	end := len(uri.StripQueryFragment(ref))
	var edits []uri.Edit
	for i, w := range wrong {
		var hit *uri.Edit
		start := 0
		for _, seg := range strings.SplitAfter(ref[:end], "/") {
			s := strings.TrimSuffix(seg, "/")
			dec, err := uri.Unescape(s)
			if err == nil && dec == w {
				if hit != nil {
					return nil
				}
				repl := right[i]
				if strings.Contains(s, "%") {
					repl = uri.Escape(repl, uri.ComponentPath)
				}
				hit = &uri.Edit{Start: start, End: start + len(s), New: repl}
			}
			start += len(seg)
		}
		if hit == nil {
			return nil
		}
		edits = append(edits, *hit)
	}
	return edits
}

// fragOf returns the fragment of ref with its "#", or "".
func fragOf(ref string) string {
	if k := strings.IndexByte(ref, '#'); k >= 0 {
		return ref[k:]
	}
	return ""
}

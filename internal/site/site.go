// Package site models how a documentation tree is published: by a forge
// that renders its Markdown (GitHub, GitLab) or by a site generator
// (Hugo, mdBook, MkDocs, Docusaurus, Jekyll, VitePress, a plain static
// folder). Each publisher is one Generator, in a file of its own, written
// from that generator's documentation, and one entry of the registry
// (registry.go): it recognizes the tree by the files a maintainer
// already has (its markers), and lays out the site, page by page:
// the URL path each source file is published at, the folders served as
// they are, the redirects, and how heading ids are made. The audit then
// resolves a link as the published site does (Site.Files) instead of as a
// path of the tree.
package site

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/internal/anchor"
	uriconfig "github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/uri"
)

// Options are the explicit mappings of a tree, for what detection does
// not know: the "site:" section of the configuration file, whose type
// documents each key (audit.Site, its public twin, converts to it).
type Options = uriconfig.Site

// Generator is one publisher's rules. Its name, the files that show it
// builds a tree and where it is looked for are in the registry
// (publishers).
type Generator interface {
	// Load reads the generator's configuration (Site.marker) and lays
	// the site out.
	Load(t *Tree, s *Site) error
}

// Site is a tree laid out as its publisher serves it.
type Site struct {
	// Generator names the publisher ("github", "hugo"...).
	Generator string
	// Evidence is the file it was recognized by, or why it was chosen.
	Evidence string
	// Anchors are the rules by which a fragment finds an id on a page.
	Anchors anchor.Rules
	// Forge: links are read where the forge renders the Markdown, as
	// paths of the repository.
	Forge bool
	// Hook: a render hook rewrites link destinations, so a link that no
	// rule here resolves may still work: it cannot be verified offline.
	Hook bool
	// hookWhy names what rewrites them, when no render hook does
	// (HookReason).
	hookWhy string
	// Lenient: the tree is served as is by a server whose other content
	// is unknown: a root-relative link that nothing here serves cannot
	// be verified offline.
	Lenient bool
	// Repo is the forge repository the tree is, when known.
	Repo *Repo

	root string
	// marker is the file of the tree that shows the generator builds
	// it, its configuration file, a slash path from the site's folder:
	// the evidence of a detected generator, the same file looked for
	// when the generator is configured, "" for a forge.
	marker string
	// dir is the site's folder, a slash path from the audited root, ""
	// for the root itself. What the site records (pages, mounts,
	// templates) is relative to that folder; the exported methods take
	// and return paths from the audited root.
	dir  string
	slug func(text string) string
	// headingVariant, when set, is another id a heading of this text
	// may have, where the model cannot tell which of two the
	// generator gives it (VitePress: an emoji shortcode it may or may
	// not know); "" or the slug itself when there is none.
	headingVariant func(text string) string
	// linkSlug, when set, is what the generator makes of a link's
	// fragment before it writes the link (VitePress 2 slugifies it).
	linkSlug func(frag string) string
	dupSep   string // what comes before the number of a repeated heading id
	dupKept  bool   // a repeated heading keeps its id, unnumbered (Redcarpet)
	termIDs  bool   // definition terms get ids, as headings do
	// footnoteSep is what joins "fn" and "fnref" to a footnote's label
	// in the ids Python-Markdown's footnotes give ("fn:1"); "" when
	// the publisher's footnotes have no ids the model makes.
	footnoteSep string
	pages       map[string]string   // URL path -> file
	urls        map[string]string   // file -> URL path
	mounts      []mount             // longest URL prefix first
	redirects   map[string]string   // URL path -> where it goes
	exts        map[string][]string // URL extension -> source extensions
	index       []string
	bases       []base
	shownBases  []string // as configured, for String
	notes       []string
	wild        []wildRedirect // URL path prefixes redirected as a whole ("/old/*")
	hostRules   []hostRule     // the host's rules (Netlify's), in the order they apply
	// sitePrefix begins a path from the site's folder ("@site/").
	sitePrefix string
	// basePath is the path the site is served under that its own URL
	// paths leave out, "/"-wrapped (Docusaurus' baseUrl): a
	// root-relative link may include it or not.
	basePath string
	// contentDirs hold the pages (Hugo's content directories).
	contentDirs []string
	// contentAlt is the content folder a translation's folder falls back
	// on (Docusaurus' i18n/LOCALE/... for docs/).
	contentAlt map[string]string
	// templates are folders of templates: a link in them is written for
	// whatever page includes them.
	templates []string
	// configDirs are folders of the site's configuration (Hugo's
	// config/): a configuration file there is the site's, not another
	// site below it.
	configDirs []string
	// shortcodes are the ids each shortcode of a Hugo site may write.
	shortcodes map[string]*shortcodeIDs
	tabIDs     bool // content tabs get ids from their titles
	tabIndexes bool // content tabs get ids from their places ("__tabbed_1_2")
	// contentPlugin is the plugin each content folder (a path from the
	// site's folder) is of: a Markdown link resolves to a page of the
	// same plugin only (Docusaurus).
	contentPlugin map[string]string
	// imports are the Markdown files each page (a path from the site's
	// folder) imports and renders among its own content (Docusaurus'
	// MDX partials): their ids are the page's too.
	imports map[string][]string
	// includesKnown are the pages (paths from the site's folder) whose
	// every include the model resolves to a whole Markdown file, with
	// no include of its own (MkDocs' snippets, markdown-include): the
	// ids those files write are all in imports (IncludesKnown).
	includesKnown map[string]bool
	// rendered are the files (paths from the site's folder) whose text
	// pages include and render as their own, with the lines each page
	// renders, the pages' paths from the audited root (VitePress'
	// @include; IncludedIn).
	rendered map[string][]Rendering
	// includeRebase: the generator may rebase the relative links of an
	// included Markdown file, which then resolve from its folder
	// (VitePress from 2.0.0-alpha.19; IncludeLinksMayRebase).
	includeRebase bool
	// partIDs are, by page (a path from the site's folder), the ids of
	// the headings of files it includes in part (OutsideIncludedLines).
	partIDs map[string]*partIDs
	// otherVersions: other versions or translations of the site may be
	// deployed beside its build, under its own URL (versionPrefix);
	// topSegs are the first segments of its URL paths (finish).
	otherVersions bool
	topSegs       map[string]bool
	// verbatim are the HTML files (paths from the site's folder) the
	// generator copies into the build as they are (CopiedAsIs).
	verbatim map[string]bool
	// asWritten are the pages (paths from the site's folder) whose
	// relative links stay as written (LinksAsWritten).
	asWritten map[string]bool
	language  string // the language the site is written in (VersionAlias), "" for English
	// redirectFragments: the site's redirect pages carry the link's
	// fragment to their target (RedirectFragment).
	redirectFragments bool
	// excluded are files of the served folders that the generator
	// leaves out of the site (Exclude), slash paths from the site's
	// folder.
	excluded map[string]bool
	// notAtPath are the files of the served folders (slash paths from
	// the site's folder) that no URL serves at their path of the tree,
	// though a page may be published from one elsewhere (Jekyll copies
	// its folder whole but for "_" folders and what exclude names:
	// Unserved).
	notAtPath map[string]bool
	// partials are Markdown files outside the served folders that pages
	// include when the site is built (MkDocs' snippets, markdown-include):
	// their links are written for the including page, like a template's;
	// and pages whose links no build reads (Hugo's drafts, translations
	// into a disabled language). Set by addPartial.
	partials map[string]bool
	drafts   map[string]bool // known to publish no page (Unpublished)
	// sourceMounts are the content folders whose files become pages at
	// a URL below a route (Docusaurus' docs): SourceCandidates.
	sourceMounts []mount
	// folderByURL, htmlByURL: a link to a folder, a link in raw HTML,
	// stays as written in the page (ByPageURL).
	folderByURL, htmlByURL bool
	// noAttrLists: the Markdown renderer reads no attribute list
	// ("## Title {#id}" is text of the heading: MkDocs without attr_list).
	noAttrLists bool
	// includeReaders are the include marks of a page ("--8<--", "{!",
	// "{% include") that an extension or plugin of the site reads
	// (MkDocs); nil: any may be (ReadsIncludeMark).
	includeReaders map[string]bool
	// linksBareURLs: the Markdown renderer makes a bare http URL of a
	// page a link (MkDocs' pymdownx.magiclink): LinksBareURLs.
	linksBareURLs bool
	// htmlMarkdownByURL: a link in raw HTML to a Markdown file stays as
	// written (VitePress), where other raw-HTML links are rewritten.
	htmlMarkdownByURL bool
	// folderDotHTML: a link to a path without an extension is written
	// with ".html" added, and "/a.html" is no URL of the page at "/a/"
	// (VitePress without cleanUrls; FolderDotHTML).
	folderDotHTML bool
	// markdownNames are the URL paths that name a page only in a
	// Markdown link, which the generator rewrites to the page's URL
	// (VitePress' "/a.md"): no file is served there (MarkdownName).
	markdownNames map[string]bool
	// dynamic are the pages whose ids a component makes from data when
	// the site is built (an MDX page rendering imported JSON).
	dynamic map[string]bool
	// dropsFragment are the pages (slash paths from the site's folder)
	// whose component only sends the reader on ("<Redirect to=...>"),
	// to the path given: the client router's redirect keeps no fragment.
	dropsFragment map[string]string
	titleNoID     bool // a page's leading "# Title" is its title, with no id
	h1NoID        bool // no top-level heading has an id (Docusaurus)
	// headingNoID: no Markdown heading has an id (Jekyll 3's Redcarpet
	// without with_toc_data); raw HTML keeps its own.
	headingNoID bool
	// mdToPages: a link to a Markdown file becomes the URL of its page,
	// and one to a file the site publishes no page of is left as
	// written (Docusaurus).
	mdToPages bool
	refLabels bool // a heading's "[text][label]" gives its id the text alone (Docusaurus 2's remark)
	// mdLinksFromRoot: "./x.md" and "../x.md" are also looked up from
	// the content folder (Docusaurus 2 up to its beta 18).
	mdLinksFromRoot bool
	mdCommon        bool // Docusaurus reads .md files as CommonMark (markdown.format "detect" or "md"), not as MDX
	// slashUnknown: the host decides whether a page is served with a
	// trailing slash (Docusaurus without trailingSlash).
	slashUnknown bool
	// noDotHTML: a page at "/a" is written to a/index.html only, so
	// "/a.html" is no URL of it (Docusaurus unless trailingSlash: false).
	noDotHTML bool
	// componentIDs: whether a component file of the tree (a Docusaurus
	// page imports it) writes an id attribute, by path, read once.
	componentIDs map[string]bool
	// unmodelled are the plugins, preprocessors and keys of the
	// configuration the model does not cover (kind, name); unknown are
	// the URL spaces they may publish into; unknownIDs says why no
	// page's ids are all known, unknownPageIDs why one page's are not.
	unmodelled     [][2]string
	unknown        []unknownSpace
	unknownIDs     string
	unknownPageIDs map[string]string
	// liquidHeadings are the Jekyll pages (paths from the site's
	// folder) with a heading Liquid writes, whose id the model does not
	// compute (UnknownHeadingID).
	liquidHeadings map[string]bool
	// unplaced are the documents (paths from the site's folder) the
	// site renders at a URL the model does not know (a permalink of a
	// site's own placeholder): their ids are still the site's.
	unplaced map[string]bool
	// rendersAll: every Markdown file of the site's folder is a page at
	// a URL the model does not know (a generator no model covers).
	rendersAll bool
	idPrefix   string // kramdown's auto_id_prefix, before each heading's id
	// generated are the files (paths from the site's folder) a plugin
	// writes at build time, with why (Generated).
	generated map[string]string
	// builtDefault is the generator's default output folder, a slash
	// path from the site's folder; built is the build output used, a
	// slash path from the audited root, "" when there is none.
	builtDefault string
	built        string
	builtAbs     string
	builtPrefix  string // what the URL paths have that the build's paths do not (Jekyll's baseurl)
	// outside are folders beside the site's folder that it publishes
	// (Docusaurus' docs path "../docs"), slash paths from the audited
	// root.
	outside []string

	// hugo is what the Hugo model knows beyond URLs: pages by name (ref
	// and relref), the embedded link render hook.
	hugo *hugoModel
	// liquid is what Jekyll's Liquid writes of the configuration
	// (LiquidURL).
	liquid *liquidVars
	// pre is the template language run over pages before their
	// Markdown (Templates).
	pre preMarkdown
	// linkedPages: a symbolic link to a file is read as that file,
	// published at the link's place (MkDocs walks docs_dir following
	// links).
	linkedPages bool
	// extlessByURL: a relative link whose last segment has no "." is
	// left as written (MkDocs: it names no source file).
	extlessByURL bool
}

// HookReason says what rewrites the site's link destinations when Hook
// is set: a render hook, or the plugin named.
func (s *Site) HookReason() string {
	if s.hookWhy != "" {
		return s.hookWhy
	}
	return "the site's render hook resolves links"
}

// OwnHeadingIDs reports whether the publisher gives headings ids of its
// own making (HeadingIDs) or more ids besides them (HeadingIDVariant),
// not the GitHub slugs that package extract computes alone: only then
// are the texts of headings needed.
func (s *Site) OwnHeadingIDs() bool { return s.slug != nil || s.headingVariant != nil }

// LinkFragment is the fragment the built page's link has for the
// decoded fragment name a Markdown page of the site writes, when the
// generator rewrites it (VitePress 2 makes it a heading id with its
// slug: "#Foo%20Bar" is "#foo-bar"); ok is false when it is kept.
func (s *Site) LinkFragment(name string) (frag string, ok bool) {
	if s.linkSlug == nil {
		return "", false
	}
	return s.linkSlug(name), true
}

// DynamicIDs reports whether the page rel gets ids when the site is
// built, from data no heading of its source shows: a fragment naming it
// cannot be checked offline.
func (s *Site) DynamicIDs(rel string) bool {
	rel, ok := s.inner(rel)
	return ok && s.dynamic[rel]
}

// DropsFragment returns where the page of rel (a slash path from the
// audited root) sends the reader when its component does nothing but
// redirect (Docusaurus' "<Redirect to=...>" of @docusaurus/router): the
// client router's redirect leaves the fragment behind, so no fragment
// of a link to that page reaches an element.
func (s *Site) DropsFragment(rel string) (string, bool) {
	rel, ok := s.inner(rel)
	if !ok {
		return "", false
	}
	to, ok := s.dropsFragment[rel]
	return to, ok
}

// SlashUnknown reports whether the host, not the generator, decides
// whether a page's URL ends in a slash (Docusaurus without
// trailingSlash: "/docs/a" or "/docs/a/"), so that a relative link of
// the page may resolve from either.
func (s *Site) SlashUnknown() bool { return s.slashUnknown }

// MarkdownLinksToPages reports whether the generator turns a page's link
// to a Markdown file into the URL of the page published from it, leaving
// one to a file it publishes no page of as written (Docusaurus'
// onBrokenMarkdownLinks).
func (s *Site) MarkdownLinksToPages() bool { return s.mdToPages }

// contentOf records that the folder dir (a path from the site's folder)
// holds content of the plugin.
func (s *Site) contentOf(dir, plugin string) {
	if s.contentPlugin == nil {
		s.contentPlugin = map[string]string{}
	}
	s.contentPlugin[dir] = plugin
}

// pluginOf returns the plugin whose content folder holds rel (a path
// from the site's folder), the deepest folder's, or "".
func (s *Site) pluginOf(rel string) string {
	best, plugin := -1, ""
	for d, p := range s.contentPlugin {
		if (rel == d || strings.HasPrefix(rel, d+"/") || d == "") && len(d) > best {
			best, plugin = len(d), p
		}
	}
	return plugin
}

// SameContent reports whether a Markdown link of the page from to the
// page to (paths from the audited root) is resolved by the generator:
// both are content of the same plugin, where it keeps content apart by
// plugin (Docusaurus: the docs of each instance, with their versions and
// translations; the blog; the pages), else always.
func (s *Site) SameContent(from, to string) bool {
	if s.contentPlugin == nil {
		return true
	}
	fi, ok1 := s.inner(from)
	ti, ok2 := s.inner(to)
	if !ok1 || !ok2 {
		return false
	}
	p := s.pluginOf(fi)
	return p != "" && p == s.pluginOf(ti)
}

// Imports returns the Markdown files the page rel (a slash path from the
// audited root) renders among its own content, paths from the audited
// root: their ids are ids of the page.
func (s *Site) Imports(rel string) []string {
	in, ok := s.inner(rel)
	if !ok {
		return nil
	}
	var out []string
	for _, f := range s.imports[in] {
		out = append(out, s.outer(f))
	}
	return out
}

// IncludesKnown reports whether every file the page rel (a slash path
// from the audited root) includes when the site is built is one the
// model resolved (Imports): the page's ids are then its own and those
// files', not unknown.
func (s *Site) IncludesKnown(rel string) bool {
	in, ok := s.inner(rel)
	return ok && s.includesKnown[in]
}

// H1NoID reports whether the publisher gives no top-level heading an id
// (Docusaurus' Heading: "H1 headings do not need an id because they
// don't appear in the TOC"), whatever its text or its {#id} says.
func (s *Site) H1NoID() bool { return s.h1NoID }

// HeadingNoID reports whether the publisher gives Markdown headings no
// id at all.
func (s *Site) HeadingNoID() bool { return s.headingNoID }

// TitleNoID reports whether a page's leading top-level heading is shown
// as its title without an id (Docusaurus).
func (s *Site) TitleNoID() bool { return s.titleNoID }

// ByPageURL reports whether a relative link of a page, written in raw
// HTML (html), or naming a folder of the tree or a file the site does
// not publish (other), stays as written in the published page, so that
// the browser resolves it against the page's URL rather than the source
// file's folder: MkDocs rewrites only the Markdown links that name a
// file of docs_dir.
func (s *Site) ByPageURL(html, other bool) bool {
	return other && s.folderByURL || html && s.htmlByURL
}

// ExtlessByURL reports whether the relative link ref stays as written
// in the published page because the last segment of its path has no "."
// (MkDocs rewrites only links that name a file: "cuda/Dockerfile", a
// file of docs_dir though it is, is resolved by the browser against the
// page's URL).
func (s *Site) ExtlessByURL(ref string) bool {
	if !s.extlessByURL {
		return false
	}
	p := uri.StripQueryFragment(ref)
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\") || strings.Contains(p, ":") {
		return false
	}
	// A link ending in "/" is a folder's, whose own rules hold
	// (ByPageURL; "x.md/" names the file x.md to the audit).
	last := p[strings.LastIndexByte(p, '/')+1:]
	return last != "" && !strings.Contains(last, ".")
}

// HTMLMarkdownByURL reports whether a relative link written in raw HTML
// to a Markdown file stays as written in the published page, where the
// generator rewrites only a Markdown link's ".md" (VitePress): it
// resolves against the page's URL, at a name no file of the build has.
func (s *Site) HTMLMarkdownByURL() bool { return s.htmlMarkdownByURL }

// FolderDotHTML reports whether the generator writes a page's link to a
// path without an extension with ".html" added (VitePress without
// cleanUrls): a link to a folder without its trailing slash ("./guide")
// then leads to "./guide.html", which the folder's index page is not.
func (s *Site) FolderDotHTML() bool { return s.folderDotHTML }

// Template reports whether the file rel is a template of the generator
// (a layout, an include, a theme override): its relative links resolve
// against the pages that include it, not against the file.
func (s *Site) Template(rel string) bool {
	rel, ok := s.inner(rel)
	if !ok {
		return false
	}
	for _, d := range s.templates {
		if strings.HasPrefix(rel, d+"/") {
			// A template the generator also copies as it is (MkDocs'
			// custom_dir inside docs_dir) is a published file too.
			return !s.verbatim[rel]
		}
	}
	return s.partials[rel] || s.drafts[rel]
}

// PublishedTemplate reports whether the file rel (slash path from the
// audited root) is a template of the theme that the generator also
// copies into the build as it is (MkDocs' theme.custom_dir inside
// docs_dir): its links are checked from its own URL, but for those its
// template language writes.
func (s *Site) PublishedTemplate(rel string) bool {
	in, ok := s.inner(rel)
	if !ok || !s.verbatim[in] {
		return false
	}
	for _, d := range s.templates {
		if strings.HasPrefix(in, d+"/") {
			return true
		}
	}
	return false
}

// Unpublished reports whether the file rel (slash path from the audited
// root) is one the generator is known to publish no page of, though it
// sits among pages: a draft, built in development only (Docusaurus'
// "draft: true"), a file of a partials folder ("_snippets/"). A link to
// it is not resolved to a page, and its own links, which no page renders
// as written, are not checked (Template).
func (s *Site) Unpublished(rel string) bool {
	rel, ok := s.inner(rel)
	return ok && s.drafts[rel]
}

// addUnpublished records rel (a slash path from the site's folder) as
// Unpublished.
func (s *Site) addUnpublished(rel string) {
	if s.drafts == nil {
		s.drafts = map[string]bool{}
	}
	s.drafts[rel] = true
}

// addPartial records rel (a slash path from the site's folder) in
// partials: Template then reports it.
func (s *Site) addPartial(rel string) {
	if s.partials == nil {
		s.partials = map[string]bool{}
	}
	s.partials[rel] = true
}

type mount struct{ url, dir string }

// SourceCandidates returns the files of the tree (slash paths from the
// audited root) that would publish the URL path p in a content folder
// whose pages take their URLs from their paths (Docusaurus' docs: "/docs/a/b"
// from docs/a/b.md, .mdx or docs/a/b/index.md), whether or not they exist:
// where git ignores one, a build step writes it (tutorials converted from
// notebooks into docs/tutorials/), and the page is unknown, not missing.
func (s *Site) SourceCandidates(p string) []string {
	var out []string
	for _, m := range s.sourceMounts {
		rest, ok := strings.CutPrefix(p, m.url)
		if !ok || rest != "" && rest[0] != '/' {
			continue
		}
		f := strings.Trim(m.dir+"/"+strings.Trim(rest, "/"), "/")
		switch path.Ext(f) {
		case ".md", ".mdx":
			out = append(out, s.outer(f))
			continue
		}
		for _, suffix := range []string{".md", ".mdx", "/index.md", "/index.mdx"} {
			out = append(out, s.outer(f+suffix))
		}
	}
	return out
}

func newSite(root string) *Site {
	return &Site{root: root, pages: map[string]string{}, urls: map[string]string{}, redirects: map[string]string{},
		exts: map[string][]string{}, dupSep: "-"}
}

// Detect recognizes how the tree at root (an absolute directory) is
// published, with the options' overrides, and lays the site out.
// Errors are of configuration files that could not be read; the site is
// usable all the same.
func Detect(root string, o Options) (*Site, error) {
	t := &Tree{Root: root}
	s := newSite(root)
	var p *publisher
	switch o.Generator {
	case "", "auto":
		if p, s.marker = detect(t, false); p != nil {
			s.Evidence = s.marker
		} else if ev := githubPagesTree(t, root); ev != "" {
			// GitHub Pages builds the tree with Jekyll, with or
			// without a _config.yml (jekyllPagesBranch).
			p, s.Evidence = lookup("jekyll"), ev
		} else {
			p = lookup("github") // the forge: what no generator claims
		}
	default:
		if p = lookup(o.Generator); p == nil {
			return nil, fmt.Errorf("site generator %q is not one of %s", o.Generator, strings.Join(Names(), ", "))
		}
		s.Evidence = "configured"
		s.marker = p.find(t)
	}
	s.Generator = p.name
	s.Repo = findRepo(root, o.Repository)
	err := p.gen.Load(t, s)
	s.apply(t, o)
	s.finish(t)
	return s, err
}

// finish drops the mounts of folders the tree lacks (a folder a
// generator would serve but the tree lacks serves nothing) and orders the
// others longest URL prefix first.
func (s *Site) finish(t *Tree) {
	s.mounts = slices.DeleteFunc(s.mounts, func(m mount) bool { return m.dir != "" && !t.Exists(m.dir) })
	slices.SortStableFunc(s.mounts, func(a, b mount) int { return len(b.url) - len(a.url) })
	if s.otherVersions {
		s.topSegs = map[string]bool{}
		for u := range s.pages {
			s.topSegs[firstSegment(u)] = true
		}
		for u := range s.redirects {
			s.topSegs[firstSegment(u)] = true
		}
	}
}

// apply adds the explicit mappings.
func (s *Site) apply(t *Tree, o Options) {
	for u, dir := range o.Mounts {
		s.Mount(u, dir)
	}
	for from, to := range o.Extensions {
		s.exts[from] = append(s.exts[from], to)
	}
	if len(o.Index) > 0 {
		s.index = o.Index
	}
	for _, b := range o.BaseURLs {
		s.bases = append(s.bases, base{url: strings.TrimSuffix(b, "/") + "/"})
		s.shownBases = append(s.shownBases, b)
	}
	if len(s.bases) > 0 && len(s.mounts) == 0 && len(s.urls) == 0 {
		s.Mount("/", "") // the tree itself is what the base URLs serve
	}
	for _, r := range o.Redirects {
		s.readRedirects(t, r)
	}
}

// String says in one line what was detected.
func (s *Site) String() string {
	var b strings.Builder
	if s.dir == "" {
		fmt.Fprintf(&b, "site: %s", s.Generator)
	} else {
		fmt.Fprintf(&b, "site %s/: %s", s.dir, s.Generator)
	}
	if s.Evidence != "" {
		ev := s.Evidence
		if s.dir != "" {
			ev = s.dir + "/" + ev
		}
		fmt.Fprintf(&b, " (%s)", ev)
	}
	if len(s.pages) > 0 {
		fmt.Fprintf(&b, ", %d pages", len(s.urls))
	}
	for _, m := range s.mounts {
		dir := s.outer(m.dir) + "/"
		if dir == "/" {
			dir = "./"
		}
		fmt.Fprintf(&b, ", %s at %s", dir, m.url)
	}
	if s.Repo != nil {
		fmt.Fprintf(&b, ", repository %s", s.Repo)
	}
	for _, u := range s.shownBases {
		fmt.Fprintf(&b, ", own URL %s", u)
	}
	for _, n := range s.notes {
		b.WriteString(", " + n)
	}
	if s.built != "" {
		fmt.Fprintf(&b, ", pages and ids from the build in %s/", s.built)
	}
	for _, n := range s.unmodelledNotes() {
		b.WriteString(", " + n)
	}
	return b.String()
}

// Page records that the file rel (slash path from the root) is
// published at the URL path u.
func (s *Site) Page(rel, u string) {
	u = cleanURL(u)
	if _, ok := s.pages[u]; !ok {
		s.pages[u] = rel
	}
	if _, ok := s.urls[rel]; !ok {
		s.urls[rel] = u
	}
}

// Alias records that the URL path u serves the page rel too (a redirect
// page, or a second URL of the page).
func (s *Site) Alias(u, rel string) {
	u = cleanURL(u)
	if _, ok := s.pages[u]; !ok {
		s.pages[u] = rel
	}
}

// markdownName records that the URL path u names a page only in a
// Markdown link (MarkdownName).
func (s *Site) markdownName(u string) {
	if s.markdownNames == nil {
		s.markdownNames = map[string]bool{}
	}
	s.markdownNames[cleanURL(u)] = true
}

// MarkdownName reports whether the URL path p names a page only where
// the generator rewrites the link (a Markdown link to "a.md"): a link
// it leaves as written (raw HTML) finds no file there.
func (s *Site) MarkdownName(p string) bool { return s.markdownNames[cleanURL(p)] }

// folder returns the folder a generator's configuration names (Hugo's
// contentDir, MkDocs' docs_dir, mdBook's src), as a slash path from the
// site's folder that does not leave it: ".." stops at the top, as in a
// URL path ("../../.." is the site's folder itself), and a leading "/"
// is the site's folder. Tree.path keeps symbolic links from leaving.
func folder(dir string) string {
	return strings.Trim(path.Clean("/"+dir), "/")
}

// Mount serves the folder dir (slash path from the site's folder; one
// that climbs, "../static" of a theme around the site, is beside it) at
// the URL path prefix u, file by file.
func (s *Site) Mount(u, dir string) {
	if c := path.Clean(dir); strings.HasPrefix(c, "../") && s.dir != "" && strings.Count(c+"/", "../") <= strings.Count(s.dir, "/")+1 {
		dir = c // a folder beside the site's, inside the audited root (outer reads it so)
	} else {
		dir = folder(dir)
	}
	u = "/" + strings.Trim(u, "/")
	for _, m := range s.mounts {
		if m.url == u && m.dir == dir {
			return
		}
	}
	s.mounts = append(s.mounts, mount{url: u, dir: dir})
}

// ServedElsewhere reports whether the file or folder rel (slash path
// from the audited root) is in a folder the site serves at a URL (a
// static folder at "/": static/x at "/x") and no mount serves it at the
// URL path p: a root-relative link to p does not reach it, though the
// tree has that path.
func (s *Site) ServedElsewhere(rel, p string) bool {
	in, ok := s.inner(rel)
	if !ok {
		return false
	}
	want := strings.TrimSuffix(cleanURL(p), "/")
	mounted := false
	for _, m := range s.mounts {
		rest, ok := strings.CutPrefix(in, m.dir)
		if m.dir != "" && (!ok || rest != "" && rest[0] != '/') {
			continue
		}
		if m.dir == "" {
			rest = "/" + in
		}
		if strings.TrimSuffix(cleanURL(m.url+rest), "/") == want {
			return false
		}
		mounted = true
	}
	return mounted
}

// Redirect records that the URL path from redirects to the URL to.
func (s *Site) Redirect(from, to string) {
	if p, ok := strings.CutSuffix(from, "*"); ok {
		s.wild = append(s.wild, wildRedirect{p, to})
		return
	}
	s.redirects[cleanURL(from)] = to
}

// PathnameLink returns the URL path of a Docusaurus "pathname://" link
// ("pathname:///api/index.html"), which the client router leaves to the
// server: a file the site serves as it is, such as one of static/. It
// reports false for any other reference, and on other generators,
// where "pathname:" is a scheme like any other.
func (s *Site) PathnameLink(ref string) (string, bool) {
	if s.Generator != "docusaurus" || len(ref) < len("pathname:///") || !strings.EqualFold(ref[:len("pathname://")], "pathname://") {
		return "", false
	}
	rest := ref[len("pathname://"):]
	if rest[0] != '/' {
		return "", false // an authority: no path of this site
	}
	return rest, true
}

// SitePath returns the root-relative form of a reference that begins
// with the generator's site prefix ("@site/static/a.png" is
// "/static/a.png" on Docusaurus).
// A root-relative reference that begins with the site's base path
// ("/ts-jest/docs/a" under baseUrl "/ts-jest/") is the same without it.
func (s *Site) SitePath(ref string) (string, bool) {
	if s.basePath != "" {
		if rest, ok := strings.CutPrefix(ref, s.basePath); ok {
			return "/" + rest, true
		}
		if ref+"/" == s.basePath {
			return "/", true
		}
	}
	if s.sitePrefix == "" {
		return "", false
	}
	rest, ok := strings.CutPrefix(ref, s.sitePrefix)
	if !ok {
		return "", false
	}
	return "/" + rest, true
}

// Base records a URL the generator's configuration says the site is
// published at (Hugo's baseURL, MkDocs' site_url...): links under it are
// links to the site's own pages. Only absolute http and https URLs
// count; either scheme is the same site.
func (s *Site) Base(u string) { s.BaseAt(u, "") }

// base is a URL the site is published at; keep is the part of its path
// that the site's own URL paths include (Jekyll's baseurl).
type base struct{ url, keep string }

// BaseAt is Base for a site whose own URL paths begin with keep, the
// path of u: a Jekyll site lays its pages out under baseurl.
func (s *Site) BaseAt(u, keep string) {
	keep = strings.TrimSuffix(keep, "/")
	// What no grammar reads as an absolute URL (a space, a line break, a
	// template left in) is no address the site is published at, whatever
	// the configuration put there; an IRI is one.
	if _, err := (uri.Options{IRI: true}).ParseAbsolute(u); err != nil {
		return
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok || (!strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https")) {
		return
	}
	host, _, _ := strings.Cut(rest, "/")
	if host == "" || strings.ContainsAny(host, "{}$%") || placeholderHost(host) {
		return // no published site: a placeholder or a local server
	}
	s.shownBases = append(s.shownBases, u)
	for _, sc := range []string{"https://", "http://"} {
		b := base{url: sc + strings.TrimSuffix(rest, "/") + "/", keep: keep}
		if !slices.Contains(s.bases, b) {
			s.bases = append(s.bases, b)
		}
	}
}

// placeholderHost reports whether the host of a URL (its port and all)
// is no published site's: a local server's ("localhost:1313",
// "127.0.0.1", "0.0.0.0", "[::1]") or a placeholder's (example.com,
// example.org and their subdomains, .invalid).
func placeholderHost(host string) bool {
	host = strings.ToLower(host)
	if strings.HasPrefix(host, "[") {
		host, _, _ = strings.Cut(host, "]")
		host += "]"
	} else {
		host, _, _ = strings.Cut(host, ":")
	}
	return strings.HasPrefix(host, "localhost") || strings.HasPrefix(host, "127.") || host == "0.0.0.0" || host == "[::1]" ||
		strings.HasSuffix(host, "example.com") || strings.HasSuffix(host, "example.org") || strings.HasSuffix(host, ".invalid")
}

// Note adds a remark to the line that says what was detected.
func (s *Site) Note(format string, args ...any) {
	s.notes = append(s.notes, fmt.Sprintf(format, args...))
}

// cleanURL returns u as a key: a clean path, "/" first, with a final "/"
// when u had one.
func cleanURL(u string) string {
	u = uri.StripQueryFragment(u)
	dir := strings.HasSuffix(u, "/")
	u = path.Clean("/" + u)
	if dir && u != "/" {
		u += "/"
	}
	return u
}

// URL returns the URL path the file rel (slash path from the audited
// root) is published at.
func (s *Site) URL(rel string) (string, bool) {
	rel, ok := s.inner(rel)
	if !ok {
		return "", false
	}
	u, ok := s.urls[rel]
	return u, ok
}

// LinkedPage reports whether the site publishes the file rel (slash path
// from the audited root), a symbolic link, as a page of its own at the
// link's place: the text is the target's, and its relative links resolve
// from the link's folder. A forge shows such a link as the path it holds.
//
// Not where code the model does not run may add pages or rewrite the
// Markdown (hooks, plugins not modelled: copier's hook turns the
// "CHANGELOG.md" of a linked CONTRIBUTING.md into "changelog.md"): the
// file is then read once, as a forge shows it.
func (s *Site) LinkedPage(rel string) bool {
	if !s.linkedPages || s.mayRewrite() {
		return false
	}
	_, ok := s.URL(rel)
	return ok
}

// Dir returns the site's folder, a slash path from the audited root:
// "" when the root itself is the site.
func (s *Site) Dir() string { return s.dir }

// Contains reports whether the file rel (slash path from the audited
// root) is in the site's folder.
func (s *Site) Contains(rel string) bool {
	_, ok := s.inner(rel)
	return ok
}

// inner returns the path from the site's folder of rel, a slash path
// from the audited root; false when rel is outside that folder.
func (s *Site) inner(rel string) (string, bool) {
	for _, o := range s.outside {
		if rel == o || strings.HasPrefix(rel, o+"/") {
			return relFrom(s.dir, rel), true
		}
	}
	if s.dir == "" {
		return rel, true
	}
	if rel == s.dir {
		return "", true
	}
	rest, ok := strings.CutPrefix(rel, s.dir)
	if !ok || rest[0] != '/' {
		return "", false
	}
	return rest[1:], true
}

// relFrom returns the slash path of rel from the folder dir, both slash
// paths from the audited root, climbing only as far as they differ:
// "../docs/a.md" from "site/website" for "site/docs/a.md", as the site's
// model names the files of a folder beside its own.
func relFrom(dir, rel string) string {
	for dir != "" {
		d, drest, _ := strings.Cut(dir, "/")
		r, rrest, ok := strings.Cut(rel, "/")
		if !ok || d != r {
			break
		}
		dir, rel = drest, rrest
	}
	if dir == "" {
		return rel
	}
	return strings.Repeat("../", strings.Count(dir, "/")+1) + rel
}

// outer returns the path from the audited root of rel, a slash path
// from the site's folder.
func (s *Site) outer(rel string) string {
	switch {
	case s.dir == "":
		return rel
	case rel == "":
		return s.dir
	case strings.HasPrefix(rel, "../"):
		return path.Clean(s.dir + "/" + rel) // a folder beside the site's (Site.outside)
	}
	return s.dir + "/" + rel
}

// BuiltPages returns how many of the site's pages (the first limit of
// them in URL order, so that every run asks the same) the build in dir
// (an absolute folder) has, at their URL or its index.html: how well
// that build is this site's.
func (s *Site) BuiltPages(dir string, limit int) int {
	urls := slices.Sorted(maps.Keys(s.pages))
	if len(urls) > limit {
		urls = urls[:limit]
	}
	n := 0
	for _, u := range urls {
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(u, "/")))
		if strings.HasSuffix(u, "/") {
			p = filepath.Join(p, "index.html")
		}
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			n++
		}
	}
	return n
}

// Pages reports whether the site lays pages out from source files.
func (s *Site) Pages() bool { return len(s.urls) > 0 }

// Redirected reports whether the URL path p is a redirect of the site,
// and where to.
func (s *Site) Redirected(p string) (string, bool) {
	to, ok := s.redirects[cleanURL(p)]
	if !ok {
		to, ok = s.redirects[otherSlash(p)]
	}
	for _, w := range s.wild {
		if !ok && strings.HasPrefix(p, w.prefix) {
			to, ok = w.prefix+"*", true
		}
	}
	if !ok {
		// A rule of the host with a 404 status serves its not-found
		// page: no redirect.
		if r, filled, match := s.hostRule(p); match && !r.notFound {
			to, ok = filled, true
			if to == "" {
				to = r.to
			}
		}
	}
	return to, ok
}

// Exclude records that the generator leaves the file rel (slash path
// from the site's folder) out of the site, though a served folder holds
// it: no URL serves it.
func (s *Site) Exclude(rel string) {
	if s.excluded == nil {
		s.excluded = map[string]bool{}
	}
	s.excluded[rel] = true
}

// Unserved reports whether the file rel (a slash path from the audited
// root), which the tree has, is one the generator leaves out of a site
// that otherwise copies its folder whole (Jekyll: below a "_" folder,
// named in exclude): a link to it is resolved as the site serves it.
func (s *Site) Unserved(rel string) bool {
	if len(s.notAtPath) == 0 {
		return false
	}
	in, ok := s.inner(rel)
	return ok && s.notAtPath[in]
}

// RedirectFragment returns the URL path of the page that a redirect of
// p leads to, when the site's redirect pages carry a link's fragment
// there (mkdocs-redirects adds location.hash): the fragment is the
// target's to have.
func (s *Site) RedirectFragment(p string) (string, bool) {
	if !s.redirectFragments {
		return "", false
	}
	to, ok := s.Redirected(p)
	if !ok || !strings.HasPrefix(to, "/") || strings.HasSuffix(to, "*") {
		return "", false
	}
	return to, true
}

// ExactRedirect reports whether the URL path p has a redirect of its
// own, not one of a whole prefix.
func (s *Site) ExactRedirect(p string) bool {
	_, ok := s.redirects[cleanURL(p)]
	if !ok {
		_, ok = s.redirects[otherSlash(p)]
	}
	if !ok {
		r, _, match := s.hostRule(p)
		ok = match && !r.notFound && !slices.ContainsFunc(r.from, func(f string) bool { return f == "*" || strings.HasPrefix(f, ":") })
	}
	return ok
}

// otherSlash returns the clean URL path p with a trailing "/" added or
// taken off: a redirect of "/a" also takes "/a/" and the other way
// round (Netlify normalizes the slash before it matches a rule, and a
// redirect page "/a/index.html" serves both).
func otherSlash(p string) string {
	c := cleanURL(p)
	if c == "/" {
		return c
	}
	if t, ok := strings.CutSuffix(c, "/"); ok {
		return t
	}
	return c + "/"
}

// wildRedirect redirects the URL paths under prefix to to, where
// ":splat" stands for the rest of the path (Netlify's "/a/* /b/:splat").
type wildRedirect struct{ prefix, to string }

// Splat returns where a redirect of a whole prefix sends the URL path p,
// when the redirect names a path of the same site with the rest of p
// (":splat"): a server applies such a redirect only where no file
// serves p (Netlify's shadowing), so the target must be a page.
func (s *Site) Splat(p string) (string, bool) {
	if _, ok := s.redirects[cleanURL(p)]; ok {
		return "", false
	}
	// A rule of the host (placeholders, a splat, or none) that sends
	// the path to a path of the same site, with every placeholder
	// filled; not one with conditions the audit cannot know.
	if r, to, ok := s.hostRule(p); ok {
		if r.notFound || r.cond || !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, "/.netlify/") {
			return "", false // another host's, or the host's own functions and images
		}
		to = uri.StripQueryFragment(to)
		return to, true
	}
	for _, w := range s.wild {
		if rest, ok := strings.CutPrefix(p, w.prefix); ok {
			if !strings.HasPrefix(w.to, "/") || !strings.Contains(w.to, ":splat") {
				return "", false
			}
			return strings.Replace(w.to, ":splat", rest, 1), true
		}
	}
	return "", false
}

// Files returns the files, slash paths from the audited root, that may
// serve the URL path p (decoded, from "/"), best first: the page
// published there, then what the mounts hold at that path, with the
// index files of a folder, the extension rewrites and the page with
// ".html" added. The caller takes the first that exists.
func (s *Site) Files(p string) []string {
	key := cleanURL(p)
	var out []string
	add := func(f string) {
		if s.excluded[f] {
			return
		}
		f = s.outer(f)
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, k := range []string{key, strings.TrimSuffix(key, "/"), strings.TrimSuffix(key, "/") + "/"} {
		if f, ok := s.pages[k]; ok {
			add(f)
		}
	}
	// "/a/index.html" and "/a.html" name the page at "/a/" on sites
	// with pretty URLs, which also publish those files.
	// So does "/a/index", which the hosts serve from a/index.html as
	// they serve "/x" from x.html; and where a page at "/a" is written
	// to a/index.html (noDotHTML: Docusaurus), both name it too.
	for _, ix := range []string{"/index.html", "/index"} {
		if base, ok := strings.CutSuffix(key, ix); ok {
			if f, ok := s.pages[base+"/"]; ok {
				add(f)
			}
			if f, ok := s.pages[base]; ok && s.noDotHTML && base != "" {
				add(f)
			}
		}
	}
	if base, ok := strings.CutSuffix(key, ".html"); ok && !s.noDotHTML {
		for _, k := range []string{base, base + "/"} {
			if f, ok := s.pages[k]; ok && !(s.folderDotHTML && k == base+"/") {
				add(f)
			}
		}
	}
	page := add
	add = func(f string) {
		if !s.notAtPath[f] {
			page(f)
		}
	}
	for _, m := range s.mounts {
		rest, ok := strings.CutPrefix(key, m.url)
		if !ok || m.url != "/" && rest != "" && rest[0] != '/' {
			continue
		}
		f := strings.Trim(m.dir+"/"+strings.TrimPrefix(rest, "/"), "/")
		if strings.HasSuffix(key, "/") || rest == "" {
			for _, ix := range s.indexNames() {
				add(strings.TrimPrefix(f+"/"+ix, "/"))
			}
			continue
		}
		add(f)
		ext := path.Ext(f)
		for _, to := range s.exts[ext] {
			add(strings.TrimSuffix(f, ext) + to)
		}
		for _, ix := range s.indexNames() {
			add(f + "/" + ix)
		}
		// Every publisher: the hosts of all (GitHub Pages, Netlify,
		// Cloudflare Pages, Vercel's cleanUrls) serve "/x" from x.html.
		if !strings.HasSuffix(f, ".html") && !strings.HasSuffix(f, ".htm") {
			add(f + ".html")
		}
	}
	// The same for a page that a generator renders to x.html from
	// another source (Jekyll's x.markdown).
	if !strings.HasSuffix(key, "/") && !strings.HasSuffix(key, ".html") && !strings.HasSuffix(key, ".htm") {
		if f, ok := s.pages[key+".html"]; ok {
			page(f)
		}
	}
	return out
}

func (s *Site) indexNames() []string {
	if len(s.index) > 0 {
		return s.index
	}
	return []string{"index.html", "index.htm"}
}

// Own returns the URL path of an absolute URL under one of the site's
// base URLs, decoded, from "/", its dot segments removed.
func (s *Site) Own(u string) (string, bool) {
	for _, b := range s.bases {
		rest, ok := cutFold(u, b.url)
		if !ok {
			if strings.EqualFold(strings.TrimSuffix(b.url, "/"), strings.TrimSuffix(u, "/")) {
				return b.keep + "/", true
			}
			continue
		}
		rest = uri.StripQueryFragment(rest)
		if dec, err := uri.Unescape(rest); err == nil {
			rest = dec
		}
		return cleanURL(b.keep + "/" + rest), true
	}
	return "", false
}

// cutFold cuts prefix off s, comparing the scheme and host part ignoring
// case.
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) {
		return "", false
	}
	if !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", false
	}
	return s[len(prefix):], true
}

// Tree reads the files of the tree a site is built from. A generator's
// configuration is the repository's, and may name any folder
// (contentDir = "../../..", docs_dir: /etc): every path a Tree is asked
// for goes through path, which keeps it inside the audited root (Root,
// or Up folders above it), as written and through symbolic links (docs/security.md), so that no publisher model
// reads, lists or tests for a file outside the tree.
type Tree struct {
	Root string // absolute
	// Up is how many folders above Root are still inside the audited
	// root: a site in docs/website/ may read ../../docs, not more.
	Up int

	mu   sync.Mutex
	top  string          // Root climbed Up folders: what path keeps a path inside
	real string          // top with its symbolic links resolved; "" until asked
	dirs map[string]bool // folder -> whether it is inside top once links are resolved
}

// path returns the file the slash path rel names under the root, or
// false when it leads outside. A path that climbs with ".." or starts
// with "/" is read from the root, as Site.Mount reads a folder: ".."
// stops there ("../../x" is "x"). One that leads outside through a
// symbolic link (a folder or file linked to "/etc") is refused, whether
// or not its target exists, so that what the tree learns from the answer
// is nothing of the outside.
func (t *Tree) path(rel string) (string, bool) {
	t.mu.Lock()
	if t.real == "" {
		t.top = t.Root
		for range t.Up {
			t.top = filepath.Dir(t.top)
		}
		t.real = confine.Real(t.top)
		t.dirs = map[string]bool{}
	}
	top := t.top
	t.mu.Unlock()
	// rel is from Root; it may climb Up folders to the audited root,
	// and stops there.
	if top != t.Root {
		site, _ := filepath.Rel(top, t.Root)
		rel = path.Join(filepath.ToSlash(site), rel)
	}
	p := filepath.Join(top, filepath.FromSlash(strings.TrimPrefix(path.Clean("/"+rel), "/")))
	if p == top {
		return p, true
	}
	dir := filepath.Dir(p)
	t.mu.Lock()
	in, ok := t.dirs[dir]
	if !ok {
		in = confine.Within(t.real, confine.Real(dir))
		t.dirs[dir] = in
	}
	real := t.real
	t.mu.Unlock()
	if !in {
		return "", false
	}
	if info, err := os.Lstat(p); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return p, confine.Within(real, confine.Real(p))
	}
	return p, true
}

// Exists reports whether the slash path rel is a file or folder of the
// tree.
func (t *Tree) Exists(rel string) bool {
	p, ok := t.path(rel)
	if !ok {
		return false
	}
	_, err := os.Stat(p)
	return err == nil
}

// First returns the first of the slash paths that exists, or "".
func (t *Tree) First(rels ...string) string {
	for _, r := range rels {
		if t.Exists(r) {
			return r
		}
	}
	return ""
}

// maxConfig bounds a configuration file: one longer is an error rather
// than a prefix read as if it were the whole.
const maxConfig = 1 << 20

// Read reads the slash path rel, a configuration file: a regular file
// of at most 1 MiB. Its errors do not name the file, as a decoder's do
// not: the caller does.
func (t *Tree) Read(rel string) ([]byte, error) {
	p, err := t.open(rel)
	if err != nil {
		return nil, err
	}
	src, err := ReadHead(p, maxConfig+1)
	switch {
	case errors.Is(err, ErrNotRegular):
		return nil, ErrNotRegular
	case err == nil && len(src) > maxConfig:
		return nil, errors.New("longer than the limit of 1 MiB: not read")
	}
	return src, err
}

// head reads the first 64 KiB of the slash path rel: enough for the
// front matter of a page.
func (t *Tree) head(rel string) ([]byte, error) {
	p, err := t.open(rel)
	if err != nil {
		return nil, err
	}
	return ReadHead(p, 64<<10)
}

// open returns the file of rel to read, or why it is not read.
func (t *Tree) open(rel string) (string, error) {
	p, ok := t.path(rel)
	if !ok {
		return "", errors.New("leads through a symbolic link outside the tree: not read")
	}
	return p, nil
}

// Walk calls fn with the slash path (from the root) of every file under
// the folder dir, as the audit's collector walks (WalkFiles): hidden
// folders and installed dependencies are left out. A folder outside the
// tree is not walked (path); a symbolic link met in the walk is passed
// on as a file, and reading it goes through path again.
func (t *Tree) Walk(dir string, fn func(rel string)) {
	start, ok := t.path(dir)
	if !ok {
		return
	}
	// A folder that cannot be read is one whose files the publisher
	// cannot serve either: no error.
	_ = WalkFiles(start, nil, func(p string, _ fs.DirEntry) {
		if rel, err := filepath.Rel(t.Root, p); err == nil {
			fn(filepath.ToSlash(rel))
		}
	}, nil)
}

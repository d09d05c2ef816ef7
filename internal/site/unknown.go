package site

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Unknown is not broken. A model knows the pages and ids of a site only
// as far as it covers the site's configuration: a plugin, preprocessor or
// key it does not model may publish pages or write ids that no source
// file shows. So each generator lists what it understands, and whatever
// else the configuration names that can publish pages or ids is recorded
// here: a link into a URL space such configuration may fill, or a
// fragment naming an id of a page such code writes, is unverifiable, with
// the reason, never broken.

// unknownSpace is a URL path prefix of the site that configuration the
// model does not cover may publish into.
type unknownSpace struct {
	prefix, why string
	// pagesOnly: only pages may be there (a generator's), not the
	// files a link with another extension names (an image, a ".md").
	pagesOnly bool
	// exact: the path itself, not what lies below it (a redirect's
	// source without "*").
	exact bool
	// filesOnly: only files with an extension may be there (a theme's
	// static files, an output format's), not pages at folder URLs.
	filesOnly bool
	// notBelowPages: nor below the URL of a regular page of the site's
	// own content (a theme's static files are not served inside a
	// page's folder; an output format's file there is named index.EXT).
	notBelowPages bool
	// notMarkdown: nor Markdown files (".md"), which a build step run
	// after the pages were written does not make pages of: a link naming
	// one was resolved against the source files before.
	notMarkdown bool
	// exts, when set, are the extensions (".md", lower case) of the
	// only files there that may be published.
	exts map[string]bool
}

// Unmodelled records that the configuration names something of the kind
// ("plugins", "preprocessors", "keys"..., a plural: the detection line
// lists them so) that the model does not cover:
// when pages is true it may publish pages anywhere on the site, when ids
// is true it may write ids on any page. The detection line names it
// either way; with neither, the model has bounded what it may do (a
// Hugo theme the tree lacks makes only its file URLs unverifiable).
func (s *Site) Unmodelled(kind, name string, pages, ids bool) {
	s.unmodelled = append(s.unmodelled, [2]string{kind, name})
	if !pages && !ids {
		return
	}
	why := strings.TrimSuffix(kind, "s") + " " + name + " is not modelled"
	if kind == "" {
		why = name + " is not modelled"
	}
	if pages {
		s.UnknownSpace("/", why)
	}
	if ids && s.unknownIDs == "" {
		s.unknownIDs = why
	}
}

// UnknownSpace records that the URL path prefix p may hold pages that no
// source file of the tree shows, for the reason why.
func (s *Site) UnknownSpace(p, why string) {
	p = "/" + strings.Trim(p, "/")
	for _, u := range s.unknown {
		if u.prefix == p && !u.exact {
			return
		}
	}
	s.unknown = append(s.unknown, unknownSpace{prefix: p, why: why})
}

// UnknownURL records that the URL path p itself (with or without a
// final "/"), not what lies below it, may be served by something the
// model does not cover, for the reason why.
func (s *Site) UnknownURL(p, why string) {
	s.unknown = append(s.unknown, unknownSpace{prefix: "/" + strings.Trim(p, "/"), why: why, exact: true})
}

// UnknownPages records that the URL path prefix p may hold pages, and
// only pages, that no source file of the tree shows (a generator of a
// plugin adds them): a link there to an image or a source file is not
// one of them.
func (s *Site) UnknownPages(p, why string) {
	p = "/" + strings.Trim(p, "/")
	for _, u := range s.unknown {
		if u.prefix == p && !u.exact {
			return
		}
	}
	s.unknown = append(s.unknown, unknownSpace{prefix: p, why: why, pagesOnly: true})
}

// UnknownFiles records that the URL path prefix p may hold files with
// an extension ("/js/app.js", "/index.json") that no source file of the
// tree shows, and no pages at folder URLs ("/docs/intro/"): a theme the
// tree lacks serves static files and writes output formats, while the
// pages are the content's.
func (s *Site) UnknownFiles(p, why string) {
	s.unknown = append(s.unknown, unknownSpace{prefix: "/" + strings.Trim(p, "/"), why: why, filesOnly: true})
}

// UnknownFilesOf records that the URL path prefix p may hold files
// with one of the extensions exts (".md", lower case) that no source
// file of the tree shows: a plugin writes a Markdown copy of each page.
func (s *Site) UnknownFilesOf(p string, exts []string, why string) {
	set := make(map[string]bool, len(exts))
	for _, e := range exts {
		set[e] = true
	}
	s.unknown = append(s.unknown, unknownSpace{prefix: "/" + strings.Trim(p, "/"), why: why, filesOnly: true, exts: set})
}

// mayRewrite reports whether something the model does not cover may add
// pages anywhere on the site, and so rewrite them too (Unmodelled).
func (s *Site) mayRewrite() bool {
	for _, u := range s.unknown {
		if u.prefix == "/" && !u.exact && !u.pagesOnly && !u.filesOnly && !u.notMarkdown && !u.notBelowPages && u.exts == nil {
			return true
		}
	}
	return false
}

// UnknownAfterBuild records that the URL path prefix p may hold files
// written once the pages are (MkDocs' on_post_build), for the reason
// why: anything but a Markdown file, as the generator resolved the links
// naming one before.
func (s *Site) UnknownAfterBuild(p, why string) {
	s.unknown = append(s.unknown, unknownSpace{prefix: "/" + strings.Trim(p, "/"), why: why, notMarkdown: true})
}

// pageExts are the extensions of URL paths that a generated page may
// have: none (a folder, or "/x" served from x.html), HTML, and the feeds
// and indexes generators write.
var pageExts = map[string]bool{"": true, ".html": true, ".htm": true, ".xml": true, ".json": true, ".txt": true}

// pageLike reports whether the URL path p may be a generated page: its
// extension is one of pageExts, or digits only ("/release/v0.21.0" is a
// version's page).
func pageLike(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return pageExts[ext] || strings.Trim(ext[1:], "0123456789") == ""
}

// UnknownIDsOf records that the ids of the page rel (slash path from the
// site's folder) are written by code the model does not run.
func (s *Site) UnknownIDsOf(rel, why string) {
	if s.unknownPageIDs == nil {
		s.unknownPageIDs = map[string]string{}
	}
	s.unknownPageIDs[rel] = why
}

// UnknownPage returns why the URL path p may be published by something
// the model does not cover, when it may: a link there that no file of
// the tree serves cannot be called broken.
func (s *Site) UnknownPage(p string) (string, bool) {
	p = cleanURL(p)
	for _, u := range s.unknown {
		if u.pagesOnly && !pageLike(p) || u.filesOnly && path.Ext(strings.TrimSuffix(p, "/")) == "" {
			continue
		}
		if u.notMarkdown && strings.EqualFold(path.Ext(p), ".md") {
			continue
		}
		if u.exts != nil && !u.exts[strings.ToLower(path.Ext(strings.TrimSuffix(p, "/")))] {
			continue
		}
		if u.notBelowPages && s.belowRegularPage(p) {
			continue
		}
		if u.exact {
			if strings.TrimSuffix(p, "/") == u.prefix || p == u.prefix {
				return u.why, true
			}
			continue
		}
		if u.prefix == "/" || p == u.prefix || strings.HasPrefix(p, u.prefix+"/") {
			return u.why, true
		}
	}
	return s.OtherVersion(p)
}

// OtherVersion returns why the URL path p is a page of another version
// or translation of the site ("/v2.11/", "/zh-cn/"), deployed beside
// its build under its own URL, when it is one: neither the tree nor its
// build holds that page, so a link there cannot be checked offline.
func (s *Site) OtherVersion(p string) (string, bool) {
	if s.otherVersions && !s.topSegs[firstSegment(p)] {
		if v, ok := versionPrefix(p); ok {
			return fmt.Sprintf("%q looks like another version or translation of the site, deployed beside this build", v), true
		}
	}
	return "", false
}

// VersionAlias returns the URL path p with its prefix taken off, and the
// prefix, when the prefix names this site deployed under a moving
// version's name: "/latest/", "/stable/", Read the Docs'
// "/en/latest/" in the site's language (another language's is a
// translation), mike deployed below "/docs/" ("/docs/latest/"), or the
// site itself below "/docs/" ("/docs/publish/"), none of them a folder
// of the site's own pages. What is deployed there is
// this tree, as released, so the rest of the path is looked up in it.
// A numbered version ("/v2.11/") is another tree: UnknownPage.
func (s *Site) VersionAlias(p string) (rest, prefix string, ok bool) {
	if !s.otherVersions || s.topSegs[firstSegment(p)] {
		return "", "", false
	}
	segs := strings.SplitN(strings.TrimPrefix(p, "/"), "/", 3)
	switch {
	case isAlias(segs[0]):
		prefix = "/" + segs[0] + "/"
	case len(segs) > 1 && isAlias(segs[1]) && (strings.EqualFold(segs[0], s.lang()) || isDocsFolder(segs[0])):
		prefix = "/" + segs[0] + "/" + segs[1] + "/"
	case isDocsFolder(segs[0]) && len(segs) > 1:
		// The tree deployed below a documentation folder of its host
		// (ntfy's server serves it at /docs/, its site_url the host's
		// top), unless a version follows (another tree).
		if _, other := versionPrefix("/" + strings.Join(segs[1:], "/")); other {
			return "", "", false
		}
		prefix = "/" + segs[0] + "/"
	default:
		return "", "", false
	}
	rest = "/" + strings.TrimPrefix(strings.TrimPrefix(p, "/"), strings.TrimPrefix(prefix, "/"))
	if !strings.HasPrefix(p, prefix) {
		rest = "/" // "/latest" without its slash: the home page
	}
	return rest, prefix, true
}

// lang returns the language the site is written in, "en" unless its
// configuration says.
func (s *Site) lang() string {
	if s.language == "" {
		return "en"
	}
	return s.language
}

// isAlias reports whether seg is a name versioning tools give the
// newest release or the development line.
func isAlias(seg string) bool {
	switch strings.ToLower(seg) {
	case "latest", "stable", "dev", "develop", "devel", "main", "master", "next", "nightly", "edge", "unstable":
		return true
	}
	return false
}

// isDocsFolder reports whether seg is a folder a host keeps its
// documentation deployments in.
func isDocsFolder(seg string) bool {
	switch strings.ToLower(seg) {
	case "docs", "doc", "documentation", "manual":
		return true
	}
	return false
}

// firstSegment returns the first segment of the URL path p: "a" of
// "/a/b/".
func firstSegment(p string) string {
	p = strings.TrimPrefix(p, "/")
	if k := strings.IndexByte(p, '/'); k >= 0 {
		return p[:k]
	}
	return p
}

// versionPrefix returns the prefix of the URL path p that names a
// version or a translation of a site, the way versioned deployments lay
// them out beside the build: a version ("/v1.7/", "/2.x/", "/latest/",
// "/stable/", mike's and Read the Docs' names), one below a folder of
// its own (Read the Docs' "/en/latest/", mike deployed to a prefix:
// "/docs/latest/"; the caller has made sure that the site has no pages
// in that folder), or a language with its region ("/zh-cn/").
func versionPrefix(p string) (string, bool) {
	segs := strings.SplitN(strings.Trim(p, "/"), "/", 3)
	switch {
	case isVersion(segs[0]):
		return "/" + segs[0] + "/", true
	case len(segs) > 1 && isVersion(segs[1]):
		return "/" + segs[0] + "/" + segs[1] + "/", true
	case isLanguage(segs[0]) && strings.ContainsAny(segs[0], "-_"):
		return "/" + segs[0] + "/", true
	}
	return "", false
}

// isVersion reports whether seg names a version: a number with dots
// ("1.7", "v2.11", "3.x"), or a name versioning tools give ("latest",
// "stable", "dev").
func isVersion(seg string) bool {
	if isAlias(seg) || strings.EqualFold(seg, "preview") {
		return true
	}
	s := strings.TrimPrefix(strings.TrimPrefix(seg, "v"), "V")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i, part := range strings.Split(s, ".") {
		if part == "" || len(part) > 4 {
			return false
		}
		if i > 0 && (part == "x" || part == "X") {
			continue
		}
		for _, c := range part {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	// A bare number ("/404/", "/2024/") is a page or a year, no
	// version; "v2" or "2.1" is one.
	return seg != s || strings.Contains(s, ".")
}

// isLanguage reports whether seg is a language tag as sites name their
// translations: "en", "zh-cn", "pt_BR".
func isLanguage(seg string) bool {
	lang, region, two := strings.Cut(strings.ReplaceAll(seg, "_", "-"), "-")
	if len(lang) != 2 || !isLetters(lang) {
		return false
	}
	return !two || (len(region) == 2 || len(region) == 4) && isLetters(region)
}

func isLetters(s string) bool {
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// UnknownIDs returns why the ids of the page rel (slash path from the
// audited root) are not all known, when they are not: a template, a
// shortcode, a plugin or a preprocessor writes some of them.
func (s *Site) UnknownIDs(rel string) (string, bool) {
	if s.unknownIDs != "" {
		return s.unknownIDs, true
	}
	in, ok := s.inner(rel)
	if !ok {
		return "", false
	}
	why, ok := s.unknownPageIDs[in]
	return why, ok
}

// unmodelledNotes returns the detection line's remarks on what the model
// does not cover, one per kind: "plugins not modelled: a, b".
func (s *Site) unmodelledNotes() []string {
	var kinds []string
	byKind := map[string][]string{}
	for _, u := range s.unmodelled {
		if _, ok := byKind[u[0]]; !ok {
			kinds = append(kinds, u[0])
		}
		if !slices.Contains(byKind[u[0]], u[1]) {
			byKind[u[0]] = append(byKind[u[0]], u[1])
		}
	}
	var out []string
	for _, k := range kinds {
		names := byKind[k]
		slices.Sort(names)
		if k == "" {
			out = append(out, strings.Join(names, ", ")+" not modelled")
			continue
		}
		out = append(out, k+" not modelled: "+strings.Join(names, ", "))
	}
	return out
}

// The build is the truth when there is one: the HTML a generator wrote
// has every page and id that its templates, themes and plugins made,
// which no model has. Package audit reads it (audit/built.go); the site
// says where it is.

// DefaultBuilt returns the generator's default output folder, a slash
// path from the audited root ("public" for Hugo, "site" for MkDocs...),
// or "" for a publisher that builds nothing.
func (s *Site) DefaultBuilt() string {
	if s.builtDefault == "" {
		return ""
	}
	return s.outer(s.builtDefault)
}

// SetBuilt records that the folder abs holds the site's build output;
// shown names it on the detection line (a slash path from the audited
// root, when it is below it).
func (s *Site) SetBuilt(shown, abs string) { s.built, s.builtAbs = shown, abs }

// BuiltDir returns the absolute path of the folder of the site's build
// output, or "".
func (s *Site) BuiltDir() string { return s.builtAbs }

// Built returns the folder of the site's build output, a slash path
// from the audited root, or "" when there is none.
func (s *Site) Built() string { return s.built }

// OwnURLKnown reports whether a URL the site is published at is known
// (Base): absolute URLs under it are the site's own pages.
func (s *Site) OwnURLKnown() bool { return len(s.bases) > 0 }

// outputDir returns the output folder dir of a configuration, a slash
// path kept inside the site's folder.
func outputDir(dir string) string { return strings.Trim(path.Clean("/"+dir), "/") }

// BuiltPath returns the path in the build of the URL path p: the site's
// own URL paths of a Jekyll site begin with its baseurl, which its
// build folder does not hold.
func (s *Site) BuiltPath(p string) string {
	if s.builtPrefix == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, s.builtPrefix); ok && (rest == "" || rest[0] == '/') {
		return "/" + strings.TrimPrefix(rest, "/")
	}
	return p
}

// PublishesHTML reports whether the HTML file rel (slash path from the
// audited root) is a page a reader follows links of: one the site
// publishes, outside test and fixture folders. A forge shows HTML as
// source; an app's index.html template, a formatter's test inputs or a
// theme's partial is no page, and its links are written for something
// else (a bundler, a test).
func (s *Site) PublishesHTML(rel string) bool {
	if s.Forge {
		return false
	}
	in, ok := s.inner(rel)
	if !ok {
		return false
	}
	if InTestFolder(in) {
		return false
	}
	if _, ok := s.urls[in]; ok {
		return true
	}
	for _, m := range s.mounts {
		if m.dir == "" || in == m.dir || strings.HasPrefix(in, m.dir+"/") {
			return true
		}
	}
	return false
}

// testFolders hold tests and their inputs: no page of a site.
var testFolders = map[string]bool{
	"test": true, "tests": true, "__tests__": true, "testdata": true, "fixture": true,
	"fixtures": true, "__fixtures__": true, "__snapshots__": true, "test-fixtures": true,
}

// HashIDs reports whether a heading's "{##id}" keeps its second "#" in
// the id the publisher renders (VitePress: "id=\"#id\""), so that a link
// to "#id" finds nothing.
func (s *Site) HashIDs() bool { return s.Generator == "vitepress" }

// AttrLists reports which attribute lists give elements ids on the
// publisher's pages: those written "{: #id}" (kramdown's IALs on Jekyll;
// Python-Markdown's attr_list on MkDocs) and those written "{ #id }"
// (attr_list; markdown-it-attrs on VitePress). Hugo reads attribute
// blocks on headings only unless configured, GitHub none.
func (s *Site) AttrLists() (colon, bare bool) {
	switch s.Generator {
	case "jekyll":
		return true, false
	case "mkdocs":
		return !s.noAttrLists, !s.noAttrLists
	case "vitepress":
		return false, true
	}
	return false, false
}

// MarkdownLinkFiles returns the files of the tree (slash paths from the
// audited root) that the link ref of the page rel to a Markdown file may
// name besides the one beside the page, in the order the generator
// tries them. Docusaurus resolves "a/b.md" (neither "./" nor "../"
// first) from the content folder of the page (its version's), then from
// the site's folder, and "/a/b.md" from those only
// (docusaurus.io/docs/markdown-features/links).
//
// Docusaurus 2 finds a link's file with a regular expression over the
// text that ends at ".md" or ".mdx" (@docusaurus/utils' markdownLinks:
// "[^'\"\]\s>]+\.mdx?"), so "a/b.mdx/#c" names the file "a/b.mdx" and
// keeps "/#c" after its page's URL; Docusaurus 3 reads the link's whole
// path, and leaves one that ends in "/" as written.
func (s *Site) MarkdownLinkFiles(rel, ref string) []string {
	if s.Generator == "hugo" {
		return s.hugoLinkFiles(rel, ref)
	}
	if s.Generator != "docusaurus" {
		return nil
	}
	ref = uri.StripQueryFragment(ref)
	slashed := false
	if s.refLabels { // Docusaurus 2 (docusaurusVersion)
		if t, ok := strings.CutSuffix(ref, "/"); ok {
			if e := strings.ToLower(path.Ext(t)); e == ".md" || e == ".mdx" {
				ref, slashed = t, true
			}
		}
	}
	relative := strings.HasPrefix(ref, "./") || strings.HasPrefix(ref, "../")
	if relative && !slashed && !s.mdLinksFromRoot {
		return nil
	}
	ext := strings.ToLower(path.Ext(ref))
	if ext != ".md" && ext != ".mdx" {
		return nil
	}
	if dec, err := uri.Unescape(ref); err == nil {
		ref = dec
	}
	in, ok := s.inner(rel)
	if !ok {
		return nil
	}
	var dirs []string
	// With its slash, the link found no file beside the page: that
	// folder is tried first where it is the only one ("./", "../") or
	// the first (early Docusaurus 2), last otherwise, and never for
	// "/a/b.md".
	own := slashed && !strings.HasPrefix(ref, "/")
	if own && (relative || s.mdLinksFromRoot) {
		dirs = append(dirs, path.Dir(in))
		own = false
	}
	if !relative || s.mdLinksFromRoot {
		for _, d := range s.contentDirs {
			if d == "" || strings.HasPrefix(in, d+"/") {
				dirs = append(dirs, d)
				if alt, ok := s.contentAlt[d]; ok {
					dirs = append(dirs, alt)
				}
			}
		}
		if !relative {
			dirs = append(dirs, "")
		}
	}
	if own {
		dirs = append(dirs, path.Dir(in))
	}
	var out []string
	for i, d := range dirs {
		p := path.Join(d, ref)
		if relative && d != "" && !strings.HasPrefix(p, d+"/") && (i > 0 || !slashed) {
			continue // "../x.md" from a content folder (not the page's): above it, no page
		}
		if strings.HasPrefix(p, "../") && !slices.ContainsFunc(s.outside, func(o string) bool { return strings.HasPrefix(path.Clean(s.dir+"/"+p), o+"/") }) {
			continue // above the site's folder, and no folder it reads
		}
		out = append(out, s.outer(p))
	}
	return out
}

// ServedAt returns the URL path at which the site serves the file rel
// (slash path from the audited root) as it is, from one of the folders
// it serves: the inverse of Files for a file that is no page.
func (s *Site) ServedAt(rel string) (string, bool) {
	in, ok := s.inner(rel)
	if !ok || s.excluded[in] {
		return "", false
	}
	for _, m := range s.mounts {
		rest, ok := in, m.dir == ""
		if !ok {
			rest, ok = strings.CutPrefix(in, m.dir+"/")
		}
		if ok {
			return strings.TrimSuffix(m.url, "/") + "/" + rest, true
		}
	}
	return "", false
}

// InTestFolder reports whether the slash path rel is below a folder of
// tests or of their inputs ("tests/", "fixtures/", "__tests__/"...).
func InTestFolder(rel string) bool {
	for {
		seg, rest, ok := strings.Cut(rel, "/")
		if !ok {
			return false // the file's own name
		}
		if testFolders[seg] {
			return true
		}
		rel = rest
	}
}

// quietPluginWords are words that name, in a plugin's name, what adds no
// page and writes no id to a page: analytics, search indexes, styles,
// images, diagrams, metadata, build tooling. A plugin no model lists
// whose name has one of them is taken at its word; any other may
// publish anything.
var quietPluginWords = []string{"analytics", "umami", "gtag", "google-tag", "tag-manager", "plausible", "matomo",
	"tongji", "hotjar", "posthog", // Baidu Tongji (site statistics), and two more trackers
	"fathom", "sentry", "search", "pagefind", "algolia", "lunr", "sass", "scss", "less", "tailwind", "postcss",
	"image", "zoom", "lightbox", "mermaid", "katex", "mathjax", "codeblock", "pwa", "sitemap", "seo", "svgr",
	"webpack", "rsdoctor", "vercel", "netlify", "cloudflare", "minify", "compress", "font", "favicon", "opengraph",
	"og-image", "social-card", "last-updated", "reading-time", "copy-button", "clipboard", "progress", "emoji",
	"avatar", "theme-color", "dark-mode", "glossary-tooltip"}

// quietPlugin reports whether the plugin's name says it adds no page
// and writes no id (quietPluginWords).
func quietPlugin(name string) bool {
	low := strings.ToLower(name)
	for _, w := range quietPluginWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// Generated records that a plugin writes the file rel (a slash path from
// the site's folder) into the served folder at build time, for the
// reason why: a Markdown link to it resolves, to what the tree does not
// show.
func (s *Site) Generated(rel, why string) {
	if s.generated == nil {
		s.generated = map[string]string{}
	}
	s.generated[rel] = why
}

// GeneratedFile returns why the file rel (a slash path from the audited
// root), which the tree lacks, is written at build time, when it is
// (Generated).
func (s *Site) GeneratedFile(rel string) (string, bool) {
	in, ok := s.inner(rel)
	if !ok {
		return "", false
	}
	if why, ok := s.generated[in]; ok { // a nil map finds nothing
		return why, true
	}
	for d, why := range s.generated {
		// A folder a build step writes whole (its key ends in "/").
		if strings.HasSuffix(d, "/") && strings.HasPrefix(in, d) {
			return why, true
		}
	}
	return "", false
}

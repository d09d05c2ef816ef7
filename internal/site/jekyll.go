package site

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/uri"
)

// jekyll publishes a Jekyll site (jekyllrb.com/docs: "permalinks",
// "pages", "posts", "configuration/options"). Files with front matter
// are rendered: a.md to a.html, or to a/ with permalink "pretty", index
// files at their folder, a page's own "permalink" wins; posts
// (_posts/YYYY-MM-DD-title.md) are published by the permalink style
// ("date": /YYYY/MM/DD/title.html); GitHub Pages renders Markdown
// without front matter too (its default plugins jekyll-optional-front-
// matter and jekyll-readme-index: README.md is the folder's index where
// there is none); files and folders whose names begin
// with "_" or "." are not published, every other file is copied as it
// is; the site is served under baseurl, so a root-relative link must
// begin with it. GitHub Pages renders with kramdown's
// GFM parser, whose heading ids are GitHub's slugs.
type jekyll struct{}

var (
	jekyllPages = map[string]bool{".md": true, ".markdown": true, ".html": true, ".htm": true}
)

func (j jekyll) Load(t *Tree, s *Site) error {
	cfg, err := config{}, error(nil)
	if s.marker != "" { // none on a gh-pages branch (jekyllPagesBranch)
		if cfg, err = readConfig(t, s.marker); err != nil {
			cfg = config{}
		}
	}
	baseurl := "/" + strings.Trim(cfg.str("baseurl", ""), "/")
	siteURL := cfg.str("url", "")
	// A baseurl written as a whole URL ("http://samza.apache.org", so
	// that the layouts' "{{ site.baseurl }}/a" links are absolute)
	// names where the site is served: the pages are under its path, and
	// it is the site's URL when url is unset. Liquid writes it as
	// configured.
	if b, err := uri.ParseAbsolute(cfg.str("baseurl", "")); err == nil && b.HasAuthority && b.Host != "" {
		baseurl = "/" + strings.Trim(b.Path, "/")
		if siteURL == "" {
			siteURL = strings.TrimSuffix(strings.TrimSuffix(cfg.str("baseurl", ""), "/"), strings.TrimSuffix(b.Path, "/"))
		}
	}
	s.liquid = &liquidVars{baseurl: cfg.str("baseurl", ""), url: cfg.str("url", ""), fixed: jekyllFixedVars(t, s.marker, cfg)}
	// jekyll-redirect-from writes a redirect_to page with the site's
	// layout "redirect" when there is one, else with its own template.
	layouts := outputDir(cfg.str("layouts_dir", "_layouts"))
	s.liquid.inc = &jekyllIncludes{tree: t, dir: outputDir(cfg.str("includes_dir", "_includes"))}
	s.liquid.redirectTo = slices.Contains(jekyllPlugins(cfg), "jekyll-redirect-from") &&
		!t.Exists(path.Join(layouts, "redirect.html"))
	style := cfg.str("permalink", "date")
	suffix := jekyllSuffix(style)
	s.Anchors = anchor.HTML
	// Liquid runs before kramdown reads a page. A page that turns it
	// off (render_with_liquid: false) keeps its actions, but kramdown
	// reads a definition whose URL holds spaces as a definition, as an
	// action read as a word makes it: so every page.
	s.runsBefore(extract.Liquid, "", true)
	// Heading ids are kramdown's GFM parser's (Jekyll's default and
	// GitHub Pages'): another Markdown processor (markdown: gfm, which
	// GitHub Pages reads as CommonMarkGhPages; redcarpet...) or
	// kramdown's own syntax (kramdown: {input: kramdown}, whose ids are
	// made of a heading's source, URLs and all) makes them unknown.
	// Jekyll 3's Redcarpet (Jekyll 4 has none) gives headings ids only
	// with the with_toc_data extension, made its own way: without it,
	// none.
	// With it, ids are redcarpetSlug's, a repeated one not numbered.
	if m := cfg.str("markdown", "kramdown"); strings.EqualFold(m, "redcarpet") && !slices.Contains(words(cfg.get("redcarpet.extensions"), false), "with_toc_data") {
		s.headingNoID = true
	} else if strings.EqualFold(m, "redcarpet") {
		s.slug, s.dupKept = redcarpetSlug, true
	} else if !strings.EqualFold(m, "kramdown") {
		s.Unmodelled("keys", "markdown: "+m, false, true)
	} else if in := cfg.str("kramdown.input", "GFM"); !strings.EqualFold(in, "GFM") {
		s.Unmodelled("keys", "kramdown input: "+in, false, true)
	}
	// kramdown's auto_id_prefix comes before every id it makes of a
	// heading (its GFM parser: the prefix, then GitHub's slug and the
	// number of a repeated one); ids written by an IAL keep no prefix.
	var idPrefix string
	if km, ok := cfg.get("kramdown").(map[string]any); ok {
		if p, ok := km["auto_id_prefix"].(string); ok && p != "" {
			idPrefix = p
			s.slug = func(text string) string { return p + githubSlug(text) }
			s.idPrefix = p
		}
	}
	// kramdown makes the id of the heading's text after its typographic
	// symbols: "--" and "---" outside code are dashes, no word
	// characters, so "## Appendix 1 -- shapeless excerpts" is
	// "appendix-1--shapeless-excerpts" where GitHub keeps four hyphens.
	// A code span keeps its "--" ("## `--verbose`"), which the heading's
	// text does not tell apart: the dashes' reading is a variant, and the
	// id as written stays.
	s.headingVariant = func(text string) string {
		if !strings.Contains(text, "--") {
			return ""
		}
		return idPrefix + githubSlug(kramdownTypography(text))
	}
	s.builtPrefix = strings.TrimSuffix(baseurl, "/")
	s.builtDefault = outputDir(cfg.str("destination", "_site"))
	if u := strings.TrimSuffix(siteURL, "/"); u != "" {
		// A url that names baseurl's path already
		// ("https://owner.github.io/proj/" with baseurl "/proj") says
		// where the site is: GitHub Pages serves the project there, not
		// at the doubled path absolute_url would write.
		if baseurl != "/" && strings.HasSuffix(strings.ToLower(u), strings.ToLower(baseurl)) {
			s.BaseAt(u, baseurl)
			s.BaseAt(WWWTwin(u), baseurl)
		} else {
			s.BaseAt(u+baseurl, baseurl)
			s.BaseAt(WWWTwin(u)+baseurl, baseurl)
		}
	} else if u, keep := jekyllDeployedAt(t, s, baseurl); u != "" {
		s.BaseAt(u, keep)
	}
	s.templates = append(s.templates, "_layouts", "_includes")
	// The site is served under baseurl: "/about.html" is outside it.
	s.Mount(baseurl, "")
	add := func(rel, u string) {
		u = strings.TrimSuffix(baseurl, "/") + jekyllSanitize(u)
		// A permalink that names the folder's index file
		// ("/news/index.html") is served at the folder too.
		if dir, ok := strings.CutSuffix(u, "/index.html"); ok {
			s.Page(rel, dir+"/")
			s.Alias(u, rel)
			return
		}
		// So is one that names it without extension
		// ("/:collection/:path" of a folder's index.md): Jekyll writes
		// it to index.html.
		if dir, ok := strings.CutSuffix(u, "/index"); ok {
			s.Page(rel, dir+"/")
			s.Alias(u+".html", rel)
			return
		}
		s.Page(rel, u)
	}
	// Front matter defaults give posts, a collection's documents or
	// named pages a permalink and categories; a default permalink that
	// is a template for other pages moves them where the model does not
	// look.
	defaults := jekyllDefaults(cfg)
	prefix := strings.TrimSuffix(baseurl, "/")
	colls := jekyllCollections(cfg)
	collDir := outputDir(cfg.str("collections_dir", "")) // kept inside the site's folder
	if collDir != "" {
		collDir += "/"
	}
	// The github-pages gem (listed as a plugin, or in the Gemfile, which
	// GitHub Pages builds with) sets GitHub Pages' configuration: its
	// default plugins, all modelled but jekyll-paginate, which publishes
	// pages of posts where paginate is set, and its theme. The model
	// follows those parts, wherever the gem is named (stop 35, jekyll11:
	// counted as known where it is listed as a plugin, no finding of the
	// tune splits is refuted, once a collection's files without front
	// matter were static files and partials, not documents).
	ghPages, ghWhere := jekyllGitHubPages(t, s, cfg)
	if ghPages {
		s.Note("github-pages gem (%s): GitHub Pages' configuration", ghWhere)
		if cfg.get("paginate") != nil {
			s.unmodelled = append(s.unmodelled, [2]string{"plugins", "jekyll-paginate"})
			s.UnknownPages(prefix+jekyllPaginateDir(cfg.str("paginate_path", "/page:num/")), "plugin jekyll-paginate (of the github-pages gem, paginate is set) is not modelled")
		}
	}
	for _, name := range jekyllPlugins(cfg) {
		if ghPages && name == "github-pages" {
			continue
		}
		// Plugins that write files of their own (a feed, a sitemap)
		// publish them where no source shows them.
		for _, f := range jekyllPluginFiles(name, cfg) {
			s.UnknownURL(prefix+"/"+strings.TrimPrefix(f, "/"), "plugin "+name+" writes it")
		}
		if name == "jekyll-feed" {
			s.UnknownFiles(prefix+"/feed", "plugin jekyll-feed writes feeds there")
		}
		if !jekyllKnownPlugins[name] && !quietPlugin(name) {
			s.Unmodelled("plugins", name, true, true)
		}
	}
	// A theme the tree does not hold (a gem, a remote_theme, GitHub
	// Pages' jekyll-theme-primer when the configuration names none)
	// copies its assets/ into the site: a file there that no source
	// shows is unknown, not missing. It publishes no page.
	if th := jekyllTheme(t, cfg, ghPages); th != "" {
		s.unmodelled = append(s.unmodelled, [2]string{"themes", th})
		s.UnknownFiles(prefix+"/assets", "theme "+th+" is not in the tree and may publish files under assets/")
	}
	// jekyll-relative-links rewrites the links of pages only: a
	// collection's documents (posts too) keep theirs as written, which
	// the browser resolves from the document's URL, unless the
	// configuration asks for collections (relative_links: {collections:
	// true}).
	docsAsWritten := !cfg.flag("relative_links.collections", false) || !cfg.flag("relative_links.enabled", true)
	// It rewrites Markdown links (inline and reference definitions) to
	// files only: a link in raw HTML, or one naming a folder, stays as
	// written in every page.
	s.htmlByURL, s.folderByURL = true, true
	// A folder that such a plugin reads ("_alerts") holds the sources of
	// its pages, whose URLs the model does not know: their links are
	// read as a template's are, unchecked.
	files, dirs, sources := jekyllPluginPages(t)
	for _, d := range sources {
		if !slices.ContainsFunc(colls, func(c jekyllCollection) bool { return c.output && collDir+"_"+c.name == d }) {
			s.templates = append(s.templates, d)
		}
	}
	for i, f := range files {
		s.unmodelled = append(s.unmodelled, [2]string{"plugins", f})
		for _, d := range dirs[i] {
			s.UnknownPages(prefix+d, "plugin "+f+" is not modelled")
		}
	}
	// What else the site's own plugins do, unmodelled: files they
	// publish (static files, writes into the build folder) make their
	// folder unverifiable, for files of any kind; a page they rewrite
	// (its content or output) or that uses a tag they register has ids
	// the model does not know.
	effects, ownPlugins := jekyllPluginEffects(t)
	tags := map[string]string{}
	for _, e := range effects {
		if !slices.Contains(files, e.file) {
			s.unmodelled = append(s.unmodelled, [2]string{"plugins", e.file})
		}
		for _, d := range e.files {
			if d == "/" {
				// Files of its own in the site's top ("resume.json"), or
				// anywhere: none is a folder's page.
				s.UnknownFiles(prefix+"/", "plugin "+e.file+" writes files there")
				continue
			}
			s.UnknownSpace(prefix+d, "plugin "+e.file+" writes files there")
		}
		for _, u := range e.urls {
			s.UnknownURL(prefix+u, "plugin "+e.file+" writes it")
		}
		switch {
		case e.anywhere && len(e.exts) > 0:
			// Written at paths it computes, ending as its strings do
			// ("#{url}.md"): files of those kinds only.
			s.UnknownFilesOf(prefix+"/", e.exts, "plugin "+e.file+" writes files into the build")
		case e.anywhere:
			s.UnknownFiles(prefix+"/", "plugin "+e.file+" writes files into the build")
		}
		if e.rewrites && s.unknownIDs == "" {
			s.unknownIDs = "plugin " + e.file + " rewrites the pages it renders"
		}
		if e.links && !s.Hook {
			// As a render hook does: a link no rule here resolves may be
			// one the plugin sends elsewhere.
			s.Hook = true
			s.hookWhy = "plugin " + e.file + " renders the Markdown links"
		}
		for _, tag := range e.tags {
			tags[tag] = e.file
		}
	}
	jekyllTagPages(t, s, tags)
	for _, c := range colls {
		if !c.output || c.name == "" || strings.ContainsAny(c.name, "/\\") || strings.HasPrefix(c.name, ".") {
			continue // no folder of the site's: "_../x" is none
		}
		dir := collDir + "_" + c.name
		var statics, docs []string
		t.Walk(dir, func(rel string) {
			ext := strings.ToLower(path.Ext(rel))
			var src []byte
			if jekyllPages[ext] {
				src, _ = t.head(rel)
			}
			// A file of the collection without front matter is no
			// document: Jekyll copies it as it is (a static file) to the
			// collection's permalink with the file's own extension
			// (StaticFile#url: ":path" without it, ":output_ext" and
			// ":title" empty, then the extension), and renders nothing of
			// it. Jekyll 3, which GitHub Pages runs, keeps such files out
			// of site.static_files, so jekyll-optional-front-matter
			// makes no page of them either.
			if !startsFrontMatter(src) {
				tmpl := c.permalink
				if tmpl == "" {
					tmpl = "/:collection/:path" + suffix
				}
				p := strings.TrimSuffix(strings.TrimPrefix(rel, dir+"/"), path.Ext(rel))
				vals := map[string]string{"collection": c.name, "path": "/" + p, "name": path.Base(p), "title": "", "output_ext": ""}
				if u, _, ok := jekyllFill(tmpl, vals); ok {
					u = strings.TrimSuffix(u, "/") + path.Ext(rel)
					if ext == ".html" || ext == ".htm" {
						// A page as it is copied (jsdoc's output, a
						// version a folder): its relative links are
						// the browser's, from that URL.
						if s.verbatim == nil {
							s.verbatim = map[string]bool{}
						}
						s.verbatim[rel] = true
						add(rel, u)
					} else {
						s.Alias(prefix+"/"+strings.TrimPrefix(u, "/"), rel)
					}
				}
				if jekyllPages[ext] {
					statics = append(statics, rel)
				}
				return
			}
			if !jekyllPages[ext] {
				return
			}
			if bytes.Contains(src, []byte("include_relative")) {
				docs = append(docs, rel)
			}
			jekyllLiquidHeadings(s, rel, src)
			fm := readFrontMatter(src)
			for _, r := range fm.redirectsFrom() {
				s.Alias(strings.TrimSuffix(baseurl, "/")+"/"+strings.TrimPrefix(r, "/"), rel)
			}
			p := strings.TrimSuffix(strings.TrimPrefix(rel, dir+"/"), path.Ext(rel))
			tmpl := fm.Permalink
			if tmpl == "" {
				tmpl = c.permalink
				if pl, _ := jekyllDefaultValues(defaults, rel, c.name); pl != "" {
					tmpl = pl
				}
			}
			if tmpl == "" {
				tmpl = "/:collection/:path" + suffix
			}
			u, at, ok := jekyllFill(tmpl, jekyllDocValues(c.name, p, fm.Slug, fm))
			if !ok {
				s.UnknownSpace(prefix+at, "permalink "+strconv.Quote(tmpl)+" is not modelled")
				if s.unplaced == nil {
					s.unplaced = map[string]bool{}
				}
				s.unplaced[rel] = true
				return
			}
			add(rel, u)
			if docsAsWritten {
				s.linksAsWritten(rel)
			}
		})
		jekyllStaticPartials(t, s, statics, docs)
	}
	include := words(cfg.get("include"), false)
	exclude := newJekyllNames(words(cfg.get("exclude"), false))
	postsPermalink := cfg.str("collections.posts.permalink", "")
	if postsPermalink != "" && !strings.Contains(postsPermalink, ":") {
		postsPermalink = postTemplate(postsPermalink, "") // a style's name
	}
	// A page's permalink keeps a placeholder Jekyll does not know as
	// written ("/releases/:version/"); the site's own plugins may fill
	// it: the page is then somewhere in the folder before it.
	addFilled := func(rel, u string) {
		if loc := jekyllPlaceholder.FindStringIndex(u); ownPlugins && loc != nil {
			s.UnknownPages(prefix+u[:strings.LastIndex(u[:loc[0]], "/")+1], "permalink "+strconv.Quote(u)+" of "+rel+" names a placeholder the site's own plugins may fill")
			return
		}
		add(rel, u)
	}
	// Files Jekyll does not copy, though the site's folder holds them:
	// below a folder whose name begins with "_" (a plugin's report
	// "files/___src_js/"), named so, or that exclude names, unless
	// include names them. A collection's files are placed before.
	var unpublished []string
	t.Walk(".", func(rel string) {
		if strings.HasPrefix(rel, "vendor/") || rel == "Gemfile" {
			return
		}
		parts := strings.Split(rel, "/")
		for i, p := range parts[:len(parts)-1] {
			if strings.HasPrefix(p, "_") && p != "_posts" && !jekyllIncluded(include, parts[:i+1]) {
				unpublished = append(unpublished, rel)
				return
			}
		}
		ext := strings.ToLower(path.Ext(rel))
		if jekyllPages[ext] && strings.HasPrefix(parts[len(parts)-1], "_") && !jekyllIncluded(include, parts) {
			// A page named so too (docco's "_baseCreate.html" beside
			// the pages of a library's other modules), with front
			// matter or without.
			unpublished = append(unpublished, rel)
			return
		}
		if !jekyllPages[ext] {
			excluded := strings.HasPrefix(parts[len(parts)-1], "_") && !jekyllIncluded(include, parts) ||
				slices.Contains(parts, "node_modules")
			for i := range parts {
				excluded = excluded || exclude.has(parts[:i+1])
			}
			if excluded {
				unpublished = append(unpublished, rel)
			}
			return
		}
		src, _ := t.head(rel)
		if !startsFrontMatter(src) && (ext == ".html" || ext == ".htm") {
			// Copied as it is, Liquid's "{{" (of a script) and all,
			// unless the configuration excludes it.
			excluded := slices.Contains(parts, "node_modules")
			for i := range parts {
				excluded = excluded || exclude.has(parts[:i+1])
			}
			if !excluded {
				if s.verbatim == nil {
					s.verbatim = map[string]bool{}
				}
				s.verbatim[rel] = true
				// Served at its own path, a page whose relative links
				// the browser resolves from that URL: they find the
				// pages rendered from Markdown beside it
				// ("serialization.html" of serialization.md), which no
				// file of the tree is named.
				add(rel, "/"+rel)
			}
			return
		}
		fm := readFrontMatter(src)
		for _, r := range fm.redirectsFrom() {
			s.Alias(strings.TrimSuffix(baseurl, "/")+"/"+strings.TrimPrefix(r, "/"), rel)
		}
		if startsFrontMatter(src) {
			jekyllLiquidHeadings(s, rel, src)
		}
		d, base := path.Split(rel)
		name := strings.TrimSuffix(base, path.Ext(base))
		// jekyll-optional-front-matter makes no page of a Markdown file
		// without front matter named README, LICENSE, CONTRIBUTING...
		// (unless include names it): it stays a file copied as it is.
		// A README without one is still its folder's index where there
		// is none (jekyll-readme-index).
		if ext != ".html" && ext != ".htm" && !startsFrontMatter(src) && jekyllNoPageNames[strings.ToUpper(name)] &&
			!jekyllIncluded(include, parts) &&
			(name != "README" && !strings.EqualFold(name, "readme") || t.Exists(d+"index.md") || t.Exists(d+"index.html")) {
			return
		}
		k := strings.LastIndex("/"+d, "/_posts/")
		if k < 0 && fm.Permalink != "" {
			addFilled(rel, jekyllPageFill(fm.Permalink, d, name))
			return
		}
		if k >= 0 {
			m := jekyllDatedName(name)
			if m == nil {
				if fm.Permalink != "" {
					add(rel, fm.Permalink)
				}
				return
			}
			pl, cats := jekyllDefaultValues(defaults, rel, "posts")
			cats = jekyllCategories(strings.Split(strings.Trim(d[:k], "/"), "/"), cats, fm)
			// A post's own permalink is a template too, filled as its
			// default's is ("/news/:year/:title/"); without either,
			// the posts collection's ("collections: {posts: {permalink:
			// /guide/:title}}"), else the site's.
			if pl == "" {
				pl = postsPermalink
			}
			tmpl := postTemplate(style, pl)
			if fm.Permalink != "" {
				tmpl = fm.Permalink
			}
			add(rel, jekyllPostPermalink(tmpl, m[1], m[2], m[3], m[4], fm.Slug, cats))
			if docsAsWritten {
				s.linksAsWritten(rel)
			}
			return
		}
		if strings.HasPrefix(base, "_") && !jekyllIncluded(include, parts) {
			return
		}
		if pl, _ := jekyllDefaultValues(defaults, rel, "pages"); pl != "" {
			addFilled(rel, jekyllPageFill(pl, d, name))
			return
		}
		switch {
		case name == "index", strings.EqualFold(name, "README") && !startsFrontMatter(src) && !t.Exists(d+"index.md") && !t.Exists(d+"index.html"):
			add(rel, "/"+d)
		case suffix == "/":
			add(rel, "/"+d+name+"/")
		case suffix == "":
			add(rel, "/"+d+name)
		default:
			add(rel, "/"+d+name+".html")
		}
	})
	if len(unpublished) > 0 {
		served := make(map[string]bool, len(s.pages))
		for _, f := range s.pages {
			served[f] = true
		}
		s.notAtPath = make(map[string]bool, len(unpublished))
		for _, rel := range unpublished {
			s.notAtPath[rel] = true
			if _, ok := s.urls[rel]; !ok && !served[rel] {
				s.Exclude(rel)
			}
		}
	}
	// Netlify reads the _redirects file at the top of the build. Jekyll
	// leaves out a file whose name begins with "_" unless include names
	// it; then the site publishes its own, rendered when it has front
	// matter (its Liquid writing the targets, "v{{ site.version }}").
	if baseurl == "/" && slices.Contains(include, "_redirects") && t.Exists("_redirects") {
		if src, err := t.Read("_redirects"); err == nil {
			s.BuildRedirects(afterFrontMatter(src))
		}
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
}

// afterFrontMatter returns src after its front matter, all of src when
// it has none.
func afterFrontMatter(src []byte) []byte {
	if !startsFrontMatter(src) {
		return src
	}
	for i := 3; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return nil
		}
		line := bytes.TrimRight(src[i:i+j], "\r")
		i += j + 1
		if i > 4 && (string(line) == "---" || string(line) == "...") {
			return src[i:]
		}
	}
	return nil
}

// jekyllLiquidHeading matches an ATX heading whose text holds a Liquid
// output ("## Version {{ site.version }}"), or a line holding one that a
// setext underline makes a heading.
var jekyllLiquidHeading = regexp.MustCompile(`(?m)^ {0,3}#{1,6}[ \t][^\n]*\{\{|^[^\n]*\{\{[^\n]*\n {0,3}(=+|-+)[ \t]*\r?$`)

// jekyllLiquidHeadings marks the ids of the page rel (its source src, a
// rendered page) unknown when a heading of its body is written with
// Liquid: kramdown makes the id of the text Liquid wrote ("## Version
// {{ site.version }} notes" is "version-21-notes"), which the model does
// not compute.
func jekyllLiquidHeadings(s *Site, rel string, src []byte) {
	if !bytes.Contains(src, []byte("{{")) {
		return
	}
	body := src
	if startsFrontMatter(src) {
		if k := bytes.Index(src[3:], []byte("\n---")); k >= 0 {
			body = src[3+k+4:]
		}
	}
	if jekyllLiquidHeading.Match(body) {
		if s.liquidHeadings == nil {
			s.liquidHeadings = map[string]bool{}
		}
		s.liquidHeadings[rel] = true
	}
}

// UnknownHeadingID returns why the fragment frag of the page rel (a
// slash path from the audited root) may be the id of a heading the model
// does not compute, when it may: the page has a heading Liquid writes,
// and frag is what kramdown's GFM parser makes of a heading's text
// (after kramdown's auto_id_prefix): lower case letters, digits, marks,
// "_" and "-", each other character dropped. "#alternativeSchemaObject"
// is none, and stays broken.
func (s *Site) UnknownHeadingID(rel, frag string) (string, bool) {
	if len(s.liquidHeadings) == 0 {
		return "", false
	}
	in, ok := s.inner(rel)
	if !ok || !s.liquidHeadings[in] {
		return "", false
	}
	if s.idPrefix != "" {
		var cut bool
		if frag, cut = strings.CutPrefix(frag, s.idPrefix); !cut {
			return "", false
		}
	}
	if frag == "" {
		return "", false
	}
	for _, r := range frag {
		if unicode.IsUpper(r) || !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && r != '_' && r != '-' {
			return "", false
		}
	}
	return "a heading of the page is written with Liquid (\"{{ }}\"), whose text the model does not compute", true
}

// RendersUnplaced reports whether the site renders the file rel (a
// slash path from the audited root) as a page at a URL the model does
// not know: a collection's document whose permalink holds a placeholder
// of the site's own plugin (":number"). Its heading ids are the
// site's (kramdown's), not a forge's.
func (s *Site) RendersUnplaced(rel string) bool {
	if s.rendersAll {
		return s.Contains(rel)
	}
	if len(s.unplaced) == 0 {
		return false
	}
	in, ok := s.inner(rel)
	return ok && s.unplaced[in]
}

// jekyllStaticPartials marks the static files of a collection (statics,
// Markdown or HTML without front matter) that a document of the
// collection (docs) includes with include_relative as partials: their
// text reaches readers only inside the including page, so their links
// and fragments are that page's, not a page of their own (a
// specification assembled from parts, "{% include_relative
// types/uri.md %}", whose parts link each other's "#anchor").
func jekyllStaticPartials(t *Tree, s *Site, statics, docs []string) {
	if len(statics) == 0 || len(docs) == 0 {
		return
	}
	included := map[string]bool{}
	for _, d := range docs {
		src, err := t.Read(d)
		if err != nil {
			continue
		}
		for _, tag := range LiquidIncludeTags(src) {
			kind, name, _ := strings.Cut(tag, " ")
			if kind == "include_relative" && name != "" && !strings.ContainsAny(name, "{}\"'\\") {
				included[path.Join(path.Dir(d), name)] = true
			}
		}
	}
	for _, f := range statics {
		if included[f] {
			s.addPartial(f)
		}
	}
}

// jekyllIncluded reports whether the configuration's "include" list
// names the file or folder whose path is parts: Jekyll publishes what it
// names although its name begins with "_" or "." ("include: [_pages]"),
// matched by its path from the site's top or by its name alone.
func jekyllIncluded(include, parts []string) bool {
	rel := strings.Join(parts, "/")
	name := parts[len(parts)-1]
	for _, in := range include {
		in = strings.Trim(strings.TrimPrefix(in, "./"), "/")
		if in == rel || in == name {
			return true
		}
		if ok, _ := path.Match(in, rel); ok && strings.ContainsAny(in, "*?[") {
			return true
		}
	}
	return false
}

// jekyllNames is the configuration's exclude list, as jekyllIncluded
// reads it, made ready for every file of the site: names and paths in a
// set, globs apart; more globs than maxExcludeGlobs are not read (no
// file is left out by them), as Docusaurus' exclude, since each file
// and each folder above it is matched against each.
type jekyllNames struct {
	names map[string]bool
	globs []string
}

func newJekyllNames(list []string) jekyllNames {
	n := jekyllNames{names: map[string]bool{}}
	for _, in := range list {
		in = strings.Trim(strings.TrimPrefix(in, "./"), "/")
		n.names[in] = true
		if strings.ContainsAny(in, "*?[") {
			n.globs = append(n.globs, in)
		}
	}
	if len(n.globs) > maxExcludeGlobs {
		n.globs = nil
	}
	return n
}

// has reports whether the list names the path parts, as jekyllIncluded.
func (n jekyllNames) has(parts []string) bool {
	if n.names[parts[len(parts)-1]] {
		return true
	}
	rel := strings.Join(parts, "/")
	if n.names[rel] {
		return true
	}
	for _, g := range n.globs {
		if ok, _ := path.Match(g, rel); ok {
			return true
		}
	}
	return false
}

// jekyllSuffix is what the permalink style adds to the URL of a page or
// a collection's document without a permalink of its own
// (Utils.add_permalink_suffix): "/" for "pretty" and a template ending in
// "/", ":output_ext" for the named styles and a template ending in it,
// else nothing (the page is written to x.html, served at "/x").
func jekyllSuffix(style string) string {
	switch {
	case style == "pretty", strings.HasSuffix(style, "/"):
		return "/"
	case style == "date", style == "ordinal", style == "none", strings.HasSuffix(style, ":output_ext"):
		return ":output_ext"
	}
	return ""
}

// startsFrontMatter reports whether src begins with a "---" line, which
// makes Jekyll render the file.
func startsFrontMatter(src []byte) bool {
	return len(src) >= 4 && string(src[:3]) == "---" && (src[3] == '\n' || src[3] == '\r')
}

// jekyllCollection is one collection of the configuration: its files,
// in _name/, are pages when output is true, at permalink.
type jekyllCollection struct {
	name      string
	output    bool
	permalink string
}

// jekyllCollections reads "collections" (jekyllrb.com/docs/collections):
// a list of names, or a map of names to options. posts is Jekyll's own,
// laid out apart.
func jekyllCollections(cfg config) []jekyllCollection {
	var out []jekyllCollection
	switch v := cfg.get("collections").(type) {
	case []any:
		for _, e := range v {
			if n, ok := e.(string); ok && n != "posts" {
				out = append(out, jekyllCollection{name: n})
			}
		}
	case map[string]any:
		for n, o := range v {
			if n == "posts" {
				continue
			}
			c := jekyllCollection{name: n}
			if m, ok := o.(map[string]any); ok {
				oc := config(m)
				c.output = oc.flag("output", false)
				c.permalink = oc.str("permalink", "")
			}
			out = append(out, c)
		}
	}
	return out
}

// jekyllPlugins returns the names of the plugins of the configuration
// ("plugins", or "gems" before Jekyll 3.5).
func jekyllPlugins(cfg config) []string {
	var out []string
	for _, key := range []string{"plugins", "gems"} {
		list, _ := cfg.get(key).([]any)
		for _, e := range list {
			if n, ok := e.(string); ok {
				out = append(out, n)
			}
		}
	}
	return out
}

// jekyllKnownPlugins publish no page and write no id that the model does
// not know (GitHub Pages' whitelist; jekyll-redirect-from's pages are
// modelled from redirect_from; the files some write, jekyllPluginFiles).
// The github-pages gem is read apart (jekyllGitHubPages): it sets GitHub
// Pages' whole configuration, whose parts the model follows one by one
// (jekyllGitHubPages's caller).
var jekyllKnownPlugins = map[string]bool{
	"jekyll-redirect-from": true, "jekyll-seo-tag": true, "jekyll-sitemap": true, "jekyll-feed": true,
	"jekyll-optional-front-matter": true, "jekyll-readme-index": true, "jekyll-titles-from-headings": true,
	"jekyll-default-layout": true, "jekyll-github-metadata": true, "jekyll-avatar": true, "jemoji": true,
	"jekyll-mentions": true, "jekyll-include-cache": true, "jekyll-remote-theme": true, "jekyll-gist": true,
	"jekyll-coffeescript": true, "jekyll-relative-links": true, "jekyll-commonmark-ghpages": true,
	"jekyll-last-modified-at": true, "jekyll-target-blank": true,
}

// jekyllGitHubPages reports whether the site is built with the
// github-pages gem, which sets GitHub Pages' configuration
// (github/pages-gem, lib/github-pages/configuration.rb): listed as a
// plugin, or named by the site's Gemfile, and where.
func jekyllGitHubPages(t *Tree, s *Site, cfg config) (bool, string) {
	if s.Evidence == jekyllPagesBranch || s.Evidence == jekyllPagesCNAME {
		return true, s.Evidence
	}
	if slices.Contains(jekyllPlugins(cfg), "github-pages") {
		return true, "plugins"
	}
	if src, err := t.head("Gemfile"); err == nil && jekyllGemGitHubPages.Match(src) {
		return true, "Gemfile"
	}
	return false, ""
}

// jekyllGemGitHubPages matches a Gemfile's line that asks for the gem.
var jekyllGemGitHubPages = regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["']github-pages["']`)

// jekyllPluginFiles are the files, URL paths from the site's top, that
// the plugin name writes: jekyll-feed's feed (feed: {path: ...}),
// jekyll-sitemap's sitemap and robots.txt, jekyll-redirect-from's
// redirects.json.
func jekyllPluginFiles(name string, cfg config) []string {
	switch name {
	case "jekyll-feed":
		return []string{cfg.str("feed.path", "feed.xml")}
	case "jekyll-sitemap":
		return []string{"sitemap.xml", "robots.txt"}
	case "jekyll-redirect-from":
		return []string{"redirects.json"}
	}
	return nil
}

// jekyllNoPageNames are the names (upper case, without extension) of
// the Markdown files that jekyll-optional-front-matter makes no page of
// when they have no front matter (its FILENAME_BLACKLIST).
var jekyllNoPageNames = map[string]bool{
	"README": true, "LICENSE": true, "LICENCE": true, "COPYING": true, "CODE_OF_CONDUCT": true,
	"CONTRIBUTING": true, "ISSUE_TEMPLATE": true, "PULL_REQUEST_TEMPLATE": true,
}

// jekyllPaginateDir is the URL folder of jekyll-paginate's pages: its
// paginate_path up to the folder that holds ":num" ("/blog/page:num/"
// gives "/blog").
func jekyllPaginateDir(p string) string {
	if k := strings.Index(p, ":num"); k >= 0 {
		p = p[:k]
	}
	return "/" + strings.Trim(path.Dir("/"+strings.TrimLeft(p, "/")+"x"), "/")
}

// jekyllTheme returns the theme that builds the site from outside the
// tree: the configuration's remote_theme or theme (a gem), or, built
// with the github-pages gem and naming none, GitHub Pages'
// jekyll-theme-primer; "" for none ("theme: null"). A file of the tree
// still serves its own path: only what the tree lacks is the theme's.
func jekyllTheme(t *Tree, cfg config, ghPages bool) string {
	if th := cfg.str("remote_theme", ""); th != "" {
		return th
	}
	if v, set := cfg["theme"]; set {
		th, _ := v.(string)
		return th
	}
	if ghPages {
		return "jekyll-theme-primer"
	}
	return ""
}

// linksAsWritten records that the links of the page rel (a path from
// the site's folder) stay as written in the built page.
func (s *Site) linksAsWritten(rel string) {
	if s.asWritten == nil {
		s.asWritten = map[string]bool{}
	}
	s.asWritten[rel] = true
}

// LinksAsWritten reports whether the generator leaves the relative
// links of the file rel (a slash path from the audited root) as
// written, to be resolved by the browser from the page's URL: a Jekyll
// collection's document, whose links jekyll-relative-links does not
// rewrite.
func (s *Site) LinksAsWritten(rel string) bool {
	if len(s.asWritten) == 0 {
		return false
	}
	in, ok := s.inner(rel)
	return ok && s.asWritten[in]
}

// postTemplate returns the permalink template of posts: a default's,
// else the site's permalink, a template or a style's name
// (jekyllrb.com/docs/permalinks: "date", "pretty", "ordinal",
// "weekdate", "none").
func postTemplate(style, def string) string {
	if def != "" {
		return def
	}
	switch style {
	case "pretty":
		return "/:categories/:year/:month/:day/:title/"
	case "ordinal":
		return "/:categories/:year/:y_day/:title:output_ext"
	case "weekdate":
		return "/:categories/:year/W:week/:short_day/:title:output_ext"
	case "none":
		return "/:categories/:title:output_ext"
	}
	if strings.Contains(style, ":") {
		return style
	}
	return "/:categories/:year/:month/:day/:title:output_ext"
}

// jekyllCategories returns a post's categories as its permalink names
// them: the folders above its _posts folder ("de/news/_posts/x.md" is
// in de and news), then those of the front matter defaults and its own
// front matter ("categories", a list or words; "category", one), lower
// case, each once (Jekyll's Document#categories_from_path and
// populate_categories, Drops::UrlDrop#categories).
func jekyllCategories(dirs, defaults []string, fm frontMatter) []string {
	var out []string
	seen := map[string]bool{}
	addAll := func(list []string) {
		for _, c := range list {
			c = strings.ToLower(c)
			if c != "" && c != "." && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	addAll(dirs)
	addAll(defaults)
	addAll(words(fm.Categories, true))
	addAll(words(fm.Category, false))
	return out
}

// jekyllPostPermalink fills a post's permalink template: the date of its file
// name, its title (the rest of the name, as written, or the front
// matter's slug), its categories.
func jekyllPostPermalink(tmpl, year, month, day, title, slug string, cats []string) string {
	if slug == "" {
		slug = title
	}
	yday, week, wday := "", "", ""
	if t, err := time.Parse("2006-01-02", year+"-"+month+"-"+day); err == nil {
		yday = fmt.Sprintf("%03d", t.YearDay())
		_, w := t.ISOWeek()
		week = fmt.Sprintf("%02d", w)
		wday = t.Weekday().String()[:3]
	}
	u := strings.NewReplacer(":categories", strings.Join(cats, "/"), ":year", year, ":month", month, ":day", day,
		":i_month", strings.TrimPrefix(month, "0"), ":i_day", strings.TrimPrefix(day, "0"),
		":short_year", year[2:], ":y_day", yday, ":week", week, ":short_day", wday,
		":title", title, ":slug", slug, ":output_ext", ".html").Replace(tmpl)
	u = "/" + strings.TrimLeft(u, "/")
	for strings.Contains(u, "//") {
		u = strings.ReplaceAll(u, "//", "/")
	}
	return u
}

// jekyllDefault is an entry of the configuration's front matter
// defaults (jekyllrb.com/docs/configuration/front-matter-defaults):
// values for the files under path (a prefix of their path, or a glob)
// of a type ("pages", "posts", a collection's name; "" for every type).
type jekyllDefault struct {
	path, typ, permalink string
	categories           []string
}

// jekyllDefaults reads the permalink and categories of the
// configuration's defaults.
func jekyllDefaults(cfg config) []jekyllDefault {
	var out []jekyllDefault
	for _, d := range cfg.list("defaults") {
		jd := jekyllDefault{
			path:      strings.TrimPrefix(d.str("scope.path", ""), "/"),
			typ:       d.str("scope.type", ""),
			permalink: d.str("values.permalink", ""),
		}
		if v, ok := d.get("values").(map[string]any); ok {
			vc := config(v)
			jd.categories = words(vc.get("categories"), true)
			if c := words(vc.get("category"), false); c != nil {
				jd.categories = append(jd.categories, c...)
			}
		}
		if jd.permalink != "" || jd.categories != nil {
			out = append(out, jd)
		}
	}
	return out
}

// jekyllDefaultValues returns the permalink and categories that the
// defaults give the file rel of type typ: of the defaults whose scope
// holds it, the most specific that sets each (a longer path, then one
// that names the type; the later of two alike), as Jekyll's
// FrontmatterDefaults ranks them.
func jekyllDefaultValues(defs []jekyllDefault, rel, typ string) (permalink string, cats []string) {
	bestP, bestC := -1, -1
	for _, d := range defs {
		if d.typ != "" && d.typ != typ || !jekyllScopeHolds(d.path, rel) {
			continue
		}
		rank := 2 * len(d.path)
		if d.typ != "" {
			rank++
		}
		if d.permalink != "" && rank >= bestP {
			bestP, permalink = rank, d.permalink
		}
		if d.categories != nil && rank >= bestC {
			bestC, cats = rank, d.categories
		}
	}
	return permalink, cats
}

// jekyllScopeHolds reports whether a defaults scope path holds the file
// rel: "" holds every file, a glob ("docs/*/api") the files it or a
// folder it matches holds, else a prefix of rel's path.
func jekyllScopeHolds(scope, rel string) bool {
	if scope == "" {
		return true
	}
	if strings.Contains(scope, "*") {
		for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			if ok, _ := path.Match(scope, p); ok {
				return true
			}
		}
		return false
	}
	return strings.HasPrefix(rel, scope)
}

// jekyllTextRanges returns the parts of a Markdown page that are no
// links of the page (CodeRanges): Liquid's highlight blocks and the
// branches its conditions leave out, sorted and apart (those nest).
func (s *Site) jekyllTextRanges(src []byte) [][2]int {
	out := jekyllCodeRanges(src)
	if s.liquid == nil || s.liquid.fixed == nil {
		return out
	}
	dead := jekyllDeadBranches(src, s.liquid.fixed)
	if len(dead) == 0 {
		return out
	}
	out = append(out, dead...)
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	apart := out[:1]
	for _, r := range out[1:] {
		if last := &apart[len(apart)-1]; r[0] <= last[1] {
			last[1] = max(last[1], r[1])
		} else {
			apart = append(apart, r)
		}
	}
	return apart
}

// jekyllCodeRanges returns the inner text of Liquid's highlight blocks
// ("{% highlight html %}...{% endhighlight %}", jekyllrb.com/docs/liquid/tags),
// which Jekyll shows as code: an "<a href>" there is an example. Each
// opening tag pairs with the next closing one; one left open ends
// nothing.
func jekyllCodeRanges(src []byte) [][2]int {
	var out [][2]int
	for off := 0; off < len(src); {
		_, end, ok := liquidTag(src, off, "highlight")
		if !ok {
			break
		}
		cs, ce, ok := liquidTag(src, end, "endhighlight")
		if !ok {
			break
		}
		out = append(out, [2]int{end, cs})
		off = ce
	}
	return out
}

// liquidTag finds the next Liquid tag named name ("{% name ... %}", "{%-"
// and "-%}" too) at or after off: its start and end offsets.
func liquidTag(src []byte, off int, name string) (start, end int, ok bool) {
	for off < len(src) {
		k := bytes.Index(src[off:], []byte("{%"))
		if k < 0 {
			return 0, 0, false
		}
		start = off + k
		e := bytes.Index(src[start+2:], []byte("%}"))
		if e < 0 {
			return 0, 0, false
		}
		end = start + 2 + e + 2
		inner := strings.TrimSpace(strings.Trim(string(src[start+2:end-2]), "-"))
		if tag, _, _ := strings.Cut(inner, " "); tag == name {
			return start, end, true
		}
		off = start + 2
	}
	return 0, 0, false
}

// jekyllFill fills a permalink template of a collection's document the
// way Jekyll's URL drop does (jekyll/url.rb generate_url_from_drop): each
// ":name" is replaced by vals[name] ("month_" may be "month" then "_").
// A placeholder vals lacks (a site's own plugin may add one, ":number")
// makes the URL unknown: ok is false and prefix is the URL path before
// it, the folder where such pages may be.
func jekyllFill(tmpl string, vals map[string]string) (u, prefix string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(tmpl); {
		c := tmpl[i]
		if c != ':' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(tmpl) && (tmpl[j] >= 'a' && tmpl[j] <= 'z' || tmpl[j] == '_') {
			j++
		}
		name := tmpl[i+1 : j]
		if name == "" {
			b.WriteByte(c)
			i++
			continue
		}
		v, found := vals[name]
		if !found && strings.HasSuffix(name, "_") {
			name = strings.TrimSuffix(name, "_")
			v, found = vals[name]
			j--
		}
		if !found {
			p := b.String()
			if k := strings.LastIndex(p, "/"); k >= 0 {
				p = p[:k+1]
			}
			return "", "/" + strings.TrimLeft(p, "/"), false
		}
		b.WriteString(v)
		i = j
	}
	return jekyllSanitize(b.String()), "", true
}

// jekyllSanitize makes a filled template a URL path as Jekyll's
// URL#sanitize_url does: "/" first, ".." and "./" dropped, runs of "/"
// made one.
func jekyllSanitize(u string) string {
	if !strings.Contains(u, ".") && !strings.Contains(u, "//") && strings.HasPrefix(u, "/") {
		return u // sanitized already
	}
	u = "/" + u
	u = strings.ReplaceAll(u, "..", "/")
	u = strings.ReplaceAll(u, "./", "")
	for strings.Contains(u, "//") {
		u = strings.ReplaceAll(u, "//", "/")
	}
	return u
}

// jekyllDocValues are the placeholders of a collection's document
// (jekyll/drops/url_drop.rb): p is its path in the collection without
// extension, slug its front matter's.
func jekyllDocValues(coll, p, slug string, fm frontMatter) map[string]string {
	base := path.Base(p)
	title := jekyllSlugify(base, true)
	sl := jekyllSlugify(base, false)
	if slug != "" {
		title, sl = jekyllSlugify(slug, true), jekyllSlugify(slug, false)
	}
	var cats []string
	for _, c := range words(fm.Categories, true) {
		c = strings.ToLower(c)
		if !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	return map[string]string{
		"collection": coll, "path": "/" + strings.TrimPrefix(p, "/"), "name": jekyllSlugify(base, false),
		"title": title, "slug": sl, "output_ext": ".html", "categories": strings.Join(cats, "/"),
	}
}

// jekyllSlugify is Jekyll's Utils.slugify in its "default" mode (every
// run of characters other than letters, marks and digits one "-", lower
// case) or, pretty, its "pretty" mode (which keeps also "._~!$&'()+,;=@"
// and, cased, the letter case), the ends' "-" taken off.
func jekyllSlugify(s string, pretty bool) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		keep := unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) ||
			pretty && strings.ContainsRune("._~!$&'()+,;=@", r)
		if !keep {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		if !pretty {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jekyllPageValues are the placeholders of a page (jekyll/page.rb
// url_placeholders): its folder, its name without extension, ".html".
// A page's template is filled from a hash: a placeholder other than these
// stays in the URL as written.
func jekyllPageFill(tmpl, dir, basename string) string {
	u := strings.NewReplacer(":path", dir, ":basename", basename, ":output_ext", ".html").Replace(tmpl)
	return jekyllSanitize(u)
}

// jekyllPluginPages reads the site's own plugins (_plugins/**/*.rb, which
// a build outside GitHub Pages' safe mode runs) for generators that add
// pages ("site.pages << page"): their URLs no source file shows. Where
// every page such a file makes is a PageWithoutAFile whose folder is
// written as a string ("PageWithoutAFile.new(site, site.source,
// "packages", name)"), the pages are in those folders; else anywhere.
// It returns the file and the URL folders, "/" for anywhere.
func jekyllPluginPages(t *Tree) (files []string, dirs [][]string, sources []string) {
	t.Walk("_plugins", func(rel string) {
		if path.Ext(rel) != ".rb" {
			return
		}
		src, err := t.head(rel)
		if err != nil || !jekyllAddsPages.Match(src) {
			return
		}
		var ds []string
		made := jekyllPageNew.FindAllSubmatch(src, -1)
		if len(made) == 0 || jekyllPageClass.Match(src) {
			ds = []string{"/"}
		}
		for _, m := range made {
			if len(ds) == 1 && ds[0] == "/" {
				break
			}
			dir := m[1]
			if dir == nil {
				dir = m[2]
			}
			if dir == nil || bytes.ContainsAny(dir, "#{}") {
				ds = []string{"/"}
				break
			}
			ds = append(ds, "/"+strings.Trim(string(dir), "/"))
		}
		files = append(files, rel)
		dirs = append(dirs, ds)
		for _, m := range jekyllPluginDir.FindAllSubmatch(src, -1) {
			d := string(m[1])
			if d == "" {
				d = string(m[2])
			}
			if !slices.Contains(sources, d) && !jekyllOwnDirs[d] && t.Exists(d) {
				sources = append(sources, d)
			}
		}
	})
	return files, dirs, sources
}

var (
	// jekyllAddsPages matches Ruby that adds pages or documents to a site.
	jekyllAddsPages = regexp.MustCompile(`site\.pages\s*(<<|\.push|\.concat|\+=|\.unshift)|\.docs\s*(<<|\.push|\.concat)`)
	// jekyllPageNew matches the making of a page, its folder when a
	// string literal is the third argument.
	jekyllPageNew = regexp.MustCompile(`\b(?:PageWithoutAFile|Page)\.new\(\s*[^,()]+,\s*[^,()]+,\s*(?:"([^"]*)"|'([^']*)'|[^,()]+)`)
	// jekyllPluginDir matches a folder of the site's that a plugin names
	// ("'_alerts'"): the files it makes pages of.
	jekyllPluginDir = regexp.MustCompile(`"(_[A-Za-z0-9][\w-]*)"|'(_[A-Za-z0-9][\w-]*)'`)
	// jekyllOwnDirs are Jekyll's folders, which a plugin may name
	// without making pages of their files.
	jekyllOwnDirs = map[string]bool{"_posts": true, "_drafts": true, "_data": true, "_layouts": true,
		"_includes": true, "_sass": true, "_plugins": true, "_site": true, "_config.yml": true}
	// jekyllPageClass matches a class of the plugin's own made from
	// Page, whose folder the model cannot read.
	jekyllPageClass = regexp.MustCompile(`<\s*(?:Jekyll::)?(?:Page|PageWithoutAFile|Document)\b`)
)

// jekyllDeployedAt returns where GitHub Pages serves a site whose
// configuration has no url, and the part of that URL's path the site's
// own URL paths include: the domain of the CNAME file at the site's
// root, its pages under baseurl as url would place them; else, for a
// site at the top of a project repository on GitHub or in its docs/
// folder (the sources GitHub Pages builds), https://OWNER.github.io/NAME/
// when baseurl is "/NAME" or empty (the pages are then at NAME/ on the
// host, their own paths without it). A user site's host, shared with
// the owner's project sites, and a site below a test or example folder
// give none: which paths are the site's is not known.
func jekyllDeployedAt(t *Tree, s *Site, baseurl string) (u, keep string) {
	if fixtureFolder(s.dir) {
		return "", ""
	}
	gh, user := githubPagesURL(s.Repo)
	if user {
		return "", ""
	}
	if c := cnameURL(t, "CNAME"); c != "" {
		return strings.TrimSuffix(c, "/") + baseurl, baseurl
	}
	if gh == "" || s.dir != "" && s.dir != "docs" {
		return "", ""
	}
	name := path.Base(strings.TrimSuffix(gh, "/"))
	switch {
	case strings.EqualFold(baseurl, "/"+name):
		return strings.TrimSuffix(gh, "/"), baseurl
	case baseurl == "/":
		return strings.TrimSuffix(gh, "/"), ""
	}
	return "", ""
}

// CopiedAsIs reports whether the generator copies the HTML file rel (a
// slash path from the audited root) into its build as it is: a Jekyll
// site's HTML file without front matter. What looks like a template's
// action in it ("{{ x }}" in a script) is text, and its links are the
// published page's.
func (s *Site) CopiedAsIs(rel string) bool {
	in, ok := s.inner(rel)
	return ok && s.verbatim[in]
}

// kramdownTypography returns text without the runs of hyphens kramdown
// turns into dashes: "---" (an em dash) and then "--" (an en dash), read
// left to right, so "----" leaves one hyphen and "-----" none.
func kramdownTypography(text string) string {
	if !strings.Contains(text, "--") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], "---"):
			i += 3
		case strings.HasPrefix(text[i:], "--"):
			i += 2
		default:
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}

// jekyllDated matches a post's file name as Jekyll's Document does
// (DATE_FILENAME_MATCHER): a month and a day of one or two digits
// ("2012-7-25-intro").
var jekyllDated = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$`)

// jekyllDatedName returns the year, month, day (two digits each, as
// Jekyll's :month and :day write them) and title of a post's file name
// (without its extension), or nil when it is not dated.
func jekyllDatedName(name string) []string {
	m := jekyllDated.FindStringSubmatch(name)
	if m == nil {
		return nil
	}
	for _, i := range []int{2, 3} {
		if len(m[i]) == 1 {
			m[i] = "0" + m[i]
		}
	}
	return m
}

// jekyllFixedVars returns the configuration's top-level strings and
// booleans, which Liquid's "site.KEY" reads, when the configuration
// file marker is the only one in the site's folder: a build may read
// another after it (jekyll build --config _config.yml,_config_prod.yml)
// that sets them otherwise, and then nil.
func jekyllFixedVars(t *Tree, marker string, cfg config) map[string]any {
	dir, ok := t.path(".")
	if !ok {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		n := strings.ToLower(e.Name())
		if n != strings.ToLower(path.Base(marker)) && strings.HasPrefix(n, "_config") &&
			(strings.HasSuffix(n, ".yml") || strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".toml")) {
			return nil
		}
	}
	out := map[string]any{}
	for k, v := range cfg {
		switch v.(type) {
		case string, bool:
			out[k] = v
		}
	}
	return out
}

// jekyllDeadBranches returns the parts of src that Liquid leaves out
// for the configuration's values: the body of "{% if site.KEY == 'x' %}"
// (or "!=", or "{% unless %}") whose comparison is false, up to its
// "{% else %}", "{% elsif %}" or "{% endif %}", and, when it is true,
// what follows its "{% else %}" or "{% elsif %}". Only a comparison of
// a key the configuration fixes (a string or a boolean) with a quoted
// string or true/false is read; any other condition decides nothing.
// A versioned documentation folder shows a section for the released
// versions only ({% if site.version != "latest" %}).
func jekyllDeadBranches(src []byte, fixed map[string]any) [][2]int {
	if !bytes.Contains(src, []byte("{%")) {
		return nil
	}
	type tag struct {
		start, end int
		name, args string
	}
	var tags []tag
	for off := 0; off < len(src); {
		k := bytes.Index(src[off:], []byte("{%"))
		if k < 0 {
			break
		}
		start := off + k
		e := bytes.Index(src[start+2:], []byte("%}"))
		if e < 0 {
			break
		}
		end := start + 2 + e + 2
		inner := strings.TrimSpace(strings.Trim(string(src[start+2:end-2]), "-"))
		name, args, _ := strings.Cut(inner, " ")
		switch name {
		case "if", "unless", "elsif", "else", "endif", "endunless":
			tags = append(tags, tag{start, end, name, strings.TrimSpace(args)})
		}
		off = end
	}
	// Each block's first branch tag and its closing tag, paired in one
	// pass (a page may hold many blocks, open or nested deep).
	mid, closed := make([]int, len(tags)), make([]int, len(tags))
	var open []int
	for j, tg := range tags {
		mid[j], closed[j] = -1, -1
		switch tg.name {
		case "if", "unless":
			open = append(open, j)
		case "else", "elsif":
			if k := len(open) - 1; k >= 0 && mid[open[k]] < 0 {
				mid[open[k]] = j
			}
		case "endif", "endunless":
			if k := len(open) - 1; k >= 0 {
				closed[open[k]] = j
				open = open[:k]
			}
		}
	}
	var out [][2]int
	for i, tg := range tags {
		if tg.name != "if" && tg.name != "unless" {
			continue
		}
		truth, known := jekyllCondition(tg.args, fixed)
		if !known {
			continue
		}
		if tg.name == "unless" {
			truth = !truth
		}
		mid, closed := mid[i], closed[i]
		if closed < 0 {
			continue // left open: Liquid fails on it, nothing is decided
		}
		switch {
		case !truth && mid >= 0:
			out = append(out, [2]int{tg.end, tags[mid].start})
		case !truth:
			out = append(out, [2]int{tg.end, tags[closed].start})
		case mid >= 0:
			out = append(out, [2]int{tags[mid].end, tags[closed].start})
		}
	}
	return out
}

// jekyllCondition evaluates "site.KEY == LITERAL" or "site.KEY !=
// LITERAL" (the operands either way round) for the configuration's
// fixed values; known is false for any other condition ("and", "or",
// "contains", a page's variable, a key the configuration lacks).
func jekyllCondition(cond string, fixed map[string]any) (truth, known bool) {
	f := strings.Fields(cond)
	if len(f) != 3 || f[1] != "==" && f[1] != "!=" {
		return false, false
	}
	a, b := f[0], f[2]
	if !strings.HasPrefix(a, "site.") {
		a, b = b, a
	}
	key, ok := strings.CutPrefix(a, "site.")
	if !ok || strings.ContainsAny(key, ".[") {
		return false, false
	}
	v, ok := fixed[key]
	if !ok {
		return false, false
	}
	var eq bool
	switch v := v.(type) {
	case string:
		if len(b) < 2 || b[0] != b[len(b)-1] || b[0] != '"' && b[0] != '\'' {
			return false, false
		}
		eq = v == b[1:len(b)-1]
	case bool:
		if b != "true" && b != "false" {
			return false, false
		}
		eq = v == (b == "true")
	default:
		return false, false
	}
	return eq == (f[1] == "=="), true
}

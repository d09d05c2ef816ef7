package site

import (
	"bytes"
	"fmt"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"golang.org/x/text/unicode/norm"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
)

// mkdocs publishes an MkDocs site (mkdocs.org: "user-guide/configuration",
// "user-guide/writing-your-docs"). The pages are the Markdown files of
// docs_dir ("docs"); with use_directory_urls (the default) a.md is
// published at a/ and otherwise at a.html; index.md, or README.md where
// there is no index.md, is its folder's page; links between pages are
// written to the .md files; the other files of docs_dir are copied as
// they are. Heading ids are Python-Markdown's toc slugs: the text
// decomposed to ASCII, characters other than word characters, white
// space and "-" removed, lower-cased, runs of white space and "-" made
// one "-"; a repeated id gets "_1", "_2".
type mkdocs struct{}

var mkdocsExts = map[string]bool{".md": true, ".markdown": true, ".mdown": true, ".mkdn": true, ".mkd": true}

func (m mkdocs) Load(t *Tree, s *Site) error {
	cfg, err := mkdocsConfig(t, s.marker)
	if err != nil {
		cfg = config{}
	}
	if path.Base(s.marker) == zensicalTOML && cfg.get("markdown_extensions") == nil {
		// Zensical then enables extensions of its own choosing, which
		// may write ids (attr_list, toc's options).
		s.Unmodelled("", "Zensical's default markdown_extensions", false, true)
	}
	if hooks, ok := cfg.get("hooks").([]any); ok && len(hooks) > 0 {
		// Python run at each build event: it may add pages, rewrite
		// the Markdown, write ids. A module whose event functions are
		// all in sight and handle no page event (mkdocsEventReach):
		// one that only copies files once the site is built
		// (on_post_build) leaves the pages and ids known.
		for _, h := range hooks {
			name, ok := h.(string)
			if !ok {
				continue
			}
			events, ok := mkdocsHookEvents(t, path.Join(path.Dir(s.marker), name))
			if !ok {
				s.Unmodelled("hooks", name, true, true)
				continue
			}
			files, pages, ids := mkdocsEventReach(events)
			if pages || ids {
				// A page event may rewrite the page's links too
				// (copier's on_page_markdown: mkdocs-symlink-hooks).
				s.Unmodelled("hooks", name, true, true)
				continue
			}
			if files {
				s.UnknownAfterBuild("/", "hook "+name+" writes files after the build")
			}
		}
	}
	dirURLs := cfg.flag("use_directory_urls", true)
	// MkDocs walks docs_dir following symbolic links: a link to a page
	// of another folder is a page of its own, at the link's place.
	s.linkedPages = true
	// "No '.' in the last part of a path indicates path does not point
	// to a file" (MkDocs' link rewriting): such a link stays as written.
	s.extlessByURL = true
	s.Anchors = anchor.HTML
	s.builtDefault = outputDir(cfg.str("site_dir", "site"))
	s.Base(cfg.str("site_url", ""))
	if len(s.bases) == 0 {
		// No site_url (or one read from the environment at build
		// time): where the repository says the build is deployed.
		for _, u := range mkdocsDeployedAt(t, s, cfg) {
			s.Base(u)
		}
	}
	s.slug = mkdocsSlug
	s.dupSep = "_"
	// Other versions or translations are often deployed beside the
	// build at the site's own URL: mike's /latest/, Read the Docs'
	// /en/stable/, a folder per release.
	s.otherVersions = true
	s.language = cfg.str("theme.language", "")
	// MkDocs rewrites a Markdown link that names a file of docs_dir
	// into the URL of that file's page; any other link stays as
	// written: one to a folder, and one in raw HTML. md_in_html does
	// not change that: an HTML block without the markdown attribute
	// stays raw, and inside one an <a> or <img> tag is inline HTML,
	// which Python-Markdown stashes as text (datamodel-code-generator's
	// `<a class="md-button" href="getting-started.md">`, broken in the
	// build).
	s.folderByURL = true
	s.htmlByURL = true
	mdInHTML := false
	emoji := false
	// Python-Markdown reads "{#id}" and "{: #id}" only with attr_list,
	// which MkDocs does not enable by itself (its defaults are toc,
	// tables and fenced_code): without it the block is text, and a
	// heading "Title {#id}" has the id "title-id".
	s.noAttrLists = true
	for _, name := range mkdocsExtensions(cfg) {
		switch name = strings.TrimPrefix(name, "markdown.extensions."); name {
		case "attr_list":
			s.noAttrLists = false
		case "md_in_html", "extra", "pymdownx.extra":
			mdInHTML = true
			if name != "md_in_html" {
				s.noAttrLists = false // extra includes attr_list
			}
		case "pymdownx.emoji":
			emoji = true
		case "pymdownx.magiclink":
			// magiclink makes every bare http, https and ftp URL of the
			// text a link (its RE_LINK; code, raw HTML and links left
			// alone), which the build then has to serve.
			s.linksBareURLs = true
		}
		switch name {
		case "footnotes", "extra", "pymdownx.extra":
			// Python-Markdown's footnotes: "fn:label" for the note,
			// "fnref:label" where it is first cited (SEPARATOR ":").
			s.footnoteSep = ":"
			if sep, ok := mkdocsExtensionOptions(cfg, name)["separator"].(string); ok && name == "footnotes" {
				s.footnoteSep = sep
			}
			if u, ok := mkdocsExtensionOptions(cfg, name)["UNIQUE_IDS"].(bool); ok && u && name == "footnotes" {
				s.footnoteSep = "" // numbered per document: not the model's
			}
		}
	}
	docs, ok := m.dir(t, s, cfg.str("docs_dir", "docs"))
	if !ok {
		s.Unmodelled("", "docs_dir outside the audited tree", true, true)
	}
	customDir := ""
	if dir := cfg.str("theme.custom_dir", ""); dir != "" {
		// The theme's folder holds templates, and files MkDocs copies
		// to the site as they are (images, scripts, styles).
		if d, ok := m.dir(t, s, dir); ok {
			s.templates = append(s.templates, d)
			customDir = d
		} else {
			s.Unmodelled("", "theme.custom_dir outside the audited tree", true, false)
		}
	}
	// pymdownx.tabbed with a slugify function gives each content tab an
	// id made from its title.
	for _, e := range cfg.list("markdown_extensions") {
		if tab, ok := e["pymdownx.tabbed"].(map[string]any); ok && tab["slugify"] != nil {
			s.tabIDs = true
		}
	}
	// Without slugify each tab's radio input has an id from its place
	// ("__tabbed_1_2"), which Material's readers link to.
	s.tabIndexes = !s.tabIDs && slices.Contains(mkdocsExtensions(cfg), "pymdownx.tabbed")
	plugins := mkdocsPlugins(cfg)
	exclude := mkdocsExclude(plugins["exclude"])
	if docsExcluded := mkdocsExcludeDocs(cfg); docsExcluded != nil {
		if plugin := exclude; plugin != nil {
			exclude = func(rel string) bool { return plugin(rel) || docsExcluded(rel) }
		} else {
			exclude = docsExcluded
		}
	}
	hasIndex := map[string]bool{}
	var pages []string
	t.Walk(docs, func(rel string) {
		if exclude != nil && exclude(strings.TrimPrefix(rel, docs+"/")) {
			s.Exclude(rel)
			return
		}
		if !mkdocsExts[strings.ToLower(path.Ext(rel))] {
			return
		}
		pages = append(pages, rel)
		if strings.TrimSuffix(path.Base(rel), path.Ext(rel)) == "index" {
			hasIndex[path.Dir(rel)] = true
		}
	})
	// Material's blog plugin publishes the posts of blog_dir/posts/ by
	// post_url_format ("{date}/{slug}", the date as yyyy/MM/dd); its rss
	// plugin writes the feeds at the top.
	if blog, ok := plugins["blog"]; ok {
		m.blog(t, s, docs, blog)
	}
	if _, ok := plugins["rss"]; ok {
		s.Redirect("/feed_rss_created.xml", "")
		s.Redirect("/feed_rss_updated.xml", "")
	}
	// mike deploys each version of the build in a folder of its own
	// (the other versions are otherVersions' business); its plugin adds
	// the version selector's script and style to the build, and nothing
	// else: no page, no id.
	if llms, ok := plugins[mkdocsLLMsTxt]; ok {
		s.Redirect("/llms.txt", "")
		if full := llms.str("full_output", ""); full != "" {
			s.Redirect("/"+strings.TrimPrefix(path.Clean("/"+full), "/"), "")
		}
	}
	if mike, ok := plugins["mike"]; ok && mike.get("version_selector") != false {
		s.Redirect("/"+strings.Trim(mike.str("css_dir", "css"), "/")+"/version-select.css", "")
		s.Redirect("/"+strings.Trim(mike.str("javascript_dir", "js"), "/")+"/version-select.js", "")
	}
	for _, rel := range pages {
		if _, ok := s.URL(rel); ok {
			continue // a blog post, laid out above
		}
		p := strings.TrimPrefix(rel, docs+"/")
		name := strings.TrimSuffix(path.Base(p), path.Ext(p))
		if name == "README" && hasIndex[path.Dir(rel)] {
			// "Both index.md and README.md found. Skipping README.md":
			// neither a page nor a copied file.
			s.Exclude(rel)
			continue
		}
		s.Page(rel, mkdocsPageURL(p, dirURLs))
		// The page's source is no file of the build: "/a.md" names
		// the page only in a Markdown link, which MkDocs rewrites; as
		// written (raw HTML) it leads nowhere.
		s.markdownName("/" + p)
	}
	navGenerated(t, s, cfg, docs, dirURLs)
	if customDir != "" {
		pageTemplates(t, s, customDir, pages)
		if customDir == docs || strings.HasPrefix(customDir, docs+"/") {
			publishedTemplates(t, s, docs, customDir, exclude)
		}
	}
	// macros and mkdocstrings write ids only where a page calls them
	// ("{{ }}" and "{% %}", a "::: identifier" line): the ids of those
	// pages are unknown, the others' are the model's.
	var pageMarks [][2]string
	for name, opts := range plugins {
		if mark, ok := mkdocsPagePlugins[name]; ok {
			pageMarks = append(pageMarks, [2]string{name, mark})
			if name == "macros" && macrosDelimiters(opts) {
				s.runsBefore(extract.Liquid, "render_macros", opts.flag("render_by_default", true))
			}
			continue
		}
		if name == "gen-files" {
			// Scripts that write only files named in full: those files
			// are pages (or files) of the site, whose ids are the
			// script's; no other.
			if files, ok := mkdocsGenFiles(t, opts); ok {
				for _, f := range files {
					rel := docs + "/" + f
					s.Generated(rel, "plugin gen-files writes it")
					if mkdocsExts[strings.ToLower(path.Ext(f))] {
						u := mkdocsPageURL(f, dirURLs)
						s.UnknownURL(u, "plugin gen-files writes the page")
						s.UnknownIDsOf(rel, "plugin gen-files writes the page")
						continue
					}
					s.UnknownURL("/"+f, "plugin gen-files writes it")
				}
				continue
			}
		}
		if name == "mkdocs-simple-hooks" {
			// Functions named by the MkDocs event that runs them: what
			// each event can change is known (mkdocsEventReach).
			if events, ok := mkdocsSimpleHooks(opts); ok {
				files, pages, ids := mkdocsEventReach(events)
				if files && !pages {
					s.UnknownAfterBuild("/", "plugin mkdocs-simple-hooks writes files after the build")
				}
				if pages || ids {
					s.Unmodelled("plugins", name, pages, ids)
				}
				continue
			}
		}
		if pages, ids := mkdocsPluginReach(name, opts); pages || ids {
			s.Unmodelled("plugins", name, pages, ids)
		}
	}
	if len(pageMarks) > 0 {
		slices.SortFunc(pageMarks, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
		var names []string
		for _, pm := range pageMarks {
			names = append(names, pm[0])
		}
		s.Note("ids of the pages that call %s not checked", strings.Join(names, " or "))
	}
	// One read of every page serves each reading of it below (a page
	// may be up to 1 MiB): the includes the model reads
	// (mkdocs_include.go), the partials, the plugins' calls, md_in_html.
	// For a page, a later reason of unknown ids replaces an earlier one,
	// in this order.
	inc := newMkdocsIncluder(t, cfg, docs, plugins)
	s.includeReaders = mkdocsIncludeReaders(cfg, plugins)
	// A page calling macros whose Jinja the model reads whole is known.
	macrosRead := inc != nil && inc.macros
	marks, bases := mkdocsPartials(cfg)
	if inc != nil || len(marks) > 0 || len(pageMarks) > 0 || mdInHTML {
		for _, rel := range pages {
			src, err := t.Read(rel)
			if err != nil {
				if len(pageMarks) > 0 {
					s.UnknownIDsOf(rel, "plugin "+pageMarks[0][0]+" writes the page")
				}
				continue
			}
			if inc != nil {
				inc.record(s, rel, src)
			}
			markPartials(t, s, rel, src, marks, bases)
			renderPartials(s, rel)
			for _, pm := range pageMarks {
				if pm[0] == "macros" && macrosRead && s.includesKnown[rel] {
					continue
				}
				if mkdocsCalls(src, pm[1]) {
					s.UnknownIDsOf(rel, "plugin "+pm[0]+" writes the page")
					break
				}
			}
			// md_in_html: a heading right below a tag with the markdown
			// attribute is one of MkDocs' headings, with an id, but the
			// audit's CommonMark reading sees the lines up to the next
			// blank one as raw HTML. (Headings in the indented bodies of
			// admonitions, details and content tabs the extractor reads
			// as MkDocs does: extract/blocks.go.)
			if mdInHTML && headingInHTML(src) {
				s.UnknownIDsOf(rel, "md_in_html renders a heading inside an HTML block")
			}
		}
	}
	// toc's slugify option names a function of Python: Python-Markdown's
	// own two and PyMdown's slugs are modelled, any other's ids are not
	// the model's. Its separator (default "-") joins the words.
	for _, e := range cfg.list("markdown_extensions") {
		toc, ok := e["toc"].(map[string]any)
		if !ok {
			continue
		}
		sep, hasSep := toc["separator"].(string)
		if !hasSep {
			sep = "-"
		}
		name, _ := toc["slugify"].(string)
		switch name = strings.TrimPrefix(name, "markdown.extensions."); {
		case toc["slugify"] == nil || name == "toc.slugify":
			if sep != "-" {
				s.slug = func(text string) string { return mkdocsSlugText(asciiFold(text), sep) }
			}
		case name == "toc.slugify_unicode":
			s.slug = func(text string) string { return mkdocsSlugText(text, sep) }
		case sep != "-":
			// PyMdown's slugs make each space the separator and keep
			// "-": the model writes "-" for both.
			s.Unmodelled("", "toc separator", false, true)
		default:
			if slug := pymdownxSlugify(toc["slugify"]); slug != nil {
				s.slug = slug
			} else {
				s.Unmodelled("", "toc slugify", false, true)
			}
		}
	}
	for _, name := range mkdocsExtensions(cfg) {
		if !mkdocsKnownExtension(name) {
			s.Unmodelled("markdown_extensions", name, false, true)
		}
	}
	if emoji {
		// pymdownx.emoji turns ":rocket:" into an image or an SVG,
		// which toc leaves out of the heading's text: "## :rocket:
		// Launch" is "launch".
		slug := s.slug
		s.slug = func(text string) string { return slug(dropShortcodes(text)) }
	}
	if r, ok := plugins["redirects"]; ok {
		// mkdocs-redirects writes a page that sends the reader on with
		// the link's fragment (location.hash): where the target is a
		// page of the tree, the fragment is checked there.
		s.redirectFragments = true
		for old, v := range r.table("redirect_maps") {
			to := ""
			if target, ok := v.(string); ok && !strings.ContainsAny(target, ":#") {
				to, _ = s.URL(s.outer(docs + "/" + strings.TrimPrefix(path.Clean("/"+target), "/")))
			}
			name := strings.TrimSuffix(old, path.Ext(old))
			if strings.HasSuffix(name, "index") || !dirURLs {
				s.Redirect("/"+name+".html", to)
			}
			s.Redirect("/"+strings.TrimSuffix(name, "index")+"/", to)
		}
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
}

// dir returns a folder the configuration names (docs_dir,
// theme.custom_dir), a slash path from the site's folder (the folder of
// mkdocs.yml, which MkDocs reads them from), and serves it at "/". A
// folder beside the site's ("../../docs", a configuration kept in hack/)
// is read there when it stays inside the audited root; one that leaves
// it publishes what the audit cannot see: ok is false.
func (mkdocs) dir(t *Tree, s *Site, name string) (dir string, ok bool) {
	clean := path.Clean(name)
	if clean != ".." && !strings.HasPrefix(clean, "../") {
		dir = folder(name)
		s.Mount("/", dir)
		return dir, true
	}
	dir, bad := docusaurusDir(t, clean)
	if bad || dir == "" {
		return "", false
	}
	out := path.Clean(s.dir + "/" + dir)
	if !slices.Contains(s.outside, out) {
		s.outside = append(s.outside, out)
	}
	// Mount would take the ".." off: the folder is beside the site's.
	s.mounts = append(s.mounts, mount{url: "/", dir: dir})
	return dir, true
}

// mkdocsConfig reads the configuration rel with what it inherits: a
// configuration names its parent with INHERIT (a path from its own
// folder), and MkDocs merges the two as mergedeep does, maps key by key,
// the child's value over the parent's for anything else: a list of
// plugins or markdown_extensions replaces the parent's, a map of them
// adds to the parent's map (mkdocs.org: "user-guide/configuration",
// Configuration Inheritance). Both lists may be written as maps of name
// to options: they are returned as lists.
func mkdocsConfig(t *Tree, rel string) (config, error) {
	var cfg config
	if path.Base(rel) == zensicalTOML {
		c, err := readConfig(t, rel)
		if err != nil {
			return nil, err
		}
		project, ok := c["project"].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: no [project] table", rel)
		}
		cfg = config(project)
		if m, ok := cfg["markdown_extensions"].(map[string]any); ok {
			cfg["markdown_extensions"] = zensicalModules(m)
		}
	} else {
		var err error
		if cfg, err = mkdocsInherit(t, rel, 0); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"plugins", "markdown_extensions"} {
		if m, ok := cfg[k].(map[string]any); ok {
			names := make([]string, 0, len(m))
			for name := range m {
				names = append(names, name)
			}
			slices.Sort(names)
			list := make([]any, 0, len(m))
			for _, name := range names {
				list = append(list, map[string]any{name: m[name]})
			}
			cfg[k] = list
		}
	}
	return cfg, nil
}

// zensicalTOML is Zensical's own configuration: MkDocs' keys, in TOML,
// under [project].
const zensicalTOML = "zensical.toml"

// zensicalModules returns the Markdown extensions of zensical.toml
// keyed by their full names: TOML reads the dots of
// [project.markdown_extensions.pymdownx.highlight] as tables, so a
// table whose every value is a table is a module's name space
// ("pymdownx": {"highlight": {...}}), not an extension's options.
func zensicalModules(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	var walk func(prefix string, m map[string]any, depth int)
	walk = func(prefix string, m map[string]any, depth int) {
		for k, v := range m {
			name := k
			if prefix != "" {
				name = prefix + "." + k
			}
			sub, ok := v.(map[string]any)
			if ok && len(sub) > 0 && depth < 4 && allTables(sub) {
				walk(name, sub, depth+1)
				continue
			}
			out[name] = v
		}
	}
	walk("", m, 0)
	return out
}

// allTables reports whether every value of m is a table.
func allTables(m map[string]any) bool {
	for _, v := range m {
		if _, ok := v.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// mkdocsInherit reads rel and, merged under it, what it inherits, up to
// four levels.
func mkdocsInherit(t *Tree, rel string, depth int) (config, error) {
	cfg, err := readConfig(t, rel)
	if err != nil {
		return nil, err
	}
	parent := cfg["INHERIT"]
	if l, ok := parent.([]any); ok && len(l) > 0 {
		parent = l[len(l)-1] // !ENV [VARIABLE, default]: the default
	}
	name, _ := parent.(string)
	if name == "" || depth >= 4 {
		return cfg, nil
	}
	base, err := mkdocsInherit(t, path.Join(path.Dir(rel), name), depth+1)
	if err != nil {
		return cfg, nil // MkDocs fails the build; the child is what there is
	}
	return config(mergeMaps(base, cfg)), nil
}

// mergeMaps returns parent with child's keys over it, maps merged key by
// key.
func mergeMaps(parent, child map[string]any) map[string]any {
	out := make(map[string]any, len(parent)+len(child))
	for k, v := range parent {
		out[k] = v
	}
	for k, v := range child {
		if pm, ok := out[k].(map[string]any); ok {
			if cm, ok := v.(map[string]any); ok {
				out[k] = mergeMaps(pm, cm)
				continue
			}
		}
		out[k] = v
	}
	return out
}

// mkdocsExcludeDocs returns whether MkDocs (1.5 and later) leaves the
// file rel of docs_dir (a slash path from it) out of the site, by the
// configuration's exclude_docs, and, with draft_docs (1.6), out of the
// build (a draft is served by "mkdocs serve" only): both are written as
// a .gitignore is, from the top of docs_dir (mkdocs.org:
// "user-guide/configuration", exclude_docs, draft_docs). nil when
// neither is set. An excluded file is no page: a link to it leads
// nowhere, and its own links are read as the forge shows them.
func mkdocsExcludeDocs(cfg config) func(rel string) bool {
	var pats []gitignore.Pattern
	for _, key := range []string{"exclude_docs", "draft_docs"} {
		text, ok := cfg.get(key).(string)
		if !ok {
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimRight(line, " \t\r")
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			pats = append(pats, gitignore.ParsePattern(line, nil))
		}
	}
	if len(pats) == 0 {
		return nil
	}
	m := gitignore.NewMatcher(pats)
	return func(rel string) bool { return m.Match(strings.Split(rel, "/"), false) }
}

// mkdocsExclude returns what the exclude plugin (mkdocs-exclude) leaves
// out of the site: the files, by their path from docs_dir, that one of
// its glob patterns matches as Python's fnmatch does ("*" matches "/"
// too) or one of its regex patterns matches from the start; nil when
// nothing is excluded. A pattern Go's regexp cannot read excludes
// nothing.
func mkdocsExclude(c config) func(rel string) bool {
	var res []*regexp.Regexp
	for _, key := range []string{"glob", "regex"} {
		var list []any
		switch v := c.get(key).(type) {
		case []any:
			list = v
		case string:
			list = []any{v}
		}
		for _, e := range list {
			pat, ok := e.(string)
			if !ok || pat == "" {
				continue
			}
			expr := "^(?:" + pat + ")"
			if key == "glob" {
				expr = fnmatchRegexp(pat)
			}
			if re, err := regexp.Compile(expr); err == nil {
				res = append(res, re)
			}
		}
	}
	if len(res) == 0 {
		return nil
	}
	return func(rel string) bool {
		for _, re := range res {
			if re.MatchString(rel) {
				return true
			}
		}
		return false
	}
}

// fnmatchRegexp translates a pattern of Python's fnmatch into a regular
// expression of the whole string: "*" is any run of characters, "?" one,
// "[...]" a class ("[!...]" its complement), anything else itself.
func fnmatchRegexp(pat string) string {
	rs := []rune(pat)
	var b strings.Builder
	b.WriteString("^(?s:")
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := i + 1
			if j < len(rs) && rs[j] == '!' {
				j++
			}
			if j < len(rs) && rs[j] == ']' {
				j++
			}
			for j < len(rs) && rs[j] != ']' {
				j++
			}
			if j >= len(rs) {
				b.WriteString(`\[`) // no closing "]": a "[" itself
				continue
			}
			class := strings.ReplaceAll(string(rs[i+1:j]), `\`, `\\`)
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			} else if strings.HasPrefix(class, "^") {
				class = `\` + class
			}
			b.WriteString("[" + class + "]")
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(")$")
	return b.String()
}

// mkdocsPlugins returns the plugins of the configuration by name, with
// their options: an entry is a name, or a map of one name to options.
func mkdocsPlugins(cfg config) map[string]config {
	out := map[string]config{}
	list, _ := cfg.get("plugins").([]any)
	for _, e := range list {
		switch v := e.(type) {
		case string:
			out[v] = config{}
		case map[string]any:
			for name, opts := range v {
				c, _ := opts.(map[string]any)
				out[name] = config(c)
			}
		}
	}
	return out
}

// blog lays out the posts of Material for MkDocs' blog plugin.
func (mkdocs) blog(t *Tree, s *Site, docs string, c config) {
	dir := strings.Trim(c.str("blog_dir", "blog"), "/")
	format := c.str("post_url_format", "{date}/{slug}")
	t.Walk(docs+"/"+dir+"/posts", func(rel string) {
		if !mkdocsExts[strings.ToLower(path.Ext(rel))] {
			return
		}
		src, _ := t.head(rel)
		fm := readFrontMatter(src)
		slug := fm.Slug
		if slug == "" {
			slug = mkdocsSlug(firstHeading(src))
		}
		date := postDate(fm.Date)
		if slug == "" || strings.Contains(format, "{date}") && date == "" {
			return // not laid out: its URL is not known here
		}
		file := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		u := strings.NewReplacer("{slug}", slug, "{date}", date, "{file}", file, "{categories}", "").Replace(format)
		s.Page(rel, "/"+dir+"/"+strings.Trim(path.Clean("/"+u), "/")+"/")
	})
}

// postDate returns the date of a post's front matter as yyyy/MM/dd: a
// date, or the "created" entry of a map of dates.
func postDate(v any) string {
	if m, ok := v.(map[string]any); ok {
		v = m["created"]
	}
	var d string
	switch x := v.(type) {
	case string:
		d = x
	case interface{ Format(string) string }:
		d = x.Format("2006-01-02")
	}
	if len(d) < 10 || d[4] != '-' || d[7] != '-' {
		return ""
	}
	return d[:4] + "/" + d[5:7] + "/" + d[8:10]
}

// firstHeading returns the text of the first ATX heading of level one.
func firstHeading(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			return strings.TrimSpace(t)
		}
	}
	return ""
}

// pymdownxSlugify returns the slug function that toc's slugify option
// names, when it is one of PyMdown Extensions' (pymdownx.slugs): the
// configurable slugify ("!!python/object/apply:pymdownx.slugs.slugify"
// with kwds: case) and the older names it replaces (uslugify: case
// lower; uslugify_cased: none; gfm: lower-ascii). Percent-encoded ids
// and other normal forms than NFC are not modelled: nil.
func pymdownxSlugify(v any) func(string) string {
	name, _ := v.(string)
	kwds := map[string]any{}
	if m, ok := v.(map[string]any); ok {
		name, _ = m[applyKey].(string)
		if k, ok := m["kwds"].(map[string]any); ok {
			kwds = k
		}
	}
	var mode string
	switch strings.TrimPrefix(name, "pymdownx.slugs.") {
	case "slugify":
		mode = "none"
		if c, ok := kwds["case"].(string); ok {
			mode = c
		}
		if p, ok := kwds["percent_encode"]; ok && p != false && p != "false" && p != "False" {
			return nil
		}
		if n, ok := kwds["normalize"].(string); ok && n != "NFC" {
			return nil
		}
	case "uslugify":
		mode = "lower"
	case "uslugify_cased":
		mode = "none"
	case "gfm":
		mode = "lower-ascii"
	default:
		return nil
	}
	switch mode {
	case "none", "lower", "lower-ascii", "fold":
	default:
		return nil
	}
	return func(text string) string { return pymdownxSlug(text, mode) }
}

// pymdownxSlug is pymdownx.slugs' slugify: the text in NFC, HTML tags
// removed, trimmed, its case changed as mode says, characters other
// than word characters, "-" and " " removed, each space made "-" (runs
// are kept: "a - b" is "a---b").
func pymdownxSlug(text, mode string) string {
	text = strings.TrimSpace(htmlTag.ReplaceAllString(norm.NFC.String(text), ""))
	switch mode {
	case "lower", "fold":
		text = strings.ToLower(text)
	case "lower-ascii":
		text = strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, text)
	}
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// htmlTag is pymdownx.slugs' RE_TAGS.
var htmlTag = regexp.MustCompile(`</?[^>]*>`)

// mkdocsSlug is Python-Markdown's default toc slugify.
func mkdocsSlug(text string) string { return mkdocsSlugText(asciiFold(text), "-") }

// mkdocsSlugText is Python-Markdown's slugify_unicode: mkdocsSlug
// without the folding to ASCII ("über-größe"). Both drop what is not a
// word character, a space or "-", and make each run of spaces and of the
// separator's characters the separator (toc's separator option, "-" by
// default; another keeps "-": "a - b" is "a_-_b" with "_").
func mkdocsSlugText(text, sep string) string {
	var b strings.Builder
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || unicode.IsSpace(r) {
			b.WriteRune(r)
		}
	}
	s := strings.ToLower(strings.TrimSpace(b.String()))
	b.Reset()
	run := false
	for _, r := range s {
		if unicode.IsSpace(r) || strings.ContainsRune(sep, r) {
			run = true
			continue
		}
		if run {
			b.WriteString(sep)
			run = false
		}
		b.WriteRune(r)
	}
	if run {
		b.WriteString(sep)
	}
	return b.String()
}

// mkdocsPlainPlugins are the plugins that publish no page and write no
// id the model does not know: search, the plugins modelled above, and
// those that change only the navigation, the look or the files' bytes.
var mkdocsPlainPlugins = map[string]bool{
	"search": true, "blog": true, "rss": true, "redirects": true, "tags": true, "offline": true,
	"minify": true, "minify_html": true, "git-revision-date-localized": true, "git-revision-date": true,
	"git-authors": true, "git-committers": true, "social": true, "privacy": true, "optimize": true,
	"glightbox": true, "awesome-pages": true, "awesome-nav": true, "literate-nav": true, "section-index": true,
	"exclude": true, "exclude-search": true, "meta": true, "info": true, "group": true, "typeset": true,
	"material/search": true, "material/tags": true, "material/social": true, "material/offline": true,
	"material/privacy": true, "material/optimize": true, "material/meta": true, "material/info": true,
	"material/group": true, "material/typeset": true, "material/blog": true, "material/rss": true,
	"autorefs": true, "table-reader": true, "mermaid2": true,
	"termynal": true, "open-in-new-tab": true, "callouts": true, "badges": true, "drawio": true,
	"gh-admonitions": true, "same-dir": true, "mike": true,
	// mkdocs-version-annotations: "+++ 1.0" lines become admonitions,
	// which have no id.
	"mkdocs-version-annotations": true,
}

// mkdocsSimpleHooks returns the MkDocs events that mkdocs-simple-hooks'
// hooks option names ("on_post_build": "docs.hooks:copy_get"), a map of
// event to function or, in its first versions, a list of one-entry maps;
// ok is false for anything else.
func mkdocsSimpleHooks(opts config) (events []string, ok bool) {
	switch v := opts["hooks"].(type) {
	case map[string]any:
		for e := range v {
			events = append(events, e)
		}
	case []any:
		for _, item := range v {
			m, isMap := item.(map[string]any)
			if !isMap {
				return nil, false
			}
			for e := range m {
				events = append(events, e)
			}
		}
	default:
		return nil, false
	}
	return events, len(events) > 0
}

// mkdocsEventReach says what Python run at the MkDocs build events named
// (MkDocs' "Events" reference) may change that the model does not know:
// files the model has no name for, which it writes into site_dir once the
// build is over (on_post_build, the static templates' events: no page of
// docs_dir comes from them, and a Markdown link has been resolved against
// docs_dir's files before); pages (on_config, on_pre_build and on_files
// can add or move documentation files; on_nav and on_env too, to be
// safe); ids (the page events, which see each page's Markdown or HTML).
// An event it does not know may do anything.
func mkdocsEventReach(events []string) (files, pages, ids bool) {
	for _, e := range events {
		switch e {
		case "on_startup", "on_shutdown", "on_serve", "on_build_error":
		case "on_post_build", "on_pre_template", "on_template_context", "on_post_template":
			files = true
		case "on_pre_page", "on_page_read_source", "on_page_markdown", "on_page_content", "on_page_context", "on_post_page":
			ids = true
		default:
			pages, ids = true, true
		}
	}
	return files, pages, ids
}

// mkdocsHookEvents returns the MkDocs events that the hooks module rel
// (a slash path from the site's folder) handles: its functions named
// for an event at the margin ("def on_post_build(config, **kwargs):",
// "async def", an "on_x = f" assignment). ok is false where a handler
// may come from elsewhere (an import naming "on_"), or the file cannot
// be read.
func mkdocsHookEvents(t *Tree, rel string) (events []string, ok bool) {
	src, err := t.Read(rel)
	if err != nil || len(src) > 1<<20 {
		return nil, false
	}
	return hookEvents(src)
}

// hookEvents is mkdocsHookEvents for the module's text src.
func hookEvents(src []byte) (events []string, ok bool) {
	for len(src) > 0 {
		line := src
		if k := bytes.IndexByte(src, '\n'); k >= 0 {
			line, src = src[:k], src[k+1:]
		} else {
			src = nil
		}
		if (bytes.HasPrefix(line, []byte("import ")) || bytes.HasPrefix(line, []byte("from "))) && bytes.Contains(line, []byte("on_")) {
			return nil, false
		}
		rest, isDef := bytes.CutPrefix(bytes.TrimPrefix(line, []byte("async ")), []byte("def "))
		if !isDef {
			rest = line
		}
		if !bytes.HasPrefix(rest, []byte("on_")) {
			continue
		}
		end := bytes.IndexFunc(rest, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z') })
		if end < 0 {
			continue
		}
		after := bytes.TrimLeft(rest[end:], " \t")
		if isDef && len(after) > 0 && after[0] == '(' || !isDef && len(after) > 0 && after[0] == '=' && !bytes.HasPrefix(after, []byte("==")) {
			events = append(events, string(rest[:end]))
		}
	}
	return events, true
}

// mkdocsLLMsTxt is mkdocs-llmstxt: it writes /llms.txt and, named by
// full_output, the whole documentation in one Markdown file; no page, no
// id.
const mkdocsLLMsTxt = "llmstxt"

// mkdocsIDPlugins write ids into the pages but publish none of their
// own: an anchor on a page is unknown, a page is not.
var mkdocsIDPlugins = map[string]bool{
	"enumerate-headings": true,
	"neoteroi.mkdocsoad": true, "swagger-ui-tag": true, "render_swagger": true,
}

// mkdocsPagePlugins write ids only into the pages that call them, by
// what a call begins with: macros' Jinja, mkdocstrings' "::: " lines.
var mkdocsPagePlugins = map[string]string{"macros": "{", "mkdocstrings": ":::"}

// macrosDelimiters reports whether the macros plugin's options keep
// Jinja's delimiters, "{{ }}" and "{% %}".
func macrosDelimiters(opts config) bool {
	for _, k := range []string{"j2_block_start_string", "j2_block_end_string", "j2_variable_start_string", "j2_variable_end_string"} {
		if opts.str(k, "") != "" {
			return false
		}
	}
	return true
}

// mkdocsCalls reports whether the page src calls a plugin by mark:
// "{" as "{{" or "{%", ":::" at the start of a line.
func mkdocsCalls(src []byte, mark string) bool {
	if mark == "{" {
		return bytes.Contains(src, []byte("{{")) || bytes.Contains(src, []byte("{%"))
	}
	return bytes.HasPrefix(src, []byte(mark)) || bytes.Contains(src, []byte("\n"+mark))
}

// mkdocsPluginReach says what a plugin may publish that the model does
// not know: pages, ids, or both (any plugin not listed: it may do
// anything).
func mkdocsPluginReach(name string, opts config) (pages, ids bool) {
	switch {
	case mkdocsPlainPlugins[name] || name == mkdocsLLMsTxt:
		return false, false
	case name == "include-markdown":
		// Its {% include %} and {% include-markdown %} tags are seen
		// page by page: only the including pages' ids are unknown
		// (the audit's idWriters), unless other tags are configured.
		return false, len(opts) > 0 && (opts["opening_tag"] != nil || opts["closing_tag"] != nil || opts["directives"] != nil)
	case mkdocsIDPlugins[name]:
		return false, true
	case quietPlugin(name):
		return false, false
	}
	return true, true
}

// mkdocsExtensions returns the names of the configuration's Markdown
// extensions: an entry is a name, or a map of one name to options.
func mkdocsExtensions(cfg config) []string {
	var out []string
	list, _ := cfg.get("markdown_extensions").([]any)
	for _, e := range list {
		switch v := e.(type) {
		case string:
			out = append(out, v)
		case map[string]any:
			for name := range v {
				out = append(out, name)
			}
		}
	}
	return out
}

// LinksBareURLs reports whether the site's Markdown renderer makes a bare
// http URL of its pages a link (MkDocs with pymdownx.magiclink), as a
// forge does: one to the site's own URL is then checked as a page of it.
func (s *Site) LinksBareURLs() bool { return s != nil && s.linksBareURLs }

// mkdocsKnownExtension reports whether a Markdown extension writes no id
// the model does not make: those of Python-Markdown and PyMdown
// Extensions that only style text, and toc, attr_list and
// pymdownx.tabbed, whose ids are modelled. A page that includes files
// (snippets' "--8<--", markdown-include's and mdx_include's "{!file!}")
// has ids its source does not show: the audit leaves that page's
// anchors unverifiable (its idWriters), not every page's.
func mkdocsKnownExtension(name string) bool {
	name = strings.TrimPrefix(name, "markdown.extensions.")
	if rest, ok := strings.CutPrefix(name, "pymdownx."); ok {
		switch rest {
		case "arithmatex", "betterem", "caret", "critic", "details", "emoji", "escapeall", "extra",
			"highlight", "inlinehilite", "keys", "magiclink", "mark", "progressbar", "saneheaders",
			"smartsymbols", "snippets", "striphtml", "superfences", "tabbed", "tasklist", "tilde",
			"blocks.admonition", "blocks.details", "blocks.tab", "blocks.html", "blocks.caption", "fancylists", "quotes":
			return true
		}
		return false
	}
	switch name {
	case "toc", "tables", "fenced_code", "codehilite", "admonition", "attr_list", "def_list",
		"footnotes", "md_in_html", "meta", "abbr", "sane_lists", "smarty", "nl2br", "extra",
		"legacy_attrs", "legacy_em", "wikilinks", "material.extensions.emoji", "zensical.extensions.emoji",
		"mdx_truly_sane_lists", "markdown_checklist.extension", "mdx_breakless_lists", "github-callouts",
		"markdown_include.include", "mdx_include":
		return true
	}
	return false
}

// mkdocsIncludes are the Markdown extensions that include a file into a
// page, with the mark that begins an include.
var mkdocsIncludes = map[string]string{
	"pymdownx.snippets":        "--8<--",
	"markdown_include.include": "{!",
	"mdx_include":              "{!",
}

// mkdocsPartials marks the Markdown files outside the served folders that
// a page includes (snippets' `--8<-- "file"`, markdown-include's and
// mdx_include's `{!file!}`) as partials: MkDocs renders them inside the
// including page, so their relative links are written for that page's
// URL, not for the file's own place (a fragment kept beside example code,
// docs_src/x/annotations/a.md, links "../tutorial.md"). Read on their own
// they would be broken; the audit checks them where they are rendered
// (a page's anchors are already unverifiable where it includes). A file
// of the served folders is a page and stays checked as one.
//
// mkdocsPartials returns the marks and base paths of those extensions;
// markPartials reads one page (read once with the includes of
// mkdocs_include.go).
func mkdocsPartials(cfg config) (marks, bases []string) {
	bases = []string{"."}
	for _, name := range mkdocsExtensions(cfg) {
		mark, ok := mkdocsIncludes[strings.TrimPrefix(name, "markdown.extensions.")]
		if !ok {
			continue
		}
		if !slices.Contains(marks, mark) {
			marks = append(marks, mark)
		}
		switch b := mkdocsExtensionOptions(cfg, name)["base_path"].(type) {
		case string:
			bases = append(bases, b)
		case []any:
			for _, e := range b {
				if str, ok := e.(string); ok {
					bases = append(bases, str)
				}
			}
		}
	}
	return marks, bases
}

// markPartials marks the partials the page rel (source src) includes.
func markPartials(t *Tree, s *Site, rel string, src []byte, marks, bases []string) {
	for _, mark := range marks {
		for _, name := range includedFiles(src, mark) {
			// Each extension reads a name from its base paths (the
			// folder of mkdocs.yml by default), snippets also from
			// the page's folder when so configured: any of them.
			for _, base := range append(bases, path.Dir(rel)) {
				p := path.Join(base, name)
				if strings.HasPrefix(p, "../") || p == ".." || path.IsAbs(p) || path.Ext(p) != ".md" && path.Ext(p) != ".markdown" {
					continue
				}
				// The tree is the site's: p is read from its folder.
				if _, isPage := s.URL(s.outer(p)); isPage || !t.Exists(p) {
					continue
				}
				if s.partials == nil {
					s.partials = map[string]bool{}
				}
				s.partials[p] = true
			}
		}
	}
}

// renderPartials records the partials (files outside the served
// folders) that the page rel includes whole as rendered inside it:
// their text is the page's Markdown, whose links MkDocs resolves from
// the page's file and the reader follows from its URL, so each link of
// the partial is checked as the page's (IncludedIn), against the build
// when there is one. A partial included in part (a line range, a
// section) is not: its other lines are on no page.
func renderPartials(s *Site, rel string) {
	if !s.includesKnown[rel] {
		return
	}
	page := s.outer(rel)
	for _, f := range s.imports[rel] {
		if !s.partials[f] {
			continue
		}
		if s.rendered == nil {
			s.rendered = map[string][]Rendering{}
		}
		if !slices.ContainsFunc(s.rendered[f], func(r Rendering) bool { return r.Page == page }) {
			s.rendered[f] = append(s.rendered[f], Rendering{Page: page, From: 1, To: math.MaxInt32})
		}
	}
}

// pageTemplates records the templates of the theme's custom_dir that
// pages name in their front matter (`template: home.html`, Material's
// landing pages) as rendered on those pages: MkDocs renders the page
// with that template, whose links it writes as they are, for the
// browser to resolve from the page's URL. Their links are checked as
// the page's (IncludedIn); those Jinja writes ("{{ 'setup/' | url }}")
// are left out. A template no page names (main.html, which every page
// extends, and its blocks) is not read: where its relative links land
// depends on the page.
func pageTemplates(t *Tree, s *Site, dir string, pages []string) {
	for _, rel := range pages {
		if _, ok := s.URL(rel); !ok {
			continue
		}
		src, err := t.head(rel)
		if err != nil || !bytes.HasPrefix(src, []byte("---")) {
			continue
		}
		name, ok := readFrontMatter(src).Template.(string)
		if !ok || name == "" || strings.HasPrefix(name, "/") {
			continue
		}
		tmpl := path.Join(dir, name)
		if !strings.HasPrefix(tmpl, dir+"/") || !t.Exists(tmpl) {
			continue
		}
		if s.rendered == nil {
			s.rendered = map[string][]Rendering{}
		}
		page := s.outer(rel)
		if !slices.ContainsFunc(s.rendered[tmpl], func(r Rendering) bool { return r.Page == page }) {
			s.rendered[tmpl] = append(s.rendered[tmpl], Rendering{Page: page, From: 1, To: math.MaxInt32})
		}
	}
}

// navGenerated records the Markdown files that nav names and the tree
// lacks as written by a build step before MkDocs runs (k0s' `make docs`
// writes docs/cli/, whose README.md nav names): MkDocs would warn and
// build without them, so a project that names them builds them first. A
// link to such a file, or into such a folder when the tree has no
// folder of that name, is unverifiable.
func navGenerated(t *Tree, s *Site, cfg config, docs string, dirURLs bool) {
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 16 {
			return
		}
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e, depth+1)
			}
		case map[string]any:
			for _, e := range v {
				walk(e, depth+1)
			}
		case string:
			if !mkdocsExts[strings.ToLower(path.Ext(v))] || strings.Contains(v, "://") || strings.HasPrefix(v, "/") {
				return
			}
			p := path.Clean(v)
			if p == ".." || strings.HasPrefix(p, "../") || t.Exists(docs+"/"+p) {
				return
			}
			why := "nav names " + v + ", which a build step writes"
			s.Generated(docs+"/"+p, why)
			s.UnknownURL(mkdocsPageURL(p, dirURLs), why)
			if d := path.Dir(p); d != "." && !t.Exists(docs+"/"+d) {
				// The whole folder is the build step's.
				s.Generated(docs+"/"+d+"/", why)
				s.UnknownSpace("/"+d, why)
			}
		}
	}
	walk(cfg.get("nav"), 0)
}

// publishedTemplates records the HTML files of a theme.custom_dir kept
// inside docs_dir (`custom_dir: docs/overrides`) as files the build
// copies as they are: MkDocs copies every file of docs_dir that is no
// page (but for "." names, a top "templates/" folder and what
// exclude_docs or the exclude plugin leave out), so the template is
// published at its own URL (/overrides/home.html) besides being the
// theme's, and its relative links lead where the browser resolves them
// from there (CopiedAsIs, PublishedTemplate).
func publishedTemplates(t *Tree, s *Site, docs, customDir string, exclude func(string) bool) {
	t.Walk(customDir, func(rel string) {
		in := strings.TrimPrefix(rel, docs+"/")
		if in == "templates" || strings.HasPrefix(in, "templates/") || exclude != nil && exclude(in) {
			return
		}
		if ext := strings.ToLower(path.Ext(rel)); ext != ".html" && ext != ".htm" {
			return
		}
		if s.verbatim == nil {
			s.verbatim = map[string]bool{}
		}
		s.verbatim[rel] = true
	})
}

// headingInHTML reports whether src has an ATX heading in the lines of
// an HTML block that a tag with the markdown attribute opens
// (`<div markdown>`, `markdown="1"`, `markdown="block"`): CommonMark ends
// such a block at a blank line only, so the heading is read as HTML.
func headingInHTML(src []byte) bool {
	if !bytes.Contains(src, []byte("markdown")) {
		return false
	}
	in := false
	for len(src) > 0 {
		line := src
		if nl := bytes.IndexByte(src, '\n'); nl >= 0 {
			line, src = src[:nl], src[nl+1:]
		} else {
			src = nil
		}
		trimmed := bytes.TrimSpace(line)
		switch {
		case len(trimmed) == 0:
			in = false
		case in && trimmed[0] == '#':
			return true
		case trimmed[0] == '<' && markdownAttr(trimmed):
			in = true
		}
	}
	return false
}

// markdownAttr reports whether the tag that begins line has the
// attribute markdown.
func markdownAttr(line []byte) bool {
	end := bytes.IndexByte(line, '>')
	if end < 0 {
		end = len(line)
	}
	tag := line[:end]
	for from := 1; from < len(tag); {
		i := bytes.Index(tag[from:], []byte("markdown"))
		if i < 0 {
			return false
		}
		i += from
		after := i + len("markdown")
		if c := tag[i-1]; c == ' ' || c == '\t' {
			if after == len(tag) || tag[after] == '=' || tag[after] == ' ' || tag[after] == '/' || tag[after] == '\t' {
				return true
			}
		}
		from = after
	}
	return false
}

// dropShortcodes returns text without its emoji shortcodes (":rocket:",
// ":+1:", ":white_check_mark:": letters, digits, "_", "+" and "-" between
// colons, a letter among them), as pymdownx.emoji's pattern finds them;
// the few of its index that are digits alone (":100:") stay.
func dropShortcodes(text string) string {
	if strings.Count(text, ":") < 2 {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] == ':' {
			j := i + 1
			for j < len(text) && (text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9' || text[j] == '_' || text[j] == '+' || text[j] == '-') {
				j++
			}
			// A letter at least: "10:30:45" is a time, no shortcode.
			if j > i+1 && j < len(text) && text[j] == ':' && strings.IndexFunc(text[i+1:j], unicode.IsLetter) >= 0 {
				i = j
				continue
			}
		}
		b.WriteByte(text[i])
	}
	return b.String()
}

// includedFiles returns the file names the include lines of src name
// after mark: `--8<-- "name"` (a ":1:3" line range or a trailing
// option cut off), `{!name!}` (a "[ln:1-3]" range cut off).
func includedFiles(src []byte, mark string) []string {
	var out []string
	for len(src) > 0 {
		i := bytes.Index(src, []byte(mark))
		if i < 0 {
			break
		}
		src = src[i+len(mark):]
		var name string
		if mark == "{!" {
			end := bytes.Index(src, []byte("!}"))
			nl := bytes.IndexByte(src, '\n')
			if end < 0 || nl >= 0 && nl < end {
				continue
			}
			name = strings.TrimSpace(string(src[:end]))
			if j := strings.IndexByte(name, '['); j >= 0 {
				name = name[:j]
			}
		} else {
			line := src
			if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
				line = line[:nl]
			}
			line = bytes.TrimSpace(line)
			if len(line) < 2 || line[0] != '"' && line[0] != '\'' {
				continue
			}
			end := bytes.IndexByte(line[1:], line[0])
			if end < 0 {
				continue
			}
			name = string(line[1 : 1+end])
			if j := strings.IndexByte(name, ':'); j >= 0 {
				name = name[:j]
			}
		}
		if name != "" && !strings.Contains(name, "://") {
			out = append(out, name)
		}
	}
	return out
}

// mkdocsExtensionOptions returns the options of the Markdown extension
// name, written in a list of names and maps or in a map.
func mkdocsExtensionOptions(cfg config, name string) config {
	switch v := cfg.get("markdown_extensions").(type) {
	case []any:
		for _, e := range v {
			if m, ok := e.(map[string]any); ok {
				if o, ok := m[name].(map[string]any); ok {
					return o
				}
			}
		}
	case map[string]any:
		if o, ok := v[name].(map[string]any); ok {
			return o
		}
	}
	return nil
}

// mkdocsDeployedAt returns where a site without a usable site_url is
// deployed, as the repository says it, in order: the domain of a CNAME
// file (MkDocs' user guide, "Deploying your docs": gh-deploy publishes
// docs_dir/CNAME, the custom domain of GitHub Pages; also one beside
// mkdocs.yml, or at the repository's top unless the top is itself a
// site GitHub Pages serves: _config.yml, index.html); the Read the Docs
// project of the repository's name, where .readthedocs.yaml builds
// MkDocs or site_url is READTHEDOCS_CANONICAL_URL; the Documentation
// URL of pyproject.toml's [project.urls]; and GitHub Pages' own URL of
// the repository (https://OWNER.github.io/NAME/), where gh-deploy
// publishes by default; the last two for a configuration at the
// repository's top only.
func mkdocsDeployedAt(t *Tree, s *Site, cfg config) []string {
	top := strings.Repeat("../", t.Up)
	docs := folder(cfg.str("docs_dir", "docs"))
	cnames := []string{path.Join(docs, "CNAME"), "CNAME"}
	if t.Up > 0 && !t.Exists(top+"_config.yml") && !t.Exists(top+"index.html") {
		cnames = append(cnames, top+"CNAME")
	}
	// A configuration below a test or example folder is a fixture of
	// the repository's code, not its documentation: only a CNAME of its
	// own names where it is deployed.
	fixture := fixtureFolder(s.dir)
	if fixture {
		cnames = cnames[:2]
	}
	if u := cnameURL(t, cnames...); u != "" {
		return []string{u}
	}
	if s.Repo == nil || fixture {
		return nil
	}
	name := path.Base(s.Repo.Path)
	rtd := strings.Contains(cfg.str("site_url", ""), "READTHEDOCS")
	for _, f := range []string{".readthedocs.yaml", ".readthedocs.yml"} {
		// Read the Docs builds the configuration its file names, the
		// top's mkdocs.yml by default.
		if c, err := readConfig(t, top+f); err == nil && c.get("mkdocs") != nil &&
			path.Clean(c.str("mkdocs.configuration", "mkdocs.yml")) == path.Join(s.dir, s.marker) {
			rtd = true
		}
	}
	if rtd && name != "" && name != "." {
		slug := strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(name))
		return []string{"https://" + slug + ".readthedocs.io/"}
	}
	if s.dir != "" {
		// A configuration below the top is one site of the
		// repository's, maybe beside others: which the repository's
		// own URLs name is not known.
		return nil
	}
	for _, f := range []string{"pyproject.toml"} {
		if c, err := readConfig(t, f); err == nil {
			if u := c.str("project.urls.Documentation", ""); strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
				return []string{u}
			}
		}
	}
	if u, _ := githubPagesURL(s.Repo); u != "" {
		return []string{u}
	}
	return nil
}

// mkdocsPageURL returns the URL path of the page of the Markdown file p
// (a slash path from docs_dir): index.md and README.md are their
// folder's page; with use_directory_urls a.md is at a/, else a.html.
func mkdocsPageURL(p string, dirURLs bool) string {
	d, base := path.Split(p)
	name := strings.TrimSuffix(base, path.Ext(base))
	switch {
	case name == "index" || name == "README":
		return "/" + d
	case dirURLs:
		return "/" + d + name + "/"
	}
	return "/" + d + name + ".html"
}

// genFilesOpen is a call of mkdocs-gen-files' open with a file named in
// full, a string literal.
var genFilesOpen = regexp.MustCompile(`mkdocs_gen_files\.open\(\s*(?:"([^"\\{}]+)"|'([^'\\{}]+)')\s*[,)]`)

// mkdocsGenFiles returns the files, slash paths from docs_dir, that the
// scripts of the gen-files plugin (mkdocs-gen-files) write, when each
// script writes only files it names in full: every open call is
// mkdocs_gen_files.open with a string literal (no f-string, no
// variable), and nothing else writes (FilesEditor, write_text, shutil,
// a builtin open of a file). The scripts are read from the folder of
// mkdocs.yml, where MkDocs runs them. ok is false otherwise.
func mkdocsGenFiles(t *Tree, c config) (files []string, ok bool) {
	scripts := c.strs("scripts")
	if len(scripts) == 0 {
		return nil, false
	}
	for _, sc := range scripts {
		src, err := t.Read(path.Clean(sc))
		if err != nil {
			return nil, false
		}
		text := string(src)
		for _, w := range []string{"FilesEditor", "write_text", "write_bytes", "shutil", "os.system", "subprocess.run", "exec(", "eval("} {
			if strings.Contains(text, w) {
				return nil, false
			}
		}
		calls := genFilesOpen.FindAllStringSubmatch(text, -1)
		if len(calls) == 0 || strings.Count(text, "open(") != len(calls) {
			return nil, false
		}
		for _, m := range calls {
			f := m[1] + m[2]
			f = path.Clean(f)
			if path.IsAbs(f) || f == ".." || strings.HasPrefix(f, "../") {
				return nil, false
			}
			files = append(files, f)
		}
	}
	return files, true
}

// mkdocsMarkers are the configurations of MkDocs sites: MkDocs' own
// names, then those of the tools that build the same configuration
// (ProperDocs, MkDocs 1.x continued, whose name comes first there; and
// Zensical, run as "zensical build -f zensical.yml" on a configuration
// written as MkDocs'), which the audit reads by MkDocs' rules.
var mkdocsMarkers = []string{"mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml", "zensical.yml", "zensical.yaml", zensicalTOML}

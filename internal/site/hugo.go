package site

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/uri"
	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/semver"
)

// hugo publishes a Hugo site (gohugo.io/content-management/urls,
// /organization, /configuration/markup). Content files live in the
// content directory (one per language when languages set contentDir),
// pages get pretty URLs built from their path, lower-cased and urlized,
// a page bundle (index.md) or a section (_index.md) is published at its
// folder, front matter "url" and "slug" replace the path or its last
// segment and "aliases" add redirect pages, static/ (and the mounts of
// module.mounts) is served at "/", files beside a bundle's index are
// published beside the page. Headings get ids by autoHeadingIDType, and
// definition terms too when autoDefinitionTermID is on. A render-link
// hook rewrites every link destination.
type hugo struct{}

var hugoConfigs = []string{"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
	"config/_default/hugo.toml", "config/_default/hugo.yaml", "config/_default/hugo.yml", "config/_default/hugo.json",
	"config.toml", "config.yaml", "config.yml", "config.json",
	"config/_default/config.toml", "config/_default/config.yaml", "config/_default/config.yml", "config/_default/config.json"}

// hugoConfig reports whether the configuration file c, present, is
// Hugo's.
func hugoConfig(t *Tree, c string) bool {
	if strings.HasPrefix(c, "hugo.") || strings.HasPrefix(c, "config/_default/") {
		return true
	}
	// config.* is a common name: Hugo's has a content or layouts
	// folder, or a theme, beside it.
	return t.First("content", "layouts", "themes", "archetypes") != ""
}

// hugoConfigExts are the extensions of Hugo's configuration files.
var hugoConfigExts = map[string]bool{".toml": true, ".yaml": true, ".yml": true, ".json": true}

// hugoContent are the extensions of Hugo's content formats.
var hugoContent = map[string]bool{".md": true, ".markdown": true, ".html": true, ".htm": true,
	".adoc": true, ".asciidoc": true, ".org": true, ".pandoc": true, ".pdc": true, ".rst": true}

type hugoLang struct {
	code, prefix, dir string
}

func (h hugo) Load(t *Tree, s *Site) error {
	cfg := config{}
	var firstErr error
	if ev := s.marker; ev != "" {
		c, err := readConfig(t, ev)
		if err != nil {
			firstErr = err
		} else {
			cfg = c
		}
	}
	// config/_default/ splits the configuration by top-level key, the
	// file's name; Hugo reads its subfolders too, by the file's name
	// alone (config/_default/module/module.yaml is the key module).
	for _, key := range []string{"languages", "markup", "module", "params", "permalinks"} {
		t.Walk("config/_default", func(rel string) {
			ext := path.Ext(rel)
			if !hugoConfigExts[ext] || strings.TrimSuffix(path.Base(rel), ext) != key {
				return
			}
			if c, err := readConfig(t, rel); err == nil {
				cfg[key] = map[string]any(c)
			} else if firstErr == nil {
				firstErr = err
			}
		})
	}
	// A file of the configuration folder named KEY.LANG is KEY of the
	// language LANG (gohugo.io/configuration/introduction, configuration
	// directory): languages.fr.toml is the table languages.fr, menus.fr
	// and params.fr are that language's menus and params, so they name
	// a language too.
	t.Walk("config/_default", func(rel string) {
		name := path.Base(rel)
		ext := path.Ext(name)
		key, lang, ok := strings.Cut(strings.TrimSuffix(name, ext), ".")
		key, lang = strings.ToLower(key), strings.ToLower(lang)
		if !ok || lang == "" || strings.Contains(lang, ".") || !hugoConfigExts[ext] {
			return
		}
		ls, _ := cfg.get("languages").(map[string]any)
		if ls == nil {
			ls = map[string]any{}
			cfg["languages"] = ls
		}
		lc, _ := ls[lang].(map[string]any)
		if lc == nil {
			lc = map[string]any{}
			ls[lang] = lc
		}
		if key != "languages" {
			return // menus and params: nothing the model reads
		}
		c, err := readConfig(t, rel)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return
		}
		for k, v := range c {
			lc[k] = v
		}
	})
	s.Anchors = anchor.HTML
	s.runsBefore(extract.HugoShortcodes, "", true) // "{{ x }}" in a page is text
	s.hugo = &hugoModel{byName: map[string][]string{}, lang: map[string]string{}}
	// The configuration folder (gohugo.io/configuration/introduction,
	// configDir) holds the site's own configuration by environment:
	// config/_default/hugo.toml there is no site of its own.
	if d := folder(cfg.str("configDir", "config")); t.Exists(d) {
		s.configDirs = append(s.configDirs, d)
	}
	s.builtDefault = outputDir(cfg.str("publishDir", "public"))
	s.Base(cfg.str("baseURL", ""))
	// The repository's build may give another base URL on hugo's
	// command line (hugoCommandBase); served under its path, the
	// pages' URLs begin with it and the build folder's do not.
	if u, from := hugoCommandBase(t, s); u != "" {
		s.Base(u)
		if i := strings.Index(u, "://"); i >= 0 {
			if _, p, ok := strings.Cut(u[i+3:], "/"); ok && strings.Trim(p, "/") != "" {
				s.basePath = "/" + strings.Trim(p, "/") + "/"
				s.builtPrefix = strings.TrimSuffix(s.basePath, "/")
				s.Note("served under %s (--baseURL in %s)", s.basePath, s.outer(from))
			}
		}
	}
	idType := "github"
	if cfg.table("blackfriday") != nil && cfg.table("markup") == nil && !hugoModern(t, cfg) {
		// Hugo rendered with Blackfriday until 0.60: a site configured
		// for it, and not for Goldmark, has Blackfriday's ids.
		idType = "blackfriday"
	}
	switch strings.ToLower(cfg.str("markup.goldmark.parser.autoHeadingIDType", idType)) {
	case "github-ascii":
		s.slug = func(text string) string { return githubSlug(asciiFold(text)) }
	case "blackfriday":
		s.slug = blackfridaySlug
	}
	s.termIDs = cfg.flag("markup.goldmark.parser.autoDefinitionTermID", false)
	// Goldmark writes "<!-- raw HTML omitted -->" for the raw HTML of a
	// Markdown page unless markup.goldmark.renderer.unsafe (Hugo 0.60
	// on; Blackfriday rendered it): an <a name="x"> there is no anchor.
	pinned, pinnedBy := hugoPinned(t)
	s.hugo.rawDropped = idType != "blackfriday" && !cfg.flag("markup.goldmark.renderer.unsafe", false)
	if s.hugo.rawDropped && pinned != "" && hugoOlder(pinned, "0.60") {
		s.hugo.rawDropped = false
	}
	lower := !cfg.flag("disablePathToLower", false)
	ugly := cfg.flag("uglyURLs", false)
	contentDir := folder(cfg.str("contentDir", "content"))
	defLang := strings.ToLower(cfg.str("defaultContentLanguage", "en"))
	inSubdir := cfg.flag("defaultContentLanguageInSubdir", false)

	var langs []hugoLang
	// codes are the languages a file's name may end in ("about.fr.md"),
	// each with the prefix of its pages: the default language's is the
	// site's top, unless defaultContentLanguageInSubdir. A site with no
	// languages table has the default language alone, so "about.en.md"
	// is the page /about/ (Hugo 0.111 and 0.160 alike).
	codes := map[string]string{}
	// disableLanguages (gohugo.io/configuration/all) keeps a language
	// out of the build: its content is no page of the site, a link to
	// it is broken, and its own links are read by no build, as a
	// template's are not (pages).
	disabled := map[string]bool{}
	for _, code := range cfg.strs("disableLanguages") {
		disabled[strings.ToLower(code)] = true
	}
	s.hugo.disabled = disabled
	multihost := false   // each language with a baseURL of its own
	var unbuilt []string // content folders of disabled languages
	// languageTable: the configuration writes a languages table, even of
	// one language. Hugo (0.123 to 0.160 at least) counts the table's
	// entries with the merge strategy it adds to every configured table,
	// so for its render-hook default ("auto") one language written out
	// is a multilingual site as two are.
	languageTable := false
	if ls := cfg.table("languages"); ls != nil {
		languageTable = len(ls) > 0
		keys := make([]string, 0, len(ls))
		for k := range ls {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, code := range keys {
			lc := ls.table(code)
			code = strings.ToLower(code)
			prefix := "/" + code
			if code == defLang && !inSubdir {
				prefix = ""
			}
			codes[code] = prefix
			dir := contentDir
			if lc != nil {
				dir = folder(lc.str("contentDir", contentDir))
				multihost = multihost || lc.str("baseURL", "") != ""
			}
			if disabled[code] {
				unbuilt = append(unbuilt, dir)
				continue
			}
			langs = append(langs, hugoLang{code: code, prefix: prefix, dir: dir})
		}
	}
	if len(langs) == 0 {
		langs = []hugoLang{{code: defLang, dir: contentDir}}
		codes[defLang] = ""
	}
	for _, d := range unbuilt {
		if !slices.ContainsFunc(langs, func(l hugoLang) bool { return l.dir == d }) {
			s.templates = append(s.templates, d)
			s.Note("%s/ not built (disableLanguages)", d)
		}
	}
	// Taxonomies (gohugo.io/content-management/taxonomies): each
	// plural ("tags", "categories" by default) has a page listing its
	// terms and a page per term the front matter names ("tags: [Go
	// Lang]" is /tags/go-lang/). The terms of tags and categories are
	// read (pages); another taxonomy's are not: a page below its
	// folder is taken as one the build may make, as are all with
	// ugly URLs or paths left in their case. A site that disables
	// both kinds has none.
	kinds := map[string]bool{}
	for _, k := range cfg.strs("disableKinds") {
		kinds[strings.ToLower(k)] = true
	}
	if !kinds["taxonomy"] || !kinds["term"] && !kinds["taxonomyterm"] {
		plurals := []string{"tags", "categories"}
		if tx, ok := cfg.get("taxonomies").(map[string]any); ok {
			plurals = plurals[:0]
			for _, v := range tx {
				if p, ok := v.(string); ok && p != "" {
					plurals = append(plurals, p)
				}
			}
			sort.Strings(plurals)
		}
		for _, p := range plurals {
			if pl := strings.ToLower(p); (pl == "tags" || pl == "categories") && lower && !ugly {
				s.hugo.taxonomies = append(s.hugo.taxonomies, pl)
				continue
			}
			for _, l := range langs {
				s.UnknownPages(l.prefix+"/"+hugoURLize(p, lower), "the taxonomy "+p+" has a page per term the front matter names")
			}
		}
	}
	// module.mounts add content and static folders.
	statics := cfg.strs("staticDir")
	if len(statics) == 0 {
		statics = []string{"static"}
	}
	// permalinks (gohugo.io/configuration/permalinks) give the regular
	// pages of a top-level section a URL of their own making:
	// "post = '/:year/:month/:day/:slug/'", or under "page:" (Hugo
	// 0.121's form). The tokens hugoPermalink knows are modelled; a
	// pattern with another, or a page without what it names (a date),
	// makes the URL space unknown, as before.
	s.hugo.buildDrafts = cfg.flag("buildDrafts", false)
	if pl := cfg.table("permalinks"); pl != nil {
		s.hugo.permalinks = map[string]string{}
		sections := pl
		if pg := pl.table("page"); pg != nil {
			sections = pg
		}
		for k, v := range sections {
			if pat, ok := v.(string); ok && hugoPermalinkKnown(pat) {
				s.hugo.permalinks[strings.ToLower(strings.Trim(k, "/"))] = pat
			} else {
				s.hugo.permalinkUnknown = true
			}
		}
		for k := range pl {
			if kl := strings.ToLower(k); kl == "section" || kl == "term" || kl == "taxonomy" {
				s.hugo.permalinkUnknown = true
			}
		}
	}
	// A mount of content replaces the content folders (Hugo mounts a
	// component's default folders only when the project mounts none of
	// its own: modules.ApplyProjectConfigDefaults).
	contentMounted := false
	var absent []string // content mount sources the tree lacks
	for _, m := range cfg.list("module.mounts") {
		raw, tgt := m.str("source", ""), m.str("target", "")
		src := folder(raw)
		if c := path.Clean(raw); strings.HasPrefix(c, "../") && s.dir != "" {
			// A file or folder beside the site's ("../README.md"), read
			// where the tree lets it (Tree.path).
			src = c
			s.outside = append(s.outside, path.Clean(s.dir+"/"+c))
		}
		switch {
		case raw == "":
		case tgt == "static" || strings.HasPrefix(tgt, "static/"):
			s.Mount("/"+strings.TrimPrefix(strings.TrimPrefix(tgt, "static"), "/"), src)
		case tgt == "content" || strings.HasPrefix(tgt, "content/"):
			contentMounted = true
			sub := strings.TrimPrefix(strings.TrimPrefix(tgt, "content"), "/")
			if !t.Exists(src) {
				// A git submodule not checked out, a folder a build
				// step fills, or one above the audited root: pages the
				// model cannot see are published below the target,
				// and a ref may name one of them.
				if s.hugo.unseen == "" {
					s.hugo.unseen = "content mount " + raw + " is not in the tree"
				}
				absent = append(absent, raw)
			}
			// The languages it serves: lang, or (Hugo 0.153)
			// sites.matrix.languages; all when neither.
			only := map[string]bool{}
			if lang := strings.ToLower(m.str("lang", "")); lang != "" {
				only[lang] = true
			}
			if v, ok := m.get("sites.matrix.languages").([]any); ok {
				for _, e := range v {
					if code, ok := e.(string); ok {
						only[strings.ToLower(code)] = true
					}
				}
			}
			// files: the mount's include and exclude globs.
			files := hugoMountFiles(m.strs("files"))
			for i := range langs {
				if len(only) == 0 || only[langs[i].code] {
					if !t.Exists(src) {
						s.UnknownSpace(langs[i].prefix+"/"+hugoURLize(sub, lower), s.hugo.unseen)
						continue
					}
					s.hugo.mountFiles = files
					h.pages(t, s, langs[i], src, sub, lower, ugly, codes)
					s.hugo.mountFiles = nil
				}
			}
		}
	}
	switch len(absent) {
	case 0:
	case 1:
		s.Note("content mount %s not in the tree", absent[0])
	default:
		s.Note("%d content mounts not in the tree (%s, ...)", len(absent), absent[0])
	}
	for _, d := range statics {
		s.Mount("/", d)
	}
	// theme is a name or a list of names (gohugo.io/configuration/all,
	// theme: "a theme or a list of themes"), each a folder of themesDir
	// or a module.
	themesDir := folder(cfg.str("themesDir", "themes"))
	var themes []string
	named := map[string]bool{}
	for _, theme := range cfg.strs("theme") {
		if theme = strings.Trim(path.Clean("/"+theme), "/"); theme != "" && !named[theme] {
			named[theme] = true
			themes = append(themes, theme)
		}
	}
	// A site names a handful of themes; every theme adds folders each
	// template, hook and shortcode is looked up in, so a list of
	// thousands (a hostile configuration) would make the model
	// quadratic. Past hugoMaxThemes the site's templates are not the
	// model's to know: every URL is unverifiable.
	if len(themes) > hugoMaxThemes {
		s.UnknownSpace("/", fmt.Sprintf("the configuration names %d themes, more than the %d the model reads", len(themes), hugoMaxThemes))
		themes = themes[:hugoMaxThemes]
	}
	// Each theme's folder (from the site's): themesDir/NAME, or the
	// theme around the site's folder (hugoEnclosingTheme); then the
	// module imports the tree has (hugoLocalModules).
	var themeDirs []string
	enclosing, looked := "", false
	for _, theme := range themes {
		d := path.Join(themesDir, theme)
		if !t.Exists(d) {
			if !looked {
				enclosing, looked = hugoEnclosingTheme(t), true
			}
			if enclosing != "" {
				s.Note("theme %s: the theme around the site, %s (--themesDir)", theme, hugoShownDir(s, enclosing))
				d = enclosing
			}
		}
		themeDirs = append(themeDirs, d)
	}
	// No theme configured, no module imported, and no layouts of the
	// site's own: Hugo renders its pages only with a theme the build
	// command names (--theme, HUGO_THEME), which for a site inside a
	// theme's repository is the theme around it.
	if len(themes) == 0 && len(cfg.list("module.imports")) == 0 && !t.Exists("layouts") {
		if e := hugoEnclosingTheme(t); e != "" {
			themeDirs = append(themeDirs, e)
			s.Note("theme: the theme around the site, %s (--theme)", hugoShownDir(s, e))
		}
	}
	localModules := map[string]bool{}
	moduleDirs := hugoLocalModules(t, cfg)
	for _, imp := range cfg.list("module.imports") {
		p := imp.str("path", "")
		if d := moduleDirs[p]; p != "" && d != "" && !slices.Contains(themeDirs, d) {
			localModules[p] = true
			themeDirs = append(themeDirs, d)
			s.Note("module %s: %s of the tree", p, hugoShownDir(s, d))
		}
	}
	for _, d := range themeDirs {
		s.Mount("/", d+"/static")
	}
	seen := map[string]bool{}
	for _, l := range langs {
		key := l.dir + "\x00" + l.prefix
		if seen[key] || contentMounted {
			continue
		}
		seen[key] = true
		h.pages(t, s, l, l.dir, "", lower, ugly, codes)
	}
	// Content a build step writes (hugoBuildSteps): the URLs below the
	// folder it writes, and refs to files there, are unknown.
	if written, by := hugoBuildSteps(t, s.contentDirs); len(written) > 0 {
		var shown []string
		for _, w := range written {
			why := fmt.Sprintf("%s writes %s/ when the site is built", by[w], w)
			s.hugo.written = append(s.hugo.written, hugoWritten{dir: w, why: why})
			for _, l := range langs {
				d := strings.Trim(path.Clean(l.dir), "/")
				if sub, ok := strings.CutPrefix(w, d+"/"); ok || w == d {
					s.UnknownSpace(l.prefix+"/"+hugoURLize(sub, lower), why)
				}
			}
			shown = append(shown, fmt.Sprintf("%s (%s)", w, by[w]))
		}
		s.Note("content written by build steps: %s", strings.Join(shown, ", "))
	}
	typeDirs := []string{"layouts"}
	for _, d := range themeDirs {
		typeDirs = append(typeDirs, d+"/layouts")
	}
	hugoTypeIDs(t, s, typeDirs)
	// Archetypes (archetypeDir) are the templates "hugo new" copies
	// into content: no build renders them, and their links are
	// placeholders for the page yet to be written.
	s.templates = append(s.templates, "layouts", folder(cfg.str("archetypeDir", "archetypes")))
	if themesDir != "" {
		s.templates = append(s.templates, themesDir)
	}
	// partial reads the partial template name ("components/alert"),
	// the site's or a theme's, as Hugo looks it up; nil when there is
	// none.
	partialDirs := []string{"layouts/partials", "layouts/_partials"}
	for _, d := range themeDirs {
		partialDirs = append(partialDirs, d+"/layouts/partials", d+"/layouts/_partials")
	}
	partial := func(name string) []byte {
		for _, d := range partialDirs {
			for _, n := range []string{name, name + ".html"} {
				if src, err := t.Read(path.Join(d, path.Clean("/"+n))); err == nil {
					return src
				}
			}
		}
		return nil
	}
	hooks := []string{"layouts/_markup/render-link.html", "layouts/_default/_markup/render-link.html"}
	for _, d := range themeDirs {
		hooks = append(hooks, d+"/layouts/_markup/render-link.html", d+"/layouts/_default/_markup/render-link.html")
	}
	embedded := func() {
		// Modelled (hugoLinkFiles): a link it does not resolve is
		// rendered as written.
		s.hugo.embeddedHook = true
		s.hugo.assets = append(s.hugo.assets, folder(cfg.str("assetDir", "assets")))
		for _, d := range themeDirs {
			s.hugo.assets = append(s.hugo.assets, d+"/assets")
		}
	}
	if hook := t.First(hooks...); hook != "" {
		raw, err := t.Read(hook)
		// The hook as the site renders it: its parameter guards
		// decided, the partials it calls read in place.
		src := hugoHookText(string(raw), cfg, partial)
		like := err == nil && embeddedLike(src) // read once, for the guards and the switch
		if like {
			s.hugo.hookAsWritten = hookSkipPrefixes(src)
		}
		switch {
		case like && pinned != "" && hugoOlder(pinned, "0.123"):
			// .GetPage looked a page up otherwise before Hugo 0.123:
			// hugoLinkFiles takes the pages either rule finds, so
			// that only a destination no Hugo finds is left as
			// written.
			embedded()
			s.hugo.oldGetPage = true
			// Hugo's page index of 0.73 and before (replaced by the
			// content map soon after; the model takes the bound wide)
			// also found a page by its name.
			s.hugo.oldGetPageByName = hugoOlder(pinned, "0.80")
			s.Note("render hook %s, resolving as .GetPage of Hugo %s (%s)", hook, pinned, pinnedBy)
		case like:
			embedded()
			s.Note("render hook %s, resolving as Hugo's embedded one", hook)
		case err == nil && destinationAsIs(src):
			// Its href is the destination as written: links are
			// resolved as with no hook at all (LinkAsWritten).
			s.Note("render hook %s, writing links as written", hook)
		default:
			s.Hook = true
			s.Note("render hook %s", hook)
		}
	} else if pinned != "" && hugoOlder(pinned, "0.123") {
		// Hugo before 0.123 has no embedded link hook but the one
		// enableDefault turns on (0.120 to 0.122).
		if on, _ := cfg.get("markup.goldmark.renderHooks.link.enableDefault").(bool); on {
			embedded()
			s.Note("embedded link render hook")
		} else if embeddedLinkHook(cfg, languageTable && !multihost) {
			s.Note("Hugo %s (%s): no embedded link render hook", pinned, pinnedBy)
		}
	} else if embeddedLinkHook(cfg, languageTable && !multihost) {
		embedded()
		s.Note("embedded link render hook")
	}
	if s.hugo.permalinkUnknown {
		s.Unmodelled("keys", "permalinks", true, false)
	}
	// An output format named _redirects (Netlify's redirect file) is
	// written by a template of the site's (layouts/index.redirects):
	// any URL may redirect, by rules the model does not render.
	if ofs := cfg.table("outputFormats"); ofs != nil {
		names := make([]string, 0, len(ofs))
		for name := range ofs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if of := ofs.table(name); of != nil && strings.EqualFold(of.str("baseName", ""), "_redirects") {
				why := "the templates write the redirects (outputFormats." + name + ")"
				layouts := []string{"layouts"}
				for _, d := range themeDirs {
					layouts = append(layouts, d+"/layouts")
				}
				hugoRedirectTemplates(t, s, cfg, layouts, strings.ToLower(name), why)
				s.hugo.redirectsWhy = why
				s.Note("redirects written by templates (outputFormats.%s)", name)
				break
			}
		}
	}
	// Modules, and a theme the tree lacks (a git submodule not checked
	// out, a module not vendored), bring layouts, shortcodes, static
	// files and output formats from outside the tree. What the
	// repository decides stays checked: its content's pages at the URLs
	// its configuration gives, and their heading ids (markup,
	// permalinks and taxonomies are the project's: Hugo merges none of
	// them from a theme's configuration). So only files with an
	// extension ("/js/app.js", "/index.json") that no content file
	// publishes are unverifiable, and the ids of a page that calls a
	// shortcode the tree lacks (ShortcodeIDs). A render-heading hook
	// the tree lacks is taken to keep Hugo's ids: the page's table of
	// contents (.TableOfContents) links to them, whatever the hook
	// writes. A render-link hook it lacks may resolve any link: as a
	// site's hook, it makes the links no rule resolves unverifiable,
	// unless the theme is one whose hooks the model knows
	// (hugoKnownThemes).
	var lacking []string
	for _, imp := range cfg.list("module.imports") {
		p := imp.str("path", "?")
		if localModules[p] {
			continue // in the tree: a theme of the site's
		}
		lacking = append(lacking, p)
		s.Unmodelled("modules", p, false, false)
		if s.hugo.unseen == "" {
			// A module may mount content of its own: a ref the model
			// resolves to no file may name one of its pages.
			s.hugo.unseen = "module " + p + " is not modelled"
		}
		// Content the import mounts by the project's word is published
		// below the mount's target, unseen.
		for _, m := range imp.list("mounts") {
			tgt := m.str("target", "")
			if tgt != "content" && !strings.HasPrefix(tgt, "content/") {
				continue
			}
			sub := strings.TrimPrefix(strings.TrimPrefix(tgt, "content"), "/")
			for i := range langs {
				if lang := strings.ToLower(m.str("lang", "")); lang == "" || lang == langs[i].code {
					sp := langs[i].prefix + "/" + hugoURLize(sub, lower)
					s.UnknownSpace(sp, "module "+p+" mounts content there")
					s.hugo.mountSpaces = append(s.hugo.mountSpaces, "/"+strings.Trim(sp, "/"))
				}
			}
		}
	}
	for i, theme := range themes {
		if !t.Exists(themeDirs[i]) {
			lacking = append(lacking, theme)
			s.Unmodelled("themes", theme, false, false)
		}
	}
	for _, c := range lacking {
		s.unknown = append(s.unknown, unknownSpace{prefix: "/", why: c + " is not in the tree", filesOnly: true, notBelowPages: true})
		for _, name := range hugoKnownThemeShortcodes[c] {
			if s.shortcodes == nil {
				s.shortcodes = map[string]*shortcodeIDs{}
			}
			if s.shortcodes[name] == nil {
				s.shortcodes[name] = &shortcodeIDs{} // writes no id
			}
		}
		if !hugoKnownThemes[c] && t.First(hooks...) == "" && !s.Hook {
			s.Hook = true
			s.Note("render hook of %s unknown", c)
		}
	}
	// The shortcodes of the site and its theme are templates the model
	// does not render; it reads them only for the ids they may write
	// (ShortcodeIDs). The detection line names them.
	scDirs := []string{"layouts/shortcodes", "layouts/_shortcodes"}
	for _, d := range themeDirs {
		scDirs = append(scDirs, d+"/layouts/shortcodes", d+"/layouts/_shortcodes")
	}
	// Hugo 0.146's template system also looks shortcodes up in the
	// _shortcodes folder of a section's or type's layouts
	// (layouts/docs/_shortcodes/).
	t.Walk("layouts", func(rel string) {
		if i := strings.Index(rel, "/_shortcodes/"); i > len("layouts") && !slices.Contains(scDirs, rel[:i+len("/_shortcodes")]) {
			scDirs = append(scDirs, rel[:i+len("/_shortcodes")])
		}
	})
	// Default templates that render a partial writing ids for the
	// pages that set a parameter (hugoParamGuards).
	layoutDirs := []string{"layouts"}
	for _, d := range themeDirs {
		layoutDirs = append(layoutDirs, d+"/layouts")
	}
	if guards := hugoParamGuards(t, layoutDirs, partial); len(guards) > 0 {
		var rels []string
		for _, rs := range s.hugo.byType {
			rels = append(rels, rs...)
		}
		slices.Sort(rels)
		hugoGuardedPages(t, s, guards, rels)
	}
	// A render-heading hook of the site's, or of a theme in the tree,
	// that passes on neither .Anchor nor .Attributes (which holds the
	// id), itself or in a partial it calls, writes ids of its own
	// making.
	headingHooks := []string{"layouts/_markup/render-heading.html", "layouts/_default/_markup/render-heading.html"}
	for _, d := range themeDirs {
		headingHooks = append(headingHooks, d+"/layouts/_markup/render-heading.html", d+"/layouts/_default/_markup/render-heading.html")
	}
	if hook := t.First(headingHooks...); hook != "" {
		src, _ := t.Read(hook)
		keeps := func(src []byte) bool {
			return bytes.Contains(src, []byte(".Anchor")) || bytes.Contains(src, []byte(".Attributes"))
		}
		ok := keeps(src)
		for _, m := range hugoPartialCall.FindAllSubmatch(src, 4) {
			ok = ok || keeps(partial(string(m[1])))
		}
		if !ok {
			s.Unmodelled("hooks", hook, false, true)
		}
	}
	for _, d := range scDirs {
		t.Walk(d, func(rel string) {
			name := strings.TrimPrefix(rel, d+"/")
			name, _, _ = strings.Cut(name, ".") // "def.html", "def.en.html"
			if name == "" {
				return
			}
			if s.shortcodes == nil {
				s.shortcodes = map[string]*shortcodeIDs{}
			}
			sc := s.shortcodes[name]
			if sc == nil {
				sc = &shortcodeIDs{}
				s.shortcodes[name] = sc
				s.Unmodelled("shortcodes", name, false, false)
			}
			src, err := t.Read(rel)
			if err != nil {
				sc.any = true
				return
			}
			sc.add(src, partial, 0)
		})
	}
	if e := s.deployRedirects(t); firstErr == nil {
		firstErr = e
	}
	return firstErr
}

// hugoRedirectTemplates reads the home page's templates of the output
// format name (layouts/index.redirects, the site's or a theme's, as Hugo
// looks up a template by the format's name) for the sources of the
// redirects they write, one "FROM TO [STATUS]" a line in Netlify's
// syntax: a FROM written as text is a URL path that may redirect (a
// trailing "*" or a ":placeholder" covers what lies below); a FROM a
// template expression writes, a loop, or no template found, may be any
// URL.
func hugoRedirectTemplates(t *Tree, s *Site, cfg config, layouts []string, name, why string) {
	found := false
	for _, d := range layouts {
		found = hugoRedirectTemplate(t, s, cfg, d, name, why) || found
	}
	if !found {
		s.UnknownSpace("/", why)
	}
}

// hugoRedirectTemplate reads the templates of the format name in the
// folder layouts, as hugoRedirectTemplates says; found is whether there
// is one.
func hugoRedirectTemplate(t *Tree, s *Site, cfg config, layouts, name, why string) (found bool) {
	t.Walk(layouts, func(rel string) {
		base := path.Base(rel)
		if !strings.HasPrefix(base, "index.") && !strings.HasPrefix(base, "home.") || !strings.Contains(base, "."+name) {
			return
		}
		found = true
		src, err := t.Read(rel)
		if err != nil {
			s.UnknownSpace("/", why)
			return
		}
		if out, ok := hugoRenderParams(string(src), cfg); ok {
			// Every expression is a site parameter the configuration
			// gives: the host gets these rules, as the build writes
			// them.
			s.BuildRedirects([]byte(out))
			return
		}
		spaces, urls, all := hugoRedirectSources(string(src))
		if all {
			s.UnknownSpace("/", why)
			return
		}
		for _, p := range spaces {
			s.UnknownSpace(p, why)
		}
		for _, p := range urls {
			s.UnknownURL(p, why)
		}
	})
	return found
}

// hugoParamAssign and hugoVarUse are the template actions that
// hugoRenderParams renders: "{{ $current := site.Params.versions.current }}"
// (also .Site.Params, $.Site.Params) and "{{ $current }}".
var (
	hugoParamAssign = regexp.MustCompile(`^\{\{-?\s*\$(\w+)\s*:=\s*(?:site|\$?\.Site)\.Params\.([\w.]+)\s*-?\}\}$`)
	hugoVarUse      = regexp.MustCompile(`\{\{\s*\$(\w+)\s*\}\}`) // no "-": trimming would join fields
)

// hugoRenderParams renders a template whose only actions assign a site
// parameter to a variable, alone on their line, and write such a
// variable, as Hugo would: false when any other action is met, or a
// parameter is no text or number of the configuration, or a language
// sets its own (its home would write other rules).
func hugoRenderParams(src string, cfg config) (string, bool) {
	vars := map[string]string{}
	var b strings.Builder
	for line := range strings.Lines(src) {
		if m := hugoParamAssign.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			var v string
			switch x := cfg.get("params." + m[2]).(type) {
			case string:
				v = x
			case int64:
				v = strconv.FormatInt(x, 10)
			case float64:
				v = strconv.FormatFloat(x, 'f', -1, 64)
			default:
				return "", false
			}
			for _, l := range cfg.table("languages") {
				if lt, ok := l.(map[string]any); ok && config(lt).get("params."+m[2]) != nil {
					return "", false
				}
			}
			if _, twice := vars[m[1]]; twice {
				return "", false
			}
			vars[m[1]] = v
			continue
		}
		ok := true
		line = hugoVarUse.ReplaceAllStringFunc(line, func(act string) string {
			v, known := vars[hugoVarUse.FindStringSubmatch(act)[1]]
			ok = ok && known
			return v
		})
		if !ok || strings.Contains(line, "{{") {
			return "", false
		}
		b.WriteString(line)
	}
	return b.String(), true
}

// maxRedirectSources bounds the sources read from a redirects template:
// past it, every URL is taken as one that may redirect, so that neither
// the template's reading nor a link's lookup grows with the square of
// its length.
const maxRedirectSources = 1000

// redirectSpace turns a Netlify redirect source with placeholders
// ("/blog/:year/:slug", "/news/*") into the URL space it may cover: from
// the first placeholder on, anything; a template that writes it is read
// no closer than that.
func redirectSpace(from string) string {
	if k := strings.Index(from, "/:"); k >= 0 {
		return from[:k+1] + "*"
	}
	return from
}

// hugoRedirectSources reads a redirects template as a _redirects file:
// the URL path prefixes ("/docs/current/*") and the URL paths
// ("/user-guide") its lines redirect from, or all when a line's source
// is written by a template expression (or a loop writes lines), or
// there are more than maxRedirectSources.
func hugoRedirectSources(src string) (spaces, urls []string, all bool) {
	for line := range strings.Lines(src) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		from := strings.Fields(line)[0]
		switch {
		case strings.HasPrefix(from, "{{") && strings.HasSuffix(line, "}}") && strings.Count(line, "{{") == 1 &&
			!strings.Contains(line, "range") && !strings.Contains(line, "printf"):
			// An assignment or a control line alone ({{ $v := ... }},
			// {{ end }}): it writes no redirect of its own.
		case strings.Contains(from, "{{") || !strings.HasPrefix(from, "/"):
			return nil, nil, true
		case strings.HasSuffix(redirectSpace(from), "*"):
			spaces = append(spaces, strings.TrimSuffix(redirectSpace(from), "*"))
		default:
			urls = append(urls, from)
		}
		if len(spaces)+len(urls) > maxRedirectSources {
			return nil, nil, true
		}
	}
	return spaces, urls, false
}

// Where a site pins the Hugo that builds it: Netlify's HUGO_VERSION,
// a GitHub workflow's hugo-version (peaceiris/actions-hugo) or
// HUGO_VERSION, npm's hugo-extended or hugo-bin.
var hugoVersionPin = regexp.MustCompile(`(?i)(?:hugo[-_]version"?\s*[:=]\s*|"hugo-(?:extended|bin)"\s*:\s*)["']?[~^>=v ]*(\d+\.\d+(?:\.\d+)?)`)

// hugoPinned returns the newest Hugo version the site's deploy or CI
// files pin (netlify.toml, package.json, .github/workflows/*, in the
// site's folder and at the audited root), and the file that says it;
// "" when none does.
func hugoPinned(t *Tree) (version, from string) {
	for _, f := range hugoDeployFiles(t, "package.json") {
		src, err := t.Read(f)
		if err != nil {
			continue
		}
		for _, m := range hugoVersionPin.FindAllSubmatch(src, -1) {
			if v := string(m[1]); version == "" || hugoOlder(version, v) {
				version, from = v, f
			}
		}
	}
	return version, from
}

// hugoDeployFiles lists the deploy and CI files of the site's folder and
// of the audited root: netlify.toml, the files named, and the GitHub
// workflows.
func hugoDeployFiles(t *Tree, names ...string) []string {
	up := strings.Repeat("../", t.Up)
	var files []string
	for _, d := range []string{"", up} {
		files = append(files, d+"netlify.toml")
		for _, n := range names {
			files = append(files, d+n)
		}
		t.Walk(d+".github/workflows", func(rel string) {
			if ext := path.Ext(rel); ext == ".yml" || ext == ".yaml" {
				files = append(files, rel)
			}
		})
		if up == "" {
			break
		}
	}
	return files
}

// hugoModern reports whether the site shows that a Hugo of 0.60 or
// later, which renders with Goldmark whatever a [blackfriday] table
// says, builds it: Hugo Modules (a go.mod beside the configuration,
// module.imports, a theme named by a module path such as
// github.com/google/docsy), a render hook (layouts/_default/_markup/,
// Hugo 0.62), or a pinned version from 0.60 on. Sites begun from an old
// Docsy example keep its [blackfriday] table long after Hugo dropped
// Blackfriday (0.100).
func hugoModern(t *Tree, cfg config) bool {
	if t.Exists("go.mod") || len(cfg.list("module.imports")) > 0 || t.Exists("layouts/_default/_markup") || t.Exists("layouts/_markup") {
		return true
	}
	for _, theme := range cfg.strs("theme") {
		if first, _, ok := strings.Cut(theme, "/"); ok && strings.Contains(first, ".") {
			return true
		}
	}
	v, _ := hugoPinned(t)
	return v != "" && !hugoOlder(v, "0.60.0")
}

// hugoOlder reports whether the version a ("0.102.3") is older than b.
// Both come from hugoVersionPin or from this file, so they are semver
// without the "v" (x/mod/semver reads "v0.123" as "v0.123.0").
func hugoOlder(a, b string) bool {
	return semver.Compare("v"+a, "v"+b) < 0
}

// embeddedLinkHook reports whether Hugo renders links with its embedded
// render hook, which makes a destination that names a page or a
// resource that page's URL (gohugo.io/render-hooks/links, default):
// markup.goldmark.renderHooks.link.useEmbedded "always" or "fallback";
// "auto", the default, is "fallback" on a multilingual site served from
// one host whose pages do not copy their resources
// (duplicateResourceFiles off), and "never" otherwise; multilingual is
// Hugo's reading: a languages table in the configuration, of one
// language or more. enableDefault is
// the key's name before Hugo 0.123.
func embeddedLinkHook(cfg config, multilingual bool) bool {
	if v, ok := cfg.get("markup.goldmark.renderHooks.link.enableDefault").(bool); ok {
		return v
	}
	switch strings.ToLower(cfg.str("markup.goldmark.renderHooks.link.useEmbedded", "auto")) {
	case "always", "fallback":
		return true
	case "auto":
		return multilingual && !cfg.flag("markup.goldmark.duplicateResourceFiles", false)
	}
	return false
}

// embeddedLike reports whether a site's render-link hook resolves
// destinations as Hugo's embedded one does, as sites that copy it do:
// it makes a destination the URL of the page or resource that GetPage,
// Resources.Get or resources.Get finds, and renders any other as
// written; nothing else rewrites the URL. A hook that does anything
// more (relURL, a replace, a path of its own making) is not modelled.
func embeddedLike(src string) bool {
	src = hugoComment.ReplaceAllString(src, "")
	// Trimming what .GetPage ignores or reads alike ("x.md" is the
	// page x, "./x" is x from the page's folder) rewrites nothing.
	src = hugoLookupTrim.ReplaceAllString(src, "")
	if !strings.Contains(src, ".GetPage ") || !strings.Contains(src, ".RelPermalink") {
		return false
	}
	for _, w := range []string{"relURL", "absURL", "relLangURL", "absLangURL", "replace", "Replace", "JoinPath",
		"path.", "TrimSuffix", "(ref ", "{{ ref ", "relref", "BaseURL", "partial", "printf \"/", "urlize", "anchorize", "lower"} {
		if strings.Contains(src, w) {
			return false
		}
	}
	return true
}

// hookHrefAsIs is an href that is the destination as written, made
// safe for the URL context and nothing more.
var hookHrefAsIs = regexp.MustCompile(`href="\{\{-?\s*\.Destination\s*(?:\|\s*safeURL\s*)?-?\}\}"`)

// hookHrefVar is a hook's href written as a variable, safe for the URL
// context: href="{{ $d | safeURL }}".
var hookHrefVar = regexp.MustCompile(`href="\{\{-?\s*\$(\w+)\s*(?:\|\s*safeURL\s*)?-?\}\}"`)

// hugoLookupTrim trims what a hook's .GetPage reads alike from a path
// before looking it up: the ".md" extension, a section's "/_index", a
// leading "./".
var hugoLookupTrim = regexp.MustCompile(`strings\.Trim(?:Suffix\s+"(?:\.md|/_index)"|Prefix\s+"\./")`)

// hugoDestVar is a variable set to the destination as written:
// {{ $destination := .Destination }}.
var hugoDestVar = regexp.MustCompile(`\$(\w+)\s*:=\s*\.Destination\s*-?\}\}`)

// destinationAsIs reports whether a site's render-link hook writes the
// link's destination unchanged (`<a href="{{ .Destination | safeURL }}"
// {{ if strings.HasPrefix .Destination "http" }} target="_blank"{{ end }}>`):
// its only href is ".Destination" (or a variable set to it once), and
// nothing may write another (no other variable, GetPage, partial,
// template).
func destinationAsIs(src string) bool {
	src = hugoComment.ReplaceAllString(src, "")
	if strings.Count(src, "href=") != 1 {
		return false
	}
	if !hookHrefAsIs.MatchString(src) {
		// href="{{ $d | safeURL }}" of a $d set to .Destination and
		// never set again is the destination too.
		m := hugoDestVar.FindStringSubmatchIndex(src)
		if m == nil {
			return false
		}
		name := src[m[2]:m[3]]
		if strings.Contains(src, "$"+name+" =") || strings.Contains(src, "$"+name+"=") {
			return false
		}
		if h := hookHrefVar.FindStringSubmatch(src); h == nil || h[1] != name {
			return false
		}
		src = src[:m[0]] + src[m[1]:] // the one variable the href reads
	}
	// Any other variable is code the model does not follow: it may
	// choose what the hook writes, or whether it writes a link at all.
	// Reading a hook whose variables only pick a class or a title as
	// "as written" put seven false findings on a site nobody had tuned
	// for and found none on the tune sites (stop 37), so such a hook
	// stays unknown.
	for _, w := range []string{":=", " = ", "GetPage", "partial", "template ", "Scratch", "Store"} {
		if strings.Contains(src, w) {
			return false
		}
	}
	return true
}

// hookSkip matches a guard of a link render hook on a destination's
// prefix, written "not (strings.HasPrefix $x "p")" or kept in a variable
// ("$isRemote := strings.HasPrefix $x "p"") that an "if not $isRemote"
// tests.
var (
	hookSkipNot = regexp.MustCompile(`\bnot\s*\(\s*strings\.HasPrefix\s+[$.\w]+\s+"([^"]+)"\s*\)`)
	hookSkipVar = regexp.MustCompile(`(\$\w+)\s*:?=\s*strings\.HasPrefix\s+[$.\w]+\s+"([^"]+)"`)
	// hookIfNot is the "if not $isRemote" that makes such a variable
	// a guard: compiled once, the variable's name read from the match.
	hookIfNot = regexp.MustCompile(`\bif\s+not\s+(\$\w+)`)
)

// hookSkipPrefixes returns the prefixes of the destinations that an
// embedded-like render-link hook looks up only when they lack it: its
// GetPage sits under "if not (strings.HasPrefix $link "http")", so it
// renders a destination that begins with the text as written, a
// relative "httpproxy.md" included.
func hookSkipPrefixes(src string) []string {
	src = hugoComment.ReplaceAllString(src, "")
	var out []string
	for _, m := range hookSkipNot.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	tested := map[string]bool{}
	for _, m := range hookIfNot.FindAllStringSubmatch(src, -1) {
		tested[m[1]] = true
	}
	for _, m := range hookSkipVar.FindAllStringSubmatch(src, -1) {
		if tested[m[1]] {
			out = append(out, m[2])
		}
	}
	return out
}

// HookAsWritten reports whether the site's link render hook renders the
// relative destination ref as written, without looking a page up: it
// begins with a prefix the hook's guard leaves alone. The browser then
// resolves it from the page's URL.
func (s *Site) HookAsWritten(ref string) bool {
	if s.hugo == nil || !s.hugo.embeddedHook || strings.Contains(ref, "://") || strings.HasPrefix(ref, "#") {
		return false
	}
	for _, p := range s.hugo.hookAsWritten {
		if strings.HasPrefix(ref, p) {
			return true
		}
	}
	return false
}

// LinkHookLooksUp reports whether the link render hook of a Hugo site,
// the embedded one or a copy of it, looks the relative destination ref
// up (MarkdownLinkFiles lists where): what it finds no page or resource
// for it renders as written, which the browser resolves from the page's
// URL, not from the file's folder. .GetPage finds a page in any letter
// case ("SPEC.md" is the page of spec.md): Hugo lower-cases the paths
// of its pages and the path it is asked for.
func (s *Site) LinkHookLooksUp(ref string) bool {
	if s.hugo == nil || !s.hugo.embeddedHook || ref == "" || ref[0] == '#' || ref[0] == '/' || strings.Contains(ref, "://") {
		return false
	}
	return !s.HookAsWritten(ref)
}

// LinkHookFindsSection reports whether the link render hook's .GetPage
// finds a top-level section for the relative destination ref of the
// page rel, from the page's folder or the content root: Hugo renders a
// section for every top-level folder of content, with no _index file
// that MarkdownLinkFiles could name ("docs/" in docs/v1/README.md is
// the section /docs/ when docs/v1/docs/ is no section; the folder
// beside the file is not the page).
func (s *Site) LinkHookFindsSection(rel, ref string) bool {
	if !s.LinkHookLooksUp(ref) || len(s.hugo.topSections) == 0 {
		return false
	}
	in, ok := s.inner(rel)
	if !ok {
		return false
	}
	ref = uri.StripQueryFragment(ref)
	if dec, err := uri.Unescape(ref); err == nil {
		ref = dec
	}
	page := strings.TrimSuffix(strings.TrimPrefix(ref, "./"), "/")
	if page == "" {
		return false
	}
	base := path.Dir(in)
	if strings.HasPrefix(path.Base(in), "index.") {
		base = path.Dir(base) // a leaf bundle's container
	}
	if s.hugo.topSections[path.Join(base, page)] {
		return true
	}
	if strings.HasPrefix(ref, ".") {
		return false
	}
	for _, d := range s.contentDirs {
		if strings.HasPrefix(in, d+"/") && s.hugo.topSections[path.Join(d, page)] {
			return true
		}
	}
	return false
}

// LinkAsWritten reports whether the page links of the site render the
// relative destination ref as written, so that the browser resolves it
// from the page's URL, not from the file's folder: on a Hugo site no
// render hook resolves links on (neither the embedded one nor one of
// the site's or a theme's), every link but ref and relref is so, and
// "other.md" in content/docs/page.md is /docs/page/other.md, which no
// file publishes; and so is one a hook's guard leaves alone
// (HookAsWritten).
func (s *Site) LinkAsWritten(ref string) bool {
	if s.hugo == nil || ref == "" || ref[0] == '#' || strings.Contains(ref, "://") {
		return false
	}
	if s.HookAsWritten(ref) {
		return true
	}
	return !s.Hook && !s.hugo.embeddedHook
}

// EntityNamesInIDs reports whether a heading's id may be made of a
// character reference's name, as written, besides the character it
// names: Hugo 0.111's Goldmark makes "## a &mdash; b" "a-mdash-b",
// Hugo 0.160's "a--b"; which Hugo builds the site is not known here, so
// both are its ids. VitePress 1 makes "## a &lt; b" "a-lt-b".
func (s *Site) EntityNamesInIDs() bool { return s.Generator == "hugo" || s.Generator == "vitepress" }

// hugoFrontMatter reads the front matter of a content file as Hugo's
// page lexer does: the front matter begins right after the opening "---"
// or "+++", so a first line "+++ title = "API"" holds the first key
// (buildpacks.io writes its pages so; their aliases and slugs count).
// The lexer also skips a byte order mark and white space, blank lines
// included, before the fence (buildpacks.io's pages begin with an empty
// line). Any other file is read as readFrontMatter reads it.
func hugoFrontMatter(src []byte) frontMatter {
	src = hugoTrimIntro(src)
	if !bytes.HasPrefix(src, []byte("---")) && !bytes.HasPrefix(src, []byte("+++")) {
		return readFrontMatter(src)
	}
	nl := bytes.IndexByte(src, '\n')
	if nl < 0 || len(bytes.TrimSpace(src[3:nl])) == 0 || src[3] == src[0] {
		return hugoReadFrontMatter(src) // a plain fence, or "----" (no fence)
	}
	// The fence on a line of its own, then the key that followed it.
	moved := make([]byte, 0, len(src)+1)
	moved = append(moved, src[:3]...)
	moved = append(moved, '\n')
	moved = append(moved, bytes.TrimLeft(src[3:], " \t")...)
	return hugoReadFrontMatter(moved)
}

// hugoReadFrontMatter reads front matter as readFrontMatter does, but
// for YAML with a key written twice: Hugo's YAML reader takes the last
// value ("aliases: []", then "aliases: [/old/]", has the alias), where
// a strict reader refuses the whole front matter.
func hugoReadFrontMatter(src []byte) frontMatter {
	if !bytes.HasPrefix(src, []byte("---")) {
		return readFrontMatter(src)
	}
	var fm frontMatter
	body, ok := fenced(src, "---")
	if !ok {
		return fm
	}
	var n yaml.Node
	if yaml.Unmarshal(body, &n) != nil {
		return fm
	}
	yamlLastKeys(&n)
	_ = n.Decode(&fm) // a key of another type is left out
	return fm
}

// yamlLastKeys drops from each mapping of n the pairs whose key a later
// pair of the mapping repeats, so that the last one counts. The merge
// key "<<" is left as it is.
func yamlLastKeys(n *yaml.Node) {
	for _, c := range n.Content {
		yamlLastKeys(c)
	}
	if n.Kind != yaml.MappingNode || len(n.Content) < 4 {
		return
	}
	last := make(map[string]int, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value != "<<" {
			last[k.Value] = i
		}
	}
	if len(last) == len(n.Content)/2 {
		return // no key repeated (nor any merge key)
	}
	kept := n.Content[:0]
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind == yaml.ScalarNode && k.Value != "<<" && last[k.Value] != i {
			continue
		}
		kept = append(kept, n.Content[i], n.Content[i+1])
	}
	n.Content = kept
}

// hugoTrimIntro drops what Hugo's page lexer skips before the front
// matter: a byte order mark and white space.
func hugoTrimIntro(src []byte) []byte {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	return bytes.TrimLeft(src, " \t\r\n")
}

// hugoNoBody reports whether the content file src (its first 64 KiB)
// is front matter alone, or with only white space and HTML comments
// after it.
func hugoNoBody(src []byte) bool {
	if len(src) >= 64<<10 {
		return false
	}
	src = hugoTrimIntro(src)
	var fence string
	switch {
	case bytes.HasPrefix(src, []byte("---")):
		fence = "---"
	case bytes.HasPrefix(src, []byte("+++")):
		fence = "+++"
	default:
		return false // JSON front matter, or none: not told apart here
	}
	fm, ok := fenced(src, fence)
	if !ok {
		return false
	}
	nl := bytes.IndexByte(src, '\n')
	body := src[nl+1+len(fm):]
	if k := bytes.IndexByte(body, '\n'); k >= 0 {
		body = body[k+1:] // the closing fence
	} else {
		body = nil
	}
	for {
		body = bytes.TrimSpace(body)
		if !bytes.HasPrefix(body, []byte("<!--")) {
			return len(body) == 0
		}
		k := bytes.Index(body, []byte("-->"))
		if k < 0 {
			return false
		}
		body = body[k+3:]
	}
}

// hugoPermalinkToken finds the tokens of a permalink pattern.
var hugoPermalinkToken = regexp.MustCompile(`:[a-z]+`)

// hugoPermalinkKnown reports whether the model knows every token of the
// permalink pattern pat.
func hugoPermalinkKnown(pat string) bool {
	for _, tok := range hugoPermalinkToken.FindAllString(pat, -1) {
		switch tok {
		case ":year", ":month", ":day", ":slug", ":title", ":filename", ":contentbasename", ":section":
		default:
			return false
		}
	}
	return strings.HasPrefix(pat, "/")
}

// hugoTopSection is the top-level section of a page in the content
// folder dir (a path from the content root).
func hugoTopSection(dir string) string {
	top, _, _ := strings.Cut(dir, "/")
	return strings.ToLower(top)
}

// hugoPermalink makes the URL of the regular page name in the content
// folder dir by the permalink pattern pat, as Hugo's permalink expander
// does (resources/page/permalinks.go): :year, :month and :day of the
// front matter's date, :slug (the slug, else the title), :title,
// :filename and :contentbasename (the file's name; a bundle's folder),
// :section, each urlized. False when the page lacks what a token names.
func hugoPermalink(pat, dir, name string, fm frontMatter, lower bool) (string, bool) {
	base := name
	if name == "index" {
		base = path.Base(dir)
	}
	date := postDate(fm.Date) // "2006/01/02", or ""
	ok := true
	u := hugoPermalinkToken.ReplaceAllStringFunc(pat, func(tok string) string {
		var v string
		switch tok {
		case ":year", ":month", ":day":
			if date == "" {
				ok = false
				return ""
			}
			v = map[string]string{":year": date[:4], ":month": date[5:7], ":day": date[8:10]}[tok]
		case ":slug":
			v = fm.Slug
			if v == "" {
				v = fm.Title
			}
		case ":title":
			v = fm.Title
		case ":filename", ":contentbasename":
			v = base
		case ":section":
			v = hugoTopSection(dir)
		}
		if v == "" {
			ok = false
		}
		return hugoURLize(v, lower)
	})
	return u, ok
}

// hugoModel is what the Hugo model knows beyond the URLs of pages.
//
// byName indexes the pages by name, as Hugo's ref and relref find a page
// named by a path with no slash that is neither beside the page nor at
// the content root (hugolib's page reverse index: ref "languages" is
// docs/languages/_index.md when no other page of the language has that
// name).
type hugoModel struct {
	byName map[string][]string // language code and name -> files
	// rawDropped: Goldmark renders no raw HTML of a Markdown page
	// (markup.goldmark.renderer.unsafe off, Hugo's default since 0.60).
	rawDropped bool
	// mountFiles filters the files of the content mount being read
	// (module.mounts' files); nil keeps all.
	mountFiles *hugoFileFilter
	lang       map[string]string // file -> language code
	// embeddedHook: links are rendered by Hugo's embedded link render
	// hook; assets are the folders its resources.Get reads.
	embeddedHook bool
	// hookAsWritten are the prefixes of the destinations that a site's
	// hook, otherwise resolving as the embedded one, renders as written
	// without looking them up (`not (strings.HasPrefix $link "http")`,
	// which "httpproxy.md" has too).
	hookAsWritten []string
	// oldGetPage: the hook is a site's copy of the embedded one run by
	// a Hugo before 0.123, whose .GetPage looked pages up otherwise.
	oldGetPage bool
	// oldGetPageByName: that .GetPage also found a page by its file
	// name anywhere in the site.
	oldGetPageByName bool
	// buildDrafts: the configuration has Hugo build draft pages.
	buildDrafts bool
	assets      []string
	// permalinks are the patterns of the sections' regular pages;
	// permalinkUnknown says some page's URL is not known.
	permalinks       map[string]string
	permalinkUnknown bool
	// unseen says why pages may exist that no file of the tree shows (a
	// content mount the tree lacks, a module), so that a ref the model
	// does not resolve may name one; "" when the model sees all.
	unseen string
	// disabled are the codes of disableLanguages.
	disabled map[string]bool
	// taxonomies are the taxonomies whose terms the front matter's
	// tags and categories name: each term has a page.
	taxonomies []string
	// redirectsWhy is why the URLs that redirects templates may write
	// are unknown ("" when none): the build's _redirects file has them
	// (BuiltRedirects). mountSpaces are the URL prefixes below which a
	// module mounts content, unknown whatever the build's redirects.
	redirectsWhy string
	mountSpaces  []string
	// scripted are the content files whose text holds a script element
	// (raw HTML Hugo renders with markup.goldmark.renderer.unsafe), which
	// may read the fragment as a route; true when it is the page's own
	// (inline, or a file beside the page), which may write ids too
	// (ScriptRoute).
	scripted map[string]bool
	// topSections: the top-level folders of the content folders
	// ("content/docs"), each a section Hugo renders, an _index file or
	// not.
	topSections map[string]bool
	// written: the content folders a build step writes (hugoBuildSteps).
	written []hugoWritten
	// byType are the content files by their page's type (the front
	// matter's type, else the top-level section) and, after a NUL, the
	// layout their front matter names: hugoTypeIDs.
	byType map[string][]string
}

// UnseenPages returns why the site may have a page at the file p (a
// slash path from the audited root, "/content/latest/packages") that the
// tree does not show, when it may: a ref or relref that names no file of
// the tree there cannot be said to fail the build. A content mount the
// tree lacks may publish any page; a build step writes the pages of the
// content folder it writes (hugoBuildSteps).
func (s *Site) UnseenPages(p string) (string, bool) {
	if s.hugo == nil {
		return "", false
	}
	if s.hugo.unseen != "" {
		return s.hugo.unseen, true
	}
	in, ok := s.inner(strings.TrimPrefix(p, "/"))
	if !ok {
		return "", false
	}
	for _, w := range s.hugo.written {
		if in == w.dir || strings.HasPrefix(in, w.dir+"/") {
			return w.why, true
		}
	}
	return "", false
}

// hugoWritten is a content folder a build step writes, and why it is
// known to (the step's file).
type hugoWritten struct {
	dir, why string
}

// hugoLinkFiles returns the files that Hugo's embedded link render hook
// (tpl/tplimpl/embedded/templates/_markup/render-link.html) may find for
// the destination ref of the page rel, in its order: the page that
// .GetPage finds (from the folder that holds the page, a bundle's from
// the folder that holds the bundle; a path that does not begin with "."
// also from the content root), a resource of the page's bundle, a global
// resource of assets/. A destination it finds becomes that page's or
// resource's URL; one it does not is rendered as written.
func (s *Site) hugoLinkFiles(rel, ref string) []string {
	if s.hugo == nil || !s.hugo.embeddedHook || ref == "" || ref[0] == '#' || s.HookAsWritten(ref) {
		return nil
	}
	ref = uri.StripQueryFragment(ref)
	if dec, err := uri.Unescape(ref); err == nil {
		ref = dec
	}
	ref = strings.TrimPrefix(ref, "./")
	if ref == "" || strings.Contains(ref, "://") || strings.HasPrefix(ref, "//") {
		return nil
	}
	in, ok := s.inner(rel)
	if !ok {
		return nil
	}
	var root string // the content folder of the page
	for _, d := range s.contentDirs {
		if strings.HasPrefix(in, d+"/") && len(d) >= len(root) {
			root = d
		}
	}
	var out []string
	add := func(files ...string) {
		for _, f := range files {
			if f != "" && !strings.HasPrefix(f, "../") {
				out = append(out, s.outer(f))
			}
		}
	}
	// .GetPage finds pages, so only content files: a logo beside a
	// regular page (README.md beside antrea_logo.svg, no index.md) is no
	// page and no resource of a bundle; the hook writes it as it is, and
	// the browser looks for it below the page's URL.
	addPages := func(files ...string) {
		for _, f := range files {
			if hugoContent[strings.ToLower(path.Ext(f))] {
				add(f)
			}
		}
	}
	page := strings.TrimSuffix(ref, "/")
	dir := path.Dir(in)
	candidates := contentCandidates
	if !s.hugo.oldGetPage {
		candidates = hugoFolderFirst
	}
	if !strings.HasPrefix(ref, "/") {
		base := dir
		if n := path.Base(in); strings.HasPrefix(n, "index.") {
			base = path.Dir(dir) // a leaf bundle's container
		}
		addPages(candidates(path.Join(base, page))...)
	}
	if !strings.HasPrefix(ref, ".") && root != "" {
		addPages(candidates(path.Join(root, page))...)
	}
	if s.hugo.oldGetPage {
		addPages(s.hugoOldGetPage(in, root, page)...)
	}
	if !strings.HasPrefix(ref, "/") && strings.HasPrefix(path.Base(in), "index.") {
		add(path.Join(dir, ref)) // a resource of the bundle
	}
	for _, a := range s.hugo.assets {
		add(path.Join(a, ref))
	}
	return out
}

// hugoFolderFirst returns the files the content path p may name
// (contentCandidates), a section's or bundle's index before a page file
// of the same path: of "x.md" and "x/_index.md", Hugo 0.123 and later
// (checked with 0.133, 0.152 and 0.160) publish the section at the URL
// they share, and the page is no page; Hugo 0.111 published the page
// (oldGetPage keeps contentCandidates' order). A bundle's "x/index.md"
// wins over "x.md" in both.
func hugoFolderFirst(p string) []string {
	c := contentCandidates(p)
	out := make([]string, 0, len(c))
	out = append(out, c[0]) // the path as written, a file of that very name
	for _, f := range c[1:] {
		if n := path.Base(f); strings.HasPrefix(n, "_index.") || strings.HasPrefix(n, "index.") {
			out = append(out, f)
		}
	}
	for _, f := range c[1:] {
		if n := path.Base(f); !strings.HasPrefix(n, "_index.") && !strings.HasPrefix(n, "index.") {
			out = append(out, f)
		}
	}
	return out
}

// hugoOldGetPage returns the more files that .GetPage of a Hugo before
// 0.123 may find for the destination page of the content file in
// (hugolib's getContentNode of 0.111): a leaf bundle's "../x" from the
// bundle's own folder, "./x" also from the content root, the last
// segment without any extension (getSectionOrPage trims it: "a.yaml"
// is the page a), and, as Hugo 0.73's page index did, a path with no
// slash by the page's name anywhere in its language (an ambiguous name
// failed the build, which is not a broken link either). The model takes
// every page either Hugo may find, so only what none finds is left
// as written.
func (s *Site) hugoOldGetPage(in, root, page string) []string {
	var out []string
	bare := page
	if e := path.Ext(page); e != "" && !strings.Contains(e, "/") {
		bare = strings.TrimSuffix(page, e)
	}
	dir := path.Dir(in)
	for _, p := range []string{page, bare} {
		if !strings.HasPrefix(p, "/") {
			if strings.HasPrefix(path.Base(in), "index.") && strings.HasPrefix(p, "..") {
				out = append(out, contentCandidates(path.Join(dir, p))...)
			}
			if p != page {
				base := dir
				if strings.HasPrefix(path.Base(in), "index.") && !strings.HasPrefix(p, "..") {
					base = path.Dir(dir)
				}
				out = append(out, contentCandidates(path.Join(base, p))...)
			}
		}
		if root != "" && (p != page || strings.HasPrefix(p, ".")) {
			out = append(out, contentCandidates(path.Join(root, p))...)
		}
	}
	if s.hugo.oldGetPageByName && !strings.Contains(page, "/") {
		out = append(out, s.hugo.find(in, page)...)
	}
	return out
}

// hugoPageName is the name Hugo knows a page by: its file name with
// neither extension nor language, or its folder's for a section or a
// bundle; lower-cased, a space a "-", as Hugo normalizes paths.
func hugoPageName(dir, name string) string {
	if name == "_index" || name == "index" {
		name = path.Base(dir)
		if dir == "" {
			return ""
		}
	}
	return strings.ReplaceAll(strings.ToLower(name), " ", "-")
}

func (n *hugoModel) add(code, rel, dir, name string) {
	k := hugoPageName(dir, name)
	if k == "" {
		return
	}
	k = code + "\x00" + k
	for _, r := range n.byName[k] {
		if r == rel {
			return // a folder mounted twice
		}
	}
	n.byName[k] = append(n.byName[k], rel)
	n.lang[rel] = code
}

// find returns the pages named name in the language of the page rel.
// More than one is ambiguous, which fails Hugo's build; the model,
// which may not see every page, offers them all.
func (n *hugoModel) find(rel, name string) []string {
	if n == nil {
		return nil
	}
	if hugoContent[strings.ToLower(path.Ext(name))] {
		name = strings.TrimSuffix(name, path.Ext(name))
	}
	name = hugoPageName("", name)
	if _, known := n.lang[rel]; !known {
		// A page the model does not lay out (a layout's link): any
		// language's.
		var out []string
		for k, v := range n.byName {
			if _, nm, _ := strings.Cut(k, "\x00"); nm == name {
				out = append(out, v...)
			}
		}
		sort.Strings(out)
		return out
	}
	return n.byName[n.lang[rel]+"\x00"+name]
}

// pages lays out the content folder dir of language l, whose files land
// under the content path sub.
func (hugo) pages(t *Tree, s *Site, l hugoLang, dir, sub string, lower, ugly bool, codes map[string]string) {
	if sub == "" && t.Exists(dir) {
		s.contentDirs = append(s.contentDirs, strings.Trim(path.Clean(dir), "/"))
		// A content file a build step writes (docs pulled from another
		// repository, listed in a .gitignore) would publish the page
		// at its path: SourceCandidates names it, so that a link to
		// it is unknown, not broken.
		s.sourceMounts = append(s.sourceMounts, mount{url: l.prefix, dir: strings.Trim(path.Clean(dir), "/")})
	}
	// The home page is rendered from the templates, an _index file or
	// not, as sections are.
	sections := map[string]bool{l.prefix + "/": true}
	defer func() {
		for u := range sections {
			if _, ok := s.pages[cleanURL(u)]; !ok {
				// No source file: the page exists, its ids are the
				// templates' (a redirect is checked no further).
				s.Redirect(u, u)
			}
		}
	}()
	unrendered := map[string]bool{} // files, and leaf bundles by "folder/index"
	visit := func(rel, p string) {
		d, base := path.Split(p)
		d = strings.TrimSuffix(d, "/")
		ext := strings.ToLower(path.Ext(base))
		name := strings.TrimSuffix(base, path.Ext(base))
		prefix, lang := l.prefix, l.code
		// A translation by file name: "about.fr.md", served where its
		// language's pages are ("about.en.md" of the default language
		// at /about/).
		if k := strings.LastIndexByte(name, '.'); k >= 0 && hasKey(codes, strings.ToLower(name[k+1:])) {
			code := strings.ToLower(name[k+1:])
			if s.hugo.disabled[code] {
				// A translation into a disabled language: no page,
				// its links read by no build.
				s.addPartial(rel)
				return
			}
			name = name[:k]
			prefix, lang = codes[code], code
		}
		urlDir := hugoURLize(d, lower)
		if !hugoContent[ext] {
			// A resource beside a bundle's index is published beside
			// the page, its name as written.
			s.Alias(prefix+"/"+urlDir+"/"+base, rel)
			s.Alias(prefix+"/"+d+"/"+base, rel)
			return
		}
		// Every top-level folder of content is a section whose list page
		// Hugo renders from the templates, an _index file or not
		// (gohugo.io/content-management/sections).
		if top, _, ok := strings.Cut(p, "/"); ok {
			sections[prefix+"/"+hugoURLize(top, lower)+"/"] = true
			if sub == "" {
				if s.hugo.topSections == nil {
					s.hugo.topSections = map[string]bool{}
				}
				s.hugo.topSections[path.Join(strings.Trim(path.Clean(dir), "/"), top)] = true
			}
		}
		src, _ := t.head(rel)
		fm := hugoFrontMatter(src)
		if fm.Draft && !s.hugo.buildDrafts {
			// A draft is built by "hugo server -D", not by the
			// build readers see: its links are read by no reader.
			// It stays a page, which a preview may link to.
			s.addPartial(rel)
		}
		typ := "page" // a page outside every section
		if w := words(fm.Type, false); len(w) > 0 && w[0] != "" {
			typ = strings.ToLower(w[0])
		} else if top, _, ok := strings.Cut(p, "/"); ok {
			typ = strings.ToLower(top)
		}
		if w := words(fm.Layout, false); len(w) > 0 && w[0] != "" {
			typ += "\x00" + w[0] // "docs" and the layout "glossary"
		}
		if s.hugo.byType == nil {
			s.hugo.byType = map[string][]string{}
		}
		s.hugo.byType[typ] = append(s.hugo.byType[typ], rel)
		if hugoUnrendered(fm) {
			// Kept from rendering: its content is included where a
			// template puts it (a headless bundle of snippets).
			unrendered[rel] = true
			if n, _, _ := strings.Cut(path.Base(rel), "."); n == "index" {
				unrendered[path.Dir(rel)+"/index"] = true // the bundle
			}
		}
		if hugoNoBody(src) {
			// What the page shows, its ids too, its templates write
			// (a translation left to the default language's text).
			s.UnknownIDsOf(rel, "the page has no text of its own: its templates write it")
		}
		if any, own := hugoScripts(src); any {
			if s.hugo.scripted == nil {
				s.hugo.scripted = map[string]bool{}
			}
			s.hugo.scripted[rel] = own
		}
		var u string
		switch {
		case fm.URL != "":
			u = fm.URL
			if !strings.HasPrefix(u, "/") {
				u = "/" + u
			}
		case name != "_index" && s.hugo.permalinks[hugoTopSection(d)] != "":
			// A regular page or a leaf bundle of a section with a
			// permalink pattern.
			var ok bool
			if u, ok = hugoPermalink(s.hugo.permalinks[hugoTopSection(d)], d, name, fm, lower); ok {
				u = prefix + u
			} else {
				s.hugo.permalinkUnknown = true
				return // a page without what its permalink names
			}
		case name == "_index" || name == "index":
			u = prefix + "/" + urlDir + "/"
		default:
			seg := hugoURLize(name, lower)
			if fm.Slug != "" {
				seg = hugoURLize(fm.Slug, false)
			}
			if ugly {
				u = prefix + "/" + urlDir + "/" + seg + ".html"
			} else {
				u = prefix + "/" + urlDir + "/" + seg + "/"
			}
		}
		s.Page(rel, u)
		s.hugo.add(lang, rel, d, name)
		for _, tx := range s.hugo.taxonomies {
			terms := fm.Tags
			if tx == "categories" {
				terms = fm.Categories
			}
			for _, term := range words(terms, false) {
				// The list of terms, and the term's page, which
				// the templates write.
				sections[prefix+"/"+tx+"/"] = true
				sections[prefix+"/"+tx+"/"+hugoURLize(term, true)+"/"] = true
			}
		}
		for _, a := range fm.Aliases {
			if !strings.HasPrefix(a, "/") {
				a = path.Dir(strings.TrimSuffix(u, "/")) + "/" + a
			}
			s.Alias(a, rel)
		}
	}
	if sub != "" && hugoContent[strings.ToLower(path.Ext(dir))] {
		visit(dir, sub) // a file mounted as a page ("../README.md")
		return
	}
	folders := map[string]bool{".": true}
	var files []string // content files, to find the bundles' resources
	t.Walk(dir, func(rel string) {
		p := strings.TrimPrefix(rel, strings.Trim(dir, "/")+"/")
		if !s.hugo.mountFiles.keeps(p) {
			return // the mount's files leave it out
		}
		if sub != "" {
			p = sub + "/" + p
		}
		folders[path.Dir(strings.TrimPrefix(rel, strings.Trim(dir, "/")+"/"))] = true
		if hugoContent[strings.ToLower(path.Ext(rel))] {
			files = append(files, rel)
		}
		visit(rel, p)
	})
	hugoIgnoredContent(t, s, l.prefix, dir, sub, folders, lower)
	hugoBundleResources(s, files, unrendered)
}

// hugoBundleResources records as partials the content files that are
// no page Hugo renders: a leaf bundle's content files other than its
// index (in its folder or below: the bundle's resources, which a
// template renders where it includes them), and the pages a page's
// build options keep from rendering (unrendered: headless, render
// never), a leaf bundle's files too (a section's options are its own
// page's: its children render unless it cascades them). Their links are written for the
// pages that include them: read as a template's, not checked. files are
// the content files walked (slash paths from the site's folder).
func hugoBundleResources(s *Site, files []string, unrendered map[string]bool) {
	leaves := map[string]bool{} // folders of leaf bundles
	// A file's name up to its first dot: "index.fr.md" is a
	// translation of the bundle's index.
	stem := func(rel string) string {
		n, _, _ := strings.Cut(path.Base(rel), ".")
		return n
	}
	for _, rel := range files {
		if stem(rel) == "index" {
			leaves[path.Dir(rel)] = true
		}
	}
	if len(leaves) == 0 && len(unrendered) == 0 {
		return
	}
	for _, rel := range files {
		if unrendered[rel] {
			s.addPartial(rel)
			continue
		}
		name := stem(rel)
		for d := path.Dir(rel); d != "." && d != "/" && d != ""; d = path.Dir(d) {
			own := d == path.Dir(rel)
			if leaves[d] && !(own && name == "index") || unrendered[d+"/index"] {
				s.addPartial(rel)
				break
			}
		}
	}
}

// hugoUnrendered reports whether a page's build options keep Hugo from
// rendering it: headless: true, or render never (false) or link under
// build (_build before Hugo 0.145).
func hugoUnrendered(fm frontMatter) bool {
	if b, ok := fm.Headless.(bool); ok && b {
		return true
	}
	for _, opts := range []any{fm.Build, fm.BuildOld} {
		var render any
		switch o := opts.(type) {
		case map[string]any:
			render = o["render"]
		case map[any]any:
			render = o["render"]
		}
		switch r := render.(type) {
		case bool:
			if !r {
				return true
			}
		case string:
			if r = strings.ToLower(r); r == "never" || r == "link" || r == "false" {
				return true
			}
		}
	}
	return false
}

// hugoIgnoredContent makes unverifiable the URLs of the content a
// .gitignore in a content folder names: a build step writes it there
// (a CLI's reference pages generated before hugo runs, listed as
// "Common/" and "flags.md" in content/docs/Reference/Command-Line/.gitignore).
// Their URLs are lower-cased, so a link to one names no path that git's
// case-sensitive patterns match; the page's URL is made from the
// pattern, as Hugo makes it from the file's path. Patterns with
// wildcards, negations or a slash inside are left to the git-ignore
// check of the files a URL may be served from. prefix is the language's
// URL prefix, dir the content folder, sub the folder it is mounted at,
// folders the folders of dir that hold files (paths from dir, "." its
// own).
func hugoIgnoredContent(t *Tree, s *Site, prefix, dir, sub string, folders map[string]bool, lower bool) {
	for f := range folders {
		ignore := path.Join(dir, f, ".gitignore")
		if !t.Exists(ignore) {
			continue
		}
		src, err := t.Read(ignore)
		if err != nil {
			continue
		}
		for line := range strings.Lines(string(src)) {
			pat := strings.TrimSpace(line)
			pat = strings.Trim(pat, "/")
			if pat == "" || pat[0] == '#' || pat[0] == '!' || strings.ContainsAny(pat, "*?[]/\\") {
				continue
			}
			if ext := strings.ToLower(path.Ext(pat)); hugoContent[ext] {
				pat = strings.TrimSuffix(pat, path.Ext(pat))
			}
			u := path.Join(sub, f, pat)
			s.UnknownSpace(prefix+"/"+hugoURLize(u, lower), ignore+" names it: a build step writes it")
		}
	}
}

// hugoURLize makes a path a URL path as Hugo does (urls.MakePath): white
// space becomes "-", characters other than letters, digits and
// "/._-~+#%" are dropped, and the path is lower-cased unless
// disablePathToLower.
func hugoURLize(p string, lower bool) string {
	var b strings.Builder
	for _, r := range p {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('-')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || strings.ContainsRune("/._-~+#%", r):
			b.WriteRune(r)
		}
	}
	out := b.String()
	if lower {
		out = strings.ToLower(out)
	}
	return strings.Trim(out, "/")
}

// blackfridaySlug is Hugo's "blackfriday" heading id: letters and digits
// kept (lower-cased), every run of other characters one "-", none at the
// ends.
func blackfridaySlug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		dash = true
	}
	return b.String()
}

// hugoCodeShortcodes are the paired shortcodes whose inner text Hugo's
// documentation shows as code: what is inside is an example, not a link.
var hugoCodeShortcodes = map[string]bool{"code": true, "highlight": true, "output": true, "code-toggle": true, "codeblock": true}

// CodeRanges returns the byte ranges of src that the publisher shows as
// code although Markdown does not: on a Jekyll site, Liquid's highlight
// blocks (jekyllCodeRanges); on a Hugo site, the inner text of
// paired code shortcodes ("{{< code >}}...{{< /code >}}"). One pass
// lists the shortcode tags; each opening pairs with the next closing tag
// of its name. The ranges are sorted and apart, for a reader to search.
func (s *Site) CodeRanges(src []byte) [][2]int {
	if s.Generator == "jekyll" {
		return s.jekyllTextRanges(src)
	}
	if s.Generator != "hugo" {
		return nil
	}
	return hugoCodeShortcodeRanges(src)
}

// hugoCodeShortcodeRanges returns the inner text of src's paired code
// shortcodes (CodeRanges of a Hugo site), in order.
func hugoCodeShortcodeRanges(src []byte) [][2]int {
	type tag struct {
		start, end int // of the tag
		name       string
		closing    bool
	}
	var tags []tag
	text := string(src)
	for off := 0; ; {
		k := strings.Index(text[off:], "{{<")
		if k < 0 {
			break
		}
		start := off + k
		end := strings.Index(text[start:], ">}}")
		if end < 0 {
			break
		}
		inner := strings.TrimSpace(text[start+3 : start+end])
		off = start + end + 3
		closing := false
		if r, ok := strings.CutPrefix(inner, "/"); ok && !strings.HasPrefix(r, "*") {
			closing, inner = true, strings.TrimSpace(r)
		}
		name, _, _ := strings.Cut(inner, " ")
		if hugoCodeShortcodes[name] {
			tags = append(tags, tag{start, off, name, closing})
		}
	}
	var out [][2]int
	next := map[string]int{} // name -> index of the first tag not yet passed
	pos := 0
	for i, t := range tags {
		if t.closing || t.start < pos {
			continue
		}
		j := max(next[t.name], i+1)
		for j < len(tags) && !(tags[j].closing && tags[j].name == t.name) {
			j++
		}
		next[t.name] = j
		if j == len(tags) {
			continue // not paired: no inner text
		}
		out = append(out, [2]int{t.end, tags[j].start})
		pos = tags[j].end
	}
	return out
}

// hugoPartialCall matches a template's call of a partial by a name
// written as text.
// hugoTypeIDs makes unverifiable the ids of the pages whose type's
// templates write ids of their own making. Hugo renders a page with the
// templates of its type's folder (layouts/TYPE/, the type being the
// front matter's type, else the page's top-level section) before
// _default's: those every page of the type takes (baseof, single, list,
// section, page, and Hugo 0.146's all) and the one its front matter's
// layout names. One that writes an id attribute whose value is a
// template action (an adopters page ranging over a data file with <h2
// id={{ .project | urlize }}>) gives the page ids that no source heading
// shows. An id with text before the action (id="toggle-{{ .File.UniqueID
// }}", a menu's) is taken as one no link names, as a shortcode's
// written from no argument. The page's own headings keep their ids.
// dirs are the layouts folders, the site's and its themes'.
func hugoTypeIDs(t *Tree, s *Site, dirs []string) {
	for key, rels := range s.hugo.byType {
		typ, layout, _ := strings.Cut(key, "\x00")
		names := []string{"baseof", "single", "list", "section", "page", "all"}
		if layout != "" {
			names = append(names, layout)
		}
		why := ""
		for _, d := range dirs {
			for _, n := range names {
				rel := path.Join(d, path.Clean("/"+typ), path.Clean("/"+n)+".html")
				if why != "" || !t.Exists(rel) {
					continue
				}
				if src, err := t.Read(rel); err == nil && hugoTemplateID.Match(src) {
					why = rel + " writes ids from a template expression"
				}
			}
		}
		if why == "" {
			continue
		}
		for _, rel := range rels {
			if _, ok := s.unknownPageIDs[rel]; !ok {
				s.UnknownIDsOf(rel, why)
			}
		}
	}
}

// hugoTemplateID matches an id attribute whose value is a template
// action: id={{ .x }}, id="{{ .x }}".
var hugoTemplateID = regexp.MustCompile(`\bid\s*=\s*["']?\{\{`)

var hugoPartialCall = regexp.MustCompile(`partial(?:Cached)?\s+"([^"]+)"`)

// hugoKnownThemes are the themes and modules, by name or module path,
// whose render hooks the model knows when the tree lacks them: Docsy has
// no render-link or render-heading hook of its own (its heading partial
// is one a site's hook may call), checked against google/docsy's history
// from 2019 to 2026.
var hugoKnownThemes = map[string]bool{"docsy": true, "github.com/google/docsy": true, "github.com/google/docsy/dependencies": true}

// hugoKnownThemeShortcodes are, by theme name or module path, the
// shortcodes of a theme of hugoKnownThemes that write no id in any of its
// versions, which the model knows when the tree lacks the theme. Docsy's
// alert and pageinfo render their .Inner as Markdown (its headings are in
// the page's source) inside elements with no id; checked against every
// version of them in google/docsy's history, 2018 to 2026. Its other
// shortcodes (tabpane, blocks/*, readfile, card) write ids or render
// what the model does not see.
var hugoKnownThemeShortcodes = map[string][]string{
	"docsy":                   {"alert", "pageinfo"},
	"github.com/google/docsy": {"alert", "pageinfo"},
}

// hugoQuietShortcodes are the shortcodes the model knows to write no
// ids: Hugo's own (gohugo.io/shortcodes: comment, details, figure, gist,
// highlight, instagram, param, qr, ref, relref, vimeo, x, youtube and
// the older twitter, tweet) and the code shortcodes read as code
// (hugoCodeShortcodes). Any other is a template of the site, its theme or
// a module: what it writes, ids included, is not modelled.
var hugoQuietShortcodes = map[string]bool{"comment": true, "details": true, "figure": true, "gist": true,
	"highlight": true, "instagram": true, "param": true, "qr": true, "ref": true, "relref": true,
	"vimeo": true, "x": true, "youtube": true, "twitter": true, "tweet": true}

// shortcodeIDs are the ids a shortcode's templates may write: any id
// when they render what the model does not see (another file, a partial,
// data, Markdown made from an argument, a heading of their own), else
// those beginning with one of prefixes: the literal start of each id
// attribute ("def-" of id="def-{{ .Get "id" }}"; the whole id when it
// is literal).
type shortcodeIDs struct {
	any    bool
	argIDs bool // an id attribute whose value a template expression writes
	// argHTML: the template writes text as HTML (safeHTML) but has no id
	// attribute of its own: its ids are those of HTML in the call's
	// arguments, if any.
	argHTML  bool
	prefixes []string
}

// hugoOpaque are what, in a shortcode's template, renders text the model
// does not see, ids possibly included. Markdown rendered from the call
// (markdownify, RenderString of .Inner or of an argument) is not: the
// inner text's headings are in the page's source, where the model reads
// them. A partial is read in turn (hugoPartial).
var hugoOpaque = []string{"readFile", ".Content", "safeHTML",
	"template ", "getJSON", "getCSV", "resources.", ".Data", "transform.", "os.", "htmlUnescape", "\n#", "\n #"}

// hugoComment is a template comment ("{{/* @example {{ partial "x" }} */}}"),
// which renders nothing.
var hugoComment = regexp.MustCompile(`\{\{-?\s*/\*(?s:.*?)\*/\s*-?\}\}`)

// htmlComment is an HTML comment of a template's text.
var htmlComment = regexp.MustCompile(`<!--(?s:.*?)-->`)

// hugoPartial finds the partials a template calls: the name, or a
// name the model cannot read (a variable).
var hugoPartial = regexp.MustCompile(`\bpartial(?:Cached)?\s+(?:"([^"]*)"|\S)`)

// maxPartialDepth bounds the partials followed from a shortcode: a
// deeper chain (or a cycle) is taken as rendering what the model does
// not see.
const maxPartialDepth = 4

// svgIcons reports whether every resource the template text reads is
// an SVG file ("resources.Get (printf "icons/%s.svg" .name)"), whose
// content it may inline: an icon's ids are its own graphics' (gradients,
// clip paths), which no link of a page names.
func svgIcons(text string) bool {
	found := false
	for line := range strings.Lines(text) {
		if strings.Contains(line, "resources.") {
			if !strings.Contains(line, "resources.Get") || !strings.Contains(line, `.svg"`) {
				return false
			}
			found = true
		}
	}
	return found
}

// add reads one template of the shortcode, depth partials below it;
// partial reads a partial template by name.
func (sc *shortcodeIDs) add(src []byte, partial func(string) []byte, depth int) {
	// html/template drops the HTML comments of a template's text
	// ("<!-- # Original table shortcode -->"): they render nothing.
	text := "\n" + htmlComment.ReplaceAllString(hugoComment.ReplaceAllString(string(src), ""), "")
	icons := svgIcons(text)
	for _, o := range hugoOpaque {
		if icons && (o == "resources." || o == ".Content" || o == "safeHTML") {
			continue
		}
		if o == "safeHTML" && strings.Contains(text, o) && !strings.Contains(text, "id=") {
			// What it writes as HTML is made of the call's inner
			// Markdown, its arguments and the template's text (every
			// other source is opaque of its own): with no id attribute
			// in the text, only HTML in the arguments may hold one.
			sc.argHTML = true
			continue
		}
		if strings.Contains(text, o) {
			sc.any = true
			return
		}
	}
	for _, m := range hugoPartial.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < 0 || depth >= maxPartialDepth {
			sc.any = true
			return
		}
		p := partial(text[m[2]:m[3]])
		if p == nil {
			sc.any = true // a theme's or a module's the tree lacks
			return
		}
		if sc.add(p, partial, depth+1); sc.any {
			return
		}
	}
	for off := 0; ; {
		k := strings.Index(text[off:], "id=")
		if k < 0 {
			return
		}
		at := off + k
		off = at + 3
		if c := text[at-1]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == ':' {
			continue // "data-id=", "grid=": no id attribute
		}
		v := text[off:]
		var quote byte
		if v != "" && (v[0] == '"' || v[0] == '\'') {
			quote, v = v[0], v[1:]
		}
		end := len(v)
		if e := strings.Index(v, "{{"); e >= 0 {
			end = e
		}
		stops := " \t\n>"
		if quote != 0 {
			stops = string(quote)
		}
		if e := strings.IndexAny(v, stops); e >= 0 && e < end {
			end = e
		}
		p := v[:end]
		if p == "" && strings.HasPrefix(v, "{{") {
			// id="{{ $guid }}": what the variable holds begins as
			// its one assignment says (printf "tabs-%d" .Ordinal).
			if e := strings.Index(v, "}}"); e >= 0 {
				expr := strings.Trim(v[2:e], "- \t")
				expr = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(expr, "| anchorize"), "| urlize"))
				if name, ok := strings.CutPrefix(expr, "$"); ok {
					p, _ = hugoVarPrefix(text, name, 0)
				}
			}
		}
		if p == "" {
			sc.argIDs = true
		} else if !slices.Contains(sc.prefixes, p) {
			sc.prefixes = append(sc.prefixes, p)
		}
	}
}

// hugoVarAssign matches an assignment of a template variable
// ("{{ $guid := printf "tabs-%d" .Ordinal }}"): its name and what is
// assigned.
var hugoVarAssign = regexp.MustCompile(`\$(\w+)\s*:?=\s*([^}]*?)\s*-?}}`)

// hugoVarPrefix returns the text that every value of the template
// variable name of the template text begins with, when it has one
// assignment, a string ("tabs") or a printf whose format begins with
// text ("tabs-%d") or with "%s" of another such variable, and the text is
// one that anchorize and urlize keep as it is (lower-case letters,
// digits, "-" and "_"). "" when it has none.
func hugoVarPrefix(text, name string, depth int) (string, bool) {
	var expr string
	n := 0
	for _, m := range hugoVarAssign.FindAllStringSubmatch(text, -1) {
		if m[1] == name {
			expr, n = m[2], n+1
		}
	}
	if n != 1 || depth > 3 {
		return "", false
	}
	format, isPrintf := strings.CutPrefix(expr, "printf ")
	format = strings.TrimSpace(format)
	if !strings.HasPrefix(format, `"`) {
		return "", false
	}
	lit, rest, ok := strings.Cut(format[1:], `"`)
	if !ok || strings.Contains(lit, `\`) {
		return "", false
	}
	prefix := lit
	if isPrintf {
		prefix, _, _ = strings.Cut(lit, "%")
		if prefix == "" && strings.HasPrefix(lit, "%s") {
			// printf "%s-%s-tab" $guid $entry: begins as $guid does.
			args := strings.Fields(rest)
			if len(args) == 0 || !strings.HasPrefix(args[0], "$") {
				return "", false
			}
			prefix, _ = hugoVarPrefix(text, strings.TrimPrefix(args[0], "$"), depth+1)
		}
	}
	if prefix == "" || strings.Trim(prefix, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return "", false
	}
	return prefix, true
}

// ShortcodeIDs returns why the id frag of a page that calls the
// shortcodes names (in the order the page calls them; withArgs are those
// it calls with arguments at least once) may be one the model does not
// know, when it may: on a Hugo site, a shortcode whose templates may
// write that id (one beginning as an id attribute of theirs does, one a
// template expression writes when the call gives arguments, or any when
// they render what the model does not see), or one that is neither the
// site's nor Hugo's own (a module's). An id a template writes from no
// argument of the call (.Ordinal, the page's name) is taken to be one no
// link names. withHTML are the shortcodes called with HTML ("<") in
// their arguments at least once, which a template may write as is.
func (s *Site) ShortcodeIDs(names, withArgs, withHTML []string, frag string) (string, bool) {
	if s.Generator != "hugo" {
		return "", false
	}
	for _, n := range names {
		sc, ok := s.shortcodes[n]
		if !ok {
			if hugoQuietShortcodes[n] || hugoCodeShortcodes[n] {
				continue
			}
			return fmt.Sprintf("the page calls the shortcode %q, which the model does not have", n), true
		}
		if sc.any {
			return fmt.Sprintf("the page calls the shortcode %q, whose output the model does not render", n), true
		}
		if sc.argHTML && slices.Contains(withHTML, n) {
			return fmt.Sprintf("the page calls the shortcode %q with HTML in its arguments, which its template writes as HTML", n), true
		}
		if sc.argIDs && slices.Contains(withArgs, n) {
			return fmt.Sprintf("the page calls the shortcode %q with arguments, from which its template writes ids", n), true
		}
		for _, p := range sc.prefixes {
			if strings.HasPrefix(frag, p) {
				return fmt.Sprintf("the page calls the shortcode %q, whose template writes ids beginning %q", n, p), true
			}
		}
	}
	return "", false
}

// ShortcodeUses returns the names of the shortcodes src calls
// ("{{< name ... >}}", "{{% name ... %}}"), each once, in the order of
// their first call; closing tags and commented-out calls ("{{</* x */>}}")
// are no calls, nor is a "{{% name %}}" in a fenced code block: Hugo
// renders its output as Markdown, there as code, which has no ids (a
// "{{< name >}}" there is still a call: its output is put in as HTML).
// withArgs are those of them called with arguments ("{{< note id="x"
// >}}") at least once; withHTML those called with a "<" in their
// arguments (or with arguments spread over lines, which are not read)
// at least once. Each is nil when empty. One scan gives all three: a
// page's source is read once for them.
func ShortcodeUses(src []byte) (names, withArgs, withHTML []string) {
	shortcodeCalls(src, func(name string, args, html bool) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
		if args && !slices.Contains(withArgs, name) {
			withArgs = append(withArgs, name)
		}
		if html && !slices.Contains(withHTML, name) {
			withHTML = append(withHTML, name)
		}
	})
	return names, withArgs, withHTML
}

// shortcodeCalls calls fn with each shortcode call of src, as ShortcodeUses
// finds them, whether the call has arguments: anything between its
// name and the closing ">}}" or "%}}" of the same line (a call spread
// over lines has them), and whether they may hold HTML (a "<", or
// arguments spread over lines).
func shortcodeCalls(src []byte, fn func(name string, args, html bool)) {
	var fence []byte // the opening fence of the code block the line is in
	for len(src) > 0 {
		line := src
		if k := bytes.IndexByte(src, '\n'); k >= 0 {
			line, src = src[:k], src[k+1:]
		} else {
			src = nil
		}
		if f := fenceOf(line); f != nil {
			switch {
			case fence == nil:
				fence = f
				continue
			case f[0] == fence[0] && len(f) >= len(fence) && len(bytes.TrimSpace(line)) == len(f):
				fence = nil
				continue
			}
		}
		for off := 0; off < len(line); {
			k := bytes.Index(line[off:], []byte("{{"))
			if k < 0 {
				break
			}
			i := off + k + 2
			off = i
			if i >= len(line) || line[i] != '<' && line[i] != '%' || line[i] == '%' && fence != nil {
				continue
			}
			closing := []byte("%}}")
			if line[i] == '<' {
				closing = []byte(">}}")
			}
			i++
			for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
				i++
			}
			if i < len(line) && (line[i] == '/' || line[i] == '*') {
				continue // a closing tag or a comment
			}
			j := i
			for j < len(line) && isNameByte(line[j]) {
				j++
			}
			if j == i {
				continue
			}
			rest := line[j:]
			args, html := true, true
			if e := bytes.Index(rest, closing); e >= 0 {
				args = len(bytes.TrimSpace(rest[:e])) > 0
				html = bytes.IndexByte(rest[:e], '<') >= 0
			}
			fn(string(line[i:j]), args, html)
			off = j
		}
	}
}

// fenceOf returns the fence that line opens or closes ("```", "~~~~"),
// indented at most three spaces (CommonMark 4.5), or nil.
func fenceOf(line []byte) []byte {
	t := line
	for n := 0; n < 3 && len(t) > 0 && t[0] == ' '; n++ {
		t = t[1:]
	}
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return nil
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || t[0] == '`' && bytes.IndexByte(t[n:], '`') >= 0 {
		return nil
	}
	return t[:n]
}

// isNameByte reports whether c may be part of a shortcode's name (its
// template's path: "docs/note", "my-box_2").
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '/' || c == '.'
}

// hugoCopyDepth bounds how deep below the root Hugo content outside a
// site is looked for (hugoCopiedContent).
const hugoCopyDepth = 6

// hugoCopiedContent finds Markdown written as Hugo content outside every
// site of the repository: a folder holding a section file (_index.md,
// with front matter) that no site's folder holds, in a repository that
// keeps a Hugo site in a folder of its own (a code repository with
// docs/ beside website/). A build step copies such a folder into the
// site's content (a script run before hugo, whose links it may rewrite
// to refs), so its links are written for pages at URLs the tree does not
// say: they are not repository paths for GitHub to resolve, nor can the
// model resolve them as the site's. They are read as a template's, not
// checked, and the root's detection line names the folders. A Hugo site
// at the root is such a site too: a section folder beside its content
// folder (docs/ of a project site whose script copies it into
// content/docs/VERSION/ for each release) is no page of it, nor a
// folder GitHub readers browse; its content, layouts, themes,
// archetypes, static and configuration folders are its own.
func hugoCopiedContent(root *Site, sites []*Site) {
	var site *Site
	skip := map[string]bool{}
	for _, s := range sites {
		skip[s.dir] = true
		if s.Generator == "hugo" && site == nil {
			site = s
		}
	}
	if root.Generator == "hugo" {
		site = root
		for _, d := range slices.Concat(root.contentDirs, root.templates, root.configDirs) {
			skip[d] = true
		}
		for _, m := range root.mounts {
			skip[m.dir] = true
		}
		for _, d := range []string{"public", "resources", "assets", "static", "data", "i18n"} {
			skip[d] = true
		}
	}
	if site == nil {
		return
	}
	t := &Tree{Root: root.root}
	var copied []string
	var visit func(rel string, depth int)
	visit = func(rel string, depth int) {
		entries, err := os.ReadDir(filepath.Join(root.root, filepath.FromSlash(rel)))
		if err != nil {
			return
		}
		if rel != "" {
			for _, e := range entries {
				if e.Name() != "_index.md" || e.IsDir() {
					continue
				}
				p, err := t.open(path.Join(rel, e.Name()))
				if err != nil {
					continue
				}
				if src, err := ReadHead(p, 3); err == nil && (bytes.Equal(src, []byte("---")) || bytes.Equal(src, []byte("+++"))) {
					copied = append(copied, rel)
					return // the folder is content, all below it
				}
			}
		}
		if depth == hugoCopyDepth {
			return
		}
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() || strings.HasPrefix(name, ".") || noSiteDirs[name] || skip[path.Join(rel, name)] {
				continue
			}
			visit(path.Join(rel, name), depth+1)
		}
	}
	visit("", 0)
	if len(copied) == 0 {
		return
	}
	root.templates = append(root.templates, copied...)
	where := site.dir + "/"
	if site == root {
		where = "the content folders"
	}
	root.Note("Hugo content outside %s, copied in by a build step, not checked: %s", where, strings.Join(copied, ", "))
}

// renderedRedirects reports whether the site's templates write its
// _redirects file (Hugo's output format with that baseName). Hugo
// renders it after copying the static files, so the build's _redirects
// is the template's, a static/_redirects of the same name overwritten:
// the host applies the template's rules alone.
func (s *Site) renderedRedirects() bool {
	return s.hugo != nil && s.hugo.redirectsWhy != ""
}

// BuiltRedirects reads the _redirects file of the site's build, which
// the host applies (BuildRedirects). Where templates write the site's
// redirects (Hugo's outputFormats with baseName _redirects), the file
// is their output: the rules the model could not render (a range over
// a list, a printf) are there, so the URLs it left unknown for them are
// known again, by the file's rules and the build's pages.
func (s *Site) BuiltRedirects(src []byte) {
	if s.renderedRedirects() {
		s.unknown = slices.DeleteFunc(s.unknown, func(u unknownSpace) bool {
			return u.why == s.hugo.redirectsWhy && !slices.Contains(s.hugo.mountSpaces, u.prefix)
		})
	}
	s.BuildRedirects(src)
}

// hasKey reports whether m has the key k.
func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// hugoTranslations returns the files of code's language that Hugo takes
// for the content files of files: a ref from an English page to
// "/docs/principles" finds docs/principles.en.md (or _index.en.md), the
// page's translation named by its file (Hugo 0.111 and 0.160 alike).
func hugoTranslations(files []string, code string) []string {
	if code == "" {
		return nil
	}
	var out []string
	for _, f := range files {
		if ext := path.Ext(f); slices.Contains(contentExts, ext) {
			out = append(out, strings.TrimSuffix(f, ext)+"."+code+ext)
		}
	}
	return out
}

// belowRegularPage reports whether the URL path p names a file in the
// folder of a regular page of the site's content, or below it (one not published from
// an index or _index file: no bundle, whose resources the model lays
// out, nor a section, whose children it lays out), other than an output
// format's index.EXT. A theme serves its static files at the paths of
// its static folder, which are not inside a page of the site's: a link
// from that page to "./skaffold.yaml" beside it names nothing the theme
// can publish (Hugo 0.111 and 0.160 alike).
func (s *Site) belowRegularPage(p string) bool {
	d, base := path.Split(strings.TrimSuffix(p, "/"))
	if strings.HasPrefix(base, "index.") {
		return false
	}
	for ; d != "/" && d != ""; d, _ = path.Split(strings.TrimSuffix(d, "/")) {
		f, ok := s.pages[d]
		if !ok || s.urls[f] != d {
			continue // no page, or a second URL of one (an alias)
		}
		name := path.Base(f)
		name = strings.TrimSuffix(name, path.Ext(name))
		name, _, _ = strings.Cut(name, ".") // "index.fr"
		return name != "index" && name != "_index" && hugoContent[strings.ToLower(path.Ext(f))]
	}
	return false
}

// hugoScripts reports whether a content file's text holds a script
// element ("<script", any case), and whether one is the page's own: an
// inline script (no src) or one whose src is relative, a file beside the
// page (a generated reference's main.js). A script the site serves to
// many pages ("/js/collapsible.js") reads the fragment at most; the
// page's own may write what it shows, ids too. A "<script" that the page
// shows as code (hugoCodeText: a fenced block, a code span, a code
// shortcode's inner text) or hides in an HTML comment runs nothing: a
// page explaining how to embed a widget is no page whose ids a script
// writes.
func hugoScripts(src []byte) (any, own bool) {
	if !containsFoldScript(src) {
		return false, false // the common page: no list of code ranges made
	}
	code := hugoCodeText(src)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '<')
		if i < 0 {
			return any, own
		}
		at := off + i
		off = at + 1
		rest := src[off:]
		if len(rest) < len("script") || !bytes.EqualFold(rest[:len("script")], []byte("script")) || inRanges(code, at) {
			continue
		}
		any = true
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return any, own
		}
		tag := rest[:end]
		off += end + 1 // on past the tag: each byte is read once
		k := indexFoldSrc(tag)
		if k < 0 {
			return true, true // inline: the page's own
		}
		v := bytes.TrimLeft(tag[k+len("src="):], "\"'")
		if len(v) > 0 && v[0] != '/' && !bytes.Contains(v[:min(len(v), 12)], []byte(":")) && v[0] != '{' {
			return true, true // beside the page
		}
	}
}

// containsFoldScript reports whether src holds "<script" in any letter
// case, without a lowered copy.
func containsFoldScript(src []byte) bool {
	for {
		i := bytes.IndexByte(src, '<')
		if i < 0 {
			return false
		}
		src = src[i+1:]
		if len(src) >= len("script") && bytes.EqualFold(src[:len("script")], []byte("script")) {
			return true
		}
	}
}

// hugoCodeText returns the byte ranges of a content file's text that
// Hugo renders as code or not at all, sorted and apart: fenced code
// blocks (a fence at any indentation, as in a list item, closed by a run
// of its character at least as long; one left open runs to the end),
// code spans (a run of backticks closed by a run of the same length on
// its line, CommonMark 6.1; a span across lines is not seen), HTML
// comments ("<!--" to "-->") and the inner text of paired code
// shortcodes. Each line is read once; a backtick run's closing is looked
// for once per run length and line, so a line of unclosed runs is not
// read again for each.
func hugoCodeText(src []byte) [][2]int {
	var out [][2]int
	var fence []byte
	fenceStart := 0
	for off := 0; off < len(src); {
		line := src[off:]
		next := len(src)
		if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
			line, next = line[:nl], off+nl+1
		}
		trimmed := bytes.TrimLeft(line, " \t")
		if run := fenceRun(trimmed); run != nil {
			switch {
			case fence == nil && (run[0] == '~' || bytes.IndexByte(trimmed[len(run):], '`') < 0):
				fence, fenceStart = run, off
				off = next
				continue
			case fence != nil && run[0] == fence[0] && len(run) >= len(fence) && len(bytes.TrimSpace(trimmed[len(run):])) == 0:
				out = append(out, [2]int{fenceStart, next})
				fence = nil
				off = next
				continue
			}
		}
		if fence != nil {
			off = next
			continue
		}
		var closed [33]bool // run lengths with no closing run on the rest of the line
		for i := 0; i < len(line); {
			switch {
			case line[i] == '`':
				n := 1
				for i+n < len(line) && line[i+n] == '`' {
					n++
				}
				k := min(n, len(closed)-1)
				if !closed[k] {
					if e := closingRun(line[i+n:], n); e >= 0 {
						out = append(out, [2]int{off + i, off + i + n + e + n})
						i += n + e + n
						continue
					}
					closed[k] = true
				}
				i += n
			case line[i] == '<' && bytes.HasPrefix(line[i:], []byte("<!--")):
				e := bytes.Index(src[off+i+4:], []byte("-->"))
				end := len(src)
				if e >= 0 {
					end = off + i + 4 + e + 3
				}
				out = append(out, [2]int{off + i, end})
				if end >= next {
					i = len(line) // the comment goes on past this line
					next = max(next, end)
					continue
				}
				i = end - off
			default:
				i++
			}
		}
		off = next
	}
	if fence != nil {
		out = append(out, [2]int{fenceStart, len(src)})
	}
	if sc := hugoCodeShortcodeRanges(src); len(sc) > 0 {
		out = append(out, sc...)
		slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
		merged := out[:1]
		for _, r := range out[1:] {
			if last := &merged[len(merged)-1]; r[0] <= last[1] {
				last[1] = max(last[1], r[1])
				continue
			}
			merged = append(merged, r)
		}
		out = merged
	}
	return out
}

// fenceRun returns the run of three or more backticks or tildes that
// line (its indentation cut) begins with, or nil.
func fenceRun(line []byte) []byte {
	if len(line) < 3 || line[0] != '`' && line[0] != '~' {
		return nil
	}
	n := 1
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return nil
	}
	return line[:n]
}

// closingRun returns the index in s of the first run of exactly n
// backticks, or -1.
func closingRun(s []byte, n int) int {
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		m := 1
		for i+m < len(s) && s[i+m] == '`' {
			m++
		}
		if m == n {
			return i
		}
		i += m
	}
	return -1
}

// indexFoldSrc returns the index of the first "src=" in tag in any letter
// case, or -1, without a lowered copy of the tag.
func indexFoldSrc(tag []byte) int {
	for i := 0; i+len("src=") <= len(tag); i++ {
		if tag[i]|0x20 == 's' && tag[i+1]|0x20 == 'r' && tag[i+2]|0x20 == 'c' && tag[i+3] == '=' {
			return i
		}
	}
	return -1
}

// ScriptRoute reports why the fragment frag of the page rel (slash path
// from the audited root) is no id the model can check: the page's text
// holds a script element, which the browser runs and the model does not.
// Any script may read a fragment written as a path as a route (Swagger
// UI's "#/SkaffoldService/Execute", a hash router's "#!/x"); the page's
// own (hugoScripts) may write what the page shows (a reference table
// built from a schema, with an id per row). The ids of the page's own
// headings are still checked first.
func (s *Site) ScriptRoute(rel, frag string) (string, bool) {
	if s.hugo == nil || frag == "" {
		return "", false
	}
	in, ok := s.inner(rel)
	if !ok {
		return "", false
	}
	own, scripted := s.hugo.scripted[in]
	if scripted && strings.ContainsRune("/!?", rune(frag[0])) {
		return "the page's script reads a fragment written as a path (a route), not an id", true
	}
	if own {
		return "the page's own script element writes what the browser shows, ids too", true
	}
	return "", false
}

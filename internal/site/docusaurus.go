package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// docusaurus publishes a Docusaurus site (docusaurus.io: "docs/create-doc",
// "guides/docs/docs-introduction", "static-assets"). The docs plugin
// publishes docs/ under routeBasePath ("/docs"): a file's path without
// its extension and without number prefixes ("01-intro.md" is "intro"),
// index.md, README.md or a file named as its folder at the folder's URL;
// front matter "id" replaces the last segment and "slug" the URL
// (absolute from the route base, or relative to the folder); the pages
// plugin publishes src/pages/ at "/"; static/ is served at "/"; a path
// beginning "@site/" starts at the site's folder. Heading ids are
// GitHub's slugs, but a leading "# Title" becomes the page's title, which
// has none.
type docusaurus struct{}

// The configuration is code: only plain string options are read from it.
var (
	docusaurusRouteBase = docusaurusOptionKey("routeBasePath")
	docusaurusPath      = docusaurusOption("path")
	docusaurusPathKey   = docusaurusOptionKey("path")
	docusaurusNumber    = regexp.MustCompile(`^\d+[-_.]`)
	// The site's url: a string, or an environment variable that falls
	// back on one (`process.env["SITE_URL"] || "https://x.dev"`: what a
	// build without the variable gets), as baseUrl is read.
	docusaurusURL     = regexp.MustCompile(`\burl:\s*(?:process\.env(?:\.[A-Za-z_$][\w$]*|\[\s*['"][^'"]+['"]\s*\])\s*(?:\|\||\?\?)\s*)?['"](https?://[^'"]+)['"]`)
	docusaurusBaseURL = regexp.MustCompile(`(?:^|[^\w$.])['"]?baseUrl['"]?\s*([:,}\n])`)
)

// docusaurusBaseURLOf returns the path the configuration's baseUrl
// sets, "/"-wrapped ("/ts-jest/"), and whether it could be read: a
// string; an expression that falls back on a string
// ("process.env.BASE_URL || '/ts-jest/'", what a build without the
// variable gets); a constant set to a string ("baseUrl: base", "baseUrl,"
// with "const base = '/x/'"). Anything else is code the model does not
// run. No baseUrl is "/".
func docusaurusBaseURLOf(cfg []byte) (string, bool) {
	// The site's baseUrl is the one least deep in brackets: a locale's
	// own (i18n.localeConfigs) is further in.
	var m []int
	best, depth, at := -1, 0, 0
	for _, c := range docusaurusBaseURL.FindAllSubmatchIndex(cfg, -1) {
		for ; at < c[0]; at++ {
			switch cfg[at] {
			case '{', '[', '(':
				depth++
			case '}', ']', ')':
				depth--
			}
		}
		// Not in a comment ("// Set the baseUrl" ends a line as a
		// shorthand property does).
		line := cfg[bytes.LastIndexByte(cfg[:c[0]], '\n')+1 : c[0]]
		if t := bytes.TrimSpace(line); bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("*")) || bytes.HasPrefix(t, []byte("/*")) {
			continue
		}
		if m == nil || depth < best {
			m, best = c, depth
		}
	}
	if m == nil {
		return "/", true
	}
	var v string
	if cfg[m[2]] == ':' {
		v = docusaurusExpr(cfg[m[3]:])
	} else {
		v = "baseUrl" // shorthand: the constant of that name
	}
	if b, ok := docusaurusEnvBranch(v); ok {
		v = b
	}
	lit, ok := docusaurusString(v)
	if !ok {
		if i := max(strings.LastIndex(v, "||"), strings.LastIndex(v, "??")); i >= 0 {
			lit, ok = docusaurusString(strings.TrimSpace(v[i+2:]))
		}
	}
	if !ok && docusaurusIdent.MatchString(v) {
		lit, ok = docusaurusString(docusaurusConstExpr(cfg, v))
	}
	if !ok {
		return "", false
	}
	if lit = strings.Trim(lit, "/"); lit == "" {
		return "/", true
	}
	return "/" + lit + "/", true
}

var docusaurusIdent = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)

// docusaurusEnvTest is a condition on one environment variable:
// "process.env.X", "!process.env.X", or it compared with a string
// ("process.env.VERCEL_ENV === 'preview'").
var docusaurusEnvTest = regexp.MustCompile(`^\(?\s*(!?)\s*process\.env(?:\.[A-Za-z_$][\w$]*|\[\s*['"][^'"]+['"]\s*\])\s*(?:(===?|!==?)\s*(?:'[^']*'|"[^"]*"))?\s*\)?$`)

// docusaurusEnvBranch returns the branch of a conditional expression
// ("process.env.VERCEL_ENV === 'preview' ? '/' : '/proj'") that a build
// without the variable takes: undefined is falsy and equals no string.
// It reports false for any other expression.
func docusaurusEnvBranch(v string) (string, bool) {
	q, c := -1, -1
	var quote byte
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"' || ch == '`':
			quote = ch
		case ch == '?' && q < 0:
			if i+1 < len(v) && (v[i+1] == '?' || v[i+1] == '.') {
				return "", false // ?? or ?.: not the operator read here
			}
			q = i
		case ch == ':' && q >= 0 && c < 0:
			c = i
		case ch == '?' || ch == ':':
			return "", false // nested: not read
		}
	}
	if q < 0 || c < 0 {
		return "", false
	}
	m := docusaurusEnvTest.FindStringSubmatch(strings.TrimSpace(v[:q]))
	if m == nil {
		return "", false
	}
	// Unset, the variable is undefined: falsy, unequal to any string.
	taken := m[1] == "!" || strings.HasPrefix(m[2], "!")
	if m[1] == "!" && m[2] != "" {
		return "", false // "!process.env.X === 'a'": not read
	}
	if taken {
		return strings.TrimSpace(v[q+1 : c]), true
	}
	return strings.TrimSpace(v[c+1:]), true
}

// docusaurusExpr returns the expression that begins src, an option's
// value: up to the "," or "}" that ends it, or the end of its line.
func docusaurusExpr(src []byte) string {
	// A value may begin on the line after its key, and go on on the
	// next where that line begins with an operator (Prettier's way of
	// breaking "a\n  ? b\n  : c" and "a\n  || b").
	src = bytes.TrimLeft(src, " \t\r\n")
	depth := 0
	for i, c := range src {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return strings.TrimSpace(string(src[:i]))
			}
			depth--
		case '\n':
			if next := bytes.TrimLeft(src[i+1:], " \t\r"); depth == 0 && (len(next) == 0 || !bytes.ContainsAny(next[:1], "?:|&")) {
				return strings.TrimSpace(string(src[:i]))
			}
		case ',', ';':
			if depth == 0 {
				return strings.TrimSpace(string(src[:i]))
			}
		}
	}
	return strings.TrimSpace(string(src))
}

// docusaurusString returns the text of a JavaScript string literal that
// is the whole of v ('a', "a", `a` without ${}).
func docusaurusString(v string) (string, bool) {
	if len(v) < 2 || v[0] != v[len(v)-1] || !strings.ContainsRune(`'"`+"`", rune(v[0])) {
		return "", false
	}
	in := v[1 : len(v)-1]
	if strings.ContainsAny(in, `'"\`+"`") || strings.Contains(in, "${") {
		return "", false
	}
	return in, true
}

// docusaurusConstExpr returns the expression a const, let or var of the
// configuration is set to, or "".
func docusaurusConstExpr(cfg []byte, name string) string {
	re, err := regexp.Compile(`(?m)\b(?:const|let|var)\s+` + regexp.QuoteMeta(name) + `\s*(?::\s*\w+\s*)?=\s*`)
	if err != nil {
		return ""
	}
	m := re.FindIndex(cfg)
	if m == nil {
		return ""
	}
	return docusaurusExpr(cfg[m[1]:])
}

// docusaurusConsts returns docusaurusConstExpr of the configuration cfg,
// for any name, from one pass over cfg (made at the first call), each
// expression read once and at most maxConstExpr bytes long: each of a
// configuration's content plugins may name a constant, and one that
// names thousands, each looked for over the whole file, took seconds
// for 100 KB.
func docusaurusConsts(cfg []byte) func(name string) string {
	var at map[string]int // where each name's first declaration's value begins
	exprs := map[string]string{}
	return func(name string) string {
		if at == nil {
			at = map[string]int{}
			for _, m := range docusaurusConstDecl.FindAllSubmatchIndex(cfg, -1) {
				if n := string(cfg[m[2]:m[3]]); !hasKey(at, n) {
					at[n] = m[1]
				}
			}
		}
		if e, ok := exprs[name]; ok {
			return e
		}
		e := ""
		if k, ok := at[name]; ok {
			e = docusaurusExpr(cfg[k:min(len(cfg), k+maxConstExpr)])
		}
		exprs[name] = e
		return e
	}
}

// docusaurusConstDecl matches a const, let or var declaration up to its
// value, as docusaurusConstExpr does for one name (group 1).
var docusaurusConstDecl = regexp.MustCompile(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*\w+\s*)?=\s*`)

// maxConstExpr bounds the value of a constant docusaurusConsts reads: a
// string the model takes is a path or a route, far shorter.
const maxConstExpr = 4 << 10

var docusaurusExts = map[string]bool{".md": true, ".mdx": true}

var (
	docusaurusTrailingSlash      = regexp.MustCompile(`(?:^|[^\w$.])['"]?trailingSlash['"]?\s*:\s*true\b`)
	docusaurusTrailingSlashFalse = regexp.MustCompile(`(?:^|[^\w$.])['"]?trailingSlash['"]?\s*:\s*false\b`)
	docusaurusFromHTML           = regexp.MustCompile(`(?:^|[^\w$.])['"]?fromExtensions['"]?\s*:\s*\[[^\]]*['"]html?['"]`)
)

var (
	docusaurusCore      = regexp.MustCompile(`"@docusaurus/core"\s*:\s*"[~^>=v ]*(\d+)`)
	docusaurusCoreAlpha = regexp.MustCompile(`"@docusaurus/core"\s*:\s*"[~^>=v ]*2\.0\.0-alpha`)
	docusaurusCoreBeta  = regexp.MustCompile(`"@docusaurus/core"\s*:\s*"[~^>=v ]*2\.0\.0-beta\.(\d+)"`)
)

// docusaurusEarlyLinks reports whether the site's package.json asks for
// a Docusaurus 2 whose Markdown links are looked up from the page's
// folder and then from the content folder whatever they begin with (an
// alpha, or a beta up to 18: @docusaurus/utils' replaceMarkdownLinks
// tried "[dirname, ...contentPaths]" for every link; from beta 19 on,
// "./" and "../" are from the page's folder alone).
func docusaurusEarlyLinks(t *Tree) bool {
	src, err := t.Read("package.json")
	if err != nil {
		return false
	}
	if docusaurusCoreAlpha.Match(src) {
		return true
	}
	m := docusaurusCoreBeta.FindSubmatch(src)
	if m == nil {
		return false
	}
	n, err := strconv.Atoi(string(m[1]))
	return err == nil && n <= 18
}

// docusaurusVersion reads the site's package.json once for what its
// "@docusaurus/core" range says. remark8: it asks for Docusaurus 2,
// whose Markdown parser (remark-parse 8, MDX 1) reads "[text][label]"
// as a reference whether or not the label is defined and makes a
// heading's id of the text alone; Docusaurus 3 (CommonMark) keeps an
// undefined reference as it is written. alpha: it asks for an alpha of
// Docusaurus 2, whose theme gives a top-level heading an id as it does
// the others; later ones give none (theme-classic's Heading: "H1
// headings do not need an id because they don't appear in the TOC").
func docusaurusVersion(t *Tree) (remark8, alpha bool) {
	src, err := t.Read("package.json")
	if err != nil {
		return false, false
	}
	m := docusaurusCore.FindSubmatch(src)
	return m != nil && string(m[1]) == "2", docusaurusCoreAlpha.Match(src)
}

// RefLabelsDropped reports whether a heading's "[text][label]" gives its
// id the text alone, label or not defined (Docusaurus 2).
func (s *Site) RefLabelsDropped() bool { return s.refLabels }

// docusaurusVersionName is a name that begins as a version or a date
// does ("4.7.0", "2021-01-15-notes"), whose digits Docusaurus keeps:
// its number prefix parser ignores them.
var docusaurusVersionName = regexp.MustCompile(`^\d+[-_.]\d+`)

// docusaurusStripNumber removes a file or folder name's number prefix
// ("01-intro" is "intro"), which orders the sidebar and is no part of
// the URL, but from a version or a date ("4.7.0" stays).
func docusaurusStripNumber(name string) string {
	if docusaurusVersionName.MatchString(name) {
		return name
	}
	return docusaurusNumber.ReplaceAllString(name, "")
}

func (d docusaurus) Load(t *Tree, s *Site) error {
	if s.marker == "siteConfig.js" {
		return docusaurus1{}.Load(t, s) // Docusaurus 1 (docusaurus1.go)
	}
	src, err := t.Read(s.marker)
	src = blankJSComments(src)
	s.Anchors = anchor.HTML
	s.builtDefault = "build"
	docusaurusBase(s, src)
	s.titleNoID = true
	remark8, alpha := docusaurusVersion(t)
	s.h1NoID = !alpha
	s.mdToPages = true
	// Without trailingSlash, Docusaurus leaves it to the host: a page
	// written to docs/a/index.html may be served at /docs/a/ as well
	// as /docs/a, and its relative links resolve from either.
	slashTrue, slashFalse := docusaurusTrailingSlash.Match(src), docusaurusTrailingSlashFalse.Match(src)
	s.slashUnknown = !slashTrue && !slashFalse
	// Docusaurus writes a page at "/a" to a/index.html, but with
	// trailingSlash: false (a.html): "/a.html" is then no page, but
	// where the client-redirects plugin makes one for every page
	// (fromExtensions: ['html']).
	s.noDotHTML = !slashFalse && !docusaurusFromHTML.Match(src)
	// MDX renders a JSX element's attributes as written (only Markdown
	// links and images are rewritten): the browser resolves a relative
	// "<img src=...>" or "<a href=...>" against the page's URL.
	s.htmlByURL = true
	s.refLabels = remark8
	s.mdLinksFromRoot = docusaurusEarlyLinks(t)
	s.mdCommon = docusaurusFormat.Match(src)
	s.sitePrefix = "@site/"
	d.staticDirs(t, s, src)
	var folders [][2]string // each content folder and its name under i18n/LOCALE/
	instances := docusaurusInstances(t, src)
	if len(instances) > maxDocusaurusInstances {
		// Each content plugin walks its folder: a configuration that
		// names thousands (none does; a hostile one may) would walk the
		// tree as often. None is modelled then.
		s.Unmodelled("options", fmt.Sprintf("%d content plugins (at most %d are read)", len(instances), maxDocusaurusInstances), true, true)
		instances = nil
	}
	for _, in := range instances {
		if strings.HasPrefix(in.dir, "../") {
			s.outside = append(s.outside, path.Clean(s.dir+"/"+in.dir))
		}
		plugin := "docusaurus-plugin-content-" + in.kind
		if in.id != "" && in.id != "default" {
			plugin += "-" + in.id
		}
		switch in.kind {
		case "docs":
			for _, v := range d.versions(t, s, src, in) {
				folders = append(folders, [2]string{v[0], plugin + "/" + v[1]})
			}
		case "pages":
			d.pages(t, s, in.dir, in.route)
			folders = append(folders, [2]string{in.dir, plugin})
		case "blog":
			d.blog(t, s, in.dir, in.route)
			folders = append(folders, [2]string{in.dir, plugin})
		}
	}
	d.markdownPlugins(t, s, src)
	if fn, mod := docusaurusMadeBy(src); fn != "" {
		s.Unmodelled("configuration", fmt.Sprintf("made by %s() of %s", fn, mod), true, false)
	}
	for _, in := range docusaurusAllInstances(t, src) {
		if in.unread != "" {
			// Where the plugin's folder is and where it publishes are
			// in code the model does not run.
			s.Unmodelled("options", in.kind+": "+in.unread, true, false)
		}
	}
	for _, in := range docusaurusAbsentDocs(t, src) {
		why := fmt.Sprintf("the docs folder %s is not in the tree (made when the site is built)", in.dir)
		if in.bad {
			why = "the docs folder is outside the audited root"
		}
		s.UnknownSpace(in.route, why)
		if in.bad {
			s.Note("a docs folder outside the audited root")
		} else {
			s.Note("docs folder %s/ not in the tree", in.dir)
		}
	}
	// trailingSlash: true serves each page at its folder's URL
	// ("/docs/intro/"), from which the page's relative links resolve.
	if slashTrue {
		for rel, u := range s.urls {
			if !strings.HasSuffix(u, "/") {
				s.urls[rel] = u + "/"
			}
		}
	}
	// Each content plugin resolves a Markdown link to its own files
	// only ("Make sure it references a local Markdown file that exists
	// within the current plugin"): a folder is known by its plugin.
	for _, f := range folders {
		plugin, _, _ := strings.Cut(f[1], "/")
		s.contentOf(f[0], plugin)
	}
	d.translations(t, s, src, folders)
	// A plugin of the configuration that adds routes of its own
	// (actions.addRoute) publishes pages no file of the tree is: the
	// fixed part of a route built in a template literal
	// ("`/ecosystem/entry/${id}`") is served as a whole.
	// Routes built otherwise are unknown: a root-relative link no file
	// serves is then unverifiable.
	if bytes.Contains(src, []byte("addRoute(")) {
		s.Note("plugins add routes")
		routes := docusaurusRoute.FindAllSubmatch(src, -1)
		for _, m := range routes {
			s.Redirect(string(m[1])+"*", "")
		}
		s.Lenient = s.Lenient || len(routes) == 0
	}
	// The search themes (Algolia's, configured by themeConfig.algolia;
	// the local search plugins) add a search page at /search.
	search := docusaurusAlgolia.Match(src)
	for _, name := range docusaurusPlugins(src) {
		search = search || strings.Contains(strings.ToLower(name), "search")
	}
	if search {
		s.Redirect("/search", "/search")
	}
	redirects := docusaurusClientRedirects(t, src)
	for _, r := range redirects {
		s.Redirect(r[0], r[1])
	}
	// A preset other than the classic one brings plugins of its own
	// (an OpenAPI preset writes its API pages at build time).
	for _, name := range docusaurusPresets(src) {
		if name != "classic" && name != "@docusaurus/preset-classic" && !quietPlugin(name) && !docusaurusHighlighter(name) {
			s.Unmodelled("presets", name, true, false)
		}
	}
	wrappers := map[string]bool{}
	for _, in := range docusaurusAllInstances(t, src) {
		if in.wrapper != "" {
			wrappers[in.wrapper] = true
			// Its content is laid out as the plugin it wraps lays it
			// out; the routes it adds under the route base are not.
			s.UnknownSpace(in.route, fmt.Sprintf("plugin %s adds pages to the %s plugin's", in.wrapper, in.kind))
			s.Note("plugin %s wraps the %s plugin", in.wrapper, in.kind)
		}
	}
	for _, name := range docusaurusPlugins(src) {
		if name == "@docusaurus/plugin-client-redirects" && redirects != nil {
			continue // its redirects are read
		}
		if wrappers[name] {
			continue
		}
		if !docusaurusKnownPlugins[name] && !quietPlugin(name) && !docusaurusHighlighter(name) && !docusaurusQuietLocal(t, name) {
			s.Unmodelled("plugins", name, true, false)
		}
	}
	// A plugin that writes into static/ at build time
	// ("path.join(context.siteDir, 'static/schemas/v1')") serves a
	// folder the tree does not hold.
	for _, m := range docusaurusStaticOut.FindAllSubmatch(src, -1) {
		if dir := strings.TrimSuffix(string(m[1]), "/"); !t.Exists("static/" + dir) {
			s.Redirect("/"+dir+"/*", "")
			s.Note("static/%s made at build time", dir)
		}
	}
	// Files and folders whose names begin with "_" are partials, no
	// pages: their links are written for the pages that import them.
	for _, in := range docusaurusInstances(t, src) {
		// An exclude option replaces the default one ("**/_*/**"):
		// whether such a folder's files are pages, the model does not
		// read.
		known := !docusaurusExcludeKey.Match(topLevel(in.body))
		t.Walk(in.dir, func(rel string) {
			segs := strings.Split(strings.TrimPrefix(rel, in.dir+"/"), "/")
			for i, seg := range segs[:len(segs)-1] {
				if strings.HasPrefix(seg, "_") {
					d := in.dir + "/" + strings.Join(segs[:i+1], "/")
					if !slices.Contains(s.templates, d) {
						s.templates = append(s.templates, d)
					}
					// Known to be no page: a page's link to it is
					// left as written.
					if known {
						s.addUnpublished(rel)
					}
					return
				}
			}
		})
	}
	d.unpublished(t, s)
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	d.topNetlify(t, s)
	return err
}

// topNetlify reads the redirects of the repository's netlify.toml for a
// site in a folder of its own that has none, where deployRedirects does
// not (it takes the top's file for the site its build.base names): a
// file that names no base is the project's (its build command builds the
// site from the top, the publish folder set in Netlify's settings), and
// one whose build.publish is the site's output ("apps/site/build") is
// this site's. Which site a rule of a file without either is for, the
// tree does not say: it is taken for each, borrowed, as a rule that makes
// links pass or unverifiable, never one forced on a page's path (as
// vercel.json's at the top are).
func (docusaurus) topNetlify(t *Tree, s *Site) {
	conf := strings.Repeat("../", t.Up) + "netlify.toml"
	if t.Up == 0 || s.dir == "" || t.Exists("netlify.toml") || !t.Exists(conf) {
		return
	}
	cfg, err := readConfig(t, conf)
	if err != nil {
		return // no configuration the host reads: left alone
	}
	base := strings.Trim(path.Clean("/"+cfg.str("build.base", "")), "/")
	publish := strings.Trim(path.Clean("/"+cfg.str("build.publish", "")), "/")
	switch {
	case base != "":
		return // deployRedirects's: for the site base names
	case inFolder(publish, s.dir):
		s.netlifyRedirects(cfg)
	case publish == "":
		from := len(s.hostRules)
		s.netlifyRedirects(cfg)
		s.borrowRules(from)
	}
}

// docusaurusExcluded reads the docs plugin's exclude option (globs from
// the content folder, "getting-started/README.md", "**/*.draft.md"): a
// function that reports whether a file's path (from the folder) is left
// out, or nil when there is no option or a glob is written in a way the
// model does not read (an expression, a negation, a character class):
// then no file is taken for left out, which errs towards a page.
func docusaurusExcluded(body, top []byte) func(string) bool {
	m := docusaurusExcludeKey.FindIndex(top)
	if m == nil {
		return nil
	}
	expr := docusaurusExpr(body[m[1]:])
	if !strings.HasPrefix(expr, "[") || !strings.HasSuffix(expr, "]") {
		return nil
	}
	items := docusaurusListItems(strings.TrimSuffix(strings.TrimPrefix(expr, "["), "]"))
	if len(items) > maxExcludeGlobs {
		return nil
	}
	var globs []string
	for _, q := range items {
		g, ok := docusaurusString(q)
		if !ok {
			return nil
		}
		alts := docusaurusGlob(strings.TrimPrefix(g, "./"))
		if alts == nil {
			return nil
		}
		globs = append(globs, alts...)
	}
	return func(p string) bool {
		return slices.ContainsFunc(globs, func(g string) bool { return globMatch(g, p) })
	}
}

// docusaurusListItems splits the items of an array literal's inside at
// its top-level commas (a "{a,b}" in a glob is no item's end).
func docusaurusListItems(in string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '{' || c == '[' || c == '(':
			depth++
		case c == '}' || c == ']' || c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(in[start:i]))
			start = i + 1
		}
	}
	if last := strings.TrimSpace(in[start:]); last != "" {
		out = append(out, last)
	}
	return out
}

// Bounds on the exclude option the model reads: a list or a glob
// longer is not read (no file is left out). Each file of the content
// folder is matched against each glob, at a cost that grows with the
// glob's length ("**/**/**/…" of a hostile configuration made each
// match take a third of a second); the globs of a real site are a few
// dozen characters, a handful of them.
const (
	maxExcludeGlobs = 64
	maxGlob         = 256
)

// maxGlobAlternatives bounds the globs one exclude glob's braces expand
// into ("{a,b}/{c,d}" is four): a glob of more is not read.
const maxGlobAlternatives = 64

// docusaurusGlob reads a glob of the content plugins (fast-glob's: "**"
// any folders, "*" and "?" within a name, "{a,b}" either) into the
// globs without braces that globMatch matches, the one matcher of the
// model's globs; nil for one it does not read (a negation, a class, an
// extglob, nested braces, one longer than maxGlob or of more than
// maxGlobAlternatives).
func docusaurusGlob(g string) []string {
	if g == "" || len(g) > maxGlob || strings.HasPrefix(g, "!") || strings.ContainsAny(g, "[]()+@\\") {
		return nil
	}
	out := []string{""}
	for rest := g; rest != ""; {
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			for k := range out {
				out[k] += rest
			}
			break
		}
		if rest[open] == '}' {
			return nil // a brace that closes none
		}
		end := strings.IndexAny(rest[open+1:], "{}")
		if end < 0 || rest[open+1+end] == '{' {
			return nil // unclosed, or nested braces
		}
		alts := strings.Split(rest[open+1:open+1+end], ",")
		if len(out)*len(alts) > maxGlobAlternatives {
			return nil
		}
		var next []string
		for _, o := range out {
			for _, a := range alts {
				next = append(next, o+rest[:open]+a)
			}
		}
		out, rest = next, rest[open+1+end+1:]
	}
	return out
}

var docusaurusExcludeKey = regexp.MustCompile(`(?:^|[^\w$.])['"]?exclude['"]?\s*:`)

// maxStaticDirs bounds the folders of staticDirectories the model
// mounts: each is tested for at every root-relative link the pages do
// not answer, and a site has a few; a longer list is not read.
const maxStaticDirs = 64

var docusaurusStaticDirs = regexp.MustCompile(`(?:^|[^\w$.])['"]?staticDirectories['"]?\s*:\s*`)

// staticDirs mounts the site's static folders at "/": static/, or those
// staticDirectories lists (docusaurus.io/docs/api/docusaurus-config,
// "staticDirectories"; paths from the site's folder). One the tree does
// not have is written by a build step (an llms.txt generator, an API
// reference: "generated-static", which .gitignore lists), and a list the
// model cannot read (code) may name any: what they serve is unknown, so
// a root-relative link no page answers is unverifiable.
func (docusaurus) staticDirs(t *Tree, s *Site, cfg []byte) {
	m := docusaurusStaticDirs.FindIndex(cfg)
	if m == nil {
		s.Mount("/", "static")
		return
	}
	expr := docusaurusExpr(cfg[m[1]:])
	if !strings.HasPrefix(expr, "[") || !strings.HasSuffix(expr, "]") {
		s.UnknownSpace("/", "staticDirectories is code the model does not run")
		s.Note("staticDirectories not read")
		return
	}
	items := strings.Split(strings.Trim(expr, "[]"), ",")
	if len(items) > maxStaticDirs {
		s.UnknownSpace("/", "staticDirectories lists more folders than the model reads")
		s.Note("staticDirectories not read (more than %d folders)", maxStaticDirs)
		return
	}
	for _, q := range items {
		if q = strings.TrimSpace(q); q == "" {
			continue
		}
		dir, ok := docusaurusString(q)
		if !ok {
			s.UnknownSpace("/", "staticDirectories is code the model does not run")
			s.Note("staticDirectories not read")
			continue
		}
		dir = path.Clean(strings.TrimPrefix(dir, "./"))
		if path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../") {
			s.UnknownSpace("/", "a static folder outside the site's folder is not read")
			s.Note("static folder %s not read", dir)
			continue
		}
		if !t.Exists(dir) {
			s.UnknownSpace("/", fmt.Sprintf("the static folder %s/ is not in the tree (made when the site is built)", dir))
			s.Note("static folder %s/ not in the tree", dir)
			continue
		}
		s.Mount("/", dir)
	}
}

var (
	docusaurusRedirectsPlugin = regexp.MustCompile(`['"]@docusaurus/plugin-client-redirects['"]\s*,\s*\{`)
	docusaurusRedirectsKey    = regexp.MustCompile(`(?:^|[^\w$.])['"]?redirects['"]?\s*:\s*\[`)
	docusaurusAlgolia         = regexp.MustCompile(`(?:^|[^\w$.])['"]?algolia['"]?\s*:\s*\{`)
	docusaurusRedirectsAny    = regexp.MustCompile(`(?:^|[^\w$.])['"]?redirects['"]?\s*[:,}\n]`)
	docusaurusFromKey         = regexp.MustCompile(`(?:^|[^\w$.])['"]?from['"]?\s*:\s*`)
	docusaurusToOption        = docusaurusOption("to")
)

// docusaurusClientRedirects reads the redirects of the client-redirects
// plugin (docusaurus.io/docs/api/plugins/@docusaurus/plugin-client-redirects):
// its "redirects" option, each entry {from, to} with a path or a list of
// paths from, each of which the plugin publishes as a page that sends the
// reader to "to". It returns nil, not modelled, when the plugin is not
// configured or its redirects are not all plain strings, or when
// createRedirects (code) or toExtensions (redirects from every page
// without its extension) adds more.
func docusaurusClientRedirects(t *Tree, cfg []byte) [][2]string {
	m := docusaurusRedirectsPlugin.FindIndex(cfg)
	if m == nil {
		return nil
	}
	body := braced(cfg, m[1]-1)
	top := topLevel(body)
	if bytes.Contains(top, []byte("createRedirects")) || bytes.Contains(top, []byte("toExtensions")) {
		return nil
	}
	loc := docusaurusRedirectsKey.FindIndex(top)
	if loc == nil {
		// "redirects: redirectPaths" with "const redirectPaths =
		// require('./redirects.js')": the list that module exports.
		if m := docusaurusRedirectsName.FindSubmatch(top); m != nil && t != nil {
			if list := docusaurusRequiredList(t, cfg, string(m[1])); list != nil {
				return docusaurusRedirectList(list)
			}
		}
		if docusaurusRedirectsAny.Match(top) {
			return nil // redirects made by code
		}
		return [][2]string{}
	}
	return docusaurusRedirectList(bracketed(body, loc[1]-1))
}

var (
	docusaurusRedirectsName = regexp.MustCompile(`(?:^|[^\w$.])['"]?redirects['"]?\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]`)
	docusaurusExportedList  = regexp.MustCompile(`(?:module\.exports|export\s+default)\s*=?\s*\[`)
)

// docusaurusRequiredList returns the array literal that the module a
// constant of the configuration requires ("const redirectPaths =
// require('./redirects.js')", a path from the site's folder) exports
// ("module.exports = [...]", "export default [...]"), or nil.
func docusaurusRequiredList(t *Tree, cfg []byte, name string) []byte {
	re, err := regexp.Compile(`\b(?:const|let|var)\s+` + regexp.QuoteMeta(name) + `\s*=\s*require\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\)`)
	if err != nil {
		return nil
	}
	m := re.FindSubmatch(cfg)
	if m == nil {
		return nil
	}
	mod := path.Clean(string(m[1]))
	if mod == ".." || strings.HasPrefix(mod, "../") {
		return nil
	}
	for _, f := range []string{mod, mod + ".js", mod + ".cjs"} {
		if !t.Exists(f) {
			continue
		}
		src, err := t.Read(f)
		if err != nil {
			return nil
		}
		src = blankJSComments(src)
		loc := docusaurusExportedList.FindIndex(src)
		if loc == nil {
			return nil
		}
		return bracketed(src, loc[1]-1)
	}
	return nil
}

// docusaurusRedirectList reads a list of redirects ("[{to: '/a', from:
// ['/b', '/c']}, ...]"), or returns nil when an entry is not plain
// strings.
func docusaurusRedirectList(list []byte) [][2]string {
	out := [][2]string{}
	for i := 1; i < len(list); i++ {
		switch list[i] {
		case '{':
			entry := braced(list, i)
			i += len(entry) - 1
			etop := topLevel(entry)
			tm := docusaurusToOption.FindSubmatchIndex(etop)
			fm := docusaurusFromKey.FindIndex(etop)
			if tm == nil || fm == nil {
				return nil
			}
			// The key is found where topLevel blanked what is nested;
			// the value is read as written, and a quote the blanking
			// hid ("to: ' ['/a']/b'") makes it no plain string.
			to := entry[tm[2]:tm[3]]
			if !bytes.Equal(to, etop[tm[2]:tm[3]]) {
				return nil
			}
			from := docusaurusExpr(entry[fm[1]:])
			var froms []string
			if strings.HasPrefix(from, "[") {
				for _, q := range strings.Split(strings.Trim(from, "[] \n\t"), ",") {
					if q = strings.TrimSpace(q); q == "" {
						continue
					}
					f, ok := docusaurusString(q)
					if !ok {
						return nil
					}
					froms = append(froms, f)
				}
			} else if f, ok := docusaurusString(from); ok {
				froms = append(froms, f)
			} else {
				return nil
			}
			for _, f := range froms {
				out = append(out, [2]string{f, string(to)})
			}
		case ']', ' ', '\t', '\n', '\r', ',':
		default:
			return nil // an entry not written as an object literal
		}
	}
	return out
}

var docusaurusSidebarKey = regexp.MustCompile(`(?m)^sidebar_(?:position|label|class_name):`)

// unpublished finds the folders of the site's that hold Docusaurus
// documents (front matter with an id, a slug or a sidebar_ key) of
// which the configuration publishes none: archived versions
// ("versioned_docs_archived/"), an instance configured in code the model
// does not follow. Their links are written for a site, relative and
// without extensions, not for the forge: they are not checked, and the
// detection line names the folders.
func (docusaurus) unpublished(t *Tree, s *Site) {
	docs, published := map[string]bool{}, map[string]bool{}
	t.Walk(".", func(rel string) {
		top, rest, ok := strings.Cut(rel, "/")
		if !ok || rest == "" || !docusaurusExts[strings.ToLower(path.Ext(rel))] ||
			top == "i18n" || top == "node_modules" || strings.HasPrefix(top, ".") {
			return
		}
		if _, ok := s.urls[rel]; ok {
			published[top] = true
			return
		}
		if docs[top] || published[top] {
			return
		}
		head, _ := t.head(rel)
		if !startsFrontMatter(head) {
			return
		}
		fm := readFrontMatter(head)
		if fm.ID != "" || fm.Slug != "" || docusaurusSidebarKey.Match(head) {
			docs[top] = true
		}
	})
	var tops []string
	for top := range docs {
		if !published[top] && !slices.Contains(s.templates, top) && !slices.ContainsFunc(s.contentDirs, func(d string) bool { return d == top || strings.HasPrefix(d, top+"/") }) {
			tops = append(tops, top)
		}
	}
	slices.Sort(tops)
	for _, top := range tops {
		s.templates = append(s.templates, top)
		s.Note("%s/ not published", top)
	}
}

// blankJSComments returns a copy of the JavaScript source src whose
// comments ("// ..." to the end of the line, "/* ... */") are spaces, the
// line breaks kept: a comment before a plugin's entry ("// Use custom
// blog plugin") or one that names an option is no configuration. Quoted
// strings and template literals are passed over ("https://..." is no
// comment); a regular expression literal is not told apart.
func blankJSComments(src []byte) []byte {
	out := bytes.Clone(src)
	var quote byte
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote || c == '\n' && quote != '`' {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			i--
		}
	}
	return out
}

// docusaurusFormat matches markdown.format "detect" or "md": .md files
// are then CommonMark, only .mdx ones MDX.
var docusaurusFormat = regexp.MustCompile(`(?:^|[^\w$.])['"]?format['"]?\s*:\s*['"](?:detect|md)['"]`)

// mdxHeadingsDiffer reports whether the headings of the Markdown
// document src, read as MDX reads it (Docusaurus 2 and 3 read .md files
// as MDX by default), are not those that CommonMark finds, which the
// audit's parser follows. They part where a JSX element's line is
// followed at once, with no blank line, by a code fence: CommonMark
// reads the element as an HTML block up to the next blank line, fence
// included, so the fence's closing line opens another that runs on,
// over the headings that follow, while MDX reads the element's children
// as Markdown. MDX also has no indented code: a fence indented four
// spaces or more is still one.
func mdxHeadingsDiffer(src []byte) bool {
	if body, ok := fenced(src, "---"); ok {
		// The front matter: its "# comment" lines are no headings.
		src = src[bytes.IndexByte(src, '\n')+1+len(body):]
	}
	var common, mdx struct{ fence, html bool }
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		trimmed := bytes.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		fence := bytes.HasPrefix(trimmed, []byte("```")) || bytes.HasPrefix(trimmed, []byte("~~~"))
		switch {
		case common.html:
			common.html = len(trimmed) > 0
		case common.fence:
			common.fence = !fence || indent > 3
		case fence && indent <= 3:
			common.fence = true
		case indent <= 3 && len(trimmed) > 1 && trimmed[0] == '<' && (isASCIILetter(trimmed[1]) || trimmed[1] == '/'):
			common.html = true
		}
		if fence {
			mdx.fence = !mdx.fence
		}
		heading := indent <= 3 && len(trimmed) > 0 && trimmed[0] == '#'
		if heading && !mdx.fence != (!common.fence && !common.html) {
			return true
		}
	}
	return false
}

// blankFences returns src with the lines of its fenced code blocks
// (those of fencedRanges, with their fence lines) made blank, the line
// breaks kept; src itself when it has none.
func blankFences(src []byte) []byte {
	fences := fencedRanges(src)
	if len(fences) == 0 {
		return src
	}
	out := bytes.Clone(src)
	for _, r := range fences {
		// From the opening fence's line to the end of the closing one.
		from := bytes.LastIndexByte(src[:max(r[0]-1, 0)], '\n') + 1
		to := len(src)
		if nl := bytes.IndexByte(src[r[1]:], '\n'); nl >= 0 {
			to = r[1] + nl
		}
		for i := from; i < to; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// docusaurusDataPage reports whether an MDX page imports data (a JSON,
// YAML, TOML or CSV file, through a loader or not; "@generated/...") and
// renders it: the ids of what it renders are made when the site is
// built. src has its code blocks blanked (blankFences) already: the
// caller blanks them once for this and docusaurusImportsOf.
func docusaurusDataPage(src []byte) bool {
	for _, m := range docusaurusImport.FindAllSubmatchIndex(src, -1) {
		// The data is rendered where the page uses its name again: in a
		// prop ("<Table rows={rows} />") or an expression ("{Object.entries(intents)...}").
		if bytes.Contains(src[m[1]:], src[m[2]:m[3]]) {
			return true
		}
	}
	return false
}

// docusaurusInstance is one content plugin: the docs, the blog or the
// pages, from the classic preset or a plugin entry of its own.
type docusaurusInstance struct {
	kind, dir, route string
	id               string // of a plugin entry of its own; "" for the preset's
	bad              bool   // dir is outside the audited root: not read
	wrapper          string // the site's own plugin that wraps the content plugin ("./plugins/blog-plugin"), or ""
	body             []byte // the options' object literal
	// unread is the name the options are given by when they are code
	// the model does not run ("docs: require('./docs')"), or "".
	unread string
	// routeUnread: what is unread is the routeBasePath alone.
	routeUnread bool
}

// docusaurusOption matches a plain string option of an object literal,
// its name quoted or not ("path: 'docs'", "\"routeBasePath\": \"/\"").
func docusaurusOption(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\w$.])['"]?` + name + `['"]?\s*:\s*['"]([^'"]*)['"]`)
}

// docusaurusOptionKey matches an option's name in an object literal,
// quoted or not, with what follows it: ":" before its value (group 1),
// or "," "}" or a line's end after a shorthand property ("routeBasePath,"
// sets the option to the constant of that name; group 2). A shorthand
// stands where a property begins, after "{" or ",": a string that ends
// in the name ("id: 'api-path',") sets no option.
func docusaurusOptionKey(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\w$.])['"]?` + name + `['"]?\s*(:)|(?:^|[{,])\s*` + name + `\s*([,}\n])`)
}

// docusaurusStringOf reads the option name (matched by key) of the object
// literal body (top is topLevel(body), in which the key is looked for; cfg is the
// whole configuration): a string, or a constant of the configuration set
// to one ("routeBasePath: docsRouteBasePath" with "const
// docsRouteBasePath = '/'", or the shorthand "routeBasePath,"). found is
// false when the object does not set the option; ok is false when its
// value is code the model does not run, v then being that code.
func docusaurusStringOf(consts func(name string) string, body, top []byte, name string, key *regexp.Regexp) (v string, found, ok bool) {
	m := key.FindSubmatchIndex(top)
	if m == nil {
		return "", false, true
	}
	expr := name // the shorthand: the constant of the key's name
	if m[2] >= 0 {
		expr = docusaurusExpr(body[m[3]:])
	}
	if lit, ok := docusaurusString(expr); ok {
		return lit, true, true
	}
	if docusaurusIdent.MatchString(expr) {
		if lit, ok := docusaurusString(consts(expr)); ok {
			return lit, true, true
		}
	}
	// A path from the configuration's folder, the site's:
	// "path.resolve(__dirname, '../docs')", "path.join(__dirname, 'a', 'b')".
	// Node's path.resolve starts again at an absolute segment ("/b"), a
	// folder of the machine, not of the tree: not modelled; path.join
	// takes it as one more segment.
	if m := docusaurusDirnameJoin.FindStringSubmatch(expr); m != nil {
		var parts []string
		for _, q := range strings.Split(m[2], ",") {
			lit, ok := docusaurusString(strings.TrimSpace(q))
			if !ok || m[1] == "resolve" && strings.HasPrefix(lit, "/") {
				return expr, true, false
			}
			parts = append(parts, lit)
		}
		return path.Join(parts...), true, true
	}
	return expr, true, false
}

var docusaurusDirnameJoin = regexp.MustCompile(`^path\.(resolve|join)\(\s*__dirname\s*,\s*([^()]*?)\s*,?\s*\)$`)

// topLevel returns a copy of an object literal whose nested objects,
// arrays and calls are blanked out (their brackets kept): an option of
// the object itself is then told apart from one of a nested object
// ("versions: {current: {path: 'v4'}}" is no "path" of the docs).
func topLevel(body []byte) []byte {
	out := make([]byte, len(body))
	depth := 0
	for i, c := range body {
		switch c {
		case '{', '[', '(':
			depth++
			if depth == 1 || depth == 2 {
				out[i] = c
			} else {
				out[i] = ' '
			}
			continue
		case '}', ']', ')':
			if depth == 1 || depth == 2 {
				out[i] = c
			} else {
				out[i] = ' '
			}
			depth--
			continue
		}
		if depth <= 1 {
			out[i] = c
		} else {
			out[i] = ' '
		}
	}
	return out
}

var (
	docusaurusRoute     = regexp.MustCompile("`(/[A-Za-z0-9_./-]+/)\\$\\{")
	docusaurusStaticOut = regexp.MustCompile(`siteDir\s*,\s*['"]static/([A-Za-z0-9_./-]+)['"]`)
	docusaurusImport    = regexp.MustCompile(`(?m)^import\s+(\w+)\s+from\s+['"](?:@generated/[^'"]*|[^'"]*\.(?:json|ya?ml|toml|csv))['"]`)
	docusaurusID        = docusaurusOption("id")
	docusaurusPreset    = regexp.MustCompile(`(?:^|[^\w$.])['"]?(docs|blog|pages)['"]?\s*:\s*(\{|false)`)
	// docusaurusPresetRef is a content plugin's options given by a name
	// in a preset's: "docs: docsOptions", or the shorthand "docs,".
	docusaurusPresetRef   = regexp.MustCompile(`(?:^|[{,\s])['"]?(docs|blog|pages)['"]?\s*(?::\s*([A-Za-z_$][\w$]*)\s*)?[,}\n]`)
	docusaurusPlugin      = regexp.MustCompile(`['"]@docusaurus/plugin-content-(docs|blog|pages)['"]\s*,\s*\{`)
	docusaurusLocalPlugin = regexp.MustCompile(`['"](\.{1,2}/[^'"]+)['"]\s*\)?\s*,\s*\{`)
	docusaurusWrapped     = regexp.MustCompile(`@docusaurus/plugin-content-(docs|blog|pages)\b`)
)

// docusaurusWrapper returns the content plugin that a plugin of the
// site's own code (the module path mod, from the site's folder) wraps:
// a custom blog plugin ("require('@docusaurus/plugin-content-blog')",
// its pages made by the blog plugin, more routes added by the wrapper),
// or "" when its file is not found or names no content plugin, or more
// than one.
func docusaurusWrapper(t *Tree, mod string) string {
	base := path.Clean(mod)
	if base == ".." || strings.HasPrefix(base, "../") {
		return ""
	}
	for _, ext := range []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", "/index.js", "/index.mjs", "/index.ts"} {
		if !t.Exists(base + ext) {
			continue
		}
		head, err := t.head(base + ext)
		if err != nil {
			return ""
		}
		var kind string
		for _, m := range docusaurusWrapped.FindAllSubmatch(head, -1) {
			if kind != "" && kind != string(m[1]) {
				return ""
			}
			kind = string(m[1])
		}
		return kind
	}
	return ""
}

// docusaurusQuietLocal reports whether the plugin mod is of the site's
// own code ("./plugins/my-loaders.mjs") and its file does none of what
// adds a page or an id: no route (addRoute), no file written after the
// build (postBuild), no Markdown plugin, and no module of the site's
// own imported, which might; a plugin that only configures webpack or
// adds tags to the head. (Its file is read from the tree; one not found
// is unknown.)
func docusaurusQuietLocal(t *Tree, mod string) bool {
	if !strings.HasPrefix(mod, "./") && !strings.HasPrefix(mod, "../") {
		return false
	}
	base := path.Clean(mod)
	if base == ".." || strings.HasPrefix(base, "../") {
		return false
	}
	for _, ext := range []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", "/index.js", "/index.mjs", "/index.ts"} {
		if src, err := t.Read(base + ext); err == nil {
			return !docusaurusLoudPlugin.Match(src)
		}
	}
	return false
}

// docusaurusLoudPlugin is what, in a plugin's source, may add pages or
// ids, or leads to code that may.
var docusaurusLoudPlugin = regexp.MustCompile(`\baddRoute\b|\bpostBuild\b|\b(?:remark|rehype)Plugins\b|\brequire\(\s*['"]\.|\bfrom\s+['"]\.|\bimport\(\s*['"]\.`)

// docusaurusInstances reads the content plugins of the configuration
// (docusaurus.io/docs/api/plugins): the classic preset has docs at
// "/docs" from docs/, a blog at "/blog" from blog/ and pages at "/" from
// src/pages/, unless its options say otherwise or turn one off ("blog:
// false"); each "@docusaurus/plugin-content-*" entry adds one. Options
// are read from the object literal that follows, brace-matched: the
// configuration is code, only plain strings are understood.
func docusaurusAllInstances(t *Tree, src []byte) []docusaurusInstance {
	defaults := map[string]docusaurusInstance{
		"docs":  {kind: "docs", dir: "docs", route: "/docs"},
		"blog":  {kind: "blog", dir: "blog", route: "/blog"},
		"pages": {kind: "pages", dir: "src/pages", route: ""},
	}
	preset := map[string]*docusaurusInstance{}
	for k, v := range defaults {
		preset[k] = &v
	}
	var extra []docusaurusInstance
	consts := docusaurusConsts(src)
	options := func(kind string, body []byte) docusaurusInstance {
		in := defaults[kind]
		in.body = body
		top := topLevel(body)
		if v, found, ok := docusaurusStringOf(consts, body, top, "path", docusaurusPathKey); !ok {
			in.unread = "path: " + v
		} else if found {
			in.dir, in.bad = docusaurusDir(t, v)
		}
		if v, found, ok := docusaurusStringOf(consts, body, top, "routeBasePath", docusaurusRouteBase); !ok {
			// The folder is known, where it is published is not: its
			// files are pages, at URLs the model cannot say.
			if in.unread == "" {
				in.unread, in.routeUnread = "routeBasePath: "+v, true
			}
		} else if found {
			in.route = "/" + strings.Trim(v, "/")
		}
		in.route = strings.TrimSuffix(in.route, "/")
		return in
	}
	for _, m := range docusaurusPlugin.FindAllSubmatchIndex(src, -1) {
		kind := string(src[m[2]:m[3]])
		body := braced(src, m[1]-1)
		if docusaurusSpreadOptions(body) {
			continue // docusaurusMappedInstances
		}
		in := options(kind, body)
		if id := docusaurusID.FindSubmatch(topLevel(body)); id != nil {
			in.id = string(id[1])
		}
		extra = append(extra, in)
	}
	// A plugin of the site's own code that wraps a content plugin
	// takes that plugin's options; what it adds is its own.
	for _, m := range docusaurusLocalPlugin.FindAllSubmatchIndex(src, -1) {
		mod := string(src[m[2]:m[3]])
		kind := docusaurusWrapper(t, mod)
		if kind == "" {
			continue
		}
		body := braced(src, m[1]-1)
		in := options(kind, body)
		if id := docusaurusID.FindSubmatch(topLevel(body)); id != nil {
			in.id = string(id[1])
		}
		in.wrapper = mod
		extra = append(extra, in)
	}
	extra = append(extra, docusaurusMappedInstances(src, options)...)
	seen := map[string]bool{}
	for _, m := range docusaurusPreset.FindAllSubmatchIndex(src, -1) {
		kind := string(src[m[2]:m[3]])
		if seen[kind] {
			continue // the preset's come first; themeConfig has a "docs" of its own
		}
		seen[kind] = true
		if string(src[m[4]:m[5]]) == "false" {
			preset[kind] = nil
			continue
		}
		in := options(kind, braced(src, m[4]))
		preset[kind] = &in
	}
	// The preset's options of a plugin given by name ("docs: docsOptions",
	// or "docs," with "const docs = {...}"): the constant's object, when
	// the configuration sets one; else the options are code the model
	// does not run (a module's export, a function's result).
	for _, span := range docusaurusPresetSpans(src) {
		body := src[span[0]:span[1]]
		for _, m := range docusaurusPresetRef.FindAllSubmatch(body, -1) {
			kind, name := string(m[1]), string(m[2])
			if name == "" {
				name = kind
			}
			if seen[kind] || name == "true" || name == "undefined" {
				continue
			}
			if name == "false" {
				seen[kind], preset[kind] = true, nil
				continue
			}
			seen[kind] = true
			re, err := regexp.Compile(`(?m)\b(?:const|let|var)\s+` + regexp.QuoteMeta(name) + `\s*(?::\s*[\w.]+\s*)?=\s*\(?\s*\{`)
			if err != nil {
				continue
			}
			if c := re.FindIndex(src); c != nil {
				in := options(kind, braced(src, c[1]-1))
				preset[kind] = &in
				continue
			}
			in := defaults[kind]
			in.unread = name
			preset[kind] = &in
		}
	}
	// A configuration a package's function makes names no preset the
	// model reads: its docs are where the configuration points beside
	// the site's folder ("require('../docs/table-of-contents.json')"),
	// their files pages at routes the model cannot say (the whole URL
	// space is unknown: Load).
	if in := preset["docs"]; in != nil && !seen["docs"] && in.dir == "docs" && !t.Exists("docs") {
		if fn, _ := docusaurusMadeBy(src); fn != "" {
			if dir := docusaurusMadeDocs(t, src); dir != "" {
				in.dir, in.bad = docusaurusDir(t, dir)
				in.routeUnread = true
			}
		}
	}
	var out []docusaurusInstance
	for _, k := range []string{"docs", "blog", "pages"} {
		if in := preset[k]; in != nil {
			out = append(out, *in)
		}
	}
	return append(out, extra...)
}

// docusaurusContentName is a content plugin's module name, wherever the
// configuration writes it.
var docusaurusContentName = regexp.MustCompile(`['"]@docusaurus/plugin-content-(docs|blog|pages)['"]`)

// docusaurusMappedInstances returns the content plugins of a
// configuration that names one where its options are no object literal
// the model reads: the multi-instance recipe of a function that returns
// "['@docusaurus/plugin-content-docs', {...defaults, ...options}]",
// through which a list of option objects is mapped
// ("docs.map((doc) => create_doc_plugin(doc))"). Each object literal of
// the configuration with a path and a routeBasePath of its own, outside
// the presets and the plugin entries read, is then one instance's
// options. Where the configuration names two kinds so, or has no such
// object, an instance of unread options stands for them: its URL space
// is unknown.
func docusaurusMappedInstances(src []byte, options func(string, []byte) docusaurusInstance) []docusaurusInstance {
	read := docusaurusPresetSpans(src)
	for _, re := range []*regexp.Regexp{docusaurusPlugin, docusaurusLocalPlugin} {
		for _, m := range re.FindAllIndex(src, -1) {
			if body := braced(src, m[1]-1); re != docusaurusPlugin || !docusaurusSpreadOptions(body) {
				read = append(read, [2]int{m[0], m[1] - 1 + len(body)})
			}
		}
	}
	inRead := func(at int) bool {
		return slices.ContainsFunc(read, func(sp [2]int) bool { return sp[0] <= at && at < sp[1] })
	}
	kinds := map[string]bool{}
	kind := ""
	for _, m := range docusaurusContentName.FindAllSubmatchIndex(src, -1) {
		if !inRead(m[0]) {
			kind = string(src[m[2]:m[3]])
			kinds[kind] = true
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	var out []docusaurusInstance
	if len(kinds) == 1 && kind != "pages" {
		seen := map[int]bool{}
		var at []int
		for _, m := range docusaurusRouteBase.FindAllIndex(src, maxDocusaurusInstances) {
			at = append(at, m[0])
		}
		for _, open := range docusaurusOpenings(src, at) {
			if open < 0 || seen[open] || inRead(open) {
				continue
			}
			seen[open] = true
			body := braced(src, open)
			if !docusaurusPathKey.Match(topLevel(body)) {
				continue
			}
			in := options(kind, body)
			if id := docusaurusID.FindSubmatch(topLevel(body)); id != nil {
				in.id = string(id[1])
			}
			out = append(out, in)
			if len(out) == maxDocusaurusInstances {
				break
			}
		}
	}
	if len(out) == 0 {
		for k := range kinds {
			out = append(out, docusaurusInstance{kind: k, unread: "@docusaurus/plugin-content-" + k + " given by code"})
		}
		slices.SortFunc(out, func(a, b docusaurusInstance) int { return strings.Compare(a.kind, b.kind) })
	}
	return out
}

// docusaurusSpreadOptions reports whether a content plugin's options,
// the object literal body, are spread from code ("{...options}") with
// no path of their own: what they are, the model does not see.
func docusaurusSpreadOptions(body []byte) bool {
	top := topLevel(body)
	return bytes.Contains(top, []byte("...")) && !docusaurusPathKey.Match(top)
}

// docusaurusOpenings returns, for each offset of at (ascending), where
// the innermost object literal around it opens ("{"), or -1: one pass
// over src.
func docusaurusOpenings(src []byte, at []int) []int {
	out := make([]int, 0, len(at))
	var stack []int // offsets of the open brackets
	next := 0
	for i := 0; i < len(src) && next < len(at); i++ {
		for next < len(at) && at[next] == i {
			open := -1
			if n := len(stack); n > 0 && src[stack[n-1]] == '{' {
				open = stack[n-1]
			}
			out = append(out, open)
			next++
		}
		switch src[i] {
		case '{', '[', '(':
			stack = append(stack, i)
		case '}', ']', ')':
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
		}
	}
	return out
}

// maxDocusaurusInstances bounds the content plugins a configuration may
// have for the model to read them; the largest sites have a few dozen.
const maxDocusaurusInstances = 256

// docusaurusInstances returns the content plugins of the configuration
// whose folders the tree has.
func docusaurusInstances(t *Tree, src []byte) []docusaurusInstance {
	var out []docusaurusInstance
	for _, in := range docusaurusAllInstances(t, src) {
		if !in.bad && (in.unread == "" || in.routeUnread) && t.Exists(in.dir) {
			out = append(out, in)
		}
	}
	return out
}

// docusaurusAbsentDocs returns the docs instances of the configuration
// whose folders the tree does not have: Docusaurus fails without one,
// so a build step makes it (API pages a generator writes, docs copied
// from elsewhere), or it is outside the audited root.
func docusaurusAbsentDocs(t *Tree, src []byte) []docusaurusInstance {
	var out []docusaurusInstance
	for _, in := range docusaurusAllInstances(t, src) {
		if in.kind == "docs" && (in.unread == "" || in.routeUnread) && (in.bad || !t.Exists(in.dir)) {
			out = append(out, in)
		}
	}
	return out
}

// docusaurusDir returns the folder a plugin's path option names, a
// slash path from the site's folder: it may be beside the site's folder
// ("../docs"), as far up as the audited root, not further: bad then,
// and for an absolute path.
func docusaurusDir(t *Tree, p string) (dir string, bad bool) {
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if path.IsAbs(p) {
		return "", true
	}
	up := 0
	for rest := p; rest == ".." || strings.HasPrefix(rest, "../"); rest = strings.TrimPrefix(strings.TrimPrefix(rest, ".."), "/") {
		up++
	}
	if up > t.Up {
		return "", true
	}
	if p == "." {
		return "", false
	}
	return p, false
}

// braced returns the object literal that opens at src[open] ("{"), up to
// its matching "}" (or the end); strings are not told apart, which
// plain option values do not need.
func braced(src []byte, open int) []byte {
	depth := 0
	for i := open; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return src[open : i+1]
			}
		}
	}
	return src[open:]
}

var (
	docusaurusSidebarPath    = regexp.MustCompile(`(?:^|[^\w$.])['"]?sidebarPath['"]?\s*:\s*(?:require\.resolve\(\s*)?['"]([^'"]+)['"]`)
	docusaurusMarkdownImport = regexp.MustCompile(`(?m)^import\s+[\w${},\s]+\s+from\s+['"]([^'"]+\.mdx?)['"]`)
	docusaurusCategoryFile   = regexp.MustCompile(`(^|/)_category_\.(json|ya?ml)$`)
	docusaurusSlugOption     = docusaurusOption("slug")
	docusaurusLabelOption    = docusaurusOption("label")
	docusaurusLabelYAML      = regexp.MustCompile(`(?m)^label\s*:\s*(.+)$`)
	docusaurusSlugYAML       = regexp.MustCompile(`(?m)^\s*slug\s*:\s*['"]?([^'"\s#]+)`)
)

// generatedIndexes publishes the category index pages that a docs
// folder's _category_.json (or .yml) or the version's sidebars file asks
// for (link: {type: 'generated-index'}; docusaurus.io/docs/sidebar/items):
// each at base + its slug, or, without one, at base/category/ + a slug of
// its label, which the model does not make: that space is then unknown.
func (docusaurus) generatedIndexes(s *Site, src []byte, yaml bool, base string) {
	for from := 0; ; {
		k := bytes.Index(src[from:], []byte("generated-index"))
		if k < 0 {
			return
		}
		i := from + k
		from = i + len("generated-index")
		var slug, label []byte
		if yaml {
			// A _category_.yml is one category: its link's slug and
			// its label are the only ones of the file.
			if m := docusaurusSlugYAML.FindSubmatch(src); m != nil {
				slug = m[1]
			}
			if m := docusaurusLabelYAML.FindSubmatch(src); m != nil {
				label = bytes.Trim(bytes.TrimSpace(m[1]), `'"`)
			}
		} else if open := docusaurusEnclosing(src, i); open >= 0 {
			if m := docusaurusSlugOption.FindSubmatch(topLevel(braced(src, open))); m != nil {
				slug = m[1]
			}
			// The label is the category's, the object around the link.
			if cat := docusaurusEnclosing(src, open); cat >= 0 {
				if m := docusaurusLabelOption.FindSubmatch(topLevel(braced(src, cat))); m != nil {
					label = m[1]
				}
			}
		}
		var u string
		switch {
		case len(slug) > 0:
			u = strings.TrimSuffix(base+"/"+strings.Trim(string(slug), "/"), "/")
		case len(label) > 0:
			// Docusaurus' default: /category/ + a slug of the label,
			// made as heading ids are.
			u = base + "/category/" + s.Slug(string(label))
		default:
			s.UnknownSpace(base+"/category", "a generated-index category page without a slug or a label is at a slug of its folder's name")
			continue
		}
		s.Redirect(u, u)
		s.Redirect(u+"/", u+"/")
	}
}

// docusaurusEnclosing returns the index of the "{" that opens the object
// src[i] is in, or -1.
func docusaurusEnclosing(src []byte, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch src[j] {
		case '}':
			depth++
		case '{':
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// docusaurusImports records the Markdown files that the document rel
// (source src) imports to render among its content (Site.Imports): a
// path from its folder or from "@site/". One the model cannot find (a
// package's, an alias's) leaves the document's ids unknown.
func docusaurusImports(t *Tree, s *Site, rel string, src []byte) {
	// An import shown in a code block ("import info from './info.yaml'"
	// in a plugin's example) is no import of the page.
	docusaurusImportsOf(t, s, rel, src, blankFences(src))
}

// docusaurusImportsOf is docusaurusImports with the code blocks of src
// already blanked (code), for a caller that blanks them for more than
// this: blankFences copies the page.
func docusaurusImportsOf(t *Tree, s *Site, rel string, src, code []byte) {
	if (!s.mdCommon || strings.EqualFold(path.Ext(rel), ".mdx")) && mdxHeadingsDiffer(src) {
		s.UnknownIDsOf(rel, "MDX reads its JSX elements otherwise than CommonMark does (a code fence inside one)")
	}
	src = code
	docusaurusComponents(t, s, rel, src)
	for _, m := range docusaurusMarkdownImport.FindAllSubmatch(src, -1) {
		imp := string(m[1])
		var to string
		switch {
		case strings.HasPrefix(imp, "./") || strings.HasPrefix(imp, "../"):
			to = path.Join(path.Dir(rel), imp)
		case strings.HasPrefix(imp, "@site/"):
			to = path.Clean(strings.TrimPrefix(imp, "@site/"))
		case strings.HasPrefix(imp, "/") && !strings.HasPrefix(imp, "//"):
			// webpack resolves a request from "/" under its roots, the
			// site's folder first (resolve.roots: the context).
			to = path.Clean(strings.TrimPrefix(imp, "/"))
		}
		// Tree.Exists stops a path at the audited root; the recorded one
		// must stop there too, or a reader of it would climb out.
		if o := s.outer(to); o == ".." || strings.HasPrefix(o, "../") {
			to = ""
		}
		if to == "" || !t.Exists(to) {
			s.UnknownIDsOf(rel, fmt.Sprintf("it renders the imported %q", imp))
			continue
		}
		if s.imports == nil {
			s.imports = map[string][]string{}
		}
		if !slices.Contains(s.imports[rel], to) {
			s.imports[rel] = append(s.imports[rel], to)
		}
	}
}

var (
	docusaurusComponentImport = regexp.MustCompile(`(?m)^import\s+([\w$,{}\s]+?)\s+from\s+['"]((?:\.{1,2}/|@site/)[^'"]+)['"]`)
	docusaurusComponentName   = regexp.MustCompile(`\b[A-Z][\w$]*`)
	docusaurusWritesID        = regexp.MustCompile(`\sid=[{"']`)
)

// docusaurusComponents leaves unknown the ids of the document rel when
// it renders a component of the site's own code ("import ApiEndpoint
// from '@site/static/js/api_endpoint.jsx'", then "<ApiEndpoint ...>")
// whose source writes an id attribute: the ids are computed from the
// element's props when the site is built.
func docusaurusComponents(t *Tree, s *Site, rel string, src []byte) {
	for _, m := range docusaurusComponentImport.FindAllSubmatch(src, -1) {
		imp := string(m[2])
		if ext := strings.ToLower(path.Ext(imp)); ext == ".md" || ext == ".mdx" || ext == ".json" || ext == ".css" {
			continue
		}
		used := false
		for _, name := range docusaurusComponentName.FindAll(m[1], -1) {
			used = used || bytes.Contains(src, append([]byte("<"), name...))
		}
		if !used {
			continue
		}
		base := path.Clean(strings.TrimPrefix(imp, "@site/"))
		if !strings.HasPrefix(imp, "@site/") {
			base = path.Join(path.Dir(rel), imp)
		}
		if o := s.outer(base); o == ".." || strings.HasPrefix(o, "../") {
			continue
		}
		for _, c := range []string{base, base + ".js", base + ".jsx", base + ".ts", base + ".tsx",
			base + "/index.js", base + "/index.jsx", base + "/index.ts", base + "/index.tsx"} {
			writes, seen := s.componentIDs[c]
			if !seen {
				if !t.Exists(c) {
					continue
				}
				head, err := t.head(c)
				writes = err == nil && docusaurusWritesID.Match(head)
				if s.componentIDs == nil {
					s.componentIDs = map[string]bool{}
				}
				s.componentIDs[c] = writes
			}
			if writes {
				s.UnknownIDsOf(rel, fmt.Sprintf("its component from %q writes ids", imp))
			}
			break
		}
	}
}

func (d docusaurus) docs(t *Tree, s *Site, dir, base string, excluded func(string) bool) {
	s.contentDirs = append(s.contentDirs, dir)
	s.sourceMounts = append(s.sourceMounts, mount{url: base, dir: dir})
	t.Walk(dir, func(rel string) {
		if docusaurusCategoryFile.MatchString(rel) {
			if src, err := t.Read(rel); err == nil {
				d.generatedIndexes(s, src, !strings.HasSuffix(rel, ".json"), base)
			}
			return
		}
		if !docusaurusExts[strings.ToLower(path.Ext(rel))] {
			return
		}
		p := strings.TrimPrefix(rel, dir+"/")
		if excluded != nil && excluded(p) {
			// The plugin's exclude option leaves it out: no page.
			s.addUnpublished(rel)
			return
		}
		if docusaurusPartial(p) {
			// A partial, not a page; what it imports is rendered
			// where it is.
			if src, err := t.head(rel); err == nil {
				docusaurusImports(t, s, rel, src)
			}
			return
		}
		segs := strings.Split(strings.TrimSuffix(p, path.Ext(p)), "/")
		// Docusaurus asks isCategoryIndex of the names as written,
		// number prefixes kept, in any case: "contribute/01-contribute.md"
		// is no index of its folder (/contribute/contribute).
		rawLast := segs[len(segs)-1]
		rawFolder := ""
		if len(segs) > 1 {
			rawFolder = segs[len(segs)-2]
		}
		for i, sg := range segs {
			segs[i] = docusaurusStripNumber(sg)
		}
		folder := segs[:len(segs)-1]
		src, _ := t.head(rel)
		fm := readFrontMatter(src)
		if fm.Draft {
			// A draft is built in development only ("excluded from
			// production builds"): no page, and its links are no
			// page's.
			s.addUnpublished(rel)
			return
		}
		code := blankFences(src)
		if docusaurusDataPage(code) {
			if s.dynamic == nil {
				s.dynamic = map[string]bool{}
			}
			s.dynamic[rel] = true
		}
		// An MDX page that imports a Markdown file and renders it
		// ("import Setup from './_setup.mdx'", then "<Setup />") has
		// that file's headings, and their ids, among its own.
		docusaurusImportsOf(t, s, rel, src, code)
		var u string
		switch {
		case fm.Slug != "" && strings.HasPrefix(fm.Slug, "/"):
			u = base + fm.Slug
		case fm.Slug != "":
			u = base + "/" + path.Join(strings.Join(folder, "/"), fm.Slug)
		// A folder's index (a file named index, README or as its
		// folder) is at the folder whatever its id says: Docusaurus
		// asks isCategoryIndex of the file's name before it reads the id.
		case strings.EqualFold(rawLast, "index") || strings.EqualFold(rawLast, "readme") ||
			rawFolder != "" && strings.EqualFold(rawLast, rawFolder):
			u = base + "/" + strings.Join(folder, "/")
		case fm.ID != "":
			u = base + "/" + path.Join(strings.Join(folder, "/"), fm.ID)
		default:
			u = base + "/" + strings.Join(segs, "/")
		}
		u = strings.TrimSuffix(u, "/")
		if u == "" {
			u = "/"
		}
		s.Page(rel, u)
		s.Alias(u+"/", rel) // trailingSlash undefined: both serve the page
	})
}

// docusaurusPageExts are the files the pages plugin publishes: React
// components as well as Markdown.
var docusaurusPageExts = map[string]bool{".md": true, ".mdx": true, ".js": true, ".jsx": true, ".ts": true, ".tsx": true}

// pages lays out the pages plugin: src/pages/a/b.jsx at /a/b, index files
// at their folder; files and folders whose names begin with "_", and
// tests, are not pages.
func (docusaurus) pages(t *Tree, s *Site, dir, base string) {
	t.Walk(dir, func(rel string) {
		p := strings.TrimPrefix(rel, dir+"/")
		ext := path.Ext(p)
		if !docusaurusPageExts[strings.ToLower(ext)] || strings.Contains(p, "__tests__/") ||
			strings.Contains(path.Base(p), ".test.") {
			return
		}
		for _, seg := range strings.Split(p, "/") {
			if strings.HasPrefix(seg, "_") {
				return
			}
		}
		if docusaurusExts[strings.ToLower(ext)] {
			if head, err := t.head(rel); err == nil {
				docusaurusImports(t, s, rel, head)
			}
		} else if head, err := t.head(rel); err == nil {
			if to, ok := docusaurusRedirectPage(head); ok {
				if s.dropsFragment == nil {
					s.dropsFragment = map[string]string{}
				}
				s.dropsFragment[rel] = to
			}
		}
		u := base + "/" + strings.TrimSuffix(p, ext)
		if path.Base(u) == "index" {
			u = path.Dir(u)
		}
		u = strings.TrimSuffix(u, "/")
		if u == "" {
			u = "/"
		}
		s.Page(rel, u)
		s.Alias(u+"/", rel)
	})
}

var docusaurusTags = regexp.MustCompile(`(?m)^tags:`)

var (
	docusaurusRedirectImport = regexp.MustCompile(`\bimport\s*\{[^}]*\bRedirect\b[^}]*\}\s*from\s*['"](?:@docusaurus/router|react-router-dom|react-router)['"]`)
	docusaurusRedirectTo     = regexp.MustCompile(`<Redirect\s+to=(?:\{\s*)?['"]([^'"{}]+)['"]\s*\}?\s*/>`)
)

// docusaurusRedirectPage reports whether the source of a page component
// does nothing but redirect: it imports Redirect from the router and
// renders one "<Redirect to="/x" />", with no condition, no hook and no
// read of the location (a page that reads location.hash may route by
// it), and returns the path it sends the reader to.
func docusaurusRedirectPage(src []byte) (string, bool) {
	if !docusaurusRedirectImport.Match(src) {
		return "", false
	}
	m := docusaurusRedirectTo.FindAllSubmatch(src, -1)
	if len(m) != 1 {
		return "", false
	}
	for _, w := range []string{"location", "hash", "useEffect", "useState", "useLocation", "useHistory", " if ", "if (", "?", "&&"} {
		if bytes.Contains(src, []byte(w)) {
			return "", false
		}
	}
	return string(m[0][1]), true
}

// RendersPartial reports whether the file rel (slash path from the
// audited root) is a partial of one of Docusaurus' content folders (a
// file or folder named "_x", which no page publishes): the content
// plugin compiles it as it does its pages, so its Markdown links to
// files are looked up as a page's are (MarkdownLinkFiles: the content
// folder, then the site's, for "x.md"), and rewritten to the page
// published from the file they find, whatever page imports it.
func (s *Site) RendersPartial(rel string) bool {
	if s.Generator != "docusaurus" {
		return false
	}
	in, ok := s.inner(rel)
	if !ok {
		return false
	}
	for _, d := range s.contentDirs {
		if rest, ok := strings.CutPrefix(in, d+"/"); ok && d != "" && docusaurusPartial(rest) {
			return true
		}
	}
	return false
}

// docusaurusPartial reports whether the content file p (a path from its
// content folder) is left out of the pages by the content plugins'
// default exclude ("**/_*.{md,mdx,...}", "**/_*/**"): a file or a
// folder whose name begins with "_".
func docusaurusPartial(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, "_") {
			return true
		}
	}
	return false
}

// docusaurusDatedName is a dated post's name: the blog plugin's date
// takes a month and a day of one digit or two (DATE_FILENAME_REGEX).
var docusaurusDatedName = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$`)

// blog lays out the blog plugin (docusaurus.io/docs/blog): a post at
// base/YYYY/MM/DD/name when its file (or folder, for index.md) is named
// "YYYY-MM-DD-name", else at base/name; front matter "slug" replaces
// that. The list pages (the blog's index, archive, tags, authors, pages
// of posts) are made by the plugin from no file of their own.
func (docusaurus) blog(t *Tree, s *Site, dir, base string) {
	s.contentDirs = append(s.contentDirs, dir)
	tagged := false // the tags pages are made when a post has tags
	t.Walk(dir, func(rel string) {
		if !docusaurusExts[strings.ToLower(path.Ext(rel))] {
			return
		}
		p := strings.TrimSuffix(strings.TrimPrefix(rel, dir+"/"), path.Ext(rel))
		if docusaurusPartial(p) {
			return
		}
		if path.Base(p) == "index" && strings.Contains(p, "/") {
			p = path.Dir(p)
		}
		head, _ := t.head(rel)
		fm := readFrontMatter(head)
		if fm.Draft {
			s.addUnpublished(rel) // development builds only
			return
		}
		tagged = tagged || docusaurusTags.Match(head)
		docusaurusImports(t, s, rel, head)
		var u string
		switch {
		case strings.HasPrefix(fm.Slug, "/"):
			u = base + fm.Slug
		case fm.Slug != "":
			u = base + "/" + fm.Slug
		default:
			d, name := path.Split(p)
			if m := docusaurusDatedName.FindStringSubmatch(name); m != nil {
				// The date as written: "2020-2-14-x" is at 2020/2/14/x.
				name = m[1] + "/" + m[2] + "/" + m[3] + "/" + m[4]
			}
			u = base + "/" + d + name
		}
		u = strings.TrimSuffix(u, "/")
		s.Page(rel, u)
		s.Alias(u+"/", rel)
	})
	s.Redirect(base+"/", base+"/")
	gens := []string{"/archive", "/page/*"}
	if tagged {
		gens = append(gens, "/tags", "/tags/*")
	}
	// An authors file may give authors pages of their own (page: true;
	// Docusaurus 3.5), listed at /authors.
	for _, f := range []string{"authors.yml", "authors.yaml", "authors.json"} {
		if t.Exists(dir + "/" + f) {
			gens = append(gens, "/authors", "/authors/*")
			break
		}
	}
	for _, gen := range gens {
		s.Redirect(base+gen, base+gen)
	}
}

var (
	docusaurusPluginsKey = regexp.MustCompile(`\b(plugins|themes)\s*:\s*\[`)
	docusaurusPresetsKey = regexp.MustCompile(`\bpresets\s*:\s*\[`)
	docusaurusModule     = regexp.MustCompile(`^\s*\[?\s*(?:require\.resolve\(\s*)?['"]([^'"\n]+)['"]`)
)

// docusaurusPlugins returns the module names of the entries of the
// configuration's plugins and themes arrays ("name", ["name", {...}],
// require.resolve("name")); local modules ("./src/plugins/x") included.
// Entries written as functions are read apart (addRoute above).
func docusaurusPlugins(src []byte) []string {
	// A "plugins" or "themes" key inside a preset's options or a
	// plugin's is that module's option (docusaurus-preset-shiki-twoslash's
	// "themes: ['github-light', 'nord']" names colour themes), not the
	// site's.
	var spans [][2]int
	for _, m := range docusaurusPresetsKey.FindAllIndex(src, -1) {
		spans = append(spans, [2]int{m[1] - 1, m[1] - 1 + len(bracketed(src, m[1]-1))})
	}
	var out []string
	for _, m := range docusaurusPluginsKey.FindAllIndex(src, -1) {
		if slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] < m[0] && m[0] < sp[1] }) {
			continue
		}
		open := m[1] - 1
		body := bracketed(src, open)
		spans = append(spans, [2]int{open, open + len(body)})
		out = append(out, docusaurusEntries(body)...)
		out = append(out, docusaurusCodeEntries(src, body)...)
	}
	// "plugins," (the shorthand) or "plugins: sitePlugins" names a
	// constant the configuration sets to the list.
	for _, m := range docusaurusPluginsRef.FindAllSubmatchIndex(src, 8) {
		if slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] < m[0] && m[0] < sp[1] }) {
			continue
		}
		var name string
		switch {
		case m[2] >= 0:
			name = string(src[m[2]:m[3]])
		case m[4] >= 0:
			name = string(src[m[4]:m[5]])
		default:
			continue
		}
		re, err := regexp.Compile(`(?m)\b(?:const|let|var)\s+` + regexp.QuoteMeta(name) + `\s*(?::[^=\n]+)?=\s*\[`)
		if err != nil {
			continue
		}
		if c := re.FindIndex(src); c != nil {
			body := bracketed(src, c[1]-1)
			out = append(out, docusaurusEntries(body)...)
			out = append(out, docusaurusCodeEntries(src, body)...)
		}
	}
	return out
}

// docusaurusPluginsRef is the plugins or themes key given by a name:
// the shorthand "plugins," (group 1) or "plugins: sitePlugins" (group 2).
var docusaurusPluginsRef = regexp.MustCompile(`(?:^|[{,\s])(plugins|themes)\s*[,}\n]|\b(?:plugins|themes)\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]`)

// docusaurusCodeEntries returns the plugins of an array literal of
// plugins that are written as names, not strings: a constant that
// requires or imports a module ("tailwindPlugin" with "const
// tailwindPlugin = require('./plugins/tailwind-plugin.cjs')") is that
// module. A spread or any other name ("...docsPlugins", "sitePlugin")
// is left out, as entries that are no string were before: naming it
// "not modelled" made every URL of a site unverifiable, which cost a
// held-out Docusaurus site 96 of its 125 real findings (stop 38,
// found by its table row alone) and no tune site a false one; content
// plugins made by code are read apart (docusaurusMappedInstances), as
// are functions (inline plugins).
func docusaurusCodeEntries(src, body []byte) []string {
	var out []string
	docusaurusEachEntry(body, func(entry []byte) {
		e := strings.TrimSpace(docusaurusComments.ReplaceAllString(string(entry), ""))
		if strings.HasPrefix(e, "...") || !docusaurusName.MatchString(e) || e == "true" || e == "false" || e == "null" || e == "undefined" {
			return
		}
		if len(out) >= 64 {
			return // bounded: each name is looked up in the whole configuration
		}
		if _, mod := docusaurusRequired(src, e); mod != "" {
			out = append(out, mod)
		}
	})
	return out
}

var (
	docusaurusName     = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)
	docusaurusComments = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
)

// docusaurusPresetSpans returns where the configuration's presets
// arrays are, as [start, end) offsets.
func docusaurusPresetSpans(src []byte) [][2]int {
	var out [][2]int
	for _, m := range docusaurusPresetsKey.FindAllIndex(src, -1) {
		out = append(out, [2]int{m[1] - 1, m[1] - 1 + len(bracketed(src, m[1]-1))})
	}
	return out
}

// docusaurusPresets returns the module names of the configuration's
// presets.
func docusaurusPresets(src []byte) []string { return docusaurusModules(src, docusaurusPresetsKey) }

// docusaurusModules returns the module names of the entries of the
// arrays that key opens.
func docusaurusModules(src []byte, key *regexp.Regexp) []string {
	var out []string
	for _, m := range key.FindAllIndex(src, -1) {
		out = append(out, docusaurusEntries(bracketed(src, m[1]-1))...)
	}
	return out
}

// docusaurusEntries returns the module names of the entries of an array
// literal of plugins or presets.
func docusaurusEntries(body []byte) []string {
	var out []string
	docusaurusEachEntry(body, func(entry []byte) {
		if mm := docusaurusModule.FindSubmatch(entry); mm != nil {
			out = append(out, string(mm[1]))
		}
	})
	return out
}

// docusaurusEachEntry calls fn with each entry of the array literal
// body ("[a, [b, {}], c]"), split at its commas outside brackets.
func docusaurusEachEntry(body []byte, fn func(entry []byte)) {
	depth := 0
	start := 1
	for i := 1; i < len(body); i++ {
		switch body[i] {
		case '[', '{', '(':
			depth++
		case ']', '}', ')':
			depth--
		}
		if depth == 0 && body[i] == ',' || depth < 0 {
			fn(body[start:i])
			start = i + 1
		}
		if depth < 0 {
			break
		}
	}
}

// bracketed returns the array literal that opens at src[open] ("["), up
// to its matching "]" (or the end).
func bracketed(src []byte, open int) []byte {
	depth := 0
	for i := open; i < len(src); i++ {
		switch src[i] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return src[open : i+1]
			}
		}
	}
	return src[open:]
}

// docusaurusHighlighter reports whether a plugin's or preset's name says
// it highlights code blocks (docusaurus-preset-shiki-twoslash: Shiki's
// colours and TypeScript's hovers in fenced code): it adds no page and
// writes no heading id.
func docusaurusHighlighter(name string) bool {
	low := strings.ToLower(name)
	return strings.Contains(low, "shiki") || strings.Contains(low, "twoslash") || strings.Contains(low, "prism")
}

// docusaurusKnownPlugins publish no page the model does not know: the
// content plugins, modelled above, and those that add scripts, styles,
// search indexes, images or metadata.
var docusaurusKnownPlugins = map[string]bool{
	"@docusaurus/plugin-content-docs": true, "@docusaurus/plugin-content-blog": true,
	"@docusaurus/plugin-content-pages": true, "@docusaurus/plugin-sitemap": true,
	"@docusaurus/plugin-google-analytics": true, "@docusaurus/plugin-google-gtag": true,
	"@docusaurus/plugin-google-tag-manager": true, "@docusaurus/plugin-ideal-image": true,
	"@docusaurus/plugin-svgr": true, "@docusaurus/plugin-rsdoctor": true, "@docusaurus/plugin-vercel-analytics": true,
	"@docusaurus/theme-classic": true, "@docusaurus/theme-mermaid": true, "@docusaurus/theme-live-codeblock": true,
	"@docusaurus/theme-search-algolia": true, "docusaurus-plugin-sass": true,
	"@docusaurus/plugin-pwa": true, "docusaurus-plugin-image-zoom": true, "plugin-image-zoom": true,
	"@docusaurus/faster": true, "docusaurus-tailwindcss": true,
	"docusaurus-plugin-copy-page-button": true, // a button that copies the page's text
}

var (
	docusaurusLastVersion  = regexp.MustCompile(`(?:^|[^\w$.])['"]?lastVersion['"]?\s*:\s*(?:['"]([^'"]+)['"]|([A-Za-z_$][\w$]*))`)
	docusaurusNoVersioning = regexp.MustCompile(`(?:^|[^\w$.])['"]?disableVersioning['"]?\s*:\s*true\b`)
	docusaurusNoCurrent    = regexp.MustCompile(`(?:^|[^\w$.])['"]?includeCurrentVersion['"]?\s*:\s*false\b`)
	docusaurusVersionsKey  = regexp.MustCompile(`(?:^|[^\w$.])['"]?versions['"]?\s*:\s*\{`)
	docusaurusOnlyInclude  = regexp.MustCompile(`(?:^|[^\w$.])['"]?onlyIncludeVersions['"]?\s*:\s*`)
	docusaurusStringList   = regexp.MustCompile(`^\[\s*(?:(?:'[^'\n]*'|"[^"\n]*")\s*,?\s*)*\]`)
	docusaurusVersionEntry = regexp.MustCompile(`(?:^|[{,\s])(?:['"]([^'"]+)['"]|([A-Za-z0-9_.$-]+)|\[\s*([A-Za-z_$][\w$]*)\s*\])\s*:\s*\{`)
	docusaurusConstString  = `(?m)\b(?:const|let|var)\s+%s\s*(?::\s*\w+\s*)?=\s*['"]([^'"]+)['"]`
)

// docusaurusConst returns the string a constant of the configuration is
// set to ("const lastDocsVersion = '11.x'"), or "".
func docusaurusConst(cfg []byte, name string) string {
	re, err := regexp.Compile(fmt.Sprintf(docusaurusConstString, regexp.QuoteMeta(name)))
	if err != nil {
		return ""
	}
	if m := re.FindSubmatch(cfg); m != nil {
		return string(m[1])
	}
	return ""
}

// docusaurusIncluded reads the onlyIncludeVersions option of a docs
// instance's options body, found in top (its top level, as topLevel
// blanks it, at the same offsets): the versions it lists, and whether it
// lists them as strings the model reads.
func docusaurusIncluded(body, top []byte) (map[string]bool, bool) {
	loc := docusaurusOnlyInclude.FindIndex(top)
	if loc == nil {
		return nil, false
	}
	list := docusaurusStringList.Find(body[loc[1]:])
	if list == nil {
		return nil, false // code: not read
	}
	out := map[string]bool{}
	for _, m := range docusaurusQuoted.FindAllSubmatch(list, -1) {
		out[string(m[1])] = true
	}
	return out, true
}

// docusaurusVersionPaths reads the "versions" option of a docs instance:
// the path each version is served at under the route base, where one is
// set ("versions: {current: {path: 'v4'}, '3.x': {path: 'v3'}}"); a key
// written as a constant ("[lastDocsVersion]") is looked up.
func docusaurusVersionPaths(cfg, body []byte) map[string]string {
	top := topLevel(body)
	loc := docusaurusVersionsKey.FindIndex(top)
	if loc == nil {
		return nil
	}
	vbody := braced(body, loc[1]-1)
	out := map[string]string{}
	vtop := topLevel(vbody)
	for _, m := range docusaurusVersionEntry.FindAllSubmatchIndex(vtop, -1) {
		var name string
		switch {
		case m[2] >= 0:
			name = string(vtop[m[2]:m[3]])
		case m[4] >= 0:
			name = string(vtop[m[4]:m[5]])
		case m[6] >= 0:
			name = docusaurusConst(cfg, string(vtop[m[6]:m[7]]))
		}
		if name == "" {
			continue
		}
		opts := topLevel(braced(vbody, m[1]-1))
		if p := docusaurusPath.FindSubmatch(opts); p != nil {
			out[name] = strings.Trim(string(p[1]), "/")
		}
	}
	return out
}

// versions lays out a docs instance with its versions
// (docusaurus.io/docs/versioning): versions.json lists the versions,
// newest first, whose docs are in versioned_docs/version-X/; the newest
// is served at the route base, the others at base/X, and the docs
// folder itself, the version "current", at base/next. lastVersion
// names another version served at the base (a string, or a constant of
// the configuration); the "versions" option may give a version a path
// of its own; includeCurrentVersion: false leaves the docs folder
// unpublished. The versions of a docs instance other than the preset's
// ("id: 'community'") are in community_versions.json and
// community_versioned_docs/.
func (d docusaurus) versions(t *Tree, s *Site, cfg []byte, in docusaurusInstance) (folders [][2]string) {
	prefix := ""
	if in.id != "" && in.id != "default" {
		prefix = in.id + "_"
	}
	if strings.ContainsAny(prefix, "/\\") || strings.HasPrefix(prefix, ".") {
		return nil // no file name
	}
	var versions []string
	if src, err := t.Read(prefix + "versions.json"); err == nil {
		_ = json.Unmarshal(src, &versions) // a file that does not decode: no versions
	}
	top := topLevel(in.body)
	excluded := docusaurusExcluded(in.body, top)
	paths := docusaurusVersionPaths(cfg, in.body)
	sidebars := func(rel, base string) {
		if src, err := t.Read(rel); err == nil {
			d.generatedIndexes(s, src, false, base)
		}
	}
	currentSidebars := ""
	if m := docusaurusSidebarPath.FindSubmatch(in.body); m != nil {
		currentSidebars = path.Clean(strings.TrimPrefix(string(m[1]), "./"))
	}
	disabled := docusaurusNoVersioning.Match(top)
	if disabled {
		versions = nil // the docs folder alone is published, at the route
	}
	// currentAlone publishes the docs folder as the only version: served
	// as the newest one is, at the route base unless a path is set.
	currentAlone := func() {
		u := in.route
		if p, ok := paths["current"]; ok && p != "" {
			u += "/" + p
		}
		d.docs(t, s, in.dir, u, excluded)
		sidebars(currentSidebars, u)
		folders = append(folders, [2]string{in.dir, "current"})
	}
	if len(versions) == 0 {
		currentAlone()
		// Versioned docs that versions.json does not list are not
		// published (a version dropped, the list kept elsewhere): their
		// links are written for the site, not for the forge, and are
		// not checked.
		if t.Exists(prefix + "versioned_docs") {
			s.templates = append(s.templates, prefix+"versioned_docs")
			if disabled {
				s.Note("%sversioned_docs/ not published (disableVersioning)", prefix)
			} else {
				s.Note("%sversioned_docs/ without %sversions.json not published", prefix, prefix)
			}
		}
		return folders
	}
	// onlyIncludeVersions publishes the versions it lists alone
	// ("current" is the docs folder): the others are left out of the
	// build, as an unlisted folder is. A list the model cannot read
	// (code, a constant) leaves every version published.
	all := versions
	included, only := docusaurusIncluded(in.body, top)
	if only {
		kept := versions[:0:0]
		var left []string
		for _, v := range versions {
			if included[v] {
				kept = append(kept, v)
			} else if t.Exists(prefix + "versioned_docs/version-" + v) {
				s.templates = append(s.templates, prefix+"versioned_docs/version-"+v)
				left = append(left, v)
			}
		}
		versions = kept
		if len(left) > 0 {
			// One note, however many versions: the detection line
			// stays a line.
			shown := strings.Join(left[:min(len(left), 3)], ", ")
			if len(left) > 3 {
				shown += fmt.Sprintf(" and %d more", len(left)-3)
			}
			s.Note("%sversioned_docs/: versions not in onlyIncludeVersions not published (%s)", prefix, shown)
		}
	}
	if only && !included["current"] {
		s.templates = append(s.templates, in.dir)
		s.Note("%s/ not published (onlyIncludeVersions leaves current out)", in.dir)
		if len(versions) == 0 {
			return folders
		}
	}
	if len(versions) == 0 {
		currentAlone() // only the current version is included
		return folders
	}
	last := versions[0]
	if m := docusaurusLastVersion.FindSubmatch(top); m != nil {
		if m[1] != nil {
			last = string(m[1])
		} else if v := docusaurusConst(cfg, string(m[2])); v != "" {
			last = v
		}
	}
	at := func(v string) string {
		if p, ok := paths[v]; ok {
			if p == "" {
				return in.route
			}
			return in.route + "/" + p
		}
		if v == last {
			return in.route
		}
		if v == "current" {
			return in.route + "/next"
		}
		return in.route + "/" + v
	}
	switch {
	case only && !included["current"]:
		// Left out by onlyIncludeVersions (noted above).
	case docusaurusNoCurrent.Match(top):
		// Not published: its links are written for the site, as the
		// versions copied from it are, and are not checked.
		s.templates = append(s.templates, in.dir)
		s.Note("%s/ not published (includeCurrentVersion: false)", in.dir)
	default:
		d.docs(t, s, in.dir, at("current"), excluded)
		sidebars(currentSidebars, at("current"))
		folders = append(folders, [2]string{in.dir, "current"})
	}
	for _, v := range versions {
		if strings.ContainsAny(v, "/\\") || v == ".." || v == "." {
			continue // no folder name
		}
		if !t.Exists(prefix + "versioned_docs/version-" + v) {
			// Listed, but its folder is made at build time (fetched
			// from a branch, copied by a script): its pages are not
			// the model's to know.
			s.UnknownSpace(at(v), fmt.Sprintf("version %s has no folder %sversioned_docs/version-%s in the tree", v, prefix, v))
			continue
		}
		d.docs(t, s, prefix+"versioned_docs/version-"+v, at(v), excluded)
		sidebars(prefix+"versioned_sidebars/version-"+v+"-sidebars.json", at(v))
		folders = append(folders, [2]string{prefix + "versioned_docs/version-" + v, "version-" + v})
	}
	// A version's folder that versions.json does not list is not
	// published (one prepared for a release, or dropped): its links
	// are written for the site, as the listed versions' are, and are
	// not checked.
	// A set, not slices.Contains per file: files × versions would be
	// quadratic on a hostile versions.json.
	// (The versions onlyIncludeVersions leaves out were noted above.)
	listed := make(map[string]bool, len(all))
	for _, v := range all {
		listed[v] = true
	}
	unlisted := map[string]bool{}
	t.Walk(prefix+"versioned_docs", func(rel string) {
		name, _, _ := strings.Cut(strings.TrimPrefix(rel, prefix+"versioned_docs/"), "/")
		if v, ok := strings.CutPrefix(name, "version-"); ok && !listed[v] && !unlisted[name] {
			unlisted[name] = true
			s.templates = append(s.templates, prefix+"versioned_docs/"+name)
			s.Note("%sversioned_docs/%s/ not in %sversions.json: not published", prefix, name, prefix)
		}
	})
	return folders
}

var (
	docusaurusI18n          = regexp.MustCompile(`(?:^|[^\w$.])['"]?i18n['"]?\s*:\s*\{`)
	docusaurusDefaultLocale = docusaurusOption("defaultLocale")
	docusaurusLocales       = regexp.MustCompile(`(?:^|[^\w$.])['"]?locales['"]?\s*:\s*\[([^\]]*)\]`)
	docusaurusQuoted        = regexp.MustCompile(`['"]([^'"]+)['"]`)
)

// translations lays out the locales of the site other than the default
// (docusaurus.io/docs/i18n/introduction): each serves every page at
// /LOCALE/ + its URL, from its translation where there is one
// (i18n/LOCALE/docusaurus-plugin-content-docs/current/ for docs/,
// version-X/ for a version, docusaurus-plugin-content-blog/ and -pages/,
// "-ID" after the plugin's name for an instance of its own), else from
// the page itself. A translation's link to a Markdown file resolves
// from its own content folder, then from the original's. The locales
// are those of the configuration's i18n.locales when it lists them as
// strings, else the folders of i18n/.
// maxLocales bounds the locales a Docusaurus site is modelled with.
const maxLocales = 256

// translatedAt publishes rel, the default locale's translation of a
// page, at the page's URL u in the original's place: the URL's ids and
// links are the translation's.
func (s *Site) translatedAt(rel, u string) {
	for _, k := range []string{cleanURL(u), cleanURL(strings.TrimSuffix(u, "/") + "/")} {
		s.pages[k] = rel
	}
	s.urls[rel] = cleanURL(u)
}

func (docusaurus) translations(t *Tree, s *Site, cfg []byte, folders [][2]string) {
	if !t.Exists("i18n") {
		return
	}
	def := "en"
	var locales []string
	if loc := docusaurusI18n.FindIndex(cfg); loc != nil {
		body := braced(cfg, loc[1]-1)
		top := topLevel(body)
		if m := docusaurusDefaultLocale.FindSubmatch(top); m != nil {
			def = string(m[1])
		}
		// topLevel blanks what the list's brackets hold: its names are
		// read from the body, at the same offsets.
		if m := docusaurusLocales.FindSubmatchIndex(top); m != nil {
			for _, q := range docusaurusQuoted.FindAllSubmatch(body[m[2]:m[3]], -1) {
				locales = append(locales, string(q[1]))
			}
		}
	}
	if locales == nil {
		seen := map[string]bool{}
		t.Walk("i18n", func(rel string) {
			if parts := strings.SplitN(strings.TrimPrefix(rel, "i18n/"), "/", 2); len(parts) == 2 && !seen[parts[0]] {
				seen[parts[0]] = true
				locales = append(locales, parts[0])
			}
		})
	}
	// Each locale serves every page again: a configuration that lists
	// locales by the thousand (a real site has tens) would make the
	// model's size and time their product, so only the first
	// maxLocales distinct ones are served.
	slices.Sort(locales)
	locales = slices.Compact(locales)
	if len(locales) > maxLocales {
		locales = locales[:maxLocales]
	}
	// The routes a plugin makes from no file of its own (a category's
	// generated index, the search page, the blog's list pages: each a
	// redirect to itself here) are served again under each locale too.
	var made []string
	for from, to := range s.redirects {
		if to != "" && cleanURL(to) == from {
			made = append(made, to)
		}
	}
	slices.Sort(made)
	for _, loc := range locales {
		if loc == def || loc == "" || strings.ContainsAny(loc, "/\\") || strings.HasPrefix(loc, ".") {
			continue
		}
		for _, u := range made {
			s.Redirect("/"+loc+u, "/"+loc+u)
		}
	}
	type page struct{ rel, u string }
	var pages []page
	for rel, u := range s.urls {
		pages = append(pages, page{rel, u})
	}
	slices.SortFunc(pages, func(a, b page) int { return strings.Compare(a.rel, b.rel) })
	// The default locale reads its translations too: a file of
	// i18n/DEFAULT/docusaurus-plugin-content-docs/current/ is what the
	// page of its original renders at the original's URL (the content
	// plugins take each file from the localized folder first, for
	// every locale), and the original is then published only by the
	// other locales.
	if !slices.Contains(locales, def) && t.Exists("i18n/"+def) {
		locales = append(locales, def)
	}
	for _, loc := range locales {
		if loc == "" || strings.ContainsAny(loc, "/\\") || strings.HasPrefix(loc, ".") {
			continue
		}
		for _, f := range folders {
			tr := "i18n/" + loc + "/" + f[1]
			if loc == def && !t.Exists(tr) {
				continue
			}
			plugin, _, _ := strings.Cut(f[1], "/")
			s.contentOf(tr, plugin)
			if slices.Contains(s.contentDirs, f[0]) {
				s.contentDirs = append(s.contentDirs, tr)
				if s.contentAlt == nil {
					s.contentAlt = map[string]string{}
				}
				s.contentAlt[tr] = f[0]
			}
			for _, p := range pages {
				rest, ok := strings.CutPrefix(p.rel, f[0]+"/")
				if !ok {
					continue
				}
				if loc == def {
					if t.Exists(tr + "/" + rest) {
						s.translatedAt(tr+"/"+rest, p.u)
						// The original is a page of the other
						// locales only: its links resolve from
						// the first one's URL.
						if other := slices.IndexFunc(locales, func(l string) bool { return l != def && l != "" }); other >= 0 {
							s.urls[p.rel] = cleanURL("/" + locales[other] + p.u)
						}
					}
					continue
				}
				u := "/" + loc + p.u
				if p.u == "/" {
					u = "/" + loc
				}
				if t.Exists(tr + "/" + rest) {
					s.Page(tr+"/"+rest, u)
					s.Alias(u+"/", tr+"/"+rest)
				} else {
					s.Alias(u, p.rel)
					s.Alias(u+"/", p.rel)
				}
			}
		}
	}
}

// docusaurusBase reads the site's baseUrl and url (Docusaurus 1 and 2+
// write them alike) from its configuration src.
func docusaurusBase(s *Site, src []byte) {
	b, known := docusaurusBaseURLOf(src)
	switch {
	case !known:
		// The pages' URLs begin with a path the model cannot read: a
		// root-relative link that no page answers may be one of them,
		// and a link to the site's own URL cannot be mapped to a page.
		s.Lenient = true
		s.Note("baseUrl not read (not a plain string)")
	case b != "/":
		// Docusaurus' Link adds baseUrl to a root-relative link that
		// does not begin with it already (useBaseUrl): "/base/docs/a"
		// and "/docs/a" are the same page.
		s.basePath = b
		// The build folder holds the site without it: build/docs/a is
		// served at /base/docs/a.
		s.builtPrefix = strings.TrimSuffix(b, "/")
	}
	if m := docusaurusURL.FindSubmatch(src); m != nil {
		s.Base(strings.TrimSuffix(string(m[1]), "/") + "/" + strings.Trim(b, "/"))
	}
}

// TextID returns the id that the heading of this raw text (as written,
// "`i18n._(...)` {#i18n.\_}") gets from an explicit "{#id}" at its end
// that a CommonMark attribute reader refuses (goldmark's takes letters,
// digits and "_-:." only). Docusaurus reads the attribute from the
// heading's text (mdx-loader's headings plugin, parseMarkdownHeadingId),
// after Markdown has taken its backslash escapes: the id is "i18n._".
// ok is false for the other publishers, which leave such a text in the
// heading and slug it.
func (s *Site) TextID(raw string) (id string, ok bool) {
	if s.Generator != "docusaurus" {
		return "", false
	}
	i := strings.LastIndex(raw, "{#")
	if i < 0 || !strings.HasSuffix(raw, "}") || len(raw)-i < len("{#x}") || strings.Contains(raw[i+2:len(raw)-1], "}") {
		return "", false
	}
	written := raw[i+2 : len(raw)-1]
	// CommonMark 2.4: "Any ASCII punctuation character may be
	// backslash-escaped"; a backslash before any other is a backslash.
	var b strings.Builder
	for j := 0; j < len(written); j++ {
		if c := written[j]; c == '\\' && j+1 < len(written) && isASCIIPunct(written[j+1]) {
			j++
		}
		b.WriteByte(written[j])
	}
	return b.String(), true
}

// isASCIIPunct reports whether c is one of CommonMark's ASCII punctuation
// characters.
func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// docusaurusRequired returns the module that the configuration's
// constant name requires or imports ("const x = require('./x.cjs')",
// "const {x} = require('m')", "import x from 'm'"), or "".
func docusaurusRequired(src []byte, name string) (string, string) {
	q := regexp.QuoteMeta(name)
	for _, re := range []string{
		`\b(?:const|let|var)\s+(?:\{[^}]*\b` + q + `\b[^}]*\}|` + q + `)\s*=\s*require(?:\.resolve)?\(\s*['"]([^'"\n]+)['"]`,
		`\bimport\s+(?:[\w$]+\s*,\s*)?(?:\{[^}]*\b` + q + `\b[^}]*\}|` + q + `|\*\s*as\s+` + q + `)\s+from\s+['"]([^'"\n]+)['"]`,
	} {
		r, err := regexp.Compile(re)
		if err != nil {
			continue
		}
		if m := r.FindSubmatch(src); m != nil {
			return name, string(m[1])
		}
	}
	return name, ""
}

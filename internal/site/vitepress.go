package site

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/urilint/urilint/internal/anchor"
)

// vitepress publishes a VitePress site (vitepress.dev: "guide/routing",
// "guide/asset-handling", "reference/site-config"). The project root
// holds .vitepress/config; the pages are the Markdown files of srcDir
// (the root by default), a.md published at a.html, or at a with
// cleanUrls, index.md at its folder; links may name a page with or
// without ".md" or ".html"; public/ in srcDir is served at "/". Heading
// ids are VitePress's slugs: the text decomposed, marks and control
// characters removed, each run of white space and punctuation one "-",
// none at the ends, "_" before a leading digit, lower-cased; a repeated
// one numbered "-1", "-2".
type vitepress struct{}

var vitepressConfigs = []string{"config.js", "config.ts", "config.mjs", "config.mts", "config.cjs", "config.cts"}

// vitepressMarkers are the files a VitePress project is recognized by:
// its configuration in .vitepress/ at the top or in docs/, or split
// into modules (.vitepress/config/index.ts).
func vitepressMarkers() []string {
	var markers []string
	for _, dir := range []string{".vitepress", "docs/.vitepress"} {
		for _, c := range vitepressConfigs {
			markers = append(markers, dir+"/"+c)
		}
		for _, c := range vitepressConfigs {
			markers = append(markers, dir+"/config/index"+strings.TrimPrefix(c, "config"))
		}
	}
	return markers
}

// maxConfigModules bounds how many modules of a split configuration are
// read.
const maxConfigModules = 16

// readVitepressConfig reads the configuration file rel, and the other
// modules of its folder when it is .vitepress/config/index.*: a
// configuration split into modules (shared.ts, en.ts...) is read as one
// text, since only plain options are read from it.
func readVitepressConfig(t *Tree, rel string) ([]byte, error) {
	src, err := t.Read(rel)
	if err != nil {
		return src, err
	}
	n := 0
	read := []string{rel}
	if path.Base(path.Dir(rel)) == "config" {
		t.Walk(path.Dir(rel), func(m string) {
			if m == rel || n >= maxConfigModules || !slices.Contains(vitepressConfigs, "config"+path.Ext(m)) {
				return
			}
			n++
			read = append(read, m)
			if more, err := t.Read(m); err == nil {
				src = append(append(src, '\n'), more...)
			}
		})
		return src, nil
	}
	// A configuration spread over modules it imports
	// ("...configShard" from ./config/configShard.ts) has its options
	// there: the script modules it imports from its own folder or
	// below are read with it.
	for _, m := range vitepressConfigImport.FindAllSubmatch(src, -1) {
		name := string(m[1])
		if n >= maxConfigModules || !strings.HasPrefix(name, "./") {
			continue
		}
		for _, f := range jsModuleFiles(path.Join(path.Dir(rel), name)) {
			if !vitepressScript(f) || slices.Contains(read, f) || !t.Exists(f) {
				continue
			}
			more, err := t.Read(f)
			if err != nil {
				break
			}
			n++
			read = append(read, f)
			src = append(append(src, '\n'), more...)
			break
		}
	}
	return src, nil
}

// vitepressConfigImport is a module a configuration imports or
// re-exports, by its relative name.
var vitepressConfigImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"](\.[^'"]+)['"]`)

// vitepressScript reports whether the file rel is a script module (not
// JSON, a Vue component or a style sheet a configuration imports).
func vitepressScript(rel string) bool {
	switch path.Ext(rel) {
	case ".ts", ".mts", ".js", ".mjs", ".cts", ".cjs":
		return true
	}
	return false
}

var (
	vitepressSrcDir   = regexp.MustCompile(`srcDir:\s*['"]([^'"]*)['"]`)
	vitepressClean    = regexp.MustCompile(`cleanUrls:\s*true`)
	vitepressRewrites = regexp.MustCompile(`\brewrites\s*:`)
	vitepressLLMs     = regexp.MustCompile(`['"]vitepress-plugin-llms['"]`)
	// markdown.anchor.slugify names a function of the configuration:
	// the heading ids are its, not VitePress's.
	vitepressSlugify = regexp.MustCompile(`\banchor\s*:\s*\{[^}]*\bslugify\b`)
)

func (v vitepress) Load(t *Tree, s *Site) error {
	cfgPath := s.marker
	src, err := readVitepressConfig(t, cfgPath)
	cfgDir := path.Dir(cfgPath)
	if path.Base(cfgDir) == "config" {
		cfgDir = path.Dir(cfgDir)
	}
	root := strings.TrimSuffix(strings.TrimSuffix(cfgDir, ".vitepress"), "/")
	dir := root
	if m := vitepressSrcDir.FindSubmatch(src); m != nil {
		dir = strings.Trim(path.Join(root, string(m[1])), "/.")
	}
	clean := vitepressClean.Match(src)
	// rewrites move pages to other paths, by a table or by a function
	// (code): the paths as written may not be where pages are served.
	// A table of plain patterns ("'en/:rest*': ':rest*'") is followed.
	var rewrites []vitepressRewrite
	if vitepressRewrites.Match(src) {
		var ok bool
		if rewrites, ok = vitepressRewriteTable(src); ok {
			s.Note("rewrites")
		} else {
			s.Lenient = true
			s.Note("rewrites not modelled")
		}
	}
	s.Anchors = anchor.HTML
	// A Markdown link's ".md" becomes ".html" (or nothing, with
	// cleanUrls) whatever the file is: one to a Markdown file that is
	// no page (srcExclude, outside srcDir) leads nowhere.
	s.mdToPages = true
	// Only Markdown links are rewritten: one in raw HTML ("<a
	// href="x.md">") stays as written, a URL from the page's. (An
	// image's src is an asset Vue's compiler bundles, as in Markdown.)
	s.htmlMarkdownByURL = true
	// Without cleanUrls, a Markdown link with no extension gets the
	// page's ".html" ("./guide" is "./guide.html"), and a folder's page
	// is only its index.html.
	s.folderDotHTML = !vitepressClean.Match(src)
	// Where no plugin writes a Markdown copy of each page, a page's
	// ".md" URL is only a Markdown link's name of it.
	llms := vitepressLLMs.Match(src)
	mdAlias := func(u, rel string) {
		s.Alias(u, rel)
		if !llms {
			s.markdownName(u)
		}
	}
	s.builtDefault = outputDir(root + "/.vitepress/dist")
	s.slug = vitepressSlug
	// markdown-it-emoji makes ":tada:" an emoji token, which the
	// anchor's text leaves out ("## :tada: Intro" is "intro"); one
	// not in its list stays text: either id may be the heading's.
	s.headingVariant = func(text string) string {
		if bare := dropShortcodes(text); bare != text {
			return s.slug(bare)
		}
		return "" // no shortcode: the one id (no slug made again)
	}
	if vitepressSlugify.Match(src) {
		if keepCaseSlugify(src) {
			if trimsDashes(src) {
				s.slug = vitepressSlugKeepCase
				s.Note("markdown.anchor.slugify: VitePress's, case kept")
			} else {
				s.slug = vitepressSlugKeepEdges
				s.Note("markdown.anchor.slugify: VitePress's, case and dashes at the ends kept")
			}
		} else {
			s.Unmodelled("", "markdown.anchor.slugify", false, true)
		}
	}
	major, spec := vitepressVersion(t, root)
	s.includeRebase = major >= 2 && vitepressMayRebase(spec) && !vitepressNoRebase.Match(src)
	if major == 0 && !vitepressSlugify.Match(src) {
		// VitePress 0.x slugged with VuePress's steps: letters with
		// diacritics made plain, no NFKD, curly quotes kept.
		s.slug = vitepress0Slug
		s.Note("VitePress 0.x heading ids")
	}
	// markdown-it-attrs takes an attribute list off the heading's end
	// ("## Title {.new}", "## Title { data-x=y }") before the id is made.
	slug := s.slug
	s.slug = func(text string) string { return slug(dropAttrList(text)) }
	// VitePress 2 writes an internal link's fragment as its slug
	// ("#Foo-Bar" is "#foo-bar", "#a%20b" is "#a-b"); 1 keeps it.
	if major >= 2 {
		s.linkSlug = s.slug
		s.Note("VitePress 2: link fragments slugified")
	}
	if u := vitepressOwnURL(t, cfgPath, src, root, dir); u != "" {
		s.Base(u)
	}
	pub := strings.TrimPrefix(dir+"/public", "/")
	s.Mount("/", pub)
	// A page's URL is its path in srcDir: where git ignores the file
	// that would publish a URL (typedoc's reference pages, written
	// into docs/reference/ before the build), the page is unknown.
	s.sourceMounts = append(s.sourceMounts, mount{url: "", dir: dir})
	walkDir := dir
	if walkDir == "" {
		walkDir = "."
	}
	dynamic := false
	var pages []string    // the pages' files, read again to confirm a homepage
	var rendered []string // the pages whose includes are rendered in them
	exclude := vitepressSrcExclude(src)
	incs := &vpIncludes{t: t, s: s, dir: dir, major: major, parts: map[string]*vpPart{}}
	t.Walk(walkDir, func(rel string) {
		if strings.ToLower(path.Ext(rel)) != ".md" || strings.HasPrefix(rel, pub+"/") || strings.HasPrefix(rel, "node_modules/") {
			return
		}
		includes := vitepressIncludes(incs, rel)
		p := strings.TrimPrefix(strings.TrimPrefix(rel, dir), "/")
		if slices.ContainsFunc(exclude, func(g string) bool { return globMatch(g, p) }) {
			s.Exclude(rel)
			return // no page; another page may still include it
		}
		if to, ok := rewriteTo(rewrites, p); ok && to != p {
			// The page is served at the rewritten path, and its
			// relative links resolve from there (VitePress's
			// guide, "Route Rewrites": "relative links should be
			// based on the rewritten paths").
			p = to
			s.linksAsWritten(rel)
		}
		pages = append(pages, rel)
		noExt := strings.TrimSuffix(p, path.Ext(p))
		if includes && !strings.Contains(noExt, "[") {
			rendered = append(rendered, rel)
		}
		// A dynamic route ("packages/[pkg].md" with its paths loader
		// "[pkg].paths.ts") is published once for each of the params
		// the loader's code returns, at the path with each "[param]"
		// filled: which pages there are is the code's.
		if k := strings.Index(noExt, "["); k >= 0 && strings.Contains(noExt[k:], "]") {
			prefix := "/" + strings.TrimSuffix(noExt[:strings.LastIndex(noExt[:k+1], "/")+1], "/")
			s.UnknownSpace(prefix, "dynamic route "+p+" is not modelled (its paths loader's code names the pages)")
			dynamic = true
			return
		}
		if path.Base(noExt) == "index" {
			d := strings.TrimSuffix(strings.TrimSuffix(noExt, "index"), "/")
			u := "/" + d
			if d != "" {
				u += "/"
			}
			s.Page(rel, u)
			s.Alias("/"+noExt+".html", rel)
			mdAlias("/"+noExt+".md", rel)
			return
		}
		if clean {
			s.Page(rel, "/"+noExt)
		} else {
			s.Page(rel, "/"+noExt+".html")
		}
		s.Alias("/"+noExt, rel)
		s.Alias("/"+noExt+".html", rel)
		mdAlias("/"+noExt+".md", rel)
	})
	if dynamic {
		s.Note("dynamic routes not modelled")
	}
	// The text a page includes is rendered in it: its links are the
	// page's (IncludedIn).
	for _, rel := range rendered {
		if p := incs.parts[rel]; p != nil {
			incs.render(rel, rel, 0, p.n, 0)
		}
	}
	if !s.OwnURLKnown() {
		if u := vitepressProjectHomepage(t, root); u != "" && (!vitepressBase.Match(src) || hasURLPath(u)) && vitepressLinksConfirm(t, s, pages, u) {
			s.Base(u)
		}
	}
	// vitepress-plugin-llms writes llms.txt and llms-full.txt at the
	// site's top (and a .md copy of each page, at the page's URL with
	// ".md", an alias here already).
	if vitepressLLMs.Match(src) {
		s.UnknownURL("/llms.txt", "vitepress-plugin-llms writes it")
		s.UnknownURL("/llms-full.txt", "vitepress-plugin-llms writes it")
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	// A project in docs/ of the site's folder is often deployed from
	// there, with its own netlify.toml (Netlify's base directory).
	if conf := path.Join(root, "netlify.toml"); root != "" && !t.Exists("netlify.toml") && t.Exists(conf) {
		cfg, e := readConfig(t, conf)
		if e != nil && err == nil {
			err = e
		}
		s.netlifyRedirects(cfg)
	}
	return err
}

// vitepressRewrite is one rule of a rewrites table: the pattern of a
// page's path (from srcDir) and the path it is served from instead,
// as path-to-regexp reads them (":name" one segment, maybe with a
// literal after it, ":name*" the rest of the path).
type vitepressRewrite struct {
	from, to []rewriteSeg // the patterns' segments
}

// rewriteSeg is a segment of a rewrites pattern, read once: a literal,
// or a parameter (name) with its modifier ("*", "+" or none) and the
// literal after it.
type rewriteSeg struct {
	param                  bool
	lit, name, mod, suffix string
}

// rewriteSegs reads the segments of a pattern (rewriteSegmentOK's).
func rewriteSegs(segs []string) []rewriteSeg {
	out := make([]rewriteSeg, len(segs))
	for i, seg := range segs {
		if q := vitepressParam.FindStringSubmatch(seg); q != nil {
			out[i] = rewriteSeg{param: true, name: q[1], mod: q[2], suffix: q[3]}
		} else {
			out[i] = rewriteSeg{lit: seg}
		}
	}
	return out
}

// maxRewrites bounds the rules of a rewrites table the model follows:
// each page is matched against each rule, and a configuration of a
// megabyte holds fifty thousand (a third of a second a page). A longer
// table is not modelled.
const maxRewrites = 1024

var (
	vitepressRewritesTable = regexp.MustCompile(`\brewrites\s*:\s*\{([^{}]*)\}`)
	vitepressRewritePair   = regexp.MustCompile(`^\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*:\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*$`)
	vitepressParam         = regexp.MustCompile(`^:([A-Za-z_]\w*)([*+]?)(.*)$`)
)

// vitepressRewriteTable reads the rewrites of the configuration src
// when they are an object of plain string patterns; ok is false when
// they are anything else (a function, a regular expression, a pattern
// with optional or grouped parts): then the model does not follow them.
func vitepressRewriteTable(src []byte) ([]vitepressRewrite, bool) {
	// Comments say what they like ("served from the site root thanks
	// to the `rewrites` rule"): only code counts.
	src = blankJSComments(src)
	if bytes.Count(src, []byte("rewrites")) != 1 {
		return nil, false
	}
	m := vitepressRewritesTable.FindSubmatch(src)
	if m == nil {
		return nil, false
	}
	var out []vitepressRewrite
	for _, entry := range strings.Split(string(m[1]), ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		q := vitepressRewritePair.FindStringSubmatch(entry)
		if q == nil {
			return nil, false
		}
		if len(out) == maxRewrites {
			return nil, false
		}
		from, to := strings.Split(q[1]+q[2], "/"), strings.Split(q[3]+q[4], "/")
		for i, seg := range from {
			if !rewriteSegmentOK(seg, i == len(from)-1) {
				return nil, false
			}
		}
		for i, seg := range to {
			if !rewriteSegmentOK(seg, i == len(to)-1) {
				return nil, false
			}
		}
		out = append(out, vitepressRewrite{rewriteSegs(from), rewriteSegs(to)})
	}
	return out, len(out) > 0
}

// rewriteSegmentOK reports whether the pattern segment seg is one the
// model follows: a literal, ":name" with a literal after it, or, last,
// ":name*" or ":name+".
func rewriteSegmentOK(seg string, last bool) bool {
	if strings.ContainsAny(seg, "()?{}[]^$|\\") || seg == "" {
		return false
	}
	k := strings.IndexByte(seg, ':')
	if k < 0 {
		return true
	}
	p := vitepressParam.FindStringSubmatch(seg[k:])
	if k > 0 || p == nil || strings.ContainsAny(p[3], ":*+") {
		return false
	}
	return p[2] == "" || last && p[3] == ""
}

// rewriteTo returns the path the page p (from srcDir) is served from
// by the first rule that matches it, as VitePress takes the first.
func rewriteTo(rules []vitepressRewrite, p string) (string, bool) {
	segs := strings.Split(p, "/")
	for _, r := range rules {
		params, ok := rewriteMatch(r.from, segs)
		if !ok {
			continue
		}
		var out []string
		for _, seg := range r.to {
			if !seg.param {
				out = append(out, seg.lit)
				continue
			}
			v, ok := params[seg.name]
			if !ok {
				return "", false
			}
			if v != "" {
				out = append(out, v+seg.suffix)
			}
		}
		return strings.Join(out, "/"), true
	}
	return "", false
}

// rewriteMatch matches the path segments segs against the pattern's,
// returning the values of its parameters.
func rewriteMatch(pat []rewriteSeg, segs []string) (map[string]string, bool) {
	var params map[string]string // made for a rule that matches so far
	set := func(name, v string) {
		if params == nil {
			params = map[string]string{}
		}
		params[name] = v
	}
	for i, seg := range pat {
		switch {
		case !seg.param:
			// path-to-regexp, as VitePress calls it (no options),
			// matches without regard to case.
			if i >= len(segs) || !strings.EqualFold(segs[i], seg.lit) {
				return nil, false
			}
		case seg.mod != "":
			// The rest of the path; "*" also none of it.
			if i >= len(segs) && seg.mod == "+" {
				return nil, false
			}
			set(seg.name, strings.Join(segs[min(i, len(segs)):], "/"))
			return params, true
		default:
			if i >= len(segs) || len(segs[i]) <= len(seg.suffix) || !strings.EqualFold(segs[i][len(segs[i])-len(seg.suffix):], seg.suffix) {
				return nil, false
			}
			set(seg.name, segs[i][:len(segs[i])-len(seg.suffix)])
		}
	}
	return params, len(pat) == len(segs)
}

// vitepressDep is the vitepress dependency of a package.json: its
// version range.
var vitepressDep = regexp.MustCompile(`"vitepress"\s*:\s*"([\^~>=v ]*([0-9]+)\.[^"]*)"`)

// vitepressVersion is the major version of VitePress the package.json
// nearest the project root depends on (its folder, then each one above
// it up to the audited root), -1 when none names a version (a catalog:
// or workspace: range, or no package.json), and the range as written.
func vitepressVersion(t *Tree, root string) (int, string) {
	for dir := root; ; dir = path.Dir(dir) {
		if dir == "" {
			dir = "."
		}
		if src, err := t.Read(path.Join(dir, "package.json")); err == nil {
			if m := vitepressDep.FindSubmatch(src); m != nil {
				if n, err := strconv.Atoi(string(m[2])); err == nil {
					return n, string(m[1])
				}
			}
		}
		if dir == "." || dir == "/" {
			return -1, ""
		}
	}
}

// vitepressRebaseFrom is the first VitePress that rebases the relative
// links of an included Markdown file ("./x.md" resolves from that
// file's folder, not the page's): 2.0.0-alpha.19 (include.ts, option
// markdown.include.rebaseRelativeUrls, true unless set false).
const vitepressRebaseFrom = 19

var (
	vitepressAlphaPin = regexp.MustCompile(`^[=v ]*2\.0\.0-alpha\.(\d+)$`)
	vitepressNoRebase = regexp.MustCompile(`\brebaseRelativeUrls\s*:\s*false\b`)
)

// vitepressMayRebase reports whether the VitePress 2 range spec admits a
// version that rebases an included file's relative links: all but a
// pinned alpha before vitepressRebaseFrom ("^2.0.0-alpha.5" admits
// alpha.19).
func vitepressMayRebase(spec string) bool {
	m := vitepressAlphaPin.FindStringSubmatch(strings.TrimSpace(spec))
	if m == nil {
		return true
	}
	n, err := strconv.Atoi(m[1])
	return err != nil || n >= vitepressRebaseFrom
}

// vitepress0Special are the characters VitePress 0.x's slug turns
// into "-": VitePress's but the curly quotes.
const vitepress0Special = "~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/"

// vitepress0Slug is the heading id of VitePress 0.x (its slugify, as
// VuePress's): each letter with a diacritic made its plain letter as
// the diacritics package's table does (here: a letter whose NFKD is
// ASCII letters and marks, and the table's letters of their own,
// vitepress0Letters), other characters kept as written (no NFKD:
// "サポート" stays composed), control characters removed, each run of
// white space and punctuation one "-", none at the ends, "_" before a
// leading digit, lower-cased.
func vitepress0Slug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range text {
		if r < 0x20 {
			continue
		}
		if unicode.IsSpace(r) || r < 0x80 && strings.ContainsRune(vitepress0Special, r) {
			dash = true
			continue
		}
		plain := string(r)
		if r > 0x7e {
			plain = vitepress0Plain(r)
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteString(plain)
	}
	out := strings.ToLower(b.String())
	if out != "" && out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

// vitepress0Letters are letters the diacritics table makes plain that
// have no decomposition.
var vitepress0Letters = map[rune]string{
	'ß': "ss", 'ø': "o", 'Ø': "O", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'ł': "l", 'Ł': "L",
	'đ': "d", 'Đ': "D", 'ð': "dh", 'Ð': "Dh", 'þ': "th", 'Þ': "TH", 'ı': "i", 'ŧ': "t", 'Ŧ': "T",
}

// vitepress0Plain returns the plain letters VitePress 0.x writes for
// the character r: its NFKD when that is ASCII letters and combining
// marks ("é" is "e", "Ａ" is "A"), else r as written.
func vitepress0Plain(r rune) string {
	if p, ok := vitepress0Letters[r]; ok {
		return p
	}
	var b strings.Builder
	for _, d := range nfkd(string(r)) {
		switch {
		case d >= 0x300 && d <= 0x36f:
		case d >= 'a' && d <= 'z', d >= 'A' && d <= 'Z':
			b.WriteRune(d)
		default:
			return string(r)
		}
	}
	if b.Len() == 0 {
		return string(r)
	}
	return b.String()
}

// dropAttrList returns a heading's text without the attribute list
// markdown-it-attrs reads at its end: "{", attributes separated by
// white space, "}", each attribute ".class", "#id" or "key=value" (a
// list of other words, "{a, b}", is left as text).
func dropAttrList(text string) string {
	t := strings.TrimRight(text, " \t")
	if !strings.HasSuffix(t, "}") {
		return text
	}
	k := strings.LastIndexByte(t, '{')
	if k < 0 || k > 0 && t[k-1] == '{' {
		return text
	}
	fields := strings.Fields(t[k+1 : len(t)-1])
	if len(fields) == 0 {
		return text
	}
	for _, f := range fields {
		if len(f) < 2 || f[0] != '.' && f[0] != '#' && !strings.Contains(f[1:], "=") {
			return text
		}
	}
	return strings.TrimRight(t[:k], " \t")
}

// vitepressSpecial are the characters VitePress's slug turns into "-".
const vitepressSpecial = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/"

// vitepressSlug is VitePress's heading id.
func vitepressSlug(text string) string { return strings.ToLower(vitepressSlugKeepCase(text)) }

// vitepressSlugKeepCase is VitePress's heading id without lower-casing,
// which a configuration's own slugify often is (a copy of VitePress's
// that keeps the case).
func vitepressSlugKeepCase(text string) string { return markdownItSlug(text, vitepressSpecial, false) }

// vitepressSlugKeepEdges is vitepressSlugKeepCase without taking the
// dashes off its ends: a copy of VitePress's slugify without its
// step that replaces /^-+|-+$/g by nothing ("$id" is "-id", pinia's).
func vitepressSlugKeepEdges(text string) string { return markdownItSlug(text, vitepressSpecial, true) }

// markdownItSlug is the slugify VitePress and VuePress give
// markdown-it-anchor, letter case kept: the text decomposed (NFKD), its
// combining marks and control characters dropped, each run of white
// space and of the characters special one "-" (none at the ends unless
// edges), "_" before a leading digit. The two differ in special only.
func markdownItSlug(text, special string, edges bool) string {
	var b strings.Builder
	dash := false
	for _, r := range nfkd(text) {
		switch {
		case r >= 0x300 && r <= 0x36f, r < 0x20:
			continue
		case unicode.IsSpace(r) || strings.ContainsRune(special, r):
			dash = true
			continue
		}
		if dash && (b.Len() > 0 || edges) {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	if dash && edges {
		b.WriteByte('-')
	}
	out := b.String()
	if out != "" && out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

// trimsDashes reports whether the configuration's own slugify takes the
// dashes off the ends of the id, as VitePress's does
// (it replaces /^-+|-+$/g by nothing); only its first 1,000 bytes are
// read.
func trimsDashes(src []byte) bool {
	loc := vitepressSlugifyDef.FindIndex(src)
	if loc == nil {
		return true
	}
	body := src[loc[0]:min(len(src), loc[0]+1000)]
	if end := bytes.Index(body, []byte("\n\n")); end > 0 {
		body = body[:end]
	}
	return bytes.Contains(body, []byte("-+$")) || bytes.Contains(body, []byte("-*$")) || bytes.Contains(body, []byte("trim("))
}

// vitepressSlugifyDef finds a slugify function the configuration
// defines itself.
var vitepressSlugifyDef = regexp.MustCompile(`(?:const|let|var)\s+slugify\s*=|function\s+slugify\s*\(`)

// keepCaseSlugify reports whether the configuration defines its slugify
// as VitePress's own steps (NFKD, marks and control characters removed,
// punctuation runs made "-", "_" before a leading digit) without
// lower-casing: the ids are VitePress's with the heading's case. Only
// the function's first 1,000 bytes are read.
func keepCaseSlugify(src []byte) bool {
	loc := vitepressSlugifyDef.FindIndex(src)
	if loc == nil {
		return false
	}
	body := src[loc[0]:min(len(src), loc[0]+1000)]
	if end := bytes.Index(body, []byte("\n\n")); end > 0 {
		body = body[:end]
	}
	return bytes.Contains(body, []byte("NFKD")) && bytes.Contains(body, []byte("'-'")) &&
		bytes.Contains(body, []byte("_$1")) && !bytes.Contains(body, []byte("toLowerCase"))
}

// vitepressSitemapHost and vitepressOgURL find where the configuration
// says the site is deployed: sitemap.hostname (VitePress's "Sitemap
// Generation": the URL each page's sitemap entry begins with) and the
// head's og:url meta tag, each a string or a constant's name.
var (
	vitepressSitemapHost = regexp.MustCompile(`\bsitemap\s*:\s*\{[^}]*?\bhostname\s*:\s*(?:(['"` + "`" + `])([^'"` + "`" + `]*)['"` + "`" + `]|([A-Za-z_$][\w$]*))`)
	vitepressOgURL       = regexp.MustCompile(`['"]og:url['"]\s*,\s*content\s*:\s*(?:(['"` + "`" + `])([^'"` + "`" + `]*)['"` + "`" + `]|([A-Za-z_$][\w$]*))`)
)

// vitepressOwnURL returns the URL the site is deployed at, as the
// repository names it, in order: the configuration's sitemap.hostname,
// its og:url meta tag (either one a string, or a constant the
// configuration or a module it imports defines as one), the domain of
// public/CNAME (GitHub Pages' custom domain), the homepage of the
// project's package.json; "" when none does. With it, a link written
// as an absolute URL of that host is a link to the site's own pages.
func vitepressOwnURL(t *Tree, cfgPath string, src []byte, root, dir string) string {
	u := vitepressNamedURL(t, cfgPath, src, root, dir)
	// With a base other than "/" (a project site of GitHub Pages,
	// "base: '/repo/'"), a URL of the host alone does not say where
	// the pages are: the base may or may not be written in it. A
	// sidebar's base is written the same way, so any such key counts.
	if _, rest, _ := strings.Cut(u, "://"); u != "" && vitepressBase.Match(src) && !strings.Contains(strings.TrimSuffix(rest, "/"), "/") {
		return ""
	}
	return u
}

// vitepressBase finds a base other than "/" in a configuration.
var vitepressBase = regexp.MustCompile(`\bbase\s*:\s*['"` + "`" + `]/[^'"` + "`" + `/]`)

// vitepressNamedURL is vitepressOwnURL's reading of the repository.
func vitepressNamedURL(t *Tree, cfgPath string, src []byte, root, dir string) string {
	for _, re := range []*regexp.Regexp{vitepressSitemapHost, vitepressOgURL} {
		m := re.FindSubmatch(src)
		if m == nil {
			continue
		}
		u := string(m[2])
		if m[3] != nil {
			reads := maxConstantReads
			u = jsConstant(t, path.Dir(cfgPath), src, string(m[3]), 0, &reads)
		}
		if isHTTPURL(u) && !strings.Contains(u, "${") {
			return u
		}
	}
	if u := cnameURL(t, strings.TrimPrefix(dir+"/public/CNAME", "/")); u != "" {
		return u
	}
	pkg := path.Join(root, "package.json")
	if c, err := readConfig(t, pkg); err == nil {
		if u := c.str("homepage", ""); isHTTPURL(u) && !forgeURL(u) {
			return u
		}
	}
	return ""
}

// hasURLPath reports whether the absolute URL u has a path beyond "/".
func hasURLPath(u string) bool {
	_, rest, _ := strings.Cut(u, "://")
	return strings.Contains(strings.TrimSuffix(rest, "/"), "/")
}

// vitepressProjectHomepage returns the homepage that the project's own
// package.json files name, where the docs' own does not: the nearest
// one above the project root up to the audited root (a library whose
// docs are its docs/ folder), else the one all the packages of a
// monorepo (packages/*/package.json) agree on; "" when none does, or
// when it is a forge's or a registry's page.
func vitepressProjectHomepage(t *Tree, root string) string {
	for dir := path.Dir(root); root != "" && root != "."; dir = path.Dir(dir) {
		if c, err := readConfig(t, path.Join(dir, "package.json")); err == nil {
			if u := c.str("homepage", ""); isHTTPURL(u) && !forgeURL(u) {
				return u
			}
		}
		if dir == "." || dir == "/" || dir == "" {
			break
		}
	}
	found, n := "", 0
	t.Walk("packages", func(rel string) {
		if n >= maxPackageHomepages || strings.Count(rel, "/") != 2 || path.Base(rel) != "package.json" {
			return
		}
		n++
		c, err := readConfig(t, rel)
		if err != nil {
			return
		}
		u := strings.TrimSuffix(c.str("homepage", ""), "/")
		switch {
		case !isHTTPURL(u) || forgeURL(u):
		case found == "":
			found = u
		case found != u:
			found = "-" // the packages name different sites
		}
	})
	if found == "-" {
		return ""
	}
	return found
}

// maxPackageHomepages bounds how many packages' package.json files are
// read for a homepage.
const maxPackageHomepages = 64

// vitepressLinksConfirm reports whether the pages' own links to the
// URL u (a homepage a package names, which may be the project's
// marketing site rather than these docs) say that u is this site: at
// least two distinct paths under it that the site publishes, and no
// more of them that it does not. (Each page's source is read again,
// until maxConfirmLinks distinct links are seen: those do.)
func vitepressLinksConfirm(t *Tree, s *Site, pages []string, u string) bool {
	_, rest, _ := strings.Cut(strings.TrimSuffix(u, "/"), "://")
	host, prefix, _ := strings.Cut(rest, "/")
	prefix = "/" + prefix
	needle := []byte("://" + host + "/")
	seen := map[string]bool{}
	found, lost := 0, 0
	for _, rel := range pages {
		if len(seen) >= maxConfirmLinks {
			break // enough links looked at: the other pages are not read
		}
		src, err := t.Read(rel)
		if err != nil {
			continue
		}
		for len(seen) < maxConfirmLinks {
			k := bytes.Index(src, needle)
			if k < 0 {
				break
			}
			src = src[k+len(needle)-1:]
			end := bytes.IndexAny(src, " \t\n)\"'<>]`?#")
			if end < 0 {
				end = len(src)
			}
			p := string(src[:end])
			src = src[end:]
			rest, ok := strings.CutPrefix(p, strings.TrimSuffix(prefix, "/"))
			if !ok || seen[p] {
				continue
			}
			seen[p] = true
			if rest == "" {
				rest = "/"
			}
			if s.publishes(rest) {
				found++
			} else {
				lost++
			}
		}
	}
	return found >= 2 && found >= lost
}

// publishes reports whether a page of the site is served at the URL
// path p (decoded, from "/"), as written, with or without its final
// "/" or its ".html".
func (s *Site) publishes(p string) bool {
	key := cleanURL(p)
	base := strings.TrimSuffix(strings.TrimSuffix(key, "/"), ".html")
	for _, k := range []string{key, base, base + "/", base + ".html"} {
		if _, ok := s.pages[k]; ok {
			return true
		}
	}
	return false
}

// maxConfirmLinks bounds how many distinct links vitepressLinksConfirm
// looks at.
const maxConfirmLinks = 200

// isHTTPURL reports whether u is an absolute http or https URL.
func isHTTPURL(u string) bool {
	return strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")
}

// forgeURL reports whether u is a page of a forge or of a package
// registry (a repository's README, an npm page): a package.json's
// homepage there names no deployed site.
func forgeURL(u string) bool {
	_, rest, _ := strings.Cut(u, "://")
	host, _, _ := strings.Cut(rest, "/")
	switch strings.ToLower(strings.TrimPrefix(host, "www.")) {
	case "github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "npmjs.com", "npmjs.org", "sr.ht", "git.sr.ht":
		return true
	}
	return false
}

// maxImportHops bounds how many modules deep jsConstant follows an
// import to find a constant ("export * from './repo'" re-exports it),
// and maxConstantReads how many modules it reads in all.
const (
	maxImportHops    = 3
	maxConstantReads = 32
)

// jsConstant returns the string a JavaScript or TypeScript module
// (src, in the folder dir) gives the constant name: defined there as a
// plain string ("const docsLink = 'https://x.dev'"), or imported from
// a relative module ("import { docsLink } from '../meta'") that defines
// or re-exports it; "" when it is anything else (a template with
// substitutions, a call), as only plain strings are read.
func jsConstant(t *Tree, dir string, src []byte, name string, hops int, reads *int) string {
	q := regexp.QuoteMeta(name)
	def := regexp.MustCompile(`(?:const|let|var)\s+` + q + `\s*(?::\s*string\s*)?=\s*(['"` + "`" + `])([^'"` + "`" + `]*)['"` + "`" + `]`)
	if m := def.FindSubmatch(src); m != nil {
		if strings.Contains(string(m[2]), "${") {
			return ""
		}
		return string(m[2])
	}
	if hops >= maxImportHops {
		return ""
	}
	from := regexp.MustCompile(`(?:import|export)\s*\{[^}]*\b` + q + `\b[^}]*\}\s*from\s*['"](\.[^'"]*)['"]`)
	mods := from.FindAllSubmatch(src, -1)
	if hops > 0 {
		// A module on the way may hand the name on with export *.
		mods = append(mods, vitepressExportAll.FindAllSubmatch(src, -1)...)
	}
	for _, m := range mods {
		rel := path.Join(dir, string(m[1]))
		for _, f := range jsModuleFiles(rel) {
			if *reads <= 0 {
				return ""
			}
			if more, err := t.Read(f); err == nil {
				*reads--
				if u := jsConstant(t, path.Dir(f), more, name, hops+1, reads); u != "" {
					return u
				}
				break
			}
		}
	}
	return ""
}

var vitepressExportAll = regexp.MustCompile(`export\s*\*\s*from\s*['"](\.[^'"]*)['"]`)

// jsModuleFiles are the files an import of the relative module rel may
// read, in the order a bundler tries them: as written, with a script
// extension, as a folder's index.
func jsModuleFiles(rel string) []string {
	exts := []string{".ts", ".mts", ".js", ".mjs", ".cts", ".cjs"}
	out := []string{rel}
	if e := path.Ext(rel); e == ".js" || e == ".mjs" {
		// TypeScript's convention: "./meta.js" names meta.ts.
		out = append(out, strings.TrimSuffix(rel, e)+".ts", strings.TrimSuffix(rel, e)+".mts")
	}
	for _, e := range exts {
		out = append(out, rel+e)
	}
	for _, e := range exts {
		out = append(out, rel+"/index"+e)
	}
	return out
}

// vitepressIncludes records the Markdown files the file rel (a path
// from the site's folder) includes (vitepressDirectives): their
// headings are the page's, rendered in its place. An included file the
// tree lacks (written by a build step) makes the page's ids unknown. It
// reports whether the file has an include directive.
func vitepressIncludes(v *vpIncludes, rel string) bool {
	src, err := v.t.Read(rel)
	if err != nil || !bytes.Contains(src, []byte("@include:")) {
		return false
	}
	s := v.s
	p := v.part(rel, src)
	for _, inc := range p.incs {
		f := inc.file
		if !v.t.Exists(f) {
			s.UnknownIDsOf(rel, "it includes "+inc.name+", which the tree lacks (a build step writes it)")
			continue
		}
		if strings.ToLower(path.Ext(f)) != ".md" {
			continue
		}
		if s.imports == nil {
			s.imports = map[string][]string{}
		}
		if !slices.Contains(s.imports[rel], f) {
			s.imports[rel] = append(s.imports[rel], f)
		}
	}
	return len(p.incs) > 0
}

var (
	vitepressExcludeList = regexp.MustCompile(`\bsrcExclude\s*:\s*\[([^\]]*)\]`)
	jsString             = regexp.MustCompile(`'([^'\n]*)'|"([^"\n]*)"`)
)

// vitepressSrcExclude returns the glob patterns of srcExclude (site
// config: "Glob patterns for matching markdown files that should be
// excluded as source content"), the strings of its array as written;
// nil when there is none.
func vitepressSrcExclude(src []byte) []string {
	m := vitepressExcludeList.FindSubmatch(src)
	if m == nil {
		return nil
	}
	var out []string
	for _, q := range jsString.FindAllSubmatch(m[1], -1) {
		g := string(q[1]) + string(q[2])
		out = append(out, strings.TrimPrefix(g, "./"))
	}
	return out
}

// globMatch reports whether the slash path p matches the glob pattern
// g as fast-glob matches a path from the source folder: segment by
// segment as path.Match does, "**" matching any number of segments. It
// takes time in proportion to the product of the two lengths in
// segments, whatever the pattern (many "**" in a repository's
// configuration do not make it slower).
func globMatch(g, p string) bool {
	gs, ps := strings.Split(g, "/"), strings.Split(p, "/")
	// ok[j]: the pattern's segments so far match the path's first j.
	ok := make([]bool, len(ps)+1)
	ok[0] = true
	for _, seg := range gs {
		next := make([]bool, len(ps)+1)
		if seg == "**" {
			// Any number of segments: reachable from any j before.
			reach := false
			for j := range next {
				reach = reach || ok[j]
				next[j] = reach
			}
		} else {
			for j := 1; j <= len(ps); j++ {
				if ok[j-1] {
					m, err := path.Match(seg, ps[j-1])
					next[j] = err == nil && m
				}
			}
		}
		ok = next
	}
	return ok[len(ps)]
}

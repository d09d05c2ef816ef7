package site

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/urilint/urilint/internal/anchor"
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
	cfg, err := readConfig(t, s.marker)
	if err != nil {
		cfg = config{}
	}
	baseurl := "/" + strings.Trim(cfg.str("baseurl", ""), "/")
	style := cfg.str("permalink", "date")
	pretty := style == "pretty"
	s.Anchors = anchor.HTML
	s.builtPrefix = strings.TrimSuffix(baseurl, "/")
	s.builtDefault = outputDir(cfg.str("destination", "_site"))
	if u := cfg.str("url", ""); u != "" {
		s.BaseAt(strings.TrimSuffix(u, "/")+baseurl, baseurl)
	}
	s.templates = append(s.templates, "_layouts", "_includes")
	// The site is served under baseurl: "/about.html" is outside it.
	s.Mount(baseurl, "")
	add := func(rel, u string) {
		u = strings.TrimSuffix(baseurl, "/") + u
		// A permalink that names the folder's index file
		// ("/news/index.html") is served at the folder too.
		if dir, ok := strings.CutSuffix(u, "/index.html"); ok {
			s.Page(rel, dir+"/")
			s.Alias(u, rel)
			return
		}
		s.Page(rel, u)
	}
	// Front matter defaults give posts, a collection's documents or
	// named pages a permalink and categories; a default permalink that
	// is a template for other pages moves them where the model does not
	// look.
	defaults := jekyllDefaults(cfg)
	for _, d := range defaults {
		if d.permalink != "" && (d.typ == "pages" || d.typ == "") && strings.Contains(d.permalink, ":") && !strings.Contains(d.path, "_posts") {
			s.Unmodelled("keys", "defaults permalink", true, false)
		}
	}
	colls := jekyllCollections(cfg)
	collDir := outputDir(cfg.str("collections_dir", "")) // kept inside the site's folder
	if collDir != "" {
		collDir += "/"
	}
	for _, name := range jekyllPlugins(cfg) {
		if !jekyllKnownPlugins[name] && !quietPlugin(name) {
			s.Unmodelled("plugins", name, true, true)
		}
	}
	for _, c := range colls {
		if !c.output || c.name == "" || strings.ContainsAny(c.name, "/\\") || strings.HasPrefix(c.name, ".") {
			continue // no folder of the site's: "_../x" is none
		}
		dir := collDir + "_" + c.name
		t.Walk(dir, func(rel string) {
			ext := strings.ToLower(path.Ext(rel))
			if !jekyllPages[ext] {
				return
			}
			src, _ := t.head(rel)
			fm := readFrontMatter(src)
			for _, r := range fm.redirectsFrom() {
				s.Alias(strings.TrimSuffix(baseurl, "/")+"/"+strings.TrimPrefix(r, "/"), rel)
			}
			if fm.Permalink != "" {
				add(rel, fm.Permalink)
				return
			}
			p := strings.TrimSuffix(strings.TrimPrefix(rel, dir+"/"), path.Ext(rel))
			tmpl := c.permalink
			if pl, _ := jekyllDefaultValues(defaults, rel, c.name); pl != "" {
				tmpl = pl
			}
			if tmpl == "" {
				tmpl = "/:collection/:path:output_ext"
				if pretty {
					tmpl = "/:collection/:path/"
				}
			}
			add(rel, jekyllPermalink(tmpl, c.name, p, fm.Slug))
		})
	}
	t.Walk(".", func(rel string) {
		if strings.HasPrefix(rel, "vendor/") || rel == "Gemfile" {
			return
		}
		parts := strings.Split(rel, "/")
		for _, p := range parts[:len(parts)-1] {
			if strings.HasPrefix(p, "_") && p != "_posts" {
				return
			}
		}
		ext := strings.ToLower(path.Ext(rel))
		if !jekyllPages[ext] {
			return
		}
		src, _ := t.head(rel)
		if !startsFrontMatter(src) && (ext == ".html" || ext == ".htm") {
			return // copied as it is
		}
		fm := readFrontMatter(src)
		for _, r := range fm.redirectsFrom() {
			s.Alias(strings.TrimSuffix(baseurl, "/")+"/"+strings.TrimPrefix(r, "/"), rel)
		}
		d, base := path.Split(rel)
		name := strings.TrimSuffix(base, path.Ext(base))
		if fm.Permalink != "" {
			add(rel, fm.Permalink)
			return
		}
		if k := strings.LastIndex("/"+d, "/_posts/"); k >= 0 {
			m := datedName.FindStringSubmatch(name)
			if m == nil {
				return
			}
			pl, cats := jekyllDefaultValues(defaults, rel, "posts")
			cats = jekyllCategories(strings.Split(strings.Trim(d[:k], "/"), "/"), cats, fm)
			add(rel, jekyllPostPermalink(postTemplate(style, pl), m[1], m[2], m[3], m[4], fm.Slug, cats))
			return
		}
		if pl, _ := jekyllDefaultValues(defaults, rel, "pages"); pl != "" && !strings.Contains(pl, ":") {
			add(rel, pl)
			return
		}
		if strings.HasPrefix(base, "_") {
			return
		}
		switch {
		case name == "index", name == "README" && !t.Exists(d+"index.md") && !t.Exists(d+"index.html"):
			add(rel, "/"+d)
		case pretty:
			add(rel, "/"+d+name+"/")
		default:
			add(rel, "/"+d+name+".html")
		}
	})
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
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

// jekyllPermalink fills a collection's permalink template for the
// document at p (its path in the collection, without extension).
func jekyllPermalink(tmpl, coll, p, slug string) string {
	name := path.Base(p)
	if slug == "" {
		slug = name
	}
	u := strings.NewReplacer(":collection", coll, ":path", p, ":name", name, ":title", slug,
		":slug", slug, ":output_ext", ".html").Replace(tmpl)
	return "/" + strings.TrimPrefix(u, "/")
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
// not know (GitHub Pages' defaults among them; jekyll-redirect-from's
// pages are modelled from redirect_from).
var jekyllKnownPlugins = map[string]bool{
	"jekyll-redirect-from": true, "jekyll-seo-tag": true, "jekyll-sitemap": true, "jekyll-feed": true,
	"jekyll-optional-front-matter": true, "jekyll-readme-index": true, "jekyll-titles-from-headings": true,
	"jekyll-default-layout": true, "jekyll-github-metadata": true, "jekyll-avatar": true, "jemoji": true,
	"jekyll-mentions": true, "jekyll-include-cache": true, "jekyll-remote-theme": true, "jekyll-gist": true,
	"jekyll-coffeescript": true, "jekyll-relative-links": true, "jekyll-commonmark-ghpages": true,
	"jekyll-last-modified-at": true, "jekyll-target-blank": true,
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

package site

import (
	"path"
	"strings"

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
		s.Page(rel, strings.TrimSuffix(baseurl, "/")+u)
	}
	// Front matter defaults may give posts a permalink of their own;
	// a default permalink of other pages moves them where the model
	// does not look.
	postDefault := ""
	for _, d := range cfg.list("defaults") {
		pl := d.str("values.permalink", "")
		if pl == "" {
			continue
		}
		if d.str("scope.type", "") == "posts" && d.str("scope.path", "") == "" {
			postDefault = pl
			continue
		}
		s.Unmodelled("keys", "defaults permalink", true, false)
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
		if strings.HasSuffix(strings.TrimSuffix(d, "/"), "_posts") {
			m := datedName.FindStringSubmatch(name)
			if m == nil {
				return
			}
			if tmpl := postTemplate(style, postDefault); tmpl != "" {
				add(rel, jekyllPostPermalink(tmpl, m[1], m[2], m[3], m[4], fm.Slug))
				return
			}
			switch style {
			case "pretty":
				add(rel, "/"+m[1]+"/"+m[2]+"/"+m[3]+"/"+m[4]+"/")
			case "none":
				add(rel, "/"+m[4]+".html")
			default:
				add(rel, "/"+m[1]+"/"+m[2]+"/"+m[3]+"/"+m[4]+".html")
			}
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
// else the site's permalink when it is a template rather than a style
// name (jekyllrb.com/docs/permalinks), else "" for the styles laid out
// by name.
func postTemplate(style, def string) string {
	if def != "" {
		return def
	}
	if strings.Contains(style, ":") {
		return style
	}
	return ""
}

// jekyllPostPermalink fills a post's permalink template: the date of its file
// name, its title (the rest of the name, as written, or the front
// matter's slug), no categories.
func jekyllPostPermalink(tmpl, year, month, day, title, slug string) string {
	if slug == "" {
		slug = title
	}
	u := strings.NewReplacer(":categories", "", ":year", year, ":month", month, ":day", day,
		":i_month", strings.TrimPrefix(month, "0"), ":i_day", strings.TrimPrefix(day, "0"),
		":short_year", year[2:], ":title", title, ":slug", slug, ":output_ext", ".html").Replace(tmpl)
	u = "/" + strings.TrimLeft(u, "/")
	for strings.Contains(u, "//") {
		u = strings.ReplaceAll(u, "//", "/")
	}
	return u
}

package site

import (
	"path"
	"strings"
	"unicode"

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

func (mkdocs) Name() string { return "mkdocs" }

func (mkdocs) Detect(t *Tree) string { return t.First("mkdocs.yml", "mkdocs.yaml") }

var mkdocsExts = map[string]bool{".md": true, ".markdown": true, ".mdown": true, ".mkdn": true, ".mkd": true}

func (m mkdocs) Load(t *Tree, s *Site) error {
	cfg, err := readConfig(t, m.Detect(t))
	if err != nil {
		cfg = config{}
	}
	docs := folder(cfg.str("docs_dir", "docs"))
	dirURLs := cfg.flag("use_directory_urls", true)
	s.Anchors = anchor.HTML
	s.Base(cfg.str("site_url", ""))
	s.slug = mkdocsSlug
	s.dupSep = "_"
	s.Mount("/", docs)
	if dir := cfg.str("theme.custom_dir", ""); dir != "" {
		s.templates = append(s.templates, folder(dir))
	}
	// pymdownx.tabbed with a slugify function gives each content tab an
	// id made from its title.
	for _, e := range cfg.list("markdown_extensions") {
		if tab, ok := e["pymdownx.tabbed"].(map[string]any); ok && tab["slugify"] != nil {
			s.tabIDs = true
		}
	}
	hasIndex := map[string]bool{}
	var pages []string
	t.Walk(docs, func(rel string) {
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
	plugins := mkdocsPlugins(cfg)
	if blog, ok := plugins["blog"]; ok {
		m.blog(t, s, docs, blog)
	}
	if _, ok := plugins["rss"]; ok {
		s.Redirect("/feed_rss_created.xml", "")
		s.Redirect("/feed_rss_updated.xml", "")
	}
	for _, rel := range pages {
		if _, ok := s.URL(rel); ok {
			continue // a blog post, laid out above
		}
		p := strings.TrimPrefix(rel, docs+"/")
		d, base := path.Split(p)
		name := strings.TrimSuffix(base, path.Ext(base))
		var u string
		switch {
		case name == "index" || name == "README" && !hasIndex[path.Dir(rel)]:
			u = "/" + d
		case dirURLs:
			u = "/" + d + name + "/"
		default:
			u = "/" + d + name + ".html"
		}
		s.Page(rel, u)
	}
	if r, ok := plugins["redirects"]; ok {
		for old := range r.table("redirect_maps") {
			name := strings.TrimSuffix(old, path.Ext(old))
			if strings.HasSuffix(name, "index") || !dirURLs {
				s.Redirect("/"+name+".html", "")
			}
			s.Redirect("/"+strings.TrimSuffix(name, "index")+"/", "")
		}
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
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

// mkdocsSlug is Python-Markdown's default toc slugify.
func mkdocsSlug(text string) string {
	text = asciiFold(text)
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
		if r == '-' || unicode.IsSpace(r) {
			run = true
			continue
		}
		if run {
			b.WriteByte('-')
			run = false
		}
		b.WriteRune(r)
	}
	if run {
		b.WriteByte('-')
	}
	return b.String()
}

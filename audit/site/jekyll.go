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

func (jekyll) Name() string { return "jekyll" }

func (jekyll) Detect(t *Tree) string { return t.First("_config.yml", "_config.yaml", "_config.toml") }

var (
	jekyllPages = map[string]bool{".md": true, ".markdown": true, ".html": true, ".htm": true}
)

func (j jekyll) Load(t *Tree, s *Site) error {
	cfg, err := readConfig(t, j.Detect(t))
	if err != nil {
		cfg = config{}
	}
	baseurl := "/" + strings.Trim(cfg.str("baseurl", ""), "/")
	style := cfg.str("permalink", "date")
	pretty := style == "pretty"
	s.Anchors = anchor.HTML
	if u := cfg.str("url", ""); u != "" {
		s.BaseAt(strings.TrimSuffix(u, "/")+baseurl, baseurl)
	}
	s.templates = append(s.templates, "_layouts", "_includes")
	// The site is served under baseurl: "/about.html" is outside it.
	s.Mount(baseurl, "")
	add := func(rel, u string) {
		s.Page(rel, strings.TrimSuffix(baseurl, "/")+u)
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

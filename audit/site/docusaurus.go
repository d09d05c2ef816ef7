package site

import (
	"path"
	"regexp"
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

func (docusaurus) Name() string { return "docusaurus" }

func (docusaurus) Detect(t *Tree) string {
	return t.First("docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.mts")
}

// The configuration is code: only plain string options are read from it.
var (
	docusaurusRouteBase = regexp.MustCompile(`routeBasePath:\s*['"]([^'"]*)['"]`)
	docusaurusPath      = regexp.MustCompile(`\bpath:\s*['"]([^'"]*)['"]`)
	docusaurusNumber    = regexp.MustCompile(`^\d+[-_.]`)
	docusaurusURL       = regexp.MustCompile(`\burl:\s*['"](https?://[^'"]+)['"]`)
	docusaurusBaseURL   = regexp.MustCompile(`\bbaseUrl:\s*['"]([^'"]*)['"]`)
)

var docusaurusExts = map[string]bool{".md": true, ".mdx": true}

func (d docusaurus) Load(t *Tree, s *Site) error {
	src, err := t.Read(d.Detect(t))
	base, docs := "/docs", "docs"
	if m := docusaurusRouteBase.FindSubmatch(src); m != nil {
		base = "/" + strings.Trim(string(m[1]), "/")
	}
	if m := docusaurusPath.FindSubmatch(src); m != nil && t.Exists(string(m[1])) {
		docs = strings.Trim(string(m[1]), "./")
	}
	s.Anchors = anchor.HTML
	if m := docusaurusURL.FindSubmatch(src); m != nil {
		b := "/"
		if mb := docusaurusBaseURL.FindSubmatch(src); mb != nil {
			b = string(mb[1])
		}
		s.Base(strings.TrimSuffix(string(m[1]), "/") + "/" + strings.Trim(b, "/"))
	}
	s.titleNoID = true
	s.sitePrefix = "@site/"
	s.Mount("/", "static")
	d.docs(t, s, docs, base)
	d.docs(t, s, "src/pages", "")
	return err
}

func (docusaurus) docs(t *Tree, s *Site, dir, base string) {
	t.Walk(dir, func(rel string) {
		if !docusaurusExts[strings.ToLower(path.Ext(rel))] {
			return
		}
		p := strings.TrimPrefix(rel, dir+"/")
		if strings.HasPrefix(path.Base(p), "_") {
			return // a partial, not a page
		}
		segs := strings.Split(strings.TrimSuffix(p, path.Ext(p)), "/")
		for i, sg := range segs {
			segs[i] = docusaurusNumber.ReplaceAllString(sg, "")
		}
		last := segs[len(segs)-1]
		folder := segs[:len(segs)-1]
		src, _ := t.head(rel)
		fm := readFrontMatter(src)
		var u string
		switch {
		case fm.Slug != "" && strings.HasPrefix(fm.Slug, "/"):
			u = base + fm.Slug
		case fm.Slug != "":
			u = base + "/" + path.Join(strings.Join(folder, "/"), fm.Slug)
		case fm.ID != "":
			u = base + "/" + path.Join(strings.Join(folder, "/"), fm.ID)
		case strings.EqualFold(last, "index") || strings.EqualFold(last, "readme") ||
			len(folder) > 0 && last == folder[len(folder)-1]:
			u = base + "/" + strings.Join(folder, "/")
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

package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// docusaurus1 publishes a Docusaurus 1 site (v1.docusaurus.io: "site
// configuration", "navigation and sidebars", "versioning",
// "translations"): the site's folder (website/) holds siteConfig.js, the
// docs are beside it (customDocsPath, "docs", from the folder above the
// site's), each served at docsUrl ("docs") + "/" + its id + ".html"; the
// id is the front matter's "id", else the file's name, with its
// subfolder before it ("guide/intro"). docs/assets/ is copied to
// docsUrl/assets/; static/ is served at "/"; pages/en/x.js is /x.html;
// blog/YYYY-MM-DD-x.md is /blog/YYYY/MM/DD/x.html. With cleanUrl the
// same pages answer without ".html". Links to ".md" files become the
// URLs of their pages. Heading ids are GitHub's slugs (its anchors
// plugin lower-cases).
//
// Not modelled, unverifiable: the versions (versions.json: an old
// version takes the docs it did not change from the versions before it,
// so which ids a version has is a walk over versioned_docs/ the model
// does not make), the translations (languages.js: translated_docs/ comes
// from a translation service when the site is built), and
// markdownPlugins (remarkable plugins may write ids).
// No Docusaurus 1 build runs here: these rules follow its documentation
// and the build of the corpus' Docusaurus 1 site.
type docusaurus1 struct{}

var (
	docusaurus1DocsURL    = docusaurusOption("docsUrl")
	docusaurus1DocsPath   = docusaurusOption("customDocsPath")
	docusaurus1Project    = docusaurusOption("projectName")
	docusaurus1CleanURL   = regexp.MustCompile(`(?:^|[^\w$.])['"]?cleanUrl['"]?\s*:\s*true\b`)
	docusaurus1Plugins    = regexp.MustCompile(`(?:^|[^\w$.])['"]?markdownPlugins['"]?\s*:`)
	docusaurus1BaseOption = regexp.MustCompile(`(?:^|[^\w$.])['"]?baseUrl['"]?\s*:`)
)

// docusaurusConfirm says whether a Docusaurus marker is Docusaurus':
// siteConfig.js is a common name (an app's src/siteConfig.js), and
// Docusaurus 1's sets baseUrl. One that cannot be read, or is empty, is
// taken as Docusaurus' all the same: an unreadable configuration is an
// error of the site it names, not a reason to detect another generator.
func docusaurusConfirm(t *Tree, marker string) bool {
	if marker != "siteConfig.js" {
		return true
	}
	src, err := t.head(marker)
	if err != nil || len(bytes.TrimSpace(src)) == 0 {
		return true
	}
	return docusaurus1BaseOption.Match(blankJSComments(src))
}

func (d docusaurus1) Load(t *Tree, s *Site) error {
	src, err := t.Read(s.marker)
	src = blankJSComments(src)
	s.Anchors = anchor.HTML
	// docusaurus-build writes build/PROJECT/ (projectName); without a
	// plain projectName, no default output folder is looked for.
	if m := docusaurus1Project.FindSubmatch(src); m != nil && len(m[1]) > 0 && !bytes.ContainsAny(m[1], "/\\.") {
		s.builtDefault = "build/" + string(m[1])
	}
	s.Note("Docusaurus 1")
	docusaurusBase(s, src)
	s.mdToPages = true
	s.htmlByURL = true
	s.sitePrefix = "@site/"
	clean := docusaurus1CleanURL.Match(src)
	// page publishes rel at u (a path ending ".html"), and without the
	// extension with cleanUrl.
	page := func(rel, u string) {
		s.Page(rel, u)
		if clean {
			s.Alias(strings.TrimSuffix(u, ".html"), rel)
		}
		if path.Base(u) == "index.html" {
			s.Alias(path.Dir(u)+"/", rel)
		}
	}
	docsURL := "/docs"
	if m := docusaurus1DocsURL.FindSubmatch(src); m != nil {
		docsURL = strings.TrimSuffix("/"+strings.Trim(string(m[1]), "/"), "/")
	}
	docsPath := "docs"
	if m := docusaurus1DocsPath.FindSubmatch(src); m != nil {
		docsPath = string(m[1])
	}
	// customDocsPath is read from the folder above the site's.
	dir, bad := docusaurusDir(t, path.Join("..", docsPath))
	versioned := t.Exists("versions.json")
	translated := t.Exists("languages.js")
	switch {
	case bad:
		s.UnknownSpace(docsURL, "the docs folder is outside the audited root")
		s.Note("a docs folder outside the audited root")
	case !t.Exists(dir):
		s.UnknownSpace(docsURL, fmt.Sprintf("the docs folder %s is not in the tree", dir))
		s.Note("docs folder %s/ not in the tree", dir)
	default:
		if strings.HasPrefix(dir, "../") {
			s.outside = append(s.outside, path.Clean(s.dir+"/"+dir))
		}
		s.contentDirs = append(s.contentDirs, dir)
		prefix := docsURL
		if translated {
			prefix += "/en" // the English docs; docsUrl/x.html redirects there
		}
		if versioned {
			prefix += "/next"
		}
		s.sourceMounts = append(s.sourceMounts, mount{url: prefix, dir: dir})
		t.Walk(dir, func(rel string) {
			if strings.ToLower(path.Ext(rel)) != ".md" {
				return
			}
			p := strings.TrimPrefix(rel, dir+"/")
			if strings.HasPrefix(p, "assets/") {
				return
			}
			head, _ := t.head(rel)
			id := strings.TrimSuffix(path.Base(p), path.Ext(p))
			if fm := readFrontMatter(head); fm.ID != "" {
				id = fm.ID
			}
			if sub := path.Dir(p); sub != "." {
				id = sub + "/" + id
			}
			page(rel, prefix+"/"+id+".html")
			if translated && !versioned {
				s.Alias(docsURL+"/"+id+".html", rel)
			}
		})
		s.contentOf(dir, "docs")
		// docs/assets/ is copied to the build beside the docs (a
		// mount cannot name a folder beside the site's: its files
		// are recorded one by one).
		t.Walk(dir+"/assets", func(rel string) {
			s.Page(rel, docsURL+"/"+strings.TrimPrefix(rel, dir+"/"))
		})
	}
	if versioned {
		// The versions take the docs they did not change from the
		// versions before them, their ids prefixed "version-X-":
		// which pages and ids a version has is not modelled.
		var versions []string
		if raw, err := t.Read("versions.json"); err == nil {
			_ = json.Unmarshal(raw, &versions)
		}
		s.UnknownSpace(docsURL, "Docusaurus 1 versions are not modelled")
		s.Note("versions not modelled (%s)", strings.Join(versions, ", "))
	}
	if translated {
		// translated_docs/ and the other languages' pages come from a
		// translation service when the site is built.
		s.Lenient = true
		s.Note("translations not modelled")
	}
	if docusaurus1Plugins.Match(src) {
		s.Unmodelled("", "markdownPlugins", false, true)
	}
	s.Mount("/", "static")
	// An HTML page of static/ is served at its path: its relative links
	// resolve from that URL, into docs/assets/ as well.
	t.Walk("static", func(rel string) {
		if strings.EqualFold(path.Ext(rel), ".html") {
			s.Page(rel, strings.TrimPrefix(rel, "static"))
		}
	})
	// pages/en/x.js is /x.html (and /en/x.html with translations).
	t.Walk("pages/en", func(rel string) {
		p := strings.TrimPrefix(rel, "pages/en/")
		ext := path.Ext(p)
		if ext != ".js" && ext != ".jsx" {
			return
		}
		u := "/" + strings.TrimSuffix(p, ext) + ".html"
		page(rel, u)
		if translated {
			s.Alias("/en"+u, rel)
		}
	})
	d.blog(t, s, page)
	if bytes.Contains(src, []byte("algolia")) {
		s.Redirect("/search.html", "/search.html")
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
}

// blog lays out blog/: a post named YYYY-MM-DD-x.md at
// /blog/YYYY/MM/DD/x.html, the list pages the build makes (the index,
// page2/..., the feeds) from no file.
func (docusaurus1) blog(t *Tree, s *Site, page func(rel, u string)) {
	if !t.Exists("blog") {
		return
	}
	s.contentDirs = append(s.contentDirs, "blog")
	t.Walk("blog", func(rel string) {
		if strings.ToLower(path.Ext(rel)) != ".md" {
			return
		}
		name := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		m := docusaurusDatedName.FindStringSubmatch(name)
		if m == nil {
			return // the build skips a post without a date
		}
		page(rel, "/blog/"+m[1]+"/"+m[2]+"/"+m[3]+"/"+m[4]+".html")
	})
	s.contentOf("blog", "blog")
	for _, gen := range []string{"/blog/", "/blog/index.html", "/blog/page*", "/blog/atom.xml", "/blog/feed.xml"} {
		s.Redirect(gen, gen)
	}
}

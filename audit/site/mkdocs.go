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
	docs := strings.Trim(path.Clean(cfg.str("docs_dir", "docs")), "/")
	dirURLs := cfg.flag("use_directory_urls", true)
	s.Anchors = anchor.HTML
	s.slug = mkdocsSlug
	s.dupSep = "_"
	s.Mount("/", docs)
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
	for _, rel := range pages {
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
	// The redirects plugin makes a page of each old name that sends the
	// reader on.
	for _, p := range cfg.list("plugins") {
		for old := range p.table("redirects.redirect_maps") {
			name := strings.TrimSuffix(old, path.Ext(old))
			if strings.HasSuffix(name, "index") || !dirURLs {
				s.Redirect("/"+name+".html", "")
			}
			s.Redirect("/"+strings.TrimSuffix(name, "index")+"/", "")
		}
	}
	return err
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

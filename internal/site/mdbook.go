package site

import (
	"path"
	"strings"
	"unicode"

	"github.com/urilint/urilint/internal/anchor"
)

// mdbook publishes an mdBook book (rust-lang.github.io/mdBook: "format/
// configuration", "format/markdown"). The chapters are the Markdown files
// of [book] src ("src"); each is rendered to the same path with ".html",
// a README.md becomes index.html, links to ".md" files are rewritten to
// ".html", the other files of src are copied as they are, and
// [output.html.redirect] maps old paths to new URLs. A heading's id is
// its text lower-cased, letters, digits, "_" and "-" kept, white space
// made "-", a repeated one numbered "-1", "-2".
// mdBook is not installable here: these rules follow its documentation
// only, not a build.
type mdbook struct{}

func (mdbook) Load(t *Tree, s *Site) error {
	cfg, err := readConfig(t, "book.toml")
	if err != nil {
		cfg = config{}
	}
	src := folder(cfg.str("book.src", "src"))
	s.Anchors = anchor.HTML
	s.builtDefault = outputDir(cfg.str("build.build-dir", "book"))
	s.slug = mdbookSlug
	s.Mount("/", src)
	s.exts[".html"] = []string{".md"}
	t.Walk(src, func(rel string) {
		p := strings.TrimPrefix(rel, src+"/")
		if strings.ToLower(path.Ext(p)) != ".md" {
			return
		}
		html := strings.TrimSuffix(p, path.Ext(p)) + ".html"
		if path.Base(p) == "README.md" {
			html = path.Join(path.Dir(p), "index.html")
			s.Alias("/"+strings.TrimSuffix(p, ".md")+".html", rel)
		}
		s.Page(rel, "/"+html)
	})
	// Preprocessors other than the built-in ones (links, index) rewrite
	// the chapters before they are rendered: their links, their
	// headings, their ids, what the model does not run.
	for name := range cfg.table("preprocessor") {
		if name != "links" && name != "index" {
			s.Unmodelled("preprocessors", name, true, true)
		}
	}
	for from, to := range cfg.table("output.html.redirect") {
		if v, ok := to.(string); ok {
			s.Redirect(from, v)
		}
	}
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
}

// mdbookSlug is mdBook's heading id.
func mdbookSlug(text string) string {
	var b strings.Builder
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' || r == '-':
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	return b.String()
}

package site

import (
	"bytes"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Hexo is no modelled generator: its pages' URLs follow permalinks,
// themes and plugins the package does not run, so a link that no file
// of the tree serves stays unverifiable (other). But its default
// Markdown renderer, hexo-renderer-marked, gives each heading an id
// that is known: hexo-util's slugize of the heading's text, its letter
// case kept ("Settings & Their Default Values" is
// "Settings-Their-Default-Values"), a repeated one numbered from 1. A
// fragment of a Hexo page (source/docs/commands.md, published at
// docs/commands.html) is checked against those ids; hexojs/site had 92
// links to ids its build does not have ("#Debug_mode",
// "#Settings-amp-Their-Default-Values"), all unverifiable before.

// hexoOtherRenderers are Markdown renderers for Hexo whose ids are not
// hexo-renderer-marked's: with one of them installed, ids stay unknown.
var hexoOtherRenderers = []string{`"hexo-renderer-markdown-it`, `"hexo-renderer-kramed"`, `"hexo-renderer-pandoc"`,
	`"hexo-renderer-markdown"`, `"hexo-renderer-showdown"`, `"hexo-renderer-mdx"`, `"@upupming/hexo-renderer-markdown-it-plus"`}

// hexoIDs lays out the Markdown pages of the Hexo site whose
// configuration is marker, and reports whether their heading ids are
// hexo-renderer-marked's, as configured (else they stay unknown).
func hexoIDs(t *Tree, s *Site, marker string) bool {
	pkg := packageJSON(t, marker)
	if !bytes.Contains(pkg, []byte(`"hexo-renderer-marked"`)) {
		return false
	}
	for _, r := range hexoOtherRenderers {
		if bytes.Contains(pkg, []byte(r)) {
			return false
		}
	}
	cfg, err := readConfig(t, marker)
	if err != nil {
		return false
	}
	// The renderer's options under "marked:": headerIds off, an alias
	// or prefix of ids, or another slugger, and the ids are not these.
	if m := cfg.table("marked"); m != nil {
		for k, v := range m {
			switch k {
			case "headerIds", "modifyAnchors", "anchorAlias", "prependRoot", "postAsset", "external_link", "lazyload", "figcaption", "gfm", "pedantic", "breaks", "smartLists", "smartypants", "autolink", "mangle", "quotes", "descriptionLists", "dompurify":
			default:
				return false
			}
			if k == "headerIds" && v != true {
				return false
			}
			if k == "modifyAnchors" && v != 0 && v != "0" && v != "" && v != nil {
				return false // lower or upper case: not modelled
			}
			if k == "anchorAlias" && v != false && v != nil {
				return false // "{#alias}" headings: ids of their own
			}
		}
	}
	// A theme whose layouts write ids from data ("{{ plugin.name }}")
	// makes the ids of the pages rendered with them unknown.
	theme := cfg.str("theme", "")
	templated := theme != "" && hexoTemplatedIDs(t, path.Join(path.Dir(marker), "themes", theme, "layout"))
	src := folder(path.Join(path.Dir(marker), cfg.str("source_dir", "source")))
	s.slug = hexoSlug
	s.Mount("/", src)
	s.exts[".html"] = []string{".md", ".markdown"}
	t.Walk(src, func(rel string) {
		p := strings.TrimPrefix(rel, src+"/")
		ext := strings.ToLower(path.Ext(p))
		if ext != ".md" && ext != ".markdown" {
			return
		}
		// Folders and files whose name starts with "_" are Hexo's own
		// (_posts, _drafts, _data): posts go by the permalink.
		for _, seg := range strings.Split(p, "/") {
			if strings.HasPrefix(seg, "_") {
				return
			}
		}
		// Only the pages that name a layout of their own are rendered
		// with one that may write ids from data.
		if templated {
			if head, err := t.head(rel); err == nil {
				if l, ok := readFrontMatter(head).Layout.(string); ok && l != "" && l != "page" && l != "post" && l != "false" {
					s.UnknownIDsOf(rel, "Hexo layout "+strconv.Quote(l)+" writes ids from data")
				}
			}
		}
		stem := strings.TrimSuffix(p, path.Ext(p))
		s.Page(rel, "/"+stem+".html")
		// Served without ".html" too (pretty_urls, and the hosts'
		// "pretty URLs").
		s.Alias("/"+stem, rel)
		if path.Base(stem) == "index" {
			s.Alias("/"+path.Dir(stem)+"/", rel)
		}
	})
	return true
}

// hexoTemplateID is an id attribute a template writes from data.
var hexoTemplateID = regexp.MustCompile(`\bid\s*=\s*["']?[^"'>]*(?:\{\{|\{%|<%)`)

// hexoTemplatedIDs reports whether a layout file below dir writes an id
// from data.
func hexoTemplatedIDs(t *Tree, dir string) bool {
	found := false
	t.Walk(dir, func(rel string) {
		if found {
			return
		}
		if src, err := t.Read(rel); err == nil && hexoTemplateID.Match(src) {
			found = true
		}
	})
	return found
}

// hexoSlug is hexo-util's slugize as hexo-renderer-marked calls it: the
// marks of Latin letters dropped, control characters removed, each run
// of white space and of the punctuation `~!@#$%^&*()-_+=[]{}|\;:"'<>,.?/
// one "-", none at either end; letter case kept.
func hexoSlug(text string) string {
	var b strings.Builder
	sep := false
	for _, r := range text {
		switch {
		case r < 0x20:
			continue
		case unicode.IsSpace(r) || r < 0x80 && strings.ContainsRune("~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/", r):
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		if r >= 0xc0 && r <= 0x24f {
			// A Latin letter with a mark is its base letter.
			for _, d := range nfkd(string(r)) {
				if !unicode.Is(unicode.Mn, d) {
					b.WriteRune(d)
				}
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

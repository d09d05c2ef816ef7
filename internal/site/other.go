package site

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// other publishes a site built by a generator that no model here covers
// (Eleventy, Astro and Starlight, VuePress, Gatsby, Nextra, Docsify,
// Hexo, Zola...). Such a generator lays its pages out by rules of its
// own: "/docs/config/" on an Eleventy page names a page of the site, not
// a path of the tree, and its heading ids are its slugger's. Read on the
// forge instead, its every root-relative link was "broken" (hundreds on
// one site). Unknown is not broken: the site is recognized by its
// configuration file, a link that no file of the tree serves and every
// fragment on its pages are unverifiable, with the generator named on
// the detection line; what the tree has is still found.
type other struct{}

// otherMarker is a file that shows a generator the package does not
// model builds its folder.
type otherMarker struct {
	file, name string
	// confirm, when set, says whether the file is that generator's
	// (index.html, _config.yml and config.toml are common names).
	confirm func(t *Tree, file string) bool
}

var otherMarkers = []otherMarker{
	{file: ".eleventy.js", name: "eleventy"},
	{file: "eleventy.config.js", name: "eleventy"},
	{file: "eleventy.config.mjs", name: "eleventy"},
	{file: "eleventy.config.cjs", name: "eleventy"},
	{file: "eleventy.config.ts", name: "eleventy"},
	{file: "astro.config.mjs", name: "astro"},
	{file: "astro.config.js", name: "astro"},
	{file: "astro.config.ts", name: "astro"},
	{file: "astro.config.mts", name: "astro"},
	{file: ".vuepress/config.js", name: "vuepress"},
	{file: ".vuepress/config.ts", name: "vuepress"},
	{file: ".vuepress/config.mjs", name: "vuepress"},
	{file: ".vuepress/config.cjs", name: "vuepress"},
	{file: ".vuepress/config.mts", name: "vuepress"},
	{file: ".vuepress/config.yml", name: "vuepress"},
	{file: "gatsby-config.js", name: "gatsby"},
	{file: "gatsby-config.ts", name: "gatsby"},
	{file: "gatsby-config.mjs", name: "gatsby"},
	{file: "theme.config.tsx", name: "nextra"},
	{file: "theme.config.jsx", name: "nextra"},
	{file: "theme.config.js", name: "nextra"},
	{file: "theme.config.ts", name: "nextra"},
	// Next.js publishes Markdown only through a content library; a
	// Next.js app alone is no documentation site (its README is read on
	// the forge).
	{file: "next.config.js", name: "next.js", confirm: nextDocs},
	{file: "next.config.mjs", name: "next.js", confirm: nextDocs},
	{file: "next.config.ts", name: "next.js", confirm: nextDocs},
	{file: "rspress.config.ts", name: "rspress"},
	{file: "rspress.config.js", name: "rspress"},
	{file: "rspress.config.mjs", name: "rspress"},
	// A folder laid out for Rspress whose configuration is made when a
	// project is scaffolded from a template (create-rspress'
	// template-basic/docs): _nav.json is the navigation of its root.
	// docs/_nav.json too, for a repository's top (Rspress' default
	// root); listing both keeps "docs" from naming a nested site's
	// folder in place of its docs/ (nestedNames).
	{file: "_nav.json", name: "rspress"},
	{file: "docs/_nav.json", name: "rspress"},
	{file: ".dumirc.ts", name: "dumi"},
	{file: "vocs.config.ts", name: "vocs"},
	{file: "vocs.config.tsx", name: "vocs"},
	{file: "mint.json", name: "mintlify"},
	{file: "bridgetown.config.yml", name: "bridgetown"},
	{file: "index.html", name: "docsify", confirm: docsifyPage},
	{file: "_config.yml", name: "hexo", confirm: hexoSite},
	{file: "config.toml", name: "zola", confirm: zolaSite},
	{file: "zola.toml", name: "zola"},
	{file: "_config.yml", name: "jupyter-book", confirm: besideFile("_toc.yml")},
	{file: "myst.yml", name: "mystmd"},
	{file: "_quarto.yml", name: "quarto"},
	{file: "docfx.json", name: "docfx"},
	{file: ".gitbook.yaml", name: "gitbook"},
	{file: "retype.yml", name: "retype"},
	{file: "docs.json", name: "mintlify", confirm: fileNames("mintlify")},
	{file: "source.config.ts", name: "fumadocs", confirm: fileNames("fumadocs")},
	{file: "gridsome.config.js", name: "gridsome"},
	{file: "doczrc.js", name: "docz"},
	{file: "pelicanconf.py", name: "pelican"},
	{file: "nuxt.config.ts", name: "nuxt", confirm: packageNames(`"@nuxt/content"`, `"docus"`, `"@nuxt-themes/docus"`)},
	{file: "nuxt.config.js", name: "nuxt", confirm: packageNames(`"@nuxt/content"`, `"docus"`, `"@nuxt-themes/docus"`)},
	{file: "svelte.config.js", name: "sveltekit", confirm: fileNames("mdsvex")},
	{file: "_config.ts", name: "lume", confirm: fileNames("lume")},
	{file: "antora-playbook.yml", name: "antora"},
	{file: "conf.py", name: "sphinx", confirm: sphinxMarkdown},
}

// otherFiles are the markers' files, for the registry.
func otherFiles() []string {
	files := make([]string, 0, len(otherMarkers))
	for _, m := range otherMarkers {
		if len(files) == 0 || files[len(files)-1] != m.file {
			files = append(files, m.file)
		}
	}
	return files
}

// otherConfirm says whether marker shows a generator no model covers.
// A folder that a modelled generator recognizes too is that
// generator's (a Docusaurus site with a leftover gatsby-config.js),
// though not a plain static folder's (Astro serves public/ with its
// _redirects too), but for the markers a modelled generator reads as its own
// (_config.yml, config.toml), which the confirmation tells apart.
func otherConfirm(t *Tree, marker string) bool {
	m := otherOf(t, marker)
	if m == nil {
		return false
	}
	if m.file == "_config.yml" || m.file == "config.toml" || m.file == "_config.ts" {
		return true
	}
	return !modelledHere(t)
}

// modelledHere reports whether a modelled generator recognizes the
// tree (set in init: the registry refers to otherConfirm).
var modelledHere func(t *Tree) bool

func init() {
	modelledHere = func(t *Tree) bool {
		for i := range publishers {
			p := &publishers[i]
			if p.name != "other" && p.name != "static" && p.markers != nil && p.find(t) != "" {
				return true
			}
		}
		return false
	}
}

// otherOf returns the first marker of that file that the tree confirms.
func otherOf(t *Tree, file string) *otherMarker {
	for i := range otherMarkers {
		m := &otherMarkers[i]
		if m.file == file && (m.confirm == nil || m.confirm(t, file)) {
			return m
		}
	}
	return nil
}

func (other) Load(t *Tree, s *Site) error {
	s.Anchors = anchor.HTML
	// Its pages, their URLs and ids are all the generator's: every
	// Markdown file of the folder is taken for one of its pages.
	if m := otherOf(t, s.marker); m != nil {
		// Hexo with its default renderer, and VuePress, are known well
		// enough to name their pages' heading ids: a fragment of such a
		// page is checked.
		ids := !(m.name == "hexo" && hexoIDs(t, s, s.marker) || m.name == "vuepress" && vuepressIDs(t, s, s.marker) || m.name == "astro" && astroIDs(t, s, s.marker))
		s.Unmodelled("generators", m.name, true, ids)
	} else {
		s.Unmodelled("", "the generator the configuration names", true, true)
	}
	s.rendersAll = true
	return nil
}

// UnmodelledPages returns why the URL of the page rel (a slash path
// from the audited root) and what the generator makes of its links are
// unknown, when they are: the site is a generator's that no model
// covers. A relative link of such a page to a path the tree lacks may
// name a page of the site ("assets.html" beside VuePress' assets.md):
// unknown, not broken.
func (s *Site) UnmodelledPages(rel string) (string, bool) {
	if !s.rendersAll || !s.Contains(rel) {
		return "", false
	}
	for _, u := range s.unknown {
		if u.prefix == "/" && !u.exact {
			return u.why, true
		}
	}
	return "", false
}

// packageJSON returns the start of the package.json beside file, nil
// when there is none.
func packageJSON(t *Tree, file string) []byte {
	pkg := path.Join(path.Dir(file), "package.json")
	if !t.Exists(pkg) {
		return nil
	}
	src, err := t.head(pkg)
	if err != nil {
		return nil
	}
	return src
}

// nextDocs: a package.json beside the Next.js configuration depends on
// a library that makes pages of Markdown.
var nextDocs = packageNames(`"nextra"`, `"fumadocs-core"`, `"@next/mdx"`, `"contentlayer"`, `"contentlayer2"`, `"next-mdx-remote"`, `"@mdx-js/loader"`)

// packageNames confirms a marker by a package.json beside it that
// holds one of the quoted names.
func packageNames(names ...string) func(t *Tree, file string) bool {
	return func(t *Tree, file string) bool {
		src := packageJSON(t, file)
		for _, n := range names {
			if bytes.Contains(src, []byte(n)) {
				return true
			}
		}
		return false
	}
}

// fileNames confirms a marker whose text names the generator.
func fileNames(name string) func(t *Tree, file string) bool {
	return func(t *Tree, file string) bool {
		src, err := t.head(file)
		return err == nil && bytes.Contains(src, []byte(name))
	}
}

// besideFile confirms a marker by another file beside it (Jupyter
// Book's _toc.yml beside its _config.yml).
func besideFile(name string) func(t *Tree, file string) bool {
	return func(t *Tree, file string) bool { return t.Exists(path.Join(path.Dir(file), name)) }
}

// docsifyPage: the page loads Docsify, which renders the Markdown files
// beside it in the browser.
var docsifyPage = fileNames("docsify")

// hexoSite: Hexo's configuration is _config.yml too, with a
// package.json depending on hexo.
var hexoSite = packageNames(`"hexo"`)

// zolaBaseURL is Zola's required key; Hugo's is baseURL.
var zolaBaseURL = regexp.MustCompile(`(?m)^\s*base_url\s*=`)

// zolaSite: Zola's config.toml, a name Hugo reads too, sets base_url,
// which Hugo spells baseURL (its keys have no underscore).
func zolaSite(t *Tree, file string) bool {
	src, err := t.head(file)
	return err == nil && zolaBaseURL.Match(src)
}

// sphinxMarkdown: Sphinx's conf.py loads MyST, so the folder's Markdown
// files are pages whose links and ids MyST makes.
func sphinxMarkdown(t *Tree, file string) bool {
	src, err := t.head(file)
	return err == nil && (bytes.Contains(src, []byte("myst_parser")) || bytes.Contains(src, []byte("myst_nb")) || bytes.Contains(src, []byte("recommonmark")))
}

// mystGenerators are the generators no model covers whose Markdown is
// MyST's: a link destination that is no URL of a scheme is a
// cross-reference ("[x](markdown_it:md/plugins)", an intersphinx
// target; "(label)=" targets), which the generator resolves.
var mystGenerators = map[string]bool{"sphinx": true, "jupyter-book": true, "mystmd": true}

// MystReference returns the generator and reports whether the link
// destination dest of the page rel (a slash path from the audited root)
// is a MyST cross-reference rather than a URI: the page is one of a MyST
// site's, and dest starts
// with a name and a colon where a scheme would be, though the name is
// no scheme ("markdown_it:" has "_", which RFC 3986's scheme = ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ) does not allow).
func (s *Site) MystReference(rel, dest string) (string, bool) {
	if s == nil || !s.rendersAll || !s.Contains(rel) {
		return "", false
	}
	gen := s.myst()
	i := strings.IndexByte(dest, ':')
	if gen == "" || i <= 0 || strings.ContainsAny(dest[:i], "/?#") {
		return "", false
	}
	scheme := true
	for j, c := range dest[:i] {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == '_':
			scheme = false
		default:
			return "", false
		}
	}
	return gen, !scheme
}

// myst returns the site's generator when its Markdown is MyST, "" else.
func (s *Site) myst() string {
	for _, u := range s.unmodelled {
		if u[0] == "generators" && mystGenerators[u[1]] {
			return u[1]
		}
	}
	return ""
}

// astroOwnIDs are the words of an Astro configuration that may change
// its heading ids: Markdown plugins of its own.
var astroOwnIDs = [][]byte{[]byte("rehypePlugins"), []byte("remarkPlugins"), []byte("rehype-"), []byte("remark-"), []byte("@astrojs/markdoc")}

// astroIDs reports whether the heading ids of the Astro site whose
// configuration is marker are Astro's own: github-slugger's, GitHub's
// ids, as Astro's Markdown and MDX give them when the configuration adds
// no Markdown plugin (Starlight adds none that changes them).
func astroIDs(t *Tree, s *Site, marker string) bool {
	src, err := t.Read(marker)
	if err != nil {
		return false
	}
	for _, w := range astroOwnIDs {
		if bytes.Contains(src, w) {
			return false
		}
	}
	s.slug = githubSlug
	return true
}

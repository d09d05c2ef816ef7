package site

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// jekyllPluginEffect is what one of the site's own plugins
// (_plugins/**/*.rb) does beyond adding pages (jekyllPluginPages) that
// the model does not run: files it publishes, pages it rewrites, tags
// it registers.
type jekyllPluginEffect struct {
	file     string   // slash path from the site's folder
	files    []string // URL folders it publishes files of any kind into, "/" for anywhere
	urls     []string // URL paths of single files it publishes
	anywhere bool     // it writes files (with an extension) the model cannot place
	exts     []string // the extensions its strings end with (".md"), which such files have
	rewrites bool     // it rewrites the content or output of the pages it renders
	// links: it renders the Markdown links of every page (a method of
	// the Markdown renderer it reopens or extends), to URLs of its own
	// making.
	links bool
	tags  []string // Liquid tags it registers
}

var (
	// jekyllAddsStatic matches Ruby that adds static files to a site:
	// a generator copying a versioned API reference into it.
	jekyllAddsStatic = regexp.MustCompile(`static_files\s*(<<|\.push|\.concat|\+=|\.unshift)`)
	// jekyllStaticNew matches the making of a static file, its folder
	// when a string is the third argument.
	// A class of the plugin's own made from StaticFile (SitemapFile) is
	// made alike; a name given as a string too makes one URL.
	jekyllStaticNew = regexp.MustCompile(`\b\w*File\.new\(\s*[^,()]+,\s*[^,()]+,\s*(?:"([^"]*)"|'([^']*)'|[^,()]+),\s*(?:"([^"#]*)"|'([^']*)'|[^,()]+)`)
	// jekyllDestWrite matches a path into the build folder
	// (site.in_dest_dir("x"), File.join(site.dest, "x")), the first
	// part of the path when it is a string; or a copy into its top.
	jekyllDestWrite = regexp.MustCompile(`(?:in_dest_dir\(|File\.join\(\s*(?:site\.)?dest\s*,)\s*(?:"([^"]*)"|'([^']*)')?|FileUtils\.\w+\([^()]*,\s*(?:site\.)?dest\s*\)`)
	// jekyllRewrite matches Ruby that rewrites a page's content or
	// output in place or from itself (page.output = page.output.gsub(...)).
	jekyllRewrite     = regexp.MustCompile(`\.(?:content|output)\s*(?:\.(?:gsub!|sub!|replace|prepend|insert|concat)|<<)`)
	jekyllSelfRewrite = regexp.MustCompile(`(\w+)\.(content|output)\s*=[^=~>]([^\n]*)`)
	// jekyllRenderer matches Ruby that reopens or extends the Markdown
	// renderer Jekyll converts every page with: Redcarpet's HTML
	// renderer, kramdown's converters and parsers, Jekyll's Markdown
	// converter. A tag's own renderer, made inside it
	// (Class.new(Redcarpet::Render::HTML)), renders that tag only.
	jekyllRenderer = regexp.MustCompile(`\b(?:class|module)\s+(?:::)?(?:Redcarpet::Render\b|Kramdown\b|Jekyll::Converters::Markdown\b|Converters::Markdown\b)|\bclass\s+\w+\s*<\s*(?:::)?(?:Redcarpet::Render::|Kramdown::(?:Converter|Parser)::)`)
	// jekyllRendererLink and jekyllRendererHeader match the methods
	// of such a renderer that write a link (Redcarpet's link and
	// autolink, kramdown's convert_a) and a heading (header,
	// convert_header, kramdown's parsers of headings). A heading
	// method that calls kramdown's generate_id keeps kramdown's ids
	// (it adds a permalink inside the heading); one of its own making,
	// or a generate_id of the plugin's, does not.
	jekyllRendererLink       = regexp.MustCompile(`\bdef\s+(?:link|autolink|convert_a|parse_link|parse_autolink)\b`)
	jekyllRendererHeader     = regexp.MustCompile(`\bdef\s+(?:header|convert_header|parse_atx_header|parse_setext_header)\b`)
	jekyllRendererGenerateID = regexp.MustCompile(`\bdef\s+generate_id\b`)
	jekyllCallsGenerateID    = regexp.MustCompile(`\bgenerate_id\s*\(`)
	// jekyllRegisterTag matches the registration of a Liquid tag.
	jekyllRegisterTag = regexp.MustCompile(`register_tag\(\s*(?:"([\w-]+)"|'([\w-]+)'|:([\w-]+))`)
)

// jekyllLiteralExt matches the extension a Ruby string ends with
// ("#{url}.md").
var jekyllLiteralExt = regexp.MustCompile(`\.([A-Za-z][A-Za-z0-9]{0,7})["']`)

// jekyllLiteralExts returns the extensions (".md", lower case) the
// strings of a plugin end with: a file it writes at a path it computes
// ("site.in_dest_dir("#{url}.md")") has one of them. None when it has
// none.
func jekyllLiteralExts(src []byte) []string {
	var exts []string
	for _, m := range jekyllLiteralExt.FindAllSubmatch(src, -1) {
		e := "." + strings.ToLower(string(m[1]))
		if e != ".rb" && !slices.Contains(exts, e) {
			exts = append(exts, e)
		}
	}
	return exts
}

// jekyllPluginFolder returns the URL folder of a path written as a Ruby
// string: the text before any interpolation ("api/#{version}" is under
// "/api"), up to its last "/"; whole when there is none and literal.
func jekyllPluginFolder(lit []byte, whole bool) string {
	s := string(lit)
	if i := strings.Index(s, "#{"); i >= 0 {
		s = s[:i]
		if j := strings.LastIndex(s, "/"); j >= 0 {
			s = s[:j]
		} else {
			s = ""
		}
	} else if !whole {
		s = path.Dir(s)
		if s == "." {
			s = ""
		}
	}
	return "/" + strings.Trim(s, "/")
}

// jekyllPluginEffects reads the site's own plugins for what they publish
// and write besides pages: static files they add (in the folder a
// string names, else anywhere), files they write into the build folder
// (site.dest, in_dest_dir), pages whose content or output they rewrite,
// and the Liquid tags they register. None is modelled: the URL space or
// the ids they touch are unverifiable.
func jekyllPluginEffects(t *Tree) (out []jekyllPluginEffect, own bool) {
	t.Walk("_plugins", func(rel string) {
		if path.Ext(rel) != ".rb" {
			return
		}
		own = true
		src, err := t.Read(rel)
		if err != nil {
			return
		}
		if e, ok := jekyllPluginEffectOf(rel, src); ok {
			out = append(out, e)
		}
	})
	n := 0
	for _, e := range out {
		n += len(e.files) + len(e.urls)
	}
	if n > maxPluginsPaths {
		for i := range out {
			if len(out[i].files)+len(out[i].urls) > 0 {
				out[i].files, out[i].urls = []string{"/"}, nil
			}
		}
	}
	return out, own
}

// jekyllPluginEffectOf reads what the plugin rel, whose Ruby source is
// src, publishes and rewrites (jekyllPluginEffects); ok is false when
// it does none of it.
func jekyllPluginEffectOf(rel string, src []byte) (e jekyllPluginEffect, ok bool) {
	e.file = rel
	if jekyllAddsStatic.Match(src) {
		made := jekyllStaticNew.FindAllSubmatch(src, -1)
		if len(made) == 0 {
			e.files = []string{"/"}
		}
		for _, m := range made {
			lit := m[1]
			if lit == nil {
				lit = m[2]
			}
			if lit == nil {
				e.files = []string{"/"}
				break
			}
			name := m[3]
			if name == nil {
				name = m[4]
			}
			if name != nil && !bytes.Contains(lit, []byte("#{")) {
				e.urls = append(e.urls, path.Join(jekyllPluginFolder(lit, true), string(name)))
				continue
			}
			e.files = append(e.files, jekyllPluginFolder(lit, true))
		}
	}
	for _, m := range jekyllDestWrite.FindAllSubmatch(src, -1) {
		lit := m[1]
		if lit == nil {
			lit = m[2]
		}
		if lit == nil {
			if !e.anywhere {
				e.exts = jekyllLiteralExts(src)
			}
			e.anywhere = true
			continue
		}
		e.files = append(e.files, jekyllPluginFolder(lit, true))
	}
	if jekyllRewrite.Match(src) {
		e.rewrites = true
	}
	// "doc.output = add_anchors(doc.output)": the value is made of
	// what it replaces (a page made anew, "page.content = "...", is
	// the plugin's own).
	for _, m := range jekyllSelfRewrite.FindAllSubmatch(src, -1) {
		if bytes.Contains(m[3], append(append(append([]byte{}, m[1]...), '.'), m[2]...)) {
			e.rewrites = true
		}
	}
	// A renderer of the site's own (bluebird's docs: Redcarpet's link
	// method sending "[.then](.)" to "/docs/api/then.html", its header
	// method writing name= anchors of its own slug) makes every page's
	// links, or ids, its own.
	if jekyllRenderer.Match(src) {
		if jekyllRendererLink.Match(src) {
			e.links = true
		}
		if jekyllRendererGenerateID.Match(src) || jekyllRendererHeader.Match(src) && !jekyllCallsGenerateID.Match(src) {
			e.rewrites = true
		}
	}
	for _, m := range jekyllRegisterTag.FindAllSubmatch(src, -1) {
		name := string(bytes.Join([][]byte{m[1], m[2], m[3]}, nil))
		e.tags = append(e.tags, name)
	}
	if len(e.files)+len(e.urls) > maxPluginPaths {
		// Each path is a space every link is matched against, and each
		// is added once the spaces before it are searched: a plugin
		// naming thousands is read as writing files anywhere.
		e.files, e.urls = []string{"/"}, nil
	}
	return e, len(e.files) > 0 || len(e.urls) > 0 || e.anywhere || e.rewrites || e.links || len(e.tags) > 0
}

// maxPluginPaths bounds the folders and files one plugin is read to
// publish into (jekyllPluginEffectOf), and maxPluginsPaths those of all
// the site's plugins together (jekyllPluginEffects).
const (
	maxPluginPaths  = 64
	maxPluginsPaths = 256
)

// jekyllTagUse matches the opening of a Liquid tag and its name.
var jekyllTagUse = regexp.MustCompile(`\{%-?\s*([\w-]+)`)

// jekyllTagPages marks the pages of the site that use a tag its own
// plugins register (tags: name to the plugin's file): the tag writes
// HTML, ids too, the model does not know.
func jekyllTagPages(t *Tree, s *Site, tags map[string]string) {
	if len(tags) == 0 {
		return
	}
	t.Walk(".", func(rel string) {
		switch strings.ToLower(path.Ext(rel)) {
		case ".md", ".markdown", ".mkd", ".mkdn", ".html", ".htm":
		default:
			return
		}
		if strings.HasPrefix(rel, "_site/") || strings.HasPrefix(rel, "_plugins/") {
			return
		}
		src, err := t.Read(rel)
		if err != nil || !bytes.Contains(src, []byte("{%")) {
			return
		}
		for _, m := range jekyllTagUse.FindAllSubmatch(src, -1) {
			if f, ok := tags[string(m[1])]; ok {
				s.UnknownIDsOf(rel, "tag "+string(m[1])+" of plugin "+f+" is not modelled")
				return
			}
		}
	})
}

// jekyllPlaceholder matches a permalink placeholder (":version").
var jekyllPlaceholder = regexp.MustCompile(`:[a-z][a-z_]*`)

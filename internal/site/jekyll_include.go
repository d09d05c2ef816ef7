package site

import (
	"bytes"
	"path"
	"regexp"
	"strings"
	"sync"
)

// liquidIncludeTag matches a Jekyll include tag and the file it names:
// {% include a.html x=y %}, {%- include_relative _part.md -%},
// jekyll-include-cache's {% include_cached a.html %}.
var liquidIncludeTag = regexp.MustCompile(`\{%-?\s*(include|include_relative|include_cached)\s+([^\s%]*)`)

// LiquidIncludeTags returns the include tags of a Jekyll page's source
// src, each as the tag's name, a space and the file it names ("include
// a.html"), in order; nil when it has none.
func LiquidIncludeTags(src []byte) []string {
	if !bytes.Contains(src, []byte("{%")) {
		return nil
	}
	var out []string
	for _, m := range liquidIncludeTag.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1])+" "+string(m[2]))
	}
	return out
}

// jekyllIncludes reads what the files a Jekyll page includes write
// into it: a site's _includes (includes_dir) and the page's own
// partials (include_relative). Pages are audited concurrently.
type jekyllIncludes struct {
	tree *Tree
	dir  string // includes_dir, a slash path from the site's folder
	mu   sync.Mutex
	seen map[string]includedFile
}

// includedFile is what one included file writes into a page.
type includedFile struct {
	known bool     // every id it writes is one the model knows
	md    []string // Markdown files whose ids the page gets: it, or those it includes
}

// maxIncludeDepth bounds how deep includes of includes are followed.
const maxIncludeDepth = 4

// includeIDWriters are what, in an included file, writes ids its text
// does not show: an id attribute (read from no parse of an include), a
// document's content or Markdown rendered by an expression.
var includeIDWriters = regexp.MustCompile(`(?i)(^|[\s"'])id\s*=|markdownify|content\s*}}|\.content\s*\||\{\{-?\s*content`)

// markdownHeading matches a line that kramdown reads as a heading when
// the include's text lands in Markdown: an ATX heading, or a setext
// underline.
var markdownHeading = regexp.MustCompile(`(?m)^ {0,3}(#{1,6}([ \t]|$)|=+[ \t]*$|-+[ \t]*$)`)

// LiquidIncludesKnown reports whether the Jekyll page rel (a slash path
// from the audited root) gets from the files its include tags (tags,
// as LiquidIncludeTags gives them) name no id the model does not know:
// each names a file of the tree (of includes_dir, or beside the page
// for include_relative), that file and those it includes write no id
// attribute, no heading and no other document's content, but for
// Markdown partials, whose ids are their own: md are those files (slash
// paths from the audited root), where the page's other ids are. A name
// written with Liquid, a file the tree lacks (a theme's), or an
// include_relative in an include is not known.
func (s *Site) LiquidIncludesKnown(rel string, tags []string) (md []string, ok bool) {
	if s.liquid == nil || s.liquid.inc == nil || len(tags) == 0 {
		return nil, false
	}
	inc := s.liquid.inc
	in, ok := s.inner(rel)
	if !ok {
		return nil, false
	}
	for _, tag := range tags {
		f, ok := inc.resolve(path.Dir(in), tag, true)
		if !ok {
			return nil, false
		}
		r := inc.file(f, 0)
		if !r.known {
			return nil, false
		}
		for _, m := range r.md {
			md = append(md, s.outer(m))
		}
	}
	return md, true
}

// resolve returns the file (from the site's folder) that tag, in a file
// of the folder dir, names.
func (inc *jekyllIncludes) resolve(dir, tag string, page bool) (string, bool) {
	kind, name, _ := strings.Cut(tag, " ")
	if name == "" || strings.ContainsAny(name, "{}\"'\\") || strings.HasPrefix(name, "/") {
		return "", false // written with Liquid, or no file name
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == ".." || seg == "." || seg == "" {
			return "", false // Jekyll refuses to climb
		}
	}
	if kind == "include_relative" {
		if !page {
			return "", false
		}
		return path.Join(dir, name), true
	}
	return path.Join(inc.dir, name), true
}

// file returns what the included file f writes, reading it once.
func (inc *jekyllIncludes) file(f string, depth int) includedFile {
	inc.mu.Lock()
	r, ok := inc.seen[f]
	inc.mu.Unlock()
	if ok {
		return r
	}
	r = inc.read(f, depth)
	inc.mu.Lock()
	if inc.seen == nil {
		inc.seen = map[string]includedFile{}
	}
	inc.seen[f] = r
	inc.mu.Unlock()
	return r
}

func (inc *jekyllIncludes) read(f string, depth int) includedFile {
	if depth >= maxIncludeDepth {
		return includedFile{}
	}
	src, err := inc.tree.Read(f)
	if err != nil {
		return includedFile{} // a theme's, or none: unknown
	}
	ext := strings.ToLower(path.Ext(f))
	md := ext == ".md" || ext == ".markdown"
	if includeIDWriters.Match(src) && !md || md && writesOtherContent(src) {
		return includedFile{}
	}
	r := includedFile{known: true}
	if md {
		r.md = []string{f}
	} else if markdownHeading.Match(src) {
		return includedFile{}
	}
	for _, tag := range LiquidIncludeTags(src) {
		g, ok := inc.resolve(path.Dir(f), tag, false)
		if !ok {
			return includedFile{}
		}
		sub := inc.file(g, depth+1)
		if !sub.known {
			return includedFile{}
		}
		r.md = append(r.md, sub.md...)
	}
	return r
}

// writesOtherContent reports whether a Markdown partial renders text
// its source does not show, whose ids are not known.
func writesOtherContent(src []byte) bool {
	return bytes.Contains(src, []byte("markdownify")) || bytes.Contains(src, []byte(".content")) ||
		bytes.Contains(src, []byte("id=\"{{")) || bytes.Contains(src, []byte("id='{{"))
}

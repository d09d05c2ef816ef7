package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// builtSite is a generator's output, read link by link.
type builtSite struct {
	dir       string
	repo      string // the repository ("owner/name") whose files "edit this page" links name; "" takes any
	configDir string // the folder below the site's folder where the build runs the generator ("" for the site's folder)
	host      string // the host the site is served on, when the manifest names it
	base      string // the URL path the site is served under, "/" or "/p/"
	files     map[string]bool
	dirs      map[string]bool       // the folders that hold pages, made by folders
	fileDirs  map[string]bool       // the folders that hold files, made by folders
	pages     map[string]*builtPage // by path relative to dir
	redirects []redirectRule        // the build's _redirects, in order
	broken    []brokenLink
}

// redirectRule is a rule of a _redirects file (Netlify's format, which
// Cloudflare Pages also reads) or of netlify.toml, matched as Netlify
// matches it: a ":name" segment of from matches one segment of the
// path, a last "*" the rest (":splat" and ":name" in to are what they
// matched). A 404 status serves the host's not-found page; a forced rule
// ("301!", force = true) applies even where a file is.
type redirectRule struct {
	from     string
	to       string
	notFound bool
	force    bool
}

type builtPage struct {
	ids       map[string]bool
	links     []builtLink
	redirect  string   // a meta refresh target: the page is a redirect stub
	baseHref  string   // the first <base href>: the page's links resolve from it
	editHrefs []string // its links to files of a GitHub repository ("edit this page" links among them)
	// unrendered is the first paragraph that begins with ":::", a
	// block directive of a Markdown extension (mkdocstrings,
	// mkdocs-click) that the build did not have: what it writes, ids
	// too, is missing from this build of the page.
	unrendered string
	headings   map[string]bool // the text of each h1-h6, normalized (headingKey)
}

// editLink matches a link to a file of a GitHub repository, as "edit
// this page" links are written (Docusaurus' editUrl, MkDocs' edit_uri):
// the path after the branch.
var editLink = regexp.MustCompile(`^https://github\.com/([^/]+/[^/]+)/(edit|blob)/[^/]+/(.+\.(?:md|mdx|markdown|html?))$`)

// pageEdits returns the source files a page's "edit this page" links
// name. An "edit" link is the theme's; a "blob" link may be one too
// (edit_uri written so), but a page's prose links to the repository's
// files in that form as well (a docs page that points to NEWS.md and
// CONTRIBUTING.md): blob links count only on a page with no "edit" link
// and one blob link alone, so that a file the page merely links to is
// never taken for its source, and judged against the page's links.
// Only links to repo's own files count (any repository's where repo
// is ""): a blog post's link to another repository's README.md names
// no source of this one. blob says the files come from a blob link.
func pageEdits(links []string, repo string) (edits []string, blob bool) {
	var blobs []string
	for _, h := range links {
		m := editLink.FindStringSubmatch(h)
		if m == nil || repo != "" && !strings.EqualFold(m[1], repo) {
			continue
		}
		p, err := url.PathUnescape(m[3])
		if err != nil {
			continue
		}
		p = path.Clean(p)
		if m[2] == "edit" {
			edits = append(edits, p)
		} else if !slices.Contains(blobs, p) {
			blobs = append(blobs, p)
		}
	}
	if len(edits) == 0 && len(blobs) == 1 {
		return blobs, true
	}
	return edits, false
}

type builtLink struct {
	href   string
	broken bool
	reason string
	// unknown is set where the build cannot say: the fragment is a
	// path a script of the target reads (scriptFragment).
	unknown bool
}

// scriptFragment is the reason a link is neither resolved nor broken:
// its fragment is a path ("#/docs/x?id=y", a hash router's route;
// "#../files/x.pdf", a document viewer's file; "#!/x"), which a script
// of the target page reads, no element id. Whether the script finds
// it is not in the HTML.
const scriptFragment = "the fragment is a path or query a script reads (a hash router's route, a viewer's file), not an element id: the build cannot say"

// isScriptFragment reports whether a fragment is written as a path or
// a query: it begins with "/", "./", "../", "!" (a hashbang) or "?"
// (swift.org's "/swift-evolution/#?version=6.0", which the page's
// script filters by).
func isScriptFragment(frag string) bool {
	return strings.HasPrefix(frag, "/") || strings.HasPrefix(frag, "./") || strings.HasPrefix(frag, "../") || strings.HasPrefix(frag, "!") || strings.HasPrefix(frag, "?")
}

type brokenLink struct {
	page, href, reason string
}

// linkAttrs are the attributes, by element, that lead to another file of
// the site. A "link" element is read too (a canonical URL, a style
// sheet), but for rel="alternate": a theme writes those to every
// translation of a page, links no source has.
var linkAttrs = map[string]string{
	"a": "href", "area": "href", "img": "src", "script": "src", "iframe": "src",
	"source": "src", "video": "src", "audio": "src", "embed": "src", "link": "href",
}

// readSite reads the site built in dir, served at base: a URL
// ("https://example.com/p/") or a path ("/p/"). The host's redirects are
// the build's _redirects, then rules, those of its configuration
// (netlify.toml).
func readSite(dir, base string, rules ...redirectRule) *builtSite {
	host := ""
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		host, base = strings.ToLower(u.Host), u.Path
	}
	if base == "" || base[0] != '/' {
		base = "/" + base
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	s := &builtSite{dir: dir, host: host, base: base, files: map[string]bool{}, pages: map[string]*builtPage{}}
	if src, err := os.ReadFile(filepath.Join(dir, "_redirects")); err == nil {
		s.redirects = parseRedirects(src)
	}
	s.redirects = append(s.redirects, rules...)
	var hrefs = map[string][]string{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil // an unreadable folder is a missing one
		}
		rel := cleanRel(dir, p)
		s.files[rel] = true
		if !strings.HasSuffix(rel, ".html") && !strings.HasSuffix(rel, ".htm") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		pg, links := readPage(src)
		s.pages[rel] = pg
		hrefs[rel] = links
		for _, h := range links {
			if editLink.MatchString(h) {
				pg.editHrefs = append(pg.editHrefs, h)
			}
		}
		return nil
	})
	rels := make([]string, 0, len(hrefs))
	for rel := range hrefs {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	seen := map[string]bool{}
	for _, rel := range rels {
		pg := s.pages[rel]
		for _, h := range hrefs[rel] {
			if strings.Contains(h, "{{") || strings.Contains(h, "{%") {
				continue // a template copied as is (MkDocs publishes theme overrides kept in docs/): no link
			}
			ok, reason, internal := s.resolves(rel, h)
			if !internal {
				continue
			}
			unknown := reason == scriptFragment
			pg.links = append(pg.links, builtLink{href: h, broken: !ok && !unknown, reason: reason, unknown: unknown})
			if !ok && !unknown && !seen[rel+"\x00"+h] {
				seen[rel+"\x00"+h] = true
				s.broken = append(s.broken, brokenLink{page: rel, href: h, reason: reason})
			}
		}
	}
	return s
}

// readPage returns a page's ids and the links of its elements.
func readPage(src []byte) (*builtPage, []string) {
	pg := &builtPage{ids: map[string]bool{}, headings: map[string]bool{}}
	var links []string
	z := html.NewTokenizer(bytes.NewReader(src))
	para := false      // at the start of a <p>'s text
	var heading []byte // the text of the open h1-h6
	inHeading := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return pg, links
		case html.TextToken:
			if inHeading {
				heading = append(heading, z.Text()...)
				continue
			}
			t := bytes.TrimSpace(z.Text())
			if para && len(t) > 0 {
				para = false
				if bytes.HasPrefix(t, []byte(":::")) && pg.unrendered == "" {
					line, _, _ := bytes.Cut(t, []byte("\n"))
					pg.unrendered = string(line)
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if len(name) == 2 && name[0] == 'h' && '1' <= name[1] && name[1] <= '6' && inHeading {
				pg.headings[headingKey(string(heading))] = true
				inHeading, heading = false, heading[:0]
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			tag := string(name)
			para = tag == "p"
			if len(tag) == 2 && tag[0] == 'h' && '1' <= tag[1] && tag[1] <= '6' {
				inHeading, heading = true, heading[:0]
			}
			want := linkAttrs[tag]
			var equiv, content, rel string
			href, hasHref := "", false
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				key := string(k)
				switch {
				case key == "id", key == "name" && tag == "a":
					pg.ids[string(v)] = true
				case key == want && tag == "link":
					href, hasHref = string(v), true
				case key == "rel" && tag == "link":
					rel = strings.ToLower(string(v))
				case key == want:
					links = append(links, string(v))
				case tag == "meta" && key == "http-equiv":
					equiv = strings.ToLower(string(v))
				case tag == "meta" && key == "content":
					content = string(v)
				case tag == "base" && key == "href" && pg.baseHref == "":
					pg.baseHref = strings.TrimSpace(string(v))
				}
			}
			if hasHref && !strings.Contains(rel, "alternate") {
				links = append(links, href)
			}
			if equiv == "refresh" {
				if i := strings.Index(strings.ToLower(content), "url="); i >= 0 {
					pg.redirect = strings.Trim(strings.TrimSpace(content[i+4:]), `'"`)
				}
			}
		}
	}
}

// resolves reports whether href on page rel leads to a file of the site
// and, with a fragment, to an element with that id. internal is false
// for links that leave the site (another scheme or host, or a path
// outside the base).
func (s *builtSite) resolves(rel, href string) (ok bool, reason string, internal bool) {
	return s.resolveDepth(rel, href, 0)
}

func (s *builtSite) resolveDepth(rel, href string, depth int) (bool, string, bool) {
	href = strings.TrimSpace(href)
	if href == "" {
		return false, "empty href", true // what a generator writes for a link it could not resolve
	}
	u, p, internal, err := s.locate(rel, href)
	if err != nil {
		return false, "unparsable href", true
	}
	if !internal {
		return false, "", false
	}
	target := s.file(p)
	// Where no file is, the host applies the site's redirects; a forced
	// rule, also where one is.
	if r, to, ok := s.redirect(u.Path); ok && (target == "" || r.force) && depth < 3 {
		switch {
		case r.notFound:
			return false, "no file (the host's not-found rule)", true
		case to == "" || strings.Contains(to, "://") || strings.HasPrefix(to, "/.netlify/"):
			return true, "", true // to another host, the host's functions, or with a value of the request: not this build's to judge
		}
		if u.Fragment != "" {
			to += "#" + u.Fragment
		}
		return s.resolveDepth(rel, to, depth+1)
	}
	if target == "" {
		return false, "no file", true
	}
	// A text fragment (":~:text=...") is taken off by the browser before
	// it looks for an id.
	if i := strings.Index(u.Fragment, ":~:"); i >= 0 {
		u.Fragment = u.Fragment[:i]
	}
	if u.Fragment == "" || u.Fragment == "top" {
		return true, "", true
	}
	pg := s.pages[target]
	if pg == nil {
		return true, "", true // a fragment of a non-HTML file (an SVG, a PDF page) is not checked
	}
	if pg.ids[u.Fragment] {
		return true, "", true
	}
	if isScriptFragment(u.Fragment) {
		return false, scriptFragment, true
	}
	if pg.redirect != "" && depth < 3 {
		to := pg.redirect
		if i := strings.IndexByte(to, '#'); i >= 0 {
			to = to[:i]
		}
		return s.resolveDepth(target, to+"#"+u.Fragment, depth+1)
	}
	return false, "no id " + u.Fragment, true
}

// locate resolves href on page rel to a URL of the site (HTML's base
// element applied) and, for a link to the site itself, the URL path
// relative to the base the site is served under.
func (s *builtSite) locate(rel, href string) (u *url.URL, p string, internal bool, err error) {
	pageURL, _ := url.Parse("http://site.invalid" + s.base + rel)
	if pg := s.pages[rel]; pg != nil && pg.baseHref != "" {
		if b, err := pageURL.Parse(pg.baseHref); err == nil {
			pageURL = b
		}
	}
	u, err = pageURL.Parse(strings.TrimSpace(href))
	if err != nil {
		return nil, "", false, err
	}
	if (u.Scheme == "http" || u.Scheme == "https") && s.ownHost(u.Host) {
		u.Scheme, u.Host = "http", "site.invalid" // an absolute link to the site itself
	}
	if u.Scheme != "http" || u.Host != "site.invalid" {
		return u, "", false, nil
	}
	p, ok := strings.CutPrefix(u.Path, s.base)
	if !ok {
		if u.Path+"/" != s.base {
			return u, "", false, nil // outside the path the site is served under: another site of the host
		}
		p = ""
	}
	return u, p, true, nil
}

// ownHost reports whether host is the site's: its host, with or without
// "www." (a host serves both names, one redirecting to the other:
// swift.org's redirect stubs send www.swift.org's pages to
// https://swift.org/install/).
func (s *builtSite) ownHost(host string) bool {
	if s.host == "" || host == "" {
		return false
	}
	h, own := strings.ToLower(host), s.host
	return h == own || "www."+h == own || h == "www."+own
}

// parseRedirects reads a _redirects file: one rule a line, "FROM TO
// [STATUS]", "#" comments. Rules with conditions (a query or a
// language: a field with "=") and those from a full URL are left out.
func parseRedirects(src []byte) []redirectRule {
	var rules []redirectRule
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") || !strings.HasPrefix(f[0], "/") {
			continue
		}
		cond := false
		for _, x := range f[1:] {
			cond = cond || strings.Contains(x, "=")
		}
		if cond {
			continue
		}
		r := redirectRule{from: f[0], to: f[1]}
		if len(f) > 2 {
			status, bang := strings.CutSuffix(f[2], "!")
			r.force, r.notFound = bang, status == "404" || status == "410"
		}
		rules = append(rules, r)
	}
	return rules
}

// netlifyRedirects reads the [[redirects]] tables of a netlify.toml:
// each "from" path (not a full URL, no query conditions), its "to", its
// status and force. Only the keys it needs are read, one "key = value"
// a line.
func netlifyRedirects(src []byte) []redirectRule {
	var rules []redirectRule
	var r *redirectRule
	flush := func() {
		if r != nil && strings.HasPrefix(r.from, "/") && r.to != "" {
			rules = append(rules, *r)
		}
		r = nil
	}
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			flush()
			if line == "[[redirects]]" {
				r = &redirectRule{}
			}
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if r == nil || !ok {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch strings.TrimSpace(k) {
		case "from":
			r.from = v
		case "to":
			r.to = v
		case "status":
			r.notFound = v == "404" || v == "410"
		case "force":
			r.force = v == "true"
		case "query", "conditions":
			r.from = "" // a rule with conditions: left out
		}
	}
	flush()
	return rules
}

// vercelRedirects returns the rules of the "redirects" of a vercel.json
// file, as redirectRules. Vercel applies them before it looks for a
// file, so each is forced. Its sources are path-to-regexp patterns: a
// ":name" segment is one segment, as Netlify's; a last ":name*" or
// ":name+" the rest of the path, Netlify's "*" (":name" in the
// destination its ":splat"). A rule whose source has any other pattern
// (a parameter inside a segment, "/:path+.html", a regular expression)
// or that has conditions ("has", "missing") is left out: the judge
// then takes the build's word for those paths.
func vercelRedirects(src []byte) []redirectRule {
	var cfg struct {
		Redirects []struct {
			Source      string          `json:"source"`
			Destination string          `json:"destination"`
			Has         json.RawMessage `json:"has"`
			Missing     json.RawMessage `json:"missing"`
		} `json:"redirects"`
	}
	if json.Unmarshal(src, &cfg) != nil {
		return nil
	}
	var rules []redirectRule
next:
	for _, r := range cfg.Redirects {
		if !strings.HasPrefix(r.Source, "/") || r.Destination == "" || len(r.Has) > 0 || len(r.Missing) > 0 {
			continue
		}
		segs := pathSegments(r.Source)
		to := r.Destination
		for i, seg := range segs {
			name, isParam := strings.CutPrefix(seg, ":")
			if !isParam {
				if strings.ContainsAny(seg, ":()*+?") {
					continue next
				}
				continue
			}
			rest := strings.TrimSuffix(strings.TrimSuffix(name, "*"), "+")
			switch {
			case !vercelParam.MatchString(rest):
				continue next // "/:path+.html", "/:id(\\d+)"
			case rest != name && i != len(segs)-1:
				continue next // a wildcard before the last segment
			case rest != name:
				segs[i] = "*"
				to = regexp.MustCompile(`:`+regexp.QuoteMeta(rest)+`\b`).ReplaceAllString(to, ":splat")
			}
		}
		rules = append(rules, redirectRule{from: "/" + strings.Join(segs, "/"), to: to, force: true})
	}
	return rules
}

var vercelParam = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// match reports whether the rule takes the URL path p, and where it
// sends it ("" when to names a placeholder from does not have).
func (r redirectRule) match(p string) (string, bool) {
	from := pathSegments(r.from)
	segs := pathSegments(p)
	splat, star := "", false
	if n := len(from); n > 0 && strings.HasSuffix(from[n-1], "*") {
		if head := strings.TrimSuffix(from[n-1], "*"); head != "" {
			from = append(from[:n-1:n-1], head) // "/a*": as "/a/*"
		} else {
			from = from[:n-1]
		}
		star = true
		if len(segs) < len(from) {
			return "", false
		}
		splat, segs = strings.Join(segs[len(from):], "/"), segs[:len(from)]
	}
	if len(segs) != len(from) {
		return "", false
	}
	vals := map[string]string{}
	for i, f := range from {
		switch {
		case strings.HasPrefix(f, ":"):
			vals[f] = segs[i]
		case f == "*": // "/*/x": any one segment
		case !strings.EqualFold(f, segs[i]):
			return "", false
		}
	}
	if star {
		vals[":splat"] = splat
	}
	to := placeholder.ReplaceAllStringFunc(r.to, func(m string) string {
		v, ok := vals[m[1:]]
		if !ok {
			return "\x00"
		}
		return "/" + v
	})
	if strings.Contains(to, "\x00") {
		return "", true
	}
	return to, true
}

var placeholder = regexp.MustCompile(`/:[A-Za-z_][A-Za-z0-9_]*`)

// pathSegments splits a URL path into its segments, the trailing "/"
// not one (Netlify normalizes it before it matches a rule).
func pathSegments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// redirect returns the first rule that takes the URL path p, and where
// it sends p.
func (s *builtSite) redirect(p string) (redirectRule, string, bool) {
	for _, r := range s.redirects {
		if to, ok := r.match(p); ok {
			return r, to, true
		}
	}
	return redirectRule{}, "", false
}

// file returns the file of the site that URL path p (relative to the
// base) leads to, as a web server would serve it, or "".
func (s *builtSite) file(p string) string {
	p = strings.TrimPrefix(p, "/")
	cands := []string{p}
	if p == "" || strings.HasSuffix(p, "/") {
		// "/a/" from a/index.html, else from a.html, as Netlify serves
		// it (Hugo's uglyURLs write a.html for a permalink "/a/").
		cands = []string{p + "index.html"}
		if p != "" {
			cands = append(cands, strings.TrimSuffix(p, "/")+".html")
		}
	} else {
		cands = append(cands, p+"/index.html", p+".html")
	}
	for _, c := range cands {
		c = path.Clean(c)
		if s.files[c] {
			return c
		}
	}
	return ""
}

// pageMap maps source files to built pages and back.
type pageMap struct {
	page   map[string]string // source file (relative to the repository) -> page
	source map[string]string // page -> source file
	files  map[string]bool   // the Markdown and HTML files of the tree
	copied map[string]bool   // the Markdown files the build ships as they are: no pages
}

// linked returns the built page that the relative source link uri of
// file leads to, as the site publishes its target: the link names a
// file of the tree (resolved from file's folder, as a generator
// resolves "other.md") that is the one source of a built page. It
// returns "" where the link's target is not that definite: an absolute
// or root-relative link, a fragment alone, generator syntax, a folder,
// a file that is missing or that no page (or not that page alone) comes
// from.
func (m *pageMap) linked(file, uri string) string {
	if m == nil {
		return ""
	}
	target := linkedFile(file, uri)
	if target == "" || !m.files[target] {
		return ""
	}
	pg := m.page[target]
	if pg == "" || m.source[pg] != target {
		return ""
	}
	return pg
}

// mapPages maps each Markdown or HTML source file of the repository at
// top to the built page whose normalized path shares the longest suffix
// with its own (paths inside the site folder are taken from that
// folder). Ties go to the page with the shortest path (the current
// version of versioned docs). The match must cover the page's whole
// path, or two segments of it; a file outside the site folder needs at
// least its last segment to match.
func mapPages(top, siteDir, generator string, site *builtSite) *pageMap {
	readmeIsIndex := generator == "mkdocs" || generator == "jekyll" || generator == "mdbook"
	m := &pageMap{page: map[string]string{}, source: map[string]string{}, files: map[string]bool{}, copied: map[string]bool{}}
	type cand struct {
		rel  string
		segs []string
	}
	var pages []cand
	byLast := map[string][]int{}
	byAlnum := map[string][]int{} // by the letters and digits of the last segment
	// In a fixed order: ties below go to the first candidate, and the
	// same run must judge the same way twice.
	rels := make([]string, 0, len(site.pages))
	for rel := range site.pages {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		c := cand{rel, segments(rel, false)}
		pages = append(pages, c)
		last := ""
		if len(c.segs) > 0 {
			last = c.segs[len(c.segs)-1]
		}
		byLast[last] = append(byLast[last], len(pages)-1)
		byAlnum[alnum(last)] = append(byAlnum[alnum(last)], len(pages)-1)
	}
	siteDir = path.Clean(siteDir)
	var sources []string
	_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != top && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if pageExt.MatchString(name) {
			sources = append(sources, cleanRel(top, p))
		}
		return nil
	})
	sort.Strings(sources)
	for _, src := range sources {
		m.files[src] = true
	}
	copies := staticCopies(top, site, sources)
	// A page that names its source in an "edit this page" link is that
	// source's page: the build says so. Of the pages that name one
	// source (a page and its translations), the one whose path matches
	// most of the source's wins, then the shortest.
	edited := map[string]string{}
	for _, rel := range rels {
		edits, blob := pageEdits(site.pages[rel].editHrefs, site.repo)
		for _, e := range edits {
			if !m.files[e] || notFoundPage(rel) && !notFoundPage(e) {
				continue
			}
			old, ok := edited[e]
			es := segments(e, readmeIsIndex)
			if blob && !sameName(es, segments(rel, false)) {
				// A blob link may be the theme's edit link
				// (edit_uri written so) or prose's: only one to
				// a file of the page's own name says it is the
				// page's source (a download page's one link to
				// CHANGELOG.md does not).
				continue
			}
			if !ok || commonSuffix(es, segments(rel, false)) > commonSuffix(es, segments(old, false)) ||
				commonSuffix(es, segments(rel, false)) == commonSuffix(es, segments(old, false)) && (len(rel) < len(old) || len(rel) == len(old) && rel < old) {
				edited[e] = rel
			}
		}
	}
	for _, src := range sources {
		pg, ok := edited[src]
		if !ok {
			continue
		}
		m.page[src] = pg
		if _, ok := m.source[pg]; !ok {
			m.source[pg] = src
		}
	}
	// MkDocs publishes its docs_dir only: a README beside mkdocs.yml is
	// no page of the site, whatever its name says.
	content := mkdocsContent(top, siteDir, generator, site.configDir)
	// bestPage returns the page whose path shares the longest suffix
	// with segs, ties to the shortest path: the page's whole path must
	// come from the source's, or at least two segments of it (a
	// versioned page adds its route's base).
	only := "" // bestPage's pages are those under this folder, when not ""
	bestPage := func(src string, segs []string) (string, int) {
		last := ""
		if len(segs) > 0 {
			last = segs[len(segs)-1]
		}
		// Of pages as good, one whose path has the file's name as
		// written comes first: posts "2018-08-24-vitess-weekly-digest.md"
		// and "2018-09-10-vitess-weekly-digest.md" are the pages
		// "blog/2018-08-24-vitess-weekly-digest/" and so on, which
		// normalize alike.
		stem := strings.ToLower(path.Base(src))
		stem = strings.TrimSuffix(stem, path.Ext(stem))
		if stem == "index" || stem == "_index" || stem == "readme" {
			stem = strings.ToLower(path.Base(path.Dir(src)))
		}
		best, bestScore, bestRaw := "", -1, false
		for _, i := range byLast[last] {
			c := pages[i]
			if only != "" && !strings.HasPrefix(c.rel, only) {
				continue // a translation's page is under its locale's folder
			}
			if notFoundPage(c.rel) != notFoundPage(src) {
				continue // the not-found page is 404.md's or 404.html's alone
			}
			if copies[c.rel] != "" && copies[c.rel] != src {
				continue // a static HTML file copied as it is: its own page alone
			}
			score := commonSuffix(segs, c.segs)
			raw := strings.Contains(strings.ToLower(c.rel), stem)
			if score > bestScore || score == bestScore && (raw && !bestRaw || raw == bestRaw && len(c.rel) < len(best)) {
				best, bestScore, bestRaw = c.rel, score, raw
			}
		}
		if best == "" || bestScore < 2 && bestScore < len(segments(best, false)) {
			return "", 0
		}
		// A redirect stub (jekyll-redirect-from's, a Hugo alias) is
		// no source's page: the page it sends readers to is.
		if pg := site.pages[best]; pg != nil && pg.redirect != "" && !redirectSource(top, src) {
			if t, tp := site.target(best, pg.redirect); tp != nil && tp.redirect == "" {
				return t, bestScore
			}
			return "", 0
		}
		return best, bestScore
	}
	var lonely []string                 // the sources of the site's folder that no page's path matches
	lonelySegs := map[string][]string{} // their normalized paths
	nameCount := map[string]int{}       // how many sources of the site's folder have each name
	var outside []string                // the sources outside the site's folder that may map to a page
	for _, src := range sources {
		if _, ok := edited[src]; ok {
			continue
		}
		if content != siteDir && !strings.HasPrefix(src, content+"/") {
			continue
		}
		rel, inside := src, false
		if siteDir != "." {
			if r, ok := strings.CutPrefix(src, siteDir+"/"); ok {
				rel, inside = r, true
			}
		} else {
			inside = true
		}
		if inside && site.files[rel] && isMarkdownName(rel) {
			// The build ships the Markdown file itself, unrendered
			// (Jekyll copies one without front matter): it is no
			// page, its text is read on GitHub.
			m.copied[src] = true
			continue
		}
		segs := segments(rel, readmeIsIndex)
		last := ""
		if len(segs) > 0 {
			last = segs[len(segs)-1]
		}
		if last == "" && !inside {
			continue
		}
		if inside {
			nameCount[alnum(last)]++
		}
		if !inside {
			outside = append(outside, src)
		}
		best, bestScore := "", 0
		if loc, rest, ok := docusaurusTranslation(rel); ok && generator == "docusaurus" && inside {
			// A Docusaurus translation is the page of its locale
			// ("i18n/zh/docusaurus-plugin-content-docs/current/a/b.md"
			// is zh/a/b/), not the original's of the same path.
			only = loc + "/"
			best, bestScore = bestPage(src, segments(rest, readmeIsIndex))
			only = ""
		}
		if best == "" {
			best, bestScore = bestPage(src, segs)
		}
		if r, ok := strings.CutPrefix(src, content+"/"); ok && content != siteDir && best == "" {
			// MkDocs: a page's path is its path in docs_dir
			// ("docs/index.md" is the top's page).
			if b, sc := bestPage(src, segments(r, readmeIsIndex)); b != "" {
				best, bestScore, segs = b, sc, segments(r, readmeIsIndex)
			}
		}
		if best == "" {
			if inside && len(segs) > 0 {
				lonely = append(lonely, src)
				lonelySegs[src] = segs
			}
			continue
		}
		m.page[src] = best
		// A page's source is the file that maps to it with the most
		// segments matched.
		if old, ok := m.source[best]; !ok || edited[old] != best && commonSuffix(segments(old, readmeIsIndex), segments(best, false)) < bestScore {
			m.source[best] = src
		}
	}
	// A file whose path no page matches is the page of its name where
	// that name is the file's alone and one page's alone, a page no
	// other file is the source of, and the name is not a common word
	// ("swift-5.8-released" of _posts/2023-03-30-swift-5.8-released.md,
	// published at /blog/swift-5.8-released/ by a permalink).
	// Both only to a page that no other file is the source of: a
	// translation the build left out is no page of the default
	// language's.
	for _, src := range lonely {
		segs := lonelySegs[src]
		// The front matter may name the page's URL in place of the
		// file's ("slug: certificate-compatibility" in cert-compat.md;
		// a permalink or url whole).
		if fm := frontMatterSegments(filepath.Join(top, filepath.FromSlash(src)), segs); fm != nil {
			if pg, _ := bestPage(src, fm); pg != "" {
				if _, taken := m.source[pg]; !taken {
					m.page[src], m.source[pg] = pg, src
				}
				continue
			}
		}
		// Names compare by their letters and digits: the folder
		// "0723-under-the-hood-of-linkerd-s-…" of a page bundle is
		// published as "under-the-hood-of-linkerds-…".
		name := segs[len(segs)-1]
		key := alnum(name)
		post := datePrefix.MatchString(path.Base(src))
		if nameCount[key] != 1 || len(byAlnum[key]) != 1 || !post && (!strings.Contains(name, "-") || len(name) < 8) {
			continue
		}
		pg := pages[byAlnum[key][0]].rel
		if stub := site.pages[pg]; stub.redirect != "" && !redirectSource(top, src) {
			t, tp := site.target(pg, stub.redirect)
			if tp == nil || tp.redirect != "" {
				continue
			}
			pg = t
		}
		if _, taken := m.source[pg]; taken || notFoundPage(pg) {
			continue
		}
		m.page[src], m.source[pg] = pg, src
	}
	m.mapIncluded(top, siteDir, content, sources)
	// A file outside the site's folder that is not the source of the
	// page its path looks like (packages/x/README.md beside the docs'
	// README.md) is no page, and its links are not judged against that
	// page's. Inside the site's folder, versions and translations of a
	// page map to it as well, and are kept.
	for _, src := range outside {
		if pg := m.page[src]; pg != "" && m.source[pg] != src {
			delete(m.page, src)
		}
	}
	return m
}

// includeDirective is a line that puts another file's text into a
// page: Jekyll's include_relative and include, VitePress'
// "<!--@include: x.md-->", MkDocs snippets ("--8<-- "x.md"") and
// include tags, Hugo's readfile shortcodes, an MDX import. It captures
// the file's path.
var includeDirective = regexp.MustCompile(`(?:include_relative|include|@include:|--8<--|readfile|import\s+[\w{},\s*]+\s+from)\s*(?:file\s*=\s*)?["'(]?\s*([^"'\s)%>}]+\.(?:md|mdx|markdown|html?))`)

// mapIncluded gives a file of the site's folder that no page comes from,
// and that another file includes (includeDirective), the page of the
// file that includes it: its links are on that page (vitest's
// guide/cli-generated.md, which srcExclude keeps from being a page,
// on guide/cli.html). The included path is read from the including
// file's folder, the site's folder, the content folder and the top; a
// file included by files of more than one page is left without one.
func (m *pageMap) mapIncluded(top, siteDir, content string, sources []string) {
	inside := func(f string) bool {
		return siteDir == "." || strings.HasPrefix(f, siteDir+"/")
	}
	by := map[string][]string{} // included file -> the files that include it
	for _, src := range sources {
		if !inside(src) {
			continue
		}
		text, err := os.ReadFile(filepath.Join(top, filepath.FromSlash(src)))
		if err != nil || !bytes.Contains(text, []byte("include")) && !bytes.Contains(text, []byte("--8<--")) && !bytes.Contains(text, []byte("readfile")) && !bytes.Contains(text, []byte("import")) {
			continue
		}
		for _, sm := range includeDirective.FindAllSubmatch(text, -1) {
			p := strings.TrimPrefix(string(sm[1]), "@/")
			for _, dir := range []string{path.Dir(src), siteDir, content, "."} {
				f := path.Join(dir, strings.TrimPrefix(p, "/"))
				if f != src && m.files[f] && inside(f) && m.page[f] == "" && !slices.Contains(by[f], src) {
					by[f] = append(by[f], src)
					break
				}
			}
		}
	}
	// Through includes of includes, a few levels down.
	for range 3 {
		for f, includers := range by {
			if m.page[f] != "" {
				continue
			}
			pg := ""
			for _, inc := range includers {
				if p := m.page[inc]; p != "" && (pg == "" || pg == p) {
					pg = p
				} else if p != "" {
					pg = "\x00" // two pages: not known which
				}
			}
			if pg != "" && pg != "\x00" {
				m.page[f] = pg
			}
		}
	}
}

// frontMatterSegments returns the normalized path of the page a source
// file names in its front matter, or nil: a "permalink" or "url" whole,
// a "slug" in place of the file's name in segs.
func frontMatterSegments(file string, segs []string) []string {
	src, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(src, []byte("---")) {
		return nil
	}
	fm := src[3:]
	if end := bytes.Index(fm, []byte("\n---")); end >= 0 {
		fm = fm[:end]
	} else {
		return nil
	}
	var slug, whole string
	for _, line := range strings.Split(string(fm), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch strings.TrimSpace(k) {
		case "slug":
			slug = v
		case "permalink", "url":
			whole = v
		}
	}
	switch {
	case whole != "" && !strings.Contains(whole, ":") && !strings.Contains(whole, "{"):
		return segments(whole, false)
	case slug != "" && len(segs) > 0 && !strings.Contains(slug, "/"):
		out := append([]string{}, segs[:len(segs)-1]...)
		return append(out, segments(slug, false)...)
	}
	return nil
}

// redirectSource reports whether a source file writes a redirect stub
// itself (an HTML file, which may be one; a page with "redirect_to:" in
// its front matter): its page is the stub, not where the stub sends.
func redirectSource(top, src string) bool {
	if !isMarkdownName(src) && !strings.HasSuffix(src, ".mdx") {
		return true
	}
	b, err := os.ReadFile(filepath.Join(top, filepath.FromSlash(src)))
	if err != nil || !bytes.HasPrefix(b, []byte("---")) {
		return false
	}
	fm := b[3:]
	if end := bytes.Index(fm, []byte("\n---")); end >= 0 {
		fm = fm[:end]
	}
	return bytes.Contains(fm, []byte("\nredirect_to:"))
}

// staticCopies returns the built pages that are an HTML file of the tree
// copied byte for byte (an old version of the site kept in static/v3/),
// each with that file: no other file is their source, however its path
// looks ("docs/getting-started.mdx" is not the page of
// "static/v3/docs/getting-started/index.html").
func staticCopies(top string, site *builtSite, sources []string) map[string]string {
	byBase := map[string][]string{}
	for _, src := range sources {
		if strings.HasSuffix(src, ".html") || strings.HasSuffix(src, ".htm") {
			byBase[path.Base(src)] = append(byBase[path.Base(src)], src)
		}
	}
	out := map[string]string{}
	if len(byBase) == 0 {
		return out
	}
	for rel := range site.pages {
		for _, src := range byBase[path.Base(rel)] {
			if src != rel && !strings.HasSuffix(src, "/"+rel) {
				continue
			}
			a, errA := os.Stat(filepath.Join(site.dir, filepath.FromSlash(rel)))
			b, errB := os.Stat(filepath.Join(top, filepath.FromSlash(src)))
			if errA != nil || errB != nil || a.Size() != b.Size() {
				continue
			}
			x, errA := os.ReadFile(filepath.Join(site.dir, filepath.FromSlash(rel)))
			y, errB := os.ReadFile(filepath.Join(top, filepath.FromSlash(src)))
			if errA == nil && errB == nil && bytes.Equal(x, y) {
				out[rel] = src
				break
			}
		}
	}
	return out
}

// notFoundPage reports whether a built page is the host's not-found
// page (404.html, 404/index.html), which no source file publishes as
// its page: its path, a number, normalizes to the site's top's.
func notFoundPage(rel string) bool {
	base := path.Base(rel)
	return strings.TrimSuffix(base, path.Ext(base)) == "404" || path.Base(path.Dir(rel)) == "404" && strings.HasPrefix(base, "index.")
}

// sameName reports whether two normalized paths have the same last
// segment (or are both the top).
func sameName(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return a[len(a)-1] == b[len(b)-1]
}

// mkdocsContent returns the folder, a slash path from the top, whose
// files an MkDocs site publishes: the docs_dir of its configuration,
// which is in the site's folder or in configDir below it (the folder
// the build command enters: "cd hack/api-docs && mkdocs build"), read
// from there. For other generators, and without a configuration, it is
// siteDir.
func mkdocsContent(top, siteDir, generator, configDir string) string {
	if generator != "mkdocs" {
		return siteDir
	}
	for _, dir := range []string{siteDir, path.Join(siteDir, configDir)} {
		if d, ok := mkdocsDocsDir(filepath.Join(top, dir)); ok {
			if c := path.Join(dir, d); c != ".." && !strings.HasPrefix(c, "../") {
				return c
			}
		}
	}
	return siteDir
}

// buildDir returns the folder a build command enters before it runs
// the generator ("cd hack/api-docs && ..."), relative to the site's
// folder, or "".
func buildDir(cmd string) string {
	m := buildCd.FindStringSubmatch(cmd)
	if m == nil || strings.Contains(m[1], "$") {
		return ""
	}
	return path.Clean(strings.Trim(m[1], `"'`))
}

var buildCd = regexp.MustCompile(`^\s*cd\s+(\S+)\s*&&`)

// mkdocsDocsDir returns the docs_dir of the MkDocs configuration in
// dir ("docs" when it names none), when there is a configuration.
func mkdocsDocsDir(dir string) (string, bool) {
	for _, name := range []string{"mkdocs.yml", "mkdocs.yaml"} {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		if m := mkdocsDocsDirKey.FindSubmatch(src); m != nil {
			return path.Clean(strings.Trim(string(m[1]), `"'`)), true
		}
		return "docs", true
	}
	return "", false
}

var mkdocsDocsDirKey = regexp.MustCompile(`(?m)^docs_dir:\s*(\S+)`)

func commonSuffix(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// judgeBuilt sets the verdict of a link finding from the build: the
// finding's file is mapped to its page, and the finding's link to the
// links of that page with the same signature.
func judgeBuilt(f *finding, site *builtSite, pages *pageMap) {
	pg := pages.pageOf(f)
	if pg == "" {
		f.Verdict, f.Why = "unmatched", "the file maps to no built page"
		return
	}
	f.Page = pg
	sig := signature(f.URI)
	self := strings.HasPrefix(f.URI, "#")
	var match []builtLink
	for _, l := range site.pages[pg].links {
		if self {
			// Marked writes a fragment's letters percent-encoded
			// ("#%E5%AE%89" for the source's "#安").
			if l.href == f.URI || unescapedFragment(l.href) == f.URI {
				match = append(match, l)
			}
			continue
		}
		if signature(l.href) == sig {
			match = append(match, l)
		}
	}
	if !self && len(match) == 0 {
		// A generator may name the page by its file's name in
		// another form ("OrganizingState.md" published as
		// "organizing-state"): the same letters and digits, and the
		// same fragment, in any case (VitePress 2 writes the
		// source's "#Direct-Download-CDN" as "#direct-download-cdn").
		key := looseSignature(sig)
		for _, l := range site.pages[pg].links {
			if looseSignature(signature(l.href)) == key {
				match = append(match, l)
			}
		}
	}
	if self && len(match) == 0 {
		// A render hook may write the page's own URL before the
		// fragment ("/da/docs/x/#y" for "#y"): a link that leads to
		// the page itself with that fragment is the source's.
		for _, l := range site.pages[pg].links {
			_, frag, ok := strings.Cut(l.href, "#")
			if t, _ := site.target(pg, l.href); ok && "#"+frag == f.URI && t == pg {
				match = append(match, l)
			}
		}
	}
	if len(match) == 0 {
		f.Verdict, f.Why = "unmatched", "no link of the page has the finding's target"
		return
	}
	// A link written as in the source decides; else all the candidates
	// must agree.
	for _, l := range match {
		if l.href == f.URI {
			match = []builtLink{l}
			break
		}
	}
	for _, l := range match {
		if l.unknown {
			f.Verdict, f.Why = "unmatched", scriptFragment
			return
		}
	}
	broken := match[0].broken
	for _, l := range match[1:] {
		if l.broken != broken {
			f.Verdict, f.Why = "unmatched", "the page has links of that target that resolve and that do not"
			return
		}
	}
	f.Built = match[0].href
	if broken {
		f.Verdict, f.Why = "confirmed", "the build has it broken: "+match[0].reason
	} else {
		f.Verdict, f.Why = "refuted", "the build resolves it"
	}
}

// looseSignature is a signature's name by its letters and digits alone,
// and its fragment.
func looseSignature(sig string) string {
	name, frag, _ := strings.Cut(sig, "#")
	return alnum(name) + "#" + strings.ToLower(frag)
}

// judgeOwnURL judges a finding of a file that no built page comes from
// when its link is an absolute URL of the site itself: the build
// resolves it from its root, on no page's links. It reports whether the
// build confirmed it.
func judgeOwnURL(f *finding, site *builtSite) bool {
	u, err := url.Parse(strings.TrimSpace(f.URI))
	if err != nil || !u.IsAbs() {
		return false
	}
	ok, reason, internal := site.resolves("", f.URI)
	if !internal {
		return false
	}
	f.Built = f.URI
	if reason == scriptFragment {
		f.Verdict, f.Why = "unmatched", reason
		return false
	}
	if ok {
		f.Verdict, f.Why = "refuted", "the build resolves the site's own URL"
		return false
	}
	f.Verdict, f.Why = "confirmed", "the build has the site's own URL broken: "+reason
	return true
}

// mayBe reports whether the source link src can be what the build wrote
// as href on page rel. It cannot when the source link leaves the site
// (another host or scheme) while href stays on it, or when both are
// paths of the site that differ by more than the base the site is
// served under and the page's own first folder (a translation's
// locale): a theme's locale switcher links each page to "/es/<page>",
// whose name a source link to another host or path may share. A
// fragment alone ("#x") can only be a link to the page itself.
// Generator syntax (Liquid, shortcodes) is not compared. A relative
// link is compared only where its target is definite: target, when not
// "", is the built page that the file the link names publishes (see
// pageMap.linked), and then href must be a form of the link (see
// rendersAs); other relative links are not compared, as generators
// rewrite them.
func (s *builtSite) mayBe(rel, href, src, target string) bool {
	src = strings.TrimSpace(src)
	if strings.Contains(src, "{{") || strings.Contains(src, "{%") {
		return true
	}
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return true
	}
	if strings.HasPrefix(src, "#") {
		// A fragment alone links the page itself: a built link to
		// another page ("/#x" for "#x") is what a render hook or
		// template made of it.
		return s.file(p) == rel
	}
	if strings.HasPrefix(src, "./#") {
		// "./" is the page itself (a pretty URL) or its folder's page.
		t := s.file(p)
		up := path.Dir(path.Dir(rel))
		if path.Base(rel) != "index.html" {
			up = path.Dir(rel)
		}
		return t == rel || t == s.file(strings.TrimPrefix(up+"/", "./"))
	}
	su, err := url.Parse(src)
	if err != nil {
		return true
	}
	srcPath := ""
	switch {
	case su.Scheme == "pathname": // Docusaurus: a path the server serves
		srcPath = su.Path
	case su.Scheme != "" || su.Host != "":
		if !s.ownHost(su.Host) || su.Scheme != "http" && su.Scheme != "https" && su.Scheme != "" {
			return false // another host's, or another scheme's
		}
		srcPath = su.Path
	case strings.HasPrefix(su.Path, "/"):
		srcPath = su.Path
	default:
		return target == "" || s.rendersAs(rel, p, su.Path, target)
	}
	built := segments(s.base+p, false)
	want := segments(srcPath, false)
	base := segments(s.base, false)
	var locale []string
	if segs := segments(rel, false); len(segs) > 1 {
		locale = segs[:1]
	}
	for _, prefix := range [][]string{nil, base, locale, append(append([]string{}, base...), locale...)} {
		if slices.Equal(built, append(append([]string{}, prefix...), want...)) {
			return true
		}
	}
	return false
}

// writes returns how many links of page rel have href as it is written.
func (s *builtSite) writes(rel, href string) int {
	pg := s.pages[rel]
	if pg == nil {
		return 0
	}
	n := 0
	for _, l := range pg.links {
		if strings.TrimSpace(l.href) == href {
			n++
		}
	}
	return n
}

// rendersAs reports whether p, the URL path (relative to the site's
// base) of a link on page rel, can be how a generator rendered a
// relative source link whose path is srcPath and whose target file
// publishes the built page target: p leads to target (directly or by
// the host's redirects), or it names the same path as target's URL or
// as srcPath left as written and resolved from the page's URL, up to a
// page extension and to folders added or lost in front (a render hook
// that writes the site's base, or a locale, twice or not at all). A
// link that leads to another folder's page of that name ("/docs/v1.14/x/"
// on the page of "docs/main/x.md", which a theme's version switcher
// writes) is not that link: the link has one target, and the build
// writes it another way.
func (s *builtSite) rendersAs(rel, p, srcPath, target string) bool {
	if s.file(p) == target {
		return true
	}
	if _, to, ok := s.redirect(s.base + strings.TrimPrefix(p, "/")); ok && to != "" {
		if _, q, internal, err := s.locate(rel, to); err == nil && internal && s.file(q) == target {
			return true
		}
	}
	built := segments(p, false)
	forms := [][]string{segments(target, false)}
	if _, q, internal, err := s.locate(rel, srcPath); err == nil && internal {
		forms = append(forms, segments(q, false))
	}
	for _, f := range forms {
		if suffixOf(built, f) || suffixOf(f, built) {
			return true
		}
	}
	return false
}

// suffixOf reports whether a, not empty, ends b.
func suffixOf(a, b []string) bool {
	return len(a) > 0 && len(a) <= len(b) && slices.Equal(a, b[len(b)-len(a):])
}

// staticDirs are the folders, by generator, that a site serves as they
// are at its root, besides the site's folder itself: where a build
// step's output for a URL path would be kept.
var staticDirs = map[string][]string{
	"docusaurus": {"static"},
	"hugo":       {"static"},
	"vitepress":  {"public"},
	"mkdocs":     {"docs"},
}

// servedFrom returns the files of the tree, slash paths from its top,
// that would serve the target of href on page rel of the site built
// from siteDir: the URL path under the site's folder and under its
// static folders.
func (s *builtSite) servedFrom(siteDir, generator, rel, href string) []string {
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return nil
	}
	p = strings.TrimSuffix(p, "/")
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	if p == "" {
		return nil
	}
	var out []string
	for _, d := range append([]string{""}, staticDirs[generator]...) {
		c := path.Join(siteDir, d, p)
		if c != "." && c != ".." && !strings.HasPrefix(c, "../") && !strings.HasPrefix(c, "/") {
			out = append(out, c)
		}
	}
	return out
}

// publishesFolder reports whether the build has a page in the folder of
// the target of href on page rel, or in the target itself where it is
// a folder of the build ("/scala3/reference" where the build has
// scala3/reference/README.md) (a file copied as it is, a README saying
// where the pages are, is none) (a link to another host's or one
// outside the site is taken as published: not this build's to say).
func (s *builtSite) publishesFolder(rel, href string) bool {
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return true
	}
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	s.folders()
	dir := strings.TrimSuffix(strings.TrimPrefix(p, "/"), "/")
	if !s.fileDirs[dir] {
		dir = path.Dir(dir)
	}
	if dir == "." || dir == "" {
		return true // the site's top: it has files
	}
	return s.dirs[dir]
}

// folders makes s.dirs and s.fileDirs, once.
func (s *builtSite) folders() {
	if s.dirs != nil {
		return
	}
	s.dirs, s.fileDirs = map[string]bool{}, map[string]bool{}
	for f := range s.files {
		for d := path.Dir(f); d != "." && !s.fileDirs[d]; d = path.Dir(d) {
			s.fileDirs[d] = true
		}
	}
	for f := range s.pages {
		for d := path.Dir(f); d != "." && !s.dirs[d]; d = path.Dir(d) {
			s.dirs[d] = true
		}
	}
}

// placeholder reports whether the nearest folder of the build on the
// way to href's target (from page rel) holds files but no page: the
// build ships the folder, a README or a stub, and another tool fills it
// ("scala3/reference/README.md" where the Scala 3 reference, built from
// another repository, is served). A folder the build lacks altogether
// says nothing: a section that moved leaves its old URLs broken.
func (s *builtSite) placeholder(rel, href string) bool {
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return false
	}
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	s.folders()
	for dir := strings.Trim(p, "/"); dir != "." && dir != ""; dir = path.Dir(dir) {
		if s.fileDirs[dir] {
			return !s.dirs[dir]
		}
	}
	return false
}

// headingKey normalizes a heading's text, as written in Markdown or as
// a built page shows it, for comparing the two: lower case, letters and
// digits only, one space between words (no permalink sign, no "`").
func headingKey(text string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// target returns the built page that href on page rel leads to, or nil.
func (s *builtSite) target(rel, href string) (string, *builtPage) {
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return "", nil
	}
	t := s.file(p)
	return t, s.pages[t]
}

// buildGap says why the build's lack of the id that href on page rel
// names is its own gap, not the link's, or "": the target page shows a
// block directive the build did not render (a plugin it lacked writes
// those ids), or the target's source file has a heading with that id
// (its text made a slug, or an explicit "{#id}") whose text no heading
// of the built page has (the measuring build lost it: a fence it did
// not understand swallowed the section). source maps built pages to
// their source files; text reads a source file.
func (s *builtSite) buildGap(rel, href string, source map[string]string, text func(string) string) string {
	_, frag, ok := strings.Cut(href, "#")
	if !ok || frag == "" {
		return ""
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	t, pg := s.target(rel, href)
	if pg == nil || pg.ids[frag] {
		return ""
	}
	if pg.unrendered != "" {
		return fmt.Sprintf("the target page shows %q, a directive its build did not render: a plugin the measuring build lacked writes its ids", pg.unrendered)
	}
	file := source[t]
	if file == "" {
		return ""
	}
	for _, h := range markdownHeadings(text(file)) {
		if (h.id == strings.ToLower(frag) || h.id == "" && strings.ReplaceAll(headingKey(h.text), " ", "-") == strings.ToLower(frag)) && !pg.headings[headingKey(h.text)] {
			return fmt.Sprintf("the target's source has the heading %q, which its build lost", h.text)
		}
	}
	return ""
}

type mdHeading struct{ text, id string }

// markdownHeadings returns the ATX headings of a Markdown text, outside
// fenced code, each with its explicit id ("{#id}", "{: #id}") if any.
func markdownHeadings(src string) []mdHeading {
	var out []mdHeading
	fence := ""
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if len(line)-len(text) > 6 || text != "" && text[0] != ' ' && text[0] != '\t' {
			continue
		}
		h := mdHeading{text: strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), "#"))} // closing "#"s are no text
		if i := strings.LastIndex(h.text, "{"); i >= 0 && strings.HasSuffix(h.text, "}") {
			for _, a := range strings.Fields(strings.Trim(h.text[i:], "{:}")) {
				if id, ok := strings.CutPrefix(a, "#"); ok {
					h.id = strings.ToLower(id)
				}
			}
			h.text = strings.TrimSpace(h.text[:i])
		}
		out = append(out, h)
	}
	return out
}

// includedOn is what the audit adds to the message of a finding on a
// file whose text a page includes (VitePress's @include), when the
// link is the including page's: that page's source file.
var includedOn = regexp.MustCompile(`\(on the page of "([^"]+)", which includes this file\)$`)

// pageOf returns the built page a finding is on: the page its message
// says renders the file's text, else its file's page.
func (m *pageMap) pageOf(f *finding) string {
	if sm := includedOn.FindStringSubmatch(f.Message); sm != nil {
		if pg := m.page[sm[1]]; pg != "" {
			return pg
		}
	}
	return m.page[f.File]
}

// otherVersion says why href on page rel names a page of another
// version of an MkDocs site, which no build of this tree can judge, or
// "". An MkDocs site is commonly deployed beside its other versions
// (mike's /v2.11/ and /latest/, Read the Docs' /en/stable/), each its own
// build: a link into a version folder that this build has nothing of is
// neither broken nor fine here, and is judged by no one (the audit says
// unverifiable, from source and with the build).
func (s *builtSite) otherVersion(generator, rel, href string) string {
	if generator != "mkdocs" {
		return ""
	}
	_, p, internal, err := s.locate(rel, href)
	if err != nil || !internal {
		return ""
	}
	s.folders()
	segs := strings.SplitN(strings.Trim(p, "/"), "/", 3)
	dir := ""
	switch {
	case versionSegment(segs[0]):
		dir = segs[0]
	case len(segs) > 1 && languageSegment(segs[0]) && versionSegment(segs[1]):
		dir = segs[0] + "/" + segs[1] // Read the Docs' /en/stable/
	}
	if dir == "" || s.fileDirs[dir] {
		return ""
	}
	return fmt.Sprintf("%q is a version folder the build has nothing of: another version's deployment", "/"+dir+"/")
}

// languageSegment reports whether a URL path segment looks like a
// language code ("en", "pt-br", "zh_CN").
func languageSegment(seg string) bool {
	lang, region, _ := strings.Cut(strings.ReplaceAll(seg, "_", "-"), "-")
	if len(lang) != 2 || len(region) > 4 {
		return false
	}
	for _, c := range lang + region {
		if !unicode.IsLetter(c) || c > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// versionSegment reports whether a URL path segment names a version:
// a number with dots, "v" before it or not ("1.7", "v2.11", "3.x"), or
// a name versioning tools give ("latest", "stable", "dev").
func versionSegment(seg string) bool {
	switch strings.ToLower(seg) {
	case "latest", "stable", "dev", "main", "master", "next":
		return true
	}
	n := strings.TrimPrefix(strings.TrimPrefix(seg, "v"), "V")
	if n == "" || n[0] < '0' || n[0] > '9' {
		return false
	}
	for _, part := range strings.Split(n, ".") {
		if part == "" || len(part) > 4 {
			return false
		}
		for _, c := range part {
			if (c < '0' || c > '9') && c != 'x' {
				return false
			}
		}
	}
	return true
}

// unescapedFragment returns href with its percent-encoding undone, or
// href when it does not decode.
func unescapedFragment(href string) string {
	if u, err := url.PathUnescape(href); err == nil {
		return u
	}
	return href
}

// docusaurusTranslation splits the path rel (from the site's folder) of
// a Docusaurus translation, "i18n/LOCALE/docusaurus-plugin-content-
// PLUGIN/VERSION/rest" (VERSION "current" or "version-X" for the docs;
// none for the blog and the pages), into its locale and the rest.
func docusaurusTranslation(rel string) (loc, rest string, ok bool) {
	segs := strings.Split(rel, "/")
	if len(segs) < 4 || segs[0] != "i18n" || !strings.HasPrefix(segs[2], "docusaurus-plugin-content-") {
		return "", "", false
	}
	rest = strings.Join(segs[3:], "/")
	if strings.HasPrefix(segs[2], "docusaurus-plugin-content-docs") && len(segs) > 4 {
		switch {
		case segs[3] == "current":
			rest = strings.Join(segs[4:], "/")
		case strings.HasPrefix(segs[3], "version-"):
			// An older version's page has its version in its path
			// (zh/docs/2.7.3/a/); the last one's has not.
			rest = strings.TrimPrefix(segs[3], "version-") + "/" + strings.Join(segs[4:], "/")
		}
	}
	return segs[1], rest, true
}

package audit

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/uri"
	"golang.org/x/net/html"
)

// builtOutput reports whether git ignores the path rel of the tree at
// root, or a folder above it: a missing file there is one a build makes
// (a compiled script, assets an install step copies), which the work tree
// at hand lacks but the published copy has. It is asked only about
// targets that do not exist.
func (a *auditor) builtOutput(root, rel string) bool {
	top := confine.GitTop(root)
	if top == "" {
		return false
	}
	abs := filepath.Join(root, filepath.FromSlash(rel))
	a.gitMu.Lock()
	defer a.gitMu.Unlock()
	t := a.gitTreeLocked(top)
	for p, dir := abs, false; p != top && strings.HasPrefix(p, top+string(filepath.Separator)); p, dir = filepath.Dir(p), true {
		if t.ignored(p, dir) {
			return true
		}
	}
	return false
}

// gitTreeLocked returns the git tree of the repository whose top is
// top, read once; the caller holds a.gitMu.
func (a *auditor) gitTreeLocked(top string) *gitTree {
	if a.gitTrees == nil {
		a.gitTrees = map[string]*gitTree{}
	}
	t := a.gitTrees[top]
	if t == nil {
		t = newGitTree(top)
		a.gitTrees[top] = t
	}
	return t
}

// submodule returns the submodule of the repository that the path rel of
// the tree at root is in (see site.SubmodulePaths), as its path from the
// repository's top: a file there that the work tree lacks is the other
// repository's, which a checkout without its submodules does not hold.
func (a *auditor) submodule(root, rel string) (string, bool) {
	top := confine.GitTop(root)
	if top == "" {
		return "", false
	}
	a.gitMu.Lock()
	t := a.gitTreeLocked(top)
	a.gitMu.Unlock()
	if len(t.submodules) == 0 {
		return "", false
	}
	p, err := filepath.Rel(top, filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return "", false
	}
	p = filepath.ToSlash(p)
	for _, sub := range t.submodules {
		if p == sub || strings.HasPrefix(p, sub+"/") {
			return sub, true
		}
	}
	return "", false
}

// The build is the truth when there is one. A site's build output (the
// folder its generator wrote: Hugo's public/, MkDocs' site/...) holds
// every page and id that templates, themes, shortcodes and plugins
// made, which no model of the generator has. When it is there, a link of
// a page of the site is looked up in it: a target the build has is
// fine, one it lacks is broken, and the finding points at the source
// line all the same. The models are then only the map from a source file
// to its URL.

// builtPage is what a link may find on one page of a build, read once,
// the first time a link needs it: the ids of its elements and the names
// of its <a> elements, and what else decides where a fragment leads.
type builtPage struct {
	once sync.Once
	builtHTML
}

// builtHTML is what one built page holds for the links to it.
type builtHTML struct {
	ids pageIDs
	// redirect is the URL a <meta http-equiv="refresh"> sends the
	// reader to: the page is a redirect stub (Jekyll's redirect_from,
	// Hugo's aliases, MkDocs' and Docusaurus' redirect plugins), and a
	// fragment the stub lacks is looked for where it leads.
	redirect string
	// script: the page has a script. scripted: and no heading, its
	// content written in the browser (an API explorer, an app): the
	// ids the reader sees are not in the HTML.
	script, scripted bool
}

// builtPageAt returns the built HTML page abs, read with the x/net/html
// tokenizer, which reads attributes without building a tree. A page that
// cannot be read has nothing. The page of the file r checks, which
// asBuilt has read already, is not read again.
func (a *auditor) builtPageAt(r *reporter, abs string) *builtPage {
	e := a.siteEntry(r.f.root)
	p := entryOf(&e.builtMu, &e.builtPages, abs)
	p.once.Do(func() {
		if own := r.f.rare; own != nil && own.built != nil && own.built.read && own.built.abs == abs {
			p.builtHTML = readBuiltPage(own.built.src)
			return
		}
		buf := builtBufs.Get().(*[]byte)
		src, err := readBuilt(abs, (*buf)[:0])
		if err == nil {
			p.builtHTML = readBuiltPage(src)
		}
		// What the page keeps (its ids, its redirect) is copied out
		// of src: the buffer serves the next page.
		*buf = src[:0]
		builtBufs.Put(buf)
	})
	return p
}

// builtBufs holds the buffers built pages are read into: a run reads
// every page a link names, hundreds of megabytes of HTML, and keeps only
// their ids.
var builtBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxBuiltPage bounds what is read of one built page: no page of a
// site is that long, and a file that is (a data dump the build copied)
// is not read for ids.
const maxBuiltPage = 64 << 20

// builtTemplatePage returns the built page of the walked HTML file f,
// which holds template actions, when f is a page of its site (a Jekyll
// page written in HTML, whose Liquid the generator runs) and the site's
// build has that page, built after f last changed; else "". Without a
// build such a file is left out: what its actions write cannot be told.
func (a *auditor) builtTemplatePage(f *File) string {
	if !fileRel(f) {
		return ""
	}
	s := a.siteFor(f)
	if s.Built() == "" || s.Template(f.rel) {
		return ""
	}
	pageURL, ok := s.URL(f.rel)
	if !ok {
		return ""
	}
	lk, ok := a.builtFile(s, pageURL)
	if !ok || kindOf(lk.abs) != kindHTML || newer(f.abs, lk.abs) {
		return ""
	}
	return lk.abs
}

// keepBuiltLinks returns the links of a page whose source holds
// template actions that its built page, the file abs, has as written:
// those are the source's, as the generator left them, and are checked
// as any other link of a built page; the others (written with an
// action, or in a part the template did not render) are the
// template's, whose output the build shows and the source does not.
func keepBuiltLinks(links []extract.Link, abs string) []extract.Link {
	bufp := builtBufs.Get().(*[]byte)
	defer builtBufs.Put(bufp)
	src, err := readBuilt(abs, (*bufp)[:0])
	*bufp = src[:0]
	if err != nil {
		return nil
	}
	// The built page's links, as sets: each link of the source is
	// looked up once (a page may have many).
	written := map[string]bool{}
	for _, v := range scanLinkAttrs(src, nil) {
		written[string(src[v[0]:v[1]])] = true
	}
	var toks map[string]bool
	kept := links[:0]
	for _, l := range links {
		if l.URI == "" {
			continue
		}
		if !written[l.URI] {
			if toks == nil {
				toks = map[string]bool{}
				for _, tok := range readLinks(src) {
					toks[tok] = true
				}
			}
			if !toks[l.URI] {
				continue
			}
		}
		kept = append(kept, l)
	}
	return kept
}

// readBuilt reads the built file abs into buf, which it grows as
// needed, and returns the bytes: a regular file of at most maxBuiltPage
// bytes (a build is untrusted input: a FIFO there would never end).
func readBuilt(abs string, buf []byte) ([]byte, error) {
	f, err := os.Open(abs)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return buf, err
	}
	if !info.Mode().IsRegular() || info.Size() > maxBuiltPage {
		return buf, fmt.Errorf("%s: not a regular file of at most %d bytes", abs, maxBuiltPage)
	}
	// One byte more than the size, so that a file that grew since the
	// Stat is read to its end (io.ReadFull would stop at the size).
	n := int(info.Size()) + 1
	if cap(buf) < n {
		buf = make([]byte, 0, n+n/4)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			if len(buf) >= maxBuiltPage {
				return buf, fmt.Errorf("%s: longer than %d bytes", abs, maxBuiltPage)
			}
			buf = slices.Grow(buf, len(buf))
		}
		m, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// pageIDs is the ids of one built page, packed in one string: a run keeps
// the ids of every page a fragment names, and an anchor.Set of maps for
// each of 10,000 pages (about 3 KB a page) was most of the memory a build
// added to an audit.
type pageIDs struct {
	text   string   // the ids, one after another, in the order of the page
	ends   []uint32 // where each id ends in text
	sorted []uint32 // indexes of ends, in the order of the ids' bytes
}

// id returns the i-th id of the page.
func (p *pageIDs) id(i uint32) string {
	start := uint32(0)
	if i > 0 {
		start = p.ends[i-1]
	}
	return p.text[start:p.ends[i]]
}

// has reports whether the page has an element whose id (or an <a> whose
// name) is name exactly.
func (p *pageIDs) has(name string) bool {
	_, ok := slices.BinarySearchFunc(p.sorted, name, func(j uint32, name string) int {
		return strings.Compare(p.id(j), name)
	})
	return ok
}

// fold returns the first id of the page, in the page's order, whose lower
// case is low, or "".
func (p *pageIDs) fold(low string) string {
	for i := range p.ends {
		if id := p.id(uint32(i)); strings.ToLower(id) == low {
			return id
		}
	}
	return ""
}

// find looks the fragment frag (as written in the URI) up among the ids,
// as a browser does (anchor.HTML: as written, then percent-decoded), and
// returns what it found and the id as the page spells it: the same
// answer as anchor.Set.Find with anchor.HTML over the same ids.
func (p *pageIDs) find(frag string) (anchor.Match, string) {
	if id, ok := anchor.Lookup(p.has, frag, anchor.HTML); ok {
		return anchor.Found, id
	}
	// A miss (a broken or a miscased fragment) is rare: the ids are
	// scanned in order, for the first that differs only in case.
	for _, name := range anchor.Names(frag) {
		if id := p.fold(strings.ToLower(name)); id != "" {
			return anchor.CaseOnly, id
		}
	}
	return anchor.None, ""
}

// readBuiltIDs returns the ids of the elements of the HTML page src, and
// the names of its <a> elements, tokenizing the page whole. (A faster
// reader that tokenized only the tags around each "id=" was tried and
// dropped: the fuzzer kept finding pages where a "<" or ">" inside a
// tag's attributes hid an id from it, and a hidden id calls a fine link
// broken. Only the pages a fragment names are read.)
func readBuiltIDs(src []byte) pageIDs {
	return readBuiltPage(src).ids
}

// readBuiltPage reads the built page src: its ids, its redirect, and
// whether scripts write its content.
func readBuiltPage(src []byte) builtHTML {
	var text []byte
	var ends []uint32
	var pg builtHTML
	script, heading := false, false
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			pg.ids = packIDs(text, ends)
			pg.script, pg.scripted = script, script && !heading
			return pg
		case html.StartTagToken, html.SelfClosingTagToken:
			raw := z.Raw()
			switch {
			case tagIs(raw, "script"):
				script = true
			case len(raw) > 3 && raw[1]|0x20 == 'h' && raw[2] >= '1' && raw[2] <= '6' && keyEnd[raw[3]]:
				heading = true
			case tagIs(raw, "meta"):
				var to string
				to, text, ends = metaAttrs(z, text, ends)
				if pg.redirect == "" {
					pg.redirect = to
				}
				continue
			}
			text, ends = appendTagIDs(z, text, ends)
		}
	}
}

// tagIs reports whether the raw start tag is the element name (lower
// case), in any case.
func tagIs(raw []byte, name string) bool {
	if len(raw) < len(name)+2 || !keyEnd[raw[len(name)+1]] {
		return false
	}
	for i := range len(name) {
		if raw[1+i]|0x20 != name[i] {
			return false
		}
	}
	return true
}

// metaAttrs reads the attributes of the <meta> tag z has just read: it
// appends its id to text and ends, as appendTagIDs does, and returns the
// URL it sends the reader to when it is a refresh ("http-equiv=refresh",
// "content=0; url=/new/"), or "". The URL is taken as HTML's shared
// declarative refresh steps parse it (WHATWG HTML 4.2.5.3): after the
// time, an optional "url=", quotes taken off.
func metaAttrs(z *html.Tokenizer, text []byte, ends []uint32) (string, []byte, []uint32) {
	refresh, content, hasID := false, "", false
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "http-equiv":
			refresh = strings.EqualFold(strings.TrimSpace(string(v)), "refresh")
		case "content":
			content = string(v)
		case "id":
			// The first id counts, as in appendTagIDs.
			if len(v) > 0 && !hasID && uint64(len(text)+len(v)) <= math.MaxUint32 {
				text = append(text, v...)
				ends = append(ends, uint32(len(text)))
			}
			hasID = true
		}
	}
	if !refresh {
		return "", text, ends
	}
	return refreshURL(content), text, ends
}

// refreshURL returns the URL of a refresh's content attribute, or "".
func refreshURL(content string) string {
	rest := strings.TrimLeft(content, " \t\n\f\r0123456789.")
	rest = strings.TrimLeft(rest, " \t\n\f\r;,")
	if len(rest) >= 3 && strings.EqualFold(rest[:3], "url") {
		if r := strings.TrimLeft(rest[3:], " \t\n\f\r"); strings.HasPrefix(r, "=") {
			rest = strings.TrimLeft(r[1:], " \t\n\f\r")
		}
	}
	if len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') {
		if end := strings.IndexByte(rest[1:], rest[0]); end >= 0 {
			rest = rest[1 : 1+end]
		} else {
			rest = rest[1:]
		}
	}
	return strings.TrimSpace(rest)
}

// appendTagIDs appends to text the id of the tag z has just read, and its
// name when it is an <a>, and to ends where each ends.
//
// The tokenizer's TagName and TagAttr copy the name and each key and value
// (to replace NUL bytes), so they are asked only about a tag whose bytes
// may hold an "id" or a "name" key (see tagMayName). Most tags of a page
// (the links of its menus, its paragraphs, the paths of its icons) are
// then read without those copies.
func appendTagIDs(z *html.Tokenizer, text []byte, ends []uint32) ([]byte, []uint32) {
	hasID, hasName := tagMayName(z.Raw())
	if !hasID && !hasName {
		return text, ends
	}
	isA := false
	if hasName {
		name, _ := z.TagName()
		isA = len(name) == 1 && name[0] == 'a'
	}
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		if len(v) > 0 && (string(k) == "id" || isA && string(k) == "name") && uint64(len(text)+len(v)) <= math.MaxUint32 {
			text = append(text, v...)
			ends = append(ends, uint32(len(text)))
		}
	}
	return text, ends
}

// tagMayName reports whether the raw bytes of a start tag may hold an
// attribute named "id", and one named "name". The tokenizer takes a key
// from the tag's bytes as written, lower-cased in ASCII, and ends it at
// white space, "/", "=" or ">" (WHATWG HTML 13.2.5.33, attribute name
// state): a tag has an "id" key only if its bytes hold "id", in some case,
// followed by one of those or by the end. ("sidebar" and "width" do not
// count; "data-id=" does, and costs only the question.)
func tagMayName(raw []byte) (id, name bool) {
	for i := 1; i < len(raw); i++ {
		if i+1 < len(raw) && !keyEnd[raw[i+1]] {
			continue
		}
		// c|0x20 is a letter's lower case, and no byte but the two
		// cases of a letter maps to it.
		switch raw[i] | 0x20 {
		case 'd':
			id = id || raw[i-1]|0x20 == 'i'
		case 'e':
			name = name || i >= 3 && raw[i-3]|0x20 == 'n' && raw[i-2]|0x20 == 'a' && raw[i-1]|0x20 == 'm'
		}
	}
	return id, name
}

// keyEnd holds the bytes that end an attribute's key.
var keyEnd = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '=': true, '>': true}

// packIDs returns the ids in text, which end at ends, as a pageIDs.
func packIDs(text []byte, ends []uint32) pageIDs {
	if len(ends) == 0 {
		return pageIDs{}
	}
	p := pageIDs{text: string(text), ends: slices.Clip(ends), sorted: make([]uint32, len(ends))}
	for i := range p.sorted {
		p.sorted[i] = uint32(i)
	}
	slices.SortFunc(p.sorted, func(i, j uint32) int { return strings.Compare(p.id(i), p.id(j)) })
	return p
}

// findBuilt sets the build output of each site of the tree at root: the
// folder the user names (Config.Built, -built), which may be anywhere,
// or the one the configuration names (site.built), which must be below
// the root, for the site whose folder holds it (for a folder outside the
// root, the generator's site whose pages it has most); else the generator's default
// output folder where it holds an index.html.
func (a *auditor) findBuilt(root string, sites []*site.Site) {
	named, abs := "", ""
	switch {
	case a.cfg.Built != "":
		abs = filepath.Clean(a.cfg.Built)
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			a.fail(fmt.Errorf("-built: %q is not a folder", a.cfg.Built))
			abs = ""
		} else if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
			named = filepath.ToSlash(rel)
		}
	case a.cfg.Site.Built != "":
		clean := path.Clean(filepath.ToSlash(a.cfg.Site.Built))
		lk := lookup{}
		if !path.IsAbs(clean) && filepath.IsLocal(clean) {
			lk = a.fs.find(root, clean)
		}
		// Nothing outside the root is read: not through a symbolic
		// link either.
		if !lk.exists || !lk.dir || lk.right != "" || lk.link && !a.inRoot(root, lk.abs) {
			a.fail(fmt.Errorf("site.built: %q is not a folder below the root %q", a.cfg.Site.Built, a.showRoot(root)))
			break
		}
		named, abs = clean, lk.abs
	}
	var holder *site.Site // the innermost site whose folder holds the named build
	if abs != "" && named == "" && len(sites) > 0 {
		// A build outside the root: the first generator's site, the
		// root's or one below it; else the root's.
		// Of several, the one whose pages the build has most (a
		// repository's docs beside the test fixtures of its code).
		holder = sites[0]
		best := -1
		for _, s := range sites {
			if !s.Forge && s.Generator != "static" {
				if n := s.BuiltPages(abs, 500); n > best {
					holder, best = s, n
				}
			}
		}
	}
	for _, s := range sites {
		if named != "" && (s.Dir() == "" || named == s.Dir() || strings.HasPrefix(named, s.Dir()+"/")) {
			if holder == nil || len(s.Dir()) > len(holder.Dir()) {
				holder = s
			}
		}
	}
	for _, s := range sites {
		switch {
		case s == holder:
			shown := named
			if shown == "" {
				shown = filepath.ToSlash(abs)
			}
			s.SetBuilt(shown, abs)
		case s.DefaultBuilt() != "":
			// In a git work tree the default folder is taken only
			// when git ignores it, as a build made there (by hand or
			// in CI) is: one committed to the repository is as old as
			// its last commit, and in a fresh clone its files are no
			// older than the sources, so staleness cannot be told
			// from their times.
			dir := s.DefaultBuilt()
			if lk := a.fs.find(root, dir+"/index.html"); lk.exists && !lk.dir && (!lk.link || a.inRoot(root, lk.abs)) &&
				(confine.GitTop(root) == "" || a.builtOutput(root, dir)) {
				s.SetBuilt(dir, filepath.Join(root, filepath.FromSlash(dir)))
			}
		}
		if dir := s.BuiltDir(); dir != "" {
			if lk := a.fs.find(dir, "_redirects"); lk.exists && !lk.dir && lk.right == "" && (!lk.link || within(dir, lk.abs)) {
				if src, err := readFile(lk.abs); err == nil {
					s.BuiltRedirects(src)
				}
			}
			if home, ok := a.builtFile(s, "/"); ok {
				// Where the repository names no URL of the site, its
				// built home page may ("<link rel=canonical>", og:url,
				// from a value computed when it was built): absolute
				// URLs of that site are then its own pages.
				head := readBuiltHead(home.abs)
				if !s.OwnURLKnown() && head.url != "" {
					s.Base(head.url)
				}
				if under := head.servedUnder(); under != "" {
					a.servedUnder.Store(s, under)
				}
				if info, err := os.Stat(home.abs); err == nil {
					a.builtWhen.Store(s, info.ModTime())
				}
			}
		}
	}
}

// builtHead is what a built home page says of its own URL in its head,
// which a configuration the model cannot read (a baseUrl or an og:url
// computed in code) leaves to the build.
type builtHead struct {
	// canonical is the href of its first <link rel="canonical">, as
	// written (Docusaurus, MkDocs' Material, Hugo's and Jekyll's SEO
	// templates write one).
	canonical string
	// url is the absolute http or https URL it gives itself: that of its
	// first canonical link with one, else of its first og:url meta tag.
	url string
}

// readBuiltHead reads the link and meta tags of the head of the built
// home page abs; the zero builtHead for a page it cannot read.
func readBuiltHead(abs string) builtHead {
	var h builtHead
	src, err := readFile(abs)
	if err != nil {
		return h
	}
	og, seenCanonical := "", false
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			h.url = cmp.Or(h.url, og)
			return h
		case html.StartTagToken, html.SelfClosingTagToken:
			raw := z.Raw()
			if tagIs(raw, "body") {
				h.url = cmp.Or(h.url, og)
				return h // the head is over
			}
			link, meta := tagIs(raw, "link"), tagIs(raw, "meta")
			if !link && !meta {
				continue
			}
			// val is the last of href and content, the attribute that
			// holds the URL of a link and of a meta tag.
			canonical, isOG, href, val := false, false, "", ""
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "rel":
					canonical = slices.Contains(strings.Fields(strings.ToLower(string(v))), "canonical")
				case "property", "name":
					isOG = strings.EqualFold(string(v), "og:url")
				case "href":
					href = string(v)
					val = strings.TrimSpace(href)
				case "content":
					val = strings.TrimSpace(string(v))
				}
			}
			switch {
			case link && canonical:
				if !seenCanonical {
					h.canonical, seenCanonical = href, true
				}
				if isHTTP(val) {
					h.url = val
					return h
				}
			case meta && isOG && og == "" && isHTTP(val):
				og = val
			}
		}
	}
}

// servedUnder returns the URL path under which the home page says its
// site is served, from its canonical URL
// (<link rel="canonical" href="https://owner.github.io/project/">):
// "/project", or "" for "/" or a page that does not say.
func (h builtHead) servedUnder() string {
	u, err := uri.Parse(strings.TrimSpace(h.canonical))
	if err != nil || u.Scheme == "" {
		return ""
	}
	p, err := uri.Unescape(u.Path)
	if err != nil {
		return ""
	}
	p = path.Clean("/" + p)
	if strings.HasSuffix(p, ".html") {
		p = path.Dir(p) // the home page by its file
	}
	if p == "/" {
		return ""
	}
	return p
}

// builtFile returns the file of the build of s that serves the URL path
// p (decoded, from "/"), as a static server does: the file itself, a
// folder's index.html, or the page with ".html" added.
func (a *auditor) builtFile(s *site.Site, p string) (lookup, bool) {
	p = s.BuiltPath(p)
	lk, ok := a.builtAt(s, p)
	if ok {
		return lk, true
	}
	// A path under the one the build's home page says the site is
	// served at ("/project/docs/" of a site at /project/) is that
	// path of the build.
	if v, ok := a.servedUnder.Load(s); ok {
		if rest, ok := strings.CutPrefix(p, v.(string)); ok && (rest == "" || rest[0] == '/') {
			return a.builtAt(s, "/"+strings.TrimPrefix(rest, "/"))
		}
	}
	return lookup{}, false
}

// builtAt returns the file of the build of s that serves the path p of
// the build.
func (a *auditor) builtAt(s *site.Site, p string) (lookup, bool) {
	dir := s.BuiltDir()
	rel := strings.Trim(path.Clean("/"+p), "/")
	var cands []string
	switch {
	case rel == "":
		cands = []string{"index.html"}
	case strings.HasSuffix(p, "/"):
		// "/a/" where the build has a.html: Netlify, Cloudflare Pages
		// and Vercel (cleanUrls) send the reader to "/a", which a.html
		// serves; GitHub Pages does not. Not knowing the host, the
		// audit does not call it broken (the model does not either).
		cands = []string{path.Join(rel, "index.html"), rel + ".html"}
	default:
		cands = []string{rel, path.Join(rel, "index.html"), rel + ".html"}
	}
	for _, c := range cands {
		// Nothing outside the build is read: not through a symbolic
		// link of the build either.
		if lk := a.fs.find(dir, c); lk.exists && !lk.dir && lk.right == "" && (!lk.link || within(dir, lk.abs)) {
			return lk, true
		}
	}
	return lookup{}, false
}

// sourceExts are the extensions of the Markdown sources that generators
// render, and whose links they rewrite to the page.
var sourceExts = []string{".md", ".mdx", ".markdown"}

// builtSource returns the built page of the source file named by the URL
// path p ("/reference/api.md"), which no file of the tree is (a plugin
// wrote it at build time): the generators publish a.md at a/, a.html or
// a, and an index or README at its folder.
func (a *auditor) builtSource(s *site.Site, p string) (lookup, bool) {
	for _, ext := range sourceExts {
		stem, ok := strings.CutSuffix(p, ext)
		if !ok {
			continue
		}
		if base := path.Base(stem); strings.EqualFold(base, "index") || strings.EqualFold(base, "readme") {
			return a.builtFile(s, path.Dir(stem)+"/")
		}
		return a.builtFile(s, stem)
	}
	return lookup{}, false
}

// servedURL returns the URL path at which the build serves the page the
// model lays out at pageURL, and whether the build has the page there.
// The model's URL is kept: generators that rewrite a page's links
// (Docusaurus) resolve them from the route as the model writes it, with
// or without its final "/", whichever file the build holds. It is asked
// for each link of the file f, and answered once a file.
//
// A source changed after its page was built (a stale build) is not
// taken from the build either: the build cannot tell about its links.
func (a *auditor) servedURL(f *File, s *site.Site, pageURL string) (string, bool) {
	o := f.ownBuilt()
	if !o.servedDone || o.servedFor != pageURL {
		found, ok := a.builtFile(s, pageURL)
		o.servedDone, o.servedFor, o.served, o.servedOK = true, pageURL, found, ok && !newer(f.abs, found.abs)
	}
	if !o.servedOK {
		return "", false
	}
	return pageURL, true
}

// newer reports whether the file src was modified after the file built.
func newer(src, built string) bool {
	si, err := os.Stat(src)
	if err != nil {
		return false
	}
	bi, err := os.Stat(built)
	return err == nil && si.ModTime().After(bi.ModTime())
}

// newerThanBuild reports whether the file abs of the tree was modified
// after the build of s was made: the build cannot know of it.
func (a *auditor) newerThanBuild(s *site.Site, abs string) bool {
	when, ok := a.builtWhen.Load(s)
	if !ok {
		return false
	}
	info, err := os.Stat(abs)
	return err == nil && info.ModTime().After(when.(time.Time))
}

// checkBuilt checks a link of a page of s, whose build is present,
// against the build: pageURL is where the build serves the page ("/"
// for the site's own absolute URLs, from any document), t the link
// resolved as a path of the tree, lk what is there.
func (a *auditor) checkBuilt(r *reporter, s *site.Site, pageURL, ref string, t local, lk lookup) {
	p, ok := "", false
	bundled := false
	if lk.exists && !lk.dir {
		// A link to a page's source, which the generator rewrites, or
		// to a file it copies: where the site serves it.
		p, ok = s.URL(t.rel)
		if !ok {
			p, ok = s.ServedAt(t.rel)
		}
		// A file of the tree that is no page and that no folder the
		// site serves holds (a picture beside the page): the bundlers
		// of Docusaurus and VitePress copy what a page links to under
		// a name of their own (/assets/images/x-1a2b3c.svg).
		k := kindOf(t.rel)
		bundled = !ok && k != kindMarkdown && k != kindHTML
	}
	if !ok {
		if climbsURL(pageURL, ref) {
			if !lk.exists {
				r.report(policy.CategoryUnverifiable, 0, nil, "%q climbs above the root of %s, to what else its host serves: it cannot be checked offline", r.shown, theSite(s))
			}
			return
		}
		if p, ok = resolveURL(pageURL, ref); !ok {
			return
		}
	}
	// What the reader follows is the link the built page has: as the
	// source writes it, or as the generator rewrote it (a render
	// hook's, Hugo's embedded one resolving "../x" from the source file
	// and adding a translation's prefix, VitePress' ".md" to ".html").
	to, how := a.asBuilt(r, s, pageURL, ref, p)
	if how == builtMoved {
		p = to
	}
	if how == builtWritten && lk.exists && !lk.dir && !bundled {
		// The model took the link for one to the page a file of the
		// tree publishes, which the generator would rewrite; the
		// built page has it as written ("guide.md/", a link in raw
		// HTML), and the reader follows it as written.
		// (A file made after the build is not judged by it: see below.)
		if q, ok := a.writtenTarget(r, s, pageURL, p); !ok && !a.newerThanBuild(s, lk.abs) {
			r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, as its built page writes it (the generator left it as written), which its build in %q does not have%s", r.shown, q, theSite(s), s.Built()+"/", fragNote(t))
			return
		}
	}
	found, ok := a.builtFile(s, p)
	if !ok && how != builtMoved && how != builtWritten {
		// (A link the built page has as written was not rewritten:
		// the reader follows ".md" as written.)
		found, ok = a.builtSource(s, p)
	}
	// The host's redirects apply where the build has no file (Netlify's
	// shadowing): a redirect of the path itself is the server's to
	// follow; one of a whole prefix to the rest of the path (":splat")
	// must lead to a page of the build.
	if !ok {
		if to, wild := s.Splat(p); wild {
			// A target that another rule takes is followed, as the
			// browser follows the second redirect.
			for range maxRedirectHops {
				next, again := s.Splat(to)
				if _, ok := a.builtFile(s, to); ok || !again || next == to {
					break
				}
				to = next
			}
			if found, ok := a.builtFile(s, to); ok {
				// The browser keeps the fragment over a redirect whose
				// target has none of its own: the page it lands on
				// must have the id.
				if written, _ := s.Redirected(p); t.hasFrag && !strings.Contains(written, "#") && kindOf(found.abs) == kindHTML {
					a.checkBuiltFragment(r, s, to, found, t, false)
				}
				return
			}
			if s.ExactRedirect(to) {
				return
			}
			r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which its build in %q does not have, nor %q, where the site's redirects send it", r.shown, p, theSite(s), s.Built()+"/", to)
			return
		}
		if _, ok := s.Redirected(p); ok {
			return
		}
	}
	if !ok && lk.exists && !lk.dir && a.newerThanBuild(s, lk.abs) {
		r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, which changed after its build in %q was made: build again to check it", r.shown, "/"+t.rel, s.Built()+"/")
		return
	}
	if !ok && bundled && how == builtWritten {
		// A bundler that copies the file under a name of its own
		// rewrites the page's link to it; the built page has the link
		// as written (Hugo leaves "logo.svg" of a page built at
		// /x/readme/ as it is), so the reader follows it as written.
		if q, ok := a.writtenTarget(r, s, pageURL, ""); !ok {
			r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, as its built page writes it (the generator left it as written), which its build in %q does not have%s", r.shown, q, theSite(s), s.Built()+"/", fragNote(t))
			return
		}
	}
	if !ok && bundled && how != builtMoved {
		r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, a file of the tree that its build in %q does not have at %q: the generator may have copied it under another name, so it cannot be checked offline", r.shown, "/"+t.rel, s.Built()+"/", p)
		return
	}
	if !ok && how == builtUnknown {
		r.report(policy.CategoryUnverifiable, 0, nil, "%q leads to %q on %s, which its build in %q does not have; the built page does not have the link as written, nor one the generator made of it, so it cannot be checked offline", r.shown, p, theSite(s), s.Built()+"/")
		return
	}
	if !ok {
		// An absolute URL of the site is a path of the same URL space
		// as a "/"-rooted link: what the build lacks, the site lacks.
		as := ""
		if how == builtMoved {
			as = ", as its built page writes it"
		}
		r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s%s, which its build in %q does not have%s", r.shown, p, theSite(s), as, s.Built()+"/", fragNote(t))
		return
	}
	if t.hasFrag && kindOf(found.abs) == kindHTML {
		a.checkBuiltFragment(r, s, p, found, t, how == builtUnknown)
	}
}

// writtenTarget returns where the link of r, which the built page of
// the page served at pageURL has as written, leads as written, and
// whether the build has it there (or the model's p, when not "", is
// that path). The page's URL is taken with and without its final "/"
// when the build serves it from a folder's index.html (the host may
// redirect to either): the build must lack the target from both to
// call it broken.
func (a *auditor) writtenTarget(r *reporter, s *site.Site, pageURL, p string) (string, bool) {
	ref := r.l.URI
	if isHTTP(ref) || strings.HasPrefix(ref, "//") || ref == "" || ref[0] == '#' || ref[0] == '?' || climbsURL(pageURL, ref) {
		return "", true
	}
	o := r.f.rare.built
	bases := []string{pageURL}
	if !strings.HasSuffix(pageURL, "/") && filepath.Base(o.abs) == "index.html" {
		bases = append(bases, pageURL+"/")
	}
	// The source may write the link more than once, and the built page
	// have one written by the generator, another rewritten (a Markdown
	// link and the same in raw HTML): only when it has the link as
	// written as often as the source does is each one left as written.
	if o.writtenCount(ref) < o.sourceCount(r.f, ref) {
		return "", true
	}
	first := ""
	for _, base := range bases {
		q, ok := resolveURL(base, ref)
		if !ok || p != "" && strings.TrimSuffix(q, "/") == strings.TrimSuffix(p, "/") {
			return "", true
		}
		if _, ok := a.builtFile(s, q); ok {
			return "", true
		}
		if _, ok := s.Redirected(q); ok {
			return "", true
		}
		if to, wild := s.Splat(q); wild {
			if _, ok := a.builtFile(s, to); ok || s.ExactRedirect(to) {
				return "", true
			}
		}
		if first == "" {
			first = q
		}
	}
	return first, false
}

// checkBuiltFragment checks the fragment of t, a link to the built page
// found, served at the URL path p: against the page's ids, or, on a
// redirect stub that lacks it, against the ids of the page the stub
// sends the reader to, as a browser would. unseen says the built page
// of the link has neither the link as written nor one made of it: an
// id the target lacks is then unverifiable.
func (a *auditor) checkBuiltFragment(r *reporter, s *site.Site, p string, found lookup, t local, unseen bool) {
	// A text fragment (":~:text=...") is taken off the fragment by the
	// browser before it looks for an element: it names no id.
	frag, _, _ := strings.Cut(t.frag, ":~:")
	if frag == "" || anchor.Top(frag) {
		return
	}
	name := frag
	if dec, err := uri.Unescape(name); err == nil {
		name = dec
	}
	if f, ok := s.LinkFragment(name); ok && r.f.kind == kindMarkdown && r.l.Kind != extract.HTMLAttr {
		frag = f // the generator writes the link with this fragment (not one in raw HTML)
	}
	for hops := 0; ; hops++ {
		pg := a.builtPageAt(r, found.abs)
		m, right := pg.ids.find(frag)
		switch {
		case m == anchor.Found:
		case pg.redirect != "" && hops < maxRedirectHops:
			to, ok := redirectPath(s, p, pg.redirect)
			if !ok {
				r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q of %q, which redirects to %q, outside %s: it cannot be checked offline", r.shown, name, p, pg.redirect, theSite(s))
				return
			}
			next, ok := a.builtFile(s, to)
			if !ok {
				r.report(policy.CategoryBrokenFile, 0, nil, "%q leads to %q on %s, which redirects to %q, which its build in %q does not have", r.shown, p, theSite(s), to, s.Built()+"/")
				return
			}
			if kindOf(next.abs) != kindHTML {
				return
			}
			p, found = to, next
			continue
		case unseen:
			r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q, which the built page of %q does not have; the built page does not have the link as written, nor one the generator made of it, so it cannot be checked offline", r.shown, name, p)
		case m == anchor.CaseOnly:
			r.report(policy.CategoryAnchorCase, t.fragAt, []uri.Edit{{Start: t.fragAt, End: len(r.l.URI), New: fragText(t.frag, right)}},
				"%q names anchor %q, which the built page of %q has only as %q: anchors are case-sensitive", r.shown, name, p, right)
		case pg.scripted:
			if to := a.dropsFragment(r.f.root, s, p); to != "" {
				// The source says what the scripts do: a component
				// that only redirects, which leaves the fragment behind.
				r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q of the built page of %q, whose component only redirects the reader to %q, which leaves the fragment behind: no element of it is reached", r.shown, name, p, to)
			} else {
				r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names anchor %q, which the built page of %q does not have; scripts write that page in the browser, so its ids cannot be checked offline", r.shown, name, p)
			}
		case pg.script && hashRoute(name):
			r.report(policy.CategoryUnverifiable, t.fragAt, nil, "%q names %q on the built page of %q, a route its scripts read, not an id: it cannot be checked offline", r.shown, "#"+name, p)
		default:
			r.report(policy.CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q, which the built page of %q does not have", r.shown, name, p)
		}
		return
	}
}

// dropsFragment returns where the source of the page at the URL path p
// of site s redirects the reader, when its component does nothing else
// (site.DropsFragment), or "".
func (a *auditor) dropsFragment(root string, s *site.Site, p string) string {
	if _, rel := a.findSite(root, s, p); rel != "" {
		if to, ok := s.DropsFragment(rel); ok {
			return to
		}
	}
	return ""
}

// hashRoute reports whether the fragment name is a route that a page's
// scripts read ("#/guide", "#!/guide", "#?version=6.3"), as single-page
// applications route in the fragment, rather than an id.
func hashRoute(name string) bool {
	return name != "" && strings.ContainsRune("/!?", rune(name[0]))
}

// maxRedirectHops bounds the redirect stubs followed from one link: a
// chain of stubs (or a loop) ends there.
const maxRedirectHops = 3

// redirectPath returns the URL path of the site s that the redirect
// target to, read on the page served at p, names: relative to p, or an
// absolute URL of the site; false for any other URL.
func redirectPath(s *site.Site, p, to string) (string, bool) {
	if isHTTP(to) || strings.HasPrefix(to, "//") {
		if strings.HasPrefix(to, "//") {
			to = "https:" + to
		}
		return s.Own(to)
	}
	if strings.Contains(strings.SplitN(to, "/", 2)[0], ":") {
		return "", false // another scheme
	}
	return resolveURL(p, to)
}

// checkTemplateBuilt checks a link template of a page (Hugo's ref and
// relref), which names the file rel of the tree, against the build: the
// page the file publishes, and its ids. It reports false when the build
// does not have that page, which the model is then left to check.
func (a *auditor) checkTemplateBuilt(r *reporter, s *site.Site, rel string, t local) bool {
	if s.Built() == "" {
		return false
	}
	u, ok := s.URL(rel)
	if !ok {
		return false
	}
	found, ok := a.builtFile(s, u)
	if !ok {
		return false
	}
	if t.hasFrag && kindOf(found.abs) == kindHTML {
		a.checkBuiltFragment(r, s, u, found, t, false)
	}
	return true
}

// What a generator made of a source's link, as its built page shows it.
const (
	builtUnknown = iota // neither the link as written nor one made of it
	builtKept           // the built page has the link as written
	builtMoved          // the built page has it leading elsewhere
	builtWritten        // the built page has the link as written
)

// asBuilt tells what the generator made of the link ref of the page
// served at pageURL, which the model resolves to the URL path p, from
// the links of the built page: kept as written (or leading to p all
// the same), or written to lead to another path, returned. A link is
// recognized on the built page by its last path segment, without a
// page extension, and its fragment ("../guide.md#setup" and
// "/2.1/guide/#setup" are one link), so a link made into another is
// found as long as one link of the page has its name and fragment.
// The site's own absolute URLs are taken as written.
func (a *auditor) asBuilt(r *reporter, s *site.Site, pageURL, ref, p string) (string, int) {
	if pageURL == "" || isHTTP(r.l.URI) {
		return "", builtKept
	}
	o := r.f.ownBuilt()
	page, ok := o.served, o.servedDone && o.servedOK && o.servedFor == pageURL
	if !ok {
		if page, ok = a.builtFile(s, pageURL); !ok {
			return "", builtKept
		}
	}
	o.readPage(page.abs)
	if r.l.URI != "" && o.hasLink(r.l.URI) {
		return "", builtWritten
	}
	links := o.tokenLinks()
	if slices.Contains(links, r.l.URI) {
		return "", builtWritten
	}
	want := linkSignature(builtFragment(r, s, ref))
	// A link to an anchor of its own page ("#def-le") may be made into
	// one with a path: a render hook's or a shortcode's, which resolve
	// it from another page (the home page of the page's language,
	// "/cs/#def-le"). It is recognized by its fragment alone.
	fragOnly := strings.HasPrefix(ref, "#") && len(ref) > 1
	to := ""
	for _, l := range links {
		if sig := linkSignature(l); sig != want && (!fragOnly || !strings.HasSuffix(sig, want) || strings.Contains(sig[:len(sig)-len(want)], "#")) {
			continue
		}
		q, ok := builtLinkURL(s, pageURL, l)
		if !ok {
			continue
		}
		if to != "" && strings.TrimSuffix(q, "/") != strings.TrimSuffix(to, "/") {
			return "", builtUnknown // links of that name to two places
		}
		to = q
	}
	if to == "" && builtLeadsTo(s, pageURL, links, ref, p) {
		return "", builtKept
	}
	switch {
	case to == "":
		return "", builtUnknown
	case strings.TrimSuffix(to, "/") == strings.TrimSuffix(p, "/"):
		return "", builtKept
	}
	return to, builtMoved
}

// builtFragment returns ref with the fragment that the built page's link
// has for it, when the generator rewrites the fragments of a Markdown
// page's links (site.LinkFragment: VitePress 2 writes "#Baz-Qux" as
// "#baz-qux").
func builtFragment(r *reporter, s *site.Site, ref string) string {
	base, frag, ok := strings.Cut(ref, "#")
	if !ok || frag == "" || r.f.kind != kindMarkdown || r.l.Kind == extract.HTMLAttr {
		return ref
	}
	if dec, err := uri.Unescape(frag); err == nil {
		frag = dec
	}
	if f, ok := s.LinkFragment(frag); ok {
		return base + "#" + f
	}
	return ref
}

// builtLinkURL returns the URL path the link l of the built page served
// at pageURL leads to: one of the site's own when l is absolute.
func builtLinkURL(s *site.Site, pageURL, l string) (string, bool) {
	if isHTTP(l) {
		return s.Own(l)
	}
	return resolveURL(pageURL, l)
}

// builtLeadsTo reports whether one of the links of the built page served
// at pageURL has the fragment of ref and leads to p, where the model
// says ref leads: the generator wrote ref under another name (a
// Docusaurus page's slug, "OrganizingState.md#x" made
// "/faq/organizing-state#x"), and the page has it all the same.
func builtLeadsTo(s *site.Site, pageURL string, links []string, ref, p string) bool {
	_, frag, ok := strings.Cut(ref, "#")
	if !ok || frag == "" {
		return false
	}
	for _, l := range links {
		if _, lf, ok := strings.Cut(l, "#"); !ok || lf != frag {
			continue
		}
		q, ok := builtLinkURL(s, pageURL, l)
		if !ok {
			continue
		}
		if strings.TrimSuffix(q, "/") == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return false
}

// linkSignature is what a link keeps from its source to its built form:
// its last path segment, in lower case, without a page extension (an
// index or README page named by its folder), and its fragment, decoded.
func linkSignature(ref string) string {
	frag := ""
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		ref, frag = ref[:i], ref[i+1:]
		if dec, err := uri.Unescape(frag); err == nil {
			frag = dec
		}
	}
	if i := strings.IndexByte(ref, '?'); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.Index(ref, "://"); i >= 0 {
		rest := ref[i+3:]
		ref = ""
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			ref = rest[j:]
		}
	}
	if dec, err := uri.Unescape(ref); err == nil {
		ref = dec
	}
	name := ""
	for rest := ref; rest != "" && name == ""; {
		seg := rest
		if i := strings.LastIndexByte(rest, '/'); i >= 0 {
			seg, rest = rest[i+1:], rest[:i]
		} else {
			rest = ""
		}
		for _, ext := range []string{".md", ".mdx", ".markdown", ".html", ".htm"} {
			if len(seg) > len(ext) && strings.EqualFold(seg[len(seg)-len(ext):], ext) {
				seg = seg[:len(seg)-len(ext)]
				break
			}
		}
		switch strings.ToLower(seg) {
		case "", ".", "..", "index", "readme", "_index":
			continue
		}
		name = strings.ToLower(seg)
	}
	return name + "#" + frag
}

// ownBuilt is the built page of the file being checked, read once while
// the file is checked (its links are looked for there, see asBuilt) and
// let go after; the buffers go to the next file.
type ownBuilt struct {
	// servedURL's answer for the file's page at servedFor.
	servedFor  string
	served     lookup
	servedOK   bool
	servedDone bool

	abs  string // the built page, once read
	read bool
	src  []byte
	// vals are where src has the quoted values of href and src
	// attributes (scanLinkAttrs), found once the first link asks.
	vals    [][2]int
	scanned bool
	// links are the href and src values of the page as the tokenizer
	// reads them (readLinks), read when a link is not among vals.
	links []string
	toks  bool
	// order holds the indexes of the file's links, sorted by URI
	// (sourceCount), once sorted.
	order  []int32
	sorted bool
}

var ownBuilts = sync.Pool{New: func() any { return new(ownBuilt) }}

// ownBuilt returns what f holds of its built page.
func (f *File) ownBuilt() *ownBuilt {
	rare := f.more()
	if rare.built == nil {
		rare.built = ownBuilts.Get().(*ownBuilt)
	}
	return rare.built
}

// release gives o back for the next file, keeping its buffers.
func (o *ownBuilt) release() {
	*o = ownBuilt{src: o.src[:0], vals: o.vals[:0], order: o.order[:0]}
	ownBuilts.Put(o)
}

// readPage reads the built page abs, once.
func (o *ownBuilt) readPage(abs string) {
	if o.read {
		return
	}
	o.read, o.abs = true, abs
	src, err := readBuilt(abs, o.src[:0])
	if err != nil {
		src = src[:0]
	}
	o.src = src
}

// hasLink reports whether the page has s as the quoted value of an href
// or a src attribute (href="s", SRC='s'): the quick answer, for most
// links of most pages, that the built page has a link as its source
// writes it.
func (o *ownBuilt) hasLink(s string) bool {
	if !o.scanned {
		o.scanned = true
		o.vals = scanLinkAttrs(o.src, o.vals[:0])
	}
	return hasLinkValue(o.src, o.vals, s)
}

// writtenCount returns how many times the page has s as the quoted
// value of an href or a src attribute.
func (o *ownBuilt) writtenCount(s string) int {
	o.hasLink(s) // scans the page once
	n := 0
	for _, v := range o.vals {
		if v[1]-v[0] == len(s) && string(o.src[v[0]:v[1]]) == s {
			n++
		}
	}
	return n
}

// sourceCount returns how many links of the file f are uri, from the
// links of f sorted once by URI (a file of many links asks for each).
func (o *ownBuilt) sourceCount(f *File, uri string) int {
	if !o.sorted {
		o.sorted = true
		o.order = o.order[:0]
		for i := range f.recs {
			o.order = append(o.order, int32(i))
		}
		slices.SortFunc(o.order, func(i, j int32) int { return strings.Compare(f.link(int(i)).URI, f.link(int(j)).URI) })
	}
	at := func(i int) string { return f.link(int(o.order[i])).URI }
	lo, _ := slices.BinarySearchFunc(o.order, uri, func(i int32, uri string) int { return strings.Compare(f.link(int(i)).URI, uri) })
	n := 0
	for i := lo; i < len(o.order) && at(i) == uri; i++ {
		n++
	}
	return n
}

// tokenLinks returns the href and src values of the page, read once.
func (o *ownBuilt) tokenLinks() []string {
	if !o.toks {
		o.toks = true
		o.links = readLinks(o.src)
	}
	return o.links
}

// readLinks returns the href and src values of the HTML page src, in
// the order of the page.
func readLinks(src []byte) []string {
	var links []string
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return links
		case html.StartTagToken, html.SelfClosingTagToken:
			if !tagMayLink(z.Raw()) {
				continue
			}
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "href" || string(k) == "src" {
					links = append(links, string(v))
				}
			}
		}
	}
}

// hasLinkAttr reports whether src has s as the quoted value of an href
// or a src attribute (href="s", SRC='s').
func hasLinkAttr(src []byte, s string) bool {
	return hasLinkValue(src, scanLinkAttrs(src, nil), s)
}

// hasLinkValue reports whether one of the values vals of src is s.
func hasLinkValue(src []byte, vals [][2]int, s string) bool {
	for _, v := range vals {
		if v[1]-v[0] == len(s) && string(src[v[0]:v[1]]) == s {
			return true
		}
	}
	return false
}

// scanLinkAttrs appends to vals where src has a quoted value after an
// "href=" or a "src=" key (in any case, after white space, a quote or a
// "/"), and returns it: one pass over the bytes of a page, which finds
// the links as written without tokenizing it. A value is taken between
// its quotes as written, entities and all; each "=" of the page is
// looked at, so a key inside another value counts too: what it may find
// more than the tokenizer is a link the page has in some form.
func scanLinkAttrs(src []byte, vals [][2]int) [][2]int {
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '=')
		if j < 0 {
			break
		}
		eq := i + j
		i = eq + 1
		if eq+1 >= len(src) {
			break
		}
		q := src[eq+1]
		if q != '"' && q != '\'' {
			continue
		}
		if key := src[:eq]; !hasSuffixFold(key, "href") && !hasSuffixFold(key, "src") {
			continue
		}
		end := bytes.IndexByte(src[eq+2:], q)
		if end < 0 {
			break
		}
		vals = append(vals, [2]int{eq + 2, eq + 2 + end})
	}
	return vals
}

// hasSuffixFold reports whether b ends with the lower-case ASCII
// suffix, in any case, after white space or a quote.
func hasSuffixFold(b []byte, suffix string) bool {
	n := len(b) - len(suffix)
	if n < 1 || !abnf.FoldEq(suffix, b[n:]) {
		return false
	}
	switch b[n-1] {
	case ' ', '\t', '\n', '\r', '\f', '"', '\'', '/':
		return true
	}
	return false
}

// tagMayLink reports whether the raw bytes of a start tag may hold an
// href or a src attribute (as tagMayName, for "href" and "src").
func tagMayLink(raw []byte) bool {
	for i := 3; i < len(raw); i++ {
		if i+1 < len(raw) && !keyEnd[raw[i+1]] {
			continue
		}
		switch raw[i] | 0x20 {
		case 'f':
			if raw[i-3]|0x20 == 'h' && raw[i-2]|0x20 == 'r' && raw[i-1]|0x20 == 'e' {
				return true
			}
		case 'c':
			if raw[i-2]|0x20 == 's' && raw[i-1]|0x20 == 'r' {
				return true
			}
		}
	}
	return false
}

// reportTemplateMissing reports a link template (Hugo's ref or relref,
// Jekyll's link) whose file the model does not find at p. The generator
// fails the build on it; a build that is there says the generator found
// a file by that name, by rules the model does not have (Hugo looks a
// bare name up among all pages).
func (a *auditor) reportTemplateMissing(r *reporter, s *site.Site, p string) {
	if s.Built() != "" {
		r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, which does not exist; the site's build in %q was made, so the %s build found a page by that name, which cannot be told offline", r.shown, p, s.Built()+"/", s.Generator)
		return
	}
	if why, ok := s.UnseenPages(p); ok {
		r.report(policy.CategoryUnverifiable, 0, nil, "%q names %q, which does not exist; %s, and may hold the page it names", r.shown, p, why)
		return
	}
	r.report(policy.CategoryBrokenFile, 0, nil, "%q names %q, which does not exist: the %s build fails on it", r.shown, p, s.Generator)
}

package audit

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/uri"
)

// local is a relative reference resolved to a place under the root.
type local struct {
	rel      string // slash path from the root, percent-decoded; "" is the root
	dirSlash bool   // the path ends in "/": it must be a directory
	query    string
	hasFrag  bool
	frag     string // as written
	fragAt   int    // offset of the fragment in the reference
	outside  bool   // ".." climbs above the root
}

// resolveLocal resolves the reference ref, found in the file rel (slash
// path from the root), by RFC 3986 section 5.2 against a file: URI of
// that file, so that a path beginning with "/" starts from the root. It
// reports false for a reference that does not name a local file: one with
// a scheme or an authority, or one that is not a URI reference and has no
// unambiguous repair (uri.Repair: "<my file.md>" is "my%20file.md").
func resolveLocal(fileRel, ref string) (local, bool) {
	if t, ok := resolvePlain(fileRel, ref); ok {
		return t, true
	}
	return resolveURI(fileRel, ref)
}

// resolvePlain is resolveLocal for the common reference: a path, or a
// fragment, or both, made of unreserved characters and "/" alone, found
// in a file whose path is as plain. It reports false for any other,
// which resolveURI resolves. Such a reference is a valid relative
// reference that needs no repair, nothing in it or in the file's path is
// percent-encoded, and no empty segment can start a path that reads as
// an authority: resolving it against the file: URI is merging the paths
// (section 5.2.3) and removing dot segments (section 5.2.4), which
// path.Clean does as well on a path without empty segments, bar a
// trailing "/". So it allocates at most the merged path, where
// resolveURI writes, parses and decodes URIs (TestResolvePlain checks
// the two agree).
func resolvePlain(fileRel, ref string) (local, bool) {
	p, frag, hasFrag := strings.Cut(ref, "#")
	if !plainPath(fileRel) || strings.HasPrefix(fileRel, "/") || strings.Contains(fileRel, "//") ||
		!plainPath(p) || strings.Contains(p, "//") || hasFrag && !plainPath(frag) {
		return local{}, false
	}
	t := local{hasFrag: hasFrag}
	if hasFrag {
		t.frag, t.fragAt = frag, len(p)+1
	}
	if p == "" {
		// "T.path = Base.path": the file itself.
		if fileRel != "" && fileRel != "." && path.Clean(fileRel) == fileRel && fileRel != ".." && !strings.HasPrefix(fileRel, "../") {
			t.rel = fileRel // as path.Clean("/"+fileRel) has it
			return t, true
		}
		base := "/" + fileRel
		t.rel = strings.TrimPrefix(path.Clean(base), "/")
		t.dirSlash = strings.HasSuffix(base, "/") && base != "/"
		return t, true
	}
	dir := ""
	if p[0] != '/' {
		dir = fileRel[:strings.LastIndexByte(fileRel, '/')+1]
	}
	t.rel = cleanMerged(dir, p)
	// remove_dot_segments keeps a final "/", and makes one of a final
	// dot segment ("a/.." is "/"-ended), unless nothing is left but "/".
	last := p[strings.LastIndexByte(p, '/')+1:]
	t.dirSlash = (last == "" || last == "." || last == "..") && t.rel != ""
	t.outside = climbs(fileRel, p)
	return t, true
}

// cleanMerged returns path.Clean("/"+dir+p) without its leading "/", for
// a plain reference path p without empty segments but a final one, and
// the folder dir of a file ("" or ending in "/"), in one allocation at
// most: none when the path is a part of p.
func cleanMerged(dir, p string) string {
	var buf [256]byte
	if dir != "" && path.Clean(dir) != strings.TrimSuffix(dir, "/") || dir == "./" || strings.HasPrefix(dir, "../") || len(dir)+len(p) > len(buf) {
		return strings.TrimPrefix(path.Clean("/"+dir+p), "/")
	}
	// dir is clean: its segments are names.
	out := append(buf[:0], strings.TrimSuffix(dir, "/")...)
	for rest := strings.TrimPrefix(p, "/"); ; {
		seg, after, more := strings.Cut(rest, "/")
		switch seg {
		case "", ".":
		case "..":
			// Up one, and at the root stay there.
			out = out[:max(bytes.LastIndexByte(out, '/'), 0)]
		default:
			if len(out) > 0 {
				out = append(out, '/')
			}
			out = append(out, seg...)
		}
		if !more {
			break
		}
		rest = after
	}
	if n := len(p) - len(out); n >= 0 && p[n:] == string(out) && (n == 0 || p[n-1] == '/') {
		return p[len(p)-len(out):] // no new string
	}
	return string(out)
}

// plainPath reports whether s is made of unreserved characters (RFC 3986
// section 2.3) and "/" alone.
func plainPath(s string) bool {
	for i := 0; i < len(s); i++ {
		if !abnf.Is(s[i], abnf.Unreserved) && s[i] != '/' {
			return false
		}
	}
	return true
}

// resolveURI is resolveLocal for any reference: by writing the file's
// file: URI and resolving the reference against it.
func resolveURI(fileRel, ref string) (local, bool) {
	if abnf.SchemeLen(ref) > 0 || strings.HasPrefix(ref, "//") {
		return local{}, false
	}
	var t local
	if k := strings.IndexByte(ref, '#'); k >= 0 {
		t.hasFrag, t.frag, t.fragAt = true, ref[k+1:], k+1
	}
	u, p, fixed, ok := resolveTarget("file://"+site.EscapePath("/"+fileRel), ref)
	if !ok {
		return local{}, false
	}
	t.dirSlash = strings.HasSuffix(p, "/") && p != "/"
	// "%2E%2E" decodes to a ".." that resolution did not see (section
	// 6.2.2.2 makes it ".." before resolving): remove dot segments again.
	t.rel = strings.TrimPrefix(path.Clean(p), "/")
	t.query = u.Query
	refPath := fixed
	if k := strings.IndexByte(refPath, '?'); k >= 0 {
		refPath = refPath[:k]
	}
	t.outside = climbs(fileRel, refPath)
	return t, true
}

// resolveTarget resolves the reference ref against base (RFC 3986
// section 5.2), ref first repaired when it is no valid reference
// (uri.Repair: "<my file.md>" is "my%20file.md") and cut at its
// fragment, which names no file. It returns the target, its path
// decoded, and ref as resolved: repaired, without fragment.
func resolveTarget(base, ref string) (target *uri.URI, decoded, fixed string, ok bool) {
	fixed = ref
	if !uri.Valid(fixed) {
		r, ok := uri.Repair(fixed)
		if !ok {
			return nil, "", "", false
		}
		fixed = r
	}
	if k := strings.IndexByte(fixed, '#'); k >= 0 {
		fixed = fixed[:k]
	}
	s, err := uri.Resolve(base, fixed)
	if err != nil {
		return nil, "", "", false
	}
	u, err := uri.Parse(s)
	if err != nil {
		return nil, "", "", false
	}
	decoded, err = uri.Unescape(u.Path)
	if err != nil {
		return nil, "", "", false
	}
	return u, decoded, fixed, true
}

// htmlBaseRef returns the href of an HTML document's base element (HTML,
// "the base element": the first with an href sets the document's base
// URL), or "".
func htmlBaseRef(src []byte) string {
	for off := 0; off < len(src); {
		k := indexFold(src[off:], "<base")
		if k < 0 {
			return ""
		}
		off += k + len("<base")
		if off >= len(src) || !isHTMLSpace(src[off]) && src[off] != '/' && src[off] != '>' {
			continue // <basefont>
		}
		end := bytes.IndexByte(src[off:], '>')
		if end < 0 {
			return ""
		}
		if href, ok := htmlAttr(src[off:off+end], "href"); ok {
			return strings.TrimSpace(href)
		}
		off += end
	}
	return ""
}

// htmlBase returns the place that the relative links of the HTML file
// rel resolve from, given its base element's href: a slash path from
// the root, ending in "/" for a folder (esdoc's API pages set "../../"
// and link "css/style.css"); rel itself when the href has a scheme, an
// authority, a query or a fragment (no place of the tree the audit
// reads), or climbs above the root.
func htmlBase(rel, href string) string {
	if href == "" || abnf.SchemeLen(href) > 0 || strings.HasPrefix(href, "//") || strings.ContainsAny(href, "?#") || climbs(rel, href) {
		return rel
	}
	target, err := uri.Resolve("file://"+site.EscapePath("/"+rel), href)
	if err != nil {
		return rel
	}
	u, err := uri.Parse(target)
	if err != nil {
		return rel
	}
	p, err := uri.Unescape(u.Path)
	if err != nil {
		return rel
	}
	b := strings.TrimPrefix(path.Clean(p), "/")
	if strings.HasSuffix(p, "/") && b != "" {
		b += "/"
	}
	if b == "" {
		return rel[strings.LastIndexByte(rel, '/')+1:] // the root: a file name there
	}
	return b
}

// indexFold is bytes.Index ignoring ASCII case; lower is lower case.
func indexFold(s []byte, lower string) int {
	for i := 0; i+len(lower) <= len(s); i++ {
		k := bytes.IndexByte(s[i:], lower[0])
		if u := bytes.IndexByte(s[i:], lower[0]-'a'+'A'); u >= 0 && (k < 0 || u < k) {
			k = u
		}
		if k < 0 {
			return -1
		}
		i += k
		if i+len(lower) <= len(s) && strings.EqualFold(string(s[i:i+len(lower)]), lower) {
			return i
		}
	}
	return -1
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// htmlAttr returns the value of the attribute name in the attributes of
// a start tag (attrs: what follows the tag name up to ">"), quoted or not.
func htmlAttr(attrs []byte, name string) (string, bool) {
	for i := 0; i < len(attrs); {
		for i < len(attrs) && (isHTMLSpace(attrs[i]) || attrs[i] == '/') {
			i++
		}
		start := i
		for i < len(attrs) && !isHTMLSpace(attrs[i]) && attrs[i] != '=' && attrs[i] != '/' {
			i++
		}
		key := attrs[start:i]
		for i < len(attrs) && isHTMLSpace(attrs[i]) {
			i++
		}
		val := ""
		if i < len(attrs) && attrs[i] == '=' {
			i++
			for i < len(attrs) && isHTMLSpace(attrs[i]) {
				i++
			}
			if i < len(attrs) && (attrs[i] == '"' || attrs[i] == '\'') {
				q := attrs[i]
				e := bytes.IndexByte(attrs[i+1:], q)
				if e < 0 {
					return "", false
				}
				val = string(attrs[i+1 : i+1+e])
				i += e + 2
			} else {
				vs := i
				for i < len(attrs) && !isHTMLSpace(attrs[i]) {
					i++
				}
				val = string(attrs[vs:i])
			}
		}
		if len(key) == 0 {
			if i == start {
				i++
			}
			continue
		}
		if strings.EqualFold(string(key), name) {
			return val, true
		}
	}
	return "", false
}

// climbs reports whether the path of a reference, merged with the path of
// the file that holds it (section 5.2.3), has a ".." that climbs above the
// root: remove_dot_segments would silently stop at the root, so the
// target would not be the file the author thought of.
func climbs(fileRel, refPath string) bool {
	if refPath == "" {
		return false
	}
	depth := 0
	// step takes the segment seg of the merged path; last: it is the
	// final one, a file's name.
	step := func(seg string, last bool) bool {
		if dec, err := uri.Unescape(seg); err == nil {
			seg = dec
		}
		switch seg {
		case ".", "":
		case "..":
			depth--
			return depth < 0
		default:
			if !last {
				depth++
			}
		}
		return false
	}
	if !strings.HasPrefix(refPath, "/") {
		// The folders of the file, as path.Dir("/"+fileRel) has them:
		// its segments but the last, when fileRel is clean.
		dir := fileRel[:max(strings.LastIndexByte(fileRel, '/'), 0)]
		if path.Clean(fileRel) != fileRel || fileRel == ".." || strings.HasPrefix(fileRel, "../") || strings.HasPrefix(fileRel, "/") {
			dir = strings.TrimPrefix(path.Dir("/"+fileRel), "/")
		}
		for rest := dir; rest != ""; {
			seg, after, _ := strings.Cut(rest, "/")
			if step(seg, false) {
				return true
			}
			rest = after
		}
	}
	rest := strings.TrimPrefix(refPath, "/")
	for {
		seg, after, more := strings.Cut(rest, "/")
		if step(seg, !more) {
			return true
		}
		if !more {
			return false
		}
		rest = after
	}
}

// fsCache answers where a path leads, reading each directory once: the
// lookup compares names exactly, so that a name whose case differs is
// found as such on a file system that ignores case too.
type fsCache struct {
	mu    sync.Mutex
	dirs  map[string]*dirList
	roots map[string]string // root -> its real path
}

type dirList struct {
	once    sync.Once
	entries map[string]entryType // name -> what it is, from the listing
	mu      sync.Mutex
	folds   map[string]string     // lowercase name -> the name, "" when several; made at the first miss
	stats   map[string]statResult // symbolic link -> what os.Stat says of its target
	reals   map[string]string     // symbolic link -> where it leads (confine.Real)
}

// entryType is what a directory's listing says an entry is.
type entryType uint8

const (
	entryFile entryType = iota // or any other entry that is no directory
	entryDir
	entryLink
)

type statResult struct{ exists, dir bool }

// stat returns what os.Stat (following symbolic links) says of the entry
// name, of type t, of the directory d: the listing says it of all but
// symbolic links, which are asked once.
func (d *dirList) stat(dir, name string, t entryType) statResult {
	switch t {
	case entryDir:
		return statResult{true, true}
	case entryFile:
		return statResult{true, false}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.stats[name]; ok {
		return r
	}
	var r statResult
	if info, err := os.Stat(filepath.Join(dir, name)); err == nil {
		r = statResult{true, info.IsDir()}
	}
	if d.stats == nil {
		d.stats = map[string]statResult{}
	}
	d.stats[name] = r
	return r
}

// real returns where the symbolic link name of the directory dir leads,
// its links resolved as far as they exist (confine.Real), asked once.
func (d *dirList) real(dir, name string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.reals[name]; ok {
		return r
	}
	r := confine.Real(filepath.Join(dir, name))
	if d.reals == nil {
		d.reals = map[string]string{}
	}
	d.reals[name] = r
	return r
}

// realRoot returns root with its symbolic links resolved, asked once.
func (c *fsCache) realRoot(root string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.roots[root]
	if !ok {
		r = confine.Real(root)
		if c.roots == nil {
			c.roots = map[string]string{}
		}
		c.roots[root] = r
	}
	return r
}

// fold returns the one name of d that differs from name only in case.
// The folded names are made the first time one is asked for: most
// lookups find their names as written.
func (d *dirList) fold(name string) (string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.folds == nil {
		d.folds = make(map[string]string, len(d.entries))
		for n := range d.entries {
			low := strings.ToLower(n)
			if _, ok := d.folds[low]; ok {
				d.folds[low] = "" // more than one
				continue
			}
			d.folds[low] = n
		}
	}
	alt := d.folds[strings.ToLower(name)]
	return alt, alt != ""
}

func newFSCache() *fsCache { return &fsCache{dirs: map[string]*dirList{}} }

func (c *fsCache) list(dir string) *dirList {
	d := entryOf(&c.mu, &c.dirs, dir)
	d.once.Do(func() {
		entries, err := os.ReadDir(dir)
		d.entries = make(map[string]entryType, len(entries))
		if err != nil {
			return
		}
		for _, e := range entries {
			t := entryFile
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				t = entryLink
			case e.IsDir():
				t = entryDir
			}
			d.entries[e.Name()] = t
		}
	})
	return d
}

// lookup is where a slash path under root leads.
type lookup struct {
	exists bool
	dir    bool
	abs    string // the file found, with the right case
	right  string // when only the case differs: rel as the file system spells it
	wrong  []string
	fixes  []string // the names of wrong, spelled right
	link   bool     // a name on the way is a symbolic link
	// outside: a name on the way is a symbolic link that leads outside
	// the root; exists is true whether or not its target exists, and
	// nothing past it was looked up.
	outside bool
}

// find looks rel up under root, name by name. Where a name is missing but
// exactly one name differs from it only in case, it goes on with that one
// and records the difference.
func (c *fsCache) find(root, rel string) lookup {
	cur := root
	var spelled []string // the names as found, once one's case differs
	var lk lookup
	last := statResult{exists: true, dir: true} // the root
	// While every name is found as written, the path so far is a part of
	// full, the root and rel joined, so that a lookup makes one string,
	// not one for each folder on the way.
	full, at := "", -1
	if root != "" && root != string(filepath.Separator) && filepath.Clean(root) == root && filepath.Separator == '/' {
		full, at = root+"/"+rel, len(root)
	}
	for rest := rel; rest != ""; {
		before := rel[:len(rel)-len(rest)] // the names looked up so far
		name, after, _ := strings.Cut(rest, "/")
		rest = after
		if name == "" || name == "." {
			at = -1
			continue
		}
		d := c.list(cur)
		t, ok := d.entries[name]
		if !ok {
			alt, ok := d.fold(name)
			if !ok {
				return lookup{}
			}
			if spelled == nil {
				spelled = namesOf(before)
			}
			lk.wrong = append(lk.wrong, name)
			lk.fixes = append(lk.fixes, alt)
			name, t = alt, d.entries[alt]
			at = -1
		}
		if spelled != nil {
			spelled = append(spelled, name)
		}
		lk.link = lk.link || t == entryLink
		if t == entryLink && !confine.Within(c.realRoot(root), d.real(cur, name)) {
			// A link out of the root: what lies beyond it, even
			// whether it exists, is not looked at, so that every
			// path through it has one answer (docs/security.md).
			return lookup{exists: true, link: true, outside: true, abs: filepath.Join(cur, name)}
		}
		last = d.stat(cur, name, t) // follows symbolic links
		if !last.exists {
			return lookup{}
		}
		if at >= 0 && name != ".." {
			at += 1 + len(name)
			cur = full[:at] // filepath.Join(cur, name)
		} else {
			at = -1
			cur = filepath.Join(cur, name)
		}
	}
	if !last.exists {
		return lookup{}
	}
	lk.exists, lk.dir, lk.abs = true, last.dir, cur
	if len(lk.wrong) > 0 {
		lk.right = strings.Join(spelled, "/")
	}
	return lk
}

// namesOf returns the names of the slash path p, as find spells them:
// without empty and "." ones.
func namesOf(p string) []string {
	names := []string{}
	for _, name := range strings.Split(p, "/") {
		if name != "" && name != "." {
			names = append(names, name)
		}
	}
	return names
}

// siteEntry is the publisher of one root, detected once, and the sites
// built from folders below it (site.Nested).
type siteEntry struct {
	once       sync.Once
	site       *site.Site
	nested     []*site.Site
	all        []*site.Site // site, then nested: sitesOf's answer
	forgeOnce  sync.Once
	forge      *site.Site
	detectErrs error
	nestedErrs []error
	builtMu    sync.Mutex
	builtPages map[string]*builtPage // by absolute path: the ids of a built page
}

// sites holds the publishers of the roots of a run.
type sites struct {
	mu sync.Mutex
	m  map[string]*siteEntry
}

func (a *auditor) siteEntry(root string) *siteEntry {
	return entryOf(&a.sites.mu, &a.sites.m, root)
}

// entryOf returns the entry of key in the map *m that mu guards, a new
// zero one when there is none yet (the map made too when nil). Each
// entry fills itself once (a sync.Once of its own), outside mu, so
// that one slow entry holds up no other.
func entryOf[K comparable, V any](mu *sync.Mutex, m *map[K]*V, key K) *V {
	mu.Lock()
	defer mu.Unlock()
	if *m == nil {
		*m = make(map[K]*V)
	}
	e := (*m)[key]
	if e == nil {
		e = new(V)
		(*m)[key] = e
	}
	return e
}

// siteOf returns how the tree at root is published (package site).
func (a *auditor) siteOf(root string) *site.Site {
	e := a.siteEntry(root)
	e.once.Do(func() {
		s, err := site.Detect(root, site.Options(a.cfg.Site))
		if s == nil { // a generator the options name is unknown
			s, _ = site.Detect(root, site.Options{Generator: "github"})
		}
		e.site, e.detectErrs = s, err
		e.nested, e.nestedErrs = site.Nested(s)
		e.all = slices.Clip(append([]*site.Site{s}, e.nested...))
		a.findBuilt(root, e.all)
	})
	return e.site
}

// siteFor returns the publisher of the file f: the site whose folder
// holds it, else that of its root. Sites below the root do not nest
// (site.Nested stops at a site's folder), so at most one holds it.
func (a *auditor) siteFor(f *File) *site.Site {
	s := a.siteOf(f.root)
	if f.abs == "" || !fileRel(f) {
		return s
	}
	for _, n := range a.siteEntry(f.root).nested {
		if n.Contains(f.rel) {
			return n
		}
	}
	return s
}

// sitesOf returns every publisher of the tree at root: its own, then
// those of the folders below it. The slice is the run's: not to be
// changed.
func (a *auditor) sitesOf(root string) []*site.Site {
	a.siteOf(root)
	return a.siteEntry(root).all
}

// forgeOf returns the forge's reading of the tree at root, for the files
// that are no pages of its site.
func (a *auditor) forgeOf(root string) *site.Site {
	s := a.siteOf(root)
	if s.Forge {
		return s
	}
	e := a.siteEntry(root)
	e.forgeOnce.Do(func() {
		name := "github"
		if s.Repo != nil && s.Repo.Host == "gitlab.com" {
			name = "gitlab"
		}
		o := site.Options(a.cfg.Site)
		o.Generator = name
		e.forge, _ = site.Detect(root, o)
	})
	return e.forge
}

// detectSites detects the publisher of each root of the files, in their
// order, and the sites of folders below it, and returns the lines that
// say what was found (a site generator, or a publisher the options
// name), and the warnings of configuration files of sites below a root
// that could not be read: those sites were found by looking, not named,
// so what is wrong with them does not fail the run.
func (a *auditor) detectSites(files []*File) (lines, warns []string) {
	seen := map[string]bool{}
	for _, f := range files {
		if f.abs == "" || seen[f.root] {
			continue
		}
		seen[f.root] = true
		s := a.siteOf(f.root)
		e := a.siteEntry(f.root)
		if e.detectErrs != nil {
			a.fail(fmt.Errorf("%s: %v", s.Evidence, e.detectErrs))
		}
		for _, err := range e.nestedErrs {
			warns = append(warns, err.Error())
		}
		if !s.Forge || a.cfg.Site.Generator != "" && a.cfg.Site.Generator != "auto" {
			lines = append(lines, s.String()) // the forge, the default, goes without saying
		}
		for _, n := range e.nested {
			lines = append(lines, n.String())
		}
	}
	return lines, warns
}

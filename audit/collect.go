package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/uri"
)

// The first stage of the pipeline: collect. It turns the paths a user
// names into the documents to read, in a deterministic order, once each:
// a file as it is, a directory walked for .md, .markdown, .mdx, .txt,
// .html and .htm files. Listing (uriextract without -check) and auditing (Run) both
// consume what collect emits, so that they read the same files the same
// way.

// skipDirs are never walked below a directory named on the command line,
// besides the hidden folders and installed dependencies that no walk
// enters (site.SkippedDir): vendored code, the template folders of site
// generators (Hugo's layouts/ and themes/, Jekyll's _includes/), whose
// HTML is no document of its own, and Go's testdata/ (which the go tool
// ignores too), whose fixtures are often broken on purpose.
var skipDirs = map[string]bool{
	"vendor": true, "layouts": true, "_includes": true, "themes": true, "testdata": true,
}

// documentExt reports whether a file met in a walk is a document.
func documentExt(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx", ".txt", ".html", ".htm":
		return true
	}
	return false
}

// maxSpecial bounds what is read from a named file or standard input that
// is not a regular file (a pipe, a device such as /dev/zero): such a file
// may never end, and no document is that long. A variable, so that tests
// can make it small.
var maxSpecial = 64 << 20

// errTooLong is the cause of the error for an input past maxSpecial.
var errTooLong = site.ErrTooLong

// readFile reads the file name, up to maxSpecial bytes unless it is a
// regular file (package site's reader, which the publisher models read with too).
func readFile(name string) ([]byte, error) { return site.ReadFile(name, maxSpecial) }

// collector walks the inputs of one run.
type collector struct {
	a     *auditor
	emit  func(*File)
	seen  map[string]bool     // real paths already emitted
	trees map[string]*gitTree // by top directory
	// testInput says the file add is given next was walked in a folder
	// of tests below the directory named.
	testInput bool
}

// collect emits the files that paths name ("-" is Config.Stdin), each
// once, in order. An input that cannot be read or walked is emitted as a
// File that holds only its error (or, for one skipped on purpose, only a
// warning), so that a consumer reports it where it comes.
func (a *auditor) collect(paths []string, emit func(*File)) {
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	c := &collector{a: a, emit: emit, seen: map[string]bool{}, trees: map[string]*gitTree{}}
	for _, p := range paths {
		if p == "-" {
			c.stdin()
			continue
		}
		c.path(p)
	}
}

// fail emits an input that could not be read.
func (c *collector) fail(name string, err error) {
	c.emit(&File{Name: name, failed: true, rare: &fileRare{errs: []error{err}}})
}

// warn emits an input that was skipped on purpose, with why.
func (c *collector) warn(name, msg string) {
	c.emit(&File{Name: name, failed: true, rare: &fileRare{warns: []string{msg}}})
}

// stdin reads standard input and emits it. Its format comes from its
// content: Markdown when it holds Markdown link syntax, else plain text.
func (c *collector) stdin() {
	f := &File{Name: StdinName}
	if c.a.cfg.Stdin == nil {
		f.Src = []byte{}
	} else {
		src, err := readAll(c.a.cfg.Stdin, StdinName)
		if err != nil {
			c.fail(StdinName, err)
			return
		}
		f.Src = src
	}
	f.kind = kindText
	if hasMarkdownLinks(f.Src) {
		f.kind = kindMarkdown
	}
	f.kind = c.a.forced(f.kind)
	c.emit(f)
}

// forced returns the kind that Config.Format imposes, or k.
func (a *auditor) forced(k kind) kind {
	switch a.cfg.Format {
	case "text":
		return kindText
	case "markdown":
		return kindMarkdown
	case "html":
		return kindHTML
	}
	return k
}

// add emits the file name (absolute abs), unless its real path was
// emitted before: a file reached through symbolic links or named twice is
// read once.
func (c *collector) add(name, abs, real, root string, walked bool) {
	if real == "" {
		real = abs
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			real = r
		}
	}
	key := real
	if c.linkedPage(abs, real, root) {
		// A site publishes this link to a file of another folder as a
		// page of its own, where the relative links lead elsewhere:
		// read apart from the file it leads to, once per folder.
		key += "\x00" + filepath.Dir(abs)
	}
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	f := &File{Name: name, abs: abs, root: root, kind: c.a.forced(kindOf(name)), walked: walked, testInput: walked && c.testInput}
	if real != abs {
		f.rare = &fileRare{real: real}
	}
	c.emit(f)
}

// linkedPage reports whether abs, a symbolic link to the file real in
// another folder, is a page of its own of a site of the tree at root
// (site.LinkedPage).
func (c *collector) linkedPage(abs, real, root string) bool {
	if real == abs || filepath.Dir(abs) == filepath.Dir(real) {
		return false
	}
	f := &File{abs: abs, root: root}
	if !fileRel(f) {
		return false
	}
	for _, s := range c.a.sitesOf(root) {
		if s.Contains(f.rel) {
			return s.LinkedPage(f.rel)
		}
	}
	return false
}

// path emits the file or the documents of the directory p.
func (c *collector) path(p string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		c.fail(p, err)
		return
	}
	// Before anything is asked of where p leads: whether it exists there
	// is none of the tree's business when a link takes it outside.
	if c.linkedOutside(p, abs) {
		return
	}
	info, err := os.Stat(p)
	if err != nil {
		c.fail(p, statError(p, err))
		return
	}
	dir := abs
	if !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	top := confine.GitTop(dir)
	root := c.a.cfg.Root
	switch {
	case root != "":
		if root, err = filepath.Abs(root); err != nil {
			c.fail(c.a.cfg.Root, err)
			return
		}
		if info, err := os.Stat(root); err != nil || !info.IsDir() {
			c.fail(c.a.cfg.Root, errorf(c.a.cfg.Root, "the root is not a directory"))
			return
		}
	case top != "":
		root = top
	default:
		root = dir
	}
	if !info.IsDir() {
		// A file named matches Config.Exclude as a walked one does:
		// pre-commit names each file changed.
		if !c.a.excluded(root, abs) {
			c.add(p, abs, "", root, false)
		}
		return
	}
	// The real path of each file met is the real path of the directory
	// walked and the path below it, but for a symbolic link.
	realP := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		realP = r
	}
	realRoot := c.a.realRoot(root)
	var tree *gitTree
	if top != "" {
		if tree = c.trees[top]; tree == nil {
			tree = newGitTree(top)
			c.trees[top] = tree
		}
	}
	found := 0
	// fabs returns the absolute path of name, met in the walk of p.
	fabs := func(name string) string {
		if rel, err := filepath.Rel(p, name); err == nil {
			return filepath.Join(abs, rel)
		}
		return abs
	}
	var fa string // the absolute path of the entry that skip was last asked of
	skip := func(name string, d fs.DirEntry) bool {
		if d.IsDir() && skipDirs[d.Name()] {
			return true
		}
		fa = fabs(name)
		return c.a.excluded(root, fa) || tree != nil && tree.ignored(fa, d.IsDir())
	}
	err = site.WalkFiles(p, skip, func(name string, d fs.DirEntry) {
		if !documentExt(name) {
			return
		}
		if name == p {
			fa = abs // p itself is walked as a file: skip was not asked
		}
		mode := d.Type()
		real := ""
		if mode&fs.ModeSymlink == 0 {
			if realP == abs {
				real = fa // one string for both, as for most files
			} else if rel, err := filepath.Rel(p, name); err == nil {
				real = filepath.Join(realP, rel)
			}
		} else {
			// A link that leads outside both the root and the folder
			// walked is not read ("docs/env.txt -> /proc/self/environ"),
			// whether or not its target exists.
			if real = confine.Real(fa); !within(realRoot, real) && !within(realP, real) {
				c.warn(name, fmt.Sprintf("%s: leads through a symbolic link outside the root %q: not read", name, c.a.showRoot(root)))
				return
			}
			info, err := os.Stat(name)
			if err != nil {
				c.fail(name, statError(name, err))
				return
			}
			mode = info.Mode().Type()
		}
		if !mode.IsRegular() {
			// A named pipe would block the read, a device might never
			// end it.
			c.warn(name, fmt.Sprintf("%s: is not a regular file (%s): skipped", name, confine.ModeName(mode)))
			return
		}
		found++
		// Below the directory named, a folder of tests holds their
		// inputs; the directory named may be one ("-check testdata/docs").
		c.testInput = site.InTestFolder(filepath.ToSlash(strings.TrimPrefix(strings.TrimPrefix(name, p), string(filepath.Separator))))
		c.add(name, fa, real, root, true)
	}, c.fail)
	if err == nil {
		found += c.unwalked(p, abs, root, realRoot, tree)
	}
	if err != nil {
		c.fail(p, err)
	} else if found == 0 {
		c.fail(p, errorf(p, "found no documents (.md, .markdown, .txt, .html or .htm files)"))
	}
}

// unwalked emits the files below the directory p (absolute abs) that
// the walk does not enter but a site renders on its pages
// (site.Site.UnwalkedPartials: MkDocs snippets kept in a hidden folder),
// as the walk would have, and returns how many.
func (c *collector) unwalked(p, abs, root, realRoot string, tree *gitTree) int {
	n := 0
	for _, s := range c.a.sitesOf(root) {
		for _, rel := range s.UnwalkedPartials() {
			fa := filepath.Join(root, filepath.FromSlash(rel))
			below, err := filepath.Rel(abs, fa)
			if err != nil || !filepath.IsLocal(below) || c.a.excluded(root, fa) || tree != nil && tree.ignored(fa, false) {
				continue
			}
			real := confine.Real(fa)
			if !within(realRoot, real) {
				continue
			}
			if info, err := os.Stat(fa); err != nil || !info.Mode().IsRegular() {
				continue
			}
			c.testInput = false
			c.add(filepath.Join(p, below), fa, real, root, true)
			n++
		}
	}
	return n
}

// linkedOutside reports, and emits as a failure, a named path p (absolute
// abs) that the tree's symbolic links lead outside its root: one that
// lies under the root as named ("docs/env.txt", "docs/etc/passwd") but
// not once the links are resolved, whether or not the outside target
// exists, so that the answer tells nothing of the outside. The root is
// the one the path is audited under (-root, else the top of its git work
// tree, else its folder); a path named outside the root (-root docs
// README.md) is the user's to name.
func (c *collector) linkedOutside(p, abs string) bool {
	dir := abs
	if info, err := os.Lstat(abs); err != nil || !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	root := c.a.cfg.Root
	if root != "" {
		var err error
		if root, err = filepath.Abs(root); err != nil {
			return false // path says why
		}
	} else if root = confine.GitTop(dir); root == "" {
		root = dir
	}
	if !within(root, abs) || within(c.a.realRoot(root), confine.Real(abs)) {
		return false
	}
	c.fail(p, errorf(p, "leads through a symbolic link outside the root %q: not read", c.a.showRoot(root)))
	return true
}

// statError explains why name could not be read: a symbolic link whose
// target does not exist says so and names the target.
func statError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(name); lerr == nil {
			return errorf(name, "broken symbolic link to %q", target)
		}
	}
	return err
}

// excluded reports whether the file or directory abs matches a pattern
// of Config.Exclude.
func (a *auditor) excluded(root, abs string) bool {
	if len(a.cfg.Exclude) == 0 {
		return false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = abs
	}
	rel = filepath.ToSlash(rel)
	for _, pat := range a.cfg.Exclude {
		if !strings.Contains(pat, "/") {
			for elem := range strings.SplitSeq(rel, "/") {
				if ok, _ := path.Match(pat, elem); ok {
					return true
				}
			}
			continue
		}
		pat = strings.TrimSuffix(pat, "/")
		for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			if ok, _ := path.Match(pat, p); ok {
				return true
			}
		}
	}
	return false
}

// readAll reads r, named name in errors, up to maxSpecial bytes unless it
// is a regular file.
func readAll(r io.Reader, name string) ([]byte, error) {
	if f, ok := r.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			src, err := io.ReadAll(f)
			if err != nil {
				return nil, errorf(name, "%v", err)
			}
			return src, nil
		}
	}
	src, err := io.ReadAll(io.LimitReader(r, int64(maxSpecial)+1))
	if err != nil {
		return nil, errorf(name, "%v", err)
	}
	if len(src) > maxSpecial {
		return nil, fmt.Errorf("%s: %w (%d MiB): not read", name, errTooLong, maxSpecial>>20)
	}
	return src, nil
}

// readSource reads the file name with readFile, naming the limit of a
// file that is not regular the way readAll does; with large, a large
// file may be read outside the Go heap (site.ReadLarge), and free, when
// not nil, gives it back.
func readSource(name string, large bool) (src []byte, free func(), err error) {
	if large {
		src, free, err = site.ReadLarge(name, maxSpecial)
	} else {
		src, err = readFile(name)
	}
	if errors.Is(err, errTooLong) {
		return nil, nil, fmt.Errorf("%s: %w (%d MiB): not read", name, errTooLong, maxSpecial>>20)
	}
	return src, free, err
}

// binarySample is how much of a file binary looks at.
const binarySample = 8 << 10

// binary reports whether src looks like a binary file rather than text,
// by the share of control bytes in its first 8 KiB: more than 1 in 50
// control bytes that text does not use (all of C0 and DEL but NUL, tab,
// line feed, vertical tab, form feed, carriage return, backspace and
// escape), or more than 3 in 10 NULs (UTF-32 text, sparse data). One NUL
// does not make a binary file: old texts were padded with NULs after each
// line break for the teletypes, and an overstrike (backspace) or an ANSI
// colour (escape) is text too. UTF-16 text with a byte order mark is text
// (see decodeUTF16).
func binary(src []byte) bool {
	if utf16BOM(src) != nil {
		return false
	}
	sample := src[:min(len(src), binarySample)]
	if len(sample) == 0 {
		return false
	}
	var n [3]int // by byteClass
	for _, c := range sample {
		n[byteClass[c]]++
	}
	nul, other := n[classNUL], n[classControl]
	return other*50 > len(sample) || nul*10 > len(sample)*3
}

// The classes of bytes that binary counts, in a table: a look-up a byte,
// not a chain of comparisons.
const (
	classText    = iota
	classNUL     // 0
	classControl // a control character that text does not hold
)

var byteClass = func() (t [256]uint8) {
	for c := range 0x20 {
		t[c] = classControl
	}
	t[0x7f] = classControl
	for _, c := range []byte("\t\n\v\f\r\b\x1b") {
		t[c] = classText
	}
	t[0] = classNUL
	return t
}()

// utf16BOM returns the byte order of src when it starts with a UTF-16
// byte order mark (and is no UTF-32 one), else nil.
func utf16BOM(src []byte) func([]byte) uint16 {
	if len(src) < 2 || len(src)%2 != 0 {
		return nil
	}
	switch {
	case src[0] == 0xff && src[1] == 0xfe:
		if len(src) >= 4 && src[2] == 0 && src[3] == 0 {
			return nil // UTF-32LE
		}
		return func(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }
	case src[0] == 0xfe && src[1] == 0xff:
		return func(b []byte) uint16 { return uint16(b[0])<<8 | uint16(b[1]) }
	}
	return nil
}

// decodeUTF16 returns src decoded from UTF-16 to UTF-8, without its byte
// order mark, when it is UTF-16 with one; ok is false otherwise. Unpaired
// surrogates become U+FFFD, as in any UTF-16 decoder.
func decodeUTF16(src []byte) (out []byte, ok bool) {
	unit := utf16BOM(src)
	if unit == nil {
		return nil, false
	}
	units := make([]uint16, 0, len(src)/2-1)
	for i := 2; i+1 < len(src); i += 2 {
		units = append(units, unit(src[i:]))
	}
	var b bytes.Buffer
	b.Grow(len(units))
	for _, r := range utf16.Decode(units) {
		b.WriteRune(r)
	}
	return b.Bytes(), true
}

// AbsPath returns the absolute path of the file, or "" for standard
// input.
func (f *File) AbsPath() string { return f.abs }

// fixable returns why the fixes of f cannot be written, or nil: standard
// input has no file; a file whose real path, after its symbolic links,
// is outside its root is not the root's to change (a link inside the root
// to a file inside it is written through); a file decoded from UTF-16 has
// fixes at offsets of its decoded text.
func (f *File) fixable() error {
	switch {
	case f.abs == "":
		return errorf(f.Name, "not fixed: standard input is no file")
	case f.Src == nil:
		return errorf(f.Name, "not fixed: its source was not kept (Config.DropSource)")
	case f.decoded:
		return errorf(f.Name, "not fixed: the file is UTF-16, and fixes are made in UTF-8")
	}
	root := f.root
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	real := f.abs
	if f.rare != nil && f.rare.real != "" {
		real = f.rare.real
	}
	if !within(root, real) {
		return errorf(f.Name, "not fixed: it is a symbolic link to %q, outside the root %q", real, root)
	}
	return nil
}

// within reports whether the clean path p is dir or below it.
func within(dir, p string) bool {
	if !strings.HasPrefix(p, dir) {
		return false
	}
	return len(p) == len(dir) || p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator))
}

// inRoot reports whether the path abs, under root as named, is under the
// root once symbolic links are resolved: a link in the tree to a
// directory outside it ("d -> /outside", "up -> ..") leads outside.
func (a *auditor) inRoot(root, abs string) bool {
	real, ok := a.realPath(abs)
	return ok && within(a.realRoot(root), real)
}

// realPath returns abs with its symbolic links resolved, asking the file
// system once per directory and once per file: many links lead to one
// file, and many files share a directory.
func (a *auditor) realPath(abs string) (string, bool) {
	if v, ok := a.reals.Load(abs); ok {
		r := v.(string)
		return r, r != ""
	}
	real := ""
	dir, base := filepath.Split(abs)
	dir = filepath.Clean(dir)
	switch {
	case base == "" || dir == abs:
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			real = r
		}
	default:
		if rd, ok := a.realPath(dir); ok {
			real = filepath.Join(rd, base)
			if info, err := os.Lstat(real); err != nil {
				real = ""
			} else if info.Mode()&fs.ModeSymlink != 0 {
				if r, err := filepath.EvalSymlinks(real); err == nil {
					real = r
				} else {
					real = ""
				}
			}
		}
	}
	a.reals.Store(abs, real)
	return real, real != ""
}

// realRoot returns root with its symbolic links resolved, once per root.
func (a *auditor) realRoot(root string) string {
	a.rootsMu.Lock()
	defer a.rootsMu.Unlock()
	if r, ok := a.roots[root]; ok {
		return r
	}
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		r = root
	}
	if a.roots == nil {
		a.roots = map[string]string{}
	}
	a.roots[root] = r
	return r
}

// resolved is where a reference leads from one directory: what
// resolveLocal, fsCache.find and the root test say of it.
type resolved struct {
	t      local
	lk     lookup
	inside bool // lk, when it exists, is under the root once links are resolved
	ok     bool // resolveLocal resolved the reference
}

// resolveKey names the path and query of a reference written in one
// directory under one root; dir is empty for a path from the root ("/"),
// which leads to one place from every directory.
type resolveKey struct{ root, dir, ref string }

// memoGen is a generation of resolve's memo: the answers in one slice,
// which the map indexes. A map's value of more than 128 bytes, as a
// resolved is, is a heap object of its own: one for every reference.
type memoGen struct {
	at   map[resolveKey]int32
	vals []resolved
}

// get returns the answer for k, if g has it.
func (g *memoGen) get(k resolveKey) (resolved, bool) {
	i, ok := g.at[k]
	if !ok {
		return resolved{}, false
	}
	return g.vals[i], true
}

// maxMemo bounds the references that resolve remembers, in each of its
// two generations.
const maxMemo = 1 << 12

// resolve returns where the reference ref of f leads, asking once for
// each directory and reference: many files of a directory link to the
// same targets, and resolving again took a quarter of an audit's time.
// The fragment names no file, so references that differ only in it share
// an answer. A reference that is empty or starts with "?" or "#" leads to
// its own file and is resolved each time.
func (a *auditor) resolve(f *File, ref string) (resolved, bool) {
	rel := f.rel
	if f.rare != nil && f.rare.baseRef != "" && ref != f.rare.baseRef {
		if f.rare.base == "" {
			f.rare.base = htmlBase(f.rel, f.rare.baseRef)
		}
		rel = f.rare.base // an HTML <base href>; the href itself resolves from the page
	}
	compute := func(ref string) (resolved, bool) {
		from := rel
		if ref == "" || ref[0] == '?' || ref[0] == '#' {
			from = f.rel // the document itself, as the audit reads it
		}
		t, ok := resolveLocal(from, ref)
		if !ok {
			return resolved{}, false
		}
		r := resolved{t: t, ok: true}
		if !t.outside {
			r.lk = a.fs.find(f.root, t.rel)
			// Only a symbolic link on the way can lead outside.
			r.inside = !r.lk.exists || !r.lk.link || !r.lk.outside && a.inRoot(f.root, r.lk.abs)
		}
		return r, true
	}
	p, _, hasFrag := strings.Cut(ref, "#")
	// A reference resolves as its path and query do when its fragment is
	// valid on its own (RFC 3986 section 4.2: the fragment is a part of
	// its own); one that is not is repaired whole (resolveLocal).
	if p == "" || p[0] == '?' || hasFrag && !uri.Valid(ref[len(p):]) {
		return compute(ref)
	}
	dir := rel[:strings.LastIndexByte(rel, '/')+1]
	if p[0] == '/' {
		dir = ""
	}
	k := resolveKey{f.root, dir, p}
	a.memoMu.RLock()
	r, hit := a.memo.get(k)
	if !hit {
		r, hit = a.memoOld.get(k)
	}
	a.memoMu.RUnlock()
	if !hit {
		r, _ = compute(p)
		// The memo is bounded, and keeps what was resolved last: the
		// files of a directory, checked one after another, share their
		// references; a tree of distinct references gains nothing from
		// keeping them all.
		a.memoMu.Lock()
		if len(a.memo.vals) >= maxMemo {
			// The older generation's room takes the new one: a
			// generation of a tree's references is a megabyte, made
			// again and again.
			a.memoOld, a.memo = a.memo, a.memoOld
			clear(a.memo.at)
			clear(a.memo.vals)
			a.memo.vals = a.memo.vals[:0]
		}
		if a.memo.at == nil {
			a.memo = memoGen{at: make(map[resolveKey]int32, maxMemo), vals: make([]resolved, 0, maxMemo)}
		}
		a.memo.at[k] = int32(len(a.memo.vals))
		a.memo.vals = append(a.memo.vals, r)
		a.memoMu.Unlock()
	}
	if hasFrag && r.ok {
		r.t.hasFrag, r.t.frag, r.t.fragAt = true, ref[len(p)+1:], len(p)+1
	}
	return r, r.ok
}

// hasMarkdownLinks reports whether src holds Markdown link syntax: an
// inline link or image ("[text](dest)", "![alt](src)") or a link reference
// definition at the start of a line ("[label]: dest"). Standard input,
// whose format is unknown, is read as Markdown when it does.
func hasMarkdownLinks(src []byte) bool {
	open := -1  // the last "[" of the line, or -1
	first := -1 // the "[" that starts the line, or -1
	bol, spaces := true, 0
	for i, c := range src {
		switch {
		case c == '\n':
			open, first, bol, spaces = -1, -1, true, 0
			continue
		case c == '[':
			if bol {
				first = i
			}
			open = i
		case c == ']' && open >= 0 && i+2 < len(src) && src[i+1] == '(' && !isSpaceByte(src[i+2]) && src[i+2] != ')':
			return true
		case c == ']' && first >= 0 && i > first+1 && i+1 < len(src) && src[i+1] == ':':
			return true
		}
		if c == ' ' && bol && spaces < 3 {
			spaces++
		} else {
			bol = false
		}
	}
	return false
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

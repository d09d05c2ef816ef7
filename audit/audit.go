package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"maps"
	"math"
	"math/bits"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/edit"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/internal/textpos"
	"github.com/urilint/urilint/uri"
)

// StdinName names standard input in findings.
const StdinName = "<stdin>"

// Config says what to audit and how.
type Config struct {
	// Enable and Disable name categories (docs/checks.md) to report
	// besides the defaults of documents and not to report, as the
	// -enable and -disable flags do; Disable wins. An unknown name is an
	// error: Check and List return it, Run reports it in Result.Errors
	// and reads nothing.
	Enable, Disable []string
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals.
	AllowZone bool
	// Extractor holds the extraction options; nil means the defaults.
	Extractor *extract.Extractor
	// Format, "text", "markdown" or "html", reads every input in that
	// format whatever its extension; empty or "auto" goes by the
	// extension, and for standard input by its content (Markdown when it
	// holds Markdown link syntax).
	Format string
	// Root is the directory that a path beginning with "/" starts from
	// and that ".." may not climb out of. Empty: the top of the git work
	// tree that holds the input, else the directory given (or the
	// directory of the file given).
	Root string
	// Exclude holds path patterns (path.Match syntax) of files and
	// directories not to walk: a pattern without "/" is matched against
	// each name in the path, one with "/" against the path relative to
	// the root and each of its parent directories.
	Exclude []string
	// Stdin is read for the input "-".
	Stdin io.Reader
	// Jobs is how many files are parsed and checked at once; 0 means
	// GOMAXPROCS.
	Jobs int
	// Remote, when not nil, checks links over the network (package
	// audit/remote): it is called once, with the distinct absolute http
	// and https URIs of the documents (not templates, not those of the
	// ignore file). A URI it has no verdict for gets no finding.
	Remote RemoteChecker
	// Context, when not nil, ends the remote checks early (an interrupt).
	Context context.Context
	// Emit, when not nil, receives each file's findings in file order as
	// soon as they are known, and Result.Findings stays empty (Result
	// counts them): output streams, and memory does not grow with the
	// findings.
	Emit func(f *File, findings []Finding)
	// DropSource drops the source of each file after its parse (what the
	// site checks read of it, link templates and code spans, is taken
	// then), so that the audit keeps only a compact record of its links
	// and its anchors; Check has no source to fix then.
	DropSource bool
	// Site holds the explicit mappings of how the tree is published (the
	// configuration's "site:" section); the zero value detects it.
	Site Site
	// Built is the folder of the site's build output that the user
	// names (-built): unlike Site.Built, which the repository's own
	// configuration names, it may be outside the root.
	Built string
}

// Site holds the explicit mappings of a tree, for what detection does not
// know: the "site:" section of the configuration file, key for key
// (docs/configuration.md). The zero value detects everything.
type Site struct {
	// Generator forces a publisher by name ("hugo", "github", "none"...);
	// "" or "auto" detects it.
	Generator string
	// Repository is the forge repository the tree is, "github.com/o/r";
	// "" asks git for its remotes.
	Repository string
	// BaseURLs are the URLs the tree is published at: a link under one
	// is checked against the files, not fetched.
	BaseURLs []string
	// Mounts map URL path prefixes to folders of the tree
	// ("/" -> "public/"); they are served as they are.
	Mounts map[string]string
	// Extensions rewrite the extension of a URL path to that of a
	// source file (".html" -> ".md").
	Extensions map[string]string
	// Index names the files that serve a folder's URL, in order.
	Index []string
	// Redirects names redirect files (Netlify "_redirects" syntax).
	Redirects []string
	// Built is the folder of the site's build output, a slash path from
	// the audited root: its HTML is the truth of what pages and ids the
	// site has. "" looks for the generator's default output folder.
	Built string
}

// Finding is one problem found in a document.
type Finding struct {
	File     string // as named or walked
	Pos      extract.Position
	Category uri.Category
	Message  string
	// URI is the reference as written, with its password shown as "***".
	URI string
	// Fix holds the edits of the source file that fix the finding, sorted
	// and not overlapping, or nil.
	Fix []Edit
	// Verdict is empty for a finding that fails the run; VerdictUnconfirmed
	// or VerdictUnchecked for one of the remote checks that is shown in
	// every format but not counted (Result.Count) and fails nothing.
	Verdict string

	col int // Pos.Column counted in characters
}

// CharColumn returns the column of f counted in Unicode characters, as
// SARIF's "unicodeCodePoints" columns are.
func (f *Finding) CharColumn() int { return f.col }

// Edit replaces bytes Start to End of a file's source with New. It is
// the edit of internal/edit, which every fixer of this module applies and
// shows as a diff.
type Edit = edit.Edit

// Result is what Run found.
type Result struct {
	Files    []*File
	Findings []Finding
	// Errors holds the inputs that could not be read or walked and the
	// ignore files and directives that could not be understood; the rest
	// was audited all the same.
	Errors []error
	// Warnings tell what was done differently from what was asked, such
	// as a Markdown file read as plain text; they are no errors.
	Warnings []string
	// Sites says, one line per root published by a site generator (or
	// by the publisher Config.Site names) and one per site built from a
	// folder below a root, how the tree is published ("site: hugo
	// (hugo.toml), 120 pages, static/ at /", "site docs/: mkdocs
	// (docs/mkdocs.yml), ...").
	Sites []string
	// Fixed counts the findings that the fixes of Check settle.
	Fixed int

	counts map[uri.Category]int // by category, when Config.Emit streamed them
	total  int
	// unconfirmed and unchecked count the findings with a Verdict, when
	// Config.Emit streamed them; counts and total leave them out.
	unconfirmed, unchecked int
}

// Count returns how many findings there are, streamed or kept, but
// those with a Verdict (unconfirmed, unchecked), which fail nothing.
func (r *Result) Count() int {
	if r.counts != nil {
		return r.total
	}
	n := 0
	for i := range r.Findings {
		if r.Findings[i].Verdict == "" {
			n++
		}
	}
	return n
}

// ByCategory returns how many findings of each category there are,
// streamed or kept, but those with a Verdict, as Count counts them. The
// map is the caller's.
func (r *Result) ByCategory() map[uri.Category]int {
	if r.counts != nil {
		return maps.Clone(r.counts)
	}
	count := map[uri.Category]int{}
	for i := range r.Findings {
		if f := &r.Findings[i]; f.Verdict == "" {
			count[f.Category]++
		}
	}
	return count
}

// Tentative returns how many findings are unconfirmed and unchecked.
func (r *Result) Tentative() (unconfirmed, unchecked int) {
	if r.counts != nil {
		return r.unconfirmed, r.unchecked
	}
	for i := range r.Findings {
		switch r.Findings[i].Verdict {
		case VerdictUnconfirmed:
			unconfirmed++
		case VerdictUnchecked:
			unchecked++
		}
	}
	return unconfirmed, unchecked
}

// Links returns how many links the audited files hold.
func (r *Result) Links() int {
	n := 0
	for _, f := range r.Files {
		n += int(f.links)
	}
	return n
}

// File is one audited document.
type File struct {
	Name string // as named or walked
	Src  []byte

	abs  string // absolute path; empty for standard input
	root string // absolute root directory
	// walked: met in a walk, not named; failed: an input that could not be
	// read or was skipped, which holds only errs or warns; decoded: Src
	// is decoded from UTF-16, so offsets are not those of the file.
	walked, failed, decoded bool
	kind                    kind
	parsed                  bool // compact kept what the check needs
	// rawDropped: the publisher renders none of the page's raw HTML
	// (site.Site.RawHTMLDropped), so its links are none of the page's.
	rawDropped bool
	// testInput: walked in a folder of tests or of their inputs below
	// the directory named ("tests/", "fixtures/"; site.InTestFolder).
	testInput bool
	links     int32        // how many
	rel       string       // slash path from the root, once known
	doc       *extract.Doc // the parse, until compact

	// What compact keeps of the parse for the check (see linkRec).
	recs []linkRec
	uris string    // the URIs of recs, one after another
	rare *fileRare // nil for most files
}

// fileRare holds what compact keeps of few files: a File of a large tree
// is smaller without room for them.
type fileRare struct {
	sil     *silencer  // the directives and their errors; nil when there are none
	real    string     // abs with every symbolic link resolved, when that differs
	errs    []error    // of reading and of directives
	warns   []string   // of reading, which are no errors
	plain   error      // extract.Doc.Plain
	odd     []oddLink  // the links that linkRecs cannot hold
	code    [][2]int   // what the publisher shows as code (site.Site.CodeRanges)
	tmpls   []tmplLink // the generator's link templates (checkTemplates)
	baseRef string     // an HTML <base href>, as written
	base    string     // where baseRef leads, a slash path from the root its relative links resolve from ("" until resolve needs it)
	free    func()     // gives back Src's memory, when it is outside the heap
	// built is the file's page in the site's build, read once while
	// the file is checked (see asBuilt).
	built *ownBuilt
	// views are the file as each page that includes its text renders
	// it, by the page's path, made once for all its links
	// (checkIncluded).
	views map[string]*File
	// unusedDefs are the offsets of the reference definitions that no
	// link of the file uses (unusedDefinitions), in order.
	unusedDefs []int32
}

// more returns f.rare, made when f has none.
func (f *File) more() *fileRare {
	if f.rare == nil {
		f.rare = &fileRare{}
	}
	return f.rare
}

// silencer returns the directives of f, nil when there are none.
func (f *File) silencer() *silencer {
	if f.rare == nil {
		return nil
	}
	return f.rare.sil
}

// addErr records an error of f.
func (f *File) addErr(err error) {
	m := f.more()
	m.errs = append(m.errs, err)
}

// errors returns the errors of f not yet reported.
func (f *File) errors() []error {
	if f.rare == nil {
		return nil
	}
	return f.rare.errs
}

// warnings returns the warnings of f.
func (f *File) warnings() []string {
	if f.rare == nil {
		return nil
	}
	return f.rare.warns
}

// plain returns why f was read as plain text, or nil.
func (f *File) plain() error {
	if f.rare == nil {
		return nil
	}
	return f.rare.plain
}

// kind is how a document is read.
type kind uint8

const (
	kindText kind = iota
	kindMarkdown
	kindHTML
)

// kindOf returns the kind of a file by its extension.
func kindOf(name string) kind {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		// MDX is Markdown with JSX and ES module lines: goldmark reads
		// the JSX elements as HTML blocks and the import and export
		// lines as text without links, and the Markdown between them
		// as Markdown.
		return kindMarkdown
	case ".html", ".htm":
		return kindHTML
	}
	return kindText
}

// auditor holds what the checks of one run share.
type auditor struct {
	cfg    Config
	pol    *policy.Policy
	polErr error // of Config.Enable and Disable: nothing is read
	ex     *extract.Extractor
	// exs are ex told each set of template languages (extractorFor).
	exs    [extract.HugoShortcodes | extract.Liquid + 1]*extract.Extractor
	fs     *fsCache
	index  *targetIndex
	ignore *urlIgnores
	remote map[string]RemoteVerdict
	sites  sites
	errs   []error

	rootsMu sync.Mutex
	roots   map[string]string // root -> its real path
	reals   sync.Map          // absolute path -> real path ("" when it does not resolve)
	// githubIDs: every publisher of the run's roots gives headings the
	// GitHub slugs that package extract computes, so the texts of
	// headings need not be kept (Run).
	githubIDs bool
	// sited: pages are parsed as their sites read them (extractorFor),
	// in a check; a listing knows no site.
	sited   bool
	memoMu  sync.RWMutex
	memo    memoGen // see resolve
	memoOld memoGen

	gitMu    sync.Mutex
	gitTrees map[string]*gitTree // by work tree top: what git ignores (see builtOutput)
	// servedUnder holds, by site (*site.Site), the URL path its build's
	// home page says the site is served under ("/project"), when it is
	// not "/" (see builtFile).
	servedUnder sync.Map
	// builtWhen holds, by site, when its build was made (time.Time):
	// the modification time of the build's home page.
	builtWhen sync.Map
}

// fail records an error of the sequential parts of a run.
func (a *auditor) fail(err error) { a.errs = append(a.errs, err) }

// policy returns the categories that cfg selects.
func (cfg *Config) policy() (*policy.Policy, error) {
	return policy.New(policy.Config{Front: policy.Documents, Enable: cfg.Enable, Disable: cfg.Disable, AllowZone: cfg.AllowZone})
}

// newAuditor returns the auditor of one run of cfg.
func newAuditor(cfg Config) *auditor {
	a := &auditor{cfg: cfg, ex: cfg.Extractor, fs: newFSCache()}
	a.pol, a.polErr = cfg.policy()
	if a.ex == nil {
		a.ex = &extract.Extractor{}
	}
	for t := range a.exs {
		ex := *a.ex
		ex.Templates |= extract.Templates(t)
		a.exs[t] = &ex
	}
	a.index = newTargetIndex(a)
	a.ignore = newURLIgnores(a)
	return a
}

// List is the pipeline without its check: it collects the documents that
// paths name ("-" is Config.Stdin) as Run does, reads and parses each in
// turn, and calls fn with each file and its links (a Markdown document's
// in batches, as its parts are parsed: a large one's are never all held
// at once), then with its errors and warnings, if any. A file with none
// of these (a template, not a document) is not passed. The file is not
// kept after fn returns, so a listing streams; nor is the slice links,
// whose array the next batch reuses (its strings fn may keep). Errors
// that fn returns stop the listing.
func List(cfg Config, paths []string, fn func(f *File, links []extract.Link, errs []error, warns []string) error) error {
	a := newAuditor(cfg)
	if a.polErr != nil {
		return a.polErr
	}
	var stop error
	a.collect(paths, func(f *File) {
		if stop != nil {
			return
		}
		defer f.dropSource()
		// A Markdown document's links are handed on as its parts are
		// parsed, so that a large one's are never all held at once.
		a.parseInto(f, nil, func(links []extract.Link) {
			if stop == nil {
				stop = fn(f, links, nil, nil)
			}
		})
		if stop != nil {
			return
		}
		var links []extract.Link
		if f.doc != nil {
			links = f.doc.Links
		}
		errs, warns := f.errors(), f.warnings()
		if len(links) > 0 || len(errs) > 0 || len(warns) > 0 {
			stop = fn(f, links, errs, warns)
		}
	})
	return stop
}

// Run audits the named files and directories ("-" is Config.Stdin).
func Run(cfg Config, paths []string) *Result {
	a := newAuditor(cfg)
	if a.polErr != nil {
		return &Result{Errors: []error{a.polErr}}
	}
	var files []*File
	a.collect(paths, func(f *File) { files = append(files, f) })
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	// Read and parse every file, then check them: a link's target may be
	// any file of the set.
	// Errors are kept by file, to be reported in the files' order.
	// Reading waits on the file system more than parsing works the CPU:
	// more goroutines than processors keep both busy.
	a.githubIDs, a.sited = true, true
	roots := map[string]bool{}
	for _, f := range files {
		if f.abs == "" || roots[f.root] {
			continue
		}
		roots[f.root] = true
		// A site below the root (site.Nested) may make ids of its own.
		if slices.ContainsFunc(a.sitesOf(f.root), (*site.Site).OwnHeadingIDs) {
			a.githubIDs = false
			break
		}
	}
	parallel(len(files), 4*jobs, func(i int) {
		var rb recBuilder
		a.parseInto(files[i], &rb, nil)
		a.compactFrom(files[i], &rb)
	})
	var kept []*File
	var warns []string
	for _, f := range files {
		if f.plain() != nil && a.pol.Reports(policy.CategoryDegraded) {
			f.rare.warns = nil // a finding of its own: see check
		}
		warns = append(warns, f.warnings()...)
		a.errs = append(a.errs, f.errors()...)
		if f.rare != nil {
			f.rare.errs = nil
		}
		if f.parsed {
			kept = append(kept, f)
			a.ignore.forRoot(f.root)
		}
	}
	files = kept
	siteLines, siteWarns := a.detectSites(files)
	warns = append(warns, siteWarns...)
	if cfg.Remote != nil {
		if urls := a.remoteURLs(files); len(urls) > 0 {
			warns = append(warns, a.checkLinks(urls)...)
		}
	}
	r := &Result{Files: files, Warnings: warns, Sites: siteLines}
	if cfg.Emit == nil {
		found := make([][]Finding, len(files))
		parallel(len(files), jobs, func(i int) { found[i] = a.check(files[i]) })
		for i, fs := range found {
			r.Findings = append(r.Findings, fs...)
			a.errs = append(a.errs, files[i].errors()...)
		}
		r.Errors = a.errs
		return r
	}
	// Streaming: files are checked in parallel and handed to Emit in
	// their order as soon as each and those before it are done; only
	// counts are kept.
	r.counts = map[uri.Category]int{}
	// The checks run at most window files ahead of the output, so that
	// findings do not pile up when writing them is the slow part. Slots
	// are taken in file order, so the next file to write always has one,
	// and file i hands its findings over in slot i%window: it starts
	// only once file i-window has been written, which used that slot.
	window := 4 * jobs
	slots := make([]chan []Finding, window)
	for i := range slots {
		slots[i] = make(chan []Finding, 1)
	}
	free := make(chan struct{}, window)
	next := make(chan int)
	go func() {
		for i := range files {
			free <- struct{}{}
			next <- i
		}
		close(next)
	}()
	for range min(jobs, len(files)) {
		go func() {
			for i := range next {
				slots[i%window] <- a.check(files[i])
			}
		}()
	}
	for i, f := range files {
		found := <-slots[i%window]
		<-free
		for _, fd := range found {
			switch fd.Verdict {
			case VerdictUnconfirmed:
				r.unconfirmed++
			case VerdictUnchecked:
				r.unchecked++
			default:
				r.counts[fd.Category]++
				r.total++
			}
		}
		cfg.Emit(f, found)
		a.errs = append(a.errs, f.errors()...)
	}
	r.Errors = a.errs
	return r
}

// parallel calls f(0) to f(n-1) on up to jobs goroutines, each taking
// the next i as it is free: a counter, not a channel, so that handing on
// a file wakes no goroutine.
func parallel(n, jobs int, f func(i int)) {
	var wg sync.WaitGroup
	var next atomic.Int64
	for range min(jobs, n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

// parse reads f, unless it came with its source (standard input), and
// extracts its links and anchors, in one parse. A binary file is refused;
// UTF-16 text with a byte order mark is read decoded; an HTML file met in
// a walk that holds template actions ("{{ ... }}", "{% ... %}") is a
// template of a site generator, not a document, and is left out.
func (a *auditor) parse(f *File) { a.parseInto(f, nil, nil) }

// parseInto is parse, with the links of a Markdown file made linkRecs by
// rb as they are parsed, when rb is not nil: f.doc then holds none, and
// a large document never holds all its links as extract.Links.
//
// With each, a Markdown file's links go to each, batch after batch, and
// f.doc holds none; its source may be read outside the heap, and is
// dropped with f.dropSource.
func (a *auditor) parseInto(f *File, rb *recBuilder, each func([]extract.Link)) {
	if f.failed {
		return
	}
	if f.Src == nil {
		// A large file whose source goes once parsed is read outside the
		// heap (see site.ReadLarge): its source then costs its size, not
		// twice that.
		large := f.abs != "" && (each != nil || rb != nil && a.dropsSource(f))
		src, free, err := readSource(f.Name, large)
		if err != nil {
			f.addErr(err)
			return
		}
		f.Src = src
		if free != nil {
			f.more().free = free
		}
	}
	if dec, ok := decodeUTF16(f.Src); ok {
		f.dropSource()
		f.Src, f.decoded = dec, true
	} else if binary(f.Src) {
		if f.walked {
			// A walked file is one the user did not name: a binary one
			// (an encrypted or LFS-stored .md) is no document to audit,
			// not an error that fails the run.
			m := f.more()
			m.warns = append(m.warns, f.Name+": is a binary file: skipped")
		} else {
			f.addErr(errorf(f.Name, "is a binary file"))
		}
		f.dropSource()
		return
	}
	// (A template that pages name is read: its links are theirs,
	// checkIncluded.)
	builtTmpl := ""
	if f.walked && f.kind == kindHTML && isTemplate(f.Src) && !a.siteFor(f).CopiedAsIs(f.rel) && !(fileRel(f) && a.siteFor(f).IncludedIn(f.rel) != nil) {
		// A page of the site whose build has it (a Jekyll page written
		// in HTML with Liquid) is read for the links its built page
		// has as written (keepBuiltLinks).
		if builtTmpl = a.builtTemplatePage(f); builtTmpl == "" {
			f.dropSource()
			return
		}
	}
	switch f.kind {
	case kindMarkdown:
		switch {
		case rb != nil:
			rb.start(f)
			rb.reserve(estimateLinks(f.Src))
			f.doc = a.extractorFor(f).MarkdownDocEach(f.Src, rb.add)
		case each != nil:
			f.doc = a.extractorFor(f).MarkdownDocEach(f.Src, each)
		default:
			f.doc = a.extractorFor(f).MarkdownDoc(f.Src)
		}
		if f.doc.Plain != nil {
			m := f.more()
			m.warns = append(m.warns, fmt.Sprintf("%s: %v: read as plain text", f.Name, f.doc.Plain))
		}
	case kindHTML:
		f.doc = a.ex.HTMLDoc(f.Src)
		if builtTmpl != "" {
			f.doc.Links = keepBuiltLinks(f.doc.Links, builtTmpl)
		}
		if b := htmlBaseRef(f.Src); b != "" {
			f.more().baseRef = b
		}
	default:
		f.doc = &extract.Doc{Links: a.ex.Text(f.Src)}
	}
	n := len(f.doc.Links)
	if rb != nil && rb.f == f {
		n = len(f.recs)
	}
	f.links = int32(min(n, math.MaxInt32))
	if len(f.doc.Comments) > 0 {
		sil, errs := newSilencer(f.Name, f.Src, f.doc.Comments)
		if len(sil.dirs) > 0 || errs != nil {
			// Comments that are no directives silence nothing: most
			// files with comments keep no silencer.
			sil.errs = errs
			f.more().sil = sil
		}
	}
}

// isTemplate reports whether an HTML file holds the actions of a template
// language (Go templates and Hugo "{{ ... }}", Liquid and Jinja "{% ...
// %}", EJS, ERB and lodash "<% ... %>", as html-webpack-plugin reads an
// index.html) or a build tool's placeholder ("%PUBLIC_URL%" of Create
// React App, "%VITE_NAME%" of Vite): its links are written by the
// generator, not by the file.
func isTemplate(src []byte) bool {
	for _, delim := range [...][2]string{{"{{", "}}"}, {"{%", "%}"}, {"<%", "%>"}} {
		i := bytes.Index(src, []byte(delim[0]))
		if i >= 0 && bytes.Contains(src[i+2:], []byte(delim[1])) {
			return true
		}
	}
	return hasPlaceholder(src)
}

// hasPlaceholder reports whether src holds "%NAME%": capitals, digits
// and underscores between percent signs, at least three of them, which
// a percent-encoding ("%2F") is not: its first two are no hex pair.
func hasPlaceholder(src []byte) bool {
	for i := bytes.IndexByte(src, '%'); i >= 0 && i+1 < len(src); {
		j := i + 1
		for j < len(src) && (src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
			j++
		}
		if j < len(src) && src[j] == '%' && j-i-1 >= 3 && !(isHex(src[i+1]) && isHex(src[i+2])) {
			return true
		}
		k := bytes.IndexByte(src[i+1:], '%')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f' }

// check returns the findings of f's links, silenced ones left out.
func (a *auditor) check(f *File) []Finding {
	var out []Finding
	sil := f.silencer()
	if sil != nil {
		f.rare.errs = append(f.rare.errs, sil.errs...)
	}
	ign := a.ignore.forRoot(f.root)
	if f.plain() != nil && a.pol.Reports(policy.CategoryDegraded) {
		out = append(out, Finding{File: f.Name, Pos: extract.Position{Line: 1, Column: 1}, Category: policy.CategoryDegraded, col: 1,
			Message: fmt.Sprintf("%v: read as plain text, so its Markdown links are not checked", f.plain())})
		if sil != nil {
			out = sil.filter(out, 0)
		}
	}
	var l extract.Link // one for the file: the findings copy what they need
	remoteRuns := sil != nil && slices.ContainsFunc(remoteCategories, a.reportsInRun)
	for i := range f.recs {
		l = f.link(i)
		n := len(out)
		out = a.checkLink(f, &l, ign, out)
		if sil != nil {
			out = sil.filter(out, n)
			if !remoteRuns && isHTTP(l.URI) {
				sil.unknownRemote(l.Start)
			}
		}
		for j := n; j < len(out); j++ {
			out[j].col = linkColumn(f.charCol(i), &l, out[j].Pos)
		}
	}
	// A generator's link templates: ref, relref, link, post_url.
	out = a.checkTemplates(f, out)
	if sil != nil && a.pol.Reports(policy.CategoryIgnoreDirective) {
		// In place among the others, which come in the order of the text.
		for _, d := range sil.directiveFindings(f.Name, a.reportsInRun, nil) {
			i := slices.IndexFunc(out, func(o Finding) bool { return o.Pos.Offset > d.Pos.Offset })
			if i < 0 {
				i = len(out)
			}
			out = slices.Insert(out, i, d)
		}
	}
	// What was kept for the check is done with: a file checked early
	// frees its links for the rest of the run.
	f.recs, f.uris = nil, ""
	if f.rare != nil {
		f.rare.odd, f.rare.code, f.rare.tmpls = nil, nil, nil
		if f.rare.built != nil {
			f.rare.built.release()
			f.rare.built = nil
		}
		for _, v := range f.rare.views {
			if v.rare.built != nil {
				v.rare.built.release()
			}
		}
		f.rare.views = nil
	}
	return out
}

// checkLink adds the findings of the link l of f.
func (a *auditor) checkLink(f *File, l *extract.Link, ign *ignoreList, out []Finding) []Finding {
	if ign.match(l.URI) {
		return out
	}
	out = a.checkGlued(f, l, out)
	if templateLink(l.URI) {
		return out
	}
	if l.Kind == extract.BrokenLink {
		// CommonMark reads no link here: only that is worth saying.
		return a.checkBrokenLink(f, l, out)
	}
	if gen, ok := a.siteFor(f).MystReference(f.rel, l.URI); ok && f.abs != "" {
		if a.pol.Reports(policy.CategoryUnverifiable) {
			out = append(out, Finding{File: f.Name, Pos: l.Start, Category: policy.CategoryUnverifiable, URI: uri.Redact(l.URI),
				Message: fmt.Sprintf("%q is a cross-reference of MyST, which %s resolves: it cannot be checked offline", uri.Redact(l.URI), gen)})
		}
		return out
	}
	out = a.checkRemote(f, l, out)
	out = a.checkSyntax(f, l, out)
	if f.abs != "" && f.kind != kindText {
		out = a.checkLocal(f, l, out)
	}
	return out
}

// templateLink reports whether the link uri of a document is a pattern
// for links rather than a link (policy.IsTemplate). A "$" in its
// fragment is no placeholder: generated API references name members so
// ("StoreProperties.md#$id", "#$patch"), and a shell variable stands for
// a host or a path, not for an id.
func templateLink(uri string) bool {
	p, frag, ok := strings.Cut(uri, "#")
	if !ok || strings.IndexByte(frag, '$') < 0 {
		return policy.IsTemplate(uri)
	}
	return policy.IsTemplate(p) || policy.IsTemplate(strings.ReplaceAll(frag, "$", ""))
}

// linkRec is what an audit keeps of one link until the check: a sixth
// of an extract.Link, whose two strings are mostly one and whose end
// follows from its start. Its URI is a slice of the file's arena
// (File.uris), so that the links of a file are two allocations, not one
// or two per link. A link that does not fit (written otherwise than its
// URI, across lines, with a hyphen break or a glued word, or past the
// sizes of the fields) is kept whole in File.rare.odd, which at indexes
// then.
type linkRec struct {
	at        uint32 // the URI is File.uris[at:at+n]; File.rare.odd[at] when odd
	off, line int32  // the start
	n         uint16
	col       uint16 // of the start, in bytes
	ccol      uint16 // of the start, in characters
	kind      extract.Kind
	odd       bool
}

// oddLink is a link that no linkRec holds, and the column of its start in
// characters.
type oddLink struct {
	extract.Link
	ccol int
}

// regular reports whether l, whose start is at character column ccol, is
// what a linkRec holds: written as its URI, on one line, with none of the
// rare fields, at offsets and columns that fit.
func regular(l *extract.Link, ccol int) bool {
	if l.URI != l.Raw || l.Alt != "" || l.Glued != "" || l.Start.Offset+len(l.URI) > math.MaxInt32 ||
		len(l.URI) > math.MaxUint16 || l.Start.Column > math.MaxUint16 || ccol > math.MaxUint16 {
		return false
	}
	end := l.Start
	end.Offset += len(l.URI)
	end.Column += len(l.URI)
	return l.End == end && !strings.Contains(l.URI, "\n")
}

// link returns the link i of f, as it was parsed.
func (f *File) link(i int) extract.Link {
	r := &f.recs[i]
	if r.odd {
		return f.rare.odd[r.at].Link
	}
	u := f.uris[r.at : r.at+uint32(r.n)]
	start := extract.Position{Offset: int(r.off), Line: int(r.line), Column: int(r.col)}
	end := start
	end.Offset += len(u)
	end.Column += len(u)
	return extract.Link{URI: u, Raw: u, Start: start, End: end, Kind: r.kind}
}

// charCol returns the column of the start of link i of f, in
// characters.
func (f *File) charCol(i int) int {
	r := &f.recs[i]
	if r.odd {
		return f.rare.odd[r.at].ccol
	}
	return int(r.ccol)
}

// compact keeps of a parsed file only what the check needs: its anchors
// go to the target index, its links become linkRecs with the column of
// each start in characters, what its publisher needs of its text is
// taken now (code ranges, link templates), and its source is dropped
// when Config.DropSource asks for it (no fixes wanted), unless it is
// standard input. An audit of many files then holds their links, not
// their text and parse.
func (a *auditor) compact(f *File) { a.compactFrom(f, nil) }

// compactFrom is compact for a file whose links rb may have made
// linkRecs already, as parseInto parsed them.
func (a *auditor) compactFrom(f *File, rb *recBuilder) {
	d := f.doc
	if d == nil {
		return
	}
	a.index.addOne(f)
	f.parsed = true
	if d.Plain != nil {
		f.more().plain = d.Plain
	}
	if rb == nil || rb.f != f {
		rb = &recBuilder{}
		rb.start(f)
		f.recs = make([]linkRec, 0, len(d.Links))
		rb.add(d.Links)
	}
	f.uris = rb.uris()
	if f.kind == kindMarkdown && f.Src != nil && !f.decoded {
		var defs []int32
		for i := range f.recs {
			if l := f.link(i); l.Kind == extract.Definition {
				defs = append(defs, int32(l.Start.Offset))
			}
		}
		if defs != nil {
			if u := unusedDefinitions(f.Src, defs); u != nil {
				f.more().unusedDefs = u
			}
		}
	}
	if f.abs != "" && f.kind == kindMarkdown && fileRel(f) {
		s := a.siteFor(f)
		f.rawDropped = s.RawHTMLDropped() && !site.CallsShortcodes(f.Src)
		if code, tmpls := s.CodeRanges(f.Src), a.findTemplates(f, s); code != nil || tmpls != nil {
			m := f.more()
			m.code, m.tmpls = code, tmpls
		}
	} else if f.abs != "" && f.kind == kindHTML && fileRel(f) && bytes.HasPrefix(f.Src, []byte("---")) {
		// A Jekyll page of HTML may redirect (site.RedirectTo).
		if tmpls := a.findTemplates(f, a.siteFor(f)); tmpls != nil {
			f.more().tmpls = tmpls
		}
	}
	f.doc = nil
	if a.dropsSource(f) {
		f.dropSource()
	}
}

// extractorFor returns the extractor of the Markdown file f: a.ex, told
// the template languages that f's site runs over the page before its
// Markdown is read (site.Site.Templates), so that the links are those the
// site's Markdown stage sees. In a listing, which knows no site, and for
// a file no site publishes, it is a.ex: the file is read as CommonMark
// reads it, as the forge shows it.
func (a *auditor) extractorFor(f *File) *extract.Extractor {
	if !a.sited || f.abs == "" || !fileRel(f) {
		return a.ex
	}
	if t := a.siteFor(f).Templates(f.rel, f.Src); t != 0 && int(t) < len(a.exs) {
		return a.exs[t]
	}
	return a.ex
}

// dropsSource reports whether compact drops f's source.
func (a *auditor) dropsSource(f *File) bool { return a.cfg.DropSource && f.abs != "" }

// dropSource forgets f's source, and gives back the memory that
// site.ReadLarge read it into: nothing may refer to it after this.
func (f *File) dropSource() {
	f.Src = nil
	if f.rare != nil && f.rare.free != nil {
		f.rare.free()
		f.rare.free = nil
	}
}

// recBuilder makes the links of a file linkRecs, batch after batch, in
// source order: one pass over the file for the columns in characters,
// however many links share a line. A regular link's URI is its source
// text (see regular): the file's arena of URIs is copied from the source
// once all links are in (uris), not grown link by link while the source
// is held too.
type recBuilder struct {
	f    *File
	cols *textpos.Columns
	size int // of the arena
	// buf is the array f.recs is gathered in, from recBufs, when it
	// is: uris copies the records out at their number.
	buf *[]linkRec
}

// recBufs holds the arrays that the records of a file's links are
// gathered in, before they are kept at their number: an estimate of a
// file's links (estimateLinks) is often a little short or long, and a
// tree's files held a third more room than links.
var recBufs = sync.Pool{New: func() any { return new([]linkRec) }}

// maxPooledRecs is the most records a file gathers in an array of
// recBufs: a document of more is given one of its estimated size, which
// it keeps.
const maxPooledRecs = 1 << 12

// reserve gives rb.f room for about n records.
func (rb *recBuilder) reserve(n int) {
	if n > maxPooledRecs {
		// Sized once: growing by doubling would hold the old array
		// and the new one, and leave room unused, for a document's
		// millions of links.
		rb.f.recs = make([]linkRec, 0, n)
		return
	}
	rb.buf = recBufs.Get().(*[]linkRec)
	rb.f.recs = (*rb.buf)[:0]
}

func (rb *recBuilder) start(f *File) {
	rb.f, rb.cols, rb.size = f, textpos.NewColumns(f.Src), 0
	f.recs = nil
}

// add appends the linkRecs of links, the next links of rb.f, to its recs.
func (rb *recBuilder) add(links []extract.Link) {
	f := rb.f
	for i := range links {
		l := &links[i]
		var r linkRec
		ccol := rb.cols.Column(l.Start.Offset, l.Start.Column)
		if !regular(l, ccol) || uint64(rb.size)+uint64(len(l.URI)) > math.MaxUint32 {
			m := f.more()
			r.odd, r.at = true, uint32(len(m.odd))
			m.odd = append(m.odd, oddLink{*l, ccol})
		} else {
			r.n, r.ccol = uint16(len(l.URI)), uint16(ccol) // r.at: see uris
			r.off, r.line, r.col, r.kind = int32(l.Start.Offset), int32(l.Start.Line), uint16(l.Start.Column), l.Kind
			rb.size += len(l.URI)
		}
		f.recs = append(f.recs, r)
	}
}

// uris returns the arena of the URIs of rb.f's regular links, from its
// source, and sets each rec's place in it. A URI met again, as links to
// the same page are, takes the place of its last meeting when a small
// table of recent URIs still holds it, so the arena of a document that
// links to a few pages over and over stays small.
func (rb *recBuilder) uris() string {
	f := rb.f
	recs, src := f.recs, f.Src
	rb.f, rb.cols = nil, nil
	if rb.buf != nil {
		defer func() {
			// The records are kept at their number, the array goes
			// back for the next file.
			f.recs = nil
			if len(recs) > 0 {
				f.recs = make([]linkRec, len(recs))
				copy(f.recs, recs)
			}
			if cap(recs) > maxPooledRecs {
				recs = nil
			}
			*rb.buf = recs[:0]
			recBufs.Put(rb.buf)
			rb.buf = nil
		}()
	}
	// recent maps a URI's hash to the rec that last had it, plus one.
	var recent []uint32
	if len(recs) >= 32 {
		recent = make([]uint32, min(4096, 1<<bits.Len(uint(len(recs)/4))))
	}
	seed := maphash.MakeSeed()
	size := uint32(0)
	for i := range recs {
		r := &recs[i]
		if r.odd {
			continue
		}
		u := src[r.off : r.off+int32(r.n)]
		if recent != nil {
			slot := &recent[maphash.Bytes(seed, u)&uint64(len(recent)-1)]
			if j := *slot; j > 0 {
				if p := &recs[j-1]; p.n == r.n && bytes.Equal(src[p.off:p.off+int32(p.n)], u) {
					r.at = p.at
					continue
				}
			}
			*slot = uint32(i + 1)
		}
		r.at = size
		size += uint32(r.n)
	}
	var b strings.Builder
	b.Grow(int(size))
	for i := range recs {
		if r := &recs[i]; !r.odd && r.at == uint32(b.Len()) {
			b.Write(src[r.off : r.off+int32(r.n)])
		}
	}
	return b.String()
}

// linkColumn returns the column, in characters, of the position p of a
// finding of link l, whose start is at character column start.
func linkColumn(start int, l *extract.Link, p extract.Position) int {
	k := p.Offset - l.Start.Offset
	switch {
	case k < 0 && -k == len(l.Glued) && p.Line == l.Start.Line:
		return start - utf8.RuneCountInString(l.Glued)
	case k < 0 || k > len(l.Raw):
		return p.Column
	case p.Line == l.Start.Line:
		return start + utf8.RuneCountInString(l.Raw[:k])
	}
	nl := strings.LastIndexByte(l.Raw[:k], '\n')
	return utf8.RuneCountInString(l.Raw[nl+1:k]) + 1
}

// checkGlued adds a finding for a word glued to the front of l's scheme
// in text ("greathttps://..."): a missing space.
func (a *auditor) checkGlued(f *File, l *extract.Link, out []Finding) []Finding {
	if l.Glued == "" || !a.pol.Reports(policy.CategoryGluedScheme) {
		return out
	}
	shown := uri.Redact(l.URI)
	at := l.Start
	at.Offset -= len(l.Glued)
	at.Column -= len(l.Glued)
	msg := fmt.Sprintf("%q is glued to the front of %q: a space is missing", l.Glued, shown)
	return append(out, Finding{File: f.Name, Pos: at, Category: policy.CategoryGluedScheme, Message: msg, URI: shown})
}

// checkBrokenLink adds the finding for Markdown link syntax whose
// destination holds white space, at its first white space.
func (a *auditor) checkBrokenLink(f *File, l *extract.Link, out []Finding) []Finding {
	if !a.pol.Reports(policy.CategoryBrokenLink) {
		return out
	}
	shown := uri.Redact(l.URI)
	msg := fmt.Sprintf("link destination %q holds white space, so it is no link: write %%20 or put the destination in <...>", shown)
	return append(out, Finding{File: f.Name, Pos: l.PositionOf(strings.IndexAny(l.URI, " \t")), Category: policy.CategoryBrokenLink, Message: msg, URI: shown})
}

// checkSyntax adds what the policy finds in l, and a hyphen break.
func (a *auditor) checkSyntax(f *File, l *extract.Link, out []Finding) []Finding {
	shown := uri.Redact(l.URI)
	lc := l.Locator()
	for _, uf := range a.pol.Check(l.URI) {
		out = append(out, Finding{File: f.Name, Pos: lc.PositionOf(uf.Start), Category: uf.Category,
			Message: uf.Message, URI: shown, Fix: sourceEdits(l, uf.Fix)})
	}
	if l.Ambiguous() && a.pol.Reports(policy.CategoryHyphenBreak) {
		msg := fmt.Sprintf("%q breaks across lines after a hyphen, so it may also be %q", shown, uri.Redact(l.Alt))
		out = append(out, Finding{File: f.Name, Pos: l.Start, Category: policy.CategoryHyphenBreak, Message: msg, URI: shown})
	}
	return out
}

// sourceEdits maps edits of l.URI to edits of the source. Only a link
// written exactly as its URI (no escapes, no wrapping) maps byte for
// byte; another gets no fix.
func sourceEdits(l *extract.Link, edits []uri.Edit) []Edit {
	if len(edits) == 0 || l.URI != l.Raw {
		return nil
	}
	out := make([]Edit, len(edits))
	for i, e := range edits {
		out[i] = Edit{Start: l.Start.Offset + e.Start, End: l.Start.Offset + e.End, New: e.New}
	}
	return out
}

// errorf returns an error whose message starts with the file's name.
func errorf(name, format string, args ...any) error {
	return errors.New(name + ": " + fmt.Sprintf(format, args...))
}

// estimateLinks returns about how many links the Markdown document src
// holds, rarely fewer, from its "://" and "](" (a link to an absolute URI
// has both): a size for what the audit keeps of each link
// (extract.Extractor.MarkdownDocEach hands them on in batches), so that
// it is rarely copied to grow.
func estimateLinks(src []byte) int {
	n := bytes.Count(src, []byte("://")) + bytes.Count(src, []byte("](")) - bytes.Count(src, []byte("](http"))
	return max(n, 0) + n/16
}

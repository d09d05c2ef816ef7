// Command precision measures the docs audit against real site builds:
// for each repository of the corpus manifest (scripts/precision/corpus.tsv)
// it runs "uriextract -check -output json ." from the repository's top,
// checks the built HTML link by link, and tells which findings the build
// confirms and which of the build's broken links the audit missed.
// scripts/precision/run.sh drives it.
//
//	precision -corpus DIR -uriextract BIN [-split tune|tune2|holdout|...|all] [-built] [-detail DIR]
//
// A finding is judged only when its link can be found in the build: the
// source file is mapped to its built page (by path: the longest common
// suffix of normalized path segments), and the link to the page's link
// with the same target name and fragment. A finding whose file maps to
// no built page, or whose link is not on that page, is counted as
// unmatched: neither true nor false; so is one the build would confirm
// but whose target a file git ignores would serve (a build step writes
// it, which the measuring build may have skipped). A page's "edit this
// page" link names its source first ("edit" links; a "blob" link only
// where it is the page's one link of that kind and there is no "edit"
// link: prose links to NEWS.md make it no page's source), and a file
// outside the site's folder that is not the source of the page its
// path looks like (packages/x/README.md beside the docs' README.md) is
// no page. A file that
// no page comes from and that is outside the site's folder is read on
// GitHub, judged by the oracle below, and its links to the site's own
// URL by the build from its root, never against another page's links.
// Findings that are no link target (malformed, scheme-case...) are
// counted apart, as not judged by a build.
//
// Recall is taken over the build's broken links that come from a
// source, which is defined so: the link is on a built page that maps to
// a source file, and that file has a link that can be it (the same
// target name and fragment; where both are paths of the site, the same
// path up to the base the site is served under and the page's first
// folder, a translation's locale; never a link to another host; a
// fragment alone, "#x", only the page's own link; a relative link to a
// file that publishes one page, only a built link to that page, or to
// its path as written, up to folders added or lost in front: a theme's
// version switcher links "/docs/v1.14/x/" from the page of
// "docs/main/x.md", which links "x.md", itself; a link the built page
// has as written, as often as the source writes it, is those links and
// none other), or names the target in its text as a whole link target
// (where the file's links of that name were each ruled out, only so;
// else also by its name, but not the page itself, which a locale
// switcher links; a fragment only after a link target naming the page,
// so that "#x" written alone is no link to another page's "#x", which a
// shortcode's or render hook's rewrite makes, nor to a link of the
// page's name that leads elsewhere). Not from source are links a theme or template writes, the links of a page
// whose source file git ignores, links to a target that a file git
// ignores would serve (the site's folder or its static folder): a build
// step writes those, and the measuring build may have skipped it; and
// links the source writes through a template variable
// ("{{ site.ref }}/x.html") into a folder where the build has no page:
// the variable names another deployment; and absolute URLs of the
// site's host, written so, into a folder the build ships without a page
// (a README where another tool's pages are served): a host serves more
// than one deployment. Nor are links to an id the
// measuring build lacks where the build is at fault: the target page
// shows a block directive (":::") it did not render, so a plugin it
// lacked writes its ids, or the target's source file has a heading with
// that id whose text no heading of the built page has (the build lost
// it). A link from source is found when a finding of its file names
// the same target, whatever its category, or a link-target finding
// names the same fragment. The build
// is read as its host serves it: its _redirects and netlify.toml's
// [[redirects]] apply where no file is (or always, forced), matched as
// Netlify matches them (":name" one segment, a last "*" the rest, a 404
// rule the host's not-found page), "/a/" is served from a.html where
// no a/index.html is,
// and <link> elements (canonical, style sheets) are links, but
// rel="alternate" ones, which a theme writes. A fragment written as a
// path ("#/docs/x?id=y", "#../files/x.pdf", "#!/x") is read by a
// script of the target page (a hash router, a document viewer), no
// element id: such a link is neither broken nor resolved, and a finding
// on it is unmatched.
//
// What the build cannot show is kept apart, but the judge looks for the
// page before it gives up: a file maps to the page its front matter's
// slug, permalink or url names, to the one page of its own name (a post
// published under another folder, compared by letters and digits) where
// no other file is that page's source, to the page a redirect stub at
// its path sends to, and, when another file includes it (Jekyll's
// include_relative, VitePress' @include, MkDocs snippets, readfile, an
// MDX import), to the including file's page; never to the not-found
// page (but a 404 file). A finding the audit says is on the page of a
// file that includes the finding's file is judged on that page, and
// reports that file's link. A fragment written alone matches a link the
// render hook wrote after the page's own URL; a name compares by its
// letters and digits and its fragment in any case where no link has it
// as written; "x.md/" is "x.md". Edit links count only to the
// repository's own files, and a blob link only to a file of the page's
// name. A file no site publishes (outside MkDocs' docs_dir, at the top
// of a Hugo or Docusaurus site's folder, a Markdown file the build
// ships unrendered; not in a folder above the site's that its
// configuration names) is read on GitHub and judged by the oracle, with
// a build or without one. The site's host is its own with or without
// "www.".
//
// For a repository read on GitHub (no generator), the "build" is the
// repository itself as GitHub shows it: a link resolves when its file is
// in the tree, and its fragment when a heading of the Markdown target
// has that GitHub slug, or an HTML element that id or name. This oracle
// is written here independently of the audit, and it is an
// approximation of GitHub's renderer: its verdicts are marked as such.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
)

func main() {
	corpus := flag.String("corpus", "", "the corpus folder (holds tune/, holdout/, built/)")
	manifest := flag.String("manifest", "", "the corpus manifest (default: corpus.tsv beside this program's sources, scripts/precision/corpus.tsv)")
	bin := flag.String("uriextract", "", "the uriextract binary to measure")
	split := flag.String("split", "tune", "which repositories: a split of the manifest (tune, tune2, holdout...) or all")
	built := flag.Bool("built", false, "run the audit with -built OUT for each repository that has a build (the binary must have the flag)")
	detail := flag.String("detail", "", "a folder to write, per repository, every finding with its verdict and every missed broken link (JSON lines)")
	only := flag.String("repo", "", "comma-separated owner/name: measure these repositories only")
	flag.Parse()
	if *corpus == "" || *bin == "" || *manifest == "" {
		fmt.Fprintln(os.Stderr, "usage: precision -corpus DIR -manifest corpus.tsv -uriextract BIN [-split tune|tune2|holdout|...|all] [-built] [-detail DIR]")
		os.Exit(2)
	}
	rows, err := readManifest(*manifest)
	if err != nil {
		fail(err)
	}
	absBin, err := filepath.Abs(*bin)
	if err != nil {
		fail(err)
	}
	if *built {
		help, _ := exec.Command(absBin, "-h").CombinedOutput()
		if !bytes.Contains(help, []byte("-built")) {
			fail(fmt.Errorf("%s has no -built flag", *bin))
		}
	}
	want := map[string]bool{}
	for _, r := range strings.Split(*only, ",") {
		if r != "" {
			want[r] = true
		}
	}
	var results []*result
	for _, row := range rows {
		if *split != "all" && row.split != *split || len(want) > 0 && !want[row.repo] {
			continue
		}
		res := measure(*corpus, absBin, row, *built)
		results = append(results, res)
		fmt.Fprintf(os.Stderr, "precision: %s: %d findings, %d confirmed, %d refuted, %d unmatched, %d missed (%s)\n",
			row.repo, res.findings, res.confirmed, res.refuted, res.unmatched, res.missed, res.took.Round(time.Millisecond))
		if *detail != "" {
			if err := writeDetail(*detail, res); err != nil {
				fail(err)
			}
		}
	}
	printTables(os.Stdout, results)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "precision:", err)
	os.Exit(2)
}

// row is one repository of the manifest.
type row struct {
	repo, commit, generator, split, site, base, build, out, note string
}

func (r row) dir(corpus string) string {
	return filepath.Join(corpus, r.split, strings.ReplaceAll(r.repo, "/", "+"))
}

func readManifest(name string) ([]row, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var rows []row
	seen := map[string]int{} // the line of each repository
	for i, line := range strings.Split(strings.TrimRight(string(src), "\n"), "\n") {
		if i == 0 || line == "" {
			continue // the header
		}
		f := strings.Split(line, "\t")
		if len(f) < 8 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 9", name, i+1, len(f))
		}
		for len(f) < 9 {
			f = append(f, "")
		}
		// A repository twice (two branches' edits of its row, both kept
		// by a merge) would be measured twice.
		if at, ok := seen[f[0]]; ok {
			return nil, fmt.Errorf("%s:%d: %s again (line %d)", name, i+1, f[0], at)
		}
		seen[f[0]] = i + 1
		rows = append(rows, row{f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]})
	}
	return rows, nil
}

// finding is one line of "uriextract -check -output json".
type finding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Category string `json:"category"`
	Message  string `json:"message"`
	URI      string `json:"uri"`
	Verdict  string `json:"verdict"`         // confirmed, refuted, unmatched, not-judged
	Why      string `json:"why,omitempty"`   // what the verdict rests on
	Page     string `json:"page,omitempty"`  // the built page the file maps to
	Built    string `json:"built,omitempty"` // the href on that page
}

// sourceLink is one line of "uriextract -json": a URI of a source file.
type sourceLink struct {
	File string `json:"file"`
	Line int    `json:"line"`
	URI  string `json:"uri"`
}

// missedLink is a broken link of the build that comes from a source file
// and that no finding reports.
type missedLink struct {
	Page   string `json:"page"`
	Href   string `json:"href"`
	Reason string `json:"reason"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	URI    string `json:"uri"`
	// NotFromSource says why a broken link of a source page is not
	// counted as the source's: a file git ignores, written by a build
	// step, is its source or its target.
	NotFromSource string `json:"not_from_source,omitempty"`
	// FromSource is set on a broken link that recall counts: the
	// source's, missed or found.
	FromSource bool `json:"from_source,omitempty"`
}

type result struct {
	row
	err                                    string
	truth                                  string // build, github (the oracle), none
	links, findings, judged, notJudged     int
	confirmed, refuted, unmatched          int
	buildBroken, fromSource, found, missed int
	findingList                            []finding
	missedList                             []missedLink
	brokenList                             []missedLink // every broken link of the build, with its source when known
	took                                   time.Duration
}

// linkCategories are the findings about a link's target, which a build
// can confirm.
var linkCategories = map[string]bool{
	"broken-file": true, "broken-anchor": true, "file-case": true, "anchor-case": true, "outside-root": true,
}

var summaryLinks = regexp.MustCompile(`(\d+) files?, (\d+) links?`)

func measure(corpus, bin string, r row, withBuilt bool) *result {
	res := &result{row: r}
	start := time.Now()
	defer func() { res.took = time.Since(start) }()
	top := r.dir(corpus)
	out := ""
	if r.out != "-" && r.out != "" {
		out = filepath.Join(corpus, r.out)
		// build.sh writes OUT.status; a failed build's partial output is
		// no build.
		if st, err := os.ReadFile(out + ".status"); err == nil && !strings.Contains(string(st), "\tok\t") || !hasHTML(out) {
			out = ""
		}
	}
	args := []string{"-check", "-output", "json"}
	if withBuilt && out != "" {
		args = append(args, "-built", out)
	}
	args = append(args, ".")
	stdout, stderr, err := run(top, bin, args...)
	if err != nil {
		res.err = err.Error()
		return res
	}
	if m := summaryLinks.FindStringSubmatch(stderr); m != nil {
		_, _ = fmt.Sscan(m[2], &res.links)
	}
	var fds []finding
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var f finding
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			res.err = fmt.Sprintf("reading the findings: %v", err)
			return res
		}
		fds = append(fds, f)
	}
	linksOut, _, err := run(top, bin, "-json", ".")
	if err != nil {
		res.err = err.Error()
		return res
	}
	var src []sourceLink
	sc = bufio.NewScanner(strings.NewReader(linksOut))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var l sourceLink
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			src = append(src, l)
		}
	}
	res.findings = len(fds)
	var site *builtSite
	var gh *githubTree
	switch {
	case out != "":
		res.truth = "build"
		// Netlify reads netlify.toml from the base folder it builds in,
		// the site's folder or the repository's top; Vercel reads
		// vercel.json from the project's root folder, either one too.
		var rules []redirectRule
		for _, dir := range []string{filepath.Join(top, r.site), top} {
			if src, err := os.ReadFile(filepath.Join(dir, "netlify.toml")); err == nil {
				rules = netlifyRedirects(src)
				break
			}
		}
		for _, dir := range []string{filepath.Join(top, r.site), top} {
			if src, err := os.ReadFile(filepath.Join(dir, "vercel.json")); err == nil {
				rules = append(rules, vercelRedirects(src)...)
				break
			}
		}
		site = readSite(out, r.base, rules...)
		site.repo, site.configDir = r.repo, buildDir(r.build)
	case r.generator == "github":
		res.truth = "github"
		gh = readGitHubTree(top)
	default:
		res.truth = "none"
	}
	// The source files a page can come from: the Markdown and HTML files
	// of the tree.
	var pages *pageMap
	if site != nil {
		pages = mapPages(top, r.site, r.generator, site)
	}
	// The findings on link targets, by file and signature, for recall.
	// Any finding on a link reports it (a "malformed" "##id" is as
	// much a report of the link as a broken-anchor); a link-target
	// finding also reports, by its fragment, a link the build wrote
	// with another page name (a Docusaurus id in place of the file's).
	texts := newSourceTexts(top)
	ghRead := newGitHubReader(top, r)
	reported := map[string]bool{}
	reportedFrag := map[string]bool{}
	var builtConfirmed []int // the findings judgeBuilt confirmed, by index
	for i := range fds {
		f := &fds[i]
		// A finding on an included file's line, as the including
		// page renders it, reports that page's link too.
		files := []string{f.File}
		if sm := includedOn.FindStringSubmatch(f.Message); sm != nil {
			files = append(files, sm[1])
		}
		for _, file := range files {
			reported[file+"\x00"+signature(f.URI)] = true
		}
		if !linkCategories[f.Category] {
			f.Verdict, f.Why = "not-judged", "not a link-target finding"
			res.notJudged++
			continue
		}
		if _, frag, ok := strings.Cut(signature(f.URI), "#"); ok && frag != "" {
			for _, file := range files {
				reportedFrag[fragKey(file, frag)] = true
			}
		}
		switch {
		case ownGitHubURL(r.repo, f.URI) != "":
			// The repository's own file on GitHub: the tree decides,
			// whatever publishes the file the link is in.
			if gh == nil {
				gh = readGitHubTree(top)
			}
			judgeGitHub(f, gh, r.repo)
		case site != nil && pages.pageOf(f) == "" && (ghRead.file(f.File) || pages.copied[f.File]):
			// No page comes from the file: it is read on GitHub, and
			// a link of it to the site's own URL names a page of the
			// build whatever page it is on.
			if gh == nil {
				gh = readGitHubTree(top)
			}
			judgeGitHub(f, gh, r.repo)
			if f.Verdict == "unmatched" && judgeOwnURL(f, site) {
				builtConfirmed = append(builtConfirmed, i)
			}
		case site != nil:
			judgeBuilt(f, site, pages)
			if f.Verdict == "confirmed" {
				if why := site.otherVersion(r.generator, f.Page, f.Built); why != "" {
					f.Verdict, f.Why = "unmatched", why
					continue
				}
				if gap := site.buildGap(f.Page, f.Built, pages.source, texts.read); gap != "" {
					f.Verdict, f.Why = "unmatched", gap
					continue
				}
				builtConfirmed = append(builtConfirmed, i)
			}
		case r.generator == "github":
			judgeGitHub(f, gh, r.repo)
		case ghRead.file(f.File):
			// No build, but the file is no page of the site: GitHub
			// shows it, and the oracle judges it.
			if gh == nil {
				gh = readGitHubTree(top)
			}
			judgeGitHub(f, gh, r.repo)
		default:
			f.Verdict, f.Why = "unmatched", "no build"
		}
	}
	// A target that a file git ignores would serve is a build step's,
	// which the measuring build may have skipped: its absence there
	// confirms nothing (WebAssembly's /docs/, a clone of another
	// repository).
	var served [][]string
	var paths []string
	for _, i := range builtConfirmed {
		c := site.servedFrom(r.site, r.generator, fds[i].Page, fds[i].Built)
		served = append(served, c)
		paths = append(paths, c...)
	}
	ignoredTargets := gitIgnored(top, paths)
	for k, i := range builtConfirmed {
		for _, c := range served[k] {
			if ignoredTargets[c] {
				fds[i].Verdict, fds[i].Why = "unmatched", "git ignores "+c+", which would serve the target: a build step writes it"
				break
			}
		}
	}
	for i := range fds {
		switch fds[i].Verdict {
		case "confirmed":
			res.confirmed++
		case "refuted":
			res.refuted++
		case "not-judged":
		default:
			res.unmatched++
		}
	}
	res.judged = res.confirmed + res.refuted
	res.findingList = fds
	// Recall: the build's broken links that come from a source link.
	sources := newSourceLinks(src)
	switch {
	case site != nil:
		// A broken link is the source's when the page's source file
		// has a link that can be it (same target name and fragment,
		// and, where both are paths of the site, the same path), or
		// names its target in its text (a link the audit's extraction
		// may not list).
		type brokenOf struct {
			bl     missedLink
			source bool
			served []string // the files of the tree that would serve its target
		}
		var all []brokenOf
		var paths []string
		for _, b := range site.broken {
			res.buildBroken++
			file := pages.source[b.page]
			ls, source := sources.of(b, site, pages, texts)
			bl := missedLink{Page: b.page, Href: b.href, Reason: b.reason, File: file}
			if len(ls) > 0 {
				bl.Line, bl.URI = ls[0].Line, ls[0].URI
			}
			bo := brokenOf{bl: bl, source: source}
			if bo.source && allTemplated(ls) && texts.templated(file, b.href) && !site.publishesFolder(b.page, b.href) {
				// A variable of the configuration names the URL
				// ("{{ site.scala3ref }}/x.html"), in a folder this
				// build has no page in: another deployment's.
				bo.bl.NotFromSource = "a template variable writes the target's URL, in a folder where the build has no page: another deployment's"
			}
			if bo.source && bo.bl.NotFromSource == "" && allAbsolute(ls, b.href, texts.lower(file)) && site.placeholder(b.page, b.href) {
				// The source names the site's host in full, and the
				// build ships the URL's folder without a page: a
				// host serves more than one deployment (the site and
				// a reference another tool builds), this build is
				// one.
				bo.bl.NotFromSource = "an absolute URL of the site's host, in a folder the build ships without a page: another deployment on that host fills it"
			}
			if bo.source && bo.bl.NotFromSource == "" {
				bo.bl.NotFromSource = site.otherVersion(r.generator, b.page, b.href)
			}
			if bo.source && bo.bl.NotFromSource == "" {
				bo.bl.NotFromSource = site.buildGap(b.page, b.href, pages.source, texts.read)
			}
			if bo.source {
				bo.served = site.servedFrom(r.site, r.generator, b.page, b.href)
				for _, l := range ls {
					// The file a relative link names is one that would
					// serve its target: git ignoring it says a build
					// step writes it (pdm's generated reference pages).
					if f := linkedFile(l.File, l.URI); f != "" {
						bo.served = append(bo.served, f)
					}
				}
				paths = append(append(paths, file), bo.served...)
			}
			all = append(all, bo)
		}
		ignored := gitIgnored(top, paths)
		for _, bo := range all {
			bl := bo.bl
			if bo.source && bl.NotFromSource == "" {
				if ignored[bl.File] {
					bl.NotFromSource = "git ignores the page's source: a build step writes it"
				}
				for _, c := range bo.served {
					if ignored[c] && bl.NotFromSource == "" {
						bl.NotFromSource = "git ignores " + c + ", which would serve the target: a build step writes it"
					}
				}
			}
			bl.FromSource = bo.source && bl.NotFromSource == ""
			res.brokenList = append(res.brokenList, bl)
			if !bl.FromSource {
				continue
			}
			res.fromSource++
			sig := signature(bl.Href)
			_, frag, _ := strings.Cut(sig, "#")
			if reported[bl.File+"\x00"+sig] || frag != "" && reportedFrag[fragKey(bl.File, frag)] {
				res.found++
				continue
			}
			res.missed++
			res.missedList = append(res.missedList, bl)
		}
	case r.generator == "github":
		for _, l := range src {
			file, uri := l.File, l.URI
			if ref := ownGitHubBranchURL(r.repo, uri); ref != "" {
				file, uri = "README.md", ref // the repository's own file at its default branch, from the top
			}
			ok, reason, judged := gh.resolves(file, uri)
			if !judged || ok {
				continue
			}
			res.buildBroken++
			res.fromSource++
			if reported[l.File+"\x00"+signature(l.URI)] {
				res.found++
				continue
			}
			res.missed++
			res.missedList = append(res.missedList, missedLink{Href: l.URI, Reason: reason, File: l.File, Line: l.Line, URI: l.URI})
		}
	}
	return res
}

// sourceLinks are the links of the source files, by file and signature.
type sourceLinks struct {
	bySig map[string][]sourceLink
	uses  map[string]int // how often each file writes each URI
}

func newSourceLinks(src []sourceLink) *sourceLinks {
	s := &sourceLinks{bySig: map[string][]sourceLink{}, uses: map[string]int{}}
	for _, l := range src {
		k := l.File + "\x00" + signature(l.URI)
		s.bySig[k] = append(s.bySig[k], l)
		s.uses[l.File+"\x00"+strings.TrimSpace(l.URI)]++
	}
	return s
}

// of returns the source links that the build's broken link b can be,
// and whether b is the source's: its page comes from a source file,
// and that file has a link that can be b or names b's target in its
// text (a link the audit's extraction may not list).
func (s *sourceLinks) of(b brokenLink, site *builtSite, pages *pageMap, texts sourceTexts) ([]sourceLink, bool) {
	file := pages.source[b.page]
	if file == "" {
		return nil, false // no source page
	}
	var ls []sourceLink
	cands := s.bySig[file+"\x00"+signature(b.href)]
	for _, l := range cands {
		u := strings.TrimSpace(l.URI)
		if u != strings.TrimSpace(b.href) && site.writes(b.page, u) >= s.uses[file+"\x00"+u] {
			// The page has the link as written, as often as the
			// source writes it: the generator left those as they
			// are, and they are not this one.
			continue
		}
		if site.mayBe(b.page, b.href, l.URI, pages.linked(l.File, l.URI)) {
			ls = append(ls, l)
		}
	}
	if len(ls) > 0 {
		return ls, true
	}
	if len(cands) > 0 {
		// The source's links of that name were each ruled out: its
		// text names the target only as the build writes it, whole,
		// for its other names are those links.
		return nil, texts.writesWhole(file, b.href)
	}
	self, _ := site.target(b.page, b.href)
	return nil, texts.mentions(file, b.href, self == b.page)
}

// run runs bin in dir; exit status 1 (findings) is no error.
func run(dir, bin string, args ...string) (string, string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	// Status 1 is findings; 2 is an input error (a file it cannot read)
	// reported beside the findings of the rest, which still count.
	var ee *exec.ExitError
	if errors.As(err, &ee) && (ee.ExitCode() == 1 || ee.ExitCode() == 2 && summaryLinks.Match(stderr.Bytes())) {
		err = nil
	}
	if err != nil {
		return "", "", fmt.Errorf("%s %s in %s: %v: %s", filepath.Base(bin), strings.Join(args, " "), dir, err, lastLine(stderr.String()))
	}
	return stdout.String(), stderr.String(), nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func hasHTML(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// signature is what a link keeps from its source to its built form: the
// name of the last path segment without a page extension (an index or
// README page is named by its folder), and the fragment. "foo.md#bar",
// "../foo/#bar" and "/docs/foo.html#bar" all read "foo#bar".
func signature(ref string) string {
	ref = strings.TrimSpace(ref)
	if m := shortcodeRef.FindStringSubmatch(ref); m != nil {
		ref = m[1] + m[2] // Hugo's ref and relref name the page as the link does; a fragment may follow
	}
	frag := ""
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		ref, frag = ref[:i], ref[i+1:]
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
	}
	if i := strings.IndexByte(ref, '?'); i >= 0 {
		ref = ref[:i]
	}
	if u, err := url.Parse(ref); err == nil && (u.Scheme != "" || u.Host != "") {
		ref = u.Path
	}
	if p, err := url.PathUnescape(ref); err == nil {
		ref = p
	}
	segs := segments(ref, true)
	last := ""
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	return last + "#" + frag
}

var (
	shortcodeRef = regexp.MustCompile(`^\{\{[<%]\s*(?:rel)?ref\s+"([^"]*)"\s*[>%]\}\}(#[^#]*)?$`)
	pageExt      = regexp.MustCompile(`(?i)\.(md|mdx|markdown|html?)$`)
	datePrefix   = regexp.MustCompile(`^\d{2,4}-\d{1,2}-\d{1,2}-`) // Jekyll's post names: "2016-1-05-x.md" too
	numPrefix    = regexp.MustCompile(`^\d+[-_]`)
)

// segments normalizes a path, of a source file or of a built page, into
// the segments both share: no page extension, no index/README/_index
// page name, lower case, "_" read as "-", no leading "_", no "version-"
// (Docusaurus' versioned_docs), no date (Jekyll posts), no number
// prefix (Docusaurus orders docs with "01-"), no "." or "..". A README
// names its folder only when readmeIsIndex (MkDocs, Jekyll on GitHub
// Pages, mdBook and GitHub do so; Docusaurus, Hugo and VitePress publish
// a README as a page of that name, or not at all).
func segments(p string, readmeIsIndex bool) []string {
	var out []string
	// A link may end in "/" after a page name ("x.md/#y", which Hugo's
	// GetPage and Docusaurus resolve as "x.md"): its last segment is
	// the last one not empty.
	parts := strings.Split(strings.TrimRight(p, "/"), "/")
	for i, s := range parts {
		if s == "" || s == "." || s == ".." {
			continue
		}
		if i == len(parts)-1 && pageExt.MatchString(s) || i == len(parts)-1 && !strings.HasSuffix(p, "/") {
			s = pageExt.ReplaceAllString(s, "")
			switch strings.ToLower(s) {
			case "index", "_index":
				continue
			case "readme":
				if readmeIsIndex {
					continue
				}
			}
		}
		s = strings.ToLower(strings.TrimLeft(s, "_"))
		s = strings.ReplaceAll(s, "_", "-")
		s = strings.TrimPrefix(s, "version-")
		s = datePrefix.ReplaceAllString(s, "")
		if t := numPrefix.ReplaceAllString(s, ""); t != "" {
			s = t
		}
		if s != "" && strings.Trim(s, "0123456789") != "" {
			out = append(out, s) // a number alone is a date folder of a post, or a version
		}
	}
	return out
}

func writeDetail(dir string, res *result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, f := range res.findingList {
		if err := enc.Encode(f); err != nil {
			return err
		}
	}
	name := strings.ReplaceAll(res.repo, "/", "+")
	if err := os.WriteFile(filepath.Join(dir, name+".findings.jsonl"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	buf.Reset()
	for _, m := range res.missedList {
		if err := enc.Encode(m); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, name+".missed.jsonl"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	buf.Reset()
	for _, m := range res.brokenList {
		if err := enc.Encode(m); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, name+".build-broken.jsonl"), buf.Bytes(), 0o644)
}

// printTables prints the per-repository and the per-generator tables in
// Markdown.
func printTables(w *os.File, results []*result) {
	fmt.Fprintln(w, "| repository | generator | truth | links | findings | not judged | judged | confirmed | unmatched | precision | build broken (from source) | missed | recall | findings/100 links |")
	fmt.Fprintln(w, "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range results {
		if r.err != "" {
			fmt.Fprintf(w, "| %s | %s | error: %s |\n", r.repo, r.generator, strings.ReplaceAll(r.err, "|", "/"))
			continue
		}
		line(w, r.repo, r.generator, r.truth, r)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| generator | repositories | links | findings | not judged | judged | confirmed | unmatched | precision | build broken (from source) | missed | recall | findings/100 links |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	gens := map[string]*result{}
	count := map[string]int{}
	var names []string
	total := &result{}
	for _, r := range results {
		if r.err != "" {
			continue
		}
		g := gens[r.generator]
		if g == nil {
			g = &result{}
			gens[r.generator] = g
			names = append(names, r.generator)
		}
		count[r.generator]++
		for _, s := range []*result{g, total} {
			s.links += r.links
			s.findings += r.findings
			s.notJudged += r.notJudged
			s.judged += r.judged
			s.confirmed += r.confirmed
			s.refuted += r.refuted
			s.unmatched += r.unmatched
			s.buildBroken += r.buildBroken
			s.fromSource += r.fromSource
			s.found += r.found
			s.missed += r.missed
		}
	}
	sort.Strings(names)
	n := 0
	for _, g := range names {
		genLine(w, g, count[g], gens[g])
		n += count[g]
	}
	genLine(w, "all", n, total)
}

func line(w *os.File, repo, gen, truth string, r *result) {
	fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %d | %d | %d | %d | %s | %d (%d) | %d | %s | %s |\n",
		repo, gen, truth, r.links, r.findings, r.notJudged, r.judged, r.confirmed, r.unmatched,
		pct(r.confirmed, r.judged), r.buildBroken, r.fromSource, r.missed, pct(r.found, r.fromSource), per100(r.findings, r.links))
}

func genLine(w *os.File, gen string, n int, r *result) {
	fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %s | %d (%d) | %d | %s | %s |\n",
		gen, n, r.links, r.findings, r.notJudged, r.judged, r.confirmed, r.unmatched,
		pct(r.confirmed, r.judged), r.buildBroken, r.fromSource, r.missed, pct(r.found, r.fromSource), per100(r.findings, r.links))
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f %%", 100*float64(a)/float64(b))
}

func per100(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", 100*float64(a)/float64(b))
}

// cleanRel is p relative to base, slash-separated.
func cleanRel(base, p string) string {
	rel, err := filepath.Rel(base, p)
	if err != nil {
		return p
	}
	return path.Clean(filepath.ToSlash(rel))
}

// fragKey is the key of a fragment of file's links among the findings.
// It has no case: a generator may rewrite a link's fragment as it makes
// heading ids (VitePress 2 writes the source's "#Direct-Download-CDN" as
// "#direct-download-cdn"), and the finding on the source's link reports
// the build's.
func fragKey(file, frag string) string {
	return file + "\x00#" + strings.ToLower(frag)
}

// linkedFile returns the file, a slash path from the tree's top, that a
// relative link of the source file file names, or "" for a link with a
// scheme, an absolute path, a fragment alone, template syntax, or one
// that climbs above the top.
func linkedFile(file, uri string) string {
	uri = strings.TrimSpace(uri)
	if i := strings.IndexAny(uri, "?#"); i >= 0 {
		uri = uri[:i]
	}
	if uri == "" || strings.HasPrefix(uri, "/") || strings.Contains(uri, "{{") || strings.Contains(uri, "{%") {
		return ""
	}
	if u, err := url.Parse(uri); err != nil || u.Scheme != "" || u.Host != "" {
		return ""
	} else if p, err := url.PathUnescape(u.Path); err == nil {
		uri = p
	}
	f := path.Join(path.Dir(file), uri)
	if f == "." || f == ".." || strings.HasPrefix(f, "../") {
		return ""
	}
	return f
}

// gitIgnored returns which of paths (slash paths from top) git ignores
// in the work tree top, asking one "git check-ignore". A path below an
// ignored folder is ignored; a file git tracks is not.
func gitIgnored(top string, paths []string) map[string]bool {
	out := map[string]bool{}
	if len(paths) == 0 {
		return out
	}
	cmd := exec.Command("git", "-C", top, "check-ignore", "-z", "--stdin")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	b, _ := cmd.Output() // status 1: none is ignored; 128: no work tree, none known
	for _, p := range strings.Split(string(b), "\x00") {
		if p != "" {
			out[p] = true
		}
	}
	return out
}

// sourceTexts reads source files, for links the audit's extraction may
// not list (a file it does not read, such as .mdx before it read them).
type sourceTexts struct {
	top  string
	text map[string]string // lower case
	raw  map[string]string
}

// newSourceTexts returns the reader of the source files of the tree at
// top, which reads each file when first asked.
func newSourceTexts(top string) sourceTexts {
	return sourceTexts{top: top, text: map[string]string{}, raw: map[string]string{}}
}

// read returns the text of a source file ("" when unreadable).
func (t sourceTexts) read(file string) string {
	if src, ok := t.raw[file]; ok {
		return src
	}
	b, _ := os.ReadFile(filepath.Join(t.top, filepath.FromSlash(file))) // unreadable: no text
	t.raw[file] = string(b)
	return string(b)
}

// lower returns the text of a source file in lower case.
func (t sourceTexts) lower(file string) string {
	src, ok := t.text[file]
	if !ok {
		src = strings.ToLower(t.read(file))
		t.text[file] = src
	}
	return src
}

// fragWritten returns the source file's text in lower case and href's
// path (without its query) and fragment; ok is false when href has a
// fragment that the text does not write ("#frag").
func (t sourceTexts) fragWritten(file, href string) (src, ref, frag string, ok bool) {
	src = t.lower(file)
	ref, frag, _ = strings.Cut(href, "#")
	if frag != "" && !strings.Contains(src, "#"+strings.ToLower(frag)) {
		return src, ref, frag, false
	}
	if i := strings.IndexByte(ref, '?'); i >= 0 {
		ref = ref[:i]
	}
	return src, ref, frag, true
}

// mentions reports whether the source file names href's target: its
// fragment ("#frag") and the last segment of its path, as written.
// self says whether href leads to the page the file publishes: only
// then can a fragment written alone ("#x") be it.
func (t sourceTexts) mentions(file, href string, self bool) bool {
	src, ref, frag, ok := t.fragWritten(file, href)
	if !ok {
		return false
	}
	if ref == "" {
		return frag != "" // a fragment alone, as written
	}
	ref = strings.ToLower(strings.TrimSuffix(ref, "/"))
	if ref == "" {
		// The site's top: with a fragment, "/" must be written before
		// it ("/#x"), not "#x" alone nor "./#x", the page's own.
		return frag != "" && fragAfter(src, frag, func(target string) bool {
			return target == "/"
		})
	}
	if t.writesWhole(file, href) {
		return true // written as in the build
	}
	// Else the target's name as a source link writes it: with a page
	// extension, or beside the fragment. A name alone is too common a
	// word ("default", "nuxt") to say the source links to it: a theme's
	// locale switcher links each page to its translation.
	last := path.Base(ref)
	stem := strings.TrimSuffix(last, path.Ext(last))
	own := strings.ToLower(path.Base(file))
	own = strings.TrimSuffix(own, path.Ext(own))
	if own == "index" || own == "readme" || own == "_index" {
		own = strings.ToLower(path.Base(path.Dir(file)))
	}
	// An index or a README is named by its folder: every folder has
	// one, and a text naming "README.md" (a shortcode's include of the
	// page's own README) does not name "CHANGELOG/README.md".
	if stem == "" || stem == "." || stem == "index" || strings.EqualFold(stem, "readme") {
		if frag == "" {
			return false
		}
		stem = path.Base(path.Dir(ref))
	}
	if frag != "" {
		// The fragment must follow a link target naming the page:
		// "page.md#x", "../page/#x". One written alone ("#x") is a link
		// to the page itself; the build's link to another page with
		// that fragment ("/cs/#def-x" for a shortcode's "#def-x") is
		// what a template or shortcode made of it.
		// Names compare as normalized segments, by letters and digits
		// ("OrganizingState.md" is the page a generator publishes at
		// "organizing-state", "01-intro.md" at "intro").
		name := alnum(stem)
		if segs := segments(ref, true); len(segs) > 0 {
			name = alnum(segs[len(segs)-1]) // "1.1": a version, no extension
		}
		return fragAfter(src, frag, func(target string) bool {
			if target == "" {
				// The page's own: the link is this one where href
				// leads to the page, not where a template's link
				// to another URL of that name ("/docs/x.html#y"
				// for "/docs/x/") has that fragment too.
				return self && alnum(own) == name
			}
			for _, seg := range segments(target, true) {
				if alnum(seg) == name {
					return true
				}
			}
			return false
		})
	}
	// A page's link to itself, without a fragment, is a theme's (a
	// locale switcher's "/es/<page>/"), not the source's.
	if own == stem {
		return false
	}
	for _, ext := range []string{".md", ".mdx", ".markdown", ".html"} {
		if containsTarget(src, stem+ext, true) {
			return true
		}
	}
	return false
}

// writesWhole reports whether the source file writes href as a whole
// link target (its path, without a final "/", as the build has it) and
// href's fragment somewhere.
func (t sourceTexts) writesWhole(file, href string) bool {
	src, ref, _, ok := t.fragWritten(file, href)
	if !ok {
		return false
	}
	ref = strings.ToLower(strings.TrimSuffix(ref, "/"))
	return ref != "" && containsTarget(src, ref, false)
}

// allTemplated reports whether every source link of ls is written with
// template syntax (none may be: the file's text names the target).
func allTemplated(ls []sourceLink) bool {
	for _, l := range ls {
		if !strings.Contains(l.URI, "{{") && !strings.Contains(l.URI, "{%") {
			return false
		}
	}
	return true
}

// allAbsolute reports whether the source links ls that can be href are
// all absolute URLs (a scheme and a host), or, with none, whether href
// is one and the file's text (lower case) names its host: the build
// may write a relative link of the source as an absolute URL.
func allAbsolute(ls []sourceLink, href, text string) bool {
	if len(ls) == 0 {
		u, err := url.Parse(strings.TrimSpace(href))
		return err == nil && u.Scheme != "" && u.Host != "" && strings.Contains(text, "//"+strings.ToLower(u.Host))
	}
	for _, l := range ls {
		u, err := url.Parse(strings.TrimSpace(l.URI))
		if err != nil || u.Scheme == "" || u.Host == "" {
			return false
		}
	}
	return true
}

// alnum returns the letters and digits of s.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// fragAfter reports whether src has "#frag" (lower case, as src is)
// after a link target for which ok holds: the run of URL bytes before
// the "#", empty for a fragment written alone.
func fragAfter(src, frag string, ok func(target string) bool) bool {
	frag = "#" + strings.ToLower(frag)
	for i := 0; ; {
		k := strings.Index(src[i:], frag)
		if k < 0 {
			return false
		}
		at := i + k
		start := at
		for start > 0 && (pathByte(src[start-1]) || src[start-1] == ':') {
			start--
		}
		if ok(src[start:at]) {
			return true
		}
		i = at + 1
	}
}

// templated reports whether the source file writes href's target
// through a template variable: its last path segment, as href has it,
// ends a link target that begins right after a template expression
// ("{{ site.ref }}/enums/enums.html"). The variable's value, a URL of
// the configuration, is what the link leads under, not the file's text.
func (t sourceTexts) templated(file, href string) bool {
	src := t.lower(file)
	ref, _, _ := strings.Cut(href, "#")
	if i := strings.IndexByte(ref, '?'); i >= 0 {
		ref = ref[:i]
	}
	last := path.Base(strings.ToLower(strings.TrimSuffix(ref, "/")))
	if last == "" || last == "." || last == "/" {
		return false
	}
	for i := 0; ; {
		k := strings.Index(src[i:], last)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(last)
		if end == len(src) || !pathByte(src[end]) {
			for start > 0 && (pathByte(src[start-1]) || src[start-1] == ':') {
				start--
			}
			if start >= 2 && (src[start-2:start] == "}}" || src[start-2:start] == "%}") {
				return true
			}
		}
		i = i + k + 1
	}
}

// containsTarget reports whether src holds target as a whole link
// target: not inside a longer path ("/api/v7" in "pathname:///api/v7/x"),
// not run into a longer name. With lastSegment, target may follow a "/".
func containsTarget(src, target string, lastSegment bool) bool {
	for i := 0; ; {
		k := strings.Index(src[i:], target)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(target)
		before, after := byte(' '), byte(' ')
		if start > 0 {
			before = src[start-1]
		}
		if end < len(src) {
			after = src[end]
		}
		if (!pathByte(before) || lastSegment && before == '/') && !pathByte(after) {
			return true
		}
		i = start + 1
	}
}

// pathByte reports whether c may be a byte of a URL path (RFC 3986
// pchar and "/", without the sub-delims that end a link in prose).
func pathByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~%/", c) >= 0
}

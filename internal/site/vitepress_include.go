package site

import (
	"bytes"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// VitePress's Markdown file inclusion (guide "Markdown Extensions",
// "Markdown File Inclusion"), as its processIncludes does it: the text
// of "<!--@include: path-->" is put in place of the comment before the
// page is parsed, so what the included file writes is the including
// page's: its headings get ids there, and its links are the page's
// links, resolved from the page's URL (the rewritten one, with
// rewrites), not from the included file's folder. The path is from the
// folder of the file the comment is in (the included file's, for an
// include inside an included file), or, after "@", from the source
// folder ("@/parts/x.md", and "@parts/x.md" alike: the character after
// "@" is dropped only when it is "/"). A region ("#name") or a line
// range ("{3,10}") after the path includes part of the file.

// A Rendering is a page that renders the text of another file inside
// its own (VitePress' "<!--@include: ./part.md-->"): Page is the page's
// source, a slash path from the audited root, and From and To the lines
// of the included file it renders (from 1, both included).
type Rendering struct {
	Page     string
	From, To int
}

// IncludedIn returns the pages that render the text of the file rel (a
// slash path from the audited root) inside their own, with the lines
// each renders; nil when no page does. A link written there is the
// including page's link. The slice is the site's: the caller does not
// change it (it is asked for every link of the file).
func (s *Site) IncludedIn(rel string) []Rendering {
	in, ok := s.inner(rel)
	if !ok || s.rendered == nil {
		return nil
	}
	return s.rendered[in]
}

// IncludeLinksMayRebase reports whether the site's generator may write
// the relative Markdown links ("./x.md", "../x.md") of a file a page
// includes as from that file's folder rather than the page's (VitePress
// from 2.0.0-alpha.19, unless markdown.include.rebaseRelativeUrls is
// false): the version the range admits decides, which the tree may not
// say.
func (s *Site) IncludeLinksMayRebase() bool { return s.includeRebase }

// vitepressIncludeComment is processIncludes' directive: the comment's
// whole text after "@include:", trimmed, on one line.
var vitepressIncludeComment = regexp.MustCompile(`<!--\s*@include:\s*(.*?)\s*-->`)

// vitepressRange is the line range at the end of a directive ("{3,}",
// "{,10}", "{3,10}"); vitepressRegion1 and vitepressRegion2 its region
// as VitePress 1 and 2 read it: the first "#name" anywhere in it.
var (
	vitepressRange   = regexp.MustCompile(`\{(\d*),(\d*)\}$`)
	vitepressRegion1 = regexp.MustCompile(`#[\w-]+`)
	vitepressRegion2 = regexp.MustCompile(`#[^\s{]+`)
)

// vpInclude is one include directive of a file.
type vpInclude struct {
	line   int    // the directive's line, from 0
	name   string // the path as written
	file   string // the file it names, a slash path from the site's folder (it may climb: "../x.md")
	region string // without its "#", "" for none
	rng    bool   // a line range follows
	a, b   string // the range's bounds as written, "" for none
}

// vitepressDirectives returns the include directives of the file rel (a
// slash path from the site's folder; its source src) in the source
// folder dir, as VitePress of the major version reads them.
func vitepressDirectives(src []byte, rel, dir string, major int) []vpInclude {
	if !bytes.Contains(src, []byte("@include:")) {
		return nil
	}
	region := vitepressRegion1
	if major >= 2 {
		region = vitepressRegion2
	}
	var out []vpInclude
	line := 0
	for rest := src; len(rest) > 0; line++ {
		end := bytes.IndexByte(rest, '\n')
		text := rest
		if end >= 0 {
			text, rest = rest[:end], rest[end+1:]
		} else {
			rest = nil
		}
		if !bytes.Contains(text, []byte("@include:")) {
			continue
		}
		for _, m := range vitepressIncludeComment.FindAllSubmatch(text, -1) {
			m1 := string(m[1])
			if m1 == "" {
				continue
			}
			inc := vpInclude{line: line}
			cut := 0
			if r := vitepressRange.FindStringSubmatch(m1); r != nil {
				inc.rng, inc.a, inc.b = true, r[1], r[2]
				cut += len(r[0])
			}
			if r := region.FindString(m1); r != "" {
				inc.region = r[1:]
				cut += len(r)
			}
			if cut > len(m1) {
				continue // the region is inside the range: VitePress's cut leaves no path
			}
			m1 = m1[:len(m1)-cut]
			if m1 == "" {
				continue
			}
			inc.name = m1
			if m1[0] == '@' {
				rest := m1[1:]
				if len(m1) > 1 && m1[1] == '/' {
					rest = m1[2:]
				}
				inc.file = path.Join(dir, rest)
			} else {
				inc.file = path.Join(path.Dir(rel), m1)
			}
			if inc.file == "" || inc.file == "." || strings.HasSuffix(inc.file, "/..") || inc.file == ".." {
				continue // a folder: VitePress cannot read it, and leaves the comment
			}
			out = append(out, inc)
		}
	}
	return out
}

// maxVitepressIncludeDepth bounds how deep includes of includes are
// followed (VitePress follows them until the build fails on a cycle),
// maxIncludeReads how many included files are read for their own, and
// maxIncludeSteps the work of laying includes out: the directives
// followed and the headings looked at, which a repository's includes of
// includes (a page that includes itself forty times) would otherwise
// multiply without bound.
const (
	maxVitepressIncludeDepth = 8
	maxIncludeReads          = 4096
	maxIncludeSteps          = 1 << 20
)

// vpPart is an included file, read once: its lines and directives, and
// its headings and regions, found once for all the directives that
// include it in part.
type vpPart struct {
	// src is the file's text, and n its number of lines: its lines are
	// split apart only to find its headings and regions, and not kept
	// (a slice header for each line of each file would be 24 bytes a
	// line, a megabyte of line breaks 24 MB).
	src     []byte
	n       int
	incs    []vpInclude
	heads   []vpHeading       // nil until headings
	regions map[string][2]int // nil until regionLines: each region's lines [lo, hi)
}

// vpHeading is a heading of a part: its line (from 0), level and id, and
// the line where its section ends (the next heading of its level or
// above, or the part's end).
type vpHeading struct {
	line, level, end int
	id               string
}

// vpSpan is the lines [lo, hi) of the file file that a page renders.
type vpSpan struct {
	page, file string
	lo, hi     int
}

// vpIncludes lays out which pages render which files' lines.
type vpIncludes struct {
	t     *Tree
	s     *Site
	dir   string // the source folder
	major int
	parts map[string]*vpPart // nil: not a file of the tree
	reads int
	// done are the spans already rendered, with the least depth they
	// were followed from: a span met again no deeper is not followed
	// again (a cycle, or a part included twice).
	done  map[vpSpan]int
	steps int // spent of maxIncludeSteps
}

// part returns the file rel read, nil when the tree has no such file
// (or too many were read).
func (v *vpIncludes) part(rel string, src []byte) *vpPart {
	if p, ok := v.parts[rel]; ok {
		return p
	}
	if src == nil {
		if v.reads >= maxIncludeReads {
			return nil
		}
		v.reads++
		var err error
		if src, err = v.t.Read(rel); err != nil {
			v.parts[rel] = nil
			return nil
		}
	}
	p := newVpPart(src)
	p.incs = vitepressDirectives(src, rel, v.dir, v.major)
	v.parts[rel] = p
	return p
}

// newVpPart returns the part of the text src, its directives not read.
func newVpPart(src []byte) *vpPart {
	return &vpPart{src: src, n: bytes.Count(src, []byte("\n")) + 1}
}

// spend takes n steps of maxIncludeSteps, and reports false (noting it
// once) when they are spent: the includes are then not followed further.
func (v *vpIncludes) spend(n int) bool {
	if v.steps >= maxIncludeSteps {
		return false
	}
	v.steps += n
	if v.steps >= maxIncludeSteps {
		v.s.Note("include directives not all followed: more than %d steps", maxIncludeSteps)
		return false
	}
	return true
}

// render records the files that the lines [lo, hi) of the file rel
// include, rendered in the page, and follows their own includes.
func (v *vpIncludes) render(page, rel string, lo, hi, depth int) {
	p := v.parts[rel]
	if p == nil || depth >= maxVitepressIncludeDepth {
		return
	}
	for _, inc := range p.incs {
		if inc.line < lo || inc.line >= hi {
			continue
		}
		if !v.spend(1) {
			return
		}
		q := v.part(inc.file, nil)
		if q == nil {
			continue // VitePress leaves the comment as it is
		}
		clo, chi := v.span(q, inc)
		if clo >= chi {
			continue
		}
		key := vpSpan{page: page, file: inc.file, lo: clo, hi: chi}
		d, seen := v.done[key]
		if seen && d <= depth+1 {
			continue
		}
		if v.done == nil {
			v.done = map[vpSpan]int{}
		}
		v.done[key] = depth + 1
		if !seen {
			if clo > 0 || chi < q.n {
				v.partIDs(page, q, clo, chi)
			}
			if v.s.rendered == nil {
				v.s.rendered = map[string][]Rendering{}
			}
			v.s.rendered[inc.file] = append(v.s.rendered[inc.file], Rendering{Page: v.s.outer(page), From: clo + 1, To: chi})
		}
		v.render(page, inc.file, clo, chi, depth+1)
	}
}

// partIDs records, for the page, the ids of the headings of the part
// p that it includes only in part (the lines [lo, hi)): those outside
// are no ids of the page, unless another of its headings has them too.
func (v *vpIncludes) partIDs(page string, p *vpPart, lo, hi int) {
	heads := v.headings(p)
	if !v.spend(len(heads)) {
		return
	}
	s := v.s
	if s.partIDs == nil {
		s.partIDs = map[string]*partIDs{}
	}
	ids := s.partIDs[page]
	if ids == nil {
		ids = &partIDs{inside: map[string]bool{}, outside: map[string]bool{}}
		s.partIDs[page] = ids
	}
	for _, h := range heads {
		if h.line >= lo && h.line < hi {
			ids.inside[h.id] = true
		} else {
			ids.outside[h.id] = true
		}
	}
}

// partIDs are the ids of the headings of files a page includes in
// part: inside the lines it renders, and outside them.
type partIDs struct{ inside, outside map[string]bool }

// OutsideIncludedLines reports whether the id frag of the page rel (a
// slash path from the audited root) is only that of a heading of a file
// the page includes in part (a region or a line range), outside the
// lines it renders: the page does not have it, though the file does.
func (s *Site) OutsideIncludedLines(rel, frag string) bool {
	in, ok := s.inner(rel)
	if !ok || s.partIDs == nil {
		return false
	}
	ids := s.partIDs[in]
	return ids != nil && ids.outside[frag] && !ids.inside[frag]
}

// span returns the lines [lo, hi) of the included file p that the
// directive inc puts in the page: its region's (the lines between the
// region's markers; with VitePress 2, where no marker names it, the
// section below the heading of that id), then its range's within
// those, counted from 1 with JavaScript's slice (a bound of 0 is -1:
// from the end). A region not found is the whole file, as VitePress
// takes it.
func (v *vpIncludes) span(p *vpPart, inc vpInclude) (int, int) {
	lo, hi := 0, p.n
	if inc.region != "" {
		if r, ok := p.regionLines()[inc.region]; ok {
			lo, hi = r[0], r[1]
		} else if v.major >= 2 {
			if a, b, ok := v.headingSection(p, inc.region); ok {
				lo, hi = a, b
			}
		}
	}
	if inc.rng {
		n := hi - lo
		start, end := 0, n
		if inc.a != "" {
			k, _ := strconv.Atoi(inc.a)
			start = jsIndex(k-1, n)
		}
		if inc.b != "" {
			k, _ := strconv.Atoi(inc.b)
			end = jsIndex(k, n)
		}
		if end < start {
			end = start
		}
		lo, hi = lo+start, lo+end
	}
	return lo, hi
}

// jsIndex is what JavaScript's Array.prototype.slice makes of the bound
// k of an array of n: a negative one counts from the end, both are
// clamped to [0, n].
func jsIndex(k, n int) int {
	if k < 0 {
		k += n
	}
	return min(max(k, 0), n)
}

// vitepressRegionMarkers are the region comments VitePress's findRegion
// knows (its snippets' and includes'): the tag ("region" or
// "endregion") and the region's name.
var vitepressRegionMarkers = []*regexp.Regexp{
	regexp.MustCompile(`^// ?#?((?:end)?region) ([\w*-]+)$`),
	regexp.MustCompile(`^/\* ?#((?:end)?region) ([\w*-]+) ?\*/$`),
	regexp.MustCompile(`^#pragma ((?:end)?region) ([\w*-]+)$`),
	regexp.MustCompile(`^<!-- #?((?:end)?region) ([\w*-]+) -->$`),
	regexp.MustCompile(`^#((?:End )Region) ([\w*-]+)$`),
	regexp.MustCompile(`^::#((?:end)region) ([\w*-]+)$`),
	regexp.MustCompile(`^# ?((?:end)?region) ([\w*-]+)$`),
}

// regionLines returns the regions of the part, found in one pass: by
// name, the lines [lo, hi) between its markers, after the line that
// first opens it, before the first that closes it with the same kind of
// marker.
func (p *vpPart) regionLines() map[string][2]int {
	if p.regions != nil {
		return p.regions
	}
	p.regions = map[string][2]int{}
	type open struct {
		re    *regexp.Regexp
		start int
	}
	opened := map[string]open{}
	for i, line := range bytes.Split(p.src, []byte("\n")) {
		if !bytes.Contains(line, []byte("egion")) {
			continue
		}
		text := string(bytes.TrimSpace(line))
		for _, r := range vitepressRegionMarkers {
			m := r.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			name := m[2]
			if _, done := p.regions[name]; done {
				continue
			}
			if o, ok := opened[name]; ok {
				if o.re == r && isEndRegion(m[1]) {
					p.regions[name] = [2]int{o.start, i}
					break
				}
				continue
			}
			if strings.EqualFold(m[1], "region") {
				opened[name] = open{r, i + 1}
				break
			}
		}
	}
	return p.regions
}

// isEndRegion reports whether a marker's tag closes a region ("endregion",
// "End Region", "endRegion").
func isEndRegion(tag string) bool {
	t := strings.ReplaceAll(strings.ToLower(tag), " ", "")
	return t == "endregion"
}

// headingSection returns the lines [lo, hi) below the first heading
// of the part whose id is id (VitePress 2's region by heading): from the
// line after it to the next heading of its level or above, or to the
// end.
func (v *vpIncludes) headingSection(p *vpPart, id string) (int, int, bool) {
	for _, h := range v.headings(p) {
		if h.id == id {
			return h.line + 1, h.end, true
		}
	}
	return 0, 0, false
}

// headings returns the headings of the part, found once, each with the
// end of its section.
func (v *vpIncludes) headings(p *vpPart) []vpHeading {
	if p.heads != nil {
		return p.heads
	}
	p.heads = []vpHeading{}
	var open []int // the headings whose section has not ended, levels rising
	v.eachHeadingLevel(bytes.Split(p.src, []byte("\n")), func(i, level int, id string) {
		for len(open) > 0 && p.heads[open[len(open)-1]].level >= level {
			p.heads[open[len(open)-1]].end = i
			open = open[:len(open)-1]
		}
		open = append(open, len(p.heads))
		p.heads = append(p.heads, vpHeading{line: i, level: level, end: p.n, id: id})
	})
	return p.heads
}

// eachHeadingLevel calls fn with the line (from 0), level and id of
// each ATX heading of lines outside fenced code: its own id ("{#id}"),
// else the site's slug of its text, numbered when repeated.
func (v *vpIncludes) eachHeadingLevel(lines [][]byte, fn func(i, level int, id string)) {
	seen := map[string]int{}
	fence := ""
	for i, line := range lines {
		t := strings.TrimLeft(string(line), " ")
		if len(line)-len(t) > 3 {
			continue
		}
		if f := fenceOf(line); f != nil {
			switch {
			case fence == "":
				fence = string(f)
			case len(f) >= len(fence) && f[0] == fence[0] && strings.TrimSpace(t[len(f):]) == "":
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		n := 0
		for n < len(t) && n < 7 && t[n] == '#' {
			n++
		}
		if n == 0 || n > 6 || n < len(t) && t[n] != ' ' && t[n] != '\t' {
			continue
		}
		text := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[n:]), "#"))
		hid := ""
		if m := explicitHeadingID.FindStringSubmatch(text); m != nil {
			hid = m[1]
		} else {
			hid = v.s.slug(text)
			if k := seen[hid]; k > 0 {
				seen[hid] = k + 1
				hid += "-" + strconv.Itoa(k)
			} else {
				seen[hid] = 1
			}
		}
		fn(i, n, hid)
	}
}

// explicitHeadingID is a heading's own id written at its end ("{#id}").
var explicitHeadingID = regexp.MustCompile(`\{#([^\s}]+)\}\s*$`)

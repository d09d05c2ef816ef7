package audit

import (
	"bytes"
	"html"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/internal/site"
)

// targetIndex holds the anchors of the files that links lead to: those of
// the audited files from their own parse, any other read when a link
// first needs it.
type targetIndex struct {
	a       *auditor
	mu      sync.Mutex
	targets map[string]*target
}

// target is what a fragment may name in one file. A target of every
// file of a tree is kept for the run: what few pages have sits behind
// pointers, nil for the others.
type target struct {
	// mu guards filled, the fill and sets; a target is filled
	// under it by the first to need it, as sync.Once would, without
	// the second lock.
	mu     sync.Mutex
	kind   kind
	binary bool
	filled bool
	// shortcodes: the page calls a Hugo shortcode, which may write its
	// raw HTML as it is (site.CallsShortcodes).
	shortcodes bool
	title      int32 // the index in anchors of the first heading when it is a leading top-level one, else -1
	lines      int   // for line anchors
	// anchors are those of the page, in order, only their names and
	// kinds.
	anchors []anchorName
	// headings are the texts of the headings that have no id of their
	// own, in order: a publisher other than GitHub makes other ids of
	// them.
	headings []string
	marks    *pageMarks // nil when the page has none
	// writers are what writes ids of the page that its source does not
	// show, nil when nothing does.
	writers *pageWriters
	texts   *headingTexts // nil when no heading has such a text
	sets    []siteSet     // by publisher: one, mostly
}

// headingTexts are the texts of the headings of a page that some
// publishers make other ids of, by index in the page's anchors.
type headingTexts struct {
	// refAlt are the ids of the headings that hold "[text][label]"
	// made of the text alone (site.RefLabelsDropped).
	refAlt map[int]string
	// idTexts are the raw texts of the headings that end in a "{#...}"
	// the Markdown parser did not take for an id ("{#i18n.\_}"), which a
	// publisher may (site.TextID).
	idTexts map[int]string
	// entityText are the texts of the headings that hold a character
	// reference ("&mdash;") as written: an older Hugo makes the id of
	// the reference's name (site.EntityNamesInIDs).
	entityText []string
	// attrText are the texts of the headings with an attribute block
	// ("## Title {#custom}") as written, the block kept: GitHub reads
	// none, so the block is text of the heading (site.HeadingAttributes).
	attrText map[int]string
}

// fillOnce calls fill if t is not filled yet, under t.mu, and marks it
// filled: whoever needs t first fills it, the others wait for it.
func (t *target) fillOnce(fill func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.filled {
		fill()
		t.filled = true
	}
}

// moreTexts returns t.texts, made when t has none.
func (t *target) moreTexts() *headingTexts {
	if t.texts == nil {
		t.texts = &headingTexts{}
	}
	return t.texts
}

// pageWriters are what, in a page's source, writes ids that the source
// does not show.
type pageWriters struct {
	// written says what writes ids of the page that its source does
	// not show (a template expression in an id, an include), "" when
	// nothing does.
	written string
	// writtenBesides is written leaving the page's file includes out:
	// what still writes ids when the site's model resolved every file
	// the page includes (site.IncludesKnown).
	writtenBesides string
	// includeMarks are the include marks of idWriters the page has
	// ("--8<--", "{!", "{% include"), which only a site that reads
	// them makes includes (site.ReadsIncludeMark).
	includeMarks []string
	// liquidIncludes are the page's Jekyll include tags
	// (site.LiquidIncludeTags), writtenBesidesLiquid is written leaving
	// them out: what still writes ids when the site's model knows what
	// every included file writes (site.LiquidIncludesKnown).
	liquidIncludes       []string
	writtenBesidesLiquid string
	// shortcodes are the Hugo shortcodes the page calls, nil when none:
	// a site's own shortcode may write ids (site.ShortcodeIDs).
	shortcodes    []string
	shortcodeArgs []string // those called with arguments
	shortcodeHTML []string // those called with HTML in their arguments
}

// noWriters is what a page without writers has.
var noWriters pageWriters

// idWriters returns t's writers; those of a page without any are empty.
func (t *target) idWriters() *pageWriters {
	if t.writers == nil {
		return &noWriters
	}
	return t.writers
}

// anchorName is what a target keeps of an extract.Anchor.
type anchorName struct {
	name string
	kind extract.AnchorKind
	// top: a top-level heading ("# A", "A\n==="), which some
	// publishers give no id (site.H1NoID).
	top bool
}

// pageMarks are the rarer things of a Markdown page that publishers give
// ids.
type pageMarks struct {
	footnotes []string // labels of Markdown footnotes
	terms     []string // definition terms
	tabs      []string // titles of content tabs
	tabSets   []int    // how many tabs each set of content tabs has, sets in the order they open
	attrIDs   []attrID // ids of attribute lists ("{: #id}", "{ #id }")
	hashIDs   []string // heading ids written "{##id}"
}

// siteSet is the anchor set of a page as one publisher makes it.
type siteSet struct {
	site *site.Site
	set  *anchor.Set
}

func newTargetIndex(a *auditor) *targetIndex {
	return &targetIndex{a: a, targets: map[string]*target{}}
}

// add indexes the audited files whose kind is that of their extension.
func (ix *targetIndex) add(files []*File) {
	for _, f := range files {
		if f.abs == "" || f.doc == nil || f.kind != kindOf(f.abs) {
			continue
		}
		t := &target{title: -1}
		t.fillOnce(func() {
			// The parse refused a binary source, but for one decoded
			// from UTF-16, which was not asked.
			t.binary = f.decoded && binary(f.Src)
			t.fill(f.kind, f.Src, f.doc, !ix.a.githubIDs)
		})
		ix.targets[f.abs] = t
	}
}

// addOne indexes one audited file, as add does, while files are parsed
// in parallel.
func (ix *targetIndex) addOne(f *File) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.add([]*File{f})
}

// get returns the anchors of the file abs, reading it when no audited file
// is that file. A file that cannot be read has no anchors.
func (ix *targetIndex) get(abs string) *target {
	ix.mu.Lock()
	t := ix.targets[abs]
	if t == nil {
		t = &target{title: -1}
		ix.targets[abs] = t
	}
	ix.mu.Unlock()
	t.fillOnce(func() {
		// A target no one named: a named pipe there must not block.
		src, err := site.ReadRegular(abs)
		if err != nil {
			t.fill(kindText, nil, nil, true)
			return
		}
		k := kindOf(abs)
		var d *extract.Doc
		t.binary = binary(src)
		if !t.binary {
			switch k {
			case kindMarkdown:
				d = ix.a.ex.MarkdownDoc(src)
			case kindHTML:
				d = ix.a.ex.HTMLDoc(src)
			}
		}
		t.fill(k, src, d, true)
	})
	return t
}

// fill records what a fragment may name in the file of kind k, source
// src and parse d, but whether it is binary (t.binary, set first);
// texts keeps the texts of headings, which only a publisher with heading
// ids of its own needs.
func (t *target) fill(k kind, src []byte, d *extract.Doc, texts bool) {
	t.kind = k
	t.lines = bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		t.lines++
	}
	var w pageWriters
	w.written = writtenIDs(src, false, false)
	if w.written != "" {
		// Without a writer, none is left beside the includes either:
		// the second scan is for a page that has one.
		w.writtenBesides = writtenIDs(src, true, false)
		for _, iw := range idWriters {
			if iw.include && bytes.Contains(src, []byte(iw.mark)) {
				w.includeMarks = append(w.includeMarks, iw.mark)
			}
		}
		if tags := site.LiquidIncludeTags(src); tags != nil {
			w.liquidIncludes, w.writtenBesidesLiquid = tags, writtenIDs(src, false, true)
		}
	}
	if site.CallsShortcodes(src) {
		t.shortcodes = true
		w.shortcodes, w.shortcodeArgs, w.shortcodeHTML = site.ShortcodeUses(src)
	}
	if w.written != "" || w.shortcodes != nil || w.shortcodeArgs != nil || w.shortcodeHTML != nil {
		kept := w // on the heap for the few pages that have writers only
		t.writers = &kept
	}
	if d == nil {
		return
	}
	t.anchors = make([]anchorName, len(d.Anchors))
	for i, an := range d.Anchors {
		t.anchors[i] = anchorName{name: an.Name, kind: an.Kind}
	}
	if k != kindMarkdown || d.Plain != nil {
		return
	}
	// The first heading after the front matter: "---", "id: x", "---"
	// reads as a rule and a setext heading to a Markdown parser.
	fmEnd := frontMatterEnd(src)
	first := true
	for i, an := range d.Anchors {
		if an.Kind == extract.HeadingSlug && (texts || headingHasAmp(src, an.Start.Offset)) {
			raw := headingTextRaw(src, an.Start.Offset)
			text := unescapeHeading(raw)
			if text != raw {
				m := t.moreTexts()
				m.entityText = append(m.entityText, raw)
			}
			if texts {
				t.headings = append(t.headings, text)
			}
		}
		if an.Kind == extract.HeadingSlug && headingHas(src, an.Start.Offset, "{#") {
			m := t.moreTexts()
			if m.idTexts == nil {
				m.idTexts = map[int]string{}
			}
			m.idTexts[i] = headingTextRaw(src, an.Start.Offset)
		}
		if an.Kind == extract.HeadingSlug {
			if alt, ok := refLabelSlug(src, an.Start.Offset); ok {
				m := t.moreTexts()
				if m.refAlt == nil {
					m.refAlt = map[int]string{}
				}
				m.refAlt[i] = alt
			}
		}
		if an.Kind == extract.HeadingID {
			m := t.moreTexts()
			if m.attrText == nil {
				m.attrText = map[int]string{}
			}
			m.attrText[i] = headingText(src, an.Start.Offset)
		}
		if (an.Kind == extract.HeadingSlug || an.Kind == extract.HeadingID) && topHeading(src, an.Start.Offset) {
			t.anchors[i].top = true
		}
		if first && (an.Kind == extract.HeadingSlug || an.Kind == extract.HeadingID) && an.Start.Offset >= fmEnd {
			first = false
			if leadingTitle(src, an.Start.Offset) && i <= math.MaxInt32 {
				t.title = int32(i)
			}
		}
	}
	var hashIDs []string
	for _, an := range d.Anchors {
		if an.Kind == extract.HeadingID && hashID(src, an.Start.Offset, an.Name) {
			hashIDs = append(hashIDs, an.Name)
		}
	}
	if fn, terms, tabs, attrs, sets := scanMarkdown(src); fn != nil || terms != nil || tabs != nil || attrs != nil || hashIDs != nil {
		t.marks = &pageMarks{footnotes: fn, terms: terms, tabs: tabs, tabSets: sets, attrIDs: attrs, hashIDs: hashIDs}
	}
}

// anchorsFor returns the anchors of the page as publisher s makes them.
func (t *target) anchorsFor(s *site.Site) *anchor.Set {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, ss := range t.sets {
		if ss.site == s {
			return ss.set
		}
	}
	set := anchor.NewSet(len(t.anchors))
	ids := s.HeadingIDs(t.headings)
	h := 0
	rawDropped := t.kind == kindMarkdown && !t.shortcodes && s.RawHTMLDropped()
	var texts headingTexts // the maps of none
	if t.texts != nil {
		texts = *t.texts
	}
	for i, an := range t.anchors {
		if rawDropped && (an.kind == extract.IDAttr || an.kind == extract.NameAttr) {
			continue // raw HTML the publisher does not render
		}
		if i == int(t.title) && s.TitleNoID() || s.H1NoID() && an.top || s.HeadingNoID() && an.kind == extract.HeadingSlug {
			if an.kind == extract.HeadingSlug {
				h++
			}
			continue
		}
		name := an.name
		if an.kind == extract.HeadingID && s.HashIDs() && t.marks != nil && slices.Contains(t.marks.hashIDs, name) {
			name = "#" + name // VitePress keeps the second "#" of "{##id}"
		}
		if text, ok := texts.attrText[i]; ok && !s.HeadingAttributes() {
			// The block is text: "Title {#custom}" is "title-custom",
			// numbered past the ids before it (MkDocs: "title-custom_1").
			base := s.Slug(text)
			name = base
			for k := 1; set.Has(name); k++ {
				name = base + s.DupSep() + strconv.Itoa(k)
			}
		}
		if an.kind == extract.HeadingSlug {
			if ids != nil && h < len(ids) {
				name = ids[h]
			} else if alt, ok := texts.refAlt[i]; ok && s.RefLabelsDropped() {
				name = alt
			}
			if raw, ok := texts.idTexts[i]; ok {
				if id, ok := s.TextID(raw); ok {
					name = id
				}
			}
			h++
		}
		set.Add(name)
	}
	for _, text := range t.headings {
		if v, ok := s.HeadingIDVariant(text); ok {
			set.Add(v)
		}
	}
	if texts.entityText != nil && s.EntityNamesInIDs() {
		for _, raw := range texts.entityText {
			if ids := s.HeadingIDs([]string{raw}); len(ids) == 1 {
				set.Add(ids[0])
			} else if ids == nil {
				set.Add(extract.Slug(raw)) // the extractor's GitHub slug
			}
		}
	}
	if m := t.marks; m != nil {
		if s.Forge {
			// GitHub's footnotes: "user-content-fn-LABEL" for the note,
			// "user-content-fnref-LABEL" where it is cited.
			for _, fn := range m.footnotes {
				set.Add("fn-" + fn)
				set.Add("fnref-" + fn)
			}
		} else {
			for _, fn := range m.footnotes {
				if note, ref, ok := s.FootnoteIDs(fn); ok {
					set.Add(note)
					set.Add(ref)
				}
			}
		}
		if s.TermIDs() {
			for _, id := range s.TermAnchors(m.terms) {
				set.Add(id)
			}
		}
		if s.TabIDs() {
			for _, id := range s.TermAnchors(m.tabs) {
				set.Add(id)
			}
		} else if s.TabIndexIDs() {
			// pymdownx.tabbed without slugify: the radio input of tab j
			// of the page's set i is "__tabbed_i_j".
			for i, n := range m.tabSets {
				for j := 1; j <= n; j++ {
					set.Add("__tabbed_" + strconv.Itoa(i+1) + "_" + strconv.Itoa(j))
				}
			}
		}
		// Attribute lists (kramdown's IALs, Python-Markdown's attr_list,
		// markdown-it-attrs) give the element before them, or the
		// heading above, the id; a forge shows them as text.
		colon, bare := s.AttrLists()
		for _, id := range m.attrIDs {
			if id.colon && colon || !id.colon && bare {
				set.Add(id.name)
			}
		}
	}
	// Kept for the run, and only read from now on.
	set.Compact()
	t.sets = append(t.sets, siteSet{s, set})
	return set
}

// idWriters are what, in a page's source, writes ids that the source
// does not show: an id made by a template expression (Liquid, Go
// templates, Jinja, JSX), or a file included when the site is built
// (pymdownx.snippets, markdown-include, Jekyll and Liquid includes,
// Hugo's and mdBook's include directives), or Markdown rendered by an
// expression (Liquid's "{{ doc.content }}" of another document,
// "| markdownify").
var idWriters = []struct {
	mark, why string
	include   bool // a file include a site's model may resolve
	liquid    bool // a Jekyll include tag (site.LiquidIncludesKnown)
}{
	{`id="{{`, "an id is made by a template expression", false, false},
	{`id='{{`, "an id is made by a template expression", false, false},
	{`id="{%`, "an id is made by a template expression", false, false},
	{`id={`, "an id is made by a JSX expression", false, false},
	{"--8<--", "the page includes snippets", true, false},
	{"{!", "the page includes files", true, false},            // Python-Markdown's markdown-include and mdx_include
	{"{% include", "the page includes templates", true, true}, // and MkDocs' include-markdown, macros' Jinja
	{"{%- include", "the page includes templates", true, true},
	{".content }}", "the page writes another document's content", false, false},
	{".content | ", "the page writes another document's content", false, false},
	{"| markdownify", "a template expression renders Markdown", false, false},
	{"{{#include", "the page includes files", false, false},
	{"{{< include", "the page includes files", false, false},
	{"{{% include", "the page includes files", false, false},
}

// writtenIDs returns why ids of the page src are written by what its
// source does not show, or "": with besidesIncludes, leaving out the
// file includes; with besidesLiquid, the Jekyll include tags.
func writtenIDs(src []byte, besidesIncludes, besidesLiquid bool) string {
	if bytes.IndexByte(src, '{') < 0 && !bytes.Contains(src, []byte("--8<--")) {
		return ""
	}
	for _, w := range idWriters {
		if besidesIncludes && w.include || besidesLiquid && w.liquid {
			continue
		}
		if writesIDs(src, w.mark) {
			return w.why
		}
	}
	return ""
}

// writesIDs reports whether src holds mark other than as the start of
// Hexo's and Octopress' "{% include_code x.js %}", which writes a code
// listing, never an id (hexojs/site documents it on a page whose
// headings' ids were unknown for it).
func writesIDs(src []byte, mark string) bool {
	if !strings.HasSuffix(mark, "include") {
		return bytes.Contains(src, []byte(mark)) // "id={_codeID}" is an id JSX writes
	}
	for i := bytes.Index(src, []byte(mark)); i >= 0; {
		if !bytes.HasPrefix(src[i+len(mark):], []byte("_code")) {
			return true
		}
		j := bytes.Index(src[i+1:], []byte(mark))
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// topHeading reports whether the heading that starts at offset off of
// src is a top-level one: an ATX "# A" (one "#", then a space, a tab or
// the line's end) or a setext heading underlined with "=".
func topHeading(src []byte, off int) bool {
	if off < 0 || off >= len(src) {
		return false
	}
	if src[off] == '#' {
		return off+1 == len(src) || src[off+1] == ' ' || src[off+1] == '\t' || src[off+1] == '\n' || src[off+1] == '\r'
	}
	nl := bytes.IndexByte(src[off:], '\n')
	if nl < 0 {
		return false
	}
	next := src[off+nl+1:]
	if k := bytes.IndexByte(next, '\n'); k >= 0 {
		next = next[:k]
	}
	next = bytes.TrimSpace(next)
	return len(next) > 0 && len(bytes.Trim(next, "=")) == 0
}

// leadingTitle reports whether the heading at offset off of src is a
// top-level ATX heading ("# Title") with only front matter and blank
// lines before it.
func leadingTitle(src []byte, off int) bool {
	if off < frontMatterEnd(src) {
		return false
	}
	if off < 0 || off+2 > len(src) || src[off] != '#' || src[off+1] != ' ' {
		return false
	}
	before := src[:off]
	if body, ok := bytes.CutPrefix(before, []byte("---")); ok {
		if k := bytes.Index(body, []byte("\n---")); k >= 0 {
			before = body[k+4:]
		}
	}
	return len(bytes.TrimSpace(before)) == 0
}

// headingText returns the text of the heading that starts at offset off
// of src, its Markdown marks taken off: the "#" marks, a closing
// sequence, an attribute block, emphasis and code marks, link
// destinations, HTML tags. Only its first line is read.
func headingText(src []byte, off int) string {
	return unescapeHeading(headingTextRaw(src, off))
}

// headingHasAmp reports whether the line of the heading at off holds
// a "&", which a character reference begins with.
func headingHasAmp(src []byte, off int) bool { return headingHas(src, off, "&") }

// headingHas reports whether the heading line at off holds sub.
func headingHas(src []byte, off int, sub string) bool {
	return bytes.Contains(headingLine(src, off), []byte(sub))
}

// headingLine returns the line of src that begins at off, a heading's
// first line, without its newline; nil when off is outside src.
func headingLine(src []byte, off int) []byte {
	if off < 0 || off > len(src) {
		return nil
	}
	line := src[off:]
	if k := bytes.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	return line
}

// unescapeHeading returns the heading text s with its character
// references decoded: an entity is the character it names in the
// rendered heading, whose text the id is made of ("a &lt; b" is
// "a < b").
func unescapeHeading(s string) string {
	if strings.IndexByte(s, '&') >= 0 {
		return html.UnescapeString(s)
	}
	return s
}

// headingTextRaw is headingText with the character references as
// written.
func headingTextRaw(src []byte, off int) string {
	s := strings.TrimSpace(string(headingLine(src, off)))
	if strings.HasPrefix(s, "#") {
		s = strings.TrimSpace(strings.TrimLeft(s, "#"))
		if t := strings.TrimRight(s, "#"); t != s && (t == "" || strings.HasSuffix(t, " ")) {
			s = strings.TrimSpace(t)
		}
	}
	var b strings.Builder
	code := false // in a code span, whose text is literal: "<number>" is no tag
	links := 0    // "[" taken off as a link's, whose "]" goes too
	for i := 0; i < len(s); i++ {
		c := s[i]
		if code && c != '`' {
			b.WriteByte(c)
			continue
		}
		switch c {
		case '`':
			code = !code
			continue
		case '*':
			continue
		case '_':
			// A run of "_" that opens or closes emphasis ("(_list_)",
			// "__init__") is no text; one inside a word ("snake_case")
			// or between spaces is.
			j := i
			for j < len(s) && s[j] == '_' {
				j++
			}
			before, after := byte(' '), byte(' ')
			if i > 0 {
				before = s[i-1]
			}
			if j < len(s) {
				after = s[j]
			}
			opens := !wordByte(before) && after != ' '
			closes := before != ' ' && !wordByte(after)
			if opens || closes {
				i = j - 1
				continue
			}
			b.WriteString(s[i:j])
			i = j - 1
			continue
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
			continue
		case '<':
			if k := strings.IndexByte(s[i:], '>'); k > 0 {
				i += k
				continue
			}
		case ']':
			if i+1 < len(s) && s[i+1] == '(' {
				if k := strings.IndexByte(s[i:], ')'); k > 0 {
					i += k
					links = max(links-1, 0)
					continue
				}
			}
			if links > 0 && i+1 < len(s) && s[i+1] == '[' {
				// A reference link's label ("[text][label]"); after a
				// "]" that closes no link, "[" opens no label either.
				if k := strings.IndexByte(s[i+1:], ']'); k > 0 {
					i += k + 1
					links = max(links-1, 0)
					continue
				}
			}
			if links > 0 {
				links--
				continue
			}
		case '[':
			// A link's text is the heading's; brackets that open no
			// link are text ("coverage.thresholds[glob-pattern]",
			// which VitePress's slug makes "-glob-pattern").
			if k := strings.IndexByte(s[i:], ']'); k > 0 && i+k+1 < len(s) && (s[i+k+1] == '(' || s[i+k+1] == '[') {
				links++
				continue
			}
		}
		b.WriteByte(c)
	}
	return strings.TrimSpace(b.String())
}

// wordByte reports whether c is a letter or digit (or any byte of a
// UTF-8 sequence): "_" beside one on both sides is inside a word.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// scanMarkdown returns the labels of the footnotes ("[^label]: ..."),
// the definition terms (a line followed by one that begins ": "), the
// titles of content tabs ('=== "Title"') and the ids of attribute lists
// ("{: #id}", "{ #id .class }") of the Markdown src, outside fenced
// code; and how many tabs each set of content tabs has, sets in the
// order PyMdown's tabbed numbers them: the order their first tabs come
// in (a set nested in a tab opens before the next tab of its own). Tabs
// at one indentation are one set until a line that is no tab comes at
// that indentation or less, or a tab opens a set of its own ("===!").
func scanMarkdown(src []byte) (footnotes, terms, tabs []string, attrIDs []attrID, tabSets []int) {
	// Lines stay slices of src: a string of each would copy the document.
	var fence, prev []byte
	// The sets of tabs open at each indentation, outermost first.
	type openSet struct{ indent, set int }
	var open []openSet
	for len(src) > 0 {
		line := src
		if k := bytes.IndexByte(src, '\n'); k >= 0 {
			line, src = src[:k], src[k+1:]
		} else {
			src = nil
		}
		s := bytes.TrimRight(line, "\r")
		trim := bytes.TrimLeft(s, " ")
		if fence != nil {
			if bytes.HasPrefix(trim, fence) {
				fence = nil
			}
			prev = nil
			continue
		}
		if bytes.HasPrefix(trim, fenceTicks) || bytes.HasPrefix(trim, fenceTildes) {
			for indent := len(s) - len(trim); len(open) > 0 && open[len(open)-1].indent >= indent; {
				open = open[:len(open)-1] // code at a set's indentation ends it
			}
			fence = trim[:3]
			prev = nil
			continue
		}
		if rest, ok := bytes.CutPrefix(trim, footnoteOpen); ok {
			if label, _, ok := bytes.Cut(rest, defColon); ok && len(label) > 0 && !bytes.ContainsAny(label, " \t") {
				footnotes = append(footnotes, string(label))
			}
		}
		isTab := false
		if rest, ok := bytes.CutPrefix(trim, tabOpen); ok {
			special := rest[:len(rest)-len(bytes.TrimLeft(rest, "!+"))]
			rest = bytes.TrimLeft(rest, "!+ ")
			if title, ok := bytes.CutPrefix(rest, quote); ok {
				if k := bytes.IndexByte(title, '"'); k > 0 {
					tabs = append(tabs, string(title[:k]))
				}
				isTab = true
				indent := len(s) - len(trim)
				for len(open) > 0 && open[len(open)-1].indent > indent {
					open = open[:len(open)-1]
				}
				if len(open) > 0 && open[len(open)-1].indent == indent && !bytes.Contains(special, []byte("!")) {
					tabSets[open[len(open)-1].set]++
				} else {
					if len(open) > 0 && open[len(open)-1].indent == indent {
						open = open[:len(open)-1]
					}
					tabSets = append(tabSets, 1)
					open = append(open, openSet{indent, len(tabSets) - 1})
				}
			}
		}
		if !isTab && len(trim) > 0 {
			indent := len(s) - len(trim)
			for len(open) > 0 && open[len(open)-1].indent >= indent {
				open = open[:len(open)-1]
			}
		}
		if bytes.IndexByte(s, '{') >= 0 {
			attrIDs = appendAttrIDs(attrIDs, s)
		}
		if (bytes.HasPrefix(trim, termColon) || bytes.HasPrefix(trim, termTab)) && len(bytes.TrimSpace(prev)) > 0 {
			terms = append(terms, headingText(prev, 0))
		}
		prev = s
	}
	return footnotes, terms, tabs, attrIDs, tabSets
}

// appendAttrIDs appends the ids of the attribute lists of the line s:
// "{", an optional ":", then attributes separated by white space, one
// of them "#id", up to "}". "{##id}" is a heading's id of VitePress,
// read with the heading; "{{" begins a template.
func appendAttrIDs(out []attrID, s []byte) []attrID {
	for {
		k := bytes.IndexByte(s, '{')
		if k < 0 {
			return out
		}
		s = s[k+1:]
		if len(s) > 0 && s[0] == '{' {
			s = s[1:]
			continue
		}
		end := bytes.IndexByte(s, '}')
		if end < 0 {
			return out
		}
		body, colon := bytes.CutPrefix(s[:end], []byte(":"))
		s = s[end+1:]
		for _, f := range bytes.Fields(body) {
			if len(f) > 1 && f[0] == '#' && f[1] != '#' {
				out = append(out, attrID{string(f[1:]), colon})
			}
		}
	}
}

// attrID is the id of an attribute list, and whether the list began
// "{:" (kramdown's IAL) rather than "{".
type attrID struct {
	name  string
	colon bool
}

// hashID reports whether the heading at offset off of src writes its id
// name as "{##name}", which VitePress renders as the id "#name".
func hashID(src []byte, off int, name string) bool {
	return bytes.Contains(headingLine(src, off), []byte("{##"+name))
}

var (
	fenceTicks   = []byte("```")
	fenceTildes  = []byte("~~~")
	footnoteOpen = []byte("[^")
	defColon     = []byte("]:")
	tabOpen      = []byte("===")
	quote        = []byte(`"`)
	termColon    = []byte(": ")
	termTab      = []byte(":\t")
)

// plain reports whether a query asks GitHub for a file's source rather
// than its rendering ("plain=1").
func plain(query string) bool {
	for f := range strings.SplitSeq(query, "&") {
		if f == "plain=1" {
			return true
		}
	}
	return false
}

// frontMatterEnd returns the offset after the YAML front matter that
// begins src ("---" lines around it), or 0.
func frontMatterEnd(src []byte) int {
	body, ok := bytes.CutPrefix(src, []byte("---"))
	if !ok || len(body) == 0 || body[0] != '\n' && body[0] != '\r' {
		return 0
	}
	k := bytes.Index(body, []byte("\n---"))
	if k < 0 {
		return 0
	}
	return len(src) - len(body) + k + 4
}

// refLabel matches the label of a full reference, "][label]" after a
// link text.
var refLabel = regexp.MustCompile(`\]\[[^\]]*\]`)

// refLabelSlug returns the id of the heading at offset off of src made
// of its text with the labels of its full references left out
// ("emit(name[, ...args][, ack])" is "emitname-args"), when it has one.
func refLabelSlug(src []byte, off int) (string, bool) {
	line := headingLine(src, off)
	if !bytes.Contains(line, []byte("][")) {
		return "", false
	}
	text := headingText(refLabel.ReplaceAll(line, []byte("]")), 0)
	return extract.Slug(text), true
}

package site

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// newMkdocsIncluder returns the reader of the pages' includes, nil where
// the model reads none. Its record records, for each page whose includes
// the model understands, the Markdown files it includes whole
// (Site.Imports): the
// headings of those files are headings of the page, and a fragment none
// of them nor the page has is broken, not unknown.
//
// An include is understood in two places. At the margin, outside fenced
// code, on a line of its own, naming a whole .md file that includes
// nothing itself: snippets' `--8<-- "file.md"`, markdown-include's
// `{!file.md!}`, include-markdown's `{% include-markdown "file.md" %}`
// and `{% include "file.md" %}` (with no argument that cuts, dedents or
// shifts the file). And inside a fenced code block opened at the margin,
// whatever it names: the file's text lands in the code block, where it
// writes no id, as long as it holds no fence of its own (which would
// close the block) and no include; a file that is not there writes
// nothing either (the extension leaves the line out, or the build
// stops). The macros plugin's Jinja is understood in that second place
// only: a page whose every `{{`, `{%` and `{#` is an include inside
// such a block, a `{% raw %}` block or a comment has its own ids.
//
// Each extension finds a name as it reads them: snippets in each
// base_path in order, the first that has the file; markdown-include in
// its base_path; include-markdown (6.0 and later) from the page's folder
// for a name that begins with "./" or "../", from docs_dir for any other
// (a name its versions before 6.0 read from the page's folder too is
// not understood); macros in its include_dir, else docs_dir (the folder
// MkDocs runs in is the configuration's or the repository's top: either
// that has the file). Anything else on the page (a line range or a
// section at the margin, snippets' block form, an escaped or indented
// include, a URL or a glob, snippets' auto_append, both markdown-include
// and mdx_include configured, both macros and include-markdown, their
// tags configured otherwise, any other Jinja) leaves the page's ids
// unknown, as before.
//
// The caller reads each page once, for its partials too (mkdocsPartials).
// The macros field says whether macros' Jinja is read: the pages that
// call macros and have includesKnown are then known.
func newMkdocsIncluder(t *Tree, cfg config, docs string, plugins map[string]config) *mkdocsIncluder {
	in := &mkdocsIncluder{t: t, docs: docs}
	names := mkdocsExtensions(cfg)
	for _, name := range names {
		name = strings.TrimPrefix(name, "markdown.extensions.")
		opts := mkdocsExtensionOptions(cfg, name)
		switch name {
		case "pymdownx.snippets":
			if a, ok := opts["auto_append"].([]any); ok && len(a) > 0 {
				return nil // files every page gets, whose ids the model does not read
			}
			bases := []string{"."}
			switch b := opts["base_path"].(type) {
			case string:
				bases = []string{b}
			case []any:
				bases = nil
				for _, e := range b {
					if str, ok := e.(string); ok {
						bases = append(bases, str)
					}
				}
			}
			in.marks = append(in.marks, lineInclude{"--8<--", bases})
		case "markdown_include.include":
			if slices.Contains(names, "mdx_include") {
				continue // two extensions read "{!": whose reading is not known
			}
			base := "."
			if b, ok := opts["base_path"].(string); ok {
				base = b
			}
			in.marks = append(in.marks, lineInclude{"{!", []string{base}})
		}
	}
	im, hasIM := plugins["include-markdown"]
	macros, hasMacros := plugins["macros"]
	in.jinja = hasIM || hasMacros
	switch {
	case hasIM && hasMacros:
		// Which reads a "{% include %}" first is the plugins' order;
		// the model reads neither.
	case hasIM && includeMarkdownPlain(im):
		in.includeMarkdown = true
	case hasMacros && jinjaPlain(macros):
		in.macros = true
		dirs := []string{docs}
		if d := macros.str("include_dir", ""); d != "" {
			dirs = []string{d, path.Join(strings.Repeat("../", t.Up), d)}
		}
		in.macroDirs = dirs
	}
	in.imAlone = hasIM && !hasMacros
	if len(in.marks) == 0 && !in.includeMarkdown && !in.macros {
		return nil
	}
	return in
}

// ReadsIncludeMark reports whether an extension or plugin of the site
// reads the include mark ("--8<--", "{!", "{% include", "{%- include")
// of a page: where none does (MkDocs without pymdownx.snippets for
// "--8<--"), the mark is text and includes nothing.
func (s *Site) ReadsIncludeMark(mark string) bool {
	if s == nil || s.includeReaders == nil {
		return true
	}
	return s.includeReaders[mark]
}

// mkdocsIncludeReaders returns the include marks that the extensions and
// plugins of an MkDocs configuration read, nil when an extension the
// model does not know may read any.
func mkdocsIncludeReaders(cfg config, plugins map[string]config) map[string]bool {
	readers := map[string]bool{}
	for _, name := range mkdocsExtensions(cfg) {
		name = strings.TrimPrefix(name, "markdown.extensions.")
		if !mkdocsKnownExtension(name) {
			return nil
		}
		if mark, ok := mkdocsIncludes[name]; ok {
			readers[mark] = true
		}
	}
	for name := range plugins {
		if !mkdocsPlainPlugins[name] && name != "macros" && name != "include-markdown" {
			return nil // a plugin not modelled may read the page's text
		}
	}
	_, im := plugins["include-markdown"]
	_, macros := plugins["macros"]
	if im || macros {
		readers["{% include"], readers["{%- include"] = true, true
	}
	return readers
}

// record records the includes of the page rel (source src) in s.
func (in *mkdocsIncluder) record(s *Site, rel string, src []byte) {
	files, includes, known := in.page(rel, src)
	if !includes {
		return
	}
	if !known {
		if in.imAlone && bytes.Contains(src, []byte("{%")) {
			// "{%include-markdown" and other spellings the
			// audit's own reading of the page does not see.
			s.UnknownIDsOf(rel, "plugin include-markdown writes the page")
		}
		return
	}
	if s.imports == nil {
		s.imports = map[string][]string{}
	}
	if s.includesKnown == nil {
		s.includesKnown = map[string]bool{}
	}
	for _, f := range files {
		if !slices.Contains(s.imports[rel], f) {
			s.imports[rel] = append(s.imports[rel], f)
		}
	}
	s.includesKnown[rel] = true
}

// mkdocsIncluder reads the includes of a page.
type mkdocsIncluder struct {
	t               *Tree
	docs            string        // docs_dir, from the site's folder
	marks           []lineInclude // snippets, markdown-include
	includeMarkdown bool          // the include-markdown plugin, with its own tags
	macros          bool          // the macros plugin, with Jinja's own markers
	macroDirs       []string      // where macros' Jinja finds an include
	jinja           bool          // a plugin reads Jinja's tags (macros, include-markdown)
	imAlone         bool          // include-markdown without macros: its tags alone read "{%"
	// wholeFile's and codeOnly's answers by file: a snippet many
	// pages include is read once, not once a page.
	whole, code map[string]bool
}

// lineInclude is an extension that includes a file where a line holds
// its mark, with the folders it reads names from, in order.
type lineInclude struct {
	mark  string
	bases []string
}

// page returns the files the page rel (source src) includes whole, and
// whether it includes anything and every include is understood.
func (in *mkdocsIncluder) page(rel string, src []byte) (files []string, includes, known bool) {
	fences := fencedRanges(src)
	for _, inc := range in.marks {
		if !bytes.Contains(src, []byte(inc.mark)) {
			continue
		}
		includes = true
		lines, ok := includeLines(src, inc.mark, fences)
		if !ok {
			return nil, true, false
		}
		for _, l := range lines {
			f := ""
			for _, base := range inc.bases {
				if p := path.Join(base, l.name); !path.IsAbs(l.name) && in.t.Exists(p) {
					f = p
					break
				}
			}
			if l.fenced {
				if f != "" && !in.codeOnly(f) {
					return nil, true, false
				}
				continue
			}
			if f == "" || !in.wholeFile(f) {
				return nil, true, false
			}
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	if in.includeMarkdown && bytes.Contains(src, []byte("{%")) {
		dirs, ok := includeMarkdownDirectives(src, fences)
		if !ok {
			return nil, true, false
		}
		for _, d := range dirs {
			includes = true
			cands, ok := in.includeMarkdownFiles(rel, d.name)
			if !ok {
				return nil, true, false
			}
			if d.fenced {
				for _, c := range cands {
					if in.t.Exists(c) && !in.codeOnly(c) {
						return nil, true, false
					}
				}
				continue
			}
			// At the margin: the name is read from docs_dir alone
			// (or the page's folder, "./"), as 6.0 and later read it.
			if !d.whole || !in.t.Exists(cands[0]) || len(cands) > 1 && in.t.Exists(cands[1]) || !in.wholeFile(cands[0]) {
				return nil, true, false
			}
			if !slices.Contains(files, cands[0]) {
				files = append(files, cands[0])
			}
		}
	}
	if in.macros && (bytes.Contains(src, []byte("{{")) || bytes.Contains(src, []byte("{%")) || bytes.Contains(src, []byte("{#"))) {
		includes = true
		incs, ok := jinjaIncludes(src, fences)
		if !ok {
			return nil, true, false
		}
		for _, inc := range incs {
			f := ""
			for _, dir := range in.macroDirs {
				if p := path.Join(dir, inc.name); in.t.Exists(p) {
					f = p
					break
				}
			}
			// A file Jinja does not find fails the page: the plugin
			// shows the error in its place.
			if f == "" || inc.fenced && !in.codeOnly(f) || !inc.fenced && !in.wholeFile(f) {
				return nil, true, false
			}
			if !inc.fenced && !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	return files, includes, true
}

// wholeFile reports whether the file rel, included whole at the margin,
// is Markdown that includes nothing itself (and, where a plugin reads
// Jinja, holds none).
func (in *mkdocsIncluder) wholeFile(rel string) bool {
	if ok, seen := in.whole[rel]; seen {
		return ok
	}
	if in.whole == nil {
		in.whole = map[string]bool{}
	}
	ok := in.readWholeFile(rel)
	in.whole[rel] = ok
	return ok
}

func (in *mkdocsIncluder) readWholeFile(rel string) bool {
	if ext := strings.ToLower(path.Ext(rel)); ext != ".md" && ext != ".markdown" {
		return false
	}
	b, err := in.t.Read(rel)
	if err != nil || bytes.Contains(b, []byte("--8<--")) || bytes.Contains(b, []byte("{!")) {
		return false
	}
	return !in.jinja || !bytes.Contains(b, []byte("{%")) && !bytes.Contains(b, []byte("{{")) && !bytes.Contains(b, []byte("{#"))
}

// codeOnly reports whether the file rel, included inside a fenced code
// block, stays code: it holds no fence that would close the block and
// no include; where macros renders it, Jinja only in raw blocks and
// comments.
func (in *mkdocsIncluder) codeOnly(rel string) bool {
	if ok, seen := in.code[rel]; seen {
		return ok
	}
	if in.code == nil {
		in.code = map[string]bool{}
	}
	ok := in.readCodeOnly(rel)
	in.code[rel] = ok
	return ok
}

func (in *mkdocsIncluder) readCodeOnly(rel string) bool {
	b, err := in.t.Read(rel)
	if err != nil || bytes.Contains(b, []byte("```")) || bytes.Contains(b, []byte("~~~")) ||
		bytes.Contains(b, []byte("--8<--")) || bytes.Contains(b, []byte("{!")) {
		return false
	}
	switch {
	case in.macros:
		incs, ok := jinjaIncludes(b, nil)
		return ok && len(incs) == 0
	case in.includeMarkdown:
		return !imTag.Match(b)
	case in.jinja:
		return !bytes.Contains(b, []byte("{%")) && !bytes.Contains(b, []byte("{{"))
	}
	return true
}

// includeMarkdownFiles returns where include-markdown looks for name
// from the page rel: the page's folder for "./" and "../", else docs_dir
// first, then the page's folder (where versions before 6.0 looked). ok
// is false for what the model does not read: a URL, a glob, an absolute
// path.
func (in *mkdocsIncluder) includeMarkdownFiles(rel, name string) (cands []string, ok bool) {
	if name == "" || strings.ContainsAny(name, "*?[]{}!") || path.IsAbs(name) || strings.HasPrefix(name, `\`) {
		return nil, false
	}
	if i := strings.IndexByte(name, ':'); i > 1 {
		return nil, false // a URL (a Windows drive is one letter)
	}
	if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
		return []string{path.Join(path.Dir(rel), name)}, true
	}
	docs, own := path.Join(in.docs, name), path.Join(path.Dir(rel), name)
	if docs == own {
		return []string{docs}, true
	}
	return []string{docs, own}, true
}

// includeMarkdownPlain reports whether include-markdown's options leave
// its tags and their effect as the model reads them: no other tags or
// directive names, no start or end, heading offset or dedent for every
// include, no file left out.
func includeMarkdownPlain(c config) bool {
	for k, v := range c {
		switch k {
		case "encoding", "preserve_includer_indent", "trailing_newlines", "comments",
			"rewrite_relative_urls", "recursive", "cache", "cache_dir", "order", "include_from_url":
		case "heading_offset":
			if n, ok := v.(int); !ok || n != 0 {
				return false
			}
		case "dedent":
			if v != false {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// jinjaPlain reports whether the macros plugin reads Jinja's own markers
// on every page.
func jinjaPlain(c config) bool {
	for k, v := range c {
		if strings.HasPrefix(k, "j2_") && v != "" && v != nil {
			return false
		}
		if k == "render_by_default" && v != true {
			return false
		}
	}
	return true
}

// fencedRanges returns the byte ranges of src between the fence lines of
// the fenced code blocks opened at the margin (up to three spaces): a
// fence of backticks or tildes closed by a run of the same character at
// least as long; one left open runs to the end.
func fencedRanges(src []byte) [][2]int {
	var out [][2]int
	var fence []byte
	start := 0
	for off := 0; off < len(src); {
		line := src[off:]
		next := len(src)
		if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
			line, next = line[:nl], off+nl+1
		}
		line = bytes.TrimRight(line, " \t\r")
		trimmed := bytes.TrimLeft(line, " ")
		if len(line)-len(trimmed) <= 3 && (bytes.HasPrefix(trimmed, []byte("```")) || bytes.HasPrefix(trimmed, []byte("~~~"))) {
			run := trimmed[:len(trimmed)-len(bytes.TrimLeft(trimmed, string(trimmed[0])))]
			switch {
			case fence == nil:
				fence, start = run, next
			case bytes.HasPrefix(run, fence) && len(bytes.TrimSpace(trimmed[len(run):])) == 0:
				out = append(out, [2]int{start, off})
				fence = nil
			}
		}
		off = next
	}
	if fence != nil {
		out = append(out, [2]int{start, len(src)})
	}
	return out
}

// inRanges reports whether off lies in one of the ranges.
func inRanges(ranges [][2]int, off int) bool {
	i, _ := slices.BinarySearchFunc(ranges, off, func(r [2]int, off int) int {
		switch {
		case r[1] <= off:
			return -1
		case r[0] > off:
			return 1
		}
		return 0
	})
	return i < len(ranges) && ranges[i][0] <= off && off < ranges[i][1]
}

// includeLine is an include of snippets or markdown-include: the name it
// gives, and whether it is inside fenced code.
type includeLine struct {
	name   string
	fenced bool
}

// includeLines returns the includes of the lines of src that hold mark,
// when every such line is one the model reads: outside fenced code, an
// include of a whole .md file at the margin, the file's name alone
// (`--8<-- "a.md"`, `{!a.md!}`); inside fenced code (fences, the ranges
// of fencedRanges), an include of any file, with a line range or a
// section (`--8<-- "a.py:3:5"`, `{!a.py[ln:1-3]!}`), at any indentation.
// ok is false otherwise.
func includeLines(src []byte, mark string, fences [][2]int) (incs []includeLine, ok bool) {
	for off := 0; off < len(src); {
		line := src[off:]
		next := len(src)
		if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
			line, next = line[:nl], off+nl+1
		}
		at := off
		off = next
		line = bytes.TrimRight(line, " \t\r")
		if !bytes.Contains(line, []byte(mark)) {
			continue
		}
		fenced := inRanges(fences, at)
		if fenced {
			line = bytes.TrimLeft(line, " \t")
		}
		if !bytes.HasPrefix(line, []byte(mark)) {
			return nil, false
		}
		var name string
		rest := bytes.TrimSpace(line[len(mark):])
		if mark == "{!" {
			n, found := bytes.CutSuffix(rest, []byte("!}"))
			if !found {
				return nil, false
			}
			name = string(bytes.TrimSpace(n))
			if i := strings.IndexByte(name, '['); i >= 0 && fenced {
				name = name[:i]
			}
		} else {
			if len(rest) < 2 || rest[0] != '"' && rest[0] != '\'' || rest[len(rest)-1] != rest[0] {
				return nil, false
			}
			name = string(rest[1 : len(rest)-1])
			if i := strings.IndexByte(name, ':'); i >= 0 && fenced && !strings.Contains(name, "://") {
				name = name[:i]
			}
		}
		if name == "" || strings.ContainsAny(name, ":!{}\"'[") || strings.Contains(name, "://") {
			return nil, false
		}
		if ext := strings.ToLower(path.Ext(name)); !fenced && ext != ".md" && ext != ".markdown" {
			return nil, false
		}
		incs = append(incs, includeLine{name, fenced})
	}
	return incs, true
}

// imDirective is a tag of include-markdown: the file it names, whether
// it includes the file whole at the margin (on a line of its own, with
// no argument that cuts, dedents or shifts it), and whether it is inside
// fenced code.
type imDirective struct {
	name          string
	whole, fenced bool
}

// imTag is the beginning of an include-markdown tag ("{%", white space,
// the directive, white space), as the plugin's INCLUDE_TAG_RE reads it.
var imTag = regexp.MustCompile(`\{%\s*(include-markdown|include)\s`)

// imArg is an argument of a tag: name=value, the value quoted or not.
var imArg = regexp.MustCompile(`^([\w-]+)=("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\S*)\s*`)

// includeMarkdownDirectives returns the include-markdown tags of src
// (fences: the ranges of fencedRanges), when each names its file in
// quotes and ends; ok is false otherwise. A "{%" that begins no include
// tag is the page's text.
func includeMarkdownDirectives(src []byte, fences [][2]int) (dirs []imDirective, ok bool) {
	for _, loc := range imTag.FindAllSubmatchIndex(src, -1) {
		start, directive := loc[0], string(src[loc[2]:loc[3]])
		rest := bytes.TrimLeft(src[loc[1]:], " \t\r\n")
		if len(rest) == 0 || rest[0] != '"' && rest[0] != '\'' {
			return nil, false // no file named: the plugin stops the build
		}
		q := rest[0]
		i := 1
		for i < len(rest) && rest[i] != q {
			if rest[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(rest) {
			return nil, false
		}
		name := strings.ReplaceAll(string(rest[1:i]), `\`+string(q), string(q))
		args := rest[i+1:]
		end := bytes.Index(args, []byte("%}"))
		if end < 0 || bytes.Contains(args[:end], []byte("{%")) {
			return nil, false // unended: another tag begins first
		}
		after := args[end+2:]
		args = bytes.TrimSpace(args[:end])
		d := imDirective{name: name, fenced: inRanges(fences, start)}
		lineEnd := bytes.IndexByte(after, '\n')
		if lineEnd < 0 {
			lineEnd = len(after)
		}
		d.whole = !d.fenced && (start == 0 || src[start-1] == '\n') && len(bytes.TrimSpace(after[:lineEnd])) == 0 &&
			wholeArgs(string(args), directive)
		dirs = append(dirs, d)
	}
	return dirs, true
}

// wholeArgs reports whether the arguments of a tag leave the file whole
// and its headings as they are.
func wholeArgs(args, directive string) bool {
	for args != "" {
		m := imArg.FindStringSubmatch(args)
		if m == nil {
			return false
		}
		args = args[len(m[0]):]
		switch v := strings.Trim(m[2], `"'`); m[1] {
		case "comments", "rewrite-relative-urls", "encoding", "trailing-newlines", "preserve-includer-indent", "recursive":
		case "dedent":
			if v != "false" {
				return false
			}
		case "heading-offset":
			if v != "0" {
				return false
			}
		default:
			return false // start, end, exclude, order: a part, or not this file
		}
	}
	return true
}

// jinjaTag matches what Jinja reads in a page: an expression, a
// statement, a comment.
var jinjaTag = regexp.MustCompile(`\{\{|\{%|\{#`)

// jinjaStatement is a statement tag: its keyword and what follows.
var jinjaStatement = regexp.MustCompile(`^\{%-?\s*(\w+)\s*(.*?)\s*-?%\}`)

// jinjaEndRaw ends a raw block.
var jinjaEndRaw = regexp.MustCompile(`\{%-?\s*endraw\s*-?%\}`)

// jinjaIncludes returns the includes of the Jinja of src, when every tag
// of it is a `{% include "file" %}` inside fenced code (fences, the
// ranges of fencedRanges) or on a line of its own at the margin, a
// `{% raw %}` block or a comment; ok is false for any other tag, whose
// output the model does not know.
func jinjaIncludes(src []byte, fences [][2]int) (incs []includeLine, ok bool) {
	for off := 0; off < len(src); {
		loc := jinjaTag.FindIndex(src[off:])
		if loc == nil {
			break
		}
		at := off + loc[0]
		if src[at+1] == '#' {
			end := bytes.Index(src[at:], []byte("#}"))
			if end < 0 {
				return nil, false
			}
			off = at + end + 2
			continue
		}
		if src[at+1] == '{' {
			return nil, false
		}
		m := jinjaStatement.FindSubmatch(src[at:])
		if m == nil {
			return nil, false
		}
		off = at + len(m[0])
		switch string(m[1]) {
		case "raw":
			if len(m[2]) != 0 {
				return nil, false
			}
			end := jinjaEndRaw.FindIndex(src[off:])
			if end == nil {
				return nil, false
			}
			off += end[1]
		case "include":
			arg := m[2]
			if len(arg) < 2 || arg[0] != '"' && arg[0] != '\'' || arg[len(arg)-1] != arg[0] {
				return nil, false
			}
			name := string(arg[1 : len(arg)-1])
			if name == "" || strings.ContainsAny(name, "\"'{}") || path.IsAbs(name) {
				return nil, false
			}
			fenced := inRanges(fences, at)
			if !fenced {
				rest := src[off:]
				if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
					rest = rest[:nl]
				}
				if at > 0 && src[at-1] != '\n' || len(bytes.TrimSpace(rest)) != 0 {
					return nil, false
				}
			}
			incs = append(incs, includeLine{name, fenced})
		default:
			return nil, false
		}
	}
	return incs, true
}

// UnwalkedPartials returns the files (slash paths from the audited root)
// that pages of an MkDocs site include whole and render as their own
// (IncludedIn), kept in a folder that no walk enters (SkippedDir: a
// hidden one, "docs/.snippets/part.md"): the audit reads them all the
// same, as their text is on those pages. Sorted; nil for other
// generators, whose hidden folders hold their own machinery.
func (s *Site) UnwalkedPartials() []string {
	if s.Generator != "mkdocs" {
		return nil
	}
	var out []string
	for rel := range s.rendered {
		for _, seg := range strings.Split(path.Dir(rel), "/") {
			if seg != "." && seg != ".." && SkippedDir(seg) {
				out = append(out, s.outer(rel))
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// githubTree is the oracle for repositories read on GitHub: the files of
// the tree, and the anchors GitHub gives each Markdown file.
type githubTree struct {
	top   string
	files map[string]bool
	dirs  map[string]bool
	ids   map[string]map[string]bool
	// submodules are the paths .gitmodules declares: the corpus holds
	// none of their files, which are other repositories'.
	submodules []string
	readmes    map[string][]string // by folder, once asked
}

// readme returns the README GitHub shows for folder dir (a slash path
// from the top, "." the top), or "": a file named README, any case,
// with or without an extension, Markdown first; at the top, one in
// .github/ comes first and one in docs/ last.
func (t *githubTree) readme(dir string) string {
	if t.readmes == nil {
		// Each folder's READMEs, found once.
		t.readmes = map[string][]string{}
		for f := range t.files {
			base := path.Base(f)
			if strings.EqualFold(strings.TrimSuffix(base, path.Ext(base)), "readme") {
				t.readmes[path.Dir(f)] = append(t.readmes[path.Dir(f)], f)
			}
		}
	}
	dirs := []string{dir}
	if dir == "." {
		dirs = []string{".github", ".", "docs"}
	}
	rank := func(f string) int {
		if isMarkdownName(f) {
			return 0
		}
		return 1
	}
	for _, d := range dirs {
		best := ""
		for _, f := range t.readmes[d] {
			if best == "" || rank(f) < rank(best) || rank(f) == rank(best) && f < best {
				best = f
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}

func isMarkdownName(f string) bool {
	ext := strings.ToLower(path.Ext(f))
	return ext == ".md" || ext == ".markdown"
}

// gitmodulesPath is a "path = x" line of .gitmodules.
var gitmodulesPath = regexp.MustCompile(`(?m)^\s*path\s*=\s*"?([^"\r\n]+?)"?\s*$`)

func readGitHubTree(top string) *githubTree {
	t := &githubTree{top: top, files: map[string]bool{}, dirs: map[string]bool{".": true}, ids: map[string]map[string]bool{}}
	_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			t.dirs[cleanRel(top, p)] = true
			return nil
		}
		t.files[cleanRel(top, p)] = true
		return nil
	})
	if src, err := os.ReadFile(filepath.Join(top, ".gitmodules")); err == nil {
		for _, m := range gitmodulesPath.FindAllSubmatch(src, -1) {
			t.submodules = append(t.submodules, path.Clean(string(m[1])))
		}
	}
	return t
}

// resolves reports whether uri, in Markdown file file, leads on GitHub
// to a file of the tree and, with a fragment, to a heading or element
// of that file. judged is false for what the oracle does not decide:
// absolute URLs, links above the repository, files that are no
// Markdown.
func (t *githubTree) resolves(file, uri string) (ok bool, reason string, judged bool) {
	if ext := strings.ToLower(path.Ext(file)); ext != ".md" && ext != ".markdown" {
		return false, "", false
	}
	u, err := url.Parse(strings.TrimSpace(uri))
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(uri, "//") {
		return false, "", false
	}
	target := file
	switch {
	case u.Path == "":
	case strings.HasPrefix(u.Path, "/"):
		target = path.Clean(strings.TrimPrefix(u.Path, "/"))
	default:
		target = path.Join(path.Dir(file), u.Path)
	}
	if target == ".." || strings.HasPrefix(target, "../") {
		return false, "", false // another repository or page of github.com
	}
	if t.dirs[target] {
		// A folder shows its README below the listing, in a box whose
		// id is "readme": a fragment names that box or the README's.
		if u.Fragment == "" || strings.EqualFold(strings.TrimPrefix(u.Fragment, "user-content-"), "readme") {
			return true, "", true
		}
		readme := t.readme(target)
		if readme == "" {
			return true, "", true // no README: nothing a fragment could name, nothing judged wrong before
		}
		if ext := strings.ToLower(path.Ext(readme)); ext != ".md" && ext != ".markdown" {
			return false, "", false // a README of another markup: its ids are not known here
		}
		target = readme
	}
	if !t.files[target] {
		for _, sub := range t.submodules {
			if target == sub || strings.HasPrefix(target, sub+"/") {
				return false, "", false // another repository's file
			}
		}
		return false, "no file", true
	}
	if u.Fragment == "" {
		return true, "", true
	}
	ext := strings.ToLower(path.Ext(target))
	if ext != ".md" && ext != ".markdown" || u.Query().Get("plain") == "1" {
		// A file GitHub shows as source: "#L10", "#L10-L20" name its
		// lines, which exist or not; another fragment, a part of a
		// picture or a rendered document's id, is not judged.
		from, to, isLine := lineFragment(u.Fragment)
		if !isLine || renderedMarkup[ext] != "" && u.Query().Get("plain") != "1" || binaryExt[ext] {
			return true, "", true
		}
		if n := t.lineCount(target); max(from, to) > n {
			return false, fmt.Sprintf("no line %d (%d lines)", max(from, to), n), true
		}
		return true, "", true
	}
	// GitHub's script looks the fragment up as written, then lowercased
	// (its heading ids are lowercase), each with and without the
	// "user-content-" prefix its ids carry: "#Install" reaches
	// "user-content-install". Whether "#foo" finds an element an HTML
	// id names "Foo" is not known here: not judged.
	ids := t.anchors(target)
	frag := strings.TrimPrefix(u.Fragment, "user-content-")
	if ids[frag] || ids[strings.TrimPrefix(strings.ToLower(u.Fragment), "user-content-")] {
		return true, "", true
	}
	for id := range ids {
		if strings.EqualFold(id, frag) {
			return false, "", false
		}
	}
	return false, "no heading or id " + frag, true
}

// renderedMarkup are the files GitHub renders though the audit reads no
// Markdown in them (github/markup's other languages, Markdown under other
// names, pictures drawn from SVG): a line anchor names no line of them.
var renderedMarkup = map[string]string{
	".rst": "rst", ".rest": "rst", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".asc": "asciidoc",
	".org": "org", ".textile": "textile", ".rdoc": "rdoc", ".pod": "pod", ".creole": "creole",
	".mediawiki": "mediawiki", ".wiki": "mediawiki", ".ipynb": "notebook", ".mdown": "markdown",
	".mkdn": "markdown", ".mkd": "markdown", ".mdwn": "markdown", ".svg": "image",
}

// binaryExt are files GitHub shows as no text: pictures, archives.
var binaryExt = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".ico": true, ".pdf": true,
	".zip": true, ".gz": true, ".tgz": true, ".mp4": true, ".webm": true, ".woff": true, ".woff2": true,
}

// lineFragment reads GitHub's line anchors: "L10", "L10-L20".
func lineFragment(frag string) (from, to int, ok bool) {
	m := lineAnchor.FindStringSubmatch(frag)
	if m == nil {
		return 0, 0, false
	}
	from, _ = strconv.Atoi(m[1])
	to = from
	if m[2] != "" {
		to, _ = strconv.Atoi(m[2])
	}
	return from, to, true
}

var lineAnchor = regexp.MustCompile(`^L([0-9]{1,9})(?:-L([0-9]{1,9}))?$`)

// lineCount returns how many lines file rel has.
func (t *githubTree) lineCount(rel string) int {
	src, err := os.ReadFile(filepath.Join(t.top, filepath.FromSlash(rel)))
	if err != nil {
		return 0
	}
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// githubMarkdown renders Markdown as GitHub does, near enough for
// ids: GitHub Flavored Markdown (tables, strikethrough, autolinks, task
// lists), raw HTML kept (GitHub sanitizes it but keeps ids and names),
// no heading attributes ("## A {#a}" is the text "A {#a}" there) and no
// ids of its own on headings: the oracle gives them below.
var githubMarkdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// footnoteDef is a footnote's definition, "[^label]:" at a line's start.
var footnoteDef = regexp.MustCompile(`(?m)^ {0,3}\[\^([^\]\s]+)\]:`)

// anchors returns the fragments GitHub accepts for a Markdown file: the
// file rendered (GitHub Flavored Markdown, its front matter shown as a
// table, not read), each Markdown heading's slug made from the text the
// rendered heading shows (a picture's alt text is no text; character references
// decoded; a space left where markup was), a repeated slug numbered
// "-1", "-2"...; the ids and names of its HTML elements; and
// "fn-LABEL", "fnref-LABEL" for its footnotes.
func (t *githubTree) anchors(rel string) map[string]bool {
	if ids, ok := t.ids[rel]; ok {
		return ids
	}
	ids := map[string]bool{}
	t.ids[rel] = ids
	src, err := os.ReadFile(filepath.Join(t.top, filepath.FromSlash(rel)))
	if err != nil {
		return ids
	}
	src = dropFrontMatter(src)
	for _, m := range footnoteDef.FindAllSubmatch(src, -1) {
		ids["fn-"+string(m[1])] = true
		ids["fnref-"+string(m[1])] = true
	}
	// Headings of the Markdown get slugs, an HTML <h2> none (the audit
	// gives it none either: whether GitHub does is not known here).
	root := githubMarkdown.Parser().Parse(text.NewReader(src))
	count := map[string]int{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		s := githubSlug(renderedText(src, h))
		if k := count[s]; k > 0 {
			ids[s+"-"+strconv.Itoa(k)] = true
		} else {
			ids[s] = true
		}
		count[s]++
		return ast.WalkSkipChildren, nil
	})
	var out bytes.Buffer
	if githubMarkdown.Renderer().Render(&out, src, root) != nil {
		return ids
	}
	doc, err := html.Parse(&out)
	if err != nil {
		return ids
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if (a.Key == "id" || a.Key == "name") && a.Val != "" {
					ids[a.Val] = true
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return ids
}

// renderedText is the text a reader sees in heading h of src: the
// heading rendered to HTML, and its textContent.
func renderedText(src []byte, h *ast.Heading) string {
	var out bytes.Buffer
	if githubMarkdown.Renderer().Render(&out, src, h) != nil {
		return ""
	}
	nodes, err := html.ParseFragment(&out, &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, n := range nodes {
		b.WriteString(textContent(n))
	}
	return b.String()
}

// dropFrontMatter returns src without a leading YAML front matter block
// ("---" lines around it), which GitHub shows as a table.
func dropFrontMatter(src []byte) []byte {
	body, ok := bytes.CutPrefix(src, []byte("---\n"))
	if !ok {
		return src
	}
	for off := 0; off < len(body); {
		line := body[off:]
		if k := bytes.IndexByte(line, '\n'); k >= 0 {
			line = line[:k+1]
		}
		if t := bytes.TrimRight(line, " \t\r\n"); string(t) == "---" || string(t) == "..." {
			return body[off+len(line):]
		}
		off += len(line)
	}
	return src
}

// textContent is the text of n and its descendants, as the DOM's
// textContent: an image's alt text is none of it.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// githubSlug is the slug GitHub makes of a heading's rendered text: the
// text lowercased, every character but word characters (Ruby's
// \p{Word}: letters, letter numbers, marks, decimal digits, connector
// punctuation such as "_"), "-" and the space left out, each space a
// "-". "x²" is "x", an emoji's variation selector (a mark) stays.
func githubSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.In(r, unicode.Nd, unicode.Nl, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ownGitHubURL returns, for a URL of repository repo's files on GitHub
// (https://github.com/OWNER/NAME/blob/BRANCH/PATH#FRAG, or tree/, raw/;
// the repository's page https://github.com/OWNER/NAME#FRAG, its top
// folder), the reference "/PATH#FRAG" from the repository's top; else "".
func ownGitHubURL(repo, uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || !strings.EqualFold(u.Host, "github.com") {
		return ""
	}
	if strings.EqualFold(strings.Trim(u.Path, "/"), repo) {
		// The repository's page: its top folder and the README there.
		if u.Fragment != "" {
			return "/#" + u.Fragment
		}
		return "/"
	}
	parts := strings.SplitN(strings.TrimPrefix(u.Path, "/"), "/", 5)
	if len(parts) < 4 || !strings.EqualFold(parts[0]+"/"+parts[1], repo) {
		return ""
	}
	switch parts[2] {
	case "blob", "tree", "raw":
	default:
		return ""
	}
	ref := "/"
	if len(parts) == 5 {
		ref += parts[4]
	}
	if u.Fragment != "" {
		ref += "#" + u.Fragment
	}
	return ref
}

// ownGitHubBranchURL is ownGitHubURL for a URL of the default branch
// (main, master, HEAD) or the repository's page: one that the tree at
// hand shows, not a tag's or a commit's (pinned history, whose files
// may have moved since).
func ownGitHubBranchURL(repo, uri string) string {
	ref := ownGitHubURL(repo, uri)
	if ref == "" {
		return ""
	}
	u, _ := url.Parse(uri)
	parts := strings.SplitN(strings.Trim(u.Path, "/"), "/", 5)
	if len(parts) >= 4 && parts[3] != "main" && parts[3] != "master" && parts[3] != "HEAD" {
		return ""
	}
	return ref
}

// readOnGitHub reports whether a file is read on GitHub rather than on
// the site: it is outside the site's folder, or under .github/.
func readOnGitHub(file, siteDir string) bool {
	if strings.HasPrefix(file, ".github/") {
		return true
	}
	siteDir = path.Clean(siteDir)
	return siteDir != "." && file != siteDir && !strings.HasPrefix(file, siteDir+"/")
}

// githubReader tells which files of a repository are read on GitHub,
// not published by its site: readOnGitHub's files, and those the
// generator's configuration shows it does not publish (outside
// MkDocs' docs_dir; at the top of a Hugo or Docusaurus site's folder,
// where neither takes pages from). A folder outside the site's that
// its configuration names ("path: '../docs'", a module mount's
// "../content") may be published, so none of its files is taken as
// read on GitHub.
type githubReader struct {
	siteDir, generator, content string
	named                       []string // folders outside the site's that its configuration names
}

func newGitHubReader(top string, r row) *githubReader {
	g := &githubReader{siteDir: path.Clean(r.site), generator: r.generator}
	cfgDir := buildDir(r.build)
	g.content = mkdocsContent(top, g.siteDir, r.generator, cfgDir)
	for _, dir := range []string{g.siteDir, path.Join(g.siteDir, cfgDir)} {
		for _, name := range siteConfigs {
			src, err := os.ReadFile(filepath.Join(top, dir, name))
			if err != nil {
				continue
			}
			for _, m := range parentPath.FindAllSubmatch(src, -1) {
				for _, from := range []string{g.siteDir, dir} {
					if p := path.Join(from, string(m[1])); p != "." {
						g.named = append(g.named, p)
					}
				}
			}
		}
	}
	return g
}

// siteConfigs are the configuration files that can name a folder above
// the site's as content.
var siteConfigs = []string{
	"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs", "siteConfig.js",
	"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json",
	"config/_default/hugo.toml", "config/_default/config.toml", "config/_default/module.toml", "config/_default/hugo.yaml", "config/_default/config.yaml",
	"mkdocs.yml", "mkdocs.yaml", "_config.yml",
	".vitepress/config.js", ".vitepress/config.ts", ".vitepress/config.mts", ".vitepress/config.mjs",
}

// parentPath is a path above the configuration's folder, quoted or
// after a YAML key: "../docs", '../../content', docs_dir: ../docs.
var parentPath = regexp.MustCompile(`(?:["'` + "`" + `]|:\s+)((?:\.\./)+[^"'` + "`" + `\s,)]*)`)

// file reports whether file (a slash path from the top) is read on
// GitHub.
func (g *githubReader) file(file string) bool {
	for _, d := range g.named {
		if d == ".." || strings.HasPrefix(d, "../") {
			continue
		}
		if file == d || strings.HasPrefix(file, d+"/") {
			return false
		}
	}
	if readOnGitHub(file, g.siteDir) {
		return true
	}
	switch g.generator {
	case "mkdocs":
		return g.content != g.siteDir && !strings.HasPrefix(file, g.content+"/")
	case "hugo", "docusaurus":
		return path.Dir(file) == g.siteDir
	}
	return false
}

// judgeGitHub sets the verdict of a link finding from the GitHub oracle.
func judgeGitHub(f *finding, t *githubTree, repo string) {
	file, uri := f.File, f.URI
	if ref := ownGitHubURL(repo, uri); ref != "" {
		file, uri = "README.md", ref // resolved from the top; any Markdown file name will do
	}
	ok, reason, judged := t.resolves(file, uri)
	switch {
	case !judged:
		f.Verdict, f.Why = "unmatched", "the GitHub oracle does not judge this link"
	case ok:
		f.Verdict, f.Why = "refuted", "GitHub resolves it (oracle)"
	default:
		f.Verdict, f.Why = "confirmed", "GitHub has it broken (oracle): "+reason
	}
}

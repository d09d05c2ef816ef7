package site

import (
	"bytes"
	"path"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
)

// A Hugo theme's repository keeps a site that shows it, most often in
// exampleSite/, whose configuration names the theme (theme =
// "hugo-book") or imports it as a module (github.com/x/theme). The
// theme is the repository itself, above the site's folder, which Hugo
// finds only as the repository's own build tells it: `hugo
// --themesDir ../..` from exampleSite/ (Hugo's theme guidelines;
// the theme's name is the clone's folder's), or a module replacement
// (exampleSite/go.mod's `replace github.com/x/theme => ../`,
// module.replacements). Neither the clone's name nor the command is the
// configuration's, but a theme named and not found stops Hugo's build:
// a site that builds at all takes the theme from there. So the model
// reads that theme's layouts, hooks and shortcodes as a theme of the
// tree, not as a theme it lacks.

// hugoMaxThemes bounds the themes of a site the model reads (real sites
// name one to five).
const hugoMaxThemes = 32

// hugoEnclosingTheme returns the nearest folder above the site's (a
// slash path from the site's folder: "..", "../.."), up to the audited
// root, that is a Hugo theme: a theme.toml beside a layouts folder.
// It returns "" when there is none.
func hugoEnclosingTheme(t *Tree) string {
	for i := 1; i <= t.Up; i++ {
		d := strings.TrimSuffix(strings.Repeat("../", i), "/")
		if t.Exists(d+"/theme.toml") && t.Exists(d+"/layouts") {
			return d
		}
	}
	return ""
}

// hugoLocalModules returns the folders of the tree (slash paths from
// the site's folder) that are modules the site may import, by import
// path: the folder a replacement names (module.replacements "p -> ../",
// the site's go.mod "replace p => ../"), or a folder above the site's
// whose go.mod declares the module p (a theme's repository, whose
// example site imports it and builds with a replacement or a
// workspace), in that order. A module none of the tree's is not in it.
// The files are read once for all the imports.
func hugoLocalModules(t *Tree, cfg config) map[string]string {
	local := func(dir string) string {
		c := path.Clean(dir)
		if path.IsAbs(c) || !(c == ".." || strings.HasPrefix(c, "../") || c == "." || strings.HasPrefix(c, "./")) {
			return "" // an absolute path is the builder's machine's
		}
		if c == "." || strings.Count(c+"/", "../") > t.Up || !t.Exists(c) {
			return "" // above the audited root: none of the tree's
		}
		return c
	}
	// Read in that order, the first folder named for a module wins.
	dirs := map[string]string{}
	add := func(p, d string) {
		if _, ok := dirs[p]; !ok && d != "" {
			dirs[p] = d
		}
	}
	// module.replacements: "github.com/a/b -> ../b, ..." (Hugo's
	// modules configuration, also HUGO_MODULE_REPLACEMENTS).
	for _, r := range cfg.strs("module.replacements") {
		for _, pair := range strings.Split(r, ",") {
			if from, to, ok := strings.Cut(pair, "->"); ok {
				add(strings.TrimSpace(from), local(strings.TrimSpace(to)))
			}
		}
	}
	if src, err := t.Read("go.mod"); err == nil {
		if f, err := modfile.ParseLax("go.mod", src, nil); err == nil {
			for _, r := range f.Replace {
				if r.New.Version == "" {
					add(r.Old.Path, local(r.New.Path))
				}
			}
		}
	}
	for i := 1; i <= t.Up; i++ {
		d := strings.TrimSuffix(strings.Repeat("../", i), "/")
		if src, err := t.Read(d + "/go.mod"); err == nil && t.Exists(d+"/layouts") {
			add(modfile.ModulePath(src), d)
		}
	}
	return dirs
}

// hugoBaseFlag finds the base URL a hugo command line gives
// (--baseURL URL, --baseURL=URL, -b URL): a literal, or a GitHub
// Actions expression (${{ steps.pages.outputs.base_url }}).
var hugoBaseFlag = regexp.MustCompile(`(?i)(?:--baseurl|\s-b)(?:=|\s+)["']?(\$\{\{[^}\n]*\}\}|[^\s"'\\]+)`)

// hugoPagesBase is the expression of GitHub's Hugo starter workflow,
// the output of actions/configure-pages.
var hugoPagesBase = regexp.MustCompile(`^\$\{\{\s*steps\.[\w-]+\.outputs\.base_url\s*\}\}$`)

// hugoCommandBase returns the base URL the repository's own build of
// the site gives Hugo on its command line, which wins over the
// configuration's baseURL: a theme's example site configured with
// "https://example.com" is deployed by a GitHub workflow with
// `hugo -s exampleSite --baseURL https://owner.github.io/theme`. It
// reads the build commands of netlify.toml and the GitHub workflows (the
// site folder's and the audited root's) that name the site's folder
// (any, for a site at the root), in lines that run hugo. The starter
// workflow's `--baseURL "${{ steps.pages.outputs.base_url }}/"` is the
// repository's GitHub Pages URL (https://owner.github.io/name/, or the
// host a static/CNAME names). It returns "" when no command gives one,
// or when two give different ones.
func hugoCommandBase(t *Tree, s *Site) (base, from string) {
	for _, f := range hugoDeployFiles(t) {
		src, err := t.Read(f)
		if err != nil || s.dir != "" && !bytes.Contains(src, []byte(s.dir)) {
			continue
		}
		// A command continued over lines ("hugo \" then "--baseURL
		// ...") is one line.
		for _, line := range strings.Split(strings.ReplaceAll(string(src), "\\\n", " "), "\n") {
			if !strings.Contains(strings.ToLower(line), "hugo") {
				continue
			}
			for _, m := range hugoBaseFlag.FindAllStringSubmatch(line, -1) {
				u := m[1]
				if hugoPagesBase.MatchString(u) {
					if u = hugoPagesURL(t, s, src); u == "" {
						continue
					}
				}
				_, rest, _ := strings.Cut(u, "://")
				host, _, _ := strings.Cut(rest, "/")
				if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") || placeholderHost(host) {
					continue // $URL, a variable: unknown; a local server's
				}
				if base != "" && strings.TrimSuffix(base, "/") != strings.TrimSuffix(u, "/") {
					return "", ""
				}
				base, from = u, f
			}
		}
	}
	return base, from
}

// hugoPagesURL returns the URL GitHub Pages serves the repository's
// site at, when the workflow src configures Pages
// (actions/configure-pages): the host a CNAME of the site's static
// folder names, else GitHub Pages' own URL of the repository; "" off
// GitHub.
func hugoPagesURL(t *Tree, s *Site, src []byte) string {
	if !bytes.Contains(src, []byte("actions/configure-pages")) {
		return ""
	}
	if t.Exists("static/CNAME") {
		return cnameURL(t, "static/CNAME")
	}
	u, _ := githubPagesURL(s.Repo)
	return u
}

// hugoShownDir names the folder d (from the site's) for the detection
// line, from the audited root: "docs/", or "./" for the root itself.
func hugoShownDir(s *Site, d string) string {
	if c := path.Clean(s.dir + "/" + d); c != "." && c != "" && !strings.HasPrefix(c, "../") {
		return c + "/"
	}
	return "./"
}

// RawHTMLDropped reports whether the publisher renders none of the raw
// HTML of a Markdown page (Hugo's Goldmark without
// markup.goldmark.renderer.unsafe writes "<!-- raw HTML omitted -->"):
// an id or name written there is no anchor of the page.
func (s *Site) RawHTMLDropped() bool { return s.hugo != nil && s.hugo.rawDropped }

// CallsShortcodes reports whether the page text src may call a Hugo
// shortcode ("{{<" or "{{%"). The raw HTML between a paired shortcode's
// tags is the shortcode's .Inner, which its template may write as it
// is, unlike Goldmark: a page that calls one keeps its raw HTML in the
// model (RawHTMLDropped).
func CallsShortcodes(src []byte) bool {
	return bytes.Contains(src, []byte("{{<")) || bytes.Contains(src, []byte("{{%"))
}

// hugoHookParamIf is a block of a template written only when a site
// parameter is set: {{ if .Page.Site.Params.NAME }} ... {{ end }}, with
// no other action that opens a block inside.
var hugoHookParamIf = regexp.MustCompile(`\{\{-?\s*if\s+(?:\$?\.Page\.Site|\.Site|site)\.Params\.(\w+)\s*-?\}\}((?s:.*?))\{\{-?\s*end\s*-?\}\}`)

// hugoBlockAction opens or divides a block of a template.
var hugoBlockAction = regexp.MustCompile(`\{\{-?\s*(?:if|with|range|else)\b`)

// hugoPartialAssign is a variable set to what a partial returns with the
// hook's context: {{ $destination = partial "docs/links/link" . }}.
var hugoPartialAssign = regexp.MustCompile(`\{\{-?\s*\$\w+\s*:?=\s*partial(?:Cached)?\s+"([^"]+)"\s+\.\s*-?\}\}`)

// hugoHookText returns the text of a render-link hook as the site renders
// it, for the model's reading of it (embeddedLike, destinationAsIs): a
// block guarded by a site parameter is kept, unguarded, when the
// configuration sets the parameter, and dropped when it does not; a
// partial the hook calls with its own context is read in its place
// (partial returns its source, nil when there is none). A theme's hook
// may resolve links only when a parameter asks for it (hugo-book's
// BookPortableLinks, a partial that looks the destination up with
// .GetPage). What this cannot read is left as written, for the model to
// take as a hook it does not know.
func hugoHookText(src string, cfg config, partial func(string) []byte) string {
	src = hugoComment.ReplaceAllString(src, "")
	src = hugoHookParamIf.ReplaceAllStringFunc(src, func(block string) string {
		m := hugoHookParamIf.FindStringSubmatch(block)
		if hugoBlockAction.MatchString(m[2]) {
			return block
		}
		if hugoTruthy(cfg.get("params." + m[1])) {
			return m[2]
		}
		return ""
	})
	// Each partial is read once; what is put in place stays within a
	// configuration file's size, past which a call is left as written
	// (a hook calling a large partial thousands of times).
	read := map[string]string{}
	room := maxConfig
	return hugoPartialAssign.ReplaceAllStringFunc(src, func(call string) string {
		name := hugoPartialAssign.FindStringSubmatch(call)[1]
		text, ok := read[name]
		if !ok {
			if p := partial(name); p != nil {
				text = hugoComment.ReplaceAllString(string(p), "")
			} else {
				text = call
			}
			read[name] = text
		}
		if text == call || len(text) > room {
			return call
		}
		room -= len(text)
		return text
	})
}

// hugoTruthy reports whether a configuration value is true in a template's
// if: set, not false, not zero, not empty.
func hugoTruthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case int64:
		return v != 0
	case int:
		return v != 0
	case float64:
		return v != 0
	case []any:
		return len(v) > 0
	case map[string]any:
		return len(v) > 0
	}
	return true
}

// hugoFileFilter is a content mount's files setting (Hugo 0.89): glob
// patterns matched against a file's path below the mount's source, and
// each folder above it, "! pattern" excluding. A file an exclusion
// matches is left out; with inclusions, a file none matches is too.
// Each pattern is held as the globs without braces, in lower case, that
// globMatch matches, the one matcher of the model's globs.
type hugoFileFilter struct{ include, exclude []string }

// hugoMountFiles reads a mount's files patterns; nil when there are none,
// or more than maxExcludeGlobs, or one longer than maxGlob: each file of
// the mount is matched against each, at a cost that grows with its
// length, and a list so long is not read (no file is left out), as
// Docusaurus' exclude. A pattern is a glob as Hugo's (gobwas/glob with
// "/" its separator): "*" and "?" within a segment, "**" across them,
// {a,b} alternatives, [...] classes ("[!a]" not a); compared ignoring
// case. One the model cannot read (hugoGlob) is left out.
func hugoMountFiles(patterns []string) *hugoFileFilter {
	if len(patterns) == 0 || len(patterns) > maxExcludeGlobs {
		return nil
	}
	for _, p := range patterns {
		if len(p) > maxGlob {
			return nil
		}
	}
	f := &hugoFileFilter{}
	for _, p := range patterns {
		p = strings.TrimSpace(p)
		neg := strings.HasPrefix(p, "!")
		p = strings.TrimSpace(strings.TrimPrefix(p, "!"))
		globs := hugoGlob(p)
		if neg {
			f.exclude = append(f.exclude, globs...)
		} else {
			f.include = append(f.include, globs...)
		}
	}
	return f
}

// keeps reports whether the file p (slash path below the mount's source)
// is mounted.
func (f *hugoFileFilter) keeps(p string) bool {
	if f == nil {
		return true
	}
	p = strings.ToLower(p)
	matches := func(globs []string) bool {
		for q := p; q != "." && q != "" && q != "/"; q = path.Dir(q) {
			for _, g := range globs {
				if globMatch(g, q) {
					return true
				}
			}
		}
		return false
	}
	if matches(f.exclude) {
		return false
	}
	return len(f.include) == 0 || matches(f.include)
}

// hugoGlob reads one of Hugo's globs (hugoMountFiles) into the globs
// globMatch matches, in lower case: its braces expanded as
// docusaurusGlob does, a class's "!" made path.Match's "^", a "**"
// segment one segment or more, and a "**" inside a segment ("**.md": any folders, then a name ending in ".md")
// made a "*" within the segment or one ending a segment, "**" and one
// starting the last. Nil for an empty glob, a malformed one (path.Match
// rejects a segment: Hugo's build would too), or one of more than
// maxGlobAlternatives globs.
func hugoGlob(g string) []string {
	if g == "" {
		return nil
	}
	g = strings.ToLower(g)
	// docusaurusGlob reads no classes: each is kept aside as a
	// placeholder while the braces are expanded.
	var classes []string
	var masked strings.Builder
	for i := 0; i < len(g); i++ {
		if g[i] == '[' {
			if j := strings.IndexByte(g[i+1:], ']'); j > 0 {
				class := g[i : i+j+2]
				if strings.HasPrefix(class, "[!") {
					class = "[^" + class[2:]
				}
				masked.WriteString("\x00" + strconv.Itoa(len(classes)) + "\x00")
				classes = append(classes, class)
				i += j + 1
				continue
			}
		}
		masked.WriteByte(g[i])
	}
	expanded := docusaurusGlob(masked.String())
	// Each "**" inside a segment doubles the globs (hugoSplitStars).
	inner := 0
	for _, seg := range strings.Split(g, "/") {
		if seg != "**" {
			inner += strings.Count(seg, "**")
		}
	}
	if inner > 6 || len(expanded)<<inner > maxGlobAlternatives {
		return nil
	}
	var out []string
	for _, e := range expanded {
		for k, c := range classes {
			e = strings.Replace(e, "\x00"+strconv.Itoa(k)+"\x00", c, 1)
		}
		// A "**" segment of gobwas/glob's is any text between its
		// slashes, so at least one segment ("docs/**/*.md" is not
		// docs/y.md, "**/README.md" not README.md), where
		// globMatch's "**" is any number, none too.
		segs := strings.Split(e, "/")
		for i, seg := range segs {
			if seg == "**" {
				segs[i] = "*/**"
			}
		}
		out = append(out, hugoSplitStars(strings.Join(segs, "/"))...)
	}
	for _, x := range out {
		for _, seg := range strings.Split(x, "/") {
			if _, err := path.Match(seg, ""); err != nil {
				return nil
			}
		}
	}
	return out
}

// hugoSplitStars rewrites a "**" inside a segment of g (gobwas/glob's
// "**" crosses "/") into globs whose "**" are whole segments, as
// globMatch reads them: "a**b" is "a*b", or "a*/**/*b".
func hugoSplitStars(g string) []string {
	segs := strings.Split(g, "/")
	for i, seg := range segs {
		k := strings.Index(seg, "**")
		if seg == "**" || k < 0 {
			continue
		}
		before, after := strings.Join(segs[:i], "/"), strings.Join(segs[i+1:], "/")
		join := func(parts ...string) string {
			var nonEmpty []string
			for _, p := range parts {
				if p != "" {
					nonEmpty = append(nonEmpty, p)
				}
			}
			return strings.Join(nonEmpty, "/")
		}
		x, y := seg[:k], seg[k+2:]
		var out []string
		for _, alt := range []string{x + "*" + y, x + "*/**/*" + y} {
			out = append(out, hugoSplitStars(join(before, alt, after))...)
		}
		return out
	}
	return []string{g}
}

package site

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// unmodelledTests are configurations naming what the models do not
// cover, and what the detection line must say of them.
var unmodelledTests = []struct {
	name    string
	files   map[string]string
	want    string
	idsOnly bool // what is not modelled writes ids, publishes no page
}{
	{"mkdocs", map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  - search\n  - gen-files:\n      scripts: [a.py]\nmarkdown_extensions:\n  - mkdocs-click\n  - toc\n"},
		"site: mkdocs (mkdocs.yml), docs/ at /, plugins not modelled: gen-files, markdown_extensions not modelled: mkdocs-click", false},
	{"mdbook", map[string]string{"book.toml": "[book]\n[preprocessor.spec]\n[preprocessor.index]\n"},
		"site: mdbook (book.toml), preprocessors not modelled: spec", false},
	{"jekyll", map[string]string{"_config.yml": "plugins: [jekyll-seo-tag, jekyll-archives]\n"},
		"site: jekyll (_config.yml), ./ at /, plugins not modelled: jekyll-archives", false},
	{"docusaurus", map[string]string{"docusaurus.config.js": "module.exports = {plugins: ['@docusaurus/plugin-sitemap', ['docusaurus-plugin-typedoc', {out: 'api'}], require.resolve('./src/plugins/x')]};\n"},
		"site: docusaurus (docusaurus.config.js), plugins not modelled: ./src/plugins/x, docusaurus-plugin-typedoc", false},
	{"vitepress", map[string]string{".vitepress/config/index.ts": "import { shared } from './shared'\nexport default shared\n",
		".vitepress/config/shared.ts": "export const shared = { markdown: { anchor: { slugify } } }\n"},
		"site: vitepress (.vitepress/config/index.ts), markdown.anchor.slugify not modelled", true},
	{"hugo", map[string]string{"hugo.toml": "theme = \"docsy\"\n[permalinks]\nposts = \"/:sections[1:]/:slug/\"\n"},
		"site: hugo (hugo.toml), keys not modelled: permalinks, themes not modelled: docsy", false},
}

// TestUnmodelled checks that the detection line names what the model
// does not cover, and that a page no file serves is then unknown, not
// missing.
func TestUnmodelled(t *testing.T) {
	for _, tt := range unmodelledTests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tt.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
				t.Fatal(err)
			}
			s, err := Detect(dir, Options{Repository: "none"})
			if err != nil {
				t.Fatal(err)
			}
			got := s.String()
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("String() = %q, want it to begin %q", got, tt.want)
			}
			if tt.idsOnly {
				if why, ok := s.UnknownIDs("index.md"); !ok || !strings.Contains(why, "is not modelled") {
					t.Errorf("UnknownIDs(%q) = %q, %v; want a reason", "index.md", why, ok)
				}
				return
			}
			if why, ok := s.UnknownPage("/no/such/page/"); !ok || !strings.Contains(why, "is not modelled") {
				t.Errorf("UnknownPage(%q) = %q, %v; want a reason", "/no/such/page/", why, ok)
			}
		})
	}
}

// TestJekyllCollectionOutside checks that a collection's name cannot
// make the model read outside the site's folder.
func TestJekyllCollectionOutside(t *testing.T) {
	root := t.TempDir()
	site := filepath.Join(root, "site")
	writeFiles(t, root, map[string]string{
		"site/_config.yml":      "collections:\n  ../../outside: {output: true}\n  a/../../../outside: {output: true}\ncollections_dir: ../..\n",
		"site/index.md":         "---\n---\n",
		"outside/secret.md":     "---\n---\n",
		"site/_docs/kept.md":    "---\n---\n",
		"site/_../outside/x.md": "---\n---\n",
	})
	s, _ := Detect(site, Options{Repository: "none"})
	for rel, u := range s.urls {
		if strings.Contains(rel, "outside") || strings.HasPrefix(rel, "..") {
			t.Errorf("page %q at %q: outside the site's folder", rel, u)
		}
	}
}

// FuzzDocusaurusPlugins checks that reading the plugins of any
// configuration ends without a panic and gives module names as written.
func FuzzDocusaurusPlugins(f *testing.F) {
	for _, s := range []string{
		"module.exports = {plugins: ['a', ['b', {x: [1, 2]}], require.resolve('./c')]};",
		"plugins: [", "themes: [[[", "plugins: []]]", "plugins: [function x() { return [1] }, 'd']",
		"plugins: [\n  // Use custom blog plugin\n  ['./plugins/blog', {}],\n  /* 'x', */ `y // z`]",
		"const t = require('./plugins/t.cjs');\nconst plugins = [t, ...docs.map((d) => f(d)), /* c */ x];\nmodule.exports = {plugins,};",
		"const docs = [{id: 'a', path: 'docs/a', routeBasePath: '/a'}];\nconst p = ['@docusaurus/plugin-content-docs', ({...o})];\nmodule.exports = {plugins: list};",
		"module.exports = {plugins: [../* c */.x, 'a']};",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		// The configuration is read with its comments blanked: the
		// copy keeps every offset.
		blanked := blankJSComments([]byte(src))
		if len(blanked) != len(src) {
			t.Fatalf("blankJSComments(%q) has %d bytes, want %d", src, len(blanked), len(src))
		}
		for _, cfg := range [][]byte{[]byte(src), blanked} {
			// A name is text of the configuration read (a spread's
			// first line keeps the blanks of a comment it holds).
			for _, name := range docusaurusPlugins(cfg) {
				if name == "" || !strings.Contains(string(cfg), name) {
					t.Errorf("docusaurusPlugins(%q) gives %q", cfg, name)
				}
			}
			// The object literals of mapped options open before the
			// key they hold.
			var at []int
			for _, m := range docusaurusRouteBase.FindAllIndex(cfg, maxDocusaurusInstances) {
				at = append(at, m[0])
			}
			for i, open := range docusaurusOpenings(cfg, at) {
				if open >= 0 && (open >= at[i] || cfg[open] != '{') {
					t.Errorf("docusaurusOpenings(%q) gives %d for %d", cfg, open, at[i])
				}
			}
			docusaurusMappedInstances(cfg, func(kind string, body []byte) docusaurusInstance { return docusaurusInstance{kind: kind} })
		}
	})
}

// TestKeepCaseSlugify checks that a configuration's own copy of
// VitePress's slugify without lower-casing is read as such, and any
// other slugify is not modelled.
func TestKeepCaseSlugify(t *testing.T) {
	keep := "const rSpecial = /[\\s~`!@#$%^&*()\\-_+=[\\]{}|\\\\;:\"'<>,.?/]+/g\n" +
		"export const slugify = (str: string): string =>\n  str\n    .normalize('NFKD')\n    .replace(rCombining, '')\n    .replace(rSpecial, '-')\n    .replace(/^(\\d)/, '_$1')\n" +
		"export default { markdown: { anchor: { slugify } } }\n"
	lower := strings.Replace(keep, ".replace(/^(\\d)/, '_$1')", ".replace(/^(\\d)/, '_$1').toLowerCase()", 1)
	trim := strings.Replace(keep, ".replace(rSpecial, '-')", ".replace(rSpecial, '-')\n    .replace(/^\\-+|\\-+$/g, '')", 1)
	for _, tt := range []struct {
		cfg, want string
		heading   string
		id        string
	}{
		{keep, "case and dashes at the ends kept", "Option Stores", "Option-Stores"},
		{keep, "case and dashes at the ends kept", "Unit test (Vue 2)", "Unit-test-Vue-2-"}, // pinia's
		{keep, "case and dashes at the ends kept", "$id", "-id"},
		{trim, "VitePress's, case kept", "Unit test (Vue 2)", "Unit-test-Vue-2"},
		{trim, "VitePress's, case kept", "$id", "id"},
		{lower, "markdown.anchor.slugify not modelled", "", ""},
	} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, ".vitepress"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".vitepress", "config.ts"), []byte(tt.cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		s, _ := Detect(dir, Options{Repository: "none"})
		if !strings.Contains(s.String(), tt.want) {
			t.Errorf("String() = %q, want %q in it", s.String(), tt.want)
		}
		if tt.id != "" {
			if ids := s.HeadingIDs([]string{tt.heading}); len(ids) != 1 || ids[0] != tt.id {
				t.Errorf("HeadingIDs(%q) = %q, want %q", tt.heading, ids, tt.id)
			}
		}
	}
}

// TestShortcodeIDs: a Hugo page that calls a shortcode of the site's own
// has ids the model does not render; Hugo's own shortcodes, closing tags
// and commented-out calls write none.
func TestShortcodeIDs(t *testing.T) {
	src := []byte("{{< ref \"a.md\" >}} {{</* def */>}} {{% /note %}}\n{{% def id=\"x\" %}}t{{% /def %}} {{<highlight go>}}x{{< /highlight >}} {{< def >}}")
	if got, want := shortcodeNames(src), []string{"ref", "def", "highlight"}; !slices.Equal(got, want) {
		t.Errorf("Shortcodes = %q, want %q", got, want)
	}
	// In a fenced code block "{{% x %}}" renders as code; "{{< y >}}" is
	// put in as HTML all the same.
	fenced := []byte("```yaml\n{{% readFile \"a.yaml\" %}}\n{{< box >}}\n```\n~~~\n{{% file %}}\n~~~\n{{% after %}}\n")
	if got, want := shortcodeNames(fenced), []string{"box", "after"}; !slices.Equal(got, want) {
		t.Errorf("Shortcodes(fenced) = %q, want %q", got, want)
	}
	if got, want := shortcodeArgNames(src), []string{"ref", "def", "highlight"}; !slices.Equal(got, want) {
		t.Errorf("ShortcodesWithArgs = %q, want %q", got, want)
	}
	if got := shortcodeArgNames([]byte("{{< note >}}x{{< /note >}} {{% alert %}}")); got != nil {
		t.Errorf("ShortcodesWithArgs(no arguments) = %q, want none", got)
	}
	partials := map[string]string{
		"components/alert.html": `<div class="alert"{{ with .id }} id="{{ . }}"{{ end }}>{{ .content }}</div>`,
		"icon.html":             `<svg id="icon-{{ .name }}"></svg>`,
	}
	partial := func(name string) []byte {
		for _, n := range []string{name, name + ".html"} { // as Hugo looks them up
			if p, ok := partials[n]; ok {
				return []byte(p)
			}
		}
		return nil
	}
	s := &Site{Generator: "hugo", shortcodes: map[string]*shortcodeIDs{}}
	for name, tmpl := range map[string]string{
		"def":     `<dfn id="def-{{ .Get "id" }}" data-id="x">{{ .Get "name" }}</dfn>`,
		"note":    `<div class="note" data-id="{{ .Get 0 }}">{{ .Inner }}</div>`,
		"box":     `<div id=box>{{ .Inner }}</div>`,
		"include": `{{ .Get 0 | readFile | safeHTML }}`,
		"warning": `{{ $c := .Inner | .Page.RenderString }}{{ partial "components/alert.html" (dict "id" (.Get "id") "content" $c) }}`,
		"icon":    `{{ partialCached "icon" (dict "name" (.Get 0)) }}`,
		"dyn":     `{{ partial $name . }}`,
		"themed":  `{{ partial "theme-only" . }}`,
		"table":   `{{ $c := printf "<table><caption>%s</caption>" (.Get "caption") }}{{ .Inner | .Page.RenderString | replaceRE "<table>" $c | safeHTML }}`,
		"raw":     `{{ printf "<h2 id=\"%s\">" (.Get 0) | safeHTML }}`,
	} {
		sc := &shortcodeIDs{}
		sc.add([]byte(tmpl), partial, 0)
		s.shortcodes[name] = sc
	}
	for _, c := range []struct {
		names, withArgs, withHTML []string
		frag                      string
		unknown                   bool
	}{
		{[]string{"ref", "highlight", "figure"}, nil, nil, "x", false}, // Hugo's own
		{[]string{"ref", "def"}, nil, nil, "def-acme", true},
		{[]string{"ref", "def"}, nil, nil, "install", false}, // def writes only def-...
		{[]string{"note"}, nil, nil, "install", false},       // no id attribute: data-id is none
		{[]string{"box"}, nil, nil, "box", true},
		{[]string{"box"}, nil, nil, "install", false},
		{[]string{"include"}, nil, nil, "install", true}, // another file, rendered
		{[]string{"tabs"}, nil, nil, "install", true},    // no template: a module's
		// Its partial writes an id from an argument: unknown only
		// when the page gives one.
		{[]string{"warning"}, nil, nil, "install", false},
		{[]string{"warning"}, []string{"warning"}, nil, "install", true},
		{[]string{"icon"}, []string{"icon"}, nil, "icon-x", true}, // partialCached, ".html" left out
		{[]string{"icon"}, []string{"icon"}, nil, "install", false},
		{[]string{"dyn"}, nil, nil, "install", true},    // a partial named by a variable
		{[]string{"themed"}, nil, nil, "install", true}, // a partial the tree lacks
		// Its safeHTML writes the inner Markdown and an argument: ids
		// only from HTML in the arguments.
		{[]string{"table"}, []string{"table"}, nil, "install", false},
		{[]string{"table"}, []string{"table"}, []string{"table"}, "install", true},
		{[]string{"raw"}, []string{"raw"}, nil, "install", true}, // an id attribute of its own
	} {
		why, ok := s.ShortcodeIDs(c.names, c.withArgs, c.withHTML, c.frag)
		if ok != c.unknown {
			t.Errorf("ShortcodeIDs(%q, %q, %q, %q) = %q, %v, want unknown %v", c.names, c.withArgs, c.withHTML, c.frag, why, ok, c.unknown)
		}
	}
	// A partial that calls itself is followed a few levels, then taken
	// as unknown output.
	self := &shortcodeIDs{}
	self.add([]byte(`{{ partial "loop" . }}`), func(string) []byte { return []byte(`{{ partial "loop" . }}`) }, 0)
	if !self.any {
		t.Error("a partial calling itself: want output unknown")
	}
	if _, ok := (&Site{Generator: "jekyll"}).ShortcodeIDs([]string{"def"}, nil, nil, "x"); ok {
		t.Error("a Jekyll site has no shortcodes, want ids known")
	}
}

// shortcodeNames and shortcodeArgNames are ShortcodeUses' names and
// withArgs.
func shortcodeNames(src []byte) []string {
	names, _, _ := ShortcodeUses(src)
	return names
}

func shortcodeArgNames(src []byte) []string {
	_, withArgs, _ := ShortcodeUses(src)
	return withArgs
}

func FuzzShortcodes(f *testing.F) {
	f.Add([]byte("{{< def id=\"x\" >}} {{% a/b %}} {{</* c */>}} {{<"))
	f.Add([]byte("---\ntitle: x\n---\n<!-- c -->\n"))
	f.Add([]byte(`<script type="module" src="main.js"></script><SCRIPT>x</SCRIPT><script src=`))
	f.Add([]byte("a ` b ``<script>`` ```html\n<script>x</script>\n```\n<!-- <script> -->{{< highlight >}}<script>{{< /highlight >}}"))
	f.Add([]byte(`{{ $g := printf "tabs-%d" .Ordinal }}{{ $t := printf "%s-%s" $g . | anchorize }}<a id="{{ $t }}">`))
	f.Fuzz(func(t *testing.T, src []byte) {
		names := shortcodeNames(src)
		for _, n := range names {
			if n == "" || !bytes.Contains(src, []byte(n)) {
				t.Fatalf("Shortcodes(%q) has %q, not a name of the source", src, n)
			}
		}
		for _, n := range shortcodeArgNames(src) {
			if !slices.Contains(names, n) {
				t.Fatalf("ShortcodesWithArgs(%q) has %q, which Shortcodes has not", src, n)
			}
		}
		checkShortcodeTemplate(t, src)
		checkHugoScripts(t, src)
		// The same page source, read for a body of its own: front matter
		// after what Hugo's lexer skips (a byte order mark, white space).
		if intro := hugoTrimIntro(src); hugoNoBody(src) && !bytes.HasPrefix(intro, []byte("---")) && !bytes.HasPrefix(intro, []byte("+++")) {
			t.Fatalf("hugoNoBody(%q) = true without front matter", src)
		}
	})
}

package site

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDocusaurusBaseURL checks the forms of baseUrl the model reads, and
// that code it does not run is said unknown, not taken for "/".
func TestDocusaurusBaseURL(t *testing.T) {
	for _, c := range []struct {
		cfg   string
		want  string
		known bool
	}{
		{`module.exports = {url: 'https://x.test'};`, "/", true},
		{`baseUrl: '/',`, "/", true},
		{`baseUrl: "/ts-jest/",`, "/ts-jest/", true},
		{`"baseUrl": "docs"}`, "/docs/", true},
		{"baseUrl: `/a/b`,", "/a/b/", true},
		{`baseUrl: process.env.BASE_URL || '/ts-jest/',`, "/ts-jest/", true},
		{`baseUrl: process.env['BASE'] ?? "/x/"` + "\n", "/x/", true},
		{"const base = '/y/';\nmodule.exports = {baseUrl: base};", "/y/", true},
		{"const baseUrl = '/z/';\nmodule.exports = {url, baseUrl, title};", "/z/", true},
		{"let baseUrl = '/t/' + deploy.path;\nmodule.exports = {baseUrl: baseUrl,};", "", false},
		{"baseUrl: `/${name}/`,", "", false},
		{"baseUrl: isDeployPreview ? '/' : '/p/',", "", false},
		{"baseUrl:\n    process.env.VERCEL_ENV === 'preview' ? '/' : '/open-source/spectacle',", "/open-source/spectacle/", true},
		{"baseUrl: process.env.PREVIEW ? '/' : '/p/',", "/p/", true},
		{"baseUrl: process.env.PREVIEW\n    ? '/'\n    : '/q/',\n  url: 'https://x.test',", "/q/", true},
		{"baseUrl: !process.env['CI'] ? '/local/' : '/p/',", "/local/", true},
		{"baseUrl: process.env.DEPLOY !== \"gh\" ? '/a/' : '/b/',", "/a/", true},
		{"baseUrl: process.env.X ? '/a/' : process.env.Y ? '/b/' : '/c/',", "", false},
		{"baseUrl: process.env.X === y ? '/a/' : '/b/',", "", false},
		{"baseUrl: process.env.X ? '/a/' : base + '/b/',", "", false},
		{"baseUrl: getBase(),", "", false},
		{"module.exports = {url: 'https://a.test', baseUrl: '/v/'};", "/v/", true},
		{"const i18n = {localeConfigs: {fr: {baseUrl: `/${l}/`}}};\nexport default {\n  \"baseUrl\": \"/\",\n  i18n,\n};", "/", true},
		{"// Set the baseUrl\n/* baseUrl: x */\n * the baseUrl,\nmodule.exports = {baseUrl: '/w/'};", "/w/", true},
	} {
		got, known := docusaurusBaseURLOf([]byte(c.cfg))
		if got != c.want || known != c.known {
			t.Errorf("docusaurusBaseURLOf(%q) = %q, %v, want %q, %v", c.cfg, got, known, c.want, c.known)
		}
	}
}

func FuzzDocusaurusBaseURL(f *testing.F) {
	for _, s := range []string{
		"baseUrl: '/a/',", "baseUrl: x || '/b/'", "const baseUrl = '/c/'; ({baseUrl})",
		"baseUrl:", "baseUrl: ((((", "baseUrl: '", "baseUrl: `${a}`",
		"baseUrl:\n  process.env.X === 'a' ? '/b/' : '/c/',", "baseUrl: !process.env['Y'] ? ':' : '?'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		got, known := docusaurusBaseURLOf([]byte(cfg))
		if !known {
			return
		}
		if !strings.HasPrefix(got, "/") || !strings.HasSuffix(got, "/") || got != "/" && strings.Count(cfg, strings.Trim(got, "/")) == 0 {
			t.Errorf("docusaurusBaseURLOf(%q) = %q", cfg, got)
		}
	})
}

// TestDocusaurusClientRedirects checks that the client-redirects
// plugin's redirects are read when they are plain strings, and that code
// (createRedirects) or an entry not written so leaves it not modelled.
func TestDocusaurusClientRedirects(t *testing.T) {
	for _, c := range []struct {
		cfg  string
		want [][2]string
	}{
		{`plugins: [['@docusaurus/plugin-client-redirects', {redirects: [{from: '/a', to: '/b'}, {from: ["/c", '/d'], to: '/e'}]}]]`,
			[][2]string{{"/a", "/b"}, {"/c", "/e"}, {"/d", "/e"}}},
		{`plugins: [["@docusaurus/plugin-client-redirects", {fromExtensions: ['html']}]]`, [][2]string{}},
		{`plugins: [['@docusaurus/plugin-client-redirects', {redirects: [{from: '/a', to: '/b'}], createRedirects(p) { return [p + '/old']; }}]]`, nil},
		{`plugins: [['@docusaurus/plugin-client-redirects', {redirects: old.map((from) => ({from, to: '/x'}))}]]`, nil},
		{`plugins: [['@docusaurus/plugin-client-redirects', {redirects: [...list, {from: '/a', to: '/b'}]}]]`, nil},
		{`plugins: [['@docusaurus/plugin-client-redirects', {redirects: [{from: base + '/a', to: '/b'}]}]]`, nil},
		{`plugins: ['@docusaurus/plugin-sitemap']`, nil},
	} {
		got := docusaurusClientRedirects(nil, []byte(c.cfg))
		if (got == nil) != (c.want == nil) || !slices.Equal(got, c.want) {
			t.Errorf("docusaurusClientRedirects(%q) = %q, want %q", c.cfg, got, c.want)
		}
	}
}

func FuzzDocusaurusClientRedirects(f *testing.F) {
	for _, s := range []string{
		`['@docusaurus/plugin-client-redirects', {redirects: [{from: ['/a'], to: '/b'}]}]`,
		`'@docusaurus/plugin-client-redirects', {redirects: [{`, `'@docusaurus/plugin-client-redirects',{redirects:[{from:[,],to:''}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		for _, r := range docusaurusClientRedirects(nil, []byte(cfg)) {
			if !strings.Contains(cfg, r[0]) || !strings.Contains(cfg, r[1]) {
				t.Errorf("docusaurusClientRedirects(%q) gives %q", cfg, r)
			}
		}
	})
}

// TestRelFrom checks the path of a file beside a site's folder, from that
// folder, as the model names it.
func TestRelFrom(t *testing.T) {
	for _, c := range [][3]string{
		{"website", "docs/a.md", "../docs/a.md"},
		{"docusaurus/website", "docusaurus/docs/a.md", "../docs/a.md"},
		{"a/b/c", "a/x/y.md", "../../x/y.md"},
		{"a/b", "c/d.md", "../../c/d.md"},
		{"", "d.md", "d.md"},
	} {
		if got := relFrom(c[0], c[1]); got != c[2] {
			t.Errorf("relFrom(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// TestDocusaurusStringOf checks that a content plugin's routeBasePath is
// read from a string, a constant set to one (also by the shorthand) or
// a path from the configuration's folder, and that other code is
// reported as not read.
func TestDocusaurusStringOf(t *testing.T) {
	for _, c := range []struct {
		cfg, body, want string
		found, ok       bool
	}{
		{"", "{routeBasePath: '/'}", "/", true, true},
		{"", "{path: 'docs'}", "", false, true},
		{"const docsRouteBasePath = \"/\"\n", "{routeBasePath: docsRouteBasePath, sidebarPath: './s.ts'}", "/", true, true},
		{"const routeBasePath = 'guide';", "{\n  routeBasePath,\n}", "guide", true, true},
		{"", "{routeBasePath: route.base()}", "route.base()", true, false},
		{"", "{routeBasePath: unknownName}", "unknownName", true, false},
		{"", "{versions: {current: {routeBasePath: 'x'}}}", "", false, true},
		{"", "{\"routeBasePath\": \"api\"}", "api", true, true},
		// A string that ends in the name is no shorthand property.
		{"", "{id: 'docs-routeBasePath',\n  routeBasePath: 'guide'}", "guide", true, true},
		{"", "{id: 'docs-routeBasePath'}", "", false, true},
	} {
		body := []byte(c.body)
		got, found, ok := docusaurusStringOf(docusaurusConsts([]byte(c.cfg+c.body)), body, topLevel(body), "routeBasePath", docusaurusRouteBase)
		if got != c.want || found != c.found || ok != c.ok {
			t.Errorf("docusaurusStringOf(%q, %q) = %q, %v, %v, want %q, %v, %v", c.cfg, c.body, got, found, ok, c.want, c.found, c.ok)
		}
	}
	for _, c := range [][2]string{
		{"{path: path.resolve(__dirname, '../docs')}", "../docs"},
		{"{path: path.join(__dirname, 'a', 'b')}", "a/b"},
		{"{path: path.join(__dirname, 'a', '/b')}", "a/b"},
		{"{id: 'rest-api-path',\n  path: 'api'}", "api"},
	} {
		body := []byte(c[0])
		got, found, ok := docusaurusStringOf(docusaurusConsts(body), body, topLevel(body), "path", docusaurusPathKey)
		if got != c[1] || !found || !ok {
			t.Errorf("docusaurusStringOf(%q) = %q, %v, %v, want %q", c[0], got, found, ok, c[1])
		}
	}
	// path.resolve starts again at "/b", a folder outside the tree.
	body := []byte("{path: path.resolve(__dirname, 'a', '/b')}")
	if got, found, ok := docusaurusStringOf(docusaurusConsts(body), body, topLevel(body), "path", docusaurusPathKey); !found || ok {
		t.Errorf("docusaurusStringOf(%q) = %q, %v, %v, want code the model does not run", body, got, found, ok)
	}
}

func FuzzDocusaurusStringOf(f *testing.F) {
	for _, s := range []string{
		"{routeBasePath: '/'}", "{routeBasePath,}", "const routeBasePath = 'x'; {routeBasePath,}",
		"{exclude: ['**/_*.{md,mdx}', 'a/*.md']}", "{exclude: ['{a,{b}}']}",
		"{path: path.resolve(__dirname, '..', 'docs')}", "{routeBasePath: ", "{path: path.join(__dirname, ,)}",
		"const {g} = require('kit');\nmodule.exports = g({});\n", "{remarkPlugins: [[require('a'), {}], b]}", "import m from 'kit';\nexport default m({});\n",
		"{onlyIncludeVersions: ['current', '2.0']}", "{onlyIncludeVersions: [\"a\", 'b',]}", "{onlyIncludeVersions: [",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		body := []byte(cfg)
		for _, c := range []struct {
			name string
			key  *regexp.Regexp
		}{{"routeBasePath", docusaurusRouteBase}, {"path", docusaurusPathKey}} {
			v, found, ok := docusaurusStringOf(docusaurusConsts(body), body, topLevel(body), c.name, c.key)
			if !found && (v != "" || !ok) {
				t.Errorf("docusaurusStringOf(%q) = %q, %v, %v: a value where no option is", cfg, v, found, ok)
			}
		}
		// The function a package's configuration is made by is named
		// only with the package it comes from.
		if fn, mod := docusaurusMadeBy(body); (fn == "") != (mod == "") {
			t.Errorf("docusaurusMadeBy(%q) = %q, %q", cfg, fn, mod)
		}
		// The Markdown plugins' modules: each one named once.
		mods := docusaurusMarkdownPluginModules(body)
		for i, m := range mods {
			if m == "" || slices.Contains(mods[i+1:], m) {
				t.Errorf("docusaurusMarkdownPluginModules(%q) = %q", cfg, mods)
			}
		}
		// onlyIncludeVersions: only versions written in the options.
		included, _ := docusaurusIncluded(body, topLevel(body))
		for v := range included {
			if !strings.Contains(cfg, v) {
				t.Errorf("docusaurusIncluded(%q) has %q, which it does not write", cfg, v)
			}
		}
		// The exclude option's globs, read from the same object.
		if excluded := docusaurusExcluded(body, topLevel(body)); excluded != nil {
			if !strings.Contains(cfg, "exclude") {
				t.Errorf("docusaurusExcluded(%q) reads globs where no exclude option is", cfg)
			}
			excluded("a/b.md")
		}
	})
}

// TestDocusaurusExcluded checks the exclude option's globs as fast-glob
// matches them, and that one the model does not read leaves no file
// out.
func TestDocusaurusExcluded(t *testing.T) {
	for _, c := range []struct {
		body    string
		out, in []string
		unread  bool
	}{
		{`{exclude: ['getting-started/README.md']}`, []string{"getting-started/README.md"}, []string{"README.md", "x/getting-started/README.md"}, false},
		{`{exclude: ['**/_*.{js,jsx,md,mdx}', '**/_*/**']}`, []string{"_a.md", "x/_b.mdx", "_p/c.md", "x/_p/y/z.md"}, []string{"a.md", "x/a_b.md", "x/b_.txt"}, false},
		{`{exclude: ['{api,internal}/**/*.md', 'a**.md']}`, []string{"api/x.md", "internal/y/z.md", "abc.md"}, []string{"apix/x.md", "x/api/y.md", "ab/c.md"}, false},
		{`{exclude: ['{a,{b,c}}.md']}`, nil, nil, true},
		{`{exclude: ['{a,b}.md}']}`, nil, nil, true},
		{"{exclude: ['" + strings.Repeat("{a,b}", 7) + ".md']}", nil, nil, true},
		{`{exclude: ["*.draft.md"]}`, []string{"a.draft.md"}, []string{"x/a.draft.md"}, false},
		{`{exclude: ['!keep.md']}`, nil, nil, true},
		{`{exclude: list}`, nil, nil, true},
		{`{exclude: ['[ab].md']}`, nil, nil, true},
		{`{versions: {current: {exclude: ['a.md']}}}`, nil, nil, true},
		// Bounded: a glob or a list longer than a site's is not read
		// (each file is matched against each glob).
		{"{exclude: ['" + strings.Repeat("**/", 1000) + "x.md']}", nil, nil, true},
		{"{exclude: [" + strings.Repeat("'a.md', ", 1000) + "]}", nil, nil, true},
	} {
		body := []byte(c.body)
		excluded := docusaurusExcluded(body, topLevel(body))
		if (excluded == nil) != c.unread {
			t.Errorf("docusaurusExcluded(%.80q) read: %v, want %v", c.body, excluded != nil, !c.unread)
			continue
		}
		for _, p := range c.out {
			if !excluded(p) {
				t.Errorf("docusaurusExcluded(%q)(%q) = false, want true", c.body, p)
			}
		}
		for _, p := range c.in {
			if excluded(p) {
				t.Errorf("docusaurusExcluded(%q)(%q) = true, want false", c.body, p)
			}
		}
	}
}

// TestDocusaurusStaticDirsBound checks that staticDirectories is read
// when it lists a site's few folders, and that a list longer than any
// site's (each folder is tested for at each link no page answers) is
// not: the URLs at "/" are then unknown, and no folder is mounted.
func TestDocusaurusStaticDirsBound(t *testing.T) {
	root := t.TempDir()
	var names []string
	for i := range maxStaticDirs + 1 {
		name := fmt.Sprintf("s%d", i)
		if err := os.Mkdir(filepath.Join(root, name), 0o755); err != nil {
			t.Fatal(err)
		}
		names = append(names, "'"+name+"'")
	}
	list := func(n int) []byte {
		return []byte("export default {staticDirectories: [" + strings.Join(names[:n], ", ") + "]};")
	}
	tree := &Tree{Root: root}
	s := &Site{}
	docusaurus{}.staticDirs(tree, s, list(2))
	if len(s.mounts) != 2 || len(s.unknown) != 0 {
		t.Errorf("two static folders: mounts %v, unknown %v; want both mounted", s.mounts, s.unknown)
	}
	s = &Site{}
	docusaurus{}.staticDirs(tree, s, list(maxStaticDirs+1))
	if len(s.mounts) != 0 || len(s.unknown) != 1 || s.unknown[0].prefix != "/" {
		t.Errorf("%d static folders: mounts %d, unknown %v; want none mounted, \"/\" unknown", maxStaticDirs+1, len(s.mounts), s.unknown)
	}
}

// TestDocusaurusConsts checks that the one-pass reader of a
// configuration's constants finds what docusaurusConstExpr finds for
// each name, and that a configuration whose many content plugins each
// name a constant is read in time linear in its size (one search of the
// file for each took seconds for 100 KB).
func TestDocusaurusConsts(t *testing.T) {
	cfg := []byte("const a = '/a/';\nlet b: string = \"b\";\nvar c = x ? '/' : '/c/';\n" +
		"const ab = 'ab';\nconst a = 'second';\nconst {d} = require('d');\nconst e = path.join(__dirname, 'e');\n")
	consts := docusaurusConsts(cfg)
	for _, name := range []string{"a", "b", "c", "ab", "d", "e", "f"} {
		if got, want := consts(name), docusaurusConstExpr(cfg, name); got != want {
			t.Errorf("docusaurusConsts(%q) = %q, want %q (docusaurusConstExpr)", name, got, want)
		}
	}
	var b strings.Builder
	b.WriteString("module.exports = { plugins: [\n")
	for i := range 4000 {
		fmt.Fprintf(&b, "['@docusaurus/plugin-content-docs', {routeBasePath: route%d}],\n", i)
	}
	b.WriteString("]};\n")
	start := time.Now()
	if n := len(docusaurusAllInstances(&Tree{Root: t.TempDir()}, []byte(b.String()))); n != 4003 {
		t.Errorf("%d instances, want 4003", n)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("4000 content plugins naming constants read in %v, want well under a second", d)
	}
}

// TestDocusaurusInstancesBound: a configuration with more content
// plugins than the model reads (each walks its folder) leaves the site's
// pages unknown, named on the detection line, instead of walking the
// folder once a plugin.
func TestDocusaurusInstancesBound(t *testing.T) {
	for _, n := range []int{1, maxDocusaurusInstances + 1} {
		root := t.TempDir()
		var b strings.Builder
		b.WriteString("module.exports = { baseUrl: '/', plugins: [\n")
		for i := range n {
			fmt.Fprintf(&b, "['@docusaurus/plugin-content-docs', {id: 'd%d', path: 'docs', routeBasePath: 'd%d'}],\n", i, i)
		}
		b.WriteString("]};\n")
		writeFiles(t, root, map[string]string{"docusaurus.config.js": b.String(), "docs/a.md": "# A\n"})
		s, err := Detect(root, Options{Repository: "none"})
		if err != nil || s.Generator != "docusaurus" {
			t.Fatalf("%d plugins: detected %v, %v", n, s.Generator, err)
		}
		_, unknown := s.UnknownPage("/d0/a")
		if many := n > maxDocusaurusInstances; unknown != many {
			t.Errorf("%d content plugins: /d0/a unknown = %v, want %v", n, unknown, many)
		}
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestSignature(t *testing.T) {
	for _, tc := range []struct{ ref, want string }{
		{"foo.md#bar", "foo#bar"},
		{"../foo/#bar", "foo#bar"},
		{"/docs/foo.html#bar", "foo#bar"},
		{"./foo/index.md", "foo#"},
		{"foo/README.md", "foo#"},
		{"#bar", "#bar"},
		{"https://example.com/docs/Foo_Bar.mdx?x=1#a%20b", "foo-bar#a b"},
		{"../../versioned_docs/version-7.x/01-intro.md", "intro#"},
		{`{{< relref "methods/statuses#get-one" >}}`, "statuses#get-one"},
		{`{{% ref "/admin/config" %}}`, "config#"},
		{`{{< relref "client/token#creating-our-application" >}}`, "token#creating-our-application"},
		{`{{% ref "/admin/config.md" %}}`, "config#"},
		{`{{< ref "configuration-overview.md" >}}#sidecar-configuration`, "configuration-overview#sidecar-configuration"},
		// A "/" after a page name: Hugo's GetPage (velero's render
		// hook) and Docusaurus resolve "x.md/" as "x.md", and the
		// build writes "/docs/main/x/#y".
		{"file-system-backup.md/#using-opt-in", "file-system-backup#using-opt-in"},
		{"dom-testing-library/api-debugging.mdx/#prettydom", "api-debugging#prettydom"},
		{"/docs/index/", "index#"}, // a folder named index is no index page
	} {
		if got := signature(tc.ref); got != tc.want {
			t.Errorf("signature(%q) = %q, want %q", tc.ref, got, tc.want)
		}
	}
}

func TestSegments(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"website/versioned_docs/version-7.x/api/hooks.md", "website/versioned-docs/7.x/api/hooks"},
		{"7.x/api/hooks/index.html", "7.x/api/hooks"},
		{"_posts/2020-01-02-hello-world.md", "posts/hello-world"},
		{"content/en/docs/_index.md", "content/en/docs"},
		{"README.md", ""},
	} {
		if got := strings.Join(segments(tc.path, true), "/"); got != tc.want {
			t.Errorf("segments(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestGitHubSlug(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"Hello, World!", "hello-world"},
		{"The `uri` package", "the-uri-package"},
		{"[Link](x.md) and _emphasis_", "link-and-emphasis"},
		{"snake_case name", "snake_case-name"},
		{"Ünïcode 1.0", "ünïcode-10"},
		// What the rendered heading shows: a picture's alt text is no
		// text, the space beside it stays (remark-validate-links#59:
		// "hello ![badge](b.svg)" is "#hello-" on GitHub).
		{"hello ![Slack Status](b.svg)", "hello-"},
		{"color [![GoDoc](g.svg)](https://x) [![CI](c.svg)](https://y)", "color--"},
		{"![](check.png) 1. Structure", "-1-structure"},
		{`<a name="old"></a> Renamed`, "-renamed"},
		// Character references decoded, code spans literal.
		{"Foo &amp; Bar &lt;x&gt;", "foo--bar-x"},
		{"Benchmark `_.concat` and __init__", "benchmark-_concat-and-init"},
		{"zerrors_${GOOS}_${GOARCH}.go", "zerrors_goos_goarchgo"},
		// No heading attributes on GitHub: the braces are text.
		{"Title {#custom}", "title-custom"},
		// Letters of any script kept and lowercased; punctuation of any
		// script and emoji left out.
		{"Установка", "установка"},
		{"系統設計主題：從這裡開始", "系統設計主題從這裡開始"},
		{"🚀 Quick start", "-quick-start"},
		{"Area of x² and Ⅻ", "area-of-x-and-ⅻ"},
	} {
		top := writeTree(t, map[string]string{"README.md": "## " + tc.heading + "\n"})
		ids := readGitHubTree(top).anchors("README.md")
		if !ids[tc.want] {
			t.Errorf("## %s: ids %v, want %q", tc.heading, ids, tc.want)
		}
	}
}

// writeTree writes files (name -> content) under a new folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// verdictTest is a link of a source file, taken for a broken-anchor
// finding, and the verdict the build gives it.
type verdictTest struct{ file, uri, verdict string }

// checkVerdicts judges each finding of tests by the build (judgeBuilt)
// and checks its verdict.
func checkVerdicts(t *testing.T, site *builtSite, pages *pageMap, tests []verdictTest) {
	t.Helper()
	for _, tc := range tests {
		f := finding{File: tc.file, URI: tc.uri, Category: "broken-anchor"}
		judgeBuilt(&f, site, pages)
		if f.Verdict != tc.verdict {
			t.Errorf("judgeBuilt(%s, %q) = %s (%s), want %s", tc.file, tc.uri, f.Verdict, f.Why, tc.verdict)
		}
	}
}

// checkPages checks the built page each source file maps to (file ->
// page, "" for none).
func checkPages(t *testing.T, pages *pageMap, want map[string]string) {
	t.Helper()
	for file, page := range want {
		if got := pages.page[file]; got != page {
			t.Errorf("%s maps to %q, want %q", file, got, page)
		}
	}
}

func TestBuiltSite(t *testing.T) {
	out := writeTree(t, map[string]string{
		"index.html":          `<a href="guide/#setup">ok</a><a href="/p/guide/#nope">no id</a><a href="missing/">no file</a><a href="https://example.com/">external</a><a href="https://Docs.example.org/p/guide/#gone">absolute</a><a href="/other/">other site</a>`,
		"guide/index.html":    `<h2 id="setup">Setup</h2><a href="../old.html#setup">via redirect</a>`,
		"old.html":            `<meta http-equiv="refresh" content="0; url=/p/guide/">`,
		"img/logo.svg":        `<svg/>`,
		"guide/sub/page.html": `<img src="../../img/logo.svg#frag"><a href="#top">top</a><a href="/p/2025/post/">an ugly URL</a><a href="/p/guide/#:~:text=Set">a text fragment</a>`,
		"2025/post.html":      ``,
	})
	s := readSite(out, "https://docs.example.org/p/")
	got := map[string]string{}
	for _, b := range s.broken {
		got[b.page+" "+b.href] = b.reason
	}
	want := map[string]string{
		"index.html /p/guide/#nope":                         "no id nope",
		"index.html missing/":                               "no file",
		"index.html https://Docs.example.org/p/guide/#gone": "no id gone",
	}
	if len(got) != len(want) {
		t.Errorf("broken links = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("broken %q: reason %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

func TestBuiltSiteRedirectsAndLinkElements(t *testing.T) {
	out := writeTree(t, map[string]string{
		"_redirects": "# comment\n/master/*  /v6/:splat 301\n/v6/manual/basics.html /docs/basics/ 301\n/gone /nowhere 301\n/ext https://example.com/ 302\n/store id=:id /blog/:id 301\n",
		"index.html": `<a href="/master/manual/basics.html#setup">redirected twice</a><a href="/master/manual/other.html">redirected to nothing</a>` +
			`<a href="/gone">to nothing</a><a href="/ext">to another host</a>` +
			`<link rel="canonical" href="https://docs.example.org/v3/api/"><link rel="alternate" hreflang="es" href="/es/">` +
			`<link rel="stylesheet" href="/style.css">`,
		"docs/basics/index.html": `<h2 id="setup">Setup</h2>`,
		"style.css":              ``,
	})
	s := readSite(out, "https://docs.example.org/")
	var got []string
	for _, b := range s.broken {
		got = append(got, b.href)
	}
	sort.Strings(got)
	want := []string{"/gone", "/master/manual/other.html", "https://docs.example.org/v3/api/"}
	if !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

func TestNetlifyRedirects(t *testing.T) {
	toml := []byte("[build]\npublish = \"public\"\n\n[[redirects]]\nfrom = \"https://example.com/*\"\nto = \"https://example.org/:splat\"\n\n" +
		"[[redirects]]\nfrom = \"/sponsors\"\nto = \"https://www.example.org/sponsors/\"\nstatus = 301\nforce = true\n\n" +
		"[[redirects]]\n  from = \"/old/*\"\n  to = \"/new/:splat\"\n\n[[redirects]]\nfrom = \"/q\"\nto = \"/r\"\nquery = {id = \":id\"}\n\n[[headers]]\nfor = \"/*\"\n")
	got := netlifyRedirects(toml)
	want := []redirectRule{{from: "/sponsors", to: "https://www.example.org/sponsors/", force: true}, {from: "/old/*", to: "/new/:splat"}}
	if !slices.Equal(got, want) {
		t.Fatalf("netlifyRedirects = %+v, want %+v", got, want)
	}
	out := writeTree(t, map[string]string{
		"index.html":    `<a href="/sponsors/">to another host</a><a href="/old/page/">moved</a><a href="/gone/">gone</a>`,
		"new/page.html": ``,
	})
	s := readSite(out, "/", got...)
	if len(s.broken) != 1 || s.broken[0].href != "/gone/" {
		t.Errorf("broken = %+v, want /gone/ alone", s.broken)
	}
}

// Rules match as Netlify matches them: a ":name" one segment, a last
// "*" the rest; a 404 rule is the host's not-found page; a forced rule
// applies where a file is too.
func TestRedirectPlaceholders(t *testing.T) {
	out := writeTree(t, map[string]string{
		"_redirects": "/blog/:year/:slug /posts/:slug/ 301\n/gone/* /404.html 404\n/docs/old.html /docs/new.html 301!\n/tag/:t /tags/:other/ 301\n",
		"index.html": `<a href="/blog/2020/hello">filled</a><a href="/blog/2020/missing">to nothing</a><a href="/blog/2020">no rule</a>` +
			`<a href="/gone/x">not found</a><a href="/docs/old.html">forced</a><a href="/tag/go">unknown placeholder</a>`,
		"posts/hello/index.html": ``,
		"404.html":               ``,
		"docs/old.html":          ``,
	})
	s := readSite(out, "/")
	var got []string
	for _, b := range s.broken {
		got = append(got, b.href)
	}
	sort.Strings(got)
	want := []string{"/blog/2020", "/blog/2020/missing", "/docs/old.html", "/gone/x"}
	if !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

func TestMayBe(t *testing.T) {
	out := writeTree(t, map[string]string{
		"index.html":                       ``,
		"blog/monthly-update-2/index.html": ``,
		"es/blog/post/index.html":          ``,
		"blog/index.html":                  ``,
	})
	s := readSite(out, "https://socket.io/")
	for _, tc := range []struct {
		page, href, src string
		want            bool
	}{
		{"blog/monthly-update-2/index.html", "/es/blog/monthly-update-2/", "/blog/monthly-update-2/", false},
		{"blog/monthly-update-2/index.html", "/es/blog/bun-engine/", "https://github.com/socketio/bun-engine", false},
		{"blog/monthly-update-2/index.html", "/blog/bun-engine/", "/blog/bun-engine", true},
		{"blog/monthly-update-2/index.html", "/blog/bun-engine/", "https://socket.io/blog/bun-engine/", true},
		{"blog/monthly-update-2/index.html", "/blog/bun-engine/", "../bun-engine.md", true},
		{"es/blog/post/index.html", "/es/blog/bun-engine/", "/blog/bun-engine/", true}, // a translation's locale
		{"blog/monthly-update-2/index.html", "/api/v6/index.html#x", "pathname:///api/v6/index.html#x", true},
		{"blog/monthly-update-2/index.html", "/blog/x/", `{{ site.baseurl }}/blog/x/`, true},
		{"blog/monthly-update-2/index.html", "#scopes", "#scopes", true},                        // the page itself
		{"blog/monthly-update-2/index.html", "/blog/monthly-update-2/#scopes", "#scopes", true}, // the page itself, written whole
		{"blog/monthly-update-2/index.html", "/#scopes", "#scopes", false},                      // a render hook's rewrite, to the home page
		{"blog/monthly-update-2/index.html", "#scopes", "./#scopes", true},
		{"blog/monthly-update-2/index.html", "/blog/#scopes", "./#scopes", true}, // the folder's page
		{"blog/monthly-update-2/index.html", "/#scopes", "./#scopes", false},     // a render hook's rewrite
	} {
		if got := s.mayBe(tc.page, tc.href, tc.src, ""); got != tc.want {
			t.Errorf("mayBe(%q, %q, %q) = %v, want %v", tc.page, tc.href, tc.src, got, tc.want)
		}
	}
}

// A relative link to a file the site publishes has one target, that
// file's page: a built link of that name to another folder (a version
// switcher's "/docs/v0/x/") is not it; the link as the generator left
// it, as a render hook rewrote it, or where its target is unknown is.
func TestMayBeDefiniteTarget(t *testing.T) {
	top := writeTree(t, map[string]string{
		"content/docs/main/x.md": "[self](x.md) [y](y.md) [bad](y.md#nope) [gone](missing.md) [v1](../v1/x.md)",
		"content/docs/main/y.md": "# Y",
		"content/docs/v1/x.md":   "# X",
	})
	out := writeTree(t, map[string]string{
		"index.html":             ``,
		"_redirects":             "/old/y /docs/main/y/ 301\n",
		"docs/main/x/index.html": `<a href="/docs/main/x/">self</a><a href="/docs/v1/x/">v1</a><a href="/docs/v0/x/">v0</a>`,
		"docs/main/y/index.html": `<h1 id="y">Y</h1>`,
		"docs/v1/x/index.html":   `<h1 id="x">X</h1>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, ".", "hugo", site)
	const page = "docs/main/x/index.html"
	if got := pages.linked("content/docs/main/x.md", "../v1/x.md"); got != "docs/v1/x/index.html" {
		t.Errorf("linked(../v1/x.md) = %q, want docs/v1/x/index.html", got)
	}
	for _, tc := range []struct {
		href, src string
		want      bool
	}{
		{"/docs/v0/x/", "x.md", false},            // a version switcher's link to the page in another version
		{"/docs/v0/y/", "y.md", false},            // another folder's page of that name
		{"/docs/main/x/", "x.md", true},           // the page the file publishes
		{"/docs/main/y/#nope", "y.md#nope", true}, // a render hook's rewrite, its fragment broken
		{"/old/y#nope", "y.md#nope", true},        // through the host's redirect to the page
		{"y.md", "y.md", true},                    // left as written (Hugo before render hooks)
		{"y/", "y.md", true},                      // written as a folder, from the page's URL
		{"/y/", "y.md", true},                     // a render hook that drops the section's folders
		{"/en/docs/main/y/", "y.md", true},        // or adds one
		{"missing.md", "missing.md", true},        // no such file: the target is unknown
		{"/docs/v0/missing/", "missing.md", true}, // so any folder may be its
		{"/docs/v0/x/", "{{< ref x.md >}}", true}, // generator syntax is not compared
	} {
		if got := site.mayBe(page, tc.href, tc.src, pages.linked("content/docs/main/x.md", tc.src)); got != tc.want {
			t.Errorf("mayBe(%q, %q) = %v, want %v", tc.href, tc.src, got, tc.want)
		}
	}
}

// A fragment written as a path is read by a script of the target page
// (a hash router, a document viewer): the build cannot say whether it
// resolves, so it is neither broken nor a finding's confirmation. An
// id with a "/" inside is still an id.
func TestScriptFragment(t *testing.T) {
	top := writeTree(t, map[string]string{
		"docs/talks.md": "[a](/viewer/#../files/a.pdf) [b](/#/docs/x?id=y) [c](/viewer/#./b.pdf) [d](/#!/topic/x) [e](/api/#changing-pv/pvc) [f](/api/#io/v1.Kind) [g](/evolution/#?version=6.0)",
	})
	out := writeTree(t, map[string]string{
		"index.html":           `<p>home</p>`,
		"viewer/index.html":    `<p>viewer</p>`,
		"files/a.pdf":          `%PDF`,
		"api/index.html":       `<h2 id="io/v1.Kind">Kind</h2>`,
		"talks/index.html":     `<a href="/viewer/#../files/a.pdf">a</a><a href="/#/docs/x?id=y">b</a><a href="/viewer/#./b.pdf">c</a><a href="/#!/topic/x">d</a><a href="/api/#changing-pv/pvc">e</a><a href="/api/#io/v1.Kind">f</a><a href="/evolution/#?version=6.0">g</a>`,
		"evolution/index.html": `<p>proposals</p>`,
	})
	site := readSite(out, "/")
	var broken []string
	for _, b := range site.broken {
		broken = append(broken, b.href)
	}
	if want := []string{"/api/#changing-pv/pvc"}; !slices.Equal(broken, want) {
		t.Errorf("broken links = %q, want %q", broken, want)
	}
	checkVerdicts(t, site, mapPages(top, "docs", "mkdocs", site), []verdictTest{
		{"docs/talks.md", "/viewer/#../files/a.pdf", "unmatched"},
		{"docs/talks.md", "/#/docs/x?id=y", "unmatched"},
		{"docs/talks.md", "/viewer/#./b.pdf", "unmatched"},
		{"docs/talks.md", "/#!/topic/x", "unmatched"},
		{"docs/talks.md", "/api/#changing-pv/pvc", "confirmed"},
		{"docs/talks.md", "/api/#io/v1.Kind", "refuted"},
		{"docs/talks.md", "/evolution/#?version=6.0", "unmatched"}, // a query the page's script reads
	})
}

// Which of the build's broken links are the source's: a source link the
// page has as written, as often as the source writes it, is that link
// and no other; where every link of that name is ruled out, the text
// names the target only as the build writes it.
func TestSourceLinksOf(t *testing.T) {
	top := writeTree(t, map[string]string{
		"docs/main/x.md":     "[self](x.md) [y](y.md) [m](macros) [gone](missing.md) [gone again](missing.md) [macros][r]\n\n[r]: {{ site.ref }}/meta/macros.html\n",
		"docs/main/y.md":     "# Y",
		"docs/main/other.md": "See [x](x.md) [gone](missing.md) and /docs/v0/other as text.",
	})
	out := writeTree(t, map[string]string{
		"index.html": ``,
		"docs/main/x/index.html": `<a href="/docs/main/x/">self</a><a href="/docs/v0/x/">v0</a>` +
			`<a href="y.md">y</a><a href="macros">m</a><a href="https://docs.example.org/ref/meta/macros.html">r</a>` +
			`<a href="missing.md">gone</a><a href="/docs/main/missing/">gone again</a>`,
		"docs/main/y/index.html": `<h1 id="y">Y</h1>`,
		"docs/main/other/index.html": `<a href="/docs/main/x/">x</a><a href="/docs/v0/x/">x in v0</a><a href="/docs/v0/other/">v0</a>` +
			`<a href="missing.md">gone</a><a href="/docs/main/missing/">gone, from the sidebar</a>`,
	})
	site := readSite(out, "https://docs.example.org/")
	pages := mapPages(top, ".", "hugo", site)
	texts := newSourceTexts(top)
	src := []sourceLink{
		{File: "docs/main/x.md", Line: 1, URI: "x.md"},
		{File: "docs/main/x.md", Line: 1, URI: "y.md"},
		{File: "docs/main/x.md", Line: 1, URI: "macros"},
		{File: "docs/main/x.md", Line: 1, URI: "missing.md"},
		{File: "docs/main/x.md", Line: 1, URI: "missing.md"},
		{File: "docs/main/x.md", Line: 3, URI: "{{ site.ref }}/meta/macros.html"},
		{File: "docs/main/other.md", Line: 1, URI: "x.md"},
		{File: "docs/main/other.md", Line: 1, URI: "missing.md"},
	}
	sources := newSourceLinks(src)
	for _, tc := range []struct {
		page, href string
		source     bool
		uri        string // the source link it is, when one is
	}{
		{"docs/main/x/index.html", "/docs/v0/x/", false, ""},                  // a version switcher's
		{"docs/main/x/index.html", "y.md", true, "y.md"},                      // left as written
		{"docs/main/x/index.html", "/docs/main/missing/", true, "missing.md"}, // the source writes it twice, the page has it as written once
		{"docs/main/other/index.html", "missing.md", true, "missing.md"},
		{"docs/main/other/index.html", "/docs/main/missing/", false, ""},                                                     // written once, and the page has that as written
		{"docs/main/x/index.html", "macros", true, "macros"},                                                                 // as written
		{"docs/main/x/index.html", "https://docs.example.org/ref/meta/macros.html", true, "{{ site.ref }}/meta/macros.html"}, // not "macros", which the page has as written
		{"docs/main/x/index.html", "missing.md", true, "missing.md"},                                                         // a relative link to a missing file
		{"docs/main/other/index.html", "/docs/v0/x/", false, ""},                                                             // "x.md" is /docs/main/x/, and the text does not write this URL
		{"docs/main/other/index.html", "/docs/v0/other/", true, ""},                                                          // the text writes it whole
	} {
		ls, source := sources.of(brokenLink{page: tc.page, href: tc.href}, site, pages, texts)
		uri := ""
		if len(ls) > 0 {
			uri = ls[0].URI
		}
		if source != tc.source || uri != tc.uri {
			t.Errorf("of(%s, %q) = %v (%q), want %v (%q)", tc.page, tc.href, source, uri, tc.source, tc.uri)
		}
	}
}

// TestGitIgnoredTargets checks the files a broken link's target would be
// served from, and which of them git ignores: what a build step writes
// is not the source's.
func TestGitIgnoredTargets(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	top := writeTree(t, map[string]string{
		".gitignore":           "/static/api/*\n!/static/api/v6\npackages/docs/api\n",
		"static/api/v6/a.html": ``,
		"docs/intro.md":        ``,
	})
	if out, err := exec.Command("git", "-C", top, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	s := readSite(writeTree(t, map[string]string{"index.html": ``}), "/")
	served := s.servedFrom(".", "docusaurus", "index.html", "/api/v7/classes/Model.html#init")
	if want := []string{"api/v7/classes/Model.html", "static/api/v7/classes/Model.html"}; !slices.Equal(served, want) {
		t.Errorf("servedFrom = %q, want %q", served, want)
	}
	paths := append(slices.Clone(served), "static/api/v6/a.html", "docs/intro.md", "packages/docs/api/pinia/index.md")
	got := gitIgnored(top, paths)
	for p, want := range map[string]bool{
		"static/api/v7/classes/Model.html": true,
		"api/v7/classes/Model.html":        false,
		"static/api/v6/a.html":             false,
		"docs/intro.md":                    false,
		"packages/docs/api/pinia/index.md": true,
	} {
		if got[p] != want {
			t.Errorf("gitIgnored(%q) = %v, want %v", p, got[p], want)
		}
	}
}

func TestJudgeBuilt(t *testing.T) {
	top := writeTree(t, map[string]string{
		"docs/guide.md": "[a](intro.md#setup) [b](intro.md#gone) [c](nowhere.md)",
		"docs/intro.md": "# Setup",
		"README.md":     "[x](docs/guide.md)",
	})
	out := writeTree(t, map[string]string{
		"index.html":       ``,
		"guide/index.html": `<a href="../intro/#setup">a</a><a href="../intro/#gone">b</a>`,
		"intro/index.html": `<h1 id="setup">Setup</h1>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, "docs", "mkdocs", site)
	if pages.page["docs/guide.md"] != "guide/index.html" {
		t.Fatalf("docs/guide.md maps to %q, want guide/index.html", pages.page["docs/guide.md"])
	}
	if p, ok := pages.page["README.md"]; ok {
		t.Errorf("README.md outside the site folder maps to %q, want no page", p)
	}
	checkVerdicts(t, site, pages, []verdictTest{
		{"docs/guide.md", "intro.md#setup", "refuted"},
		{"docs/guide.md", "intro.md#gone", "confirmed"},
		{"docs/guide.md", "nowhere.md", "unmatched"},
	})
}

func TestGitHubOracle(t *testing.T) {
	top := writeTree(t, map[string]string{
		"README.md":      "---\ntitle: x\n---\n# Title\n\n## Install\n\n## Install\n\nSetext\n------\n\n```\n# not a heading\n```\n<a name=\"custom\"></a> <a id=\"MixedCase\"></a>\n\n<h2>Raw heading</h2>\n\n- a\n\n  ```go\n  # in a list's fence\n  ```\n\nA note[^Note].\n\n[^Note]: The note.\n",
		"docs/guide.md":  "[a](../README.md#install-1)",
		"main.go":        "package main",
		"pkg/README.md":  "# Pkg\n\n## Usage\n",
		"rst/README.rst": "Title\n=====\n",
		".gitmodules":    "[submodule \"docsy\"]\n\tpath = themes/docsy\n\turl = https://github.com/google/docsy\n",
	})
	gh := readGitHubTree(top)
	for _, tc := range []struct {
		file, uri  string
		ok, judged bool
	}{
		{"docs/guide.md", "../README.md#install-1", true, true},
		{"docs/guide.md", "../README.md#setext", true, true},
		{"docs/guide.md", "../README.md#custom", true, true},
		{"docs/guide.md", "../README.md#user-content-install", true, true},
		{"docs/guide.md", "../README.md#not-a-heading", false, true},
		{"docs/guide.md", "../README.md#in-a-lists-fence", false, true},
		{"docs/guide.md", "../README.md#title-x", false, true},     // front matter is a table
		{"docs/guide.md", "../README.md#raw-heading", false, true}, // an HTML heading: not known, as the audit
		{"docs/guide.md", "../README.md#Install", true, true},      // GitHub lowercases the fragment
		{"docs/guide.md", "../README.md#CUSTOM", true, true},
		{"docs/guide.md", "../README.md#MixedCase", true, true},
		{"docs/guide.md", "../README.md#mixedcase", false, false}, // an id in upper case: not known
		{"docs/guide.md", "../README.md#user-content-fn-Note", true, true},
		{"docs/guide.md", "/main.go#L1", true, true},
		{"docs/guide.md", "/main.go#L1-L9", false, true}, // past the file's last line
		{"docs/guide.md", "/main.go#main", true, true},   // no line: not checked
		{"docs/guide.md", "../rst/README.rst#L9", true, true},
		{"docs/guide.md", "../README.md?plain=1#L99", false, true},
		{"docs/guide.md", "missing.md", false, true},
		{"docs/guide.md", "../pkg#usage", true, true},                // the folder's README
		{"docs/guide.md", "../pkg/#gone", false, true},               // not in it
		{"docs/guide.md", "../pkg#readme", true, true},               // the box GitHub shows it in
		{"docs/guide.md", "../rst#title", false, false},              // a README in another markup
		{"docs/guide.md", "../themes/docsy/README.md", false, false}, // a submodule's file
		{"docs/guide.md", "../themes/other.md", false, true},
		{"docs/guide.md", "../../other-repo/README.md", false, false},
		{"docs/guide.md", "https://example.com/", false, false},
	} {
		ok, _, judged := gh.resolves(tc.file, tc.uri)
		if ok != tc.ok || judged != tc.judged {
			t.Errorf("resolves(%q, %q) = %v, %v, want %v, %v", tc.file, tc.uri, ok, judged, tc.ok, tc.judged)
		}
	}
}

func TestMentions(t *testing.T) {
	top := writeTree(t, map[string]string{
		"docs/api.mdx":              "import X from './x'\n\nSee [the option](#componentProviders) and [queries](/docs/queries/byrole#hidden).\n\n{{% include-md \"README.md\" %}} and guide/README.md",
		"content/docs/v1/_index.md": "---\nversion: v1\n---\n\n{{% include-md \"README.md\" %}}\n",
	})
	texts := newSourceTexts(top)
	for _, tc := range []struct {
		href string
		want bool
	}{
		{"#componentProviders", true},
		{"/docs/dom/queries/byrole#hidden", true},
		{"../byrole/#hidden", true},
		{"/assets/theme.js", false},
		{"#toc", false},
		{"/zh/api/import/", false}, // a word of the text, not a link of it
		{"/docs/queries/byrole", true},
		{"/docs/queries", false},                 // a folder on the way, not the target
		{"/es/docs/api/", false},                 // the page itself, as a locale switcher links it
		{"/pathname/docs/queries/byrole", false}, // not written so
		{"CHANGELOG/README.md", false},           // "README.md" is an include's argument, every folder's page
		{"../README.md", false},
		{"guide/README.md", true}, // written whole
	} {
		if got := texts.mentions("docs/api.mdx", tc.href, false); got != tc.want {
			t.Errorf("mentions(%q) = %v, want %v", tc.href, got, tc.want)
		}
	}
	// A section's page that includes its README names no README's link.
	if texts.mentions("content/docs/v1/_index.md", "CHANGELOG/README.md", false) {
		t.Errorf("the include of README.md names CHANGELOG/README.md")
	}
}

// A fragment written alone links the page itself: the build's link to
// another page with that fragment is a shortcode's or template's.
func TestMentionsFragmentAlone(t *testing.T) {
	top := writeTree(t, map[string]string{
		"content/cs/docs/glossary.md": "{{% def id=\"CA\" %}} Run by [LE](#def-LE), signs a [CSR](#def-CSR). {{% /def %}} See [w](./#def-CA), [q](../faq/#q1) and [s](./OrganizingState.md#non-serializable).\n\nredirect_to: /format/1.1/#profile",
	})
	texts := newSourceTexts(top)
	for _, tc := range []struct {
		href string
		want bool
	}{
		{"/cs/#def-LE", false},                               // the shortcode's rewrite, to the home page
		{"/#def-LE", false},                                  // a render hook's, to the site's top
		{"/#def-CA", false},                                  // "./#def-CA" is the page's own, not the top's
		{"/cs/docs/glossary/#def-LE", true},                  // the page itself
		{"/cs/docs/glossary.html#def-LE", false},             // that name, but not where the page is: a template's
		{"#def-LE", true},                                    // as written
		{"/cs/docs/faq/#q1", true},                           // the page the link names
		{"/cs/docs/other/#q1", false},                        // not the page it names
		{"https://example.com/cs/#q1", false},                // nor another
		{"/cs/docs/organizing-state#non-serializable", true}, // the page's name as its generator writes it
		{"http://example.org/format/1.1/#profile", true},     // a version, not a name with an extension
	} {
		self := strings.HasPrefix(tc.href, "/cs/docs/glossary/") // where the page is
		if got := texts.mentions("content/cs/docs/glossary.md", tc.href, self); got != tc.want {
			t.Errorf("mentions(%q) = %v, want %v", tc.href, got, tc.want)
		}
	}
}

// A URL written through a configuration variable leads where the
// variable says; where the build publishes nothing in its folder, the
// link is another deployment's, not this source's.
func TestTemplatedOtherDeployment(t *testing.T) {
	top := writeTree(t, map[string]string{
		"api/all.md": "See [enums][e] and [the tour]({{ site.baseurl }}/tour/missing.html).\n\n[e]: {{ site.scala3ref }}/enums/enums.html\n",
	})
	out := writeTree(t, map[string]string{
		"api/all.html":               `<a href="https://docs.example.org/scala3/reference/enums/enums.html">e</a><a href="/tour/missing.html">t</a>`,
		"tour/intro.html":            ``,
		"scala3/book.html":           ``,
		"scala3/reference/README.md": "The reference is published from another repository.", // a file, no page
	})
	site := readSite(out, "https://docs.example.org/")
	texts := newSourceTexts(top)
	for _, tc := range []struct {
		href            string
		templated, pubs bool
	}{
		{"https://docs.example.org/scala3/reference/enums/enums.html", true, false},
		{"/tour/missing.html", true, true}, // a folder of this build: the source's broken link
	} {
		if got := texts.templated("api/all.md", tc.href); got != tc.templated {
			t.Errorf("templated(%q) = %v, want %v", tc.href, got, tc.templated)
		}
		if got := site.publishesFolder("api/all.html", tc.href); got != tc.pubs {
			t.Errorf("publishesFolder(%q) = %v, want %v", tc.href, got, tc.pubs)
		}
	}
	if texts.templated("api/all.md", "/scala3/book.html") {
		t.Error("templated(/scala3/book.html): the file does not name it")
	}
	// The folder itself, where the build has it without a page.
	if site.publishesFolder("api/all.html", "https://docs.example.org/scala3/reference") {
		t.Error("publishesFolder(/scala3/reference) = true, want false: the folder holds a README, no page")
	}
	if !site.publishesFolder("api/all.html", "https://docs.example.org/scala3/book.html") {
		t.Error("publishesFolder(/scala3/book.html) = false, want true")
	}
}

// An absolute URL of the site's host names the host, which may serve
// more than one deployment: written so into a folder where the build
// has no page, it is another deployment's; a relative link, or one the
// build made absolute, is the source's.
func TestAbsoluteOtherDeployment(t *testing.T) {
	text := strings.ToLower("See [SIP-35](https://docs.example.org/sips/opaque-types.html) and [ref](https://Docs.example.org/scala3/reference).")
	for _, tc := range []struct {
		ls   []sourceLink
		href string
		want bool
	}{
		{[]sourceLink{{URI: "https://docs.example.org/scala3/reference"}}, "https://docs.example.org/scala3/reference", true},
		{[]sourceLink{{URI: "http://docs.example.org/a"}, {URI: "https://docs.example.org/a"}}, "https://docs.example.org/a", true},
		{[]sourceLink{{URI: "https://docs.example.org/a"}, {URI: "../a.md"}}, "https://docs.example.org/a", false},
		{[]sourceLink{{URI: "/scala3/reference/x.html"}}, "https://docs.example.org/scala3/reference/x.html", false}, // made absolute by the build
		{nil, "https://docs.example.org/scala3/reference", true},                                                     // the text names the host
		{nil, "https://other.example.org/x", false},                                                                  // it does not
		{nil, "/scala3/reference", false},
	} {
		if got := allAbsolute(tc.ls, tc.href, text); got != tc.want {
			t.Errorf("allAbsolute(%v, %q) = %v, want %v", tc.ls, tc.href, got, tc.want)
		}
	}
	out := writeTree(t, map[string]string{
		"index.html":                 ``,
		"scala3/book.html":           ``,
		"scala3/reference/README.md": "Served from another repository.",
		"sips/35.html":               ``,
		"docs/intro/index.html":      ``,
	})
	site := readSite(out, "https://docs.example.org/")
	for _, tc := range []struct {
		href string
		want bool
	}{
		{"https://docs.example.org/scala3/reference/changed/plugins.html", true}, // the folder the build ships for another deployment
		{"https://docs.example.org/scala3/reference", true},
		{"https://docs.example.org/scala3/missing.html", false},      // a folder with pages
		{"https://docs.example.org/sips/opaque-types.html", false},   // so
		{"https://docs.example.org/scanner/vulnerability/#x", false}, // no such folder: a section that moved, a real miss
		{"https://docs.example.org/docs/intro/gone/", false},         // below a folder with pages
		{"https://other.example.org/scala3/reference/x.html", false}, // another host: not the build's to say
	} {
		if got := site.placeholder("index.html", tc.href); got != tc.want {
			t.Errorf("placeholder(%q) = %v, want %v", tc.href, got, tc.want)
		}
	}
}

func TestReadmeMapping(t *testing.T) {
	top := writeTree(t, map[string]string{
		"README.md":      "[x](#y)",
		"docs/README.md": "[x](#y)",
		"docs/intro.md":  "# Intro",
	})
	out := writeTree(t, map[string]string{
		"index.html":       ``,
		"docs/index.html":  ``,
		"docs/intro.html":  ``,
		"docs/README.html": ``,
	})
	site := readSite(out, "/")
	for _, tc := range []struct{ generator, file, want string }{
		{"docusaurus", "README.md", ""}, // Docusaurus does not publish the top README
		{"vitepress", "docs/README.md", "docs/README.html"},
		{"mkdocs", "docs/README.md", "docs/index.html"},
	} {
		pages := mapPages(top, ".", tc.generator, site)
		if got := pages.page[tc.file]; got != tc.want {
			t.Errorf("%s: %s maps to %q, want %q", tc.generator, tc.file, got, tc.want)
		}
	}
	// With its configuration, MkDocs publishes docs_dir alone: the top
	// README is no page.
	if err := os.WriteFile(filepath.Join(top, "mkdocs.yml"), []byte("site_name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := mapPages(top, ".", "mkdocs", site)
	for file, want := range map[string]string{"README.md": "", "docs/intro.md": "docs/intro.html"} {
		if got := pages.page[file]; got != want {
			t.Errorf("mkdocs.yml beside: %s maps to %q, want %q", file, got, want)
		}
	}
}

func TestOwnGitHubURL(t *testing.T) {
	for _, tc := range []struct{ uri, want string }{
		{"https://github.com/rollup/rollup/blob/master/CHANGELOG.md#400", "/CHANGELOG.md#400"},
		{"https://github.com/Rollup/Rollup/tree/main/docs", "/docs"},
		{"https://github.com/rollup/rollup/issues/1", ""},
		{"https://github.com/other/rollup/blob/master/README.md", ""},
		{"https://example.com/rollup/rollup/blob/master/README.md", ""},
		{"https://github.com/rollup/rollup#install", "/#install"}, // the repository's page
		{"https://github.com/rollup/rollup/", "/"},
	} {
		if got := ownGitHubURL("rollup/rollup", tc.uri); got != tc.want {
			t.Errorf("ownGitHubURL(%q) = %q, want %q", tc.uri, got, tc.want)
		}
	}
	// Recall counts the default branch's files and the page, not a
	// tag's: its files may have moved since.
	for _, tc := range []struct{ uri, want string }{
		{"https://github.com/rollup/rollup/blob/HEAD/docs/x.md", "/docs/x.md"},
		{"https://github.com/rollup/rollup/blob/v3.0.0/docs/x.md", ""},
		{"https://github.com/rollup/rollup#install", "/#install"},
	} {
		if got := ownGitHubBranchURL("rollup/rollup", tc.uri); got != tc.want {
			t.Errorf("ownGitHubBranchURL(%q) = %q, want %q", tc.uri, got, tc.want)
		}
	}
}

// TestManifestOnce: the committed manifest names each repository once,
// and a manifest that names one twice is refused.
func TestManifestOnce(t *testing.T) {
	if _, err := readManifest(filepath.Join("..", "..", "precision", "corpus.tsv")); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "corpus.tsv")
	row := "a/b\tc\thugo\ttune\t.\thttps://b.test/\t-\tbuilt/tune/a+b\t\n"
	if err := os.WriteFile(name, []byte("repo\tcommit\tgenerator\tsplit\tsite\tbase\tbuild\tout\tnote\n"+row+row), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readManifest(name); err == nil || !strings.Contains(err.Error(), "a/b again (line 2)") {
		t.Errorf("readManifest with a repository twice: %v, want an error naming it", err)
	}
}

// An id the measuring build lacks because it lacked a plugin, or lost a
// heading the source has, is that build's gap, not the link's.
func TestBuildGap(t *testing.T) {
	top := writeTree(t, map[string]string{
		"docs/cli.md":   "# CLI\n\n::: mkdocs-click\n    :module: x.cli\n",
		"docs/envs.md":  "# Envs\n\n```toml config-example\n[x]\n```\n\n## Inheritance\n\n## Kept {#kept-id}\n\n```\n## Not a heading\n```\n",
		"docs/guide.md": "[a](cli.md#x-build) [b](envs.md#inheritance) [c](envs.md#renamed) [d](envs.md#not-a-heading)",
	})
	out := writeTree(t, map[string]string{
		"cli/index.html": `<h1 id="cli">CLI</h1><p>::: mkdocs-click
    :module: x.cli</p>`,
		"envs/index.html": `<h1 id="envs">Envs</h1><pre><code>[x]
## Inheritance</code></pre><h2>Kept¶</h2>`,
		"guide/index.html": `<a href="../cli/#x-build">a</a><a href="../envs/#inheritance">b</a><a href="../envs/#renamed">c</a><a href="../envs/#kept-id">e</a>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, ".", "mkdocs", site)
	texts := newSourceTexts(top)
	for _, tc := range []struct {
		href string
		gap  bool
	}{
		{"../cli/#x-build", true},         // mkdocs-click's ids, which the build lacked
		{"../envs/#inheritance", true},    // a heading the build swallowed into a fence
		{"../envs/#renamed", false},       // no such heading: the link's own fault
		{"../envs/#kept-id", false},       // the heading is there, with another id: the link's
		{"../envs/#not-a-heading", false}, // code, not a heading
		{"../envs/#envs", false},          // not broken
	} {
		if got := site.buildGap("guide/index.html", tc.href, pages.source, texts.read) != ""; got != tc.gap {
			t.Errorf("buildGap(%q) = %v, want %v", tc.href, got, tc.gap)
		}
	}
}

// TestProseBlobLinkIsNoSource: a docs page whose prose links to NEWS.md
// on GitHub ("blob"), beside its own "edit this page" link, is not
// NEWS.md's page: NEWS.md (outside the site's folder) maps to no page,
// and its link to the site's own URL is judged by the build from its
// root, not against the docs page's link of the same name.
func TestProseBlobLinkIsNoSource(t *testing.T) {
	top := writeTree(t, map[string]string{
		"NEWS.md":                       "[t](https://docs.example.org/docs/terminology)",
		"packages/lib/README.md":        "[r](https://docs.example.org/README.html#x)",
		"docs/README.md":                "# Docs",
		"website/docs/documentation.md": "# Docs",
		"website/docs/terminology.md":   "# Terms",
	})
	out := writeTree(t, map[string]string{
		"docs/documentation/index.html": `<a href="https://github.com/o/r/edit/main/website/docs/documentation.md">Edit this page</a>` +
			`<a href="https://github.com/o/r/blob/main/NEWS.md">news</a><a href="https://github.com/o/r/blob/main/CONTRIBUTING.md">contributing</a>` +
			`<a href="/docs/advanced/terminology/">terminology</a>`,
		"docs/advanced/terminology/index.html": ``,
		"README.html":                          ``,
		"docs/single/index.html":               `<a href="https://github.com/o/r/blob/main/website/docs/single.md">Edit</a>`,
	})
	site := readSite(out, "https://docs.example.org/")
	if got, _ := pageEdits(site.pages["docs/single/index.html"].editHrefs, "o/r"); len(got) != 1 || got[0] != "website/docs/single.md" {
		t.Errorf("a page's one blob link alone: edits %q, want the file it names", got)
	}
	pages := mapPages(top, "website", "docusaurus", site)
	if got := pages.page["NEWS.md"]; got != "" {
		t.Fatalf("NEWS.md maps to %q, want no page (a page links to it, it does not come from it)", got)
	}
	// A page comes from one source: a README elsewhere is not it.
	if got := pages.page["docs/README.md"]; got != "README.html" {
		t.Errorf("the docs' README maps to %q, want README.html", got)
	}
	if got := pages.page["packages/lib/README.md"]; got != "" {
		t.Errorf("packages/lib/README.md maps to %q, want no page (the docs' README is that page's source)", got)
	}
	if got := pages.page["website/docs/documentation.md"]; got != "docs/documentation/index.html" {
		t.Errorf("documentation.md maps to %q, want its page by its edit link", got)
	}
	f := &finding{File: "NEWS.md", Category: "broken-file", URI: "https://docs.example.org/docs/terminology"}
	if !readOnGitHub(f.File, "website") || !judgeOwnURL(f, site) || f.Verdict != "confirmed" {
		t.Errorf("NEWS.md's link to the site's own URL: %s (%s), want confirmed by the build", f.Verdict, f.Why)
	}
	f = &finding{File: "NEWS.md", Category: "broken-file", URI: "https://docs.example.org/docs/advanced/terminology/"}
	if judgeOwnURL(f, site) || f.Verdict != "refuted" {
		t.Errorf("a link the build serves: %s (%s), want refuted", f.Verdict, f.Why)
	}
	f = &finding{File: "NEWS.md", Category: "broken-file", URI: "https://example.com/x"}
	if judgeOwnURL(f, site) || f.Verdict != "" {
		t.Errorf("a link to another host: %s (%s), want not judged by the build", f.Verdict, f.Why)
	}
}

func TestLinkedFile(t *testing.T) {
	for _, c := range []struct{ file, uri, want string }{
		{"docs/usage.md", "reference/cli.md", "docs/reference/cli.md"},
		{"docs/usage.md", "../README.md#top", "README.md"},
		{"docs/usage.md", "ref%20x.md?x=1", "docs/ref x.md"},
		{"docs/usage.md", "../../up.md", ""},
		{"docs/usage.md", "/abs/x.md", ""},
		{"docs/usage.md", "#frag", ""},
		{"docs/usage.md", "https://x.example/a.md", ""},
		{"docs/usage.md", "{{ site.x }}/a.md", ""},
	} {
		if got := linkedFile(c.file, c.uri); got != c.want {
			t.Errorf("linkedFile(%q, %q) = %q, want %q", c.file, c.uri, got, c.want)
		}
	}
}

func TestFragKeyCase(t *testing.T) {
	if fragKey("docs/a.md", "Direct-Download-CDN") != fragKey("docs/a.md", "direct-download-cdn") {
		t.Error("a fragment the build lowercased does not match the source's")
	}
	if fragKey("docs/a.md", "x") == fragKey("docs/b.md", "x") || fragKey("docs/a.md", "x") == fragKey("docs/a.md", "y") {
		t.Error("fragments of other files or names match")
	}
}

// A render hook that writes the page's own URL before a fragment written
// alone ("#y" becomes "/da/docs/x/#y", letsencrypt's) leaves the link
// the source's: it is judged, not unmatched; a link to another page
// with that fragment is not it.
func TestJudgeBuiltOwnFragmentRewritten(t *testing.T) {
	top := writeTree(t, map[string]string{
		"content/da/docs/x.md": "## Sekvens\n[a](#sequence) [b](#sekvens) [c](#other)",
	})
	out := writeTree(t, map[string]string{
		"index.html":           ``,
		"da/docs/x/index.html": `<h2 id="sekvens">Sekvens</h2><a href="/da/docs/x/#sequence">a</a><a href="/da/docs/x/#sekvens">b</a><a href="/da/docs/y/#other">c</a>`,
		"da/docs/y/index.html": `<h2 id="other">Other</h2>`,
	})
	site := readSite(out, "/")
	checkVerdicts(t, site, mapPages(top, "content", "hugo", site), []verdictTest{
		{"content/da/docs/x.md", "#sequence", "confirmed"},
		{"content/da/docs/x.md", "#sekvens", "refuted"},
		{"content/da/docs/x.md", "#other", "unmatched"},
	})
}

// A page is no source's page by a link to another repository's README
// (linkerd's blog post linking BuoyantIO/gitops-linkerd's), nor by a
// prose blob link to a file of another name (a download page's one link
// to CHANGELOG.md), and the host's not-found page is no page of the
// top's README (external-secrets': "404" normalizes to the top).
func TestEditLinksOfTheRepositoryOnly(t *testing.T) {
	top := writeTree(t, map[string]string{
		"README.md":                        "# R",
		"CHANGELOG.md":                     "# C",
		"site/content/blog/gitops.md":      "# G",
		"site/content/docs/install.md":     "# I",
		"site/content/docs/named-by-id.md": "# N",
	})
	out := writeTree(t, map[string]string{
		"404.html":                `<a href="https://github.com/o/r/blob/main/README.md">readme</a>`,
		"blog/gitops/index.html":  `<a href="https://github.com/other/repo/blob/main/README.md">their readme</a>`,
		"download.html":           `<a href="https://github.com/o/r/blob/main/CHANGELOG.md">changes</a>`,
		"docs/install/index.html": `<a href="https://github.com/o/r/blob/main/site/content/docs/install.md">edit</a>`,
		"docs/by-id/index.html":   `<a href="https://github.com/o/r/edit/main/site/content/docs/named-by-id.md">edit</a>`,
	})
	site := readSite(out, "/")
	site.repo = "o/r"
	pages := mapPages(top, ".", "hugo", site)
	checkPages(t, pages, map[string]string{
		"README.md":                        "",
		"CHANGELOG.md":                     "",
		"site/content/docs/install.md":     "docs/install/index.html",
		"site/content/docs/named-by-id.md": "docs/by-id/index.html",
	})
	if pages.source["blog/gitops/index.html"] == "README.md" {
		t.Errorf("another repository's README.md is taken for the blog post's source")
	}
}

// Files no site publishes are read on GitHub: outside MkDocs' docs_dir
// (also where the build enters the configuration's folder first), at
// the top of a Hugo or Docusaurus site's folder; not in a folder above
// the site's that its configuration names as content.
func TestGitHubReader(t *testing.T) {
	top := writeTree(t, map[string]string{
		"hack/api-docs/mkdocs.yml":     "site_name: x\ndocs_dir: ../../docs\n",
		"website/docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {path: '../guides'}}]]}",
	})
	for _, tc := range []struct {
		r    row
		file string
		want bool
	}{
		{row{site: ".", generator: "mkdocs", build: "cd hack/api-docs && mkdocs build -d $OUT"}, "README.md", true},
		{row{site: ".", generator: "mkdocs", build: "cd hack/api-docs && mkdocs build -d $OUT"}, "docs/index.md", false},
		{row{site: ".", generator: "mkdocs", build: "mkdocs build -d $OUT"}, "README.md", false}, // no configuration found: not known
		{row{site: ".", generator: "docusaurus"}, "README.md", true},
		{row{site: ".", generator: "docusaurus"}, "docs/intro.md", false},
		{row{site: ".", generator: "jekyll"}, "README.md", false}, // Jekyll publishes it
		{row{site: ".", generator: "hugo"}, ".github/CONTRIBUTING.md", true},
		{row{site: "website", generator: "docusaurus"}, "CONTRIBUTING.md", true},
		{row{site: "website", generator: "docusaurus"}, "guides/setup.md", false}, // docs: {path: '../guides'}
		{row{site: "website", generator: "docusaurus"}, "website/README.md", true},
	} {
		if got := newGitHubReader(top, tc.r).file(tc.file); got != tc.want {
			t.Errorf("%s site %q (%s): read on GitHub = %v, want %v", tc.file, tc.r.site, tc.r.generator, got, tc.want)
		}
	}
}

// Files whose path names no page: a post published under another
// folder by a permalink maps to the one page of its own name; a
// translation with a slug, to the page of that slug in its language; a
// translation the build left out maps to no page of the default
// language (that page is another file's); the not-found page is the
// 404 file's alone; an included file maps to the page that includes it.
func TestMapPagesFallbacks(t *testing.T) {
	top := writeTree(t, map[string]string{
		"_posts/2023-03-30-swift-5.8-released.md":                           "# S",
		"_drafts/notes.md":                                                  "# N", // too common a name, and no post
		"_posts/2016-1-05-welcome.md":                                       "# W",
		"content/blog/2020/0723-under-the-hood-of-linkerd-s-proxy/index.md": "# U",
		"content/cs/docs/cert-compat.md":                                    "---\nslug: certificate-compatibility\n---\n# C",
		"docs/tutorial/05-emitting-events.md":                               "---\nslug: step-4\n---\n# E",
		"i18n/es/plugin/current/tutorial/05-emitting-events.md":             "---\nslug: step-4\n---\n# E",
		"static/v2/404.html":                                                "<p>not found</p>",
		"static/v2/index.html":                                              "<p>v2</p>",
		"guide/cli.md":                                                      "# CLI\n<!--@include: ./cli-generated.md-->\n",
		"guide/cli-generated.md":                                            "[r](/config/retry#retry-count)",
	})
	out := writeTree(t, map[string]string{
		"blog/swift-5.8-released/index.html":                     ``,
		"blog/notes/index.html":                                  ``,
		"blog/welcome/index.html":                                ``,
		"2020/07/23/under-the-hood-of-linkerds-proxy/index.html": ``,
		"cs/docs/certificate-compatibility/index.html":           ``,
		"docs/tutorial/step-4/index.html":                        `<a href="https://github.com/o/r/edit/main/docs/tutorial/05-emitting-events.md">edit</a>`,
		"v2/404.html":                                            ``,
		"v2/index.html":                                          ``,
		"guide/cli.html":                                         `<a href="/config/retry#retry-count">r</a>`,
		"config/retry.html":                                      `<h2 id="retry">retry</h2>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, ".", "jekyll", site)
	checkPages(t, pages, map[string]string{
		"_posts/2023-03-30-swift-5.8-released.md":                           "blog/swift-5.8-released/index.html",
		"_drafts/notes.md":                                                  "",
		"_posts/2016-1-05-welcome.md":                                       "blog/welcome/index.html", // a post: its date says so
		"content/blog/2020/0723-under-the-hood-of-linkerd-s-proxy/index.md": "2020/07/23/under-the-hood-of-linkerds-proxy/index.html",
		"content/cs/docs/cert-compat.md":                                    "cs/docs/certificate-compatibility/index.html",
		"docs/tutorial/05-emitting-events.md":                               "docs/tutorial/step-4/index.html",
		"i18n/es/plugin/current/tutorial/05-emitting-events.md":             "",
		"static/v2/404.html":                                                "v2/404.html",
		"static/v2/index.html":                                              "v2/index.html",
		"guide/cli-generated.md":                                            "guide/cli.html",
	})
	// The included file's link is judged on the including page.
	checkVerdicts(t, site, pages, []verdictTest{{"guide/cli-generated.md", "/config/retry#retry-count", "confirmed"}})
}

// A site served at www.swift.org whose redirect stub sends /download/ to
// https://swift.org/install/ keeps the link the site's: the host with
// or without "www." is the site's own, and the link is judged.
func TestOwnHostWithoutWWW(t *testing.T) {
	out := writeTree(t, map[string]string{
		"blog/x/index.html":   `<a href="/download/#snapshots">s</a><a href="/download/#releases">r</a>`,
		"download/index.html": `<meta http-equiv="refresh" content="0; url=https://swift.org/install/">`,
		"install/index.html":  `<h2 id="releases">Releases</h2>`,
	})
	site := readSite(out, "https://www.swift.org/")
	for _, tc := range []struct {
		href string
		ok   bool
	}{{"/download/#releases", true}, {"/download/#snapshots", false}, {"https://swift.org/install/#releases", true}} {
		ok, reason, internal := site.resolves("blog/x/index.html", tc.href)
		if !internal || ok != tc.ok {
			t.Errorf("%s: ok %v (%s), internal %v; want ok %v on the site", tc.href, ok, reason, internal, tc.ok)
		}
	}
}

// A file whose path names a redirect stub (jekyll-redirect-from's page at
// the file's old URL) is the source of the page the stub sends readers
// to; a link whose name the generator wrote in another form
// ("OrganizingState.md" as "/faq/organizing-state") is the page's link
// of the same letters and digits and fragment.
func TestMapPagesRedirectStubAndLooseName(t *testing.T) {
	top := writeTree(t, map[string]string{
		"_sips/sips/031-byname-implicits.md": "[a](#appendix-1) [b](#appendix-2)",
		"docs/faq/DesignDecisions.md":        "[o](./OrganizingState.md#non-serializable)",
		"_errors/profile-not-supported.md":   "---\nredirect_to: /sips/31.html#profile\n---\n",
	})
	out := writeTree(t, map[string]string{
		"sips/pending/byname-implicits.html": `<meta http-equiv="refresh" content="0; url=/sips/31.html">`,
		"sips/31.html":                       `<h2 id="appendix-1">A</h2><a href="#appendix-1">a</a><a href="#appendix-2">b</a>`,
		"errors/profile-not-supported.html":  `<meta http-equiv="refresh" content="0; url=/sips/31.html#profile"><a href="/sips/31.html#profile">here</a>`,
		"faq/design-decisions/index.html":    `<a href="https://github.com/o/r/edit/main/docs/faq/DesignDecisions.md">edit</a><a href="/faq/organizing-state#non-serializable">o</a>`,
		"faq/organizing-state/index.html":    `<h2 id="x">X</h2>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, ".", "jekyll", site)
	if got := pages.page["_sips/sips/031-byname-implicits.md"]; got != "sips/31.html" {
		t.Errorf("the SIP maps to %q, want sips/31.html, where its redirect stub sends", got)
	}
	// A page that is a redirect itself is its stub's source.
	if got := pages.page["_errors/profile-not-supported.md"]; got != "errors/profile-not-supported.html" {
		t.Errorf("the redirect_to page maps to %q, want its own stub", got)
	}
	checkVerdicts(t, site, pages, []verdictTest{
		{"_sips/sips/031-byname-implicits.md", "#appendix-2", "confirmed"},
		{"docs/faq/DesignDecisions.md", "./OrganizingState.md#non-serializable", "confirmed"},
	})
}

// Posts whose names normalize alike map to the page with their own name
// as written; a Markdown file the build ships unrendered (Jekyll copies
// one without front matter) is no page; MkDocs' docs/index.md is the
// top's page; a fragment the generator lowercased is the source's link.
func TestMapPagesRawNameCopiedAndCase(t *testing.T) {
	top := writeTree(t, map[string]string{
		"content/en/blog/2018-08-05-weekly-digest.md": "# A",
		"content/en/blog/2018-08-24-weekly-digest.md": "# B",
		"contributing.md":  "[c](/docs/x.md#y)",
		"guide/started.md": "[i](../installation#Direct-Download-CDN)",
	})
	out := writeTree(t, map[string]string{
		"blog/2018-08-05-weekly-digest/index.html": ``,
		"blog/2018-08-24-weekly-digest/index.html": ``,
		"contributing.md":                          "[c](/docs/x.md#y)",
		"guide/started.html":                       `<a href="./../installation.html#direct-download-cdn">i</a>`,
		"installation.html":                        `<h2 id="install">Install</h2>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, ".", "hugo", site)
	checkPages(t, pages, map[string]string{
		"content/en/blog/2018-08-05-weekly-digest.md": "blog/2018-08-05-weekly-digest/index.html",
		"content/en/blog/2018-08-24-weekly-digest.md": "blog/2018-08-24-weekly-digest/index.html",
		"contributing.md": "",
	})
	if !pages.copied["contributing.md"] {
		t.Errorf("contributing.md, which the build ships as it is, is not taken for a copy")
	}
	// A fragment the generator lowercased.
	checkVerdicts(t, site, pages, []verdictTest{{"guide/started.md", "../installation#Direct-Download-CDN", "confirmed"}})
	mk := writeTree(t, map[string]string{"webdoc/mkdocs.yml": "site_name: x\n", "webdoc/docs/index.md": "# Home"})
	mkOut := writeTree(t, map[string]string{"index.html": ``, "python/index.html": ``})
	if got := mapPages(mk, "webdoc", "mkdocs", readSite(mkOut, "/")).page["webdoc/docs/index.md"]; got != "index.html" {
		t.Errorf("MkDocs' docs/index.md maps to %q, want index.html", got)
	}
}

// A built page that is an HTML file of the tree copied as it is (an old
// version kept in static/v3/) is that file's page alone: the current
// docs' getting-started.mdx, whose path shares more with it than with
// its own versioned page, does not map to it.
func TestStaticCopyIsItsOwnPage(t *testing.T) {
	old := `<html><a href="/x">x</a></html>`
	top := writeTree(t, map[string]string{
		"static/v3/docs/getting-started/index.html": old,
		"docs/getting-started.mdx":                  "# Getting started",
	})
	out := writeTree(t, map[string]string{
		"v3/docs/getting-started/index.html": old,
		"docs/v7/getting-started/index.html": `<a href="https://github.com/o/r/edit/main/docs/other.mdx">edit</a>`,
	})
	pages := mapPages(top, ".", "docusaurus", readSite(out, "/"))
	if got := pages.page["docs/getting-started.mdx"]; got == "v3/docs/getting-started/index.html" {
		t.Errorf("getting-started.mdx maps to the static copy %q", got)
	}
	if got := pages.page["static/v3/docs/getting-started/index.html"]; got != "v3/docs/getting-started/index.html" {
		t.Errorf("the static copy maps to %q", got)
	}
}

// TestPageOfIncluded: a finding the audit makes on an included part's
// line, as the including page renders it, is judged on that page, not
// on the part's own (nor on none, for a part that is no page).
func TestPageOfIncluded(t *testing.T) {
	m := &pageMap{page: map[string]string{"docs/guide/a.md": "guide/a.html", "docs/shared/s.md": "shared/s.html"}}
	on := &finding{File: "docs/parts/p.md", Message: `"./c.md" leads to "/guide/c.md" on the site, which no file of the tree publishes (on the page of "docs/guide/a.md", which includes this file)`}
	if got := m.pageOf(on); got != "guide/a.html" {
		t.Errorf("pageOf(part) = %q, want guide/a.html", got)
	}
	shared := &finding{File: "docs/shared/s.md", Message: `"#x" names anchor "x", which "/docs/guide/a.md" does not have (on the page of "docs/guide/a.md", which includes this file)`}
	if got := m.pageOf(shared); got != "guide/a.html" {
		t.Errorf("pageOf(shared part) = %q, want guide/a.html", got)
	}
	own := &finding{File: "docs/shared/s.md", Message: `"./t.md" leads to "/shared/t.md", which does not exist`}
	if got := m.pageOf(own); got != "shared/s.html" {
		t.Errorf("pageOf(own) = %q, want shared/s.html", got)
	}
}

// Vercel's redirects (vercel.json) apply before its files, as forced
// rules: a link to a path a rule moves is judged where the rule sends
// it, and a rule whose source has a pattern Netlify's syntax cannot say
// is left out (the build's word stands there).
func TestVercelRedirects(t *testing.T) {
	cfg := []byte(`{"redirects": [
		{"source": "/index.html", "destination": "/", "permanent": true},
		{"source": "/:path+.html", "destination": "/:path", "permanent": true},
		{"source": "/tutorials/cli", "destination": "/ref/cli", "permanent": true},
		{"source": "/guides/flow", "destination": "/ref/conf#flow"},
		{"source": "/old/:rest*", "destination": "/new/:rest"},
		{"source": "/blog/:slug", "destination": "/posts/:slug/"},
		{"source": "/q", "destination": "/r", "has": [{"type": "query", "key": "id"}]}
	]}`)
	got := vercelRedirects(cfg)
	want := []redirectRule{
		{from: "/index.html", to: "/", force: true},
		{from: "/tutorials/cli", to: "/ref/cli", force: true},
		{from: "/guides/flow", to: "/ref/conf#flow", force: true},
		{from: "/old/*", to: "/new/:splat", force: true},
		{from: "/blog/:slug", to: "/posts/:slug/", force: true},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("vercelRedirects = %+v, want %+v", got, want)
	}
	if vercelRedirects([]byte("{not json")) != nil {
		t.Errorf("a vercel.json that is no JSON has rules")
	}
	out := writeTree(t, map[string]string{
		"index.html": `<a href="/tutorials/cli">moved</a><a href="/guides/flow">moved, with an id</a>` +
			`<a href="/old/a/b/">moved below</a><a href="/blog/x">to a post</a><a href="/gone/">gone</a>`,
		"ref/cli.html":       ``,
		"ref/conf.html":      `<h2 id="flow">Flow</h2>`,
		"new/a/b.html":       ``,
		"posts/x/index.html": ``,
	})
	s := readSite(out, "/", got...)
	if len(s.broken) != 1 || s.broken[0].href != "/gone/" {
		t.Errorf("broken = %+v, want /gone/ alone", s.broken)
	}
}

func TestOtherVersion(t *testing.T) {
	out := writeTree(t, map[string]string{
		"index.html":               ``,
		"guide/index.html":         ``,
		"v1/index.html":            ``, // a version folder this build has
		"en/latest/api/index.html": ``,
	})
	site := readSite(out, "https://tool.example.org/")
	for _, tc := range []struct {
		gen, href string
		want      bool
	}{
		{"mkdocs", "/v0.7.1/guide/", true},
		{"mkdocs", "https://tool.example.org/latest/guide/#x", true},
		{"mkdocs", "/en/stable/api/", true},   // Read the Docs: a language, then the version
		{"mkdocs", "/v1/missing/", false},     // a version folder the build has: it judges it
		{"mkdocs", "/en/latest/gone/", false}, // so
		{"mkdocs", "/guide/v2/", false},       // below a folder of pages, not a language
		{"mkdocs", "/pt-br/v2/", true},
		{"mkdocs", "/guides/", false}, // no version
		{"mkdocs", "https://other.example.org/v2/", false},
		{"hugo", "/v0.7.1/guide/", false}, // only MkDocs sites are read as deployed beside their versions
	} {
		if got := site.otherVersion(tc.gen, "index.html", tc.href) != ""; got != tc.want {
			t.Errorf("otherVersion(%q, %q) = %v, want %v", tc.gen, tc.href, got, tc.want)
		}
	}
}

// A fragment alone, whose letters the generator writes percent-encoded
// (Hexo's marked: "#%E5%AE%89" for "#安"), is the source's link.
func TestJudgeBuiltEncodedFragment(t *testing.T) {
	top := writeTree(t, map[string]string{
		"source/docs/index.md": "## 安装\n\n[a](#安装) [b](#安装前提)",
	})
	out := writeTree(t, map[string]string{
		"docs/index.html": `<h2 id="安装">安装</h2><a href="#%E5%AE%89%E8%A3%85">a</a><a href="#%E5%AE%89%E8%A3%85%E5%89%8D%E6%8F%90">b</a>`,
	})
	site := readSite(out, "/")
	pages := mapPages(top, "source", "hexo", site)
	checkVerdicts(t, site, pages, []verdictTest{
		{"source/docs/index.md", "#安装", "refuted"},
		{"source/docs/index.md", "#安装前提", "confirmed"},
	})
}

// TestDocusaurusTranslation checks that a Docusaurus translation's path
// names its locale and the page's path in it.
func TestDocusaurusTranslation(t *testing.T) {
	for _, tt := range []struct{ rel, loc, rest string }{
		{"i18n/zh/docusaurus-plugin-content-docs/current/develop/c/bpf.md", "zh", "develop/c/bpf.md"},
		{"i18n/zh/docusaurus-plugin-content-docs/version-2.7.3/a.md", "zh", "2.7.3/a.md"},
		{"i18n/fr/docusaurus-plugin-content-blog/2020-01-01-x.md", "fr", "2020-01-01-x.md"},
		{"i18n/fr/docusaurus-plugin-content-docs-community/current/x.md", "fr", "x.md"},
		{"docs/a.md", "", ""},
		{"i18n/zh/code.json", "", ""},
	} {
		loc, rest, ok := docusaurusTranslation(tt.rel)
		if loc != tt.loc || rest != tt.rest || ok != (tt.loc != "") {
			t.Errorf("docusaurusTranslation(%q) = %q, %q, %v, want %q, %q", tt.rel, loc, rest, ok, tt.loc, tt.rest)
		}
	}
}

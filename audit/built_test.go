package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/anchor"
	"golang.org/x/net/html"
)

// builtIDTests are built pages and the fragments each must have, or
// must not.
var builtIDTests = []struct {
	src     string
	has     []string
	hasNot  []string
	comment string
}{
	{`<h2 id="setup">Setup</h2>`, []string{"setup"}, []string{"Setup"}, "an element's id"},
	{`<a name="legacy"></a><div name="form-field"></div>`, []string{"legacy"}, []string{"form-field"}, "name counts on <a> only"},
	{`<A NAME="upper-a">`, []string{"upper-a"}, nil, "tag and key in any case"},
	{`<div data-id="x" class="y"><p ID = 'Upper' >`, []string{"Upper"}, []string{"x"}, "data-id is not id; ID in any case, spaces around ="},
	{`<p>a = b, id=c</p><h3 title="x>y" id="after-gt">`, []string{"after-gt"}, []string{"c"}, "text is no tag; > in a value"},
	{`<span id=bare>`, []string{"bare"}, nil, "an unquoted value"},
	{`<img src=a.png/id="x">`, nil, nil, "one attribute's value"},
	{`<div class="sidebar hidden" style="width:1px"><nav class="a"id="glued">`, []string{"glued"}, []string{"sidebar"}, "id in other attributes' text; a key right after a quote"},
	{`<h2 id="a&amp;b">`, []string{"a&b"}, []string{"a&amp;b"}, "a value's character references are decoded"},
	{`<script>var s = '<a id="in-script">'</script><style>p{}</style><!-- <a id="in-comment"> --><textarea><b id="in-textarea"></textarea><b id="out">`, []string{"out"}, []string{"in-script", "in-comment", "in-textarea"}, "script, comments and raw text hold no element"},
	{`<div id="">`, nil, []string{""}, "an empty id"},
	{"<h2 id=\"first\" ID=\"second\"><h3 id/><h4 id\t=\fspaced><a href=x name>", []string{"first", "spaced"}, []string{"second"}, "the first of two ids; keys ended by /, white space, >"},
	{`<a class="sidebar-link" style="width:1px" data-name="n">`, nil, []string{"n"}, "no key named id or name"},
	{"<a na\x00me=x id=\x00>", nil, []string{"x"}, "a NUL in a key is no name"},
	{`<meta id="m" id="m2" http-equiv="refresh" content="0; url=/x/"><META ID=n><meta name="k">`, []string{"m", "n"}, []string{"m2", "k"}, "a <meta>'s id, the first of two; its name is none"},
}

// TestReadBuiltIDs checks the ids read of built pages.
func TestReadBuiltIDs(t *testing.T) {
	for _, tt := range builtIDTests {
		ids := readBuiltIDs([]byte(tt.src))
		for _, id := range tt.has {
			if m, _ := ids.find(id); m != anchor.Found {
				t.Errorf("readBuiltIDs(%q) has no %q (%s)", tt.src, id, tt.comment)
			}
		}
		for _, id := range tt.hasNot {
			if m, _ := ids.find(id); m == anchor.Found {
				t.Errorf("readBuiltIDs(%q) has %q (%s)", tt.src, id, tt.comment)
			}
		}
	}
}

// TestBuiltFind checks that a fragment is looked up among a built page's
// ids as a browser does: as written, then decoded, and a fragment that
// differs only in case names the first id of the page that matches.
func TestBuiltFind(t *testing.T) {
	ids := readBuiltIDs([]byte(`<h2 id="Setup">x</h2><h2 id="SETUP"></h2><h2 id="a b"></h2><h2 id="a%20c"></h2>`))
	for _, tt := range []struct {
		frag  string
		match anchor.Match
		id    string
	}{
		{"Setup", anchor.Found, "Setup"},
		{"SETUP", anchor.Found, "SETUP"},
		{"setup", anchor.CaseOnly, "Setup"},
		{"a%20b", anchor.Found, "a b"},
		{"a%20c", anchor.Found, "a%20c"},
		{"A%20B", anchor.CaseOnly, "a b"},
		{"install", anchor.None, ""},
	} {
		if m, id := ids.find(tt.frag); m != tt.match || id != tt.id {
			t.Errorf("find(%q) = %v, %q; want %v, %q", tt.frag, m, id, tt.match, tt.id)
		}
	}
}

// referenceIDs reads the ids of src as readBuiltIDs did before it asked
// the tokenizer only about tags whose bytes hold "id" or "name": every
// start tag's name and attributes; and the ids, in the page's order.
func referenceIDs(src []byte) (*anchor.Set, []string) {
	var set anchor.Set
	var ids []string
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return &set, ids
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			isA := string(name) == "a"
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if len(v) > 0 && (string(k) == "id" || isA && string(k) == "name") {
					set.Add(string(v))
					ids = append(ids, string(v))
				}
			}
		}
	}
}

// FuzzReadBuiltIDs checks readBuiltIDs against the tokenizer asked about
// every tag: the same ids, and the same answer for a fragment of each
// id, in its case and in others; and readLinks the same way
// (checkReadLinks).
func FuzzReadBuiltIDs(f *testing.F) {
	for _, tt := range builtIDTests {
		f.Add(tt.src)
	}
	f.Add(string(themePage()[:4000]))
	f.Add(`<a href="/x/#y">x</a><img SRC='a.png'><link rel=canonical href=https://x.test/>`)
	f.Add(`<a data-href="no" hrefs="no" xsrc="no" href = "yes"><script src=s.js></script>`)
	f.Fuzz(func(t *testing.T, src string) {
		// The links of a built page are read by the same tokenizer.
		checkReadLinks(t, src)
		got := readBuiltIDs([]byte(src))
		want, ids := referenceIDs([]byte(src))
		for i := range got.ends {
			ids = append(ids, got.id(uint32(i)))
		}
		var probes []string
		for _, id := range ids {
			probes = append(probes, id, strings.ToUpper(id), strings.ToLower(id))
		}
		for _, frag := range probes {
			m, id := got.find(frag)
			wm, wid := want.Find(frag, anchor.HTML)
			if m != wm || id != wid {
				t.Fatalf("readBuiltIDs(%q).find(%q) = %v, %q; the tokenizer's ids give %v, %q", src, frag, m, id, wm, wid)
			}
		}
	})
}

// themePage returns a built page as a documentation theme writes it: a
// head with inline style and script, an icon sprite, a menu, a sidebar
// of 100 links, a table of contents, then 8 sections of prose with links,
// about 40 KB, of which the ids are 20.
func themePage() []byte {
	var b bytes.Buffer
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page | Docs</title>` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/css/main.css">` +
		`<style>body{font:16px/1.5 sans-serif}nav.side{width:16rem}</style>` +
		`<script>window.addEventListener('load',function(){for(var i=0;i<q.length;i++){if(a<b)x()}})</script></head><body>`)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" style="display:none">`)
	for i := range 12 {
		fmt.Fprintf(&b, `<symbol id="icon-%d" viewBox="0 0 24 24"><path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-1 %d h2v6h-2z"/></symbol>`, i, i)
	}
	b.WriteString(`</svg><header class="navbar"><a class="brand" href="/">Docs</a><nav class="menu"><ul>`)
	for i := range 30 {
		fmt.Fprintf(&b, `<li class="menu-item"><a href="/section-%d/"><svg class="icon"><use href="#icon-1"></use></svg>Section %d</a></li>`, i, i)
	}
	b.WriteString(`</ul></nav></header><nav class="sidebar" id="sidebar"><ul>`)
	for i := range 100 {
		fmt.Fprintf(&b, `<li><a href="/section-1/page-%d/" class="sidebar-link">Page %d</a></li>`+"\n", i, i)
	}
	b.WriteString(`</ul></nav><main id="content"><aside class="toc"><ul>`)
	for i := range 8 {
		fmt.Fprintf(&b, `<li><a href="#section-%d">Section %d</a></li>`, i, i)
	}
	b.WriteString(`</ul></aside>`)
	for i := range 8 {
		fmt.Fprintf(&b, `<h2 id="section-%d">Section %d<a class="anchor" href="#section-%d">#</a></h2>`, i, i, i)
		for range 3 {
			b.WriteString(`<p>` + strings.Repeat(`lorem ipsum dolor sit <code>amet</code>, consectetur <a href="/section-2/page-3/#usage">adipiscing</a> elit, `, 8) + `</p>`)
		}
		b.WriteString(`<pre><code class="language-sh">bench --page 1 &amp;&amp; echo &lt;done&gt;</code></pre>`)
	}
	b.WriteString(`</main><footer id="footer"><a href="/">Home</a></footer></body></html>`)
	return b.Bytes()
}

// BenchmarkReadBuiltIDs reads the ids of built pages: a page of 20
// sections of prose (most of its bytes text) and a theme's page (most of
// its bytes tags: menus, sidebar, icons).
func BenchmarkReadBuiltIDs(b *testing.B) {
	var prose bytes.Buffer
	prose.WriteString(`<!doctype html><html><head><title>p</title><script>if (a<b) {}</script></head><body>`)
	for i := range 20 {
		prose.WriteString(`<h2 id="section-` + string(rune('a'+i)) + `" class="h">Section</h2><p>`)
		prose.WriteString(strings.Repeat("lorem ipsum dolor sit amet, ", 100))
		prose.WriteString(`<a href="#x">x</a></p>`)
	}
	prose.WriteString(`</body></html>`)
	for _, page := range []struct {
		name string
		src  []byte
	}{{"prose", prose.Bytes()}, {"theme", themePage()}} {
		b.Run(page.name, func(b *testing.B) {
			b.SetBytes(int64(len(page.src)))
			b.ReportAllocs()
			for b.Loop() {
				readBuiltIDs(page.src)
			}
		})
	}
}

// FuzzAttrIDs checks that reading the ids of attribute lists of any line
// ends, and gives ids as a list writes them: no "#", no white space, no
// brace.
func FuzzAttrIDs(f *testing.F) {
	for _, s := range []string{"## 1.0", "{: #v1-0}", "**x**{ #term .note }", "{{ .Site }}", "{##hash}", "{: #a} {#b} {", "}{#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, id := range appendAttrIDs(nil, []byte(line)) {
			if id.name == "" || strings.ContainsAny(id.name, " \t\n}") || strings.HasPrefix(id.name, "#") {
				t.Errorf("appendAttrIDs(%q) gives id %q", line, id.name)
			}
		}
	})
}

// TestBuiltOutsideRoot checks that the build the user names (-built) may
// be outside the root, and that the configuration's site.built may not.
func TestBuiltOutsideRoot(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	files := map[string]string{
		root + "/mkdocs.yml":    "site_name: x\nplugins:\n  - gen-files\n",
		root + "/docs/index.md": "# Home\n\n[a](api.md#run) [b](api.md#stop) [c](cli/)\n",
		out + "/index.html":     `<h1 id="home">Home</h1><a href="api/#run">a</a><a href="api/#stop">b</a><a href="cli/">c</a>`,
		out + "/api/index.html": `<div id="run"></div>`,
	}
	writeBuiltTree(t, files, out+"/index.html", out+"/api/index.html")
	r := Run(Config{Root: root, Built: out}, []string{root})
	var got []string
	for _, f := range r.Findings {
		got = append(got, string(f.Category)+": "+f.URI)
	}
	want := []string{"broken-anchor: api.md#stop", "broken-file: cli/"}
	if !slices.Equal(got, want) || len(r.Errors) > 0 {
		t.Errorf("-built outside the root: findings %q, errors %v; want %q", got, r.Errors, want)
	}

	r = Run(Config{Root: root, Site: Site{Built: "../" + filepath.Base(out)}}, []string{root})
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Error(), "site.built") {
		t.Errorf("site.built above the root: errors %v, want one naming site.built", r.Errors)
	}
}

// TestReadBuiltPage checks what a built page says besides its ids: where
// a refresh stub sends the reader, and whether its content is written
// by its scripts (a script and no heading).
func TestReadBuiltPage(t *testing.T) {
	for _, tt := range []struct {
		src      string
		redirect string
		scripted bool
	}{
		{`<meta http-equiv="refresh" content="0; url=/new/">`, "/new/", false},
		{`<META HTTP-EQUIV="Refresh" CONTENT="0;URL='../guide/'">`, "../guide/", false},
		{`<meta content="3 ; URL = &quot;https://x.test/a b&quot;" http-equiv=" refresh ">`, "https://x.test/a b", false},
		{`<meta http-equiv="refresh" content="0,url=/comma/">`, "/comma/", false},
		{`<meta http-equiv="refresh" content="0; /bare/">`, "/bare/", false},
		{`<meta http-equiv="refresh" content="30">`, "", false},
		{`<meta http-equiv="content-type" content="text/html; url=/no/">`, "", false},
		{`<meta http-equiv="refresh" content="0; url=/first/"><meta http-equiv="refresh" content="0; url=/second/">`, "/first/", false},
		{`<metadata http-equiv="refresh" content="0; url=/not-meta/">`, "", false},
		{`<script src="app.js"></script><div id="root"></div>`, "", true},
		{`<script src="app.js"></script><h2 id="a">A</h2>`, "", false},
		{`<SCRIPT>x()</SCRIPT><H1>Title</H1>`, "", false},
		{`<scripts></scripts><header>no heading</header><hr>`, "", false},
		{`<div id="root"></div>`, "", false},
	} {
		pg := readBuiltPage([]byte(tt.src))
		if pg.redirect != tt.redirect || pg.scripted != tt.scripted {
			t.Errorf("readBuiltPage(%q) = redirect %q, scripted %v; want %q, %v", tt.src, pg.redirect, pg.scripted, tt.redirect, tt.scripted)
		}
	}
}

// TestBuiltHead checks what a built home page says in its head of its
// own URL: the path its site is served under, by its canonical URL, and
// the URL it gives itself, its canonical link's, else its og:url meta
// tag's.
func TestBuiltHead(t *testing.T) {
	dir := t.TempDir()
	for i, tt := range []struct{ src, under, url string }{
		{`<head><link rel="canonical" href="https://owner.test/project/"></head>`, "/project", "https://owner.test/project/"},
		{`<head><LINK REL="Canonical alternate" HREF="https://owner.test/a/b/index.html"></head>`, "/a/b", "https://owner.test/a/b/index.html"},
		{`<head><link rel="canonical" href="https://owner.test/"></head>`, "", "https://owner.test/"},
		{`<head><link rel="canonical" href="/project/"></head>`, "", ""},
		{`<head><link rel="stylesheet" href="https://owner.test/css/"></head>`, "", ""},
		{`<head></head><body><link rel="canonical" href="https://owner.test/late/"></body>`, "", ""},
		{`<head><link rel="canonical" href="https://owner.test/caf%C3%A9/"></head>`, "/café", "https://owner.test/caf%C3%A9/"},
		{`<head><link rel="canonical" href="https://owner.test/../../x/"></head>`, "/x", "https://owner.test/../../x/"},
		{`<head><link rel="canonical" href=" https://owner.test/project/ "></head>`, "/project", "https://owner.test/project/"},
		{`<head><meta property="og:url" content="https://og.test/docs/"></head>`, "", "https://og.test/docs/"},
		{`<head><meta property="og:url" content="https://og.test/"><link rel="canonical" href="https://owner.test/"></head>`, "", "https://owner.test/"},
		{`<head><link rel="canonical" href="/project/"><meta name="og:url" content="https://og.test/"></head>`, "", "https://og.test/"},
		{`<head><meta property="og:url" content="/relative/"><meta property="og:url" content="http://second.test/"></head>`, "", "http://second.test/"},
		{`<head><meta property="og:url" content="https://first.test/"><meta property="og:url" content="https://second.test/"></head>`, "", "https://first.test/"},
	} {
		name := filepath.Join(dir, fmt.Sprintf("%d.html", i))
		if err := os.WriteFile(name, []byte(tt.src), 0o644); err != nil {
			t.Fatal(err)
		}
		h := readBuiltHead(name)
		if got := h.servedUnder(); got != tt.under {
			t.Errorf("readBuiltHead(%q).servedUnder() = %q, want %q", tt.src, got, tt.under)
		}
		if h.url != tt.url {
			t.Errorf("readBuiltHead(%q).url = %q, want %q", tt.src, h.url, tt.url)
		}
	}
}

// TestBuiltStale checks that a build older than a source does not speak
// for it: a page changed after the build is checked by the model, and a
// link to a file added after the build is unverifiable, not broken.
func TestBuiltStale(t *testing.T) {
	dir := t.TempDir()
	writeBuiltTree(t, map[string]string{
		dir + "/mkdocs.yml":             "site_name: Fixture\n",
		dir + "/docs/index.md":          "# Home\n\n[new](new.md) [gone](gone.md)\n",
		dir + "/docs/edited.md":         "# Edited\n\n[new](new.md#intro) [stale](new.md#nope)\n",
		dir + "/docs/new.md":            "# Intro\n",
		dir + "/site/index.html":        `<h1 id="home">Home</h1><a href="new.md">new</a><a href="gone.md">gone</a>`,
		dir + "/site/edited/index.html": `<h1 id="edited">Edited</h1>`,
	})
	built := time.Now().Add(-time.Hour)
	for _, name := range []string{"site/index.html", "site/edited/index.html", "docs/index.md", "mkdocs.yml"} {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(name)), built.Add(-time.Minute), built); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(filepath.Join(dir, "site/index.html"), built, built); err != nil {
		t.Fatal(err)
	}
	r := Run(Config{Enable: []string{"unverifiable"}, Root: dir}, []string{dir})
	for _, err := range r.Errors {
		t.Errorf("error: %v", err)
	}
	got := findingLines(dir, r.Findings)
	slices.Sort(got)
	want := []string{
		"docs/edited.md:3: broken-anchor", // changed after the build: the model checks it
		"docs/index.md:3: broken-file",    // gone.md: no file of the tree, no page of the build
		"docs/index.md:3: unverifiable",   // new.md: added after the build
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s (%s)", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(r.Sites, "; "))
		for _, f := range r.Findings {
			t.Logf("%s", f.Message)
		}
	}
}

// TestLinkSignature checks what a link keeps from its source to its
// built form.
func TestLinkSignature(t *testing.T) {
	for _, tt := range []struct{ ref, want string }{
		{"../guide.md#setup", "guide#setup"},
		{"/2.1/guide/#setup", "guide#setup"},
		{"https://site.test/docs/Guide.html?x=1#a%20b", "guide#a b"},
		{"./api/README.md", "api#"},
		{"_index.md#x", "#x"},
		{"#only", "#only"},
		{"../", "#"},
		{"/zh/docs/rate-limits/#%e6%95%b4", "rate-limits#整"},
		{"https://site.test", "#"},
	} {
		if got := linkSignature(tt.ref); got != tt.want {
			t.Errorf("linkSignature(%q) = %q, want %q", tt.ref, got, tt.want)
		}
	}
}

// TestHasLinkAttr checks the quick search for a link as written among
// the href and src values of a built page.
func TestHasLinkAttr(t *testing.T) {
	for _, tt := range []struct {
		src, link string
		want      bool
	}{
		{`<a href="profile">`, "profile", true},
		{`<a class="x" HREF='profile'>`, "profile", true},
		{`<img src="a.png">`, "a.png", true},
		{`<div id="profile"><a href="/cli/profile/">`, "profile", false},
		{`<a data-href="profile">`, "profile", false},
		{`<a href="profile/">`, "profile", false},
		{`<a href=profile>`, "profile", false},
		{`profile`, "profile", false},
	} {
		if got := hasLinkAttr([]byte(tt.src), tt.link); got != tt.want {
			t.Errorf("hasLinkAttr(%q, %q) = %v, want %v", tt.src, tt.link, got, tt.want)
		}
	}
}

// checkReadLinks checks readLinks, which skips the tags whose bytes
// cannot hold an href or a src, against the tokenizer's answer for
// every tag; and hasLinkAttr and linkSignature on what it finds.
func checkReadLinks(t *testing.T, src string) {
	got := readLinks([]byte(src))
	var want []string
	z := html.NewTokenizer(strings.NewReader(src))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			if string(k) == "href" || string(k) == "src" {
				want = append(want, string(v))
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("readLinks(%q) = %q; the tokenizer gives %q", src, got, want)
	}
	for _, l := range got {
		_ = linkSignature(l)
		if l != "" && hasLinkAttr([]byte(src), l) && !strings.Contains(src, `="`+l+`"`) && !strings.Contains(src, `='`+l+`'`) {
			t.Fatalf("hasLinkAttr(%q, %q) but it is no quoted value", src, l)
		}
	}
}

// TestBuiltCommitted: in a git work tree, a build at the generator's
// default folder is the truth only when git ignores it; a committed one
// (a small project's site/, deployed from the main branch) may be older
// than the sources, which a fresh clone's file times cannot tell.
func TestBuiltCommitted(t *testing.T) {
	for _, ignored := range []bool{false, true} {
		dir := t.TempDir()
		files := map[string]string{
			dir + "/.git/HEAD":             "ref: refs/heads/main\n",
			dir + "/mkdocs.yml":            "site_name: Fixture\n",
			dir + "/docs/index.md":         "# Home\n\n[guide](guide.md#new-part)\n",
			dir + "/docs/guide.md":         "# Guide\n\n## New part\n",
			dir + "/site/index.html":       `<h1 id="home">Home</h1><a href="guide/#new-part">guide</a>`,
			dir + "/site/guide/index.html": `<h1 id="guide">Guide</h1>`,
		}
		if ignored {
			files[dir+"/.gitignore"] = "/site\n"
		}
		writeBuiltTree(t, files)
		// The sources older than the build: a fresh build, by the times.
		old := time.Now().Add(-time.Hour)
		for _, name := range []string{"mkdocs.yml", "docs/index.md", "docs/guide.md"} {
			if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(name)), old, old); err != nil {
				t.Fatal(err)
			}
		}
		r := Run(Config{Root: dir}, []string{dir})
		for _, err := range r.Errors {
			t.Errorf("error: %v", err)
		}
		var got []string
		for _, f := range r.Findings {
			got = append(got, fmt.Sprintf("%d: %s", f.Pos.Line, f.Category))
		}
		var want []string
		if ignored {
			want = []string{"3: broken-anchor"} // the build, not the source, decides
		}
		if !slices.Equal(got, want) {
			t.Errorf("site/ ignored by git %v: findings %q, want %q (%s)", ignored, got, want, strings.Join(r.Sites, "; "))
		}
	}
}

// TestOwnBuiltLinks checks the links of a file's own built page: read
// once into a buffer that the next file reuses, and looked for without
// allocating.
func TestOwnBuiltLinks(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "index.html")
	src := `<a HREF="/guide/#setup">x</a><img src='logo.png'><a data-href="no"><a href=bare>` + strings.Repeat(`<p class="x">text</p>`, 100)
	if err := os.WriteFile(page, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	o := new(ownBuilt)
	o.readPage(page)
	if string(o.src) != src {
		t.Fatalf("readPage read %d bytes, want the %d of the page", len(o.src), len(src))
	}
	for link, want := range map[string]bool{"/guide/#setup": true, "logo.png": true, "no": false, "bare": false, "/guide/": false} {
		if got := o.hasLink(link); got != want {
			t.Errorf("hasLink(%q) = %v, want %v", link, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { o.hasLink("/guide/#setup"); o.hasLink("missing") }); n != 0 {
		t.Errorf("hasLink allocates %v times a call, want none", n)
	}
	if n := testing.AllocsPerRun(20, func() {
		o.vals = scanLinkAttrs(o.src, o.vals[:0])
	}); n != 0 {
		t.Errorf("scanLinkAttrs into a reused slice allocates %v times, want none", n)
	}
}

// TestReadBuiltFile checks that a built "page" that is no regular file
// is not read, and that a page larger than the buffer is read whole.
func TestReadBuiltFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := readBuilt(dir, nil); err == nil {
		t.Errorf("readBuilt of a folder: no error")
	}
	big := filepath.Join(dir, "a.html")
	data := bytes.Repeat([]byte("<p>x</p>"), 10000)
	if err := os.WriteFile(big, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readBuilt(big, make([]byte, 0, 10))
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("readBuilt of %d bytes into a small buffer: %d bytes, %v", len(data), len(got), err)
	}
}

// BenchmarkBuiltLinks looks 15 links of a theme's page up among its
// href and src values: found once by scanLinkAttrs into a reused slice
// ("scan", what asBuilt does), against a byte search of the page for
// each link ("search", what it did before).
func BenchmarkBuiltLinks(b *testing.B) {
	page := themePage()
	var links []string
	for i := range 15 {
		links = append(links, fmt.Sprintf("/section-1/page-%d/", i*6))
	}
	links = append(links[:14], "/section-2/page-3/#usage")
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		var vals [][2]int
		for b.Loop() {
			vals = scanLinkAttrs(page, vals[:0])
			for _, l := range links {
				if !hasLinkValue(page, vals, l) {
					b.Fatalf("%q not found", l)
				}
			}
		}
	})
	b.Run("search", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		for b.Loop() {
			for _, l := range links {
				if !searchLinkAttr(page, l) {
					b.Fatalf("%q not found", l)
				}
			}
		}
	})
}

// searchLinkAttr is the search asBuilt made for each link before
// scanLinkAttrs: the page's bytes searched for the link, then the key
// and quotes around it checked.
func searchLinkAttr(src []byte, s string) bool {
	for rest := src; ; {
		i := bytes.Index(rest, []byte(s))
		if i < 0 {
			return false
		}
		if end := i + len(s); i >= 2 && end < len(rest) {
			q := rest[i-1]
			if (q == '"' || q == '\'') && rest[end] == q && rest[i-2] == '=' {
				key := rest[:i-2]
				if hasSuffixFold(key, "href") || hasSuffixFold(key, "src") {
					return true
				}
			}
		}
		rest = rest[i+1:]
	}
}

// TestBuiltOutsideRootSite: a build outside the root, in a repository of
// several sites (the documentation beside its code's test fixtures), is
// the build of the site whose pages it has most, not of the first site.
func TestBuiltOutsideRootSite(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	files := map[string]string{
		root + "/test/simple/mkdocs.yml":    "site_name: fixture\n",
		root + "/test/simple/docs/index.md": "# Fixture\n",
		root + "/webdoc/mkdocs.yml":         "site_name: docs\n",
		root + "/webdoc/docs/index.md":      "# Home\n\n[a](guide.md#setup) [b](guide.md#gone)\n",
		root + "/webdoc/docs/guide.md":      "# Guide\n\n## Setup\n",
		out + "/index.html":                 `<h1 id="home">Home</h1><a href="guide/#setup">a</a><a href="guide/#gone">b</a>`,
		out + "/guide/index.html":           `<h1 id="guide">Guide</h1><h2 id="setup">Setup</h2>`,
	}
	writeBuiltTree(t, files, out+"/index.html", out+"/guide/index.html")
	r := Run(Config{Root: root, Built: out}, []string{root})
	var got []string
	for _, f := range r.Findings {
		got = append(got, string(f.Category)+": "+f.URI)
	}
	want := []string{"broken-anchor: guide.md#gone"}
	if !slices.Equal(got, want) || len(r.Errors) > 0 {
		t.Errorf("findings %q, errors %v; want %q", got, r.Errors, want)
	}
	for _, s := range r.Sites {
		if strings.Contains(s, "from the build") != strings.HasPrefix(s, "site webdoc/") {
			t.Errorf("site line %q: the build should be webdoc's only", s)
		}
	}
}

// writeBuiltTree writes files (absolute paths to contents), then dates
// the built pages a second later: the build was made after the sources
// were written, or the audit would call them changed since.
func writeBuiltTree(t *testing.T, files map[string]string, built ...string) {
	t.Helper()
	for p, data := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	later := time.Now().Add(time.Second)
	for _, p := range built {
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuiltTemplatePage: a Jekyll page written in HTML, whose Liquid the
// generator runs, is a template to the walk and left out without a
// build. With its build, the links its built page has as written are
// the source's and checked against the build (L1, an id the page has;
// L2, one it lacks; L3, a page the build has); a link written with
// Liquid (L4) and one in a part Liquid did not render (L5) are the
// template's, and not checked. A layout, which no URL serves, stays a
// template.
func TestBuiltTemplatePage(t *testing.T) {
	for _, withBuild := range []bool{false, true} {
		dir := t.TempDir()
		files := map[string]string{
			dir + "/.git/HEAD":             "ref: refs/heads/main\n",
			dir + "/.gitignore":            "/_site\n",
			dir + "/_config.yml":           "title: Fixture\nversion: \"1.2\"\n",
			dir + "/_layouts/default.html": "<!doctype html><html><body>{{ content }}<a href=\"#nowhere\">layout</a></body></html>\n",
			dir + "/reference.html": "---\nlayout: default\n---\n" +
				"<h2 id=\"intro\">Reference for {{ site.version }}</h2>\n" +
				"<a href=\"#intro\">L1</a>\n" +
				"<a href=\"#map-factory\">L2</a>\n" +
				"<a href=\"guide.html\">L3</a>\n" +
				"<a href=\"{{ site.baseurl }}/gone.html\">L4</a>\n" +
				"{% if site.old %}<a href=\"missing.html\">L5</a>{% endif %}\n",
			dir + "/guide.md": "# Guide\n",
		}
		if withBuild {
			files[dir+"/_site/index.html"] = "<!doctype html><html><body><h1>Fixture</h1></body></html>\n"
			files[dir+"/_site/reference.html"] = "<!doctype html><html><body><h2 id=\"intro\">Reference for 1.2</h2>\n" +
				"<a href=\"#intro\">L1</a>\n<a href=\"#map-factory\">L2</a>\n<a href=\"guide.html\">L3</a>\n<a href=\"/gone.html\">L4</a>\n" +
				"<a href=\"#nowhere\">layout</a></body></html>\n"
			files[dir+"/_site/guide.html"] = "<!doctype html><html><body><h1 id=\"guide\">Guide</h1></body></html>\n"
		}
		writeBuiltTree(t, files)
		// The sources older than the build: a fresh build, by the times.
		old := time.Now().Add(-time.Hour)
		for _, name := range []string{"_config.yml", "_layouts/default.html", "reference.html", "guide.md"} {
			if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(name)), old, old); err != nil {
				t.Fatal(err)
			}
		}
		r := Run(Config{Enable: []string{"unverifiable"}, Root: dir}, []string{dir})
		for _, err := range r.Errors {
			t.Errorf("error: %v", err)
		}
		got := findingLines(dir, r.Findings)
		var want []string
		if withBuild {
			want = []string{"reference.html:6: broken-anchor"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("with a build %v: findings %q, want %q (%s)", withBuild, got, want, strings.Join(r.Sites, "; "))
			for _, f := range r.Findings {
				t.Logf("%s", f.Message)
			}
		}
	}
}

package site

import (
	"slices"
	"strings"
	"testing"
)

func TestJekyllCodeRanges(t *testing.T) {
	src := "a {% highlight html %}<a href='/x'>{% endhighlight %} b {%- highlight ruby -%}c{% endhighlight -%} {% highlight %}open"
	got := jekyllCodeRanges([]byte(src))
	want := []string{"<a href='/x'>", "c"}
	if len(got) != len(want) {
		t.Fatalf("jekyllCodeRanges = %v, want %d ranges", got, len(want))
	}
	for i, r := range got {
		if s := src[r[0]:r[1]]; s != want[i] {
			t.Errorf("range %d = %q, want %q", i, s, want[i])
		}
	}
}

// FuzzJekyllCodeRanges checks that the highlight blocks' ranges are in
// order, inside the source, and never overlap.
func FuzzJekyllCodeRanges(f *testing.F) {
	for _, s := range []string{"{% highlight x %}a{% endhighlight %}", "{%highlight%}{%endhighlight%}", "{% highlight", "{%- highlight -%}%}{% endhighlight"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		end := 0
		for _, r := range jekyllCodeRanges([]byte(src)) {
			if r[0] < end || r[1] < r[0] || r[1] > len(src) {
				t.Fatalf("jekyllCodeRanges(%q) has %v after %d", src, r, end)
			}
			end = r[1]
		}
	})
}

func TestJekyllFill(t *testing.T) {
	vals := map[string]string{"collection": "docs", "path": "/guide/intro", "title": "Intro-Page", "output_ext": ".html", "month": "07"}
	for _, c := range []struct{ tmpl, want, prefix string }{
		{"/:collection/:path:output_ext", "/docs/guide/intro.html", ""},
		{"/scala3/book/:title.html", "/scala3/book/Intro-Page.html", ""},
		{"/:path/", "/guide/intro/", ""},
		{"/:month_/", "/07_/", ""}, // ":month_" is ":month" then "_"
		{"/:month_x/", "", "/"},    // Jekyll fails on it: unknown
		{"/sips/:number.html", "", "/sips/"},
		{"/a/b:number/c", "", "/a/"},
		{"/a/../b//c", "/a///b/c", ""},
	} {
		u, prefix, ok := jekyllFill(c.tmpl, vals)
		if c.prefix != "" {
			if ok || prefix != c.prefix {
				t.Errorf("jekyllFill(%q) = %q, %q, %v, want unknown at %q", c.tmpl, u, prefix, ok, c.prefix)
			}
			continue
		}
		if want := jekyllSanitize(c.want); !ok || u != want {
			t.Errorf("jekyllFill(%q) = %q, %v, want %q", c.tmpl, u, ok, want)
		}
	}
}

func TestJekyllSlugify(t *testing.T) {
	for _, c := range []struct {
		in     string
		pretty bool
		want   string
	}{
		{"Given Instances", true, "Given-Instances"},
		{"Given Instances", false, "given-instances"},
		{"swift-2.2-released", true, "swift-2.2-released"},
		{"swift-2.2-released", false, "swift-2-2-released"},
		{"  --Ünïcode & more!-- ", false, "ünïcode-more"},
		{"a & b", true, "a-&-b"},
	} {
		if got := jekyllSlugify(c.in, c.pretty); got != c.want {
			t.Errorf("jekyllSlugify(%q, %v) = %q, want %q", c.in, c.pretty, got, c.want)
		}
	}
}

// FuzzJekyllFill checks that a filled permalink is a clean URL path
// ("/" first, no "//", no "..") or an unknown one whose folder is a
// prefix of the template's text.
func FuzzJekyllFill(f *testing.F) {
	for _, s := range []string{"/:collection/:path:output_ext", "/:title_/", ":", "/x/:number.html", "..//:path/..", ":a_"} {
		f.Add(s)
	}
	vals := map[string]string{"collection": "c", "path": "/p/../q", "title": "T", "output_ext": ".html", "a": ""}
	f.Fuzz(func(t *testing.T, tmpl string) {
		u, prefix, ok := jekyllFill(tmpl, vals)
		if !ok {
			if !strings.HasPrefix(prefix, "/") {
				t.Fatalf("jekyllFill(%q): unknown at %q", tmpl, prefix)
			}
			return
		}
		if !strings.HasPrefix(u, "/") || strings.Contains(u, "//") || strings.Contains(u, "..") {
			t.Fatalf("jekyllFill(%q) = %q", tmpl, u)
		}
	})
}

func TestJekyllRedirectTo(t *testing.T) {
	page := "---\ntitle: Old\nredirect_to: \"/new/#x\"\n---\n# Old\n"
	for _, c := range []struct {
		name   string
		files  map[string]string
		want   string
		wantOK bool
	}{
		{"plugin", map[string]string{"_config.yml": "baseurl: /p\nurl: https://docs.example.net\nplugins: [jekyll-redirect-from]\n"},
			"https://docs.example.net/p/new/#x", true},
		{"no url", map[string]string{"_config.yml": "gems:\n  - jekyll-redirect-from\n"}, "/new/#x", true},
		{"no plugin", map[string]string{"_config.yml": "title: x\n"}, "", false},
		// The site's redirect layout writes the page: its links are its own.
		{"own layout", map[string]string{"_config.yml": "plugins: [jekyll-redirect-from]\n", "_layouts/redirect.html": "{{ page.redirect.to }}"}, "", false},
	} {
		root := t.TempDir()
		writeFiles(t, root, c.files)
		s, err := Detect(root, Options{})
		if err != nil || s == nil {
			t.Fatalf("%s: Detect = %v, %v", c.name, s, err)
		}
		got, off, ok := s.RedirectTo([]byte(page))
		if got != c.want || ok != c.wantOK {
			t.Errorf("%s: RedirectTo = %q, %v; want %q, %v", c.name, got, ok, c.want, c.wantOK)
		}
		if ok && !strings.HasPrefix(page[off:], "/new/#x") {
			t.Errorf("%s: offset %d is at %q, want the value", c.name, off, page[off:])
		}
	}
	s := &Site{liquid: &liquidVars{redirectTo: true}}
	for _, src := range []string{
		"---\nredirect_to: false\n---\n",
		"---\nredirect_to: {{ site.x }}/a\n---\n",
		"---\nredirect_to: 3\n---\n",
		"---\nredirect_to:\n---\n",
		"---\nredirect_to: [\n---\n",
		"redirect_to: /a\n",
	} {
		if got, _, ok := s.RedirectTo([]byte(src)); ok {
			t.Errorf("RedirectTo(%q) = %q, want none", src, got)
		}
	}
	// YAML ends a line at "\r" too: the value is still found.
	cr := "---\n\rredirect_to: A\n---"
	if got, off, ok := s.RedirectTo([]byte(cr)); !ok || got != "/A" || cr[off:off+1] != "A" {
		t.Errorf("RedirectTo(%q) = %q, %d, %v; want %q at the value", cr, got, off, ok, "/A")
	}
	if got, _, _ := s.RedirectTo([]byte("---\nredirect_to:\n  - a/\n  - /b/\n---\n")); got != "/a/" {
		t.Errorf("a list: RedirectTo = %q, want its first entry, from the top: %q", got, "/a/")
	}
}

// checkRedirectTo checks that any front matter gives a target without
// white space and an offset inside the source (run by FuzzLiquidURL,
// with the site's other Liquid readers).
func checkRedirectTo(t *testing.T, src string) {
	s := &Site{liquid: &liquidVars{baseurl: "/p", redirectTo: true}}
	got, off, ok := s.RedirectTo([]byte(src))
	if ok && (got == "" || strings.ContainsAny(got, " \t\n") || off < 0 || off > len(src)) {
		t.Fatalf("RedirectTo(%q) = %q, %d", src, got, off)
	}
}

func TestLiquidIncludesKnown(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"_config.yml":          "title: x\n",
		"docs/page.md":         "---\n---\n# Page\n",
		"docs/_part.md":        "## Part\n{% include plain.html %}\n",
		"_includes/plain.html": "<p>{{ include.x }}</p>\n",
		"_includes/ids.html":   "<p id=\"a\">x</p>\n",
		"_includes/head.html":  "## A heading kramdown reads\n",
		"_includes/rel.html":   "{% include_relative x.html %}\n",
		"_includes/deep.html":  "{%- include plain.html -%}\n",
	})
	s, err := Detect(root, Options{})
	if err != nil || s == nil {
		t.Fatalf("Detect = %v, %v", s, err)
	}
	for _, c := range []struct {
		tags []string
		md   string
		ok   bool
	}{
		{[]string{"include plain.html"}, "", true},
		{[]string{"include deep.html", "include_cached plain.html"}, "", true},
		{[]string{"include_relative _part.md"}, "docs/_part.md", true},
		{[]string{"include plain.html", "include ids.html"}, "", false},
		{[]string{"include head.html"}, "", false},
		{[]string{"include rel.html"}, "", false},     // include_relative in an include
		{[]string{"include footer.html"}, "", false},  // a theme's: not in the tree
		{[]string{"include {{ page.x }}"}, "", false}, // written with Liquid
		{[]string{"include_relative ../_config.yml"}, "", false},
		{nil, "", false},
	} {
		md, ok := s.LiquidIncludesKnown("docs/page.md", c.tags)
		if ok != c.ok || strings.Join(md, ",") != c.md {
			t.Errorf("LiquidIncludesKnown(%q) = %q, %v; want %q, %v", c.tags, md, ok, c.md, c.ok)
		}
	}
}

func TestLiquidIncludeTags(t *testing.T) {
	got := LiquidIncludeTags([]byte("a {% include a.html x=1 %} {%- include_relative _b.md -%} {%include_cached c.html%} {% raw %}"))
	want := "include a.html|include_relative _b.md|include_cached c.html"
	if strings.Join(got, "|") != want {
		t.Errorf("LiquidIncludeTags = %q, want %q", got, want)
	}
}

// checkIncludeTags checks that every tag found names an include kind
// and holds no white space in its file name (run by FuzzLiquidURL).
func checkIncludeTags(t *testing.T, src string) {
	for _, tag := range LiquidIncludeTags([]byte(src)) {
		kind, name, ok := strings.Cut(tag, " ")
		if !ok || !strings.HasPrefix(kind, "include") || strings.ContainsAny(name, " \t\n%") {
			t.Fatalf("LiquidIncludeTags(%q) has %q", src, tag)
		}
	}
}

func TestWWWTwin(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://swift.org", "https://www.swift.org"},
		{"https://www.swift.org/docs", "https://swift.org/docs"},
		{"https://owner.github.io/proj", ""},
		{"https://guides.rubygems.org", ""},
		{"http://127.0.0.1:4000", ""},
		{"https://localhost", ""},
		{"https://www.localhost", ""},
		{"swift.org", ""},
		{"https://user@swift.org/", ""},
		{"https://swift.org:8443/", ""},
		{"https://Swift.org/a?b#c", "https://www.Swift.org/a?b#c"},
	} {
		if got := WWWTwin(c.in); got != c.want {
			t.Errorf("WWWTwin(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestJekyllPaginateDir(t *testing.T) {
	for _, c := range [][2]string{
		{"/page:num/", "/"},
		{"/page:num", "/"},
		{"/blog/page:num/", "/blog"},
		{"blog/p/:num", "/blog/p"},
		{"/archive/", "/archive"},
		{"", "/"},
	} {
		if got := jekyllPaginateDir(c[0]); got != c[1] {
			t.Errorf("jekyllPaginateDir(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestJekyllGemGitHubPages(t *testing.T) {
	for src, want := range map[string]bool{
		"gem \"github-pages\", group: :jekyll_plugins\n":     true,
		"source 'x'\n  gem 'github-pages'\n":                 true,
		"gem(\"github-pages\")\n":                            true,
		"# gem \"github-pages\"\ngem \"jekyll\"\n":           false,
		"gem \"github-pages-health-check\"\n":                false,
		"gem \"jekyll\" # not github-pages\n":                false,
		"group :jekyll_plugins do\n\tgem \"github-pages\"\n": true,
	} {
		if got := jekyllGemGitHubPages.MatchString(src); got != want {
			t.Errorf("Gemfile %q asks for github-pages: %v, want %v", src, got, want)
		}
	}
}

// FuzzJekyllPluginEffectOf reads any Ruby source as a site's own plugin:
// whatever it holds, the folders and URLs it gives are URL paths from the
// site's top, and reading it does not panic.
func FuzzJekyllPluginEffectOf(f *testing.F) {
	f.Add([]byte(`site.static_files << Jekyll::StaticFile.new(site, base, "api/#{v}", name)`))
	f.Add([]byte(`File.write(site.in_dest_dir("#{url}.md"), x)`))
	f.Add([]byte(`page.output = add(page.output)` + "\n" + `Liquid::Template.register_tag("x", T)`))
	f.Add([]byte("module Kramdown\nclass Html\ndef convert_a(el)\nend\ndef convert_header(el)\nend\nend\nend\n"))
	f.Add([]byte(`SitemapFile.new(site, site.source, '', 'sitemap.xml') static_files << x File.join(site.dest, '#{')`))
	f.Fuzz(func(t *testing.T, src []byte) {
		e, _ := jekyllPluginEffectOf("_plugins/x.rb", src)
		for _, p := range append(append([]string{}, e.files...), e.urls...) {
			if !strings.HasPrefix(p, "/") {
				t.Errorf("%q: URL path %q not from the site's top", src, p)
			}
		}
	})
}

func TestJekyllDeadBranches(t *testing.T) {
	fixed := map[string]any{"version": "latest", "preview": true}
	for _, tc := range []struct {
		src  string
		dead []string
	}{
		{`{% if site.version != "latest" %}A{% endif %}`, []string{"A"}},
		{`{% if site.version == 'latest' %}A{% else %}B{% endif %}`, []string{"B"}},
		{`{%- unless site.preview == true -%}A{%- endunless -%}`, []string{"A"}},
		{`{% if "latest" == site.version %}A{% elsif x %}B{% else %}C{% endif %}`, []string{"B{% else %}C"}},
		{`{% if site.version == "1.0" %}{% if a %}A{% endif %}B{% else %}C{% endif %}`, []string{"{% if a %}A{% endif %}B"}},
		{`{% if site.version == "1.0" and x %}A{% endif %}`, nil},
		{`{% if site.other == "x" %}A{% endif %}`, nil},
		{`{% if site.version == latest %}A{% endif %}`, nil},
		{`{% if site.version == "1.0" %}A`, nil},
		{`{% if page.version == "1.0" %}A{% endif %}`, nil},
	} {
		var got []string
		for _, r := range jekyllDeadBranches([]byte(tc.src), fixed) {
			got = append(got, tc.src[r[0]:r[1]])
		}
		if !slices.Equal(got, tc.dead) {
			t.Errorf("jekyllDeadBranches(%q) = %q, want %q", tc.src, got, tc.dead)
		}
	}
}

func FuzzJekyllDeadBranches(f *testing.F) {
	f.Add(`{% if site.version != "latest" %}A{% else %}B{% endif %}`)
	f.Add(`{% unless site.preview == true %}{% if x %}{% endif %}{% endunless %}{%`)
	fixed := map[string]any{"version": "latest", "preview": true}
	f.Fuzz(func(t *testing.T, src string) {
		for _, r := range jekyllDeadBranches([]byte(src), fixed) {
			if r[0] < 0 || r[0] > r[1] || r[1] > len(src) {
				t.Fatalf("range %v out of %d bytes", r, len(src))
			}
		}
	})
}

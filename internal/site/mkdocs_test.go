package site

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMkdocsTocSlugify reads toc's slugify option in each way an
// mkdocs.yml names PyMdown's slug functions, and a function it does not
// know, which leaves the ids unknown.
func TestMkdocsTocSlugify(t *testing.T) {
	for _, tc := range []struct {
		option string
		want   string // the id of "Über a - B", "" for an unknown function
	}{
		{"!!python/name:pymdownx.slugs.uslugify", "über-a---b"},
		{"!!python/name:pymdownx.slugs.uslugify_cased", "Über-a---B"},
		{"!!python/name:pymdownx.slugs.gfm", "Über-a---b"},
		{"!!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower", "über-a---b"},
		{"!!python/object/apply:pymdownx.slugs.slugify {}", "Über-a---B"},
		{"!!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          percent_encode: true", ""},
		{"!!python/name:my.slugify", ""},
		{"!!python/name:markdown.extensions.toc.slugify_unicode", "über-a-b"},
		{"!!python/name:markdown.extensions.toc.slugify_unicode\n      separator: _", "über_a_-_b"},
		{"!!python/name:markdown.extensions.toc.slugify\n      separator: _", "uber_a_-_b"},
		{"!!python/name:pymdownx.slugs.uslugify\n      separator: _", ""},
	} {
		root := t.TempDir()
		cfg := "site_name: x\nmarkdown_extensions:\n  - toc:\n      slugify: " + tc.option + "\n"
		if err := os.WriteFile(filepath.Join(root, "mkdocs.yml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		s := newSite(root)
		s.marker = "mkdocs.yml"
		if err := (mkdocs{}).Load(&Tree{Root: root}, s); err != nil {
			t.Fatalf("%s: %v", tc.option, err)
		}
		_, unknown := s.UnknownIDs("docs/index.md")
		if tc.want == "" {
			if !unknown {
				t.Errorf("%s: ids are known, want unknown", tc.option)
			}
			continue
		}
		if unknown {
			t.Errorf("%s: ids are unknown", tc.option)
			continue
		}
		if got := s.HeadingIDs([]string{"Über a - B"}); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: id %q, want %q", tc.option, got, tc.want)
		}
	}
}

// TestVersionPrefix names what reads as another deployed version of a
// site and what does not.
func TestVersionPrefix(t *testing.T) {
	for p, want := range map[string]string{
		"/v2.11/migration/":  "/v2.11/",
		"/2.x/":              "/2.x/",
		"/v2/":               "/v2/",
		"/latest/a/":         "/latest/",
		"/en/latest/a/":      "/en/latest/",
		"/docs/v1.2/":        "/docs/v1.2/",
		"/zh-cn/":            "/zh-cn/",
		"/pt_BR/guide/":      "/pt_BR/",
		"/404/":              "",
		"/2024/05/post/":     "",
		"/guide/":            "",
		"/en/":               "",
		"/v/":                "",
		"/1.2.3.4.5.6789a/":  "",
		"/version-2.0/intro": "",
	} {
		got, ok := versionPrefix(p)
		if got != want || ok != (want != "") {
			t.Errorf("versionPrefix(%q) = %q, %v; want %q", p, got, ok, want)
		}
	}
}

// TestVersionAlias checks that the path of the site deployed under a
// moving version's name is the rest of the path it was given, on every
// prefix of paths made to trip it (empty segments, no slash, another
// language, a folder of the site's own). Not a fuzz target: .ci/run
// lists those, and the lead adds them (see the branch's report).
func TestVersionAlias(t *testing.T) {
	s := newSite(t.TempDir())
	s.otherVersions = true
	s.topSegs = map[string]bool{"guide": true}
	for _, long := range []string{"/latest/a/b/", "/en/stable/x#y", "/docs/latest", "//latest//", "/fr/latest/x", "/guide/latest/x", "latest/a", "/DOCS/Latest/a", "/v1.2/latest/"} {
		for i := 0; i <= len(long); i++ {
			p := long[:i]
			rest, prefix, ok := s.VersionAlias(p)
			if !ok {
				continue
			}
			if !strings.HasPrefix(rest, "/") || !strings.HasPrefix(prefix, "/") || !strings.HasSuffix(prefix, "/") {
				t.Fatalf("VersionAlias(%q) = %q, %q", p, rest, prefix)
			}
			if strings.HasPrefix(p, prefix) && "/"+strings.TrimPrefix(p, prefix) != rest {
				t.Fatalf("VersionAlias(%q) = %q, %q: the rest is not what follows the prefix", p, rest, prefix)
			}
		}
	}
	for p, want := range map[string]string{"/latest/a/": "/a/", "/en/stable/x": "/x", "/docs/latest": "/", "/fr/latest/x": "", "/guide/latest/x": "", "/v1.2/x": ""} {
		rest, _, ok := s.VersionAlias(p)
		if rest != want || ok != (want != "") {
			t.Errorf("VersionAlias(%q) = %q, %v; want %q", p, rest, ok, want)
		}
	}
}

// TestFnmatchRegexp matches paths as Python's fnmatch.fnmatch does
// (mkdocs-exclude's glob): "*" crosses "/".
func TestFnmatchRegexp(t *testing.T) {
	for _, tc := range []struct {
		pat, path string
		want      bool
	}{
		{"**/include-*.md", "a/b/include-x.md", true},
		{"**/include-*.md", "include-x.md", false},
		{"*.md", "a/b.md", true},
		{"drafts/*", "drafts/a/b.md", true},
		{"a?c.md", "abc.md", true},
		{"a?c.md", "a/c.md", true},
		{"[!x]*.md", "y.md", true},
		{"[!x]*.md", "x.md", false},
		{"[a-c].md", "b.md", true},
		{"[^a].md", "^.md", true},
		{"[.md", "[.md", true},
		{"ü*.md", "über.md", true},
		{"a.md", "aXmd", false},
		{"(a|b).md", "(a|b).md", true},
	} {
		re, err := regexp.Compile(fnmatchRegexp(tc.pat))
		if err != nil {
			t.Errorf("%q: %v", tc.pat, err)
			continue
		}
		if got := re.MatchString(tc.path); got != tc.want {
			t.Errorf("fnmatch(%q, %q) = %v, want %v", tc.path, tc.pat, got, tc.want)
		}
	}
}

// TestIncludedFiles reads the file names of include lines as
// markdown-include and pymdownx.snippets write them.
func TestIncludedFiles(t *testing.T) {
	src := []byte("# T\n\n{!./docs_src/a/note.md!}\n{! b.md[ln:1-3] !}\n--8<-- \"c.md:2:4\"\n--8<-- 'd.md'\n{!broken\n!}\n--8<--\n")
	if got, want := includedFiles(src, "{!"), []string{"./docs_src/a/note.md", "b.md"}; !slices.Equal(got, want) {
		t.Errorf("includedFiles({!) = %q, want %q", got, want)
	}
	if got, want := includedFiles(src, "--8<--"), []string{"c.md", "d.md"}; !slices.Equal(got, want) {
		t.Errorf("includedFiles(--8<--) = %q, want %q", got, want)
	}
}

// FuzzIncludedFiles: any source, no panic, and every name is text of
// the source.
func FuzzIncludedFiles(f *testing.F) {
	f.Add([]byte("{!a.md!}\n--8<-- \"b.md:1\"\n"))
	f.Add([]byte("--8<-- '\n{!!}"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mark := range []string{"{!", "--8<--"} {
			for _, name := range includedFiles(src, mark) {
				if !strings.Contains(string(src), name) {
					t.Fatalf("includedFiles(%q, %q) gave %q, not in the source", src, mark, name)
				}
			}
		}
	})
}

// TestWholeIncludes: only a page whose every include is a whole .md file
// on a line of its own, at the margin and outside code, has its includes
// read for ids.
func TestWholeIncludes(t *testing.T) {
	for _, tc := range []struct {
		src, mark string
		want      []string // nil: not understood
	}{
		{"--8<-- \"README.md\"\n", "--8<--", []string{"README.md"}},
		{"# A\n\n--8<-- 'a/b.md'\n\n--8<-- \"c.markdown\"", "--8<--", []string{"a/b.md", "c.markdown"}},
		{"{!includes/note.md!}\n", "{!", []string{"includes/note.md"}},
		{"--8<-- \"README.md:3:5\"\n", "--8<--", nil},                    // a line range
		{"--8<-- \"README.md:install\"\n", "--8<--", nil},                // a section
		{"--8<--\nREADME.md\n--8<--\n", "--8<--", nil},                   // the block form
		{";--8<-- \"README.md\"\n", "--8<--", nil},                       // escaped
		{"    --8<-- \"README.md\"\n", "--8<--", nil},                    // indented
		{"```\n--8<-- \"README.md\"\n```\n", "--8<--", nil},              // in code (includeLines reads it)
		{"--8<-- \"LICENSE\"\n", "--8<--", nil},                          // not Markdown
		{"--8<-- \"https://x.test/a.md\"\n", "--8<--", nil},              // a URL
		{"text {!a.md!} text\n", "{!", nil},                              // inside a line
		{"~~~\n```\n~~~\n--8<-- \"a.md\"\n", "--8<--", []string{"a.md"}}, // a fence closed by its own run
	} {
		got, ok := wholeIncludes([]byte(tc.src), tc.mark)
		if tc.want == nil {
			if ok {
				t.Errorf("wholeIncludes(%q) = %q, understood; want not understood", tc.src, got)
			}
			continue
		}
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("wholeIncludes(%q) = %q, %v; want %q", tc.src, got, ok, tc.want)
		}
	}
}

func FuzzWholeIncludes(f *testing.F) {
	f.Add([]byte("--8<-- \"README.md\"\n```\n--8<-- \"x.md\"\n```\n"), true)
	f.Add([]byte("{!a.md!}\n{!b.md!lines=1}\n"), false)
	f.Add([]byte("```\n{% include 'a.yaml' %}\n```\n{%\n include-markdown \"b.md\" x='y' %}\n{% raw %}{{{% endraw %}{#"), true)
	f.Fuzz(func(t *testing.T, src []byte, snippets bool) {
		mark := "{!"
		if snippets {
			mark = "--8<--"
		}
		names, ok := wholeIncludes(src, mark)
		if !ok && names != nil {
			t.Fatalf("not understood, yet names %q", names)
		}
		// The readers of the other include tags, on the same input.
		fences := fencedRanges(src)
		for i, r := range fences {
			if r[0] > r[1] || r[1] > len(src) || i > 0 && fences[i-1][1] > r[0] {
				t.Fatalf("fence ranges %v out of order", fences)
			}
		}
		if dirs, ok := includeMarkdownDirectives(src, fences); ok {
			for _, d := range dirs {
				if d.whole && d.fenced {
					t.Fatalf("%v: both whole and fenced", d)
				}
			}
		}
		jinjaIncludes(src, fences)
		includeLines(src, mark, fences)
		for _, n := range names {
			if ext := strings.ToLower(path.Ext(n)); ext != ".md" && ext != ".markdown" || strings.Contains(n, "://") {
				t.Fatalf("name %q is no Markdown file", n)
			}
		}
	})
}

func TestHeadingInHTML(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"<div markdown>\n## Inside\n</div>\n", true},
		{"<div class=\"grid\" markdown=\"1\">\n# Inside\n</div>\n", true},
		{"<div markdown>\n\n## After a blank line\n\n</div>\n", false}, // CommonMark reads it as a heading
		{"<div>\n## No attribute\n</div>\n", false},                    // raw HTML in MkDocs too
		{"<div data-markdown>\n## Not the attribute\n</div>\n", false},
		{"## Plain\n", false},
	} {
		if got := headingInHTML([]byte(tc.src)); got != tc.want {
			t.Errorf("headingInHTML(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

func FuzzHeadingInHTML(f *testing.F) {
	f.Add([]byte("<div markdown>\n## Inside\n</div>\n"))
	f.Add([]byte("<p markdownmarkdown markdown\n#"))
	f.Fuzz(func(t *testing.T, src []byte) {
		headingInHTML(src)
	})
}

// TestIncludeLines: inside fenced code at the margin, an include of any
// file, with a line range or a section, at any indentation, is read
// (fenced); outside, only whole .md files at the margin.
func TestIncludeLines(t *testing.T) {
	for _, tc := range []struct {
		src, mark string
		want      []includeLine // nil: not understood
	}{
		{"```yaml\n--8<-- \"a.yaml\"\n```\n", "--8<--", []includeLine{{"a.yaml", true}}},
		{"```\n  --8<-- \"a.py:3:5\"\n```\n--8<-- \"b.md\"\n", "--8<--", []includeLine{{"a.py", true}, {"b.md", false}}},
		{"~~~\n{!a.py[ln:1-3]!}\n", "{!", []includeLine{{"a.py", true}}}, // a fence left open runs to the end
		{"    ```\n    --8<-- \"a.yaml\"\n    ```\n", "--8<--", nil},     // an indented fence: not read
		{"```\ntext --8<-- \"a.yaml\"\n```\n", "--8<--", nil},
		{"```\n--8<-- \"https://x.test/a.yaml\"\n```\n", "--8<--", nil},
	} {
		got, ok := includeLines([]byte(tc.src), tc.mark, fencedRanges([]byte(tc.src)))
		if tc.want == nil {
			if ok {
				t.Errorf("includeLines(%q) = %v, understood; want not understood", tc.src, got)
			}
			continue
		}
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("includeLines(%q) = %v, %v; want %v", tc.src, got, ok, tc.want)
		}
	}
}

// TestIncludeMarkdownDirectives reads include-markdown's tags as the
// plugin's INCLUDE_TAG_RE does, and says which include a file whole.
func TestIncludeMarkdownDirectives(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []imDirective // nil: not understood
	}{
		{"{% include-markdown \"a.md\" %}\n", []imDirective{{"a.md", true, false}}},
		{"{%\n  include-markdown 'a.md'\n  comments=false\n%}\n", []imDirective{{"a.md", true, false}}},
		{"{% include-markdown \"a.md\" start=\"<!--s-->\" %}\n", []imDirective{{"a.md", false, false}}},
		{"{% include-markdown \"a.md\" heading-offset=1 %}\n", []imDirective{{"a.md", false, false}}},
		{"text {% include \"a.md\" %}\n", []imDirective{{"a.md", false, false}}},
		{"```\n{% include \"a.yaml\" %}\n```\n", []imDirective{{"a.yaml", false, true}}},
		{"{% raw %} {% if x %}\n", []imDirective{}}, // no include tag: the page's text
		{"{% include-markdown %}\n", nil},           // no file: the build stops
		{"{% include-markdown \"a.md\"\n", nil},     // no end
	} {
		got, ok := includeMarkdownDirectives([]byte(tc.src), fencedRanges([]byte(tc.src)))
		if tc.want == nil {
			if ok {
				t.Errorf("includeMarkdownDirectives(%q) = %v, understood; want not understood", tc.src, got)
			}
			continue
		}
		if !ok || len(got) != len(tc.want) || len(got) > 0 && !slices.Equal(got, tc.want) {
			t.Errorf("includeMarkdownDirectives(%q) = %v, %v; want %v", tc.src, got, ok, tc.want)
		}
	}
}

// TestJinjaIncludes: a page's Jinja is read when every tag is an include
// inside fenced code or on a line of its own, a raw block or a comment.
func TestJinjaIncludes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []includeLine // nil: not understood
	}{
		{"```yaml\n{% include 'a.yaml' %}\n```\n", []includeLine{{"a.yaml", true}}},
		{"{% include \"a.md\" %}\n", []includeLine{{"a.md", false}}},
		{"{%- raw %}{{ .x }}{% endraw -%}\n{# note #}\n", []includeLine{}},
		{"text {% include 'a.md' %}\n", nil},
		{"{{ x }}\n", nil},
		{"{% if x %}a{% endif %}\n", nil},
		{"{% raw %} never ended\n", nil},
		{"```\n{% include 'a.yaml' with context %}\n```\n", nil},
	} {
		got, ok := jinjaIncludes([]byte(tc.src), fencedRanges([]byte(tc.src)))
		if tc.want == nil {
			if ok {
				t.Errorf("jinjaIncludes(%q) = %v, understood; want not understood", tc.src, got)
			}
			continue
		}
		if !ok || len(got) != len(tc.want) || len(got) > 0 && !slices.Equal(got, tc.want) {
			t.Errorf("jinjaIncludes(%q) = %v, %v; want %v", tc.src, got, ok, tc.want)
		}
	}
}

// TestMkdocsGenFiles: gen-files' scripts are read only when every file
// they write is named in full.
func TestMkdocsGenFiles(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   []string // nil: not understood
	}{
		{"import mkdocs_gen_files\nwith mkdocs_gen_files.open(\"reference/cli.md\", \"wt\") as f:\n    f.write(x)\n", []string{"reference/cli.md"}},
		{"with mkdocs_gen_files.open('a.md') as f: pass\nwith mkdocs_gen_files.open('img/b.png', 'wb') as f: pass\n", []string{"a.md", "img/b.png"}},
		{"with mkdocs_gen_files.open(path, 'w') as f: pass\n", nil},
		{"with mkdocs_gen_files.open(f\"{name}.md\", 'w') as f: pass\n", nil},
		{"with mkdocs_gen_files.open('a.md') as f: pass\nopen('docs/b.md', 'w')\n", nil},
		{"Path('docs/x.md').write_text('# X')\n", nil},
		{"with mkdocs_gen_files.open('../outside.md') as f: pass\n", nil},
	} {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "gen.py"), []byte(tc.script), 0o644); err != nil {
			t.Fatal(err)
		}
		got, ok := mkdocsGenFiles(&Tree{Root: root}, config{"scripts": []any{"gen.py"}})
		if tc.want == nil {
			if ok {
				t.Errorf("mkdocsGenFiles(%q) = %q, understood; want not understood", tc.script, got)
			}
			continue
		}
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("mkdocsGenFiles(%q) = %q, %v; want %q", tc.script, got, ok, tc.want)
		}
	}
}

// wholeIncludes (the tests' only) returns the files that the include lines of src name
// after mark, when every include is one of a whole .md file outside
// fenced code (includeLines); ok is false otherwise.
func wholeIncludes(src []byte, mark string) (names []string, ok bool) {
	incs, ok := includeLines(src, mark, fencedRanges(src))
	if !ok {
		return nil, false
	}
	for _, inc := range incs {
		if inc.fenced {
			return nil, false
		}
		names = append(names, inc.name)
	}
	return names, true
}

func TestMkdocsSimpleHooksReach(t *testing.T) {
	for _, c := range []struct {
		name              string
		hooks             any
		ok                bool
		files, pages, ids bool
	}{
		{"post build", map[string]any{"on_post_build": "docs.hooks:copy_get"}, true, true, false, false},
		{"list form", []any{map[string]any{"on_page_markdown": "h:f"}}, true, false, false, true},
		{"files", map[string]any{"on_files": "h:f", "on_post_build": "h:g"}, true, true, true, true},
		{"unknown event", map[string]any{"on_whatever": "h:f"}, true, false, true, true},
		{"serve only", map[string]any{"on_serve": "h:f"}, true, false, false, false},
		{"no hooks", nil, false, false, false, false},
		{"list of names", []any{"on_files"}, false, false, false, false},
	} {
		events, ok := mkdocsSimpleHooks(config{"hooks": c.hooks})
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		files, pages, ids := mkdocsEventReach(events)
		if files != c.files || pages != c.pages || ids != c.ids {
			t.Errorf("%s: files, pages, ids %v %v %v, want %v %v %v", c.name, files, pages, ids, c.files, c.pages, c.ids)
		}
	}
}

// TestHookEvents: the events a hooks module handles are its functions
// named for one at the margin; an import naming "on_" may bring any.
func TestHookEvents(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
		ok   bool
	}{
		{"import os\n\ndef on_post_build(config, **kwargs):\n    pass\n", []string{"on_post_build"}, true},
		{"async def on_page_markdown (markdown, **kw):\n    return markdown\n", []string{"on_page_markdown"}, true},
		{"on_files = helpers.files\n", []string{"on_files"}, true},
		{"on_files == 1\n    def on_config(c):\n", nil, true}, // a comparison; a method, not at the margin
		{"def helper():\n    on_x = 1\n", nil, true},
		{"from .helpers import on_page_markdown\n", nil, false},
	} {
		got, ok := hookEvents([]byte(tc.src))
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("hookEvents(%q) = %q, %v; want %q, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzHookEvents(f *testing.F) {
	f.Add([]byte("def on_post_build(config):\n    pass\n"))
	f.Add([]byte("on_x=\nasync def on_"))
	f.Fuzz(func(t *testing.T, src []byte) {
		events, _ := hookEvents(src)
		for _, e := range events {
			if !strings.HasPrefix(e, "on_") || len(e) > len(src) {
				t.Fatalf("hookEvents(%q): event %q", src, e)
			}
		}
	})
}

// TestZensicalModules: TOML's tables of dotted extension names are
// joined back into the names; an extension's options stay its own.
func TestZensicalModules(t *testing.T) {
	got := zensicalModules(map[string]any{
		"pymdownx":   map[string]any{"highlight": map[string]any{"anchor_linenums": true}, "details": map[string]any{}},
		"toc":        map[string]any{"permalink": true},
		"admonition": map[string]any{},
	})
	want := []string{"admonition", "pymdownx.details", "pymdownx.highlight", "toc"}
	names := slices.Sorted(maps.Keys(got))
	if !slices.Equal(names, want) {
		t.Errorf("zensicalModules names = %q, want %q", names, want)
	}
	if opts, _ := got["toc"].(map[string]any); opts["permalink"] != true {
		t.Errorf("toc's options = %v, want permalink", got["toc"])
	}
}

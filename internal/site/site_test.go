package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSlugs(t *testing.T) {
	tests := []struct {
		name string
		slug func(string) string
		in   string
		want string
	}{
		// Python-Markdown's toc: punctuation dropped, ASCII-folded, runs
		// of space and "-" one "-".
		{"mkdocs", mkdocsSlug, "Options, and flags!", "options-and-flags"},
		{"mkdocs", mkdocsSlug, "Café  au -- lait", "cafe-au-lait"},
		{"mkdocs", mkdocsSlug, "snake_case", "snake_case"},
		// mdBook: letters, digits, "_" and "-" kept, space made "-".
		{"mdbook", mdbookSlug, "Method Syntax", "method-syntax"},
		{"mdbook", mdbookSlug, "Ünïcode & more", "ünïcode--more"},
		// VitePress: punctuation runs one "-", none at the ends, "_" before a digit.
		{"vitepress", vitepressSlug, "What's new?", "what-s-new"},
		{"vitepress", vitepressSlug, "1.0 release", "_1-0-release"},
		{"vitepress", vitepressSlug, "Crème brûlée", "creme-brulee"},
		// Hugo's blackfriday ids.
		{"blackfriday", blackfridaySlug, "Default: Weight > Date > LinkTitle > FilePath", "default-weight-date-linktitle-filepath"},
		{"blackfriday", blackfridaySlug, "Use Hugo's Built-in Shortcodes", "use-hugo-s-built-in-shortcodes"},
	}
	for _, tt := range tests {
		if got := tt.slug(tt.in); got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestHeadingIDsRepeat(t *testing.T) {
	s := &Site{slug: mkdocsSlug, dupSep: "_"}
	got := s.HeadingIDs([]string{"Notes", "Notes", "Notes", "Notes 1"})
	want := []string{"notes", "notes_1", "notes_2", "notes-1"}
	if !slices.Equal(got, want) {
		t.Errorf("HeadingIDs = %q, want %q", got, want)
	}
	if ids := (&Site{}).HeadingIDs([]string{"a"}); ids != nil {
		t.Errorf("HeadingIDs without a slug of its own = %q, want nil (GitHub's, as extract makes them)", ids)
	}
}

func TestHugoURLize(t *testing.T) {
	for in, want := range map[string]string{
		"functions/collections/Delimit": "functions/collections/delimit",
		"My Page":                       "my-page",
		"a/b (c)":                       "a/b-c",
		"":                              "",
	} {
		if got := hugoURLize(in, true); got != want {
			t.Errorf("hugoURLize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := hugoURLize("About Us", false); got != "About-Us" {
		t.Errorf("hugoURLize without lower-casing = %q", got)
	}
}

func TestParseRemote(t *testing.T) {
	for in, want := range map[string]string{
		"https://github.com/Owner/Repo.git":             "github.com/Owner/Repo",
		"git@github.com:owner/repo.git":                 "github.com/owner/repo",
		"ssh://git@github.com/owner/repo":               "github.com/owner/repo",
		"https://user@gitlab.com/group/sub/project.git": "gitlab.com/group/sub/project",
		"github.com/owner/repo":                         "github.com/owner/repo",
		"https://example.com/owner/repo.git":            "",
		"https://github.com/owner":                      "",
	} {
		r := parseRemote(in)
		got := ""
		if r != nil {
			got = r.String()
		}
		if got != want {
			t.Errorf("parseRemote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRepoFile(t *testing.T) {
	r := &Repo{Host: "github.com", Path: "owner/repo", heads: map[string]bool{"main": true, "release/v2": true}}
	tests := []struct {
		url  string
		ok   bool
		want RepoFile
	}{
		{"https://github.com/owner/repo/blob/main/docs/x.md#y", true, RepoFile{Rel: "docs/x.md", Path: "docs/x.md", Ref: "main"}},
		{"https://github.com/Owner/Repo/tree/release/v2/docs", true, RepoFile{Rel: "docs", Path: "docs", Ref: "release/v2", Tree: true}},
		{"https://github.com/owner/repo/blob/main/a.md?plain=1#L3", true, RepoFile{Rel: "a.md", Path: "a.md", Ref: "main", Query: "plain=1"}},
		{"https://raw.githubusercontent.com/owner/repo/main/go.mod", true, RepoFile{Rel: "go.mod", Path: "go.mod", Ref: "main", Raw: true}},
		{"https://raw.githubusercontent.com/owner/repo/refs/heads/main/go.mod", true, RepoFile{Rel: "go.mod", Path: "go.mod", Ref: "main", Raw: true}},
		{"https://github.com/owner/repo/blob/v1.2.3/a.md", true, RepoFile{Ref: "v1.2.3", Pinned: true}},
		{"https://github.com/owner/repo/issues/1", false, RepoFile{}},
		{"https://github.com/owner/repo/blob/main/docs/my%20file.md", true, RepoFile{Rel: "docs/my file.md", Path: "docs/my file.md", Ref: "main"}},
		{"https://github.com/owner/repo/blob/main/docs/../README.md", true, RepoFile{Rel: "README.md", Path: "README.md", Ref: "main"}},
		{"https://github.com/owner/repo/blob/main/../../etc/passwd", false, RepoFile{}},
		{"https://github.com/owner/repo/blob/main/%2E%2E/%2E%2E/x", true, RepoFile{Rel: "x", Path: "x", Ref: "main"}},
		{"https://github.com/owner/other/blob/main/a.md", false, RepoFile{}},
		{"https://example.com/owner/repo/blob/main/a.md", false, RepoFile{}},
	}
	for _, tt := range tests {
		got, ok := r.File(tt.url)
		if ok != tt.ok || got != tt.want {
			t.Errorf("File(%q) = %+v, %v, want %+v, %v", tt.url, got, ok, tt.want, tt.ok)
		}
	}
	// A site audited from its folder (docs/): paths are the root's, and
	// a file elsewhere in the repository is left to -remote.
	sub := &Repo{Host: "github.com", Path: "owner/repo", heads: map[string]bool{"main": true}, prefix: "docs/"}
	for _, tt := range []struct {
		url  string
		want RepoFile
	}{
		{"https://github.com/owner/repo/blob/main/docs/x.md#y", RepoFile{Rel: "x.md", Path: "docs/x.md", Ref: "main"}},
		{"https://github.com/owner/repo/tree/main/docs", RepoFile{Rel: "", Path: "docs", Ref: "main", Tree: true}},
		{"https://github.com/owner/repo/blob/main/CONTRIBUTING.md", RepoFile{Path: "CONTRIBUTING.md", Ref: "main", Outside: true}},
		{"https://github.com/owner/repo/blob/main/docsx/a.md", RepoFile{Path: "docsx/a.md", Ref: "main", Outside: true}},
	} {
		if got, ok := sub.File(tt.url); !ok || got != tt.want {
			t.Errorf("below docs/: File(%q) = %+v, %v, want %+v", tt.url, got, ok, tt.want)
		}
	}
	gl := &Repo{Host: "gitlab.com", Path: "group/project", heads: map[string]bool{"main": true}}
	if got, ok := gl.File("https://gitlab.com/group/project/-/blob/main/doc/a.md"); !ok || got.Rel != "doc/a.md" {
		t.Errorf("GitLab File = %+v, %v", got, ok)
	}
}

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		src  string
		want frontMatter
	}{
		{"---\nslug: about-us\naliases: [/old/]\n---\n# x", frontMatter{Slug: "about-us", Aliases: []string{"/old/"}}},
		{"+++\nurl = \"/special/\"\n+++\n", frontMatter{URL: "/special/"}},
		{"{\"id\": \"first\"}\n", frontMatter{ID: "first"}},
		{"---\nslug: [not, a, string]\n---\n", frontMatter{}},
		{"---\nunterminated: yes\n", frontMatter{}},
		{"# no front matter", frontMatter{}},
	}
	for _, tt := range tests {
		got := readFrontMatter([]byte(tt.src))
		if got.URL != tt.want.URL || got.Slug != tt.want.Slug || got.ID != tt.want.ID || !slices.Equal(got.Aliases, tt.want.Aliases) {
			t.Errorf("readFrontMatter(%q) = %+v, want %+v", tt.src, got, tt.want)
		}
	}
}

// TestOptions checks the explicit mappings: base URLs, mounts, extension
// rewrites, index files, redirect files, and the generator override.
func TestOptions(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"site/docs/guide.md":  "# Guide",
		"site/docs/index.md":  "# Home",
		"site/assets/app.css": "body{}",
		"moved.txt":           "/old /docs/guide.html 301\n",
	})
	s, err := Detect(root, Options{
		Generator:  "static",
		Repository: "github.com/owner/repo",
		BaseURLs:   []string{"https://example.org/"},
		Mounts:     map[string]string{"/": "site/", "/docs/": "site/docs"},
		Extensions: map[string]string{".html": ".md"},
		Index:      []string{"index.md"},
		Redirects:  []string{"moved.txt"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Generator != "static" || s.Repo == nil || s.Repo.String() != "github.com/owner/repo" {
		t.Errorf("Detect = %s", s)
	}
	if p, ok := s.Own("https://EXAMPLE.org/docs/guide.html#x"); !ok || p != "/docs/guide.html" {
		t.Errorf("Own = %q, %v", p, ok)
	}
	if p, ok := s.Own("https://example.org/docs/my%20guide.html"); !ok || p != "/docs/my guide.html" {
		t.Errorf("Own decodes to %q, %v", p, ok)
	}
	if _, ok := s.Own("https://example.com/docs/"); ok {
		t.Error("Own took another host")
	}
	if got := s.Files("/docs/guide.html"); !slices.Contains(got, "site/docs/guide.md") {
		t.Errorf("Files(/docs/guide.html) = %q, want site/docs/guide.md among them", got)
	}
	if got := s.Files("/docs/"); len(got) == 0 || got[0] != "site/docs/index.md" {
		t.Errorf("Files(/docs/) = %q, want site/docs/index.md first", got)
	}
	if got := s.Files("/assets/app.css"); !slices.Contains(got, "site/assets/app.css") {
		t.Errorf("Files(/assets/app.css) = %q", got)
	}
	if to, ok := s.Redirected("/old"); !ok || to != "/docs/guide.html" {
		t.Errorf("Redirected(/old) = %q, %v", to, ok)
	}
	if _, err := Detect(root, Options{Generator: "sphinx"}); err == nil {
		t.Error("an unknown generator is no error")
	}
}

// FuzzRepoFile checks that no URL panics the reading of the repository's
// file URLs, and that a path read never climbs above the work tree.
func FuzzRepoFile(f *testing.F) {
	for _, s := range []string{
		"https://github.com/owner/repo/blob/main/docs/x.md#y",
		"https://raw.githubusercontent.com/owner/repo/refs/heads/main/a",
		"https://gitlab.com/g/p/-/tree/main/",
		"https://github.com/owner/repo/blob/main/../../etc/passwd",
		"http://github.com/owner/repo/raw/v1/%2e%2e/x",
	} {
		f.Add(s)
	}
	r := &Repo{Host: "github.com", Path: "owner/repo", heads: map[string]bool{"main": true}}
	f.Fuzz(func(t *testing.T, u string) {
		rf, ok := r.File(u)
		if !ok || rf.Pinned {
			return
		}
		for _, seg := range strings.Split(rf.Rel, "/") {
			if seg == ".." {
				t.Fatalf("File(%q).Rel = %q climbs", u, rf.Rel)
			}
		}
	})
}

// FuzzFrontMatter checks that no page start panics the front matter
// reader, and that a bounded input gives the same answer twice.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{"---\nslug: a\n---\n", "+++\nurl = \"/x/\"\n+++\n", "{\"id\": 1}", "---\n- [\n---\n", "+++\n+++"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		a, b := readFrontMatter(src), readFrontMatter(src)
		if a.URL != b.URL || a.Slug != b.Slug || a.ID != b.ID {
			t.Fatalf("readFrontMatter(%q) differs between calls", src)
		}
	})
}

// FuzzCodeRanges checks that Hugo's code shortcode ranges are in order,
// inside the source, and never overlap.
func FuzzCodeRanges(f *testing.F) {
	for _, s := range []string{"{{< code >}}[x](y){{< /code >}}", "{{< highlight go >}}a{{</highlight>}}", "{{<", "{{< code >}}{{< /code"} {
		f.Add(s)
	}
	f.Add("<details>\n  ```py\n  x = 1\n\n  ```\n</details>\n\n## B\n")
	s := &Site{Generator: "hugo"}
	f.Fuzz(func(t *testing.T, src string) {
		// The Docusaurus model's line scanners of a Markdown page
		// read the same input: a page's fences blanked keep every
		// offset, and the MDX reading of its headings ends.
		if out := blankFences([]byte(src)); len(out) != len(src) {
			t.Fatalf("blankFences(%q) has %d bytes, want %d", src, len(out), len(src))
		}
		mdxHeadingsDiffer([]byte(src))
		end := 0
		for _, r := range s.CodeRanges([]byte(src)) {
			if r[0] < end || r[1] < r[0] || r[1] > len(src) {
				t.Fatalf("CodeRanges(%q) has %v after %d", src, r, end)
			}
			end = r[1]
		}
	})
}

func TestCodeRanges(t *testing.T) {
	s := &Site{Generator: "hugo"}
	src := `{{< code-toggle file="config" >}}a{{< /code >}} [x](y) {{< code >}}[z](w){{< / code >}} {{</* code */>}}`
	got := s.CodeRanges([]byte(src))
	// The code-toggle has no closing tag of its own name ("/code" closes
	// no code-toggle), so it has no inner text; the code pair has, and the
	// escaped "{{</* */>}}" is no tag.
	want := [][2]int{{strings.Index(src, "[z]"), strings.Index(src, "{{< / code")}}
	if !slices.Equal(got, want) {
		t.Errorf("CodeRanges = %v, want %v", got, want)
	}
	if r := (&Site{Generator: "mkdocs"}).CodeRanges([]byte(src)); r != nil {
		t.Errorf("CodeRanges on MkDocs = %v, want none", r)
	}
}

// TestHugoMountMatrix: a content mount serves the languages of its
// sites.matrix (Hugo 0.153) and replaces the content folder: the French
// home is at /fr/ only, the English folder serves both languages.
func TestHugoMountMatrix(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"hugo.yaml": "languages:\n  en: {weight: 1}\n  fr: {weight: 2}\nmodule:\n  mounts:\n" +
			"    - {source: content/fr, target: content, sites: {matrix: {languages: [fr]}}}\n" +
			"    - {source: content/en, target: content, sites: {matrix: {languages: [en, fr]}}}\n",
		"content/fr/_index.md":  "# Accueil\n",
		"content/en/guide.md":   "# Guide\n",
		"content/en/_index.md":  "# Home\n",
		"content/other/page.md": "# Not mounted\n",
	})
	s, err := Detect(root, Options{})
	if err != nil || s == nil {
		t.Fatalf("Detect = %v, %v", s, err)
	}
	for u, want := range map[string]string{
		"/":                  "content/en/_index.md",
		"/guide/":            "content/en/guide.md",
		"/fr/guide/":         "content/en/guide.md",
		"/en/guide/":         "",
		"/other/page/":       "",
		"/content/en/guide/": "",
	} {
		got := ""
		if fs := s.Files(u); len(fs) > 0 {
			got = fs[0]
		}
		if got != want {
			t.Errorf("Files(%q) = %q, want %q", u, s.Files(u), want)
		}
	}
	if fs := s.Files("/fr/"); !slices.Contains(fs, "content/fr/_index.md") || slices.Contains(fs, "content/en/_index.md") && fs[0] != "content/fr/_index.md" {
		t.Errorf("Files(\"/fr/\") = %q, want content/fr/_index.md first", fs)
	}
}

func TestHugoNoBody(t *testing.T) {
	for src, want := range map[string]bool{
		"---\ntitle: x\n---\n":                              true,
		"---\ntitle: x\n---\n\n<!-- do not translate -->\n": true,
		"+++\ntitle = \"x\"\n+++":                           true,
		"---\ntitle: x\n---\n# Heading\n":                   false,
		"---\ntitle: x\n---\n<!-- open":                     false,
		"# No front matter\n":                               false,
		"---\ntitle: x\n":                                   false,
		"":                                                  false,
	} {
		if got := hugoNoBody([]byte(src)); got != want {
			t.Errorf("hugoNoBody(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestHugoHome: Hugo renders the home page from its templates when the
// content folder has no _index.md, as it does a top-level section.
func TestHugoHome(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"hugo.toml":          "baseURL = \"https://example.org/\"\n",
		"content/docs/a.md":  "# A\n",
		"layouts/index.html": "home",
	})
	s, err := Detect(root, Options{})
	if err != nil || s == nil {
		t.Fatalf("Detect = %v, %v", s, err)
	}
	for _, u := range []string{"/", "/docs/"} {
		if _, ok := s.Redirected(u); !ok && len(s.Files(u)) == 0 {
			t.Errorf("%s: want a page the templates render", u)
		}
	}
}

// writeFiles writes files (slash paths from root, and their text) into
// root, making their folders.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

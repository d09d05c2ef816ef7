package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/policy"
	"golang.org/x/tools/txtar"
)

// TestSites audits each tree of testdata/site/*.txtar, laid out the way
// its publisher's documentation describes, and compares the findings
// ("file:line: category", unverifiable ones included) with its "want"
// section: every link not listed there must resolve.
func TestSites(t *testing.T) {
	names, _ := filepath.Glob("testdata/site/*.txtar")
	if len(names) == 0 {
		t.Fatal("no testdata/site/*.txtar")
	}
	for _, name := range names {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var want, wantSites []string
			var opts Site
			for _, f := range ar.Files {
				switch f.Name {
				case "want":
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						if l != "" {
							want = append(want, l)
						}
					}
					continue
				case "sites":
					// Each line begins the detection line of a site, in order.
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						if l != "" {
							wantSites = append(wantSites, l)
						}
					}
					continue
				case "options":
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						k, v, _ := strings.Cut(l, ": ")
						switch k {
						case "repository":
							opts.Repository = v
						case "base-url":
							opts.BaseURLs = append(opts.BaseURLs, v)
						case "generator":
							opts.Generator = v
						case "built":
							opts.Built = v
						}
					}
					continue
				}
				// "-- a/b.md -> ../b.md --" is a symbolic link.
				name, target, link := strings.Cut(f.Name, " -> ")
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if link {
					if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := Run(Config{Enable: []string{string(policy.CategoryUnverifiable)}, Root: dir, Site: opts}, []string{dir})
			for _, err := range r.Errors {
				t.Errorf("error: %v", err)
			}
			if wantSites != nil {
				ok := len(r.Sites) == len(wantSites)
				for i := 0; ok && i < len(wantSites); i++ {
					ok = strings.HasPrefix(r.Sites[i], wantSites[i])
				}
				if !ok {
					t.Errorf("sites:\n%s\nwant lines beginning:\n%s", strings.Join(r.Sites, "\n"), strings.Join(wantSites, "\n"))
				}
			}
			got := findingLines(dir, r.Findings)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("findings:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(r.Sites, "; "))
				for _, f := range r.Findings {
					t.Logf("%s:%d: %s", f.File, f.Pos.Line, f.Message)
				}
			}
		})
	}
}

// TestFragmentMessages checks what a user reads of a link to a missing
// page with a fragment, and of a stale fragment of an existing page.
func TestFragmentMessages(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("[a](gone.md#install) [b](page.md#old)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "page.md"), []byte("# New\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Run(Config{Root: dir}, []string{filepath.Join(dir, "README.md")})
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	want := []string{
		`"gone.md#install" leads to "/gone.md", which does not exist, so neither does its anchor "install"`,
		`"page.md#old" names anchor "old", which "/page.md" does not have`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOwnURLsNotFetched checks that the links to the repository's own
// files at a branch, and to the site's own base URL, are checked against
// the files and not handed to the network; pinned history is.
func TestOwnURLsNotFetched(t *testing.T) {
	dir := t.TempDir()
	src := "[a](https://github.com/owner/repo/blob/main/doc.md) [b](https://github.com/owner/repo/blob/main/gone.md)\n" +
		"[c](https://github.com/owner/repo/blob/v1.0.0/gone.md) [d](https://docs.example.org/doc.md) [e](https://example.com/x)\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var asked []string
	fetch := &fakeRemote{check: func(urls []string) map[string]RemoteVerdict {
		asked = append(asked, urls...)
		return nil
	}}
	r := Run(Config{Root: dir, Remote: fetch, Site: Site{Repository: "github.com/owner/repo", BaseURLs: []string{"https://docs.example.org/"}}},
		[]string{dir})
	want := []string{"https://github.com/owner/repo/blob/v1.0.0/gone.md", "https://example.com/x"}
	if !slices.Equal(asked, want) {
		t.Errorf("fetched %q, want %q", asked, want)
	}
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	wantMsgs := []string{`"https://github.com/owner/repo/blob/main/gone.md" names "/gone.md" of this repository on branch "main", which the work tree does not have`}
	if !slices.Equal(got, wantMsgs) {
		t.Errorf("findings %q, want %q", got, wantMsgs)
	}
}

// TestNestedSitesSaid checks that a run from the top of a repository
// says, one line per site, which folders a generator publishes, on
// standard error and in the SARIF run's properties.
func TestNestedSitesSaid(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"README.md":              "[a](www/docs/index.md)\n",
		"www/mkdocs.yml":         "site_name: x\n",
		"www/docs/index.md":      "[x](gone.md)\n",
		"docs/hugo.toml":         "title = 'x'\n",
		"docs/content/_index.md": "# Home\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := Run(Config{Root: dir, Site: Site{Repository: "github.com/o/r"}}, []string{dir})
	want := []string{
		"site docs/: hugo (docs/hugo.toml), 1 pages, repository github.com/o/r",
		"site www/: mkdocs (www/mkdocs.yml), 1 pages, www/docs/ at /, repository github.com/o/r",
	}
	if !slices.Equal(r.Sites, want) {
		t.Errorf("Sites:\n%s\nwant:\n%s", strings.Join(r.Sites, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, `on the site in www/`) {
		t.Errorf("findings %+v, want one broken link on the site in www/", r.Findings)
	}
}

// TestNestedSiteBadConfig checks that the unreadable configuration of a
// site found below the root is a warning naming the file, not an error
// that fails the run: that site was found by looking, not named.
func TestNestedSiteBadConfig(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"www/mkdocs.yml":    "site_name: [x\n",
		"www/docs/index.md": "# Home\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := Run(Config{Root: dir}, []string{dir})
	if len(r.Errors) != 0 {
		t.Errorf("errors %v, want none", r.Errors)
	}
	if len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0], "www/mkdocs.yml: ") {
		t.Errorf("warnings %q, want one naming www/mkdocs.yml", r.Warnings)
	}
}

// TestImportOutsideRoot: an MDX import that climbs above the audited
// root names a file there, which the audit must not read, even when a
// file of the same name stands at the root: a fragment that only the
// file outside has is unverifiable (the import is one the model cannot
// follow), not found there.
func TestImportOutsideRoot(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "repo")
	for name, text := range map[string]string{
		"outside.md":                "# Outside\n\n## Secret\n",
		"repo/outside.md":           "# Inside\n",
		"repo/docusaurus.config.js": "module.exports = { title: 'F', url: 'https://f.test', baseUrl: '/', presets: [['classic', { docs: {} }]] };\n",
		"repo/docs/a.mdx":           "import X from '../../outside.md';\n\n# A\n\n<X />\n\n[L](#secret)\n",
	} {
		p := filepath.Join(parent, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := Run(Config{Enable: []string{string(policy.CategoryUnverifiable)}, Root: root}, []string{root})
	var got []string
	for _, f := range r.Findings {
		got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(f.File), f.Pos.Line, f.Category))
	}
	if want := []string{"a.mdx:7: unverifiable"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q: the file above the root was read", got, want)
	}
}

// findingLines gives each finding as "file:line: category", the file a
// slash path from dir, in the order of fs.
func findingLines(dir string, fs []Finding) []string {
	var out []string
	for _, f := range fs {
		rel, _ := filepath.Rel(dir, f.File)
		out = append(out, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(rel), f.Pos.Line, f.Category))
	}
	return out
}

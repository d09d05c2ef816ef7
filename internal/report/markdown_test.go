package report

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

const testSHA = "0123456789abcdef0123456789abcdef01234567"

// normalization names the categories that are quiet in documents, for
// findings the tree's links give in plenty.
var normalization = []string{"scheme-case", "host-case", "percent-case", "percent-unreserved", "dot-segments", "default-port"}

// markdownTree writes a git work tree (a .git directory is what the
// audit looks for) with a document whose links give findings whose
// messages hold Markdown markup, in a file whose name needs escaping.
func markdownTree(t *testing.T) (dir, doc string) {
	t.Helper()
	dir = t.TempDir()
	for name, src := range map[string]string{
		".git/HEAD": "ref: refs/heads/main\n",
		"docs/a b(1).md": "# Title\n\n" +
			"See [one](HTTP://Example.COM/*a*/) here.\n" +
			"Then <https://example.com/%7e_x_/>.\n" +
			"And [bad](<http://example.com/a b_c_|x*y*`y`&amp;[z]>) too.\n",
		"README.md": "Fine: https://example.com/ and [broken](missing.md).\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, filepath.Join(dir, "docs", "a b(1).md")
}

func auditTree(t *testing.T, dir string) *audit.Result {
	t.Helper()
	r := audit.Run(audit.Config{Enable: normalization, Extractor: &extract.Extractor{}}, []string{dir})
	if len(r.Errors) > 0 {
		t.Fatalf("audit: %v", r.Errors)
	}
	if len(r.Findings) < 5 {
		t.Fatalf("the test tree gave %d findings, want at least 5", len(r.Findings))
	}
	return r
}

// render writes r as Markdown and renders it with goldmark's GitHub
// flavour, as GitHub shows a job summary.
func render(t *testing.T, r *audit.Result) (md, html string) {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, "markdown", r); err != nil {
		t.Fatal(err)
	}
	var h bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(b.Bytes(), &h); err != nil {
		t.Fatal(err)
	}
	return b.String(), h.String()
}

// htmlText escapes s as goldmark writes text.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

var hrefRE = regexp.MustCompile(`<a href="([^"]*)"`)

func TestMarkdownLinks(t *testing.T) {
	t.Setenv("GITHUB_REPOSITORY", "octo/docs")
	t.Setenv("GITHUB_SHA", testSHA)
	t.Setenv("GITHUB_SERVER_URL", "")
	dir, _ := markdownTree(t)
	r := auditTree(t, dir)
	md, html := render(t, r)

	// Each finding is one list item: a link to its line, then its column,
	// category and message, which shows exactly as written.
	blob := map[string]string{
		"docs/a b(1).md": "https://github.com/octo/docs/blob/" + testSHA + "/docs/a%20b%281%29.md",
		"README.md":      "https://github.com/octo/docs/blob/" + testSHA + "/README.md",
	}
	want := map[string]bool{}
	for _, f := range r.Findings {
		rel, err := filepath.Rel(dir, f.File)
		if err != nil {
			t.Fatal(err)
		}
		base := blob[filepath.ToSlash(rel)]
		if base == "" {
			t.Fatalf("finding in unexpected file %q", f.File)
		}
		link := fmt.Sprintf("%s#L%d", base, f.Pos.Line)
		want[link] = true
		item := fmt.Sprintf(`<li><a href="%s">line %d</a>, column %d, <code>%s</code>: %s</li>`,
			link, f.Pos.Line, f.CharColumn(), f.Category, htmlText(f.Message))
		if !strings.Contains(html, item) {
			t.Errorf("the rendered summary lacks\n%s\nMarkdown:\n%s\nHTML:\n%s", item, md, html)
		}
	}
	// Every link is one of ours: a line, a file heading or a category's
	// documentation; nothing in a message became a link or HTML.
	for _, base := range blob {
		want[base] = true
	}
	for _, m := range hrefRE.FindAllStringSubmatch(html, -1) {
		href := m[1]
		if !want[href] && !strings.HasPrefix(href, checksURL) {
			t.Errorf("unexpected link %q in\n%s", href, html)
		}
	}
	if strings.Contains(html, "<i>") || strings.Contains(html, "<em>") {
		t.Errorf("markup of a message was rendered:\n%s", html)
	}
	// The category table counts every finding.
	total := 0
	for _, m := range regexp.MustCompile(`</a></td>\n<td style="text-align:right">(\d+)</td>`).FindAllStringSubmatch(html, -1) {
		total += atoi(t, m[1])
	}
	if total != len(r.Findings) {
		t.Errorf("the category table counts %d findings, want %d:\n%s", total, len(r.Findings), html)
	}
}

// TestMarkdownNoRepository checks that without a known repository the
// findings are listed without links, rather than with wrong ones.
func TestMarkdownNoRepository(t *testing.T) {
	t.Setenv("GITHUB_REPOSITORY", "")
	t.Setenv("GITHUB_SHA", "")
	dir, _ := markdownTree(t) // a .git without a remote: git cannot say
	r := auditTree(t, dir)
	md, html := render(t, r)
	for _, m := range hrefRE.FindAllStringSubmatch(html, -1) {
		if !strings.HasPrefix(m[1], checksURL) {
			t.Errorf("link %q without a known repository:\n%s", m[1], md)
		}
	}
	if got := strings.Count(html, "<li>line "); got != len(r.Findings) {
		t.Errorf("%d findings listed, want %d:\n%s", got, len(r.Findings), md)
	}
}

// TestMarkdownGitRemote checks the repository and commit taken from git
// when the GitHub environment does not name them.
func TestMarkdownGitRemote(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Setenv("GITHUB_REPOSITORY", "")
	t.Setenv("GITHUB_SHA", "")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("[x](missing.md)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "README.md")
	git("commit", "-qm", "x")
	git("remote", "add", "origin", "git@github.com:octo/site.git")
	sha := git("rev-parse", "HEAD")
	r := auditTree1(t, dir)
	_, html := render(t, r)
	want := `<a href="https://github.com/octo/site/blob/` + sha + `/README.md#L1">line 1</a>`
	if !strings.Contains(html, want) {
		t.Errorf("summary lacks %s:\n%s", want, html)
	}
}

func auditTree1(t *testing.T, dir string) *audit.Result {
	t.Helper()
	r := audit.Run(audit.Config{Enable: normalization, Extractor: &extract.Extractor{}}, []string{dir})
	if len(r.Findings) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(r.Findings), r.Errors)
	}
	return r
}

func TestGitHubURL(t *testing.T) {
	for _, tc := range []struct{ remote, want string }{
		{"https://github.com/octo/site.git", "https://github.com/octo/site"},
		{"https://github.com/octo/site", "https://github.com/octo/site"},
		{"https://token@github.com/octo/site.git", "https://github.com/octo/site"},
		{"git@github.com:octo/site.git", "https://github.com/octo/site"},
		{"ssh://git@github.com/octo/my.site.git", "https://github.com/octo/my.site"},
		{"https://gitlab.com/octo/site.git", ""},
		{"https://github.com.evil.example/octo/site", ""},
		{"/srv/git/site.git", ""},
		{"", ""},
	} {
		if got := githubURL(tc.remote); got != tc.want {
			t.Errorf("githubURL(%q) = %q, want %q", tc.remote, got, tc.want)
		}
	}
}

// TestMarkdownLimit checks the cap: what is written stays under the
// limit, ends with a note counting what was left out, and those counts
// add up.
func TestMarkdownLimit(t *testing.T) {
	t.Setenv("GITHUB_REPOSITORY", "octo/docs")
	t.Setenv("GITHUB_SHA", testSHA)
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	const files, perFile = 30, 40
	for i := range files {
		var b strings.Builder
		for j := range perFile {
			fmt.Fprintf(&b, "Line %d: HTTP://Example.COM/%d/%d\n", j, i, j)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc%02d.md", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := audit.Run(audit.Config{Enable: normalization, Extractor: &extract.Extractor{}}, []string{dir})
	total := len(r.Findings)
	if total < files*perFile {
		t.Fatalf("%d findings, want at least %d", total, files*perFile)
	}

	defer func(old int) { markdownLimit = old }(markdownLimit)
	markdownLimit = 40 << 10
	md, html := render(t, r)
	if len(md) > markdownLimit {
		t.Errorf("wrote %d bytes, over the limit of %d", len(md), markdownLimit)
	}
	shown := strings.Count(html, "<li><a href=")
	m := regexp.MustCompile(`\*\*(\d+) more findings? in (\d+) files? not shown\*\*`).FindStringSubmatch(md)
	if m == nil {
		t.Fatalf("no note of what was left out at the end of\n%s", md[len(md)-500:])
	}
	left, filesLeft := atoi(t, m[1]), atoi(t, m[2])
	if shown == 0 || shown+left != total {
		t.Errorf("%d findings shown and %d left out, want %d in all", shown, left, total)
	}
	// The files left out: those whose heading is missing, and the one cut
	// short, if any.
	headings := strings.Count(html, "<h3>")
	cut := 0
	if shown%perFile != 0 {
		cut = 1
	}
	if filesLeft != files-headings+cut {
		t.Errorf("note counts %d files left out; %d headings of %d files shown, %d cut short", filesLeft, headings, files, cut)
	}

	// Under the real limit, the same findings all fit, with no note.
	markdownLimit = 1 << 20
	md, _ = render(t, r)
	if strings.Contains(md, "not shown") {
		t.Errorf("note of findings left out under 1 MiB, for %d bytes", len(md))
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMarkdownManyErrors checks that input errors take at most half of
// the summary, with a count of those left out.
func TestMarkdownManyErrors(t *testing.T) {
	defer func(old int) { markdownLimit = old }(markdownLimit)
	markdownLimit = 8 << 10
	r := &audit.Result{}
	for i := range 1000 {
		r.Errors = append(r.Errors, fmt.Errorf("docs/missing%04d.md: no such file or directory", i))
	}
	var b bytes.Buffer
	if err := Write(&b, "markdown", r); err != nil {
		t.Fatal(err)
	}
	listed := strings.Count(b.String(), "\n- docs/missing")
	m := regexp.MustCompile(`\n- and (\d+) more\n`).FindStringSubmatch(b.String())
	if b.Len() > markdownLimit/2+100 || m == nil || listed+atoi(t, m[1]) != len(r.Errors) {
		t.Errorf("%d bytes, %d errors listed, note %q; want at most half of %d bytes and a note counting the %d others",
			b.Len(), listed, m, markdownLimit, len(r.Errors)-listed)
	}
}

// TestMarkdownEnterpriseServer checks the links of a GitHub Enterprise
// Server, which names itself in GITHUB_SERVER_URL.
func TestMarkdownEnterpriseServer(t *testing.T) {
	t.Setenv("GITHUB_REPOSITORY", "octo/docs")
	t.Setenv("GITHUB_SHA", testSHA)
	t.Setenv("GITHUB_SERVER_URL", "https://git.example.com/")
	dir, _ := markdownTree(t)
	_, html := render(t, auditTree(t, dir))
	want := `<a href="https://git.example.com/octo/docs/blob/` + testSHA + `/README.md#L1">line 1</a>`
	if !strings.Contains(html, want) {
		t.Errorf("summary lacks %s:\n%s", want, html)
	}
}

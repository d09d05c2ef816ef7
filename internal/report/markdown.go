package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/confine"
	"github.com/urilint/urilint/internal/plural"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/uri"
)

// markdownLimit is the most that writeMarkdown writes: GitHub keeps at
// most 1 MiB of what one step writes to GITHUB_STEP_SUMMARY, and shows an
// error instead of a longer summary.
var markdownLimit = 1 << 20

// markdownNoteRoom is kept free under markdownLimit for the note that
// tells what was left out.
const markdownNoteRoom = 512

// markdownReporter keeps the findings, and writes them at Close with
// writeMarkdown.
type markdownReporter struct {
	w        io.Writer
	findings []audit.Finding
}

func (m *markdownReporter) Findings(_ *audit.File, findings []audit.Finding) error {
	m.findings = append(m.findings, findings...)
	return nil
}

func (m *markdownReporter) Close(r *audit.Result) error {
	all := *r
	all.Findings = m.findings
	return writeMarkdown(m.w, &all)
}

// writeMarkdown writes the findings of r as GitHub-flavoured Markdown,
// for a job summary (GITHUB_STEP_SUMMARY) or a pull-request comment: a
// heading with the totals, a table of the findings per category, then
// the findings grouped by file, each linked to its line on GitHub when
// the repository and commit are known (see blobLinks). Past markdownLimit
// the findings left out are counted in a closing note.
func writeMarkdown(w io.Writer, r *audit.Result) error {
	var b bytes.Buffer
	count := map[uri.Category]int{}
	for _, f := range r.Findings {
		count[f.Category]++
	}
	if r.Count() == 0 {
		b.WriteString("## urilint: no findings\n\n")
	} else {
		fmt.Fprintf(&b, "## urilint: %s\n\n", plural.Of(r.Count(), "finding"))
	}
	fmt.Fprintf(&b, "%s, %s checked by `uriextract -check`.\n\n", plural.Of(len(r.Files), "file"), plural.Of(r.Links(), "link"))
	if unconfirmed, unchecked := r.Tentative(); unconfirmed+unchecked > 0 {
		// Listed with the findings, which they are not: they fail nothing.
		fmt.Fprintf(&b, "Listed below as well, failing nothing: %d unconfirmed (transient failures, not yet confirmed across runs), %d unchecked.\n\n", unconfirmed, unchecked)
	}
	if len(r.Findings) > 0 {
		b.WriteString("| category | findings |\n|---|--:|\n")
		for _, d := range policy.Categories {
			if n := count[d.Category]; n > 0 {
				fmt.Fprintf(&b, "| [%s](%s%s) | %d |\n", d.Category, checksURL, d.Category, n)
			}
		}
		b.WriteString("\n")
	}
	limit := markdownLimit - markdownNoteRoom
	if len(r.Errors) > 0 {
		// The errors take at most half the room: the findings are what
		// the summary is for.
		fmt.Fprintf(&b, "%s:\n\n", plural.Of(len(r.Errors), "input error"))
		for i, err := range r.Errors {
			item := "- " + mdText(err.Error()) + "\n"
			if b.Len()+len(item) > limit/2 {
				fmt.Fprintf(&b, "- and %d more\n", len(r.Errors)-i)
				break
			}
			b.WriteString(item)
		}
		b.WriteString("\n")
	}

	links := newBlobLinks(r)
	// Findings by file, files in the order of their first finding.
	var order []string
	byFile := map[string][]int{}
	for i, f := range r.Findings {
		if _, ok := byFile[f.File]; !ok {
			order = append(order, f.File)
		}
		byFile[f.File] = append(byFile[f.File], i)
	}
	shown := map[string]int{}
	var line bytes.Buffer
files:
	for _, name := range order {
		base := links.file(name)
		line.Reset()
		if base != "" {
			fmt.Fprintf(&line, "### [%s](%s)\n\n", mdText(name), base)
		} else {
			fmt.Fprintf(&line, "### %s\n\n", mdText(name))
		}
		if b.Len()+line.Len() > limit {
			break
		}
		b.Write(line.Bytes())
		for _, i := range byFile[name] {
			f := &r.Findings[i]
			line.Reset()
			if base != "" {
				fmt.Fprintf(&line, "- [line %d](%s#L%d)", f.Pos.Line, base, f.Pos.Line)
			} else {
				fmt.Fprintf(&line, "- line %d", f.Pos.Line)
			}
			fmt.Fprintf(&line, ", column %d, `%s`: %s\n", f.CharColumn(), f.Category, mdText(f.Message))
			if b.Len()+line.Len() > limit {
				break files
			}
			b.Write(line.Bytes())
			shown[name]++
		}
		b.WriteString("\n")
	}
	left, filesLeft := 0, 0
	for _, name := range order {
		if n := len(byFile[name]) - shown[name]; n > 0 {
			left += n
			filesLeft++
		}
	}
	if left > 0 {
		fmt.Fprintf(&b, "\n**%s in %s not shown**: GitHub keeps 1 MiB of a job summary. "+
			"The job's log, `-output sarif` or `uriextract -check` run locally list them all.\n",
			plural.Of(left, "more finding"), plural.Of(filesLeft, "file"))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// mdReplacer escapes the ASCII punctuation that can start Markdown markup
// inline (emphasis, links, images, code, HTML, entities, tables, GitHub's
// strikethrough and math), so that a URI or file name in a message shows
// as written and never becomes a link, an image or HTML. CommonMark
// allows a backslash before any ASCII punctuation.
var mdReplacer = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `(`, `\(`, `)`, `\)`, `!`, `\!`, `&`, `\&`,
	`|`, `\|`, `~`, `\~`, `$`, `\$`, `#`, `\#`, "\r", " ", "\n", " ",
)

// mdText returns s as inline Markdown text that renders as s, its
// control characters escaped as Printable writes them.
func mdText(s string) string { return mdReplacer.Replace(Printable(s)) }

// blobLinks finds the GitHub URL of each audited file at the commit
// audited: "https://github.com/OWNER/REPO/blob/SHA/PATH".
type blobLinks struct {
	files map[string]*audit.File
	env   *repoInfo            // from GITHUB_REPOSITORY and GITHUB_SHA, or nil
	tops  map[string]*repoInfo // by work tree top, from git; nil entries: unknown
}

type repoInfo struct {
	url string // https://github.com/OWNER/REPO
	sha string
}

func newBlobLinks(r *audit.Result) *blobLinks {
	l := &blobLinks{files: map[string]*audit.File{}, tops: map[string]*repoInfo{}}
	for _, f := range r.Files {
		l.files[f.Name] = f
	}
	repo, sha := os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_SHA")
	if repoNameRE.MatchString(repo) && shaRE.MatchString(sha) {
		server := "https://github.com/" // GitHub Enterprise Server sets its own
		if s := os.Getenv("GITHUB_SERVER_URL"); s != "" {
			server = strings.TrimSuffix(s, "/") + "/"
		}
		l.env = &repoInfo{url: server + repo, sha: sha}
	}
	return l
}

var (
	repoNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
	shaRE      = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)
)

// file returns the blob URL of the audited file name, or "" when the file
// is not in a git work tree or the repository is not known: the link
// must lead to the very line, or not be made.
func (l *blobLinks) file(name string) string {
	f := l.files[name]
	if f == nil || f.AbsPath() == "" {
		return ""
	}
	top := confine.GitTop(filepath.Dir(f.AbsPath()))
	if top == "" {
		return ""
	}
	rel, err := filepath.Rel(top, f.AbsPath())
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	info := l.env
	if info == nil {
		var ok bool
		if info, ok = l.tops[top]; !ok {
			info = gitRepoInfo(top)
			l.tops[top] = info
		}
	}
	if info == nil {
		return ""
	}
	p := strings.NewReplacer("(", "%28", ")", "%29").Replace(site.EscapePath(filepath.ToSlash(rel)))
	return info.url + "/blob/" + info.sha + "/" + p
}

// gitRepoInfo asks git for the commit checked out in the work tree top
// and for the GitHub repository its remote "origin" names, or returns nil.
func gitRepoInfo(top string) *repoInfo {
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", top}, args...)...).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	sha := git("rev-parse", "HEAD")
	if !shaRE.MatchString(sha) {
		return nil
	}
	url := githubURL(git("remote", "get-url", "origin"))
	if url == "" {
		return nil
	}
	return &repoInfo{url: url, sha: sha}
}

// githubRemoteRE matches the ways a GitHub remote is written:
// https://github.com/OWNER/REPO(.git), git@github.com:OWNER/REPO.git and
// ssh://git@github.com/OWNER/REPO.git.
var githubRemoteRE = regexp.MustCompile(`^(?:https://(?:[^@/]+@)?github\.com/|ssh://git@github\.com/|git@github\.com:)([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\.git)?/?$`)

// githubURL returns "https://github.com/OWNER/REPO" for a GitHub remote
// URL, or "".
func githubURL(remote string) string {
	m := githubRemoteRE.FindStringSubmatch(remote)
	if m == nil {
		return ""
	}
	return "https://github.com/" + m[1] + "/" + m[2]
}

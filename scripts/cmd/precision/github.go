package main

import (
	"bufio"
	"bytes"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// githubTree is the oracle for repositories read on GitHub: the files of
// the tree, and the anchors GitHub gives each Markdown file.
type githubTree struct {
	top   string
	files map[string]bool
	dirs  map[string]bool
	ids   map[string]map[string]bool
}

func readGitHubTree(top string) *githubTree {
	t := &githubTree{top: top, files: map[string]bool{}, dirs: map[string]bool{".": true}, ids: map[string]map[string]bool{}}
	_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			t.dirs[cleanRel(top, p)] = true
			return nil
		}
		t.files[cleanRel(top, p)] = true
		return nil
	})
	return t
}

// resolves reports whether uri, in Markdown file file, leads on GitHub
// to a file of the tree and, with a fragment, to a heading or element
// of that file. judged is false for what the oracle does not decide:
// absolute URLs, links above the repository, files that are no
// Markdown.
func (t *githubTree) resolves(file, uri string) (ok bool, reason string, judged bool) {
	if ext := strings.ToLower(path.Ext(file)); ext != ".md" && ext != ".markdown" {
		return false, "", false
	}
	u, err := url.Parse(strings.TrimSpace(uri))
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(uri, "//") {
		return false, "", false
	}
	target := file
	switch {
	case u.Path == "":
	case strings.HasPrefix(u.Path, "/"):
		target = path.Clean(strings.TrimPrefix(u.Path, "/"))
	default:
		target = path.Join(path.Dir(file), u.Path)
	}
	if target == ".." || strings.HasPrefix(target, "../") {
		return false, "", false // another repository or page of github.com
	}
	if t.dirs[target] {
		return true, "", true
	}
	if !t.files[target] {
		return false, "no file", true
	}
	if u.Fragment == "" {
		return true, "", true
	}
	if ext := strings.ToLower(path.Ext(target)); ext != ".md" && ext != ".markdown" {
		return true, "", true // a line of a code file, a part of a picture: not checked
	}
	ids := t.anchors(target)
	frag := strings.TrimPrefix(u.Fragment, "user-content-")
	if ids[frag] {
		return true, "", true
	}
	return false, "no heading or id " + frag, true
}

var (
	atxHeading    = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextLine    = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	fence         = regexp.MustCompile("^ {0,3}(```+|~~~+)")
	htmlID        = regexp.MustCompile(`(?i)\s(?:id|name)\s*=\s*["']([^"']+)["']`)
	mdImage       = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	mdLink        = regexp.MustCompile(`\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])`)
	htmlTag       = regexp.MustCompile(`<[^>]+>`)
	emphasisUnder = regexp.MustCompile(`(^|[^\p{L}\p{N}])_+|_+([^\p{L}\p{N}]|$)`)
)

// anchors returns the fragments GitHub accepts for a Markdown file: the
// slugs of its headings (lower case, punctuation but "-" and "_" left
// out, spaces as "-", a repeated slug numbered "-1", "-2"...) and the ids
// and names of its HTML elements.
func (t *githubTree) anchors(rel string) map[string]bool {
	if ids, ok := t.ids[rel]; ok {
		return ids
	}
	ids := map[string]bool{}
	t.ids[rel] = ids
	src, err := os.ReadFile(filepath.Join(t.top, filepath.FromSlash(rel)))
	if err != nil {
		return ids
	}
	count := map[string]int{}
	add := func(text string) {
		s := githubSlug(text)
		if n := count[s]; n > 0 {
			ids[s+"-"+strconv.Itoa(n)] = true
		} else {
			ids[s] = true
		}
		count[s]++
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	inFence, fenceMark, prev := false, "", ""
	for sc.Scan() {
		line := sc.Text()
		if m := fence.FindStringSubmatch(line); m != nil {
			if !inFence {
				inFence, fenceMark = true, m[1][:1]
			} else if m[1][:1] == fenceMark {
				inFence = false
			}
			prev = ""
			continue
		}
		if inFence {
			continue
		}
		for _, m := range htmlID.FindAllStringSubmatch(line, -1) {
			ids[m[1]] = true
		}
		if m := atxHeading.FindStringSubmatch(line); m != nil {
			add(m[2])
			prev = ""
			continue
		}
		if setextLine.MatchString(line) && strings.TrimSpace(prev) != "" && !strings.HasPrefix(strings.TrimSpace(prev), "-") && !strings.HasPrefix(strings.TrimSpace(prev), "|") {
			add(prev)
			prev = ""
			continue
		}
		prev = line
	}
	return ids
}

func githubSlug(text string) string {
	text = mdImage.ReplaceAllString(text, "$1")
	text = mdLink.ReplaceAllString(text, "$1")
	text = htmlTag.ReplaceAllString(text, "")
	text = emphasisUnder.ReplaceAllString(text, "$1$2")
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ownGitHubURL returns, for a URL of repository repo's files on GitHub
// (https://github.com/OWNER/NAME/blob/BRANCH/PATH#FRAG, or tree/, raw/),
// the reference "/PATH#FRAG" from the repository's top; else "".
func ownGitHubURL(repo, uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || !strings.EqualFold(u.Host, "github.com") {
		return ""
	}
	parts := strings.SplitN(strings.TrimPrefix(u.Path, "/"), "/", 5)
	if len(parts) < 4 || !strings.EqualFold(parts[0]+"/"+parts[1], repo) {
		return ""
	}
	switch parts[2] {
	case "blob", "tree", "raw":
	default:
		return ""
	}
	ref := "/"
	if len(parts) == 5 {
		ref += parts[4]
	}
	if u.Fragment != "" {
		ref += "#" + u.Fragment
	}
	return ref
}

// readOnGitHub reports whether a file is read on GitHub rather than on
// the site: it is outside the site's folder, or under .github/.
func readOnGitHub(file, siteDir string) bool {
	if strings.HasPrefix(file, ".github/") {
		return true
	}
	siteDir = path.Clean(siteDir)
	return siteDir != "." && file != siteDir && !strings.HasPrefix(file, siteDir+"/")
}

// judgeGitHub sets the verdict of a link finding from the GitHub oracle.
func judgeGitHub(f *finding, t *githubTree, repo string) {
	file, uri := f.File, f.URI
	if ref := ownGitHubURL(repo, uri); ref != "" {
		file, uri = "README.md", ref // resolved from the top; any Markdown file name will do
	}
	ok, reason, judged := t.resolves(file, uri)
	switch {
	case !judged:
		f.Verdict, f.Why = "unmatched", "the GitHub oracle does not judge this link"
	case ok:
		f.Verdict, f.Why = "refuted", "GitHub resolves it (oracle)"
	default:
		f.Verdict, f.Why = "confirmed", "GitHub has it broken (oracle): "+reason
	}
}

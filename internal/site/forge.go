package site

import (
	"bytes"
	"path"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// forge is the default publisher: the Markdown is read where the forge
// renders it. A link is a path of the repository at the same commit; a
// folder shows its README; "../../issues" from the top climbs into the
// forge's own pages. GitHub finds a heading's id ignoring case; GitLab
// compares exactly.
type forge struct{ gitlab, none bool }

func (f forge) Load(t *Tree, s *Site) error {
	gitlab := f.gitlab
	if !f.none && s.Evidence == "" {
		switch {
		case s.Repo != nil && s.Repo.Host == "gitlab.com":
			gitlab, s.Evidence = true, "remote on gitlab.com"
		case s.Repo == nil && t.Exists(".gitlab-ci.yml"):
			gitlab, s.Evidence = true, ".gitlab-ci.yml"
		case s.Repo != nil:
			s.Evidence = "remote on " + s.Repo.Host
		default:
			s.Evidence = "no site generator found"
		}
	}
	switch {
	case f.none:
		s.Generator, s.Anchors = "none", anchor.HTML
	case gitlab:
		s.Generator, s.Anchors = "gitlab", anchor.GitLab
	default:
		s.Generator, s.Anchors = "github", anchor.GitHub
	}
	s.Forge = !f.none
	return nil
}

// forgePages are the first segments of the forge's pages of a
// repository, what "../../" from the top of the tree reaches on GitHub
// ("../../issues") and "../../../-/" on GitLab.
var forgePages = map[string]bool{
	"issues": true, "pulls": true, "pull": true, "wiki": true, "releases": true, "actions": true,
	"discussions": true, "blob": true, "tree": true, "raw": true, "compare": true, "security": true,
	"projects": true, "milestones": true, "labels": true, "commits": true, "commit": true, "tags": true,
	"branches": true, "graphs": true, "network": true, "pulse": true, "settings": true, "stargazers": true,
	"watchers": true, "forks": true, "-": true, "merge_requests": true, "pipelines": true, "contributors": true,
	"packages": true, "deployments": true, "archive": true, "edit": true, "new": true, "find": true,
}

// ForgeClimb reports whether a reference that climbs up above the root by
// up levels and then goes on with rest (a slash path) reaches the forge's
// own pages: the repository's pages ("../../issues") or another
// repository's ("../../../other/repo"). A climb of one level ends in the
// forge's "blob" route, which holds nothing but commits of this tree.
func (s *Site) ForgeClimb(up int, rest string) bool {
	if !s.Forge {
		return false
	}
	first := rest
	for i := 0; i < len(rest); i++ {
		if rest[i] == '/' || rest[i] == '?' || rest[i] == '#' {
			first = rest[:i]
			break
		}
	}
	switch {
	case up >= 3:
		return true
	case up == 2:
		return first == "" || forgePages[first]
	case up == 1:
		// From a file at the top of a branch, ".." leaves the branch
		// for the list of refs: "../assets/demo.gif" in README.md is
		// the file demo.gif of the branch "assets" (a common home of a
		// README's images).
		return first != "" && len(first) < len(rest) && rest[len(first)] == '/'
	}
	return false
}

// HeadingAttributes reports whether the publisher reads an attribute
// block at the end of a heading ("## Title {#custom}") as the heading's
// id. GitHub's Markdown has no such syntax: the block is text of the
// heading, whose slug is then "title-custom", and "#custom" names
// nothing. GitLab is left as the generators are: whether it reads them
// is not modelled. Python-Markdown reads them only with attr_list (or
// extra) enabled: MkDocs without it is as GitHub.
func (s *Site) HeadingAttributes() bool {
	return (!s.Forge || s.Generator != "github") && !s.noAttrLists
}

// forgeRendered are the markup languages, by file extension, that a
// forge renders as documents besides Markdown (github/markup's list;
// GitLab renders the same), and Jupyter notebooks.
var forgeRendered = map[string]string{
	".rst": "reStructuredText", ".rest": "reStructuredText",
	".adoc": "AsciiDoc", ".asciidoc": "AsciiDoc", ".asc": "AsciiDoc",
	".org": "Org", ".textile": "Textile", ".rdoc": "RDoc", ".pod": "Pod", ".pod6": "Pod",
	".creole": "Creole", ".mediawiki": "MediaWiki", ".wiki": "MediaWiki",
	".ipynb": "Jupyter notebook",
	// Markdown under names the audit does not read as Markdown.
	".mkdn": "Markdown", ".mkd": "Markdown", ".mdwn": "Markdown", ".mdown": "Markdown", ".litcoffee": "Markdown",
}

// ForgeRendered reports whether a forge shows the file p (a slash path)
// rendered from a markup language other than Markdown, and which: a
// fragment then names an id of the rendered document (a section's),
// not a line, and the model makes no ids of these languages.
func ForgeRendered(p string) (string, bool) {
	i := strings.LastIndexByte(p, '.')
	if i < 0 || strings.IndexByte(p[i:], '/') >= 0 {
		return "", false
	}
	format, ok := forgeRendered[strings.ToLower(p[i:])]
	return format, ok
}

// SubmodulePaths returns the paths, slash separated from the
// repository's top, of the submodules that the .gitmodules file src
// declares ("path = themes/docsy" in a "[submodule ...]" section, the
// value possibly quoted). A checkout holds a submodule's files only when
// asked to (git clone --recurse-submodules; actions/checkout's
// "submodules: true"), and the forge shows its folder as a link to the
// other repository at a commit: what is inside is not this tree's.
func SubmodulePaths(src []byte) []string {
	var paths []string
	section := false
	for len(src) > 0 {
		line := src
		if k := bytes.IndexByte(src, '\n'); k >= 0 {
			line, src = src[:k], src[k+1:]
		} else {
			src = nil
		}
		s := strings.TrimSpace(string(line))
		if strings.HasPrefix(s, "[") {
			section = strings.HasPrefix(s, "[submodule")
			continue
		}
		key, value, ok := strings.Cut(s, "=")
		if !section || !ok || !strings.EqualFold(strings.TrimSpace(key), "path") {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = value[1 : len(value)-1]
		}
		value = strings.Trim(path.Clean("/"+value), "/")
		if value != "" && value != "." {
			paths = append(paths, value)
		}
	}
	return paths
}

// FolderBoxID reports whether frag names the box a forge shows a
// folder's README in, below its listing: GitHub's has the id "readme"
// ("https://github.com/o/r#readme", npm's default homepage of a
// package), found as its other ids are, ignoring case.
func (s *Site) FolderBoxID(frag string) bool {
	return s.Forge && s.Generator == "github" && strings.EqualFold(strings.TrimPrefix(frag, "user-content-"), "readme")
}

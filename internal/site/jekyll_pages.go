package site

import (
	"os/exec"
	"strings"
)

// jekyllPagesBranch is the evidence of a Jekyll site recognized by its
// branch: a work tree checked out on gh-pages, at the repository's top,
// with no .nojekyll. GitHub Pages publishes that branch by default and
// builds it with Jekyll and its own configuration (the github-pages
// gem's), whether or not the tree has a _config.yml: Markdown without
// front matter is a page (jekyll-optional-front-matter), "x.html" is
// served at "/x" too. Without the branch, such a tree (a style guide's
// gh-pages, checked out) was read as files on the forge, and every
// "guide" link to guide.md's page was broken.
const jekyllPagesBranch = "branch gh-pages"

// jekyllPagesCNAME is the evidence of a Jekyll site recognized by the
// CNAME file beside an index.html at the repository's top: the file that
// names a GitHub Pages site's own domain, in the folder it publishes.
// Without a .nojekyll GitHub Pages builds that folder with Jekyll, which
// leaves out every file whose name begins with "_" (a docco page of
// "_baseCreate.js" is no page of the site: its links are broken there,
// not on the forge).
const jekyllPagesCNAME = "CNAME and index.html"

// githubPagesTree returns the evidence that the tree at root, which no
// generator's marker shows, is published by GitHub Pages with Jekyll
// (jekyllPagesBranch, jekyllPagesCNAME); "" when nothing shows it, or
// when a .nojekyll says GitHub Pages serves it as it is.
func githubPagesTree(t *Tree, root string) string {
	if t.Exists(".nojekyll") {
		return ""
	}
	if pagesBranch(root) {
		return jekyllPagesBranch
	}
	if t.Exists("CNAME") && t.Exists("index.html") && repoTop(root) {
		return jekyllPagesCNAME
	}
	return ""
}

// repoTop reports whether root is the top of its git work tree (or of
// no work tree at all: a tree copied out of one).
func repoTop(root string) bool {
	prefix, err := exec.Command("git", "-C", root, "rev-parse", "--show-prefix").Output()
	return err != nil || strings.TrimSpace(string(prefix)) == ""
}

// pagesBranch reports whether the work tree at root is checked out on
// the gh-pages branch, root being its top.
func pagesBranch(root string) bool {
	out, err := exec.Command("git", "-C", root, "symbolic-ref", "--short", "-q", "HEAD").Output()
	if err != nil || strings.TrimSpace(string(out)) != "gh-pages" {
		return false
	}
	return repoTop(root)
}

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

// pagesBranch reports whether the work tree at root is checked out on
// the gh-pages branch, root being its top.
func pagesBranch(root string) bool {
	out, err := exec.Command("git", "-C", root, "symbolic-ref", "--short", "-q", "HEAD").Output()
	if err != nil || strings.TrimSpace(string(out)) != "gh-pages" {
		return false
	}
	prefix, err := exec.Command("git", "-C", root, "rev-parse", "--show-prefix").Output()
	return err == nil && strings.TrimSpace(string(prefix)) == ""
}

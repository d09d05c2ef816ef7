package audit

import (
	"path/filepath"
	"strings"
)

// builtOutput reports whether git ignores the path rel of the tree at
// root, or a folder above it: a missing file there is one a build makes
// (a compiled script, assets an install step copies), which the work tree
// at hand lacks but the published copy has. It is asked only about
// targets that do not exist.
func (a *auditor) builtOutput(root, rel string) bool {
	top := gitTop(root)
	if top == "" {
		return false
	}
	abs := filepath.Join(root, filepath.FromSlash(rel))
	a.gitMu.Lock()
	defer a.gitMu.Unlock()
	if a.gitTrees == nil {
		a.gitTrees = map[string]*gitTree{}
	}
	t := a.gitTrees[top]
	if t == nil {
		t = newGitTree(top)
		a.gitTrees[top] = t
	}
	for p, dir := abs, false; p != top && strings.HasPrefix(p, top+string(filepath.Separator)); p, dir = filepath.Dir(p), true {
		if t.ignored(p, dir) {
			return true
		}
	}
	return false
}

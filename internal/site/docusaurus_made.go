package site

import (
	"path"
	"regexp"
	"strings"
)

// A configuration that a package's function makes
// ("module.exports = getDocusaurusConfig({projectName: ...})", with the
// function required from "@vis.gl/docusaurus-website"; or the result of
// such a call bound to a constant that is exported) is not the object
// literal the model reads: the presets, plugins, folders and routes are
// the package's, which may publish pages anywhere and write ids.
var (
	docusaurusExportCall = regexp.MustCompile(`(?:\bmodule\.exports\s*=|\bexport\s+default)\s*(?:await\s+)?([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(`)
	docusaurusExportName = regexp.MustCompile(`(?m)(?:\bmodule\.exports\s*=|\bexport\s+default)\s*([A-Za-z_$][\w$]*)\s*(?:satisfies\s+[\w$.]+\s*)?;?\s*$`)
	docusaurusCallee     = regexp.MustCompile(`^(?:await\s+)?([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(`)
	docusaurusOutsideRef = regexp.MustCompile(`['"](\.\./[^'"\n]+)['"]`)
)

// docusaurusMadeBy returns the function that makes the configuration
// src exports and the package it is required or imported from; "", ""
// when the export is no call of a package's function (an object
// literal, a constant set to one, an async function of the file's own:
// what the model reads).
func docusaurusMadeBy(src []byte) (fn, module string) {
	name := ""
	if m := docusaurusExportCall.FindSubmatch(src); m != nil {
		name = string(m[1])
	} else if m := docusaurusExportName.FindSubmatch(src); m != nil {
		if c := docusaurusCallee.FindStringSubmatch(docusaurusConsts(src)(string(m[1]))); c != nil {
			name = c[1]
		}
	}
	switch name {
	case "", "function", "async", "require", "import", "Object", "JSON":
		return "", ""
	}
	q := regexp.QuoteMeta(name)
	for _, re := range []string{
		`\b(?:const|let|var)\s+(?:\{[^}]*\b` + q + `\b[^}]*\}|` + q + `)\s*=\s*require\(\s*['"]([^'"]+)['"]`,
		`\bimport\s+(?:[\w$]+\s*,\s*)?(?:\{[^}]*\b` + q + `\b[^}]*\}|` + q + `|\*\s*as\s+` + q + `)\s+from\s+['"]([^'"]+)['"]`,
	} {
		r, err := regexp.Compile(re)
		if err != nil {
			continue
		}
		if m := r.FindSubmatch(src); m != nil {
			mod := string(m[1])
			if strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") {
				return "", "" // the site's own code: not read, but not a package's either
			}
			return name, mod
		}
	}
	return "", ""
}

// docusaurusMadeDocs returns the folder beside the site's that a
// configuration made by a package's function names ("require('../docs/
// table-of-contents.json')", "'../docs'"), the first that the tree has
// with Markdown in it: the docs the package's configuration publishes,
// at routes the model cannot say; "" for none.
func docusaurusMadeDocs(t *Tree, src []byte) string {
	seen := map[string]bool{}
	for _, m := range docusaurusOutsideRef.FindAllSubmatch(src, 64) {
		rest := strings.TrimPrefix(path.Clean(string(m[1])), "../")
		first, _, _ := strings.Cut(rest, "/")
		if first == "" || first == ".." || first == "." || seen[first] {
			continue // each folder walked once
		}
		seen[first] = true
		dir, bad := docusaurusDir(t, "../"+first)
		if bad || !t.Exists(dir) {
			continue
		}
		md := false
		t.Walk(dir, func(rel string) {
			// A file below the folder: "../README.md" names no folder.
			md = md || strings.HasPrefix(rel, dir+"/") && docusaurusExts[path.Ext(rel)]
		})
		if md {
			return "../" + first
		}
	}
	return ""
}

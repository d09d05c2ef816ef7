package site

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/urilint/urilint/internal/anchor"
)

// vitepress publishes a VitePress site (vitepress.dev: "guide/routing",
// "guide/asset-handling", "reference/site-config"). The project root
// holds .vitepress/config; the pages are the Markdown files of srcDir
// (the root by default), a.md published at a.html, or at a with
// cleanUrls, index.md at its folder; links may name a page with or
// without ".md" or ".html"; public/ in srcDir is served at "/". Heading
// ids are VitePress's slugs: the text decomposed, marks and control
// characters removed, each run of white space and punctuation one "-",
// none at the ends, "_" before a leading digit, lower-cased; a repeated
// one numbered "-1", "-2".
type vitepress struct{}

var vitepressConfigs = []string{"config.js", "config.ts", "config.mjs", "config.mts", "config.cjs", "config.cts"}

// vitepressMarkers are the files a VitePress project is recognized by:
// its configuration in .vitepress/ at the top or in docs/, or split
// into modules (.vitepress/config/index.ts).
func vitepressMarkers() []string {
	var markers []string
	for _, dir := range []string{".vitepress", "docs/.vitepress"} {
		for _, c := range vitepressConfigs {
			markers = append(markers, dir+"/"+c)
		}
		for _, c := range vitepressConfigs {
			markers = append(markers, dir+"/config/index"+strings.TrimPrefix(c, "config"))
		}
	}
	return markers
}

// maxConfigModules bounds how many modules of a split configuration are
// read.
const maxConfigModules = 16

// readVitepressConfig reads the configuration file rel, and the other
// modules of its folder when it is .vitepress/config/index.*: a
// configuration split into modules (shared.ts, en.ts...) is read as one
// text, since only plain options are read from it.
func readVitepressConfig(t *Tree, rel string) ([]byte, error) {
	src, err := t.Read(rel)
	if err != nil || path.Base(path.Dir(rel)) != "config" {
		return src, err
	}
	n := 0
	t.Walk(path.Dir(rel), func(m string) {
		if m == rel || n >= maxConfigModules || !slices.Contains(vitepressConfigs, "config"+path.Ext(m)) {
			return
		}
		n++
		if more, err := t.Read(m); err == nil {
			src = append(append(src, '\n'), more...)
		}
	})
	return src, nil
}

var (
	vitepressSrcDir   = regexp.MustCompile(`srcDir:\s*['"]([^'"]*)['"]`)
	vitepressClean    = regexp.MustCompile(`cleanUrls:\s*true`)
	vitepressRewrites = regexp.MustCompile(`\brewrites\s*:`)
	// markdown.anchor.slugify names a function of the configuration:
	// the heading ids are its, not VitePress's.
	vitepressSlugify = regexp.MustCompile(`\banchor\s*:\s*\{[^}]*\bslugify\b`)
)

func (v vitepress) Load(t *Tree, s *Site) error {
	cfgPath := s.marker
	src, err := readVitepressConfig(t, cfgPath)
	cfgDir := path.Dir(cfgPath)
	if path.Base(cfgDir) == "config" {
		cfgDir = path.Dir(cfgDir)
	}
	root := strings.TrimSuffix(strings.TrimSuffix(cfgDir, ".vitepress"), "/")
	dir := root
	if m := vitepressSrcDir.FindSubmatch(src); m != nil {
		dir = strings.Trim(path.Join(root, string(m[1])), "/.")
	}
	clean := vitepressClean.Match(src)
	// rewrites move pages to other paths, by a table or by a function
	// (code): the paths as written may not be where pages are served.
	if vitepressRewrites.Match(src) {
		s.Lenient = true
		s.Note("rewrites not modelled")
	}
	s.Anchors = anchor.HTML
	s.builtDefault = outputDir(root + "/.vitepress/dist")
	s.slug = vitepressSlug
	if vitepressSlugify.Match(src) {
		if keepCaseSlugify(src) {
			if trimsDashes(src) {
				s.slug = vitepressSlugKeepCase
				s.Note("markdown.anchor.slugify: VitePress's, case kept")
			} else {
				s.slug = vitepressSlugKeepEdges
				s.Note("markdown.anchor.slugify: VitePress's, case and dashes at the ends kept")
			}
		} else {
			s.Unmodelled("", "markdown.anchor.slugify", false, true)
		}
	}
	// VitePress 2 writes an internal link's fragment as its slug
	// ("#Foo-Bar" is "#foo-bar", "#a%20b" is "#a-b"); 1 keeps it.
	if vitepressMajor(t, root) >= 2 {
		s.linkSlug = s.slug
		s.Note("VitePress 2: link fragments slugified")
	}
	pub := strings.TrimPrefix(dir+"/public", "/")
	s.Mount("/", pub)
	walkDir := dir
	if walkDir == "" {
		walkDir = "."
	}
	t.Walk(walkDir, func(rel string) {
		if strings.ToLower(path.Ext(rel)) != ".md" || strings.HasPrefix(rel, pub+"/") || strings.HasPrefix(rel, "node_modules/") {
			return
		}
		p := strings.TrimPrefix(strings.TrimPrefix(rel, dir), "/")
		noExt := strings.TrimSuffix(p, path.Ext(p))
		if path.Base(noExt) == "index" {
			d := strings.TrimSuffix(strings.TrimSuffix(noExt, "index"), "/")
			u := "/" + d
			if d != "" {
				u += "/"
			}
			s.Page(rel, u)
			s.Alias("/"+noExt+".html", rel)
			return
		}
		if clean {
			s.Page(rel, "/"+noExt)
		} else {
			s.Page(rel, "/"+noExt+".html")
		}
		s.Alias("/"+noExt, rel)
		s.Alias("/"+noExt+".html", rel)
		s.Alias("/"+noExt+".md", rel)
	})
	if e := s.deployRedirects(t); err == nil {
		err = e
	}
	return err
}

// vitepressDep is the vitepress dependency of a package.json: its
// version range.
var vitepressDep = regexp.MustCompile(`"vitepress"\s*:\s*"[\^~>=v ]*([0-9]+)\.`)

// vitepressMajor is the major version of VitePress the package.json
// nearest the project root depends on (its folder, then each one above
// it up to the audited root), 0 when none names a version (a catalog:
// or workspace: range, or no package.json).
func vitepressMajor(t *Tree, root string) int {
	for dir := root; ; dir = path.Dir(dir) {
		if dir == "" {
			dir = "."
		}
		if src, err := t.Read(path.Join(dir, "package.json")); err == nil {
			if m := vitepressDep.FindSubmatch(src); m != nil {
				if n, err := strconv.Atoi(string(m[1])); err == nil {
					return n
				}
			}
		}
		if dir == "." || dir == "/" {
			return 0
		}
	}
}

// vitepressSpecial are the characters VitePress's slug turns into "-".
const vitepressSpecial = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/"

// vitepressSlug is VitePress's heading id.
func vitepressSlug(text string) string { return strings.ToLower(vitepressSlugKeepCase(text)) }

// vitepressSlugKeepCase is VitePress's heading id without lower-casing,
// which a configuration's own slugify often is (a copy of VitePress's
// that keeps the case).
func vitepressSlugKeepCase(text string) string { return vitepressSlugWith(text, false) }

// vitepressSlugKeepEdges is vitepressSlugKeepCase without taking the
// dashes off its ends: a copy of VitePress's slugify without its
// step that replaces /^-+|-+$/g by nothing ("$id" is "-id", pinia's).
func vitepressSlugKeepEdges(text string) string { return vitepressSlugWith(text, true) }

func vitepressSlugWith(text string, edges bool) string {
	var b strings.Builder
	dash := false
	for _, r := range nfkd(text) {
		switch {
		case r >= 0x300 && r <= 0x36f, r < 0x20:
			continue
		case unicode.IsSpace(r) || strings.ContainsRune(vitepressSpecial, r):
			dash = true
			continue
		}
		if dash && (b.Len() > 0 || edges) {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	if dash && edges {
		b.WriteByte('-')
	}
	out := b.String()
	if out != "" && out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

// trimsDashes reports whether the configuration's own slugify takes the
// dashes off the ends of the id, as VitePress's does
// (it replaces /^-+|-+$/g by nothing); only its first 1,000 bytes are
// read.
func trimsDashes(src []byte) bool {
	loc := vitepressSlugifyDef.FindIndex(src)
	if loc == nil {
		return true
	}
	body := src[loc[0]:min(len(src), loc[0]+1000)]
	if end := bytes.Index(body, []byte("\n\n")); end > 0 {
		body = body[:end]
	}
	return bytes.Contains(body, []byte("-+$")) || bytes.Contains(body, []byte("-*$")) || bytes.Contains(body, []byte("trim("))
}

// vitepressSlugifyDef finds a slugify function the configuration
// defines itself.
var vitepressSlugifyDef = regexp.MustCompile(`(?:const|let|var)\s+slugify\s*=|function\s+slugify\s*\(`)

// keepCaseSlugify reports whether the configuration defines its slugify
// as VitePress's own steps (NFKD, marks and control characters removed,
// punctuation runs made "-", "_" before a leading digit) without
// lower-casing: the ids are VitePress's with the heading's case. Only
// the function's first 1,000 bytes are read.
func keepCaseSlugify(src []byte) bool {
	loc := vitepressSlugifyDef.FindIndex(src)
	if loc == nil {
		return false
	}
	body := src[loc[0]:min(len(src), loc[0]+1000)]
	if end := bytes.Index(body, []byte("\n\n")); end > 0 {
		body = body[:end]
	}
	return bytes.Contains(body, []byte("NFKD")) && bytes.Contains(body, []byte("'-'")) &&
		bytes.Contains(body, []byte("_$1")) && !bytes.Contains(body, []byte("toLowerCase"))
}

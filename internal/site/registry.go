package site

import (
	"slices"
	"strings"
)

// publisher is one entry of the registry: a publisher registers here
// once, with everything the package and the docs must know of it besides
// its rules (its Generator). Detect, Nested and the names
// Options.Generator accepts read this table; TestRegistry ties it to the
// enum of the configuration file's site.generator and to docs/sites/.
type publisher struct {
	// name is the publisher's name in the configuration ("hugo").
	name string
	gen  Generator
	// markers are the files, slash paths from a site's folder, whose
	// presence shows that the generator builds the folder, in order of
	// preference: the first present is the evidence and the
	// configuration the generator reads. A forge has none: it is what
	// no generator claims.
	markers []string
	// confirm, when set, says whether a marker that is present is the
	// generator's (config.toml is a common name).
	confirm func(t *Tree, marker string) bool
	// nested: the generator is recognized in a folder below the root
	// too. A plain static folder ("public/index.html") is too common in
	// code (a web app's assets) to be taken for a site below the root.
	nested bool
	// page is the page of docs/sites/ that documents the publisher.
	page string
}

// publishers is the registry. Detection tries the generators with
// markers in this order, and the first that recognizes the tree
// publishes it; without one, the tree is read on its forge.
var publishers = []publisher{
	{name: "github", gen: forge{}, page: "forge.md"},
	{name: "gitlab", gen: forge{gitlab: true}, page: "forge.md"},
	{name: "other", gen: other{}, markers: otherFiles(), confirm: otherConfirm, nested: true, page: "other.md"},
	{name: "hugo", gen: hugo{}, markers: hugoConfigs, confirm: hugoConfig, nested: true, page: "hugo.md"},
	{name: "mdbook", gen: mdbook{}, markers: []string{"book.toml"}, nested: true, page: "mdbook.md"},
	{name: "mkdocs", gen: mkdocs{}, markers: mkdocsMarkers, nested: true, page: "mkdocs.md"},
	{name: "docusaurus", gen: docusaurus{}, nested: true, page: "docusaurus.md", confirm: docusaurusConfirm,
		markers: []string{"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.mts", "siteConfig.js"}},
	{name: "vitepress", gen: vitepress{}, markers: vitepressMarkers(), nested: true, page: "vitepress.md"},
	{name: "jekyll", gen: jekyll{}, markers: []string{"_config.yml", "_config.yaml", "_config.toml"}, nested: true, page: "jekyll.md"},
	{name: "static", gen: static{}, page: "static.md",
		markers: []string{"netlify.toml", "_redirects", "public/_redirects", "static/_redirects", "public/index.html", "static/index.html"}},
	{name: "none", gen: forge{none: true}, page: "forge.md"},
}

// lookup returns the publisher of that name, or nil.
func lookup(name string) *publisher {
	for i := range publishers {
		if publishers[i].name == name {
			return &publishers[i]
		}
	}
	return nil
}

// Names lists the publishers Options.Generator may name: "auto" (detect
// it), then the registry's.
func Names() []string {
	names := []string{"auto"}
	for _, p := range publishers {
		names = append(names, p.name)
	}
	return names
}

// find returns the first of the publisher's markers present in the tree
// (and confirmed), or "".
func (p *publisher) find(t *Tree) string {
	for _, m := range p.markers {
		if t.Exists(m) && (p.confirm == nil || p.confirm(t, m)) {
			return m
		}
	}
	return ""
}

// detect returns the first generator of the registry that recognizes
// the tree, with its evidence, among those nested allows; nil when none
// does.
func detect(t *Tree, nested bool) (*publisher, string) {
	for i := range publishers {
		p := &publishers[i]
		if p.markers == nil || nested && !p.nested {
			continue
		}
		if ev := p.find(t); ev != "" {
			return p, ev
		}
	}
	return nil, ""
}

// nestedNames are the names of the entries of a folder below the root
// that may show a generator (the first segments of the markers of the
// generators recognized there): only a folder with one is asked about,
// each generator looking for its files. A marker in a folder that is a
// marker of the same generator from that folder (VitePress's
// docs/.vitepress/config.ts) adds no name: the search finds that site
// when it reaches docs/.
var nestedNames = func() map[string]bool {
	names := map[string]bool{}
	for _, p := range publishers {
		if !p.nested {
			continue
		}
		for _, m := range p.markers {
			first, rest, _ := strings.Cut(m, "/")
			if rest == "" || !slices.Contains(p.markers, rest) {
				names[first] = true
			}
		}
	}
	return names
}()

package site

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A repository often keeps its site in a folder ("docs/" with a
// hugo.toml, "www/" with an mkdocs.yml, "website/" with a
// docusaurus.config.js) and is checked from its top. Nested finds those
// sites, so that each document resolves its links as the site whose
// folder holds it is published.

// maxNestedDepth bounds how deep below the root a site's folder is looked
// for: "docs/", "site/docs/", "a/b/c/" at most.
const maxNestedDepth = 3

// noSiteDirs are folders never searched for a site: installed or vendored
// dependencies and test fixtures, besides hidden folders.
var noSiteDirs = map[string]bool{"node_modules": true, "vendor": true, "testdata": true}

// Nested returns the sites built from folders below the site root (the
// audited root, published by root.Generator): for each folder at most
// maxNestedDepth levels down whose files show a site generator, the
// site laid out from that folder, with the forge repository of the root
// (its URLs name paths from the top). The search does not go below a
// site's folder, nor into hidden folders, node_modules, vendor or
// testdata. When the root is itself a generator's site (any but a plain
// static folder), the folders that hold its pages or that it serves are
// its own: no site is looked for in them. Errors are of
// configuration files that could not be read; each site is usable all
// the same, each named by its file.
func Nested(root *Site) ([]*Site, []error) {
	// A generator's site at the root owns the folders that hold its
	// pages and the folders it serves: a site below them is part of
	// it. Elsewhere (a test fixture with an mkdocs.yml of its own, an
	// example project) a folder may be a site of its own.
	var owned map[string]bool
	if !root.Forge && root.Generator != "static" {
		owned = root.ownedDirs()
	}
	var sites []*Site
	var errs []error
	var visit func(rel string, depth int)
	visit = func(rel string, depth int) {
		if owned[rel] {
			return
		}
		entries, err := os.ReadDir(filepath.Join(root.root, filepath.FromSlash(rel)))
		if err != nil {
			return
		}
		if depth > 0 {
			for _, e := range entries {
				if !nestedNames[e.Name()] {
					continue
				}
				if s, err := detectIn(root, rel); s != nil {
					sites = append(sites, s)
					if err != nil {
						errs = append(errs, err)
					}
					return // one site per folder, and none below it
				}
				break
			}
		}
		if depth == maxNestedDepth {
			return
		}
		for _, e := range entries {
			if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || noSiteDirs[e.Name()] {
				continue
			}
			visit(path.Join(rel, e.Name()), depth+1)
		}
	}
	visit("", 0)
	hugoCopiedContent(root, sites)
	return sites, errs
}

// detectIn returns the site built from the folder dir (a slash path from
// the root site's folder), or nil when no generator recognizes it.
func detectIn(root *Site, dir string) (*Site, error) {
	abs := filepath.Join(root.root, filepath.FromSlash(dir))
	t := &Tree{Root: abs, Up: strings.Count(dir, "/") + 1}
	p, ev := detect(t, true)
	if p == nil {
		return nil, nil
	}
	s := newSite(abs)
	s.dir, s.Generator, s.Evidence, s.marker, s.Repo = dir, p.name, ev, ev, root.Repo
	err := p.gen.Load(t, s)
	s.finish(t)
	if err != nil {
		err = fmt.Errorf("%s/%s: %v: the site is laid out without what could not be read", dir, ev, err)
	}
	return s, err
}

// ownedDirs returns the folders (slash paths from the site's folder)
// that hold pages of the site, at any depth, and those it serves, with
// the folders above them, the site's folder itself left out.
func (s *Site) ownedDirs() map[string]bool {
	owned := map[string]bool{}
	add := func(d string) {
		for ; d != "." && d != "" && d != "/" && !owned[d]; d = path.Dir(d) {
			owned[d] = true
		}
	}
	for rel := range s.urls {
		add(path.Dir(rel))
	}
	for _, m := range s.mounts {
		add(m.dir)
	}
	for _, d := range s.templates {
		add(d)
	}
	for _, d := range s.configDirs {
		add(d)
	}
	return owned
}

package site

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Link templates whose target is a file of the tree: Hugo's ref and
// relref shortcodes (gohugo.io/content-management/cross-references),
// Jekyll's link and post_url tags (jekyllrb.com/docs/liquid/tags).
var (
	hugoRef       = regexp.MustCompile(`^\{\{[<%]\s*(?:rel)?ref\s+"([^"]*)"\s*[>%]\}\}(#.*)?$`)
	jekyllLink    = regexp.MustCompile(`^\{%-?\s*link\s+(\S+)\s*-?%\}(#.*)?$`)
	jekyllPostURL = regexp.MustCompile(`^\{%-?\s*post_url\s+(\S+)\s*-?%\}(#.*)?$`)
	contentExts   = []string{".md", ".markdown", ".html"}
)

// TemplateTarget reads a link destination written as one of the
// generator's link templates in the page rel, and returns the files it
// may name, best first, and its fragment. It reports false for a
// destination that is no such template.
func (s *Site) TemplateTarget(rel, dest string) (files []string, frag string, ok bool) {
	rel, ok = s.inner(rel)
	if !ok {
		return nil, "", false
	}
	files, frag, ok = s.templateTarget(rel, dest)
	for i, f := range files {
		files[i] = s.outer(f)
	}
	return files, frag, ok
}

// templateTarget is TemplateTarget with paths from the site's folder.
func (s *Site) templateTarget(rel, dest string) (files []string, frag string, ok bool) {
	switch s.Generator {
	case "hugo":
		m := hugoRef.FindStringSubmatch(dest)
		if m == nil {
			return nil, "", false
		}
		arg, frag := m[1], strings.TrimPrefix(m[2], "#")
		if p, f, ok := strings.Cut(arg, "#"); ok {
			arg, frag = p, f
		}
		if arg == "" {
			return []string{rel}, frag, true // the page itself
		}
		// Hugo finds a page by its path normalized: percent-decoded,
		// lower-cased (the caller matches names ignoring case), a
		// space and a "-" alike.
		if dec, err := uri.Unescape(arg); err == nil {
			arg = dec
		}
		args := []string{arg}
		if alt := strings.ReplaceAll(arg, " ", "-"); alt != arg {
			args = append(args, alt)
		}
		var bases []string
		if !strings.HasPrefix(arg, "/") {
			// A bundle's relative ref is from the folder that holds the
			// bundle (its container), a section's from its own folder.
			if d := path.Dir(rel); path.Base(rel) == "index.md" {
				bases = append(bases, path.Dir(d), d)
			} else {
				bases = append(bases, d)
			}
		}
		bases = append(bases, s.contentDirs...)
		for _, b := range bases {
			for _, a := range args {
				files = append(files, contentCandidates(path.Join(b, a))...)
			}
		}
		files = append(files, hugoTranslations(files, s.hugo.lang[rel])...)
		// A path with no slash (a trailing one aside) also names the
		// page of that name anywhere in the site.
		if name := strings.TrimSuffix(arg, "/"); !strings.Contains(name, "/") && !strings.HasPrefix(name, ".") {
			files = append(files, s.hugo.find(rel, name)...)
		}
		return files, frag, true
	case "jekyll":
		if m := jekyllLink.FindStringSubmatch(dest); m != nil {
			return []string{strings.TrimPrefix(path.Clean("/"+m[1]), "/")}, strings.TrimPrefix(m[2], "#"), true
		}
		if m := jekyllPostURL.FindStringSubmatch(dest); m != nil {
			var out []string
			for _, e := range []string{".md", ".markdown", ".html"} {
				out = append(out, "_posts/"+m[1]+e)
			}
			return out, strings.TrimPrefix(m[2], "#"), true
		}
	}
	return nil, "", false
}

// contentCandidates returns the files a content path may name: itself,
// with a content extension, or a section or bundle of that name. A path
// with a content extension names the page, section or bundle of the
// name without it too: Hugo looks a page up by its path without the
// extension ("/getting-started.md" is the section
// getting-started/_index.md, to ref and, since Hugo 0.123, to GetPage;
// "egctl.html" the page egctl.md).
func contentCandidates(p string) []string {
	p = strings.TrimPrefix(p, "/")
	out := []string{p}
	ext := path.Ext(p)
	if !slices.Contains(contentExts, ext) {
		// A dot in the name is no extension to Hugo unless it is a
		// content one: "notes/v0.2.0" is the page notes/v0.2.0.md.
		for _, e := range contentExts {
			out = append(out, p+e)
		}
	}
	// A section's or bundle's index may be any content file
	// ("references/yaml/_index.html").
	for _, e := range contentExts {
		out = append(out, p+"/_index"+e, p+"/index"+e)
	}
	if ext != "" && slices.Contains(contentExts, ext) {
		// The page's path has no extension: "egctl.html" is the page
		// egctl.md as well (Hugo 0.152 and 0.160).
		stem := strings.TrimSuffix(p, ext)
		for _, e := range contentExts {
			if e != ext {
				out = append(out, stem+e)
			}
			out = append(out, stem+"/_index"+e, stem+"/index"+e)
		}
	}
	return out
}

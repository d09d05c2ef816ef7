package audit

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/uri"
)

// auditedKinds are the kinds of link whose relative references are
// looked up: what Markdown and HTML mark up as links. A bare URI in text
// is always absolute.
func audited(k extract.Kind) bool {
	switch k {
	case extract.InlineLink, extract.Image, extract.Definition, extract.Autolink, extract.HTMLAttr:
		return true
	}
	return false
}

// checkLocal adds the findings of a relative reference: where it leads
// and whether its fragment names an anchor there.
func (a *auditor) checkLocal(f *File, l *extract.Link, out []Finding) []Finding {
	if !audited(l.Kind) {
		return out
	}
	if f.rel == "" {
		rel, err := filepath.Rel(f.root, f.abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return out // a file named outside the -root given: nothing to resolve against
		}
		f.rel = filepath.ToSlash(rel)
	}
	res, ok := a.resolve(f, l.URI)
	if !ok {
		return out
	}
	t := res.t
	shown := uri.Redact(l.URI)
	report := func(c uri.Category, at int, fix []uri.Edit, format string, args ...any) {
		if !a.pol.Reports(c) {
			return
		}
		out = append(out, Finding{File: f.Name, Pos: l.PositionOf(at), Category: c,
			Message: fmt.Sprintf(format, args...), URI: shown, Fix: sourceEdits(l, fix)})
	}
	if t.outside {
		report(CategoryOutsideRoot, 0, nil, "%q climbs above the root directory %q with \"..\"", shown, a.showRoot(f.root))
		return out
	}
	lk := res.lk
	if lk.exists && !res.inside {
		// Through a symbolic link to a directory or file outside the
		// root: nothing of the outside file is read or shown.
		report(CategoryOutsideRoot, 0, nil, "%q leads through a symbolic link outside the root directory %q", shown, a.showRoot(f.root))
		return out
	}
	switch {
	case !lk.exists:
		report(CategoryBrokenFile, 0, nil, "%q leads to %q, which does not exist", shown, "/"+t.rel)
		return out
	case t.dirSlash && !lk.dir:
		report(CategoryBrokenFile, 0, nil, "%q leads to directory %q, which is a file", shown, "/"+t.rel)
		return out
	case lk.right != "":
		report(CategoryFileCase, 0, caseFix(l.URI, lk.wrong, lk.fixes),
			"%q leads to %q, which exists only as %q: file names are case-sensitive", shown, "/"+t.rel, "/"+lk.right)
	}
	if !t.hasFrag || t.frag == "" || strings.EqualFold(t.frag, "top") || lk.dir {
		return out
	}
	name := t.frag
	if dec, err := uri.Unescape(name); err == nil {
		name = dec
	}
	where := "/" + t.rel
	if lk.right != "" {
		where = "/" + lk.right
	}
	tg := a.index.get(lk.abs)
	if (tg.kind == kindMarkdown && !plain(t.query)) || tg.kind == kindHTML {
		if tg.anchors[name] {
			return out
		}
		// GitHub renders the id of a Markdown heading or HTML element as
		// "user-content-" and the id, and links to either name work.
		if tg.kind == kindMarkdown {
			if bare, ok := strings.CutPrefix(name, "user-content-"); ok && tg.anchors[bare] {
				return out
			}
		}
		if right, ok := tg.folds[strings.ToLower(name)]; ok {
			report(CategoryAnchorCase, t.fragAt, []uri.Edit{{Start: t.fragAt, End: len(l.URI), New: fragText(t.frag, right)}},
				"%q names anchor %q, which %q has only as %q: anchors are case-sensitive", shown, name, where, right)
			return out
		}
		report(CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q, which %q does not have", shown, name, where)
		return out
	}
	from, to, isLine := lineAnchor(name)
	switch {
	case isLine && (from < 1 || from > tg.lines || to < 1 || to > tg.lines):
		report(CategoryBrokenAnchor, t.fragAt, nil, "%q names line %d, but %q has %d lines", shown, max(from, to), where, tg.lines)
	case !isLine && !tg.binary:
		report(CategoryBrokenAnchor, t.fragAt, nil, "%q names anchor %q, but %q is shown as source, with line anchors only (#L10, #L10-L20)", shown, name, where)
	}
	return out
}

// showRoot returns the root relative to the working directory.
func (a *auditor) showRoot(root string) string {
	if wd, err := filepath.Abs("."); err == nil {
		if rel, err := filepath.Rel(wd, root); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(root)
}

// fragText writes the anchor right as the fragment was written:
// percent-encoded when it was, else raw (non-ASCII letters and all), as
// long as that does not end the link or the fragment.
func fragText(written, right string) string {
	if strings.Contains(written, "%") || strings.ContainsAny(right, " \t\n\r#<>()[]\"'`\\") {
		return uri.Escape(right, uri.ComponentFragment)
	}
	return right
}

// caseFix returns the edits of ref that spell each wrong name of its path
// as the file system does, or nil when a wrong name is not one segment of
// the path as written, exactly once.
func caseFix(ref string, wrong, right []string) []uri.Edit {
	end := len(ref)
	if k := strings.IndexAny(ref, "?#"); k >= 0 {
		end = k
	}
	var edits []uri.Edit
	for i, w := range wrong {
		var hit *uri.Edit
		start := 0
		for _, seg := range strings.SplitAfter(ref[:end], "/") {
			s := strings.TrimSuffix(seg, "/")
			dec, err := uri.Unescape(s)
			if err == nil && dec == w {
				if hit != nil {
					return nil
				}
				repl := right[i]
				if strings.Contains(s, "%") {
					repl = uri.Escape(repl, uri.ComponentPath)
				}
				hit = &uri.Edit{Start: start, End: start + len(s), New: repl}
			}
			start += len(seg)
		}
		if hit == nil {
			return nil
		}
		edits = append(edits, *hit)
	}
	return edits
}

package site

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// A page template that picks what it renders by a parameter of the page
// ({{ else if eq $.Params.Product "crds" }}{{ partial "crds" . }}: a CRD
// reference rendered from data, an id per field) gives the pages that set
// it ids no source heading shows, as a type's own layout does
// (hugoTypeIDs). hugoParamGuards finds such calls in the default page
// templates of the site and its themes (layouts/_default/ baseof, single,
// list, section, page, all, and the home's index.html) and the partials
// they call, four deep; hugoGuardedPages makes unverifiable the anchors
// of the pages whose front matter sets the parameter to the value, in
// their own keys, their cascade, or an ancestor section's cascade.

// hugoParamGuard is a page parameter's value that makes the templates
// render a partial writing ids from template actions.
type hugoParamGuard struct {
	key, value string // key lower-cased, as Hugo reads Params
	why        string
}

// hugoParamCond matches a condition on a page parameter's value:
// eq .Params.x "v", eq $.Params.x "v", eq .Page.Params.x "v".
var hugoParamCond = regexp.MustCompile(`^(?:if|else\s+if)\s+eq\s+\$?\.(?:Page\.)?Params\.([A-Za-z0-9_]+)\s+"([^"]*)"\s*$`)

// hugoAction matches a template action, its text without the delimiters
// and trim markers.
var hugoAction = regexp.MustCompile(`\{\{-?\s*((?:[^}]|\}[^}])*?)\s*-?\}\}`)

// hugoParamGuards returns the guards of the templates of layouts (the
// site's and its themes' layouts folders), reading partials with partial.
func hugoParamGuards(t *Tree, layouts []string, partial func(string) []byte) []hugoParamGuard {
	g := newGuardFinder(partial)
	for _, d := range layouts {
		for _, n := range []string{"_default/baseof.html", "_default/single.html", "_default/list.html", "_default/section.html", "_default/page.html", "_default/all.html", "index.html"} {
			rel := path.Join(d, n)
			if src, err := t.Read(rel); err == nil {
				g.visit(src, rel, 0)
			}
		}
	}
	return g.out
}

// guardFinder reads templates for partial calls under a condition on a
// page parameter (hugoParamGuards).
type guardFinder struct {
	partial   func(string) []byte
	writesIDs map[string]bool // partial name -> it, or one it calls, writes ids
	read      map[string]bool // partials visited
	seen      map[string]bool // guards found, by key and value
	out       []hugoParamGuard
}

func newGuardFinder(partial func(string) []byte) *guardFinder {
	return &guardFinder{partial: partial, writesIDs: map[string]bool{}, read: map[string]bool{}, seen: map[string]bool{}}
}

// ids reports whether the partial name, or one it calls (four deep),
// writes an id from a template action.
func (g *guardFinder) ids(name string, depth int) bool {
	if v, ok := g.writesIDs[name]; ok || depth > 4 {
		return v
	}
	g.writesIDs[name] = false // a partial that calls itself
	src := g.partial(name)
	v := hugoTemplateID.Match(src)
	for _, m := range hugoPartialCall.FindAllSubmatch(src, 16) {
		v = v || g.ids(string(m[1]), depth+1)
	}
	g.writesIDs[name] = v
	return v
}

// visit reads the template src (named from) and, four deep, the partials
// it calls outside a guard.
func (g *guardFinder) visit(src []byte, from string, depth int) {
	if depth > 4 {
		return
	}
	var conds []string // the open if/with/range actions' conditions
	for _, m := range hugoAction.FindAllSubmatch(src, -1) {
		a := string(bytes.TrimSpace(m[1]))
		switch {
		case strings.HasPrefix(a, "/*"):
			continue // a comment calls nothing
		case a == "end":
			if len(conds) > 0 {
				conds = conds[:len(conds)-1]
			}
		case strings.HasPrefix(a, "else"):
			if len(conds) > 0 {
				conds[len(conds)-1] = a
			}
		case strings.HasPrefix(a, "if ") || strings.HasPrefix(a, "with ") || strings.HasPrefix(a, "range ") || strings.HasPrefix(a, "block ") || strings.HasPrefix(a, "define "):
			conds = append(conds, a)
		}
		for _, c := range hugoPartialCall.FindAllStringSubmatch(a, -1) {
			name := c[1]
			if len(conds) > 0 {
				if m := hugoParamCond.FindStringSubmatch(conds[len(conds)-1]); m != nil && g.ids(name, 0) {
					key := strings.ToLower(m[1]) + "\x00" + m[2]
					if !g.seen[key] {
						g.seen[key] = true
						g.out = append(g.out, hugoParamGuard{key: strings.ToLower(m[1]), value: m[2],
							why: from + ` renders partial "` + name + `", which writes ids from template expressions, where the page's ` + m[1] + " is " + m[2]})
					}
					continue
				}
			}
			if !g.read[name] {
				g.read[name] = true
				g.visit(g.partial(name), "partial "+name, depth+1)
			}
		}
	}
}

// hugoGuardLine reports whether the front matter text fm sets key to
// value on a line of its own (YAML "key: value", TOML "key = 'value'"),
// and whether that line is indented (a nested table: cascade's).
func hugoGuardLine(fm []byte, g hugoParamGuard) (set, nested bool) {
	for _, l := range bytes.Split(fm, []byte("\n")) {
		trimmed := bytes.TrimLeft(l, " \t")
		k, v, ok := bytes.Cut(trimmed, []byte(":"))
		if !ok {
			k, v, ok = bytes.Cut(trimmed, []byte("="))
		}
		if !ok || !strings.EqualFold(string(bytes.TrimSpace(k)), g.key) {
			continue
		}
		v = bytes.Trim(bytes.TrimSpace(v), `"'`)
		if string(v) == g.value {
			set = true
			nested = nested || len(trimmed) < len(l)
		}
	}
	return set, nested
}

// hugoGuardedPages makes unverifiable the anchors of the content pages
// (rels, slash paths from the site's folder) that a guard's parameter
// picks: set in their front matter, or cascaded from a section above.
func hugoGuardedPages(t *Tree, s *Site, guards []hugoParamGuard, rels []string) {
	if len(guards) == 0 {
		return
	}
	own := map[string]string{}      // rel -> why
	cascaded := map[string]string{} // section folder -> why
	for _, rel := range rels {
		in := rel
		src, err := t.head(in)
		if err != nil {
			continue
		}
		src = hugoTrimIntro(src)
		var fm []byte
		for _, fence := range []string{"---", "+++"} {
			if bytes.HasPrefix(src, []byte(fence)) {
				fm, _ = fenced(src, fence)
			}
		}
		for _, g := range guards {
			set, nested := hugoGuardLine(fm, g)
			if !set {
				continue
			}
			own[rel] = g.why
			if nested && strings.HasPrefix(path.Base(in), "_index.") {
				cascaded[path.Dir(in)] = g.why
			}
		}
	}
	for _, rel := range rels {
		why, ok := own[rel]
		if !ok {
			for d := path.Dir(rel); d != "." && d != "/" && d != ""; d = path.Dir(d) {
				if why, ok = cascaded[d]; ok {
					break
				}
			}
		}
		if ok {
			if _, known := s.unknownPageIDs[rel]; !known {
				s.UnknownIDsOf(rel, why)
			}
		}
	}
}

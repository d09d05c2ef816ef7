package site

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FrontMatterLink is a link a page's front matter gives its layout to
// write: Dest as written, Off its offset in the page's source.
type FrontMatterLink struct {
	Dest string
	Off  int
}

// FrontMatterLinks returns the links that VitePress's default theme
// writes from a page's front matter (src, the page's source): the
// home layout's hero.actions[].link and features[].link, and the
// prev.link and next.link of the doc footer ("Frontmatter Config",
// "Home Page"). The theme writes them as a Markdown link is written
// (".md" made the page's URL, a relative one from the page's), but
// VitePress's dead-link check never sees them, so a moved page leaves
// them broken in the build. Nil on other generators, or when the page
// has no such front matter.
func (s *Site) FrontMatterLinks(src []byte) []FrontMatterLink {
	if s.Generator != "vitepress" || !bytes.HasPrefix(src, []byte("---")) || !bytes.Contains(src, []byte("link:")) {
		return nil
	}
	body, ok := fenced(src, "---")
	if !ok {
		return nil
	}
	var n yaml.Node
	if yaml.Unmarshal(body, &n) != nil || n.Kind != yaml.DocumentNode || len(n.Content) == 0 || n.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	start := bytes.IndexByte(src, '\n') + 1
	var out []FrontMatterLink
	add := func(v *yaml.Node) {
		if v == nil || v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
			return
		}
		dest := strings.TrimSpace(v.Value)
		if dest == "" || strings.ContainsAny(dest, " \t\n{}") {
			return
		}
		off := start + lineOffset(body, v.Line)
		if k := bytes.Index(src[off:start+len(body)], []byte(v.Value)); k >= 0 {
			off += k
		} else {
			off = min(off+max(v.Column-1, 0), start+len(body))
		}
		out = append(out, FrontMatterLink{Dest: dest, Off: off})
	}
	top := n.Content[0]
	if hero := yamlKey(top, "hero"); hero != nil {
		for _, a := range yamlItems(yamlKey(hero, "actions")) {
			add(yamlKey(a, "link"))
		}
	}
	for _, f := range yamlItems(yamlKey(top, "features")) {
		add(yamlKey(f, "link"))
	}
	for _, k := range []string{"prev", "next"} {
		add(yamlKey(yamlKey(top, k), "link"))
	}
	return out
}

// yamlKey returns the value of key in the mapping m; nil when m is no
// mapping or has no such key.
func yamlKey(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// yamlItems returns the items of the sequence q, nil when q is none.
func yamlItems(q *yaml.Node) []*yaml.Node {
	if q == nil || q.Kind != yaml.SequenceNode {
		return nil
	}
	return q.Content
}

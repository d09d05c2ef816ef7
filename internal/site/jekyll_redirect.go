package site

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"
)

// RedirectTo returns the link that jekyll-redirect-from writes in place
// of a page whose front matter says "redirect_to: /new/" (the page
// src), and the offset in src of the value as written; false when the
// site is no Jekyll site whose configuration lists the plugin, when
// the site's own _layouts/redirect.html writes the redirect page (its
// links are then the layout's, a template's), or when the value is no
// URL ("redirect_to: false"). The plugin writes the target through
// absolute_url: a URL with a scheme stays as written, any other is
// taken from the site's top ("introduction" is "/introduction", under
// baseurl), so a page with a target that no file publishes links to a
// page that is not there, as its built redirect page does.
func (s *Site) RedirectTo(src []byte) (dest string, off int, ok bool) {
	v := s.liquid
	if v == nil || !v.redirectTo || !bytes.HasPrefix(src, []byte("---")) || !bytes.Contains(src, []byte("redirect_to")) {
		return "", 0, false
	}
	body, ok := fenced(src, "---")
	if !ok {
		return "", 0, false
	}
	var n yaml.Node
	if yaml.Unmarshal(body, &n) != nil || n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return "", 0, false
	}
	m := n.Content[0]
	if m.Kind != yaml.MappingNode {
		return "", 0, false
	}
	var val *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == "redirect_to" {
			val = m.Content[i+1]
		}
	}
	// A list redirects to its first entry, as the plugin reads it.
	if val != nil && val.Kind == yaml.SequenceNode && len(val.Content) > 0 {
		val = val.Content[0]
	}
	if val == nil || val.Kind != yaml.ScalarNode || val.Tag != "!!str" {
		return "", 0, false // false, a number, a map: no redirect
	}
	to := strings.TrimSpace(val.Value)
	if to == "" || strings.ContainsAny(to, " \t\n{}") {
		return "", 0, false // Liquid is not rendered in front matter
	}
	// The value's offset: the body begins after the first line of src.
	start := bytes.IndexByte(src, '\n') + 1
	off = start + lineOffset(body, val.Line)
	if k := bytes.Index(src[off:], []byte(val.Value)); k >= 0 && off+k < start+len(body) {
		off += k
	} else {
		off = min(off+max(val.Column-1, 0), start+len(body))
	}
	if hasScheme(to) || v.url == "" {
		return v.relativeURL(to), off, true
	}
	return strings.TrimSuffix(v.url, "/") + v.relativeURL(to), off, true
}

// lineOffset returns the offset in b of the line numbered line (from 1),
// or len(b) when b has fewer lines; a line ends, as in YAML, at "\n",
// "\r\n" or "\r".
func lineOffset(b []byte, line int) int {
	off := 0
	for ; line > 1; line-- {
		k := bytes.IndexAny(b[off:], "\r\n")
		if k < 0 {
			return len(b)
		}
		off += k + 1
		if b[off-1] == '\r' && off < len(b) && b[off] == '\n' {
			off++
		}
	}
	return off
}

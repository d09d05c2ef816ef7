package site

import (
	"strings"
)

// liquidVars are the values of a Jekyll site's configuration that Liquid
// writes into its links: site.baseurl and site.url, as _config.yml has
// them ("" when unset).
type liquidVars struct {
	baseurl, url string
	// redirectTo is whether jekyll-redirect-from writes the pages of
	// redirect_to with its own template (Site.RedirectTo).
	redirectTo bool
	// inc reads the files the pages include (Site.LiquidIncludesKnown).
	inc *jekyllIncludes
	// fixed are the configuration's top-level strings and booleans
	// ("version: latest") that an "{% if site.version == ... %}" of a
	// page compares, when _config.yml is the site's only configuration
	// (another, "_config_prod.yml", may set them otherwise): nil else.
	fixed map[string]any
}

// LiquidURL returns the URL that Jekyll writes for a link destination
// made of literal text and Liquid output tags whose values the
// configuration fixes (jekyllrb.com/docs/liquid/filters):
//
//	{{ site.baseurl }}/docs/a/         baseurl as configured
//	{{ site.url }}{{ site.baseurl }}/a url as configured, when it is
//	{{ "/docs/a/" | relative_url }}    baseurl, then the path
//	{{ '/a' | absolute_url }}          url, baseurl, then the path
//
// It reports false for any other destination: one without an output
// tag, with a Liquid tag ("{% if %}"), another variable or filter, or
// site.url that the configuration does not set (jekyll serve and the
// GitHub Pages metadata plugin set it then): unknown, not broken.
func (s *Site) LiquidURL(dest string) (string, bool) {
	v := s.liquid
	if v == nil || !strings.Contains(dest, "{{") || strings.Contains(dest, "{%") {
		return "", false
	}
	var b strings.Builder
	for rest := dest; rest != ""; {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			return "", false
		}
		out, ok := v.output(rest[i+2 : i+j])
		if !ok {
			return "", false
		}
		b.WriteString(out)
		rest = rest[i+j+2:]
	}
	u := b.String()
	if u == "" || strings.ContainsAny(u, " \t\n{}") {
		return "", false
	}
	return u, true
}

// output returns what the output tag whose inner text is expr writes.
func (v *liquidVars) output(expr string) (string, bool) {
	// "{{-" and "-}}" only strip white space around the tag.
	expr = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(expr, "-"), "-"))
	switch expr {
	case "site.baseurl":
		return v.baseurl, true
	case "site.url":
		return v.url, v.url != ""
	}
	lit, filter, ok := strings.Cut(expr, "|")
	if !ok {
		return "", false
	}
	lit, filter = strings.TrimSpace(lit), strings.TrimSpace(filter)
	if len(lit) < 2 || lit[0] != '"' && lit[0] != '\'' || lit[len(lit)-1] != lit[0] {
		return "", false
	}
	in := lit[1 : len(lit)-1]
	if strings.ContainsAny(in, "\"'") {
		return "", false
	}
	switch filter {
	case "relative_url":
		return v.relativeURL(in), true
	case "absolute_url":
		if hasScheme(in) || v.url == "" {
			return v.relativeURL(in), true // both leave it, or give the path
		}
		return strings.TrimSuffix(v.url, "/") + v.relativeURL(in), true
	}
	return "", false
}

// relativeURL is Jekyll's relative_url filter: a URL with a scheme stays
// as it is; a path gets the baseurl (its trailing "/" cut), each with a
// leading "/".
func (v *liquidVars) relativeURL(in string) string {
	if hasScheme(in) {
		return in
	}
	return leadingSlash(strings.TrimSuffix(v.baseurl, "/")) + leadingSlash(in)
}

func leadingSlash(s string) string {
	if s == "" || s[0] == '/' {
		return s
	}
	return "/" + s
}

// hasScheme reports whether s begins with a URI scheme and ":"
// (RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

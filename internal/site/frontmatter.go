package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"
)

// frontMatter is what the generators read of a page's front matter.
type frontMatter struct {
	URL       string   `yaml:"url" toml:"url" json:"url"`
	Slug      string   `yaml:"slug" toml:"slug" json:"slug"`
	Title     string   `yaml:"title" toml:"title" json:"title"`
	Aliases   []string `yaml:"aliases" toml:"aliases" json:"aliases"`
	ID        string   `yaml:"id" toml:"id" json:"id"`
	Permalink string   `yaml:"permalink" toml:"permalink" json:"permalink"`
	Draft     bool     `yaml:"draft" toml:"draft" json:"draft"`
	Date      any      `yaml:"date" toml:"date" json:"date"`
	// RedirectFrom are the old URLs of a Jekyll page
	// (jekyll-redirect-from): a string or a list of them.
	RedirectFrom any `yaml:"redirect_from" toml:"redirect_from" json:"redirect_from"`
	// Category and Categories are a Jekyll post's categories, which
	// its permalink may name (":categories"): a string or a list.
	Category   any `yaml:"category" toml:"category" json:"category"`
	Categories any `yaml:"categories" toml:"categories" json:"categories"`
	// Tags are a Hugo page's terms of the taxonomy tags.
	Tags any `yaml:"tags" toml:"tags" json:"tags"`
	// Type is a Hugo page's content type, whose layouts render it;
	// Layout names the template of that type's folder to use.
	Type   any `yaml:"type" toml:"type" json:"type"`
	Layout any `yaml:"layout" toml:"layout" json:"layout"`
	// Headless, Build and BuildOld are a Hugo page's build options
	// (headless: true; build, _build before Hugo 0.145: render never).
	// Template names the theme's template that renders an MkDocs
	// page (page.meta.template).
	Template any `yaml:"template" toml:"template" json:"template"`
	Headless any `yaml:"headless" toml:"headless" json:"headless"`
	Build    any `yaml:"build" toml:"build" json:"build"`
	BuildOld any `yaml:"_build" toml:"_build" json:"_build"`
}

// words returns the strings of a front matter value: a list's, or a
// string split at white space (Jekyll's "categories: a b").
func words(v any, split bool) []string {
	switch v := v.(type) {
	case string:
		if split {
			return strings.Fields(v)
		}
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			switch e := e.(type) {
			case string:
				out = append(out, e)
			case int, float64, bool:
				out = append(out, fmt.Sprint(e))
			}
		}
		return out
	case int, float64, bool:
		return []string{fmt.Sprint(v)}
	}
	return nil
}

// redirectsFrom returns the URLs of the front matter's redirect_from:
// one, or a list.
func (fm frontMatter) redirectsFrom() []string { return words(fm.RedirectFrom, false) }

// readFrontMatter reads the front matter at the start of src: YAML
// between "---" lines, TOML between "+++" lines, or a JSON object.
// A page without one, or with one that does not decode, gives the zero
// value: the page is laid out by its path.
func readFrontMatter(src []byte) frontMatter {
	var fm frontMatter
	switch {
	case bytes.HasPrefix(src, []byte("---")):
		if body, ok := fenced(src, "---"); ok {
			var n yaml.Node
			if yaml.Unmarshal(body, &n) == nil {
				_ = n.Decode(&fm) // a key of another type is left out
			}
		}
	case bytes.HasPrefix(src, []byte("+++")):
		if body, ok := fenced(src, "+++"); ok {
			_, _ = toml.Decode(string(body), &fm)
		}
	case bytes.HasPrefix(src, []byte("{")):
		dec := json.NewDecoder(bytes.NewReader(src))
		_ = dec.Decode(&fm)
	}
	return fm
}

// fenced returns the lines between the fence on the first line of src and
// the next line that is the fence.
func fenced(src []byte, fence string) ([]byte, bool) {
	nl := bytes.IndexByte(src, '\n')
	if nl < 0 || string(bytes.TrimSpace(src[:nl])) != fence {
		return nil, false
	}
	rest := src[nl+1:]
	for off := 0; off < len(rest); {
		end := bytes.IndexByte(rest[off:], '\n')
		line := rest[off:]
		if end >= 0 {
			line = rest[off : off+end]
		}
		if string(bytes.TrimRight(line, " \t\r")) == fence {
			return rest[:off], true
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return nil, false
}

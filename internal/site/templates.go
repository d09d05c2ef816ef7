package site

import (
	"bytes"

	"github.com/urilint/urilint/extract"
	"go.yaml.in/yaml/v3"
)

// preMarkdown is how a generator runs a template language over its pages
// before their Markdown is read (see Templates).
type preMarkdown struct {
	langs extract.Templates
	// key is the front-matter key by which a page says whether the
	// languages run over it ("render_with_liquid", "render_macros"), ""
	// when there is none; byDefault whether they run when it does not
	// say.
	key       string
	byDefault bool
}

// runsBefore records that the generator runs the template languages
// langs over its pages before their Markdown is read, unless the page's
// front matter says key: false (or, when byDefault is false, unless it
// says key: true).
func (s *Site) runsBefore(langs extract.Templates, key string, byDefault bool) {
	s.pre = preMarkdown{langs: langs, key: key, byDefault: byDefault}
}

// Templates returns the template languages that the generator runs over
// the page rel (a slash path from the audited root), whose source is
// src, before its Markdown is read: what extract.Extractor.Templates
// takes, whose documentation ("Template actions" in package extract)
// says which generator runs which. A file that the site publishes no
// page of has none: it is read as the forge shows it.
func (s *Site) Templates(rel string, src []byte) extract.Templates {
	if s.pre.langs == 0 {
		return 0
	}
	if _, ok := s.URL(rel); !ok {
		return 0
	}
	on := s.pre.byDefault
	if s.pre.key != "" && bytes.Contains(src, []byte(s.pre.key)) {
		if v, ok := frontMatterFlag(src, s.pre.key); ok {
			on = v
		}
	}
	if !on {
		return 0
	}
	return s.pre.langs
}

// frontMatterFlag returns the boolean that the YAML front matter of src
// sets key to, if any.
func frontMatterFlag(src []byte, key string) (bool, bool) {
	body, ok := fenced(src, "---")
	if !ok || !bytes.Contains(body, []byte(key)) {
		return false, false
	}
	var fm map[string]any
	if yaml.Unmarshal(body, &fm) != nil {
		return false, false
	}
	v, ok := fm[key].(bool)
	return v, ok
}

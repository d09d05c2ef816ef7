package site

import (
	"strings"
	"testing"
)

// The ids below are those Redcarpet 3.6 (Debian's ruby-redcarpet) wrote
// for these headings with with_toc_data.
func TestRedcarpetSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Écriture d'un module": "criture-dun-module",
		"A & B -- c.d":         "a-b-c-d",
		"Be careful!":          "be-careful",
		"code x (y)":           "code-x-y",
		"Render":               "render",
		"---":                  "part-b87784c",
		"内置的过滤器":               "part-cda1d805a3577fa5",
		"if 表达式":               "if",
		"Keyword Arguments":    "keyword-arguments",
		"x_y 1.2":              "x_y-1-2",
		"":                     "",
	} {
		if got := redcarpetSlug(in); got != want {
			t.Errorf("redcarpetSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRedcarpetRepeatKept(t *testing.T) {
	s := &Site{slug: redcarpetSlug, dupKept: true, dupSep: "-"}
	got := s.HeadingIDs([]string{"Render", "Render", "Be careful!"})
	want := []string{"render", "render", "be-careful"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("HeadingIDs = %q, want %q", got, want)
			break
		}
	}
}

// A plugin that reopens or extends the Markdown renderer every page is
// converted with, and overrides the method writing links or headings,
// makes the links or ids its own; a renderer a tag makes for itself, or
// a plugin that only uses one, does not.
func TestJekyllPluginRenderer(t *testing.T) {
	for _, c := range []struct {
		src          string
		links, heads bool
	}{
		{"class Redcarpet::Render::HTML\n  def header(title, level)\n  end\n  def link(link, title, content)\n  end\nend\n", true, true},
		{"module Kramdown\n  module Converter\n    class Html\n      def convert_a(el, indent)\n      end\n    end\n  end\nend\n", true, false},
		{"class Anchors < Kramdown::Converter::Html\n  def convert_header(el, indent)\n  end\nend\n", false, true},
		{"module Kramdown\n  module Converter\n    class Html\n      def convert_header(el, indent)\n        attr['id'] = generate_id(el.options[:raw_text])\n      end\n    end\n  end\nend\n", false, false},
		{"module Kramdown\n  module Converter\n    class Html\n      def generate_id(str)\n        str.downcase\n      end\n    end\n  end\nend\n", false, true},
		{"class WithHighlights < Redcarpet::Render::HTML\n  def block_code(code, language)\n  end\nend\n", false, false},
		{"@@r = Class.new(Redcarpet::Render::HTML) do\n  def link(l, t, c)\n  end\nend\n", false, false},
		{"html = Kramdown::Document.new(text).to_html\ndef link(x)\nend\n", false, false},
	} {
		e, _ := jekyllPluginEffectOf("_plugins/x.rb", []byte(c.src))
		if e.links != c.links || e.rewrites != c.heads {
			t.Errorf("%q: links %v, headings %v; want %v, %v", c.src, e.links, e.rewrites, c.links, c.heads)
		}
	}
}

// FuzzRedcarpetSlug: whatever the heading, its id is ASCII bytes none
// of which Redcarpet strips (no upper case letter, no white space, no
// punctuation of redcarpetStripped) and single dashes between them, or
// "part-" and a hex hash; empty only for an empty heading.
func FuzzRedcarpetSlug(f *testing.F) {
	for _, s := range []string{"Écriture d'un module", "A & B -- c.d", "内置的过滤器", "", "---", "<b>x</b>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		id := redcarpetSlug(text)
		if id == "" {
			if text != "" {
				t.Errorf("%q: empty id", text)
			}
			return
		}
		if strings.HasPrefix(id, "part-") && strings.Trim(id[5:], "0123456789abcdef") == "" && len(id) > 5 {
			return
		}
		if id[0] == '-' || id[len(id)-1] == '-' || strings.Contains(id, "--") {
			t.Errorf("%q: id %q has a dash at an end or two in a row", text, id)
		}
		for i := 0; i < len(id); i++ {
			c := id[i]
			if c >= 0x80 || 'A' <= c && c <= 'Z' || c == '\t' || c == '\n' || c != '-' && strings.IndexByte(redcarpetStripped+"&<>", c) >= 0 {
				t.Errorf("%q: id %q has %q", text, id, c)
				break
			}
		}
	})
}

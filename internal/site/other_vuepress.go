package site

import (
	"bytes"
	"strings"
)

// VuePress is no modelled generator, but the heading ids of its
// Markdown are known: markdown-it-anchor with VuePress' slugify
// (@vuepress/shared-utils, and @mdit-vue/shared's in VuePress 2): the
// text decomposed (NFKD) and its combining marks dropped, control
// characters removed, each run of white space and of the punctuation
// `~!@#$%^&*()-_+=[]{}|\;:"'“”‘’–—<>,.?/ one "-", none at either end,
// "_" before a leading digit, lower-cased; a repeated heading numbered
// from 1. vuejs/vuepress had 16 links to ids its build does not have
// ("#git-repo-and-edit-links" after the heading was renamed), all
// unverifiable before.

// vuepressOwnSlug are the words of a VuePress configuration that may
// change the ids: another slugify, anchor options, Markdown plugins.
var vuepressOwnSlug = [][]byte{[]byte("slugify"), []byte("anchor"), []byte("extendMarkdown"), []byte("markdown-it"), []byte("chainMarkdown")}

// vuepressIDs reports whether the heading ids of the VuePress site whose
// configuration is marker are VuePress' slugify's: the configuration
// names nothing that changes them.
func vuepressIDs(t *Tree, s *Site, marker string) bool {
	src, err := t.Read(marker)
	if err != nil {
		return false
	}
	for _, w := range vuepressOwnSlug {
		if bytes.Contains(src, w) {
			return false
		}
	}
	s.slug = vuepressSlug
	return true
}

// vuepressSpecial are the characters besides white space that
// VuePress' slugify turns into "-".
const vuepressSpecial = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’–—<>,.?/"

// vuepressSlug is VuePress' slugify (see above), lower-cased.
func vuepressSlug(text string) string {
	return strings.ToLower(markdownItSlug(text, vuepressSpecial, false))
}

package site

import (
	"slices"
	"testing"
)

// TestDocusaurusMarkdownPluginModules checks that the modules of the
// Markdown plugin lists are read, and what the lists pass them (options,
// paths a function of the configuration makes) is not.
func TestDocusaurusMarkdownPluginModules(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"docs: {remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), {sync: true}]]}", []string{"@docusaurus/remark-plugin-npm2yarn"}},
		{"import { resolve } from 'node:path'\nimport { linkDocblocks } from 'remark-typescript-tools'\n" +
			"docs: {remarkPlugins: [[linkDocblocks, {extractorSettings: {tsconfig: resolve(__dirname, './tsconfig.json')}}]]}",
			[]string{"remark-typescript-tools"}},
		{"docs: {remarkPlugins: [[require('remark-shiki-twoslash').default, require('./shikiTwoslash.config')], require('./mdxToJsx')]}",
			[]string{"remark-shiki-twoslash", "./mdxToJsx"}},
		{"const math = require('remark-math');\nconst slug = require('rehype-slug');\ndocs: {remarkPlugins: [math], rehypePlugins: [slug]}",
			[]string{"remark-math", "rehype-slug"}},
		{"docs: {beforeDefaultRemarkPlugins: [(await import('remark-heading-id')).default]}", []string{"remark-heading-id"}},
		{"docs: {remarkPlugins: [localFunction]}", nil},
		{"docs: {sidebarPath: require.resolve('./sidebars.js')}", nil},
	} {
		if got := docusaurusMarkdownPluginModules([]byte(c.src)); !slices.Equal(got, c.want) {
			t.Errorf("docusaurusMarkdownPluginModules(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

package site

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// The Markdown plugins of a Docusaurus configuration (remarkPlugins,
// rehypePlugins and their beforeDefault kinds, in the preset's or a
// content plugin's options) run over every page: one may write heading
// ids of its own (a slugger, a table of contents, footnotes). Those the
// model knows to write none are listed by what their names say
// (docusaurusQuietMarkdown); a plugin of the site's own code is read,
// and writes none when its source names no id, slug or hProperties.
// Any other makes the site's ids unknown: a fragment its source does
// not show is unverifiable, and the detection line names the plugin.
var (
	docusaurusMarkdownPlugins = regexp.MustCompile(`(?:^|[^\w$.])['"]?(?:beforeDefault)?(?:[Rr]emark|[Rr]ehype)(?:Plugins)['"]?\s*:\s*\[`)
	docusaurusRequire         = regexp.MustCompile(`\brequire\(\s*['"]([^'"\n]+)['"]\s*\)`)
	docusaurusImportFrom      = regexp.MustCompile(`\bimport\s+([\w$]+\s*,?\s*)?(?:\{([^}]*)\})?\s*(?:\*\s*as\s+([\w$]+))?\s*from\s+['"]([^'"\n]+)['"]`)
	docusaurusRequireBind     = regexp.MustCompile(`\b(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\(\s*['"]([^'"\n]+)['"]\s*\)`)
	docusaurusWord            = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	docusaurusDynImport       = regexp.MustCompile(`\bimport\(\s*['"]([^'"\n]+)['"]\s*\)`)
	docusaurusQuietMarkdown   = regexp.MustCompile(`(?i)npm2yarn|math|katex|mermaid|code-?import|plantuml|shiki|twoslash|prism|highlight|emoji|gfm|typescript-tools|kroki|admonition|tab|breaks|smartypants|unwrap-images|mdx-code-meta|live-?code|sandpack|codesandbox|deflist|definition-list`)
	docusaurusLocalIDs        = regexp.MustCompile(`\bid\b|\bslug|hProperties`)
)

// maxMarkdownPlugins bounds the plugin lists read: a real site has a
// handful; a hostile configuration with thousands is read no further.
const maxMarkdownPlugins = 64

// docusaurusMarkdownPluginModules returns the modules of the Markdown
// plugins the configuration src lists: those required in a list, and
// those a list names by a binding the configuration imports or
// requires.
func docusaurusMarkdownPluginModules(src []byte) []string {
	bound := map[string]string{} // a name the configuration binds to a module
	bind := func(names, mod string) {
		for _, part := range strings.Split(names, ",") {
			// "a as b", "a: b": the local name is the last.
			f := docusaurusWord.FindAllString(part, -1)
			if len(f) > 0 && f[len(f)-1] != "as" {
				bound[f[len(f)-1]] = mod
			}
		}
	}
	for _, m := range docusaurusImportFrom.FindAllSubmatch(src, -1) {
		mod := string(m[4])
		bind(string(m[1]), mod)
		bind(string(m[2]), mod)
		bind(string(m[3]), mod)
	}
	for _, m := range docusaurusRequireBind.FindAllSubmatch(src, -1) {
		mod := string(m[3])
		bind(string(m[1]), mod)
		bind(string(m[2]), mod)
	}
	var out []string
	add := func(mod string) {
		if !slices.Contains(out, mod) {
			out = append(out, mod)
		}
	}
	for _, m := range docusaurusMarkdownPlugins.FindAllIndex(src, maxMarkdownPlugins) {
		list := bracketed(src, m[1]-1)
		inner := strings.TrimSuffix(strings.TrimPrefix(string(list), "["), "]")
		items := docusaurusListItems(inner)
		if len(items) > maxMarkdownPlugins {
			items = items[:maxMarkdownPlugins]
		}
		for _, item := range items {
			// "[plugin, options]": the plugin is the first element.
			if strings.HasPrefix(item, "[") {
				els := docusaurusListItems(strings.TrimSuffix(strings.TrimPrefix(item, "["), "]"))
				if len(els) == 0 {
					continue
				}
				item = els[0]
			}
			if r := docusaurusRequire.FindStringSubmatch(item); r != nil {
				add(r[1])
			} else if r := docusaurusDynImport.FindStringSubmatch(item); r != nil {
				add(r[1])
			} else if w := docusaurusWord.FindString(item); w != "" && strings.HasPrefix(item, w) {
				if mod, ok := bound[w]; ok {
					add(mod)
				}
			}
		}
	}
	return out
}

// markdownPlugins makes the site's ids unknown where a Markdown plugin
// of the configuration src may write ids (above).
func (docusaurus) markdownPlugins(t *Tree, s *Site, src []byte) {
	for _, mod := range docusaurusMarkdownPluginModules(src) {
		if docusaurusQuietMarkdown.MatchString(mod) {
			continue
		}
		if strings.HasPrefix(mod, "./") || strings.HasPrefix(mod, "../") {
			if f := docusaurusLocalModule(t, mod); f != "" {
				if code, err := t.Read(f); err == nil && !docusaurusLocalIDs.Match(code) {
					continue // the site's own plugin, which writes no id
				}
			}
		}
		s.Unmodelled("remark plugins", mod, false, true)
	}
}

// docusaurusLocalModule returns the file a relative module name of the
// configuration names, as Node resolves it (the name, with an extension,
// or its folder's index), or "".
func docusaurusLocalModule(t *Tree, mod string) string {
	p := path.Clean(mod)
	var names []string
	for _, ext := range []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts"} {
		names = append(names, p+ext)
	}
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts"} {
		names = append(names, p+"/index"+ext)
	}
	for _, n := range names {
		if _, bad := docusaurusDir(t, n); bad {
			return ""
		}
		if t.Exists(n) {
			if _, err := t.Read(n); err == nil {
				return n
			}
		}
	}
	return ""
}

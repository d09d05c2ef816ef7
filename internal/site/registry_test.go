package site

import (
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	fileconfig "github.com/urilint/urilint/internal/config"
)

// TestRegistry ties the registry to what a user reads and writes: the
// values the configuration file's site.generator accepts (its enum, which
// the schema and the decoder use) are the registry's names and "auto",
// and each publisher has its page in docs/sites/, linked from the
// README there, and no page is of a publisher the registry lacks.
func TestRegistry(t *testing.T) {
	enum := generatorEnum(t)
	names := Names()
	if dup := duplicates(names); dup != "" {
		t.Errorf("the registry names %q twice", dup)
	}
	if !sameSet(enum, names) {
		t.Errorf("site.generator's enum in internal/config is %q, the registry's names %q: add a new publisher to both", enum, names)
	}

	const dir = "../../docs/sites"
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, p := range publishers {
		if p.page == "" {
			t.Errorf("publisher %s has no page of docs/sites/", p.name)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, p.page)); err != nil {
			t.Errorf("publisher %s: its page: %v", p.name, err)
		}
		if !strings.Contains(string(readme), "]("+p.page+")") {
			t.Errorf("docs/sites/README.md does not link %s, the page of %s", p.page, p.name)
		}
		pages = append(pages, p.page)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := filepath.Base(f); name != "README.md" && !slices.Contains(pages, name) {
			t.Errorf("docs/sites/%s is the page of no publisher of the registry", name)
		}
	}
}

// generatorEnum returns the values the configuration file's
// site.generator accepts, found by the keys a user writes, from the
// struct tags of config.File.
func generatorEnum(t *testing.T) []string {
	t.Helper()
	typ := reflect.TypeFor[fileconfig.File]()
	for _, key := range []string{"site", "generator"} {
		f, ok := fieldByKey(typ, key)
		if !ok {
			t.Fatalf("config.File has no key %q on the way to site.generator", key)
		}
		if key == "generator" {
			enum := f.Tag.Get("enum")
			if enum == "" {
				t.Fatal("site.generator has no enum tag")
			}
			return strings.Split(enum, ",")
		}
		typ = f.Type
	}
	panic("unreachable")
}

// fieldByKey returns the field of the struct typ whose yaml key is key.
func fieldByKey(typ reflect.Type, key string) (reflect.StructField, bool) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for f := range typ.Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); name == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func duplicates(names []string) string {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return n
		}
		seen[n] = true
	}
	return ""
}

func sameSet(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(a, b)
}

// TestMarkers checks each marker of the registry where it is looked
// for: a tree holding it (and a content/ folder, which Hugo's config.*
// asks for) alone is detected as its publisher, with the marker as
// evidence; and a generator recognized below the root is found in a
// folder with the marker, by the marker, so that the names the nested
// search looks for (nestedNames) lead to every marker.
func TestMarkers(t *testing.T) {
	for _, p := range publishers {
		for _, m := range p.markers {
			root := t.TempDir()
			write(t, root, "site/"+m)
			write(t, root, "site/content/_index.md")
			if p.name == "other" {
				// A common name is a generator's only with what
				// shows it (otherMarkers' confirm).
				for rel, text := range otherShown[m] {
					writeText(t, root, "site/"+rel, text)
				}
			}
			// The files are empty: a configuration that cannot be
			// read is an error, not a reason to detect another
			// generator.
			s, _ := Detect(filepath.Join(root, "site"), Options{Repository: "none"})
			if s.Generator != p.name || s.Evidence != m {
				t.Errorf("a tree with %s is detected as %s (%s), want %s (%s)", m, s.Generator, s.Evidence, p.name, m)
			}
			top, _ := Detect(root, Options{Repository: "none"})
			sites, _ := Nested(top)
			var got []string
			for _, s := range sites {
				got = append(got, s.Dir()+": "+path.Join(s.Dir(), s.Evidence)+": "+s.Generator)
			}
			var want []string
			if p.nested {
				// A marker in a folder that is a marker from that
				// folder (docs/.vitepress/config.ts) is the site of
				// that folder.
				dir := "site"
				if d, rest, ok := strings.Cut(m, "/"); ok && slices.Contains(p.markers, rest) {
					dir += "/" + d
				}
				want = []string{dir + ": site/" + m + ": " + p.name}
			}
			if !slices.Equal(got, want) {
				t.Errorf("below the root, a folder with %s: nested sites %q, want %q", m, got, want)
			}
		}
	}
}

// otherShown are, for each marker of a generator no model covers whose
// name is common, the files that show it is that generator's.
var otherShown = map[string]map[string]string{
	"next.config.js":   {"package.json": `{"dependencies": {"nextra": "4"}}`},
	"next.config.mjs":  {"package.json": `{"dependencies": {"nextra": "4"}}`},
	"next.config.ts":   {"package.json": `{"dependencies": {"nextra": "4"}}`},
	"index.html":       {"index.html": `<script>window.$docsify = {}</script>`},
	"_config.yml":      {"package.json": `{"dependencies": {"hexo": "7"}}`},
	"config.toml":      {"config.toml": `base_url = "https://x.test"`},
	"conf.py":          {"conf.py": `extensions = ["myst_parser"]`},
	"docs.json":        {"docs.json": `{"$schema": "https://mintlify.com/docs.json"}`},
	"source.config.ts": {"source.config.ts": `import { defineDocs } from 'fumadocs-mdx/config';`},
	"nuxt.config.ts":   {"package.json": `{"dependencies": {"@nuxt/content": "3"}}`},
	"nuxt.config.js":   {"package.json": `{"dependencies": {"@nuxt/content": "3"}}`},
	"svelte.config.js": {"svelte.config.js": `import { mdsvex } from 'mdsvex';`},
	"_config.ts":       {"_config.ts": `import lume from "lume/mod.ts";`},
}

func write(t *testing.T, root, rel string) { writeText(t, root, rel, "\n") }

func writeText(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

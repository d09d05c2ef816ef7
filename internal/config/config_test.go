package config

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite docs/urilint.schema.json")

const schemaFile = "../../docs/urilint.schema.json"

func TestDecodeFull(t *testing.T) {
	src := `version: 1
enable: [percent-case]
disable: [empty-port]
allow-zone: true
go:
  tests: true
  fix-tests: false
documents:
  exclude: [CHANGELOG.md, "third_party/*"]
  root: docs
  code: true
  format: markdown
remote:
  enabled: true
  timeout: 10s
  retries: 0
  concurrency: 16
  per-host: 4
  max-time: 3m
  cache: .urilint-cache.json
  cache-ttl: 24h
  exclude-urls: ["^https://internal\\."]
site:
  generator: hugo
  repository: github.com/owner/repo
  base-urls: ["https://example.org/docs/"]
  mounts: {"/": "public/", "/docs/": "content/docs/"}
  extensions: {".html": ".md"}
  index: [index.md, README.md]
  redirects: [_redirects]
`
	c, err := Decode("/r/.urilint.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	zero := 0
	want := &File{
		Version: 1, Enable: []string{"percent-case"}, Disable: []string{"empty-port"}, AllowZone: true,
		Go:        Go{Tests: true},
		Documents: Documents{Exclude: []string{"CHANGELOG.md", "third_party/*"}, Root: "docs", Code: true, Format: "markdown"},
		Remote: Remote{Enabled: true, Timeout: Duration(10 * time.Second), Retries: &zero, Concurrency: 16, PerHost: 4,
			MaxTime: Duration(3 * time.Minute), Cache: ".urilint-cache.json", CacheTTL: Duration(24 * time.Hour),
			ExcludeURLs: []string{`^https://internal\.`}},
		Site: Site{Generator: "hugo", Repository: "github.com/owner/repo", BaseURLs: []string{"https://example.org/docs/"},
			Mounts: map[string]string{"/": "public/", "/docs/": "content/docs/"}, Extensions: map[string]string{".html": ".md"},
			Index: []string{"index.md", "README.md"}, Redirects: []string{"_redirects"}},
		Path: "/r/.urilint.yaml",
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("Decode =\n%+v\nwant\n%+v", c, want)
	}
	if got := c.Rel(c.Documents.Root); got != filepath.FromSlash("/r/docs") {
		t.Errorf("Rel(%q) = %q, want the path from the file's directory", c.Documents.Root, got)
	}
}

var errorTests = []struct{ src, want string }{
	{"version: 1\nenabel: [x]\n", "c.yaml:2: enabel: unknown key (known here: version, enable, disable, allow-zone, go, documents, remote, site)"},
	{"version: 1\nremote:\n  timeout: 10\n", "c.yaml:3: remote.timeout: \"10\" is not a positive duration such as 10s"},
	{"version: 1\nremote:\n  timeout: soon\n", "c.yaml:3: remote.timeout: \"soon\" is not a positive duration such as 10s"},
	{"version: 1\nallow-zone: yes\n", "c.yaml:2: allow-zone: \"yes\" is not true or false"},
	{"version: 1\nremote:\n  retries: two\n", "c.yaml:3: remote.retries: \"two\" is not a whole number"},
	{"version: 1\nremote:\n  concurrency: 0\n", "c.yaml:3: remote.concurrency: 0 is less than 1"},
	{"version: 1\ndocuments:\n  format: rst\n", "c.yaml:3: documents.format: \"rst\" is not auto, text, markdown or html"},
	{"version: 1\nenable: [percent-case, nope]\n", "c.yaml:2: enable[1]: \"nope\" is not a category (see docs/checks.md)"},
	{"version: 1\nenable: percent-case\n", "c.yaml:2: enable: want a list, such as [a, b]"},
	{"version: 1\ngo:\n  tests: true\n  tests: false\n", "c.yaml:4: go.tests: given twice"},
	{"version: 2\n", "c.yaml:1: version: \"2\" is not 1"},
	{"enable: [percent-case]\n", "c.yaml:1: version: missing: write version: 1"},
	{"version: 1\nremote:\n  exclude-urls: [\"(\"]\n", "c.yaml:3: remote.exclude-urls[0]: \"(\" is not a regular expression: error parsing regexp: missing closing ): `(`"},
	{"version: 1\nsite:\n  mounts: [public]\n", "c.yaml:3: site.mounts: want a mapping, such as {\"/\": public/}"},
	{"version: 1\ndocuments: [a]\n", "c.yaml:2: documents: want a mapping of keys to values"},
	{"version: 1\n  bad: indent\n", "c.yaml:2: mapping values are not allowed in this context"},
	{"- a\n", "c.yaml:1: want a mapping of keys to values"},
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range errorTests {
		_, err := Decode("c.yaml", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Decode(%q) error:\n%v\nwant:\n%s", tt.src, err, tt.want)
		}
	}
}

func TestDecodeEmpty(t *testing.T) {
	for _, src := range []string{"", "# nothing yet\n"} {
		if c, err := Decode("c.yaml", []byte(src)); err != nil || c.Version != 0 {
			t.Errorf("Decode(%q) = %+v, %v; want the defaults", src, c, err)
		}
	}
}

// TestFind: the file is found in the directory or above it, up to the top
// of the git work tree, and not above that.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".urilint.yaml", "version: 1\n") // above the repository: never read
	write("repo/.git/HEAD", "ref: refs/heads/main\n")
	write("repo/a/b/doc.md", "")
	if got := Find(filepath.Join(dir, "repo/a/b")); got != "" {
		t.Errorf("Find with no file in the repository = %q, want none (the one above the repository is not its)", got)
	}
	write("repo/.urilint.yml", "version: 1\n")
	if got, want := Find(filepath.Join(dir, "repo/a/b")), filepath.Join(dir, "repo/.urilint.yml"); got != want {
		t.Errorf("Find = %q, want %q", got, want)
	}
	write("repo/a/.urilint.yaml", "version: 1\nenable: [nope]\n")
	if got, want := Find(filepath.Join(dir, "repo/a/b")), filepath.Join(dir, "repo/a/.urilint.yaml"); got != want {
		t.Errorf("Find = %q, want the nearest, %q", got, want)
	}
	if _, err := Load(filepath.Join(dir, "repo/a/b")); err == nil || !strings.Contains(err.Error(), "repo/a/.urilint.yaml:2: enable[0]: ") {
		t.Errorf("Load = %v, want the error of the nearest file", err)
	}
}

func TestSchemaUpToDate(t *testing.T) {
	got := Schema()
	if *update {
		if err := os.WriteFile(schemaFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go test ./internal/config -update", schemaFile)
	}
}

// yamlBlock finds the fenced YAML blocks of Markdown.
var yamlBlock = regexp.MustCompile("(?ms)^```ya?ml\n(.*?)^```")

// TestDocsExamples: every configuration file shown in docs/ and README.md
// (a YAML block whose first line is "# .urilint.yaml") decodes, and is valid by the schema; the schema
// and the decoder know the same keys.
func TestDocsExamples(t *testing.T) {
	var schema map[string]any
	if err := yaml.Unmarshal(Schema(), &schema); err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range append(docs, "../../README.md") {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range yamlBlock.FindAllSubmatch(src, -1) {
			block := m[1]
			if !bytes.HasPrefix(block, []byte("# .urilint.yaml")) {
				continue // not a configuration file (a golangci-lint one, a workflow)
			}
			n++
			if _, err := Decode(name, block); err != nil {
				t.Errorf("an example of %s does not decode:\n%v\n%s", name, err, block)
			}
			var v any
			if err := yaml.Unmarshal(block, &v); err != nil {
				t.Fatal(err)
			}
			for _, err := range validate(schema, v, "") {
				t.Errorf("an example of %s is not valid by the schema: %s\n%s", name, err, block)
			}
		}
	}
	if n == 0 {
		t.Error("no configuration example in docs/")
	}
	// A key the decoder does not know is refused by the schema too, and
	// each key of the schema is one the decoder knows.
	var walk func(s map[string]any, typ reflect.Type, path string)
	walk = func(s map[string]any, typ reflect.Type, path string) {
		props, _ := s["properties"].(map[string]any)
		var names []string
		for k := range props {
			names = append(names, k)
		}
		slices.Sort(names)
		known := keys(typ)
		slices.Sort(known)
		if !slices.Equal(names, known) {
			t.Errorf("schema keys of %q: %q; decoder keys: %q", path, names, known)
		}
		for k, sub := range props {
			i, _ := fieldByKey(typ, k)
			ft := typ.Field(i).Type
			if ft.Kind() == reflect.Struct && ft != durationType {
				walk(sub.(map[string]any), ft, path+"."+k)
			}
		}
	}
	walk(schema, reflect.TypeFor[File](), "")
}

// validate checks v, decoded YAML, against the subset of JSON Schema that
// Schema writes.
func validate(s map[string]any, v any, path string) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	if v == nil {
		return nil
	}
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			bad("not an object")
			return errs
		}
		props, _ := s["properties"].(map[string]any)
		for k, e := range m {
			if props == nil {
				if _, ok := e.(string); !ok {
					bad("%s is not a string", k)
				}
				continue
			}
			sub, ok := props[k].(map[string]any)
			if !ok {
				bad("unknown key %q", k)
				continue
			}
			errs = append(errs, validate(sub, e, path+"."+k)...)
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			bad("not an array")
			return errs
		}
		for i, e := range a {
			errs = append(errs, validate(s["items"].(map[string]any), e, fmt.Sprintf("%s[%d]", path, i))...)
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			bad("not a string")
			return errs
		}
		if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, any(str)) {
			bad("%q is not in the enum", str)
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			bad("%q does not match %s", str, p)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			bad("not a boolean")
		}
	case "integer":
		if _, ok := v.(int); !ok {
			bad("not an integer")
		}
	}
	return errs
}

// FuzzDecode: no input makes Decode panic, and every error names the
// file and a line.
func FuzzDecode(f *testing.F) {
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	f.Add("version: 1\nsite:\n  mounts: {\"/\": public/}\n")
	f.Add("version: 1\nremote: {timeout: 1s, retries: 3, exclude-urls: [a, b]}\n")
	f.Add("&a [*a]\n")
	f.Fuzz(func(t *testing.T, src string) {
		_, err := Decode("c.yaml", []byte(src))
		if err == nil {
			return
		}
		for _, line := range strings.Split(err.Error(), "\n") {
			if !regexp.MustCompile(`^c\.yaml:\d+: `).MatchString(line) {
				t.Errorf("Decode(%q): error line %q does not name the file and line", src, line)
			}
		}
	})
}

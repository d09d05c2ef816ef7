// Package config reads the configuration file of urilint and uriextract,
// .urilint.yaml, which a project commits at the root of its repository
// (docs/configuration.md).
//
// The file is decoded strictly: an unknown key, a key given twice or a
// value of the wrong kind is an error that names the file, the line and
// the key ("FILE:LINE: key: message"), since a misspelt key that is
// ignored is a setting a user believes in and does not have. The keys
// are the yaml tags of File and the structs under it; the JSON Schema
// for editors (docs/urilint.schema.json) is generated from the same
// structs, by Schema.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/urilint/urilint/internal/policy"
)

// Names are the names the configuration file is looked for under, in
// order.
var Names = []string{".urilint.yaml", ".urilint.yml"}

// maxSize bounds the file: a configuration is a few hundred bytes.
const maxSize = 1 << 20

// File is the content of a configuration file. The doc tags describe
// each key in the schema; enum tags list the values a string may take.
type File struct {
	Version   int       `yaml:"version" doc:"the version of the file format: 1" enum:"1"`
	Enable    []string  `yaml:"enable" doc:"categories to report besides the defaults, as the -enable flag of both commands" enum:"category"`
	Disable   []string  `yaml:"disable" doc:"categories not to report, as the -disable flag" enum:"category"`
	AllowZone bool      `yaml:"allow-zone" doc:"accept RFC 6874 zone identifiers in IPv6 literals"`
	Go        Go        `yaml:"go" doc:"settings of urilint, the analyzer and the golangci-lint plugin"`
	Documents Documents `yaml:"documents" doc:"settings of uriextract"`
	Remote    Remote    `yaml:"remote" doc:"settings of uriextract -check -remote"`
	Site      Site      `yaml:"site" doc:"how the documents are published, for uriextract -check"`

	// Path is the file the configuration was read from; "" when none.
	Path string `yaml:"-"`
}

// Go holds the settings of the Go front ends. With the top-level enable,
// disable and allow-zone keys they are the settings of the golangci-lint
// plugin, one to one.
type Go struct {
	Tests    bool `yaml:"tests" doc:"report in _test.go files"`
	FixTests bool `yaml:"fix-tests" doc:"let -fix rewrite _test.go files"`
}

// Documents holds the settings of the document pipeline.
type Documents struct {
	Exclude []string `yaml:"exclude" doc:"path patterns not to walk: a name, or a path from the root"`
	Root    string   `yaml:"root" doc:"the directory that \"/\" links start from and \"..\" may not leave, relative to the file"`
	Code    bool     `yaml:"code" doc:"include Markdown code spans and code blocks"`
	Format  string   `yaml:"format" doc:"read documents in this format" enum:"auto,text,markdown,html"`
}

// Remote holds the settings of the network checks.
type Remote struct {
	Enabled     bool     `yaml:"enabled" doc:"fetch the absolute http and https links (as -remote)"`
	Timeout     Duration `yaml:"timeout" doc:"how long one request may take"`
	Retries     *int     `yaml:"retries" doc:"how many times to ask again after a network error, a timeout, a 5xx or a 429" min:"0"`
	Concurrency int      `yaml:"concurrency" doc:"how many requests may be in flight at once" min:"1"`
	PerHost     int      `yaml:"per-host" doc:"how many requests may be in flight at once to one host" min:"1"`
	MaxTime     Duration `yaml:"max-time" doc:"how long the whole remote phase may take"`
	URLTime     Duration `yaml:"url-time" doc:"how long one link may take, its retries and waits included"`
	Cache       string   `yaml:"cache" doc:"a JSON file that keeps the links found fine, relative to the file"`
	CacheTTL    Duration `yaml:"cache-ttl" doc:"how long a link found fine stays in the cache"`
	ExcludeURLs []string `yaml:"exclude-urls" doc:"regular expressions of URLs not to fetch" format:"regex"`
}

// Site says how the documents are published (issue 17's publisher
// models); package audit/site reads it.
type Site struct {
	Generator  string            `yaml:"generator" doc:"the site generator that publishes the documents" enum:"auto,github,gitlab,hugo,mdbook,mkdocs,docusaurus,jekyll,vitepress,static,none"`
	Repository string            `yaml:"repository" doc:"the repository, as host/owner/name (default: from git remote get-url)"`
	BaseURLs   []string          `yaml:"base-urls" doc:"the URLs this tree is published at: links under them are checked against the files, not fetched"`
	Mounts     map[string]string `yaml:"mounts" doc:"URL path prefixes and the directories they are served from"`
	Extensions map[string]string `yaml:"extensions" doc:"published extensions and the source extensions they come from"`
	Index      []string          `yaml:"index" doc:"the file names that serve a directory"`
	Redirects  []string          `yaml:"redirects" doc:"redirect files (_redirects)"`
	Built      string            `yaml:"built" doc:"the folder of the site's build output: pages and ids are taken from its HTML (default: the generator's output folder, when it is there)"`
}

// Duration is a time.Duration written as Go writes one ("10s", "3m").
type Duration time.Duration

// UnmarshalYAML reads a duration such as "10s".
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return errors.New("want a duration such as 10s")
	}
	v, err := time.ParseDuration(n.Value)
	if err != nil || v <= 0 {
		return fmt.Errorf("%q is not a positive duration such as 10s", n.Value)
	}
	*d = Duration(v)
	return nil
}

// Find returns the configuration file for the directory dir: the first
// of Names in dir or a directory above it, up to the top of the git work
// tree that holds dir (the directory with .git), or "" when there is none.
func Find(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		for _, n := range Names {
			p := filepath.Join(dir, n)
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
				return p
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "" // the top of the repository
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// Load finds the configuration of dir (Find) and reads it; a directory
// without one gives the zero File.
func Load(dir string) (*File, error) {
	p := Find(dir)
	if p == "" {
		return &File{}, nil
	}
	// Name the file as the user would, from the current directory.
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			p = rel
		}
	}
	return Read(p)
}

// Read reads and decodes the configuration file name.
func Read(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	if info.Size() > maxSize {
		return nil, fmt.Errorf("%s: longer than 1 MiB: not a configuration file", name)
	}
	src := make([]byte, info.Size())
	if _, err := f.ReadAt(src, 0); err != nil && info.Size() > 0 {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	c, err := Decode(name, src)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Error is an error of a configuration file, at a line and a key.
type Error struct {
	File string
	Line int
	Key  string // dotted path: "remote.timeout"; "" for the document
	Msg  string
}

func (e *Error) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Key, e.Msg)
}

// Decode decodes src, the content of the configuration file name.
func Decode(name string, src []byte) (*File, error) {
	c := &File{Path: name}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, &Error{File: name, Line: yamlLine(err), Msg: yamlMsg(err)}
	}
	if len(doc.Content) == 0 {
		return c, nil // an empty file: every default
	}
	d := &decoder{file: name}
	d.value(doc.Content[0], reflect.ValueOf(c).Elem(), "")
	if len(d.errs) > 0 {
		return nil, errors.Join(d.errs...)
	}
	if c.Version == 0 {
		return nil, &Error{File: name, Line: 1, Key: "version", Msg: "missing: write version: 1"}
	}
	return c, nil
}

var lineRE = regexp.MustCompile(`^yaml: line (\d+): `)

func yamlLine(err error) int {
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n
		}
	}
	return 1
}

func yamlMsg(err error) string {
	return strings.TrimPrefix(lineRE.ReplaceAllString(err.Error(), ""), "yaml: ")
}

// decoder decodes a node tree into a File, key by key, so that each
// error names its key and line.
type decoder struct {
	file string
	errs []error
}

func (d *decoder) fail(n *yaml.Node, key, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: n.Line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

var durationType = reflect.TypeFor[Duration]()

// value decodes n into v, the value of the key path key with struct
// field tags tag.
func (d *decoder) value(n *yaml.Node, v reflect.Value, key string) {
	d.field(n, v, key, "")
}

func (d *decoder) field(n *yaml.Node, v reflect.Value, key string, tag reflect.StructTag) {
	if n.Kind == yaml.AliasNode {
		d.fail(n, key, "aliases are not supported")
		return
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return // "key:" with no value: the default
	}
	t := v.Type()
	switch {
	case t == durationType:
		if err := v.Addr().Interface().(*Duration).UnmarshalYAML(n); err != nil {
			d.fail(n, key, "%v", err)
		}
	case t.Kind() == reflect.Struct:
		d.mapping(n, v, key)
	case t.Kind() == reflect.Pointer:
		p := reflect.New(t.Elem())
		d.field(n, p.Elem(), key, tag)
		v.Set(p)
	case t.Kind() == reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.fail(n, key, "want a list, such as [a, b]")
			return
		}
		s := reflect.MakeSlice(t, len(n.Content), len(n.Content))
		for i, e := range n.Content {
			d.field(e, s.Index(i), fmt.Sprintf("%s[%d]", key, i), tag)
		}
		v.Set(s)
	case t.Kind() == reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.fail(n, key, "want a mapping, such as {\"/\": public/}")
			return
		}
		m := reflect.MakeMap(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, e := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || e.Kind != yaml.ScalarNode || e.Tag == "!!null" {
				d.fail(k, key, "want a mapping of strings to strings")
				continue
			}
			if m.MapIndex(reflect.ValueOf(k.Value)).IsValid() {
				d.fail(k, key+"."+k.Value, "given twice")
				continue
			}
			m.SetMapIndex(reflect.ValueOf(k.Value), reflect.ValueOf(e.Value))
		}
		v.Set(m)
	default:
		d.scalar(n, v, key, tag)
	}
}

// scalar decodes a string, a boolean or an integer, and checks it against
// the enum, min and format tags.
func (d *decoder) scalar(n *yaml.Node, v reflect.Value, key string, tag reflect.StructTag) {
	if n.Kind != yaml.ScalarNode {
		d.fail(n, key, "want a %s", kindName(v.Type()))
		return
	}
	switch v.Kind() {
	case reflect.String:
		if n.Tag != "!!str" {
			d.fail(n, key, "%q is not a string: quote it", n.Value)
			return
		}
	case reflect.Bool:
		if n.Tag != "!!bool" {
			d.fail(n, key, "%q is not true or false", n.Value)
			return
		}
	case reflect.Int:
		if n.Tag != "!!int" {
			d.fail(n, key, "%q is not a whole number", n.Value)
			return
		}
	}
	if err := n.Decode(v.Addr().Interface()); err != nil {
		d.fail(n, key, "%q is not a %s", n.Value, kindName(v.Type()))
		return
	}
	if enum := tag.Get("enum"); enum != "" {
		if enum == "category" {
			if _, err := policy.New(policy.Config{Enable: []string{n.Value}}); err != nil {
				d.fail(n, key, "%q is not a category (see docs/checks.md)", n.Value)
			}
		} else if !strings.Contains(","+enum+",", ","+n.Value+",") {
			d.fail(n, key, "%q is not %s", n.Value, orList(strings.Split(enum, ",")))
		}
	}
	if tag.Get("min") != "" && v.Kind() == reflect.Int {
		// The tag is this package's own: TestSchemaUpToDate reads every one.
		if lo, err := strconv.ParseInt(tag.Get("min"), 10, 64); err == nil && v.Int() < lo {
			d.fail(n, key, "%d is less than %d", v.Int(), lo)
		}
	}
	if tag.Get("format") == "regex" {
		if _, err := regexp.Compile(n.Value); err != nil {
			d.fail(n, key, "%q is not a regular expression: %v", n.Value, err)
		}
	}
}

// mapping decodes the mapping n into the struct v.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, key string) {
	if n.Kind != yaml.MappingNode {
		d.fail(n, key, "want a mapping of keys to values")
		return
	}
	t := v.Type()
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, e := n.Content[i], n.Content[i+1]
		sub := k.Value
		if key != "" {
			sub = key + "." + k.Value
		}
		if seen[k.Value] {
			d.fail(k, sub, "given twice")
			continue
		}
		seen[k.Value] = true
		fi, ok := fieldByKey(t, k.Value)
		if !ok {
			d.fail(k, sub, "unknown key (known here: %s)", strings.Join(keys(t), ", "))
			continue
		}
		d.field(e, v.Field(fi), sub, t.Field(fi).Tag)
	}
}

// fieldByKey returns the index of the field of t whose yaml key is key.
func fieldByKey(t reflect.Type, key string) (int, bool) {
	for i := range t.NumField() {
		if name := t.Field(i).Tag.Get("yaml"); name == key && name != "-" {
			return i, true
		}
	}
	return 0, false
}

// keys returns the yaml keys of the struct type t, in order.
func keys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		if name := t.Field(i).Tag.Get("yaml"); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean (true or false)"
	case reflect.Int:
		return "whole number"
	}
	return t.String()
}

func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Rel returns the path p of a key of the file (documents.root,
// remote.cache) relative to the directory that holds the file, as the
// file means it; "" stays "".
func (c *File) Rel(p string) string {
	if p == "" || filepath.IsAbs(p) || c.Path == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.Path), filepath.FromSlash(p))
}

// Categories returns the categories to enable and disable when the flags
// (or plugin settings) flagOn and flagOff are given over the file's: a
// flag wins over the file for the category it names, and the file's
// other choices stand.
func (c *File) Categories(flagOn, flagOff []string) (on, off []string) {
	named := map[string]bool{}
	for _, n := range slices.Concat(flagOn, flagOff) {
		named[strings.TrimSpace(n)] = true
	}
	for _, n := range c.Enable {
		if !named[n] {
			on = append(on, n)
		}
	}
	for _, n := range c.Disable {
		if !named[n] {
			off = append(off, n)
		}
	}
	return append(on, flagOn...), append(off, flagOff...)
}

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
// structs, by Schema, and so are the flags of both commands and their
// precedence over the file (the settings table, flags.go).
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/urilint/urilint/internal/confine"
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
	Enable    []string  `yaml:"enable" doc:"categories to report besides the defaults (docs/checks.md)" enum:"category" flag:"enable" cmd:"uriextract,urilint" with:"check" list:"categories" arg:"categories"`
	Disable   []string  `yaml:"disable" doc:"categories not to report" enum:"category" flag:"disable" cmd:"uriextract,urilint" with:"check" list:"categories" arg:"categories"`
	AllowZone bool      `yaml:"allow-zone" doc:"accept RFC 6874 zone identifiers in IPv6 literals (in Go code, the default is true, as net/url accepts them)" flag:"allow-zone" cmd:"uriextract,urilint" with:"check"`
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
	Tests    bool     `yaml:"tests" doc:"also report in _test.go files" flag:"tests" cmd:"urilint"`
	FixTests bool     `yaml:"fix-tests" doc:"offer the fixes of findings in _test.go files, so that -fix makes them (reported with tests)" flag:"fix-tests" cmd:"urilint"`
	Fixes    []string `yaml:"fixes" doc:"categories whose fixes to offer besides those that repair a defect (the normalization categories, whose fixes change strings compared as text: see docs/checks.md)" enum:"category" flag:"fixes" cmd:"urilint" arg:"categories"`
}

// Documents holds the settings of the document pipeline.
type Documents struct {
	Exclude []string `yaml:"exclude" doc:"path patterns not to walk: a name, or a path from the root" flag:"exclude" cmd:"uriextract" list:"append" arg:"patterns"`
	Root    string   `yaml:"root" doc:"the directory that \"/\" links start from and \"..\" may not leave (default: the top of the git work tree, else the directory given); in the file, relative to the file and inside the repository" path:"dir" flag:"root" cmd:"uriextract" with:"check" arg:"directory"`
	Code    bool     `yaml:"code" doc:"include Markdown code spans and code blocks" flag:"code" cmd:"uriextract"`
	Format  string   `yaml:"format" doc:"read inputs in this format: auto (files by their extension, standard input by its content), text, markdown or html" enum:"auto,text,markdown,html" flag:"format" cmd:"uriextract" arg:"format"`
	// MarkdownMax is extract.Extractor.MaxMarkdown in MiB; 0 is its
	// default.
	MarkdownMax int `yaml:"markdown-max" doc:"the largest Markdown document parsed as Markdown, in MiB (default 16): a larger one is read as plain text, a degraded finding" min:"1"`
}

// Remote holds the settings of the network checks.
type Remote struct {
	Enabled     bool     `yaml:"enabled" doc:"also fetch the absolute http and https links (not those in code, unless code is on) and report the dead, moved and anchor-less ones" flag:"remote" cmd:"uriextract" with:"check"`
	Timeout     Duration `yaml:"timeout" doc:"how long one request may take, a duration such as 10s" flag:"timeout" cmd:"uriextract" with:"remote" arg:"duration"`
	Retries     *int     `yaml:"retries" doc:"how many times to ask again after a network error, a timeout, a 5xx or a 429" min:"0" flag:"retries" cmd:"uriextract" with:"remote" arg:"times"`
	Concurrency int      `yaml:"concurrency" doc:"how many requests may be in flight at once" min:"1" flag:"concurrency" cmd:"uriextract" with:"remote" arg:"requests"`
	PerHost     int      `yaml:"per-host" doc:"how many requests may be in flight at once to one host" min:"1" flag:"per-host" cmd:"uriextract" with:"remote" arg:"requests"`
	MaxTime     Duration `yaml:"max-time" doc:"how long all the requests together may take, a duration; links left unchecked then are reported (flag: 0 is no bound)" flag:"max-time" cmd:"uriextract" with:"remote" arg:"duration"`
	URLTime     Duration `yaml:"url-time" doc:"how long one link may take, a duration, its retries and waits for a host that answers 429 included (flag: 0 is no bound)" flag:"url-time" cmd:"uriextract" with:"remote" arg:"duration"`
	Cache       string   `yaml:"cache" doc:"a JSON file that keeps the links found fine, so that a second run does not fetch them; in the file, relative to the file and inside the repository" path:"file" flag:"cache" cmd:"uriextract" with:"remote" arg:"file"`
	CacheTTL    Duration `yaml:"cache-ttl" doc:"how long a link found fine stays in the cache, a duration (at most 168h)" max:"168h" flag:"cache-ttl" cmd:"uriextract" with:"cache" arg:"duration"`
	ExcludeURLs []string `yaml:"exclude-urls" doc:"URLs not to fetch, each a regexp (.urilintignore in the root holds more, one a line)" format:"regex" flag:"exclude-url,each" cmd:"uriextract" with:"remote" list:"append" arg:"regexp"`

	// The keys of the verdicts, request settings, GitHub API and
	// suggestions of the remote checks (package audit/remote, issue 27).
	FailureTTL  Duration     `yaml:"failure-ttl" doc:"how long a failed link stays in the cache before it is asked again (at most 168h)" max:"168h"`
	ConfirmRuns *int         `yaml:"confirm-runs" doc:"in how many runs a transient failure (timeout, 5xx, 429, bot wall) must fail before it fails the check" min:"0"`
	ConfirmSpan Duration     `yaml:"confirm-span" doc:"how far apart the first and the last of those runs must be (at most 168h)" max:"168h"`
	Interval    *Duration    `yaml:"per-host-interval" doc:"the least time between the starts of two requests to one host, a duration" flag:"per-host-interval" cmd:"uriextract" with:"remote" arg:"duration"`
	UserAgent   string       `yaml:"user-agent" doc:"the User-Agent string of every request (default urilint/VERSION)" arg:"string" flag:"user-agent" cmd:"uriextract" with:"remote"`
	Hosts       []RemoteHost `yaml:"hosts" doc:"request settings by host pattern; every entry whose pattern names a host applies to it, later ones over earlier ones"`
	GitHubAPI   string       `yaml:"github-api" doc:"the GitHub REST API URL that checks github.com links when a token is set ($GITHUB_TOKEN, github-token) (default https://api.github.com/; GitHub Enterprise: https://HOST/api/v3)" flag:"github-api" cmd:"uriextract" with:"remote" arg:"URL"`
	GitHubToken string       `yaml:"github-token" doc:"the token of the GitHub API, naming an environment variable as ${NAME} (default: ${GITHUB_TOKEN})"`
	Suggest     bool         `yaml:"suggest" doc:"suggest the latest archived copy of a dead link as its fix (applied with -fix only)" flag:"suggest" cmd:"uriextract" with:"remote"`
	ArchiveAPI  string       `yaml:"archive-api" doc:"the Wayback-style availability URL that suggest asks (default https://archive.org/wayback/available)" flag:"archive-api" cmd:"uriextract" with:"suggest" arg:"URL"`
}

// RemoteHost holds the request settings of the hosts that Match names.
type RemoteHost struct {
	Match     string            `yaml:"match" doc:"a host name, host:port, or a pattern such as *.example.com"`
	Headers   map[string]string `yaml:"headers" doc:"headers sent to these hosts only, never across a redirect to another; values may name environment variables as ${NAME}, and are never printed or cached"`
	UserAgent string            `yaml:"user-agent" doc:"the User-Agent header for these hosts"`
	Accept    []int             `yaml:"accept" doc:"statuses that are fine for these hosts besides 2xx, such as 403"`
	CAFile    string            `yaml:"ca-file" doc:"a PEM file of certificates trusted for these hosts, relative to the file; inside the repository" path:"file"`
}

// Site says how the documents are published (issue 17's publisher
// models); package internal/site reads it.
type Site struct {
	Generator  string            `yaml:"generator" doc:"the site generator that publishes the documents" enum:"auto,github,gitlab,other,hugo,mdbook,mkdocs,docusaurus,jekyll,vitepress,static,none"`
	Repository string            `yaml:"repository" doc:"the repository, as host/owner/name (default: from git remote get-url)"`
	BaseURLs   []string          `yaml:"base-urls" doc:"the URLs this tree is published at: links under them are checked against the files, not fetched"`
	Mounts     map[string]string `yaml:"mounts" doc:"URL path prefixes and the directories they are served from"`
	Extensions map[string]string `yaml:"extensions" doc:"published extensions and the source extensions they come from"`
	Index      []string          `yaml:"index" doc:"the file names that serve a directory"`
	Redirects  []string          `yaml:"redirects" doc:"redirect files (_redirects)"`
	Built      string            `yaml:"built" doc:"the directory of the site's build output: pages and ids are taken from its HTML (default: the generator's output folder, when it is there); in the file, from the root" flag:"built,abs" cmd:"uriextract" with:"check" arg:"directory"`
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
// of Names in dir or a directory above it, or "" when there is none. The
// search stops at the top of the git work tree that holds dir (the
// directory with .git); outside any work tree it stops at the current
// directory, the one the run starts from, or at dir itself when dir is
// not below it, or at the top of the Go module that holds dir (go.mod)
// when that is higher (go vet runs its tool in each package's folder): a
// file in a folder above a checkout is no file of the repository, and
// must not silence its findings. A name that exists but
// is no regular file (a folder, a named pipe) is returned all the same,
// so that Read refuses it: a configuration that is silently not read is
// one a user believes in and does not have.
func Find(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	stop := gitTop(dir)
	if stop == "" {
		stop = dir
		if wd, err := os.Getwd(); err == nil && confine.Within(wd, dir) {
			stop = wd
		}
		// go vet runs the analyzer in each package's folder: the module's
		// top is where its run starts.
		if mod := modTop(dir); mod != "" && confine.Within(mod, stop) {
			stop = mod
		}
	}
	for {
		for _, n := range Names {
			p := filepath.Join(dir, n)
			if _, err := os.Lstat(p); err == nil {
				return p
			}
		}
		up := filepath.Dir(dir)
		if dir == stop || up == dir {
			return ""
		}
		dir = up
	}
}

// modTop returns the top of the Go module that holds dir: the nearest
// directory, dir or above, with a go.mod file; "" when there is none.
func modTop(dir string) string { return nearest(dir, "go.mod") }

// gitTop returns the top of the git work tree that holds dir: the nearest
// directory, dir or above, with a .git entry (a directory, or the file of
// a linked work tree or submodule); "" when there is none.
func gitTop(dir string) string { return nearest(dir, ".git") }

// nearest returns the nearest directory, dir or above, that holds an
// entry called name, of any kind; "" when there is none.
func nearest(dir, name string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, name)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Load finds the configuration of dir (Find) and reads it; a directory
// without one gives the zero File. A file found that leads, through a
// symbolic link, outside the repository is refused: the repository does
// not choose which file of the machine is read as its configuration.
func Load(dir string) (*File, error) {
	p := Find(dir)
	if p == "" {
		return &File{}, nil
	}
	abs := p
	// Name the file as the user would, from the current directory.
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			p = rel
		}
	}
	if top := topOf(abs); !confine.Inside(top, abs) {
		return nil, &Error{File: p, Line: 1, Msg: fmt.Sprintf("is a symbolic link that leads outside %q: not read", shown(top))}
	}
	if err := oneName(p); err != nil {
		return nil, err
	}
	return Read(p)
}

// LoadFile reads the file name, the one a -config flag names, or with ""
// the configuration of dir (Load).
func LoadFile(name, dir string) (*File, error) {
	if name != "" {
		return Read(name)
	}
	return Load(dir)
}

// shown returns the absolute path p as the user would name it, from the
// current directory.
func shown(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			return rel
		}
	}
	return p
}

// topOf returns the directory that the file at abs belongs to: the top
// of its git work tree, else its own directory.
func topOf(abs string) string {
	dir := filepath.Dir(abs)
	if top := gitTop(dir); top != "" {
		return top
	}
	return dir
}

// Fingerprint returns a digest of the configuration that Load(dir)
// would read: the file's path and content, or that there is none, or
// why it cannot be read. Drivers that cache results by the Go files
// alone fold it into their key, so that a change to .urilint.yaml, a
// broken one included, takes effect on the next run instead of when a Go
// file next changes: go vet keys its cache on the tool's -V=full line
// (package version folds the digest in there), golangci-lint on its
// binary's version (cmd/custom-gcl folds it in there).
func Fingerprint(dir string) string {
	h := sha256.New()
	p := Find(dir)
	fmt.Fprintf(h, "urilint configuration %q\n", p)
	if p != "" {
		if src, err := readRegular(p); err != nil {
			fmt.Fprintf(h, "error %v\n", err)
		} else {
			h.Write(src)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Read reads and decodes the configuration file name (Decode). The file must be a regular file of at most 1 MiB: a named pipe would
// block the run, a device might never end, and no configuration is that
// long; it is checked before it is opened, and opened without blocking,
// so that neither a pipe nor a device is waited on.
func Read(name string) (*File, error) {
	src, err := readRegular(name)
	if err != nil {
		return nil, err
	}
	return Decode(name, src)
}

// readRegular reads the file name when it is a regular file of at most
// maxSize bytes.
func readRegular(name string) ([]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &Error{File: name, Line: 1, Msg: fmt.Sprintf("is not a regular file (%s): not read", confine.ModeName(info.Mode()))}
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err = f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() { // replaced since the Stat above
		return nil, &Error{File: name, Line: 1, Msg: fmt.Sprintf("is not a regular file (%s): not read", confine.ModeName(info.Mode()))}
	}
	if info.Size() > maxSize {
		return nil, &Error{File: name, Line: 1, Msg: fmt.Sprintf("is %d bytes, longer than the limit of 1 MiB: not a configuration file", info.Size())}
	}
	src := make([]byte, info.Size())
	if _, err := io.ReadFull(f, src); err != nil && info.Size() > 0 {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return src, nil
}

// checkPath refuses the value p of the path key key (a field tagged
// path) when it leads outside the repository that holds the file: the
// top of its git work tree, else the file's directory, as written or
// through symbolic links. A committed configuration must not make
// uriextract read or write anywhere else (docs/security.md); the -root
// and -cache flags, which the user types, are not checked.
func (d *decoder) checkPath(n *yaml.Node, key, p string) {
	abs, err := filepath.Abs(d.file)
	if err != nil || p == "" {
		return
	}
	top := topOf(abs)
	target := filepath.FromSlash(p)
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(abs), target)
	}
	if !confine.Inside(top, target) {
		d.fail(n, key, "%q leads outside %q, the repository that holds the file: name a path inside it (a flag may name one outside)", p, shown(top))
	}
}

// Error is an error of a configuration file, at a line and a key.
type Error struct {
	File string
	Line int
	Key  string // dotted path: "remote.timeout"; "" for the document
	Msg  string
}

func (e *Error) Error() string {
	// One line an error: a message that quotes the file's text (the
	// YAML parser's does) shows its line breaks escaped.
	msg := lineBreaks.Replace(e.Msg)
	if e.Key == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Key, msg)
}

var lineBreaks = strings.NewReplacer("\r\n", `\r\n`, "\n", `\n`, "\r", `\r`)

// Decode decodes src, the content of the configuration file name. The
// values of path keys (documents.root, remote.cache) must lead inside
// the repository that holds name (checkPath), which Decode asks the file
// system.
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
		} else if hi, err := time.ParseDuration(tag.Get("max")); err == nil && time.Duration(v.Int()) > hi {
			// The bound of the consumer (remote.MaxCacheTTL for the cache's
			// keys), said with the file's line: a committed configuration
			// cannot make a stale cache vouch for dead links for long.
			d.fail(n, key, "%v is longer than %v, the most it may be", time.Duration(v.Int()), hi)
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
	if tag.Get("path") != "" {
		d.checkPath(n, key, n.Value)
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

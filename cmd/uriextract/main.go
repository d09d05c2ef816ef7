// Command uriextract prints the URIs of plain text, Markdown and HTML
// documents, or, with -check, audits them with the checks of urilint.
//
// Usage:
//
//	uriextract [flags] [file or directory ...]
//
// Listing and -check are two consumers of one pipeline (package audit:
// collect, extract, check, report or fix), so they read the same files the
// same way. With no arguments, or "-", it reads standard input, as
// Markdown when it holds Markdown link syntax and as plain text otherwise
// (see -format); with no arguments and a terminal on standard input it
// prints the usage instead. Directories are walked for .md, .markdown,
// .txt, .html and .htm files, skipping hidden directories, node_modules,
// vendor, the template folders of site generators (layouts, themes,
// _includes), HTML files with template actions, the -exclude patterns and
// what git ignores, and skipping (with a message) files that are not
// regular files. The format of a file comes from its extension unless
// -format says otherwise. A named file or standard input that is not a
// regular file (a pipe, a device) is read up to 64 MiB, and is an error
// past that. A Markdown document with the shape of an input that makes
// the Markdown parser slow or hungry is read as plain text (with -check, a
// "degraded" finding).
//
// The default output has one URI per line, in source order. -json writes
// one JSON object per URI instead. -check audits the links offline (see
// package audit): every URI goes through uri.Check, and every relative
// reference of a Markdown or HTML file is resolved and looked up, its file
// and its #anchor; each finding prints as "file:line:col: message"
// (-output picks JSON, SARIF 2.1.0 or GitHub Actions commands instead),
// and a summary goes to standard error. -fix writes the safe fixes and
// checks the files again, -diff prints them as a unified diff. -remote
// also fetches the absolute http and https links (see package
// audit/remote). The flags that mean something only with -check are an
// error without it.
//
// Settings also come from the configuration file .urilint.yaml of the
// current directory or above, up to the repository's top, or the file
// -config names (docs/configuration.md); flags override it.
//
// A file reached twice, through symbolic links or named twice, is read
// once. Binary files are reported and skipped: those with more than a few
// control bytes, not those with a NUL here and there; UTF-16 text with a
// byte order mark is read as text.
//
// -version (or -V) prints the module version (from the build information)
// and the Go version, and exits.
//
// Exit status: 0 when all went well (and, with -check, nothing was found),
// 1 when -check found something, 2 on a usage error or a bad
// configuration file, when a file could not be read (missing, a broken
// symbolic link, unreadable or binary) or a directory holds no documents
// (the other files are still processed), 130 when an interrupt (Ctrl-C)
// stopped -check -remote, findings or not.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/version"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
	// exitInterrupted: an interrupt (Ctrl-C) stopped -check -remote.
	exitInterrupted = 130
)

type options struct {
	format          string
	json            bool
	check           bool
	code            bool
	enable, disable string
	allowZone       bool
	exclude         []string
	config          string
	audit           auditOptions
}

// checkOnly are the flags that mean something only with -check.
var checkOnly = map[string]bool{
	"enable": true, "disable": true, "allow-zone": true,
	"output": true, "root": true, "fix": true, "diff": true, "built": true,
	"remote": true, "timeout": true, "retries": true, "cache": true, "cache-ttl": true,
	"concurrency": true, "per-host": true, "max-time": true, "url-time": true, "exclude-url": true,
}

// formats are the values of -format.
var formats = []string{"auto", "text", "markdown", "html"}

// newFlags returns the flag set of uriextract, bound to o and
// showVersion.
func newFlags(o *options, showVersion **version.Flag, stderr io.Writer) *flag.FlagSet {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.StringVar(&o.format, "format", "auto", "read inputs in this `format`: auto (files by their extension, standard input by its content), text, markdown or html")
	fset.BoolVar(&o.json, "json", false, "write one JSON object per URI (or, with -check, per finding)")
	fset.BoolVar(&o.check, "check", false, "audit the links: every URI with uri.Check, every relative reference for its file and anchor; report findings as file:line:col: message")
	fset.BoolVar(&o.code, "code", false, "include Markdown code spans and code blocks")
	fset.Func("exclude", "comma-separated path `patterns` not to walk (a name, or a path from the root; repeatable)", func(s string) error {
		for p := range strings.SplitSeq(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				o.exclude = append(o.exclude, p)
			}
		}
		return nil
	})
	fset.StringVar(&o.enable, "enable", "", "with -check, comma-separated `categories` to report besides the defaults: "+strings.Join(policy.Names(), ", "))
	fset.BoolVar(&o.allowZone, "allow-zone", false, "with -check, accept RFC 6874 zone identifiers in IPv6 literals")
	fset.StringVar(&o.disable, "disable", "", "with -check, comma-separated `categories` not to report")
	o.audit.flags(fset)
	fset.StringVar(&o.config, "config", "", "read the configuration from this `file` (default: "+config.Names[0]+" in the current directory or above, up to the repository's top)")
	*showVersion = version.AddFlags(fset)
	fset.Usage = func() {
		fmt.Fprintf(stderr, "usage: uriextract [flags] [file or directory ...]\n\nflags:\n")
		fset.PrintDefaults()
	}
	return fset
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	var showVersion *version.Flag
	fset := newFlags(&o, &showVersion, stderr)
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitError
	}
	if showVersion.Requested() {
		return showVersion.Print("uriextract", stdout, stderr)
	}
	if !slices.Contains(formats, o.format) && o.format != "" {
		fmt.Fprintf(stderr, "uriextract: -format %q is not auto, text, markdown or html\n", o.format)
		return exitError
	}
	if !o.check {
		var need []string
		fset.Visit(func(f *flag.Flag) {
			if checkOnly[f.Name] {
				need = append(need, "-"+f.Name)
			}
		})
		if len(need) > 0 {
			fmt.Fprintf(stderr, "uriextract: %s only work with -check\n", strings.Join(need, ", "))
			return exitError
		}
	}

	file, err := loadConfig(o.config)
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}
	set := map[string]bool{}
	fset.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := o.apply(file, set); err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}
	on, off := file.Categories(splitList(o.enable), splitList(o.disable))
	pol, err := policy.New(policy.Config{Front: policy.Documents, Enable: on, Disable: off, AllowZone: o.allowZone})
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}

	paths := fset.Args()
	if len(paths) == 0 {
		if isTerminal(stdin) {
			fset.Usage()
			return exitError
		}
		paths = []string{"-"}
	}
	if o.check {
		return runAudit(o, pol, paths, stdin, stdout, stderr)
	}
	return runList(o, paths, stdin, stdout, stderr)
}

// loadConfig reads the file name, or with "" the configuration file of
// the current directory, if any.
func loadConfig(name string) (*config.File, error) {
	if name != "" {
		return config.Read(name)
	}
	return config.Load(".")
}

// apply sets the options that no flag set from the configuration file:
// flags override the file.
func (o *options) apply(c *config.File, set map[string]bool) error {
	d := c.Documents
	o.exclude = append(slices.Clone(d.Exclude), o.exclude...)
	if !set["allow-zone"] && c.AllowZone {
		o.allowZone = true
	}
	if !set["code"] && d.Code {
		o.code = true
	}
	if !set["format"] && d.Format != "" {
		o.format = d.Format
	}
	if !set["root"] && d.Root != "" {
		o.audit.root = c.Rel(d.Root)
	}
	r := c.Remote
	if !set["remote"] && r.Enabled {
		o.audit.remote = true
	}
	net := &o.audit.net
	if !set["timeout"] && r.Timeout > 0 {
		net.Timeout = time.Duration(r.Timeout)
	}
	if !set["retries"] && r.Retries != nil {
		net.Retries = *r.Retries
	}
	if !set["concurrency"] && r.Concurrency > 0 {
		net.Concurrency = r.Concurrency
	}
	if !set["per-host"] && r.PerHost > 0 {
		net.PerHost = r.PerHost
	}
	if !set["cache"] && r.Cache != "" {
		net.Cache = c.Rel(r.Cache)
	}
	if !set["max-time"] && r.MaxTime > 0 {
		net.MaxTime = time.Duration(r.MaxTime)
	}
	if !set["url-time"] && r.URLTime > 0 {
		net.URLBudget = time.Duration(r.URLTime)
	}
	if !set["cache-ttl"] && r.CacheTTL > 0 {
		net.CacheTTL = time.Duration(r.CacheTTL)
	}
	var res []*regexp.Regexp
	for _, s := range r.ExcludeURLs {
		re, err := regexp.Compile(s) // the decoder compiled it once already
		if err != nil {
			return fmt.Errorf("%s: remote.exclude-urls: %v", c.Path, err)
		}
		res = append(res, re)
	}
	o.audit.excludeURL = append(res, o.audit.excludeURL...)
	o.audit.site = c.Site
	return nil
}

// splitList splits a comma-separated flag value.
func splitList(s string) []string {
	var out []string
	for n := range strings.SplitSeq(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// runList prints the URIs of the documents, the consumer of the pipeline
// that does not check: the same files, read the same way, as -check.
func runList(o options, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	status := exitOK
	cfg := audit.Config{
		Extractor: &extract.Extractor{Code: o.code},
		Format:    o.format,
		Exclude:   o.exclude,
		Stdin:     stdin,
	}
	err := audit.List(cfg, paths, func(f *audit.File, links []extract.Link, errs []error, warns []string) error {
		for _, w := range warns {
			fmt.Fprintf(stderr, "uriextract: %s\n", w)
		}
		for _, err := range errs {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
			status = exitError
		}
		for i := range links {
			l := &links[i]
			if o.json {
				// Write errors stick in the bufio.Writer; they surface at Flush.
				_ = enc.Encode(jsonLink{
					File: f.Name, Line: l.Start.Line, Column: l.Start.Column, Offset: l.Start.Offset,
					End:  jsonPos{Line: l.End.Line, Column: l.End.Column, Offset: l.End.Offset},
					Kind: l.Kind.String(), URI: l.URI, Raw: l.Raw,
					Ambiguous: l.Ambiguous(), Alt: l.Alt, Glued: l.Glued,
				})
				continue
			}
			_, _ = w.WriteString(l.URI)
			_ = w.WriteByte('\n')
		}
		// Before the next read, which may block.
		return w.Flush()
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: writing output: %v\n", err)
		return exitError
	}
	return status
}

// isTerminal reports whether r, standard input, is a terminal, or at least
// a character device other than /dev/null: reading it would wait for
// someone to type.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	if err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(info, null)
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonLink struct {
	File      string  `json:"file"`
	Line      int     `json:"line"`
	Column    int     `json:"column"`
	Offset    int     `json:"offset"`
	End       jsonPos `json:"end"`
	Kind      string  `json:"kind"`
	URI       string  `json:"uri"`
	Raw       string  `json:"raw"`
	Ambiguous bool    `json:"ambiguous"`
	Alt       string  `json:"alt,omitempty"`
	Glued     string  `json:"glued,omitempty"`
}

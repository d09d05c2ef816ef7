// Command uriextract prints the URIs of plain text, Markdown and HTML
// documents, or, with -check, audits their links with the checks of
// urilint: every URI against RFC 3986, every relative link for its file
// and anchor, and with -remote the absolute http and https ones over the
// network (package audit/remote).
//
// Usage:
//
//	uriextract [flags] [file or directory ...]
//
// The command parses flags and the configuration file (.urilint.yaml,
// docs/configuration.md), and wires them to package audit, which does the
// rest: the listing (audit.List), the audit, its fix rounds and every
// output format from one run (audit.Check and its reporters).
// docs/integrations.md documents the flags, outputs and exit statuses.
//
// The configuration file is .urilint.yaml of the current directory or
// above, up to the repository's top (outside a repository, of the current
// directory only), or the file -config names; the paths it names
// (documents.root, remote.cache) must lead inside the repository: only
// the -root and -cache flags may name a path outside (docs/security.md).
package main

import (
	"bufio"
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
	"github.com/urilint/urilint/internal/report"
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
	markdownMax     int // MiB, from the file only (extract.Extractor.MaxMarkdown)
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
	"user-agent": true, "header": true, "per-host-interval": true, "suggest": true, "archive-api": true, "github-api": true, "allow-env": true,
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
	fset.Lookup("V").Usage = "print the version (-V=full: with a hash of the executable) and exit"
	fset.Usage = func() { w := fset.Output(); fmt.Fprint(w, usage); fset.PrintDefaults(); fmt.Fprint(w, exitStatuses) }
	return fset
}

const usage = `usage: uriextract [flags] [file or directory ...]

Uriextract prints the URIs of plain text, Markdown and HTML documents, one
a line; with -check it audits their links: every URI against RFC 3986,
every relative link for its file and anchor, and with -remote the absolute
http and https ones over the network. With no arguments, or "-", it reads
standard input. "uriextract help" prints this. See docs/integrations.md.

flags:
`

const exitStatuses = `
exit status: 0 all went well (with -check: nothing found, or with -diff
nothing its fixes would leave), 1 -check found something, 2 a usage error,
a bad configuration, or a file that could not be read, 130 an interrupt
stopped -remote.
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	var showVersion *version.Flag
	fset := newFlags(&o, &showVersion, stderr)
	help := fset.Usage
	fset.Usage = func() {} // the whole usage for -h; for a bad flag, a pointer to it
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help()
			return exitOK
		}
		fmt.Fprintln(stderr, `run "uriextract -h" for the flags`)
		return exitError
	}
	fset.Usage = help
	if showVersion.Requested() {
		return showVersion.Print("uriextract", stdout, stderr)
	}
	if fset.NArg() == 1 && fset.Arg(0) == "help" { // as "go help"; a file named help is ./help
		fset.SetOutput(stdout)
		fset.Usage()
		return exitOK
	}
	if !slices.Contains(formats, o.format) && o.format != "" {
		say(stderr, "-format %q is not auto, text, markdown or html", o.format)
		return exitError
	}
	if !o.check {
		var need []string
		fset.Visit(func(f *flag.Flag) {
			if checkOnly[f.Name] {
				need = append(need, "-"+f.Name)
			}
		})
		if verb := "work"; len(need) > 0 {
			if len(need) == 1 {
				verb = "works"
			}
			say(stderr, "%s %s only with -check", strings.Join(need, ", "), verb)
			return exitError
		}
	}

	file, err := loadConfig(o.config)
	if err != nil {
		sayErr(stderr, err)
		return exitError
	}
	set := map[string]bool{}
	fset.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := o.apply(file, set); err != nil {
		sayErr(stderr, err)
		return exitError
	}
	on, off := file.Categories(splitList(o.enable), splitList(o.disable))
	pol, err := policy.New(policy.Config{Front: policy.Documents, Enable: on, Disable: off, AllowZone: o.allowZone})
	if err != nil {
		sayErr(stderr, err)
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
	o.markdownMax = d.MarkdownMax
	if !set["format"] && d.Format != "" {
		o.format = d.Format
	}
	if !set["root"] && d.Root != "" {
		o.audit.root = c.Rel(d.Root)
	}
	r, net := c.Remote, &o.audit.net
	unset := func(flag string, inFile bool) bool { return !set[flag] && inFile }
	if unset("remote", r.Enabled) {
		o.audit.remote = true
	}
	if unset("timeout", r.Timeout > 0) {
		net.Timeout = time.Duration(r.Timeout)
	}
	if unset("retries", r.Retries != nil) {
		net.Retries = *r.Retries
	}
	if unset("concurrency", r.Concurrency > 0) {
		net.Concurrency = r.Concurrency
	}
	if unset("per-host", r.PerHost > 0) {
		net.PerHost = r.PerHost
	}
	if unset("cache", r.Cache != "") {
		net.Cache = c.Rel(r.Cache)
	}
	if unset("max-time", r.MaxTime > 0) {
		net.MaxTime = time.Duration(r.MaxTime)
	}
	if unset("url-time", r.URLTime > 0) {
		net.URLBudget = time.Duration(r.URLTime)
	}
	if unset("cache-ttl", r.CacheTTL > 0) {
		net.CacheTTL = time.Duration(r.CacheTTL)
	}
	if err := applyRemote(net, &o.audit.env, c, set); err != nil {
		return err
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
	lw := report.LinkWriter{JSON: o.json}
	status := exitOK
	cfg := audit.Config{
		Extractor: &extract.Extractor{Code: o.code, MaxMarkdown: o.markdownMax << 20},
		Format:    o.format,
		Exclude:   o.exclude,
		Stdin:     stdin,
	}
	err := audit.List(cfg, paths, func(f *audit.File, links []extract.Link, errs []error, warns []string) error {
		for _, w := range warns {
			say(stderr, "%s", w)
		}
		for _, err := range errs {
			sayErr(stderr, err)
			status = exitError
		}
		if err := lw.Write(w, f, links); err != nil {
			return err
		}
		return w.Flush() // before the next read, which may block
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		say(stderr, "writing output: %v", err)
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

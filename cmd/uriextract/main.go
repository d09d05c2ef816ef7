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
// The command parses flags, most of them declared by the settings table
// of internal/config and resolved there over the configuration file
// (.urilint.yaml, docs/configuration.md); internal/wire turns the result
// into the configuration of package audit, which does the rest: the
// listing (audit.List), the audit, its fix rounds and every output format
// from one run (audit.Check and its reporters).
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
	"os"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/report"
	"github.com/urilint/urilint/internal/version"
	"github.com/urilint/urilint/internal/wire"
)

func main() {
	paceGC()
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
	json, check bool
	config      string
	outputs     []report.Output // -output, in order; -json adds json
	fix, diff   bool
	env         wire.CommandLine // -header, -allow-env
	settings    *config.Flags    // the flags of the settings table
}

// newFlags returns the flag set of uriextract, bound to o and
// showVersion: the flags of the settings table (internal/config), then
// those that are no key of the file (config.CommandFlags).
func newFlags(o *options, showVersion **version.Flag, stderr io.Writer) *flag.FlagSet {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	fset.SetOutput(stderr)
	o.settings = config.NewFlags(fset, "uriextract", wire.Defaults())
	fset.BoolVar(&o.json, "json", false, "write one JSON object per URI (or, with -check, per finding)")
	fset.BoolVar(&o.check, "check", false, "audit the links: every URI with uri.Check, every relative reference for its file and anchor; report findings as file:line:col: message")
	fset.Func("output", "with -check, write the findings in each `format[=file],...`, to standard output or to the file after \"=\", all from one audit: "+strings.Join(report.Formats, ", ")+" (default text; -json is -output json; repeatable)", func(s string) error {
		outs, err := report.ParseOutputs(s)
		o.outputs = append(o.outputs, outs...)
		return err
	})
	fset.BoolVar(&o.fix, "fix", false, "with -check, apply the safe fixes to the files and report what is left")
	fset.BoolVar(&o.diff, "diff", false, "with -check, print the safe fixes as a unified diff (for git apply) instead of findings")
	fset.Func("header", "with -remote, a header sent to one host only, as `HOST=Name: value` (repeatable; ${VAR} in the value reads the environment; never printed)", o.env.AddHeader)
	fset.Func("allow-env", "with -remote, an environment `variable` that values in the configuration file may name as ${NAME} (repeatable, or a comma-separated list): a file in the repository reads no other", o.env.Allow)
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
	if err := config.CheckOnly(fset); err != nil && !o.check {
		say(stderr, "%v", err)
		return exitError
	}
	file, err := config.LoadFile(o.config, ".")
	if err != nil {
		sayErr(stderr, err)
		return exitError
	}
	c := o.settings.Resolve(file)
	// The categories are checked before anything is read.
	if _, err := wire.Policy(c, policy.Documents); err != nil {
		sayErr(stderr, err)
		return exitError
	}
	paths := fset.Args()
	if len(paths) == 0 {
		if wire.IsTerminal(stdin) {
			fset.Usage()
			return exitError
		}
		paths = []string{"-"}
	}
	if o.check {
		o.env.FileAPI = file.Remote.GitHubAPI != "" && !o.settings.Given("github-api")
		return runAudit(o, c, paths, stdin, stdout, stderr)
	}
	return runList(o, c, paths, stdin, stdout, stderr)
}

// runList prints the URIs of the documents, the consumer of the pipeline
// that does not check: the same files, read the same way, as -check.
func runList(o options, c *config.File, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	w := bufio.NewWriter(stdout)
	lw := report.LinkWriter{JSON: o.json}
	status := exitOK
	cfg := wire.List(c)
	cfg.Stdin = stdin
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

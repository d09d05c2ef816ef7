package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/report"
)

// auditOptions are the flags of -check beyond the categories.
type auditOptions struct {
	outputs []report.Output // -output, in order; -json adds json
	root    string
	fix     bool
	diff    bool

	site  config.Site // the site: section of the configuration file
	built string      // -built, over site.built

	remote     bool
	net        remote.Config
	env        remoteEnv // what the configuration may read of the environment
	excludeURL []*regexp.Regexp
}

func (a *auditOptions) flags(fset *flag.FlagSet) {
	fset.Func("output", "with -check, write the findings in each `format[=file],...`, to standard output or to the file after \"=\", all from one audit: "+strings.Join(report.Formats, ", ")+" (default text; -json is -output json; repeatable)", func(s string) error {
		outs, err := report.ParseOutputs(s)
		a.outputs = append(a.outputs, outs...)
		return err
	})
	fset.StringVar(&a.root, "root", "", "with -check, the `directory` that \"/\" links start from and \"..\" may not leave (default: the top of the git work tree, else the directory given)")
	fset.BoolVar(&a.fix, "fix", false, "with -check, apply the safe fixes to the files and report what is left")
	fset.BoolVar(&a.diff, "diff", false, "with -check, print the safe fixes as a unified diff (for git apply) instead of findings")
	fset.StringVar(&a.built, "built", "", "with -check, the `directory` of the site's build output: pages and ids are taken from its HTML (default: the generator's output folder, when it is there)")

	a.net = remote.DefaultConfig()
	fset.BoolVar(&a.remote, "remote", false, "with -check, also fetch the absolute http and https links (not those in code, unless -code) and report the dead, moved and anchor-less ones")
	fset.DurationVar(&a.net.Timeout, "timeout", a.net.Timeout, "with -remote, how long one request may take")
	fset.IntVar(&a.net.Retries, "retries", a.net.Retries, "with -remote, how many times to ask again after a network error, a timeout, a 5xx or a 429")
	fset.StringVar(&a.net.Cache, "cache", "", "with -remote, a JSON `file` that keeps the links found fine, so that a second run does not fetch them")
	fset.DurationVar(&a.net.CacheTTL, "cache-ttl", a.net.CacheTTL, "with -cache, how long a link found fine stays in the cache")
	fset.IntVar(&a.net.Concurrency, "concurrency", a.net.Concurrency, "with -remote, how many requests may be in flight at once")
	fset.IntVar(&a.net.PerHost, "per-host", a.net.PerHost, "with -remote, how many requests may be in flight at once to one host")
	fset.DurationVar(&a.net.MaxTime, "max-time", a.net.MaxTime, "with -remote, how long all the requests together may take; links left unchecked then are reported (0: no bound)")
	fset.DurationVar(&a.net.URLBudget, "url-time", a.net.URLBudget, "with -remote, how long one link may take, its retries and waits for a host that answers 429 included (0: no bound)")
	remoteFlags(fset, &a.net, &a.env)
	fset.Func("exclude-url", "with -remote, a `regexp` of URLs not to fetch (repeatable; "+audit.IgnoreFile+" in the root holds more, one a line)", func(s string) error {
		re, err := regexp.Compile(s)
		if err != nil {
			return err
		}
		a.excludeURL = append(a.excludeURL, re)
		return nil
	})
}

// remoteCheck returns the network checks of -remote for audit.Config, or
// nil without -remote, and the context that an interrupt (Ctrl-C) ends,
// which stops them with what they gathered.
func remoteCheck(a *auditOptions, stderr io.Writer) (check audit.RemoteChecker, ctx context.Context, stop func(), err error) {
	if !a.remote {
		return nil, context.Background(), func() {}, nil
	}
	cfg := a.net
	cfg.Exclude = a.excludeURL
	if f, ok := stderr.(*os.File); ok {
		// A terminal gets a line rewritten in place, a CI log a line
		// every 10 seconds.
		cfg.Progress, cfg.ProgressLog = stderr, !isTerminal(f)
	}
	cfg.GitHubToken = a.env.githubToken(&cfg)
	c, err := remote.New(cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt)
	return c, ctx, stop, nil
}

// runAudit runs -check: one audit of every input's links, its findings
// written by each reporter of -output, a summary on stderr.
func runAudit(o options, pol *policy.Policy, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	outs, taken := o.audit.outputs, ""
	if o.json {
		outs = append(outs, report.Output{Format: "json"})
	}
	switch {
	case o.audit.fix && o.audit.diff:
		say(stderr, "-fix and -diff do not go together")
		return exitError
	case o.audit.diff:
		taken = "the diff of -diff"
	case len(outs) == 0:
		outs = []report.Output{{Format: "text"}}
	}
	w := bufio.NewWriter(stdout)
	reps, closeAll, err := report.OpenOutputs(outs, w, taken)
	if err != nil {
		say(stderr, "-output: %v", err)
		return exitError
	}
	check, ctx, stop, err := remoteCheck(&o.audit, stderr)
	if err != nil {
		_ = closeAll() // the -remote error is the one to report
		say(stderr, "-remote: %v", err)
		return exitError
	}
	defer stop()
	cfg := audit.Config{
		Policy:    pol,
		Extractor: &extract.Extractor{Code: o.code, MaxMarkdown: o.markdownMax << 20},
		Format:    o.format,
		Root:      o.audit.root,
		Exclude:   o.exclude,
		Stdin:     stdin,
		Remote:    check,
		Context:   ctx,
		Site:      audit.Site(o.audit.site), // the same fields, one to one
	}
	if o.audit.built != "" {
		// The flag names a folder as the shell does, from the working
		// directory; the file's key, from the root.
		abs, err := filepath.Abs(o.audit.built)
		if err != nil {
			say(stderr, "-built: %v", err)
			return exitError
		}
		cfg.Built = abs
	}
	mode := audit.NoFix
	switch {
	case o.audit.fix:
		mode = audit.FixFiles
	case o.audit.diff:
		mode = audit.FixDiff
	}
	r, writeErr := audit.Check(cfg, paths, mode, w, reps)
	writeErr = errors.Join(writeErr, w.Flush(), closeAll())
	status := exitOK
	for _, line := range r.Sites {
		say(stderr, "%s", line)
	}
	for _, w := range r.Warnings {
		say(stderr, "%s", w)
	}
	for _, err := range r.Errors {
		sayErr(stderr, err)
		status = exitError
	}
	if writeErr != nil {
		sayErr(stderr, writeErr)
		return exitError
	}
	say(stderr, "%s", report.Summary(r))
	if ctx.Err() != nil {
		// The links not checked have no findings: an interrupted run
		// never passes.
		say(stderr, "interrupted: the remote checks stopped before the end")
		return exitInterrupted
	}
	left := r.Count()
	if mode == audit.FixDiff {
		// -diff passes when its fixes would leave nothing, as -fix does
		// then, and as urilint -fix -diff does.
		left -= r.Fixed
	}
	if status == exitOK && left > 0 {
		status = exitFindings
	}
	return status
}

// say prints a message of uriextract on stderr, on one line whatever it
// quotes: its control characters are escaped (report.Printable), so that
// a file name cannot start a line of its own (a forged GitHub workflow
// command) or move a terminal's cursor.
func say(stderr io.Writer, format string, args ...any) {
	fmt.Fprintf(stderr, "uriextract: %s\n", report.Printable(fmt.Sprintf(format, args...)))
}

// sayErr prints err as say does, each error of a joined error (a
// configuration with several bad keys) on a line of its own.
func sayErr(stderr io.Writer, err error) {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			sayErr(stderr, e)
		}
		return
	}
	say(stderr, "%v", err)
}

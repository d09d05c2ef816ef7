package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
)

// auditOptions are the flags of -check beyond the categories.
type auditOptions struct {
	output string
	root   string
	fix    bool
	diff   bool

	site config.Site // the site: section of the configuration file

	remote     bool
	net        remote.Config
	excludeURL []*regexp.Regexp
}

func (a *auditOptions) flags(fset *flag.FlagSet) {
	fset.StringVar(&a.output, "output", "", "with -check, write findings as `format`: "+strings.Join(audit.Formats, ", ")+" (default text; -json is -output json)")
	fset.StringVar(&a.root, "root", "", "with -check, the `directory` that \"/\" links start from and \"..\" may not leave (default: the top of the git work tree, else the directory given)")
	fset.BoolVar(&a.fix, "fix", false, "with -check, apply the safe fixes to the files and report what is left")
	fset.BoolVar(&a.diff, "diff", false, "with -check, print the safe fixes as a unified diff (for git apply) instead of findings")

	a.net = remote.DefaultConfig()
	fset.BoolVar(&a.remote, "remote", false, "with -check, also fetch the absolute http and https links (not those in code, unless -code) and report the dead, moved and anchor-less ones")
	fset.DurationVar(&a.net.Timeout, "timeout", a.net.Timeout, "with -remote, how long one request may take")
	fset.IntVar(&a.net.Retries, "retries", a.net.Retries, "with -remote, how many times to ask again after a network error, a timeout, a 5xx or a 429")
	fset.StringVar(&a.net.Cache, "cache", "", "with -remote, a JSON `file` that keeps the links found fine, so that a second run does not fetch them")
	fset.DurationVar(&a.net.CacheTTL, "cache-ttl", a.net.CacheTTL, "with -cache, how long a link found fine stays in the cache")
	fset.IntVar(&a.net.Concurrency, "concurrency", a.net.Concurrency, "with -remote, how many requests may be in flight at once")
	fset.IntVar(&a.net.PerHost, "per-host", a.net.PerHost, "with -remote, how many requests may be in flight at once to one host")
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
// nil without -remote. They stop at an interrupt (Ctrl-C) with what they
// gathered; a cache that cannot be written is reported on stderr and
// changes nothing else.
func remoteCheck(a *auditOptions, stderr io.Writer) (check func([]string) map[string]remote.Result, stop func(), err error) {
	if !a.remote {
		return nil, func() {}, nil
	}
	cfg := a.net
	cfg.Exclude = a.excludeURL
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		cfg.Progress = stderr
	}
	c, err := remote.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	return func(urls []string) map[string]remote.Result {
		res, err := c.Check(ctx, urls)
		if err != nil {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
		}
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "uriextract: interrupted: %d of %d links checked\n", len(res), len(urls))
		}
		return res
	}, stop, nil
}

// runAudit runs -check: the audit of every input's links, findings on
// stdout, a summary on stderr.
func runAudit(o options, pol *policy.Policy, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	format := o.audit.output
	if format == "" && o.json {
		format = "json"
	}
	if format != "" && !validOutput(format) {
		fmt.Fprintf(stderr, "uriextract: -output %q is not %s\n", format, strings.Join(audit.Formats, ", "))
		return exitError
	}
	if o.audit.fix && o.audit.diff {
		fmt.Fprintf(stderr, "uriextract: -fix and -diff do not go together\n")
		return exitError
	}
	check, stop, err := remoteCheck(&o.audit, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: -remote: %v\n", err)
		return exitError
	}
	defer stop()
	r := audit.Run(audit.Config{
		Policy:    pol,
		Extractor: &extract.Extractor{Code: o.code},
		Format:    o.format,
		Root:      o.audit.root,
		Exclude:   o.exclude,
		Stdin:     stdin,
		Remote:    check,
		Site:      o.audit.site,
	}, paths)
	status := exitOK
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "uriextract: %s\n", w)
	}
	for _, err := range r.Errors {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	w := bufio.NewWriter(stdout)
	shown := r.Findings
	if o.audit.fix || o.audit.diff {
		fixes, fixed := r.Fixes()
		for _, ff := range fixes {
			if o.audit.diff {
				_, _ = w.WriteString(audit.Diff(ff.File.Name, ff.File.Src, ff.New)) // errors surface at Flush
				continue
			}
			if err := audit.WriteFile(ff.File.Name, ff.New); err != nil {
				fmt.Fprintf(stderr, "uriextract: %v\n", err)
				status = exitError
				for i := range r.Findings {
					if r.Findings[i].File == ff.File.Name {
						delete(fixed, i)
					}
				}
			}
		}
		if len(fixed) > 0 {
			verb := "fixed"
			if o.audit.diff {
				verb = "can fix"
			}
			fmt.Fprintf(stderr, "uriextract: %s %d of %d findings\n", verb, len(fixed), len(r.Findings))
		}
		if o.audit.fix {
			shown = nil
			for i, f := range r.Findings {
				if !fixed[i] {
					shown = append(shown, f)
				}
			}
		}
	}
	if !o.audit.diff {
		out := *r
		out.Findings = shown
		if err := audit.Write(w, format, &out); err != nil {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
			return exitError
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stderr, "uriextract: %s\n", audit.Summary(r))
	if status == exitOK && len(shown) > 0 {
		status = exitFindings
	}
	return status
}

func validOutput(s string) bool {
	for _, f := range audit.Formats {
		if s == f {
			return true
		}
	}
	return false
}

package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/audit/site"
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

	site  config.Site // the site: section of the configuration file
	built string      // -built, over site.built

	remote     bool
	net        remote.Config
	excludeURL []*regexp.Regexp
}

func (a *auditOptions) flags(fset *flag.FlagSet) {
	fset.StringVar(&a.output, "output", "", "with -check, write findings as `format`: "+strings.Join(audit.Formats, ", ")+" (default text; -json is -output json)")
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
	fset.Func("exclude-url", "with -remote, a `regexp` of URLs not to fetch (repeatable; "+audit.IgnoreFile+" in the root holds more, one a line)", func(s string) error {
		re, err := regexp.Compile(s)
		if err != nil {
			return err
		}
		a.excludeURL = append(a.excludeURL, re)
		return nil
	})
}

// exitInterrupted is the exit status of an interrupted run.
// remoteCheck returns the network checks of -remote for audit.Config, or
// nil without -remote, and the context that an interrupt (Ctrl-C) ends,
// which stops them with what they gathered.
func remoteCheck(a *auditOptions, stderr io.Writer) (check audit.RemoteChecker, ctx context.Context, stop func(), err error) {
	if !a.remote {
		return nil, context.Background(), func() {}, nil
	}
	cfg := a.net
	cfg.Exclude = a.excludeURL
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		cfg.Progress = stderr
	}
	c, err := remote.New(cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt)
	return c, ctx, stop, nil
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
	check, ctx, stop, err := remoteCheck(&o.audit, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: -remote: %v\n", err)
		return exitError
	}
	defer stop()
	// Standard input is kept for the check after -fix, which reads the
	// inputs again.
	var stdinCopy bytes.Buffer
	cfg := audit.Config{
		Policy:    pol,
		Extractor: &extract.Extractor{Code: o.code},
		Format:    o.format,
		Root:      o.audit.root,
		Exclude:   o.exclude,
		Stdin:     io.TeeReader(stdin, &stdinCopy),
		Remote:    memoRemote(check),
		Context:   ctx,
		// Without fixes to make, the source is not kept.
		DropSource: !o.audit.fix && !o.audit.diff,
		Site:       site.Options(o.audit.site), // the same fields, one to one
	}
	if o.audit.built != "" {
		// The flag names a folder as the shell does, from the working
		// directory; the file's key, from the root.
		abs, err := filepath.Abs(o.audit.built)
		if err != nil {
			fmt.Fprintf(stderr, "uriextract: -built: %v\n", err)
			return exitError
		}
		cfg.Built = abs
	}
	w := bufio.NewWriter(stdout)
	// Findings stream file by file where the format allows and nothing
	// is fixed: memory does not grow with them.
	fixing := o.audit.fix || o.audit.diff
	var writeErr error
	var sarif *audit.SARIF
	switch {
	case fixing:
	case format == "sarif":
		sarif = audit.NewSARIF(w)
		cfg.Emit = func(_ *audit.File, findings []audit.Finding) { sarif.Write(findings) }
	case slices.Contains(audit.Streams, cmp.Or(format, "text")):
		cfg.Emit = func(f *audit.File, findings []audit.Finding) {
			if writeErr == nil {
				writeErr = audit.WriteFindings(w, format, f, findings)
			}
		}
	}
	r := audit.Run(cfg, paths)
	if sarif != nil {
		writeErr = sarif.Close(r.Sites)
	}
	status := exitOK
	for _, line := range r.Sites {
		fmt.Fprintf(stderr, "uriextract: %s\n", line)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "uriextract: %s\n", w)
	}
	for _, err := range r.Errors {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	switch {
	case o.audit.diff:
		fixes, fixed := r.Fixes()
		files := 0
		for _, ff := range fixes {
			if err := ff.File.Fixable(); err != nil {
				fmt.Fprintf(stderr, "uriextract: %v\n", err)
				unfix(r, fixed, ff.File.Name)
				continue
			}
			files++
			_, _ = w.WriteString(ff.Diff()) // errors surface at Flush
		}
		if len(fixed) > 0 {
			fmt.Fprintf(stderr, "uriextract: can fix %d of %d findings, in %s\n", len(fixed), len(r.Findings), plural(files, "file"))
		}
	case o.audit.fix:
		before := len(r.Findings)
		written := map[string]bool{}
		// A fix can make another one possible (two findings whose edits
		// overlap are fixed one per round), so fix until nothing fixable
		// is left, or a round changes nothing, then report what the last
		// check found: the findings at their columns in the fixed files.
		for round := 0; round < maxFixRounds; round++ {
			fixes, _ := r.Fixes()
			n := 0
			for _, ff := range fixes {
				if err := ff.File.Fixable(); err != nil {
					if round == 0 {
						fmt.Fprintf(stderr, "uriextract: %v\n", err)
					}
					continue
				}
				// Write leaves alone a file that changed since it was read.
				if err := ff.Write(); err != nil {
					fmt.Fprintf(stderr, "uriextract: %v\n", err)
					status = exitError
					continue
				}
				written[ff.File.Name] = true
				n++
			}
			if n == 0 {
				break
			}
			cfg.Stdin = bytes.NewReader(stdinCopy.Bytes())
			r = audit.Run(cfg, paths)
			for _, err := range r.Errors {
				fmt.Fprintf(stderr, "uriextract: %v\n", err)
				status = exitError
			}
		}
		if len(written) > 0 {
			fmt.Fprintf(stderr, "uriextract: fixed %s: %s before, %d left\n", plural(len(written), "file"), plural(before, "finding"), len(r.Findings))
		}
	}
	if writeErr != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", writeErr)
		return exitError
	}
	// A format that does not stream (markdown: a table) is written whole.
	if !o.audit.diff && cfg.Emit == nil {
		if err := audit.Write(w, format, r); err != nil {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
			return exitError
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stderr, "uriextract: %s\n", audit.Summary(r))
	if ctx.Err() != nil {
		// The links not checked have no findings: an interrupted run
		// never passes.
		fmt.Fprintf(stderr, "uriextract: interrupted: the remote checks stopped before the end\n")
		return exitInterrupted
	}
	if status == exitOK && r.Count() > 0 {
		status = exitFindings
	}
	return status
}

// maxFixRounds bounds the rounds of -fix: each round fixes what the last
// one left because its edits overlapped another fix.
const maxFixRounds = 8

// unfix forgets the fixes of the findings of the file name.
func unfix(r *audit.Result, fixed map[int]bool, name string) {
	for i := range r.Findings {
		if r.Findings[i].File == name {
			delete(fixed, i)
		}
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// memoRemote returns check with its verdicts kept, so that the check
// after -fix fetches only the links it has not seen (the new address of a
// moved link).
func memoRemote(check audit.RemoteChecker) audit.RemoteChecker {
	if check == nil {
		return nil
	}
	return &memoChecker{RemoteChecker: check, seen: map[string]audit.RemoteVerdict{}, asked: map[string]bool{}}
}

type memoChecker struct {
	audit.RemoteChecker
	seen  map[string]audit.RemoteVerdict
	asked map[string]bool
}

func (m *memoChecker) CheckLinks(ctx context.Context, urls []string) (map[string]audit.RemoteVerdict, []string) {
	var fresh []string
	for _, u := range urls {
		if !m.asked[u] {
			fresh = append(fresh, u)
			m.asked[u] = true
		}
	}
	var notes []string
	if len(fresh) > 0 {
		var got map[string]audit.RemoteVerdict
		got, notes = m.RemoteChecker.CheckLinks(ctx, fresh)
		maps.Copy(m.seen, got)
	}
	out := make(map[string]audit.RemoteVerdict, len(urls))
	for _, u := range urls {
		if v, ok := m.seen[u]; ok {
			out[u] = v
		}
	}
	return out, notes
}

func validOutput(s string) bool {
	for _, f := range audit.Formats {
		if s == f {
			return true
		}
	}
	return false
}

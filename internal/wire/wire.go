// Package wire turns the settings of a run, resolved from the flags and
// the configuration file by the table of internal/config
// (config.Flags.Resolve), into the configurations of the pipelines that
// the commands call: audit.Config, remote.Config, policy.Policy. The
// commands parse flags and call it; neither knows a key of the file.
package wire

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/report"
)

// Defaults returns the defaults of uriextract's settings, the values its
// flags show: those of remote.DefaultConfig for the network checks.
func Defaults() *config.File {
	d := remote.DefaultConfig()
	retries, interval := d.Retries, config.Duration(d.MinInterval)
	return &config.File{
		Documents: config.Documents{Format: "auto"},
		Remote: config.Remote{
			Timeout:     config.Duration(d.Timeout),
			Retries:     &retries,
			Concurrency: d.Concurrency,
			PerHost:     d.PerHost,
			MaxTime:     config.Duration(d.MaxTime),
			URLTime:     config.Duration(d.URLBudget),
			CacheTTL:    config.Duration(d.CacheTTL),
			FailureTTL:  config.Duration(d.FailureTTL),
			ConfirmRuns: &d.ConfirmRuns,
			ConfirmSpan: config.Duration(d.ConfirmSpan),
			Interval:    &interval,
		},
	}
}

// Policy returns the categories of c for the front end front.
func Policy(c *config.File, front policy.Front) (*policy.Policy, error) {
	return policy.New(policy.Config{Front: front, Enable: c.Enable, Disable: c.Disable, AllowZone: c.AllowZone})
}

// List returns the audit.Config of uriextract's listing (no -check):
// the documents of the settings c, read as the audit reads them.
func List(c *config.File) audit.Config {
	a := Audit(c, false)
	return audit.Config{Extractor: a.Extractor, Format: a.Format, Exclude: a.Exclude}
}

// Audit returns the audit.Config of the settings c, without its input and
// remote checks. builtFlag: site.built was given by the -built
// flag, which may name a folder outside the root (audit.Config.Built),
// unlike the file's key.
func Audit(c *config.File, builtFlag bool) audit.Config {
	d := c.Documents
	cfg := audit.Config{
		Extractor: &extract.Extractor{Code: d.Code, MaxMarkdown: d.MarkdownMax << 20},
		Format:    d.Format,
		Root:      d.Root,
		Exclude:   d.Exclude,
		Site:      audit.Site(c.Site), // the same fields, one to one
		Enable:    c.Enable,
		Disable:   c.Disable,
		AllowZone: c.AllowZone,
	}
	if builtFlag {
		cfg.Built, cfg.Site.Built = c.Site.Built, ""
	}
	return cfg
}

// CommandLine holds the settings of the network checks that only the
// command line gives, no key of the file (config.CommandFlags): the
// environment variables that the file may read (-allow-env), whose
// absence keeps a pull request from sending $GITHUB_TOKEN in a header,
// or to an API of its own, to a host of its own; and headers (-header).
type CommandLine struct {
	allowed map[string]bool
	hosts   []remote.HostSettings
	// FileAPI: the GitHub API was named by the configuration file, which
	// $GITHUB_TOKEN is then not sent to unless -allow-env allows it.
	FileAPI bool
}

// Allow allows the variables of s, a comma-separated list (the -allow-env
// flag).
func (e *CommandLine) Allow(s string) error {
	for n := range strings.SplitSeq(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			if e.allowed == nil {
				e.allowed = map[string]bool{}
			}
			e.allowed[n] = true
		}
	}
	return nil
}

// get reads the variables that -allow-env allows.
func (e *CommandLine) get(name string) string {
	if !e.allowed[name] {
		return ""
	}
	return os.Getenv(name)
}

// AddHeader adds the header of a -header flag, "HOST=Name: value". The
// command line may read any variable: expanded here, the value reaches
// the checker with its dollars doubled.
func (e *CommandLine) AddHeader(s string) error {
	host, hv, ok := strings.Cut(s, "=")
	name, value, ok2 := strings.Cut(hv, ":")
	if !ok || !ok2 || host == "" {
		return fmt.Errorf("want HOST=Name: value")
	}
	v, missing := config.ExpandEnv(strings.TrimSpace(value), os.Getenv)
	if missing != "" {
		return fmt.Errorf("the value names ${%s}, which is not set", missing)
	}
	e.hosts = append(e.hosts, remote.HostSettings{Pattern: host, Headers: map[string]string{strings.TrimSpace(name): strings.ReplaceAll(v, "$", "$$")}})
	return nil
}

// Remote returns the remote.Config of the settings c (resolved over
// Defaults) and of the command line: the file's hosts, then those of
// -header, with what -allow-env allows of the environment.
func Remote(c *config.File, env *CommandLine) (remote.Config, error) {
	r, net := c.Remote, remote.DefaultConfig()
	net.Timeout, net.Concurrency, net.PerHost = time.Duration(r.Timeout), r.Concurrency, r.PerHost
	net.MaxTime, net.URLBudget = time.Duration(r.MaxTime), time.Duration(r.URLTime)
	net.Cache, net.CacheTTL, net.FailureTTL = r.Cache, time.Duration(r.CacheTTL), time.Duration(r.FailureTTL)
	net.ConfirmSpan = time.Duration(r.ConfirmSpan)
	if r.Retries != nil {
		net.Retries = *r.Retries
	}
	if r.ConfirmRuns != nil {
		net.ConfirmRuns = *r.ConfirmRuns
	}
	if r.Interval != nil {
		net.MinInterval = time.Duration(*r.Interval)
	}
	net.UserAgent, net.Suggest, net.ArchiveAPI, net.GitHubAPI = r.UserAgent, r.Suggest, r.ArchiveAPI, r.GitHubAPI
	net.Getenv = env.get
	for _, s := range r.ExcludeURLs {
		re, err := regexp.Compile(s) // the decoder and the flag checked it already
		if err != nil {
			return net, fmt.Errorf("%s: remote.exclude-urls: %v", c.Path, err)
		}
		net.Exclude = append(net.Exclude, re)
	}
	switch {
	case r.GitHubToken != "":
		token, missing := config.ExpandEnv(r.GitHubToken, env.get)
		if missing != "" {
			return net, fmt.Errorf("%s: remote.github-token: names ${%s}, which is not set or not allowed (-allow-env %s)", c.Path, missing, missing)
		}
		net.GitHubToken = token
	case env.FileAPI:
		net.GitHubToken = env.get("GITHUB_TOKEN")
	default:
		net.GitHubToken = os.Getenv("GITHUB_TOKEN")
	}
	for _, h := range r.Hosts {
		hs := remote.HostSettings{Pattern: h.Match, Headers: h.Headers, UserAgent: h.UserAgent, Accept: h.Accept}
		if h.CAFile != "" {
			hs.CAFile = c.Rel(h.CAFile)
		}
		net.Hosts = append(net.Hosts, hs)
	}
	net.Hosts = append(net.Hosts, env.hosts...)
	return net, nil
}

// Outputs returns the outputs of an audit, from those of -output (outs),
// -json, -fix and -diff, its fix mode, and what writes to standard output
// besides them (taken, for report.OpenOutputs).
func Outputs(outs []report.Output, json, fix, diff bool) (_ []report.Output, taken string, mode audit.FixMode, err error) {
	if json {
		outs = append(outs, report.Output{Format: "json"})
	}
	switch {
	case fix && diff:
		return nil, "", 0, errors.New("-fix and -diff do not go together")
	case fix:
		mode = audit.FixFiles
	case diff:
		return outs, "the diff of -diff", audit.FixDiff, nil
	}
	if len(outs) == 0 {
		outs = []report.Output{{Format: "text"}}
	}
	return outs, "", mode, nil
}

// Checker returns the network checks of the settings c (Remote), which
// report their progress on stderr when it is a file: a line rewritten in
// place on a terminal, a line every 10 seconds in a CI log.
func Checker(c *config.File, env *CommandLine, stderr io.Writer) (*remote.Checker, error) {
	cfg, err := Remote(c, env)
	if err != nil {
		return nil, err
	}
	if f, ok := stderr.(*os.File); ok {
		cfg.Progress, cfg.ProgressLog = stderr, !IsTerminal(f)
	}
	return remote.New(cfg)
}

// IsTerminal reports whether r, standard input or error, is a terminal,
// or at least a character device other than /dev/null: reading it would
// wait for someone to type.
func IsTerminal(r any) bool {
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

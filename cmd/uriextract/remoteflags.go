package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/internal/config"
)

// remoteFlags declares the flags of the request settings, verdicts and
// suggestions of -remote (issue 27), over net.
func remoteFlags(fset *flag.FlagSet, net *remote.Config, env *remoteEnv) {
	fset.StringVar(&net.UserAgent, "user-agent", "", "with -remote, the User-Agent of every request (default urilint/VERSION)")
	fset.Func("header", "with -remote, a header sent to one host only, as `HOST=Name: value` (repeatable; ${VAR} in the value reads the environment; never printed)", func(s string) error {
		host, hv, ok := strings.Cut(s, "=")
		name, value, ok2 := strings.Cut(hv, ":")
		if !ok || !ok2 || host == "" {
			return fmt.Errorf("want HOST=Name: value")
		}
		// The command line may read any variable: expanded here, the
		// value reaches the checker with its dollars doubled.
		v, missing := expand(strings.TrimSpace(value), os.Getenv)
		if missing != "" {
			return fmt.Errorf("the value names ${%s}, which is not set", missing)
		}
		net.Hosts = append(net.Hosts, remote.HostSettings{Pattern: host, Headers: map[string]string{strings.TrimSpace(name): strings.ReplaceAll(v, "$", "$$")}})
		return nil
	})
	fset.Func("allow-env", "with -remote, an environment `variable` that values in the configuration file may name as ${NAME} (repeatable, or a comma-separated list): a file in the repository reads no other", func(s string) error {
		for n := range strings.SplitSeq(s, ",") {
			if n = strings.TrimSpace(n); n != "" {
				if env.allowed == nil {
					env.allowed = map[string]bool{}
				}
				env.allowed[n] = true
			}
		}
		return nil
	})
	fset.DurationVar(&net.MinInterval, "per-host-interval", net.MinInterval, "with -remote, the least time between the starts of two requests to one host")
	fset.BoolVar(&net.Suggest, "suggest", false, "with -remote, suggest the latest archived copy of a dead link as its fix (applied with -fix only)")
	fset.StringVar(&net.ArchiveAPI, "archive-api", "", "with -suggest, the Wayback-style availability `URL` to ask (default "+remote.DefaultArchiveAPI+")")
	fset.StringVar(&net.GitHubAPI, "github-api", "", "with -remote and a token ($GITHUB_TOKEN), the GitHub REST API `URL` that checks github.com links (default "+remote.DefaultGitHubAPI+")")
}

// applyRemote applies the keys of the configuration's remote section
// that remoteFlags has flags for, and the others, to net: flags override
// the file.
func applyRemote(net *remote.Config, env *remoteEnv, c *config.File, set map[string]bool) error {
	r := c.Remote
	// The bound of remote.New, said with the file's name and key: a
	// committed configuration cannot make a stale cache vouch for dead
	// links for long.
	for _, k := range []struct {
		key string
		d   config.Duration
	}{{"cache-ttl", r.CacheTTL}, {"failure-ttl", r.FailureTTL}, {"confirm-span", r.ConfirmSpan}} {
		if time.Duration(k.d) > remote.MaxCacheTTL {
			return fmt.Errorf("%s: remote.%s: %v is longer than %v, the longest a cache entry is trusted", c.Path, k.key, time.Duration(k.d), remote.MaxCacheTTL)
		}
	}
	if r.FailureTTL > 0 {
		net.FailureTTL = time.Duration(r.FailureTTL)
	}
	if r.ConfirmRuns != nil {
		net.ConfirmRuns = *r.ConfirmRuns
	}
	if r.ConfirmSpan > 0 {
		net.ConfirmSpan = time.Duration(r.ConfirmSpan)
	}
	if !set["per-host-interval"] && r.Interval != nil {
		net.MinInterval = time.Duration(*r.Interval)
	}
	if !set["user-agent"] && r.UserAgent != "" {
		net.UserAgent = r.UserAgent
	}
	if !set["suggest"] && r.Suggest {
		net.Suggest = true
	}
	if !set["archive-api"] && r.ArchiveAPI != "" {
		net.ArchiveAPI = r.ArchiveAPI
	}
	// A file in the repository reads only the variables that the command
	// line allows: else a pull request could send $GITHUB_TOKEN in a
	// header, or to an API of its own, to a host of its own.
	net.Getenv = env.get
	if r.GitHubToken != "" {
		token, missing := expand(r.GitHubToken, env.get)
		if missing != "" {
			return fmt.Errorf("%s: remote.github-token: names ${%s}, which is not set or not allowed (-allow-env %s)", c.Path, missing, missing)
		}
		net.GitHubToken = token
	}
	if !set["github-api"] && r.GitHubAPI != "" {
		net.GitHubAPI = r.GitHubAPI
		env.fileAPI = true
	}
	// The file's hosts come first: a -header flag adds to them.
	var hosts []remote.HostSettings
	for _, h := range r.Hosts {
		hs := remote.HostSettings{Pattern: h.Match, Headers: h.Headers, UserAgent: h.UserAgent, Accept: h.Accept}
		if h.CAFile != "" {
			hs.CAFile = c.Rel(h.CAFile)
		}
		hosts = append(hosts, hs)
	}
	net.Hosts = append(hosts, net.Hosts...)
	return nil
}

// remoteEnv is what a configuration file may read of the environment.
type remoteEnv struct {
	allowed map[string]bool // by -allow-env
	// fileAPI: the GitHub API was named by the configuration file, which
	// $GITHUB_TOKEN is then not sent to unless -allow-env allows it.
	fileAPI bool
}

// get reads the variables that -allow-env allows.
func (e *remoteEnv) get(name string) string {
	if !e.allowed[name] {
		return ""
	}
	return os.Getenv(name)
}

// githubToken returns the token of the GitHub API: the configuration's,
// else $GITHUB_TOKEN, unless the API is one a configuration file named
// and -allow-env does not allow GITHUB_TOKEN.
func (e *remoteEnv) githubToken(net *remote.Config) string {
	if net.GitHubToken != "" {
		return net.GitHubToken
	}
	if e.fileAPI {
		return e.get("GITHUB_TOKEN")
	}
	return os.Getenv("GITHUB_TOKEN")
}

// expand replaces ${NAME} in s with getenv(NAME); missing is the first
// name whose value is empty.
func expand(s string, getenv func(string) string) (out, missing string) {
	out = os.Expand(s, func(name string) string {
		v := getenv(name)
		if v == "" && missing == "" {
			missing = name
		}
		return v
	})
	return out, missing
}

package remote

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/plural"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
	"golang.org/x/net/http/httpproxy"
)

// categories lists the categories of the results of a Checker, which
// policy.Categories documents.
var categories = []uri.Category{
	policy.CategoryLinkClientError, policy.CategoryLinkServerError, policy.CategoryLinkNetwork,
	policy.CategoryLinkTimeout, policy.CategoryLinkRedirectLoop, policy.CategoryLinkFragment,
	policy.CategoryLinkMoved, policy.CategoryLinkRateLimited,
}

// The defaults of DefaultConfig.
const (
	DefaultConcurrency   = 128
	DefaultPerHost       = 10
	DefaultMinInterval   = 4 * time.Millisecond
	DefaultTimeout       = 10 * time.Second
	DefaultRetries       = 2
	DefaultMaxRetryAfter = 60 * time.Second
	DefaultMaxBody       = 2 << 20
	DefaultMaxStream     = 64 << 20
	DefaultCacheTTL      = 24 * time.Hour
	DefaultFailureTTL    = time.Hour
	DefaultConfirmRuns   = 3
	DefaultConfirmSpan   = 24 * time.Hour
	DefaultMaxTime       = 5 * time.Minute
	DefaultURLBudget     = 90 * time.Second
)

// MaxRedirects is how many redirects a fetch follows.
const MaxRedirects = 10

// Config says how a Checker fetches. Start from DefaultConfig: in a Config
// literal, zero means zero (no retries, no interval, no cache lifetime).
type Config struct {
	// Concurrency is how many requests may be in flight at once, all
	// hosts together.
	Concurrency int
	// PerHost is how many requests may be in flight at once to one host
	// (host and port, as in the URL).
	PerHost int
	// MinInterval is the least time between the starts of two requests
	// to one host, as they are booked: when the global limit is reached,
	// waiting for it can bring two starts closer.
	MinInterval time.Duration
	// Timeout bounds each request, its body included.
	Timeout time.Duration
	// Retries is how many times a fetch is repeated after a network
	// error, a timeout, a 5xx answer other than 501, or a 429.
	Retries int
	// MaxRetryAfter is the longest wait that a Retry-After header may
	// ask for: a 429 that asks for more ends rate limited at once, a 503
	// a server error. It also caps the backoff between retries.
	MaxRetryAfter time.Duration
	// MaxTime bounds the whole of Check: when it is over, the links not
	// yet checked end rate limited when their host answered 429, timed
	// out otherwise. Zero means no bound.
	MaxTime time.Duration
	// URLBudget bounds the time spent on one URL once it starts, its
	// retries and waits included. A wait that would go past it is not
	// waited: the URL ends with what its last attempt got, and one whose
	// host kept answering 429 ends rate limited, and so do the URLs of
	// that host not yet sent. Zero means no bound.
	URLBudget time.Duration
	// MaxBody is how many bytes of an HTML page (after decompression) are
	// read for all its anchors. A fragment not found in them on a longer
	// page is looked for in the rest, up to MaxStream more bytes, with
	// nothing kept but the ids asked for, within the request's Timeout;
	// one that could not be looked for to the end is unverified: its
	// Result is Unchecked.
	MaxBody   int64
	MaxStream int64
	// HeadFirst sends HEAD first, and GET when HEAD fails in any way (a
	// 4xx but 429, 501, a timeout on a host that answered before, a
	// network error that a GET may not get). The default sends GET alone,
	// as browsers and lychee do, reading no more of the body than it
	// needs: a HEAD saves the body but costs a second request wherever
	// it fails, and servers answer HEAD wrongly often enough (403, 404,
	// 405) that on a realistic web it sends more requests than it saves
	// bytes are worth.
	HeadFirst bool
	// UserAgent is sent with every request; empty means UserAgent().
	UserAgent string
	// Hosts are request settings by host pattern: headers, User-Agent,
	// accepted statuses, a CA file. Every setting whose pattern names a
	// host applies to it, later ones over earlier ones.
	Hosts []HostSettings
	// Getenv reads the environment variables that header values name;
	// nil means os.Getenv.
	Getenv func(string) string
	// Cache is the path of a file that keeps successes for CacheTTL and
	// failures, with their history, for FailureTTL; empty means no cache.
	// A file that urilint did not write, or that git tracks, is refused
	// (see CacheError). CacheTTL may not be longer than MaxCacheTTL.
	Cache      string
	CacheTTL   time.Duration
	FailureTTL time.Duration
	// A transient failure (a timeout, a reset connection, a 5xx, a 429,
	// a bot wall) fails the check only once it is confirmed: seen in
	// ConfirmRuns runs at least, the first and the last ConfirmSpan apart
	// at least. Until then its Result is Unconfirmed. Without a cache no
	// failure is confirmed.
	ConfirmRuns int
	ConfirmSpan time.Duration
	// Exclude holds regexps of URLs not to fetch, matched against the
	// URL as written and in normal form.
	Exclude []*regexp.Regexp
	// Client sends the requests; nil means a client that takes its
	// proxies from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY).
	// The Checker follows redirects and keeps cookies itself: the
	// client's CheckRedirect and Jar are not used.
	Client *http.Client
	// Progress, when not nil, receives a status line that is rewritten in
	// place (done/total, hosts in flight) and cleared at the end: pass
	// os.Stderr only when it is a terminal. With ProgressLog, it receives
	// instead a line every ProgressEvery (10 s when zero): checked/total,
	// in flight, the slowest host, for a CI log.
	Progress      io.Writer
	ProgressLog   bool
	ProgressEvery time.Duration

	// GitHubToken, when not empty, has the links to github.com
	// repositories, files, folders, issues, pull requests and releases
	// checked through the REST API at GitHubAPI (empty means
	// DefaultGitHubAPI), within its rate limits. Without a token,
	// github.com is paced to its anonymous limits.
	GitHubToken string
	GitHubAPI   string

	// Suggest: a dead link (404, 410, a name that does not resolve) gets
	// the latest archived copy that the Wayback-style availability API at
	// ArchiveAPI (empty means DefaultArchiveAPI) knows, as its Fix.
	Suggest    bool
	ArchiveAPI string
}

// DefaultConfig returns the defaults: lychee's limits (128 requests in
// flight, 10 per host), 10 ms between requests to a host, a 10 s timeout,
// 2 retries, Retry-After up to 60 s, 5 minutes for the whole check and 90
// seconds for one URL, 2 MiB of a page read for anchors, no cache file
// but a lifetime of one day for one.
func DefaultConfig() Config {
	return Config{
		Concurrency:   DefaultConcurrency,
		PerHost:       DefaultPerHost,
		MinInterval:   DefaultMinInterval,
		Timeout:       DefaultTimeout,
		Retries:       DefaultRetries,
		MaxRetryAfter: DefaultMaxRetryAfter,
		MaxTime:       DefaultMaxTime,
		URLBudget:     DefaultURLBudget,
		MaxBody:       DefaultMaxBody,
		MaxStream:     DefaultMaxStream,
		CacheTTL:      DefaultCacheTTL,
		FailureTTL:    DefaultFailureTTL,
		ConfirmRuns:   DefaultConfirmRuns,
		ConfirmSpan:   DefaultConfirmSpan,
	}
}

// Result is what the check of one URL found.
type Result struct {
	// URL is the URL as given to Check.
	URL string
	// Category is empty when the link is fine.
	Category uri.Category
	// Message says what is wrong, with passwords shown as "***"; empty
	// when the link is fine.
	Message string
	// Note, when not empty, says what could not be verified of a link
	// found fine, such as a fragment beyond the part of the page read.
	Note string
	// Fix, for policy.CategoryLinkMoved, is the URL to write instead: where the
	// permanent redirects lead, with the fragment of URL. For a dead link
	// with Config.Suggest, it is the latest archived copy, when there is
	// one, which Suggested says.
	Fix       string
	Suggested bool
	// Status is the status code of the last answer; 0 when none came.
	Status int
	// Chain holds every answer in order, redirects first.
	Chain []Hop
	// Final is the URL of the last answer.
	Final string
	// Err is the reason of a network error ("connection refused").
	Err string
	// Attempts is how many times the URL was fetched; 0 when the answer
	// came from the cache.
	Attempts int
	// Transient: the failure may pass if asked again later (a timeout, a
	// reset, a 5xx, a 429, a bot wall); the others are permanent (a 4xx,
	// a name that does not resolve, a certificate that does not verify,
	// a redirect loop, a missing fragment).
	Transient bool
	// Unconfirmed: a transient failure not yet confirmed across runs
	// (see Config.ConfirmRuns), which is not to fail a build.
	Unconfirmed bool
	// Unchecked: MaxTime ended before the URL was checked. Category and
	// Message say so; it is not to fail a build.
	Unchecked bool
	// First, Last and Runs are the failure's history: when it was seen
	// first and last, in how many runs.
	First, Last time.Time
	Runs        int
}

// Hop is one answer of a redirect chain.
type Hop struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
}

// A Checker checks links. Its hosts' state (the slowdowns asked for by
// 429 answers) lasts as long as it does.
type Checker struct {
	cfg    Config
	ua     string
	client *http.Client
	global chan struct{}
	cache  *cache
	warns  []string
	rules  []hostRule
	// githubAPI is the base of the REST API that checks github.com
	// pages, when there is a token; "" otherwise.
	githubAPI string

	mu    sync.Mutex
	hosts map[string]*host

	// Tests replace these.
	now    func() time.Time
	sleep  func(ctx context.Context, d time.Duration) error
	jitter func() float64
}

// New returns a Checker for cfg, with the cache file read if there is one.
// A cache file that is not one urilint wrote, is not a regular file or is
// tracked by git is an error (a *CacheError). One of urilint's that
// cannot be used (corrupt, of an unknown version, too large) is no error:
// it is set aside with a warning (see Warnings), and the run starts a
// fresh one.
func New(cfg Config) (*Checker, error) {
	switch {
	case cfg.Concurrency < 1:
		return nil, fmt.Errorf("concurrency %d is not a positive number", cfg.Concurrency)
	case cfg.PerHost < 1:
		return nil, fmt.Errorf("per-host limit %d is not a positive number", cfg.PerHost)
	case cfg.Timeout <= 0:
		return nil, fmt.Errorf("timeout %v is not a positive duration", cfg.Timeout)
	case cfg.Retries < 0:
		return nil, fmt.Errorf("retries %d is negative", cfg.Retries)
	case cfg.ConfirmRuns < 0:
		return nil, fmt.Errorf("confirm-runs %d is negative", cfg.ConfirmRuns)
	case cfg.MinInterval < 0 || cfg.MaxRetryAfter < 0 || cfg.CacheTTL < 0 || cfg.FailureTTL < 0 || cfg.ConfirmSpan < 0 || cfg.MaxBody < 0 || cfg.MaxTime < 0 || cfg.URLBudget < 0:
		return nil, errors.New("a duration or size of the configuration is negative")
	case cfg.CacheTTL > MaxCacheTTL || cfg.FailureTTL > MaxCacheTTL:
		return nil, fmt.Errorf("cache-ttl %v is longer than %v, the longest a cache entry is trusted", max(cfg.CacheTTL, cfg.FailureTTL), MaxCacheTTL)
	case cfg.ConfirmSpan > MaxCacheTTL:
		return nil, fmt.Errorf("confirm-span %v is longer than %v, the longest a failure history is kept", cfg.ConfirmSpan, MaxCacheTTL)
	}
	c := &Checker{
		cfg:    cfg,
		ua:     cfg.UserAgent,
		global: make(chan struct{}, cfg.Concurrency),
		hosts:  make(map[string]*host),
		now:    time.Now,
		sleep:  sleep,
		jitter: rand.Float64,
	}
	if c.ua == "" {
		c.ua = UserAgent()
	}
	c.client = newClient(cfg)
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	rules, warns, err := compileHosts(cfg.Hosts, c.client, getenv)
	if err != nil {
		return nil, err
	}
	c.rules, c.warns = rules, warns
	if cfg.GitHubToken != "" {
		api := cmp.Or(cfg.GitHubAPI, DefaultGitHubAPI)
		rule, base, ok := githubHostRule(api, cfg.GitHubToken)
		if !ok {
			return nil, fmt.Errorf("github-api %q is not an http or https URL", api)
		}
		rule.client, rule.userAgent = c.client, ""
		c.rules, c.githubAPI = append(c.rules, rule), base
	}
	if cfg.Cache != "" {
		var warn, err error
		c.cache, warn, err = loadCache(cfg.Cache, cfg.CacheTTL, cfg.FailureTTL, c.now())
		if err != nil {
			return nil, err
		}
		if warn != nil {
			c.warns = append(c.warns, warn.Error())
		}
	}
	return c, nil
}

// newClient returns the client of cfg, which never follows redirects.
func newClient(cfg Config) *http.Client {
	var client http.Client
	if cfg.Client != nil {
		client = *cfg.Client
	} else {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.Proxy = proxyFromEnvironment()
		t.MaxIdleConnsPerHost = cfg.PerHost
		client.Transport = t
	}
	client.Jar = nil
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &client
}

// proxyFromEnvironment is http.ProxyFromEnvironment with the environment
// read now rather than once per process.
func proxyFromEnvironment() func(*http.Request) (*url.URL, error) {
	proxy := httpproxy.FromEnvironment().ProxyFunc()
	return func(r *http.Request) (*url.URL, error) { return proxy(r.URL) }
}

// group is one distinct URL to fetch and the links that lead to it.
type group struct {
	target string   // normal form, no fragment
	frags  []string // the fragments to find on the page, sorted
	secret bool     // the URL has userinfo: not cached
	links  []link
	host   *host
}

// link is one URL as given.
type link struct {
	raw  string
	frag string // the anchor to find, "" when none
}

// Check fetches the absolute http and https URLs among urls and returns
// a Result for each URL (as given) that it checked; other schemes,
// relative references, malformed and excluded URLs have none. When ctx
// ends, Check returns at once with the results gathered so far. The error
// is about the cache file only: the results are complete all the same.
func (c *Checker) Check(ctx context.Context, urls []string) (map[string]Result, error) {
	groups := make(map[string]*group)
	var order []*group
	seen := make(map[string]bool)
	for _, raw := range urls {
		if seen[raw] {
			continue
		}
		seen[raw] = true
		t, ok := c.target(raw)
		if !ok {
			continue
		}
		g := groups[t.target]
		if g == nil {
			g = &group{target: t.target}
			groups[t.target] = g
			order = append(order, g)
		}
		g.secret = g.secret || t.secret
		frag, ok := anchor(t.frag)
		if ok && !slices.Contains(g.frags, frag) {
			g.frags = append(g.frags, frag)
			slices.Sort(g.frags)
		}
		g.links = append(g.links, link{raw: raw, frag: frag})
	}

	// A host given up on in an earlier run gets another chance.
	c.mu.Lock()
	for _, h := range c.hosts {
		h.mu.Lock()
		h.gaveUp = false
		h.mu.Unlock()
	}
	c.mu.Unlock()

	results := make(map[string]Result, len(seen))
	var mu sync.Mutex
	report := func(g *group, o *outcome) {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range g.links {
			results[l.raw] = c.result(l, o)
		}
	}
	var pending []*group
	for _, g := range order {
		if e, ok := c.cache.get(g.target, g.frags, c.now()); ok {
			report(g, cachedOutcome(e))
			continue
		}
		g.host = c.host(hostOf(g.target))
		pending = append(pending, g)
	}

	run := ctx
	if c.cfg.MaxTime > 0 {
		var cancel context.CancelFunc
		run, cancel = context.WithTimeout(ctx, c.cfg.MaxTime)
		defer cancel()
	}
	prog := newProgress(c, len(pending))
	d := newDispatcher(c, pending)
	stop := context.AfterFunc(run, d.stop)
	defer stop()
	checked := make([]bool, len(pending))
	index := make(map[*group]int, len(pending))
	for i, g := range pending {
		index[g] = i
	}
	var wg sync.WaitGroup
	for range min(c.cfg.Concurrency, len(pending)) {
		wg.Go(func() {
			for g := d.next(); g != nil; g = d.next() {
				o := c.fetch(run, g)
				d.done(g)
				if o.cancelled {
					continue
				}
				if c.cfg.Suggest && dead(&o) && !c.archived(g.target) {
					o.suggestion = c.suggest(run, g.target)
				}
				c.record(g, &o)
				report(g, &o)
				mu.Lock()
				checked[index[g]] = true
				mu.Unlock()
				prog.step()
			}
		})
	}
	wg.Wait()
	prog.finish()
	// An interrupt leaves the links not checked without a result; the
	// end of MaxTime gives them one, so that none passes unchecked.
	if ctx.Err() == nil && run.Err() != nil {
		for i, g := range pending {
			if !checked[i] {
				o := outcome{unchecked: true}
				if n, _ := g.host.rateLimited(); n > 0 {
					o.limited = true
				}
				report(g, &o)
			}
		}
	}
	return results, c.cache.save(c.now)
}

// Warnings returns what New set aside, such as a corrupt cache file: no
// error, since the check runs all the same.
func (c *Checker) Warnings() []string { return c.warns }

// hostOf returns the host and port of an http or https URL, in lower
// case, which names its host state.
func hostOf(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Host)
}

// host returns the state of the host named by a URL's host and port.
func (c *Checker) host(name string) *host {
	c.mu.Lock()
	defer c.mu.Unlock()
	h := c.hosts[name]
	if h == nil {
		if (name == "github.com" || name == "www.github.com") && c.githubAPI == "" {
			h = newHost(name, min(c.cfg.PerHost, githubAnonPerHost), max(c.cfg.MinInterval, githubAnonInterval))
		} else {
			h = newHost(name, c.cfg.PerHost, c.cfg.MinInterval)
		}
		h.settings = c.settingsFor(name)
		c.hosts[name] = h
	}
	return h
}

// acquire waits until a request to h may start: a slot of h (retries
// first), h's pace, then a global slot. The caller must call release. A
// request after a 429 to a host given up on meanwhile (another URL of it
// ended rate limited) is not sent: errGaveUp, checked before the wait for
// the host's pace, which is long then, and after it.
func (c *Checker) acquire(ctx context.Context, h *host, t turn) (release func(), err error) {
	if err := h.enter(ctx, t != turnNew); err != nil {
		return nil, err
	}
	gaveUp := func() bool {
		_, g := h.rateLimited()
		return g && t == turnAfter429
	}
	if gaveUp() {
		h.leave()
		return nil, errGaveUp
	}
	if err := c.sleep(ctx, h.book(c.now())); err != nil {
		h.leave()
		return nil, err
	}
	if gaveUp() {
		h.leave()
		return nil, errGaveUp
	}
	select {
	case c.global <- struct{}{}:
	case <-ctx.Done():
		h.leave()
		return nil, ctx.Err()
	}
	h.sending(1)
	return func() {
		h.sending(-1)
		<-c.global
		h.leave()
	}, nil
}

// sleep waits for d or until ctx ends, whichever comes first.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// The audit owns the interface; a Checker is its implementation.
var _ audit.RemoteChecker = (*Checker)(nil)

// LinkCategories returns the categories of the results of a Checker
// (link-client-error, link-moved, ...), for audit.RemoteChecker.
func (c *Checker) LinkCategories() []uri.Category { return slices.Clone(categories) }

// CheckLinks runs Check for audit.RemoteChecker: the verdicts, and as
// warnings those of New and an error writing the cache.
func (c *Checker) CheckLinks(ctx context.Context, urls []string) (map[string]audit.RemoteVerdict, []string) {
	res, err := c.Check(ctx, urls)
	warns := slices.Clone(c.warns)
	if err != nil {
		warns = append(warns, err.Error())
	}
	if note := c.unconfirmedNote(res); note != "" {
		warns = append(warns, note)
	}
	out := make(map[string]audit.RemoteVerdict, len(res))
	unchecked := 0
	for u, r := range res {
		v := audit.RemoteVerdict{Category: r.Category, Message: r.Message, Fix: r.Fix, Note: r.Note}
		switch {
		case r.Unchecked:
			v.Verdict = audit.VerdictUnchecked
			unchecked++
		case r.Unconfirmed:
			v.Verdict = audit.VerdictUnconfirmed
		}
		out[u] = v
	}
	if unchecked > 0 {
		warns = append(warns, fmt.Sprintf("%s not checked within max-time %v: they do not fail the check", plural.Of(unchecked, "link"), c.cfg.MaxTime))
	}
	return out, warns
}

// The default APIs of Config.
const (
	DefaultGitHubAPI  = "https://api.github.com/"
	DefaultArchiveAPI = "https://archive.org/wayback/available"
)

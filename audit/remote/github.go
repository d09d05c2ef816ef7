package remote

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The pace of github.com without a token: its pages are limited per
// address, and shared CI runners share addresses, so at most
// githubAnonPerHost requests are in flight, githubAnonInterval apart.
const (
	githubAnonPerHost  = 2
	githubAnonInterval = 250 * time.Millisecond
)

// githubAPIPath returns the path of the REST API resource that answers
// for a github.com page, and false for a page the API has no resource
// for (a profile, a search, the wiki), which is fetched as a page:
//
//	/OWNER/REPO                       /repos/OWNER/REPO
//	/OWNER/REPO/blob/REF/PATH         /repos/OWNER/REPO/contents/PATH?ref=REF
//	/OWNER/REPO/tree/REF[/PATH]       /repos/OWNER/REPO/contents/PATH?ref=REF
//	/OWNER/REPO/issues/N              /repos/OWNER/REPO/issues/N
//	/OWNER/REPO/pull/N                /repos/OWNER/REPO/pulls/N
//	/OWNER/REPO/releases              /repos/OWNER/REPO/releases
//	/OWNER/REPO/releases/tag/TAG      /repos/OWNER/REPO/releases/tags/TAG
//
// A ref with a slash in it cannot be told from the path: the first
// segment is taken as the ref, as GitHub itself tries first.
func githubAPIPath(target string) (string, bool) {
	u, err := url.Parse(target)
	if err != nil || u.RawQuery != "" {
		return "", false
	}
	switch strings.ToLower(u.Host) {
	case "github.com", "www.github.com":
	default:
		return "", false
	}
	seg := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	if len(seg) < 2 || seg[0] == "" || seg[1] == "" {
		return "", false
	}
	// A dot segment, written or escaped, would lead the token to
	// another resource of the API.
	for _, sg := range seg {
		if un, err := url.PathUnescape(sg); err != nil || un == "." || un == ".." || strings.ContainsAny(un, "/?#") {
			return "", false
		}
	}
	repo := "/repos/" + seg[0] + "/" + strings.TrimSuffix(seg[1], ".git")
	rest := seg[2:]
	number := func(s string) bool { _, err := strconv.ParseUint(s, 10, 32); return err == nil }
	switch {
	case len(rest) == 0:
		return repo, true
	case (rest[0] == "blob" || rest[0] == "tree") && len(rest) >= 2:
		ref, _ := url.PathUnescape(rest[1]) // checked above
		return repo + "/contents/" + strings.Join(rest[2:], "/") + "?ref=" + url.QueryEscape(ref), true
	case rest[0] == "issues" && len(rest) == 2 && number(rest[1]):
		return repo + "/issues/" + rest[1], true
	case rest[0] == "pull" && len(rest) >= 2 && number(rest[1]):
		return repo + "/pulls/" + rest[1], true
	case rest[0] == "releases" && len(rest) == 1:
		return repo + "/releases", true
	case rest[0] == "releases" && len(rest) == 3 && rest[1] == "tag":
		return repo + "/releases/tags/" + rest[2], true
	}
	return "", false
}

// githubHostRule returns the rule that sends the token to the API, and
// to no other host.
func githubHostRule(api, token string) (hostRule, string, bool) {
	u, err := url.Parse(api)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return hostRule{}, "", false
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	h.Set("Accept", "application/vnd.github+json")
	h.Set("X-GitHub-Api-Version", "2022-11-28")
	return hostRule{pattern: strings.ToLower(u.Host), headers: h}, strings.TrimSuffix(api, "/"), true
}

// fetchGitHub checks target, a github.com page, through the REST API: a
// 404 there is the page's 404, a 301 (a repository renamed or moved) is
// the page's move to the html_url the API gives. The chain is told in
// the page's URLs, not the API's: a failure, a loop or too many
// redirects of the API is the page's.
func (c *Checker) fetchGitHub(ctx context.Context, target, apiPath string) outcome {
	var o outcome
	var htmlURL string
	w := walkRedirects(c.githubAPI+apiPath, func(cur string) (answer, error) {
		a, u, err := c.apiRequest(ctx, cur)
		htmlURL = u
		return a, err
	})
	a := w.last
	o.wait, o.waited, o.tooLong = a.wait, a.waited, a.tooLong
	switch {
	case w.err != nil:
		o.err, o.errURL = w.err, target
	case w.loop:
		o.loop, o.to = true, target
	case w.tooMany:
		o.tooMany, o.to = true, target
	case a.status/100 == 2 && movedOnce(w.chain) && htmlURL != "" && strings.Count(apiPath, "/") == 3:
		// A repository renamed: the page moved to its html_url.
		o.Chain = []Hop{{URL: target, Status: http.StatusMovedPermanently}, {URL: htmlURL, Status: a.status}}
	default:
		o.Chain = []Hop{{URL: target, Status: a.status}}
	}
	return o
}

// movedOnce reports whether a redirect of chain, before its last answer,
// is permanent.
func movedOnce(chain []Hop) bool {
	for _, h := range chain[:max(len(chain)-1, 0)] {
		if permanent(h.Status) {
			return true
		}
	}
	return false
}

// apiRequest sends one GET to the API within the limits of its host, and
// returns the html_url of a 2xx JSON answer.
func (c *Checker) apiRequest(ctx context.Context, target string) (answer, string, error) {
	var a answer
	var body struct {
		HTMLURL string `json:"html_url"`
	}
	err := c.exchange(ctx, http.MethodGet, target, nil, turnNew, func(h *host, resp *http.Response, sent time.Time) error {
		a.status, a.location = resp.StatusCode, resp.Header.Get("Location")
		now := c.now()
		c.rateLimit(h, resp, &a, now)
		h.answered(a.status, sent, now)
		if a.status/100 == 2 {
			_ = json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&body)
		}
		return nil
	})
	return a, body.HTMLURL, err
}

// rateLimit reads the rate-limit headers of an answer (GitHub's, and
// the draft standard's RateLimit-Remaining and RateLimit-Reset): when
// none is left, the host waits until the reset, and an answer 403 that
// says so is a 429. A reset later than MaxRetryAfter is not waited.
func (c *Checker) rateLimit(h *host, resp *http.Response, a *answer, now time.Time) {
	remaining := resp.Header.Get("X-RateLimit-Remaining")
	if remaining != "0" {
		return
	}
	if a.status == http.StatusForbidden {
		a.status = http.StatusTooManyRequests
	}
	wait := time.Duration(0)
	if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
		wait = max(time.Unix(reset, 0).Sub(now), 0)
	}
	if d, ok := retryAfter(resp.Header.Get("Retry-After"), now); ok {
		wait = max(wait, d)
	}
	if wait > c.cfg.MaxRetryAfter {
		a.wait, a.tooLong = wait, true
		h.giveUp()
		return
	}
	a.wait, a.waited = wait, a.status == http.StatusTooManyRequests
	h.hold(now.Add(wait))
}

// fetchAPI checks a github.com page through the API, asking again as
// often as Retries allows after a 429 (or a 403 that says the rate limit
// is used up) whose wait is within MaxRetryAfter, or a 5xx.
func (c *Checker) fetchAPI(run context.Context, target, apiPath string) outcome {
	for attempt := 1; ; attempt++ {
		o := c.fetchGitHub(run, target, apiPath)
		o.attempts = attempt
		if run.Err() != nil {
			o.cancelled = true
			return o
		}
		status := o.last()
		if status == http.StatusTooManyRequests && (o.tooLong || attempt > c.cfg.Retries) {
			o.limited = true
			return o
		}
		if attempt > c.cfg.Retries || !(status == http.StatusTooManyRequests || status >= 500) {
			return o
		}
		wait := o.wait
		if !o.waited {
			wait = c.backoff(attempt)
		}
		if err := c.sleep(run, wait); err != nil {
			o.cancelled = run.Err() != nil
			return o
		}
	}
}

package remote

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/urilint/urilint/internal/plural"
	"github.com/urilint/urilint/internal/policy"
)

// cachedErr stands for the network error of a failure that the cache
// kept: describe gives back its category and reason.
type cachedErr struct{ f *failure }

func (e *cachedErr) Error() string { return e.f.Reason }

// cachedOutcome returns the outcome that a cache entry stands for.
func cachedOutcome(e *entry) *outcome {
	f := e.Failure
	if f == nil {
		return &outcome{page: e.page}
	}
	o := &outcome{page: page{Chain: e.Chain}, history: f}
	switch {
	case f.Loop:
		o.loop, o.to = true, f.To
	case f.TooMany:
		o.tooMany, o.to = true, f.To
	case f.Category == policy.CategoryLinkRateLimited:
		o.limited = true
	case f.Reason != "" || f.Category == policy.CategoryLinkTimeout || f.Category == policy.CategoryLinkNetwork:
		o.err, o.errURL = &cachedErr{f}, f.URL
	case f.Category == policy.CategoryLinkClientError:
		o.botWall = f.Transient
	}
	o.suggestion = f.Suggest
	return o
}

// failureOf returns the failure that o, a fetch that did not end in a
// 2xx answer, found, and whether it may pass if asked again (transient):
// a timeout, a reset or refused connection, a 5xx, a 429 and a bot wall
// may; a 4xx, a name that does not resolve, a certificate that does not
// verify and a redirect loop will not.
func failureOf(o *outcome) failure {
	var ce *cachedErr
	if errors.As(o.err, &ce) {
		return *ce.f
	}
	f := failure{URL: o.errURL}
	switch {
	case o.hung:
		f.Category, f.Transient = policy.CategoryLinkTimeout, true
	case o.limited:
		f.Category, f.Transient = policy.CategoryLinkRateLimited, true
	case o.err != nil:
		f.Category, f.Reason = describe(o.err)
		f.Transient = !permanentError(o.err)
	case o.loop:
		f.Category, f.Loop, f.To = policy.CategoryLinkRedirectLoop, true, o.to
	case o.tooMany:
		f.Category, f.TooMany, f.To = policy.CategoryLinkRedirectLoop, true, o.to
	default:
		switch s := o.last(); {
		case s == http.StatusTooManyRequests:
			f.Category, f.Transient = policy.CategoryLinkRateLimited, true
		case s >= 500:
			f.Category, f.Transient = policy.CategoryLinkServerError, true
		default:
			f.Category, f.Transient = policy.CategoryLinkClientError, o.botWall
		}
	}
	return f
}

// record keeps in the cache what the fetch of g found: the page of a
// success, or a failure and its history, which it puts on o. A URL with
// a password is not cached: its history is of this run alone. A URL not
// sent because its host was given up (it kept answering 429, or hangs)
// failed in this run with its host.
func (c *Checker) record(g *group, o *outcome) {
	now := c.now()
	switch {
	case o.ok():
		if !g.secret {
			c.cache.put(g.target, o.page, now)
		}
	case g.secret:
		f := failureOf(o)
		f.First, f.Last, f.Runs = now, now, 1
		o.history = &f
	default:
		f := failureOf(o)
		f.Dead, f.Suggest = dead(o), o.suggestion
		h := c.cache.fail(g.target, f, o.Chain, now)
		o.history = &h
	}
}

// confirmed reports whether a transient failure of history h fails the
// check: seen in ConfirmRuns runs, ConfirmSpan apart.
// With ConfirmRuns 0 or 1, one run confirms every failure, whatever the
// span.
func (c *Checker) confirmed(h *failure) bool {
	if c.cfg.ConfirmRuns <= 1 {
		return true
	}
	return h != nil && h.Runs >= c.cfg.ConfirmRuns && h.Last.Sub(h.First) >= c.cfg.ConfirmSpan
}

// verdict sets the transient, unconfirmed and history fields of r, a
// failure that o found, and says in its message what they mean.
func (c *Checker) verdict(r *Result, o *outcome) {
	switch r.Category {
	case "", policy.CategoryLinkMoved, policy.CategoryLinkFragment:
		return
	}
	r.Transient = failureOf(o).Transient
	if h := o.history; h != nil {
		r.First, r.Last, r.Runs = h.First, h.Last, h.Runs
	}
	if !r.Transient {
		return
	}
	switch {
	case c.confirmed(o.history):
		if r.Runs > 1 {
			r.Message += fmt.Sprintf("; confirmed: it failed in %d runs since %s", r.Runs, r.First.UTC().Format(time.RFC3339))
		}
	case r.Runs == 0:
		r.Unconfirmed = true
		r.Message += "; a transient failure, unconfirmed"
	case c.cache == nil:
		r.Unconfirmed = true
		r.Message += "; a transient failure, unconfirmed: without a cache it cannot be confirmed across runs"
	default:
		r.Unconfirmed = true
		r.Message += fmt.Sprintf("; a transient failure, unconfirmed: it failed in %s, and fails the check once it has failed in %d runs over %v",
			plural.Of(r.Runs, "run"), c.cfg.ConfirmRuns, c.cfg.ConfirmSpan)
	}
}

// botWall reports whether h, the header of a 403 or 503 answer, is a
// challenge page that a bot wall sends to agents that are not browsers:
// Cloudflare's "cf-mitigated: challenge", AWS WAF's challenge and
// captcha actions. The page may well exist.
func botWall(status int, h http.Header) bool {
	if status != http.StatusForbidden && status != http.StatusServiceUnavailable && status != http.StatusTooManyRequests {
		return false
	}
	if strings.EqualFold(h.Get("Cf-Mitigated"), "challenge") {
		return true
	}
	switch strings.ToLower(h.Get("X-Amzn-Waf-Action")) {
	case "challenge", "captcha":
		return true
	}
	return false
}

// unconfirmedNote returns the line that says how many transient failures
// were left unconfirmed, and why; "" when none was.
func (c *Checker) unconfirmedNote(results map[string]Result) string {
	n := 0
	for _, r := range results {
		if r.Unconfirmed {
			n++
		}
	}
	switch {
	case n == 0:
		return ""
	case c.cache == nil:
		return fmt.Sprintf("%s unconfirmed: transient failures cannot be confirmed without a cache (-cache), so they do not fail the check", plural.Of(n, "link"))
	}
	return fmt.Sprintf("%s unconfirmed: transient failures fail the check once they have failed in %d runs over %v", plural.Of(n, "link"), c.cfg.ConfirmRuns, c.cfg.ConfirmSpan)
}

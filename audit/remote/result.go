package remote

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// result returns the verdict on link l, whose fetch found o.
func (c *Checker) result(l link, o *outcome) Result {
	r := Result{URL: l.raw, Chain: o.Chain, Attempts: o.attempts}
	if n := len(o.Chain); n > 0 {
		r.Status, r.Final = o.Chain[n-1].Status, o.Chain[n-1].URL
	}
	// subject names what failed: the link, or where its redirects lead.
	subject := func(last string) string {
		s := fmt.Sprintf("%q", uri.Redact(l.raw))
		if len(o.Chain) > 0 && last != o.Chain[0].URL {
			s += fmt.Sprintf(" redirects to %q, which", uri.Redact(last))
		}
		return s
	}
	switch {
	case o.unchecked:
		r.Category, r.Unchecked = policy.CategoryLinkTimeout, true
		r.Message = fmt.Sprintf("%q was not checked within the time of the remote checks (max-time %v)", uri.Redact(l.raw), c.cfg.MaxTime)
		if o.limited {
			r.Category = policy.CategoryLinkRateLimited
			r.Message += ": its host answered 429 too many requests"
		}
		return r
	case o.skipped:
		r.Category = policy.CategoryLinkRateLimited
		r.Message = fmt.Sprintf("%q was not checked: its host kept answering 429 too many requests to other links", uri.Redact(l.raw))
		c.verdict(&r, o)
		return r
	case o.hung:
		r.Category = policy.CategoryLinkTimeout
		r.Message = fmt.Sprintf("%q was not checked: its host did not answer %d requests in a row within %v", uri.Redact(l.raw), hangAfter, c.cfg.Timeout)
		c.verdict(&r, o)
		return r
	case o.limited && o.err != nil:
		r.Category = policy.CategoryLinkRateLimited
		r.Message = fmt.Sprintf("%q was not checked: its host answered 429 too many requests and kept it waiting past its budget of %v", uri.Redact(l.raw), c.cfg.URLBudget)
	case o.limited:
		r.Category = policy.CategoryLinkRateLimited
		r.Message = fmt.Sprintf("%s answers %s", subject(r.Final), statusText(r.Status))
		if o.tooLong {
			r.Message += fmt.Sprintf(" and asks to wait %v, more than %v", o.wait, c.cfg.MaxRetryAfter)
		}
		if o.attempts > 1 {
			r.Message += fmt.Sprintf(" (%d attempts)", o.attempts)
		}
		r.Message += ": not checked"
		c.verdict(&r, o)
		return r
	case o.err != nil:
		cat, reason := describe(o.err)
		r.Category, r.Err = cat, reason
		if cat == policy.CategoryLinkTimeout {
			r.Message = fmt.Sprintf("%s does not answer within %v", subject(o.errURL), c.cfg.Timeout)
		} else {
			r.Message = fmt.Sprintf("%s cannot be reached: %s", subject(o.errURL), reason)
		}
	case o.loop:
		r.Category = policy.CategoryLinkRedirectLoop
		r.Message = fmt.Sprintf("%q redirects in a loop, back to %q", uri.Redact(l.raw), uri.Redact(o.to))
	case o.tooMany:
		r.Category = policy.CategoryLinkRedirectLoop
		r.Message = fmt.Sprintf("%q redirects more than %d times", uri.Redact(l.raw), MaxRedirects)
	case o.Accepted:
		// A status the settings of its host accept: fine.
	case r.Status >= 400 && r.Status < 500:
		r.Category = policy.CategoryLinkClientError
		r.Message = fmt.Sprintf("%s returns %s", subject(r.Final), statusText(r.Status))
	case r.Status >= 500:
		r.Category = policy.CategoryLinkServerError
		r.Message = fmt.Sprintf("%s returns %s", subject(r.Final), statusText(r.Status))
	case r.Status/100 == 2:
		// A fragment that could not be looked for is a finding that
		// says so, unchecked: shown in every format, failing nothing.
		if l.frag != "" && o.HTML && !o.Read && o.note != "" {
			r.Category, r.Unchecked = policy.CategoryLinkFragment, true
			r.Message = fmt.Sprintf("the fragment %q of %q could not be verified: %s", l.frag, uri.Redact(l.raw), o.note)
			break
		}
		if l.frag != "" && o.Read && !hasAnchor(o.Anchors, l.frag) {
			if o.Truncated && !slices.Contains(o.Searched, l.frag) {
				r.Category, r.Unchecked = policy.CategoryLinkFragment, true
				r.Message = fmt.Sprintf("the fragment %q could not be verified: it is not in the first %s of %q, and the rest of the page (up to %s more) was not read to its end within %v",
					l.frag, size(c.cfg.MaxBody), uri.Redact(r.Final), size(c.cfg.MaxStream), c.cfg.Timeout)
			} else {
				r.Category = policy.CategoryLinkFragment
				r.Message = fmt.Sprintf("the fragment %q matches no id or anchor name on %q", l.frag, uri.Redact(r.Final))
			}
			break
		}
		if to, ok := movedTo(o.Chain); ok {
			r.Category = policy.CategoryLinkMoved
			r.Fix = to
			if l.frag != "" && !strings.Contains(to, "#") {
				r.Fix += "#" + l.frag
			}
			r.Message = fmt.Sprintf("%q moved permanently to %q", uri.Redact(l.raw), uri.Redact(r.Fix))
		}
	}
	if o.tooLong && r.Category == policy.CategoryLinkServerError {
		r.Message += fmt.Sprintf(" and asks to wait %v, more than %v", o.wait, c.cfg.MaxRetryAfter)
	}
	if r.Category != "" && r.Category != policy.CategoryLinkMoved && o.attempts > 1 {
		r.Message += fmt.Sprintf(" (%d attempts)", o.attempts)
	}
	if o.botWall {
		r.Message += " (a bot wall's challenge, which a browser may pass)"
	}
	if c.cfg.Suggest && o.suggestion != "" && r.Category != "" && r.Fix == "" {
		r.Fix, r.Suggested = o.suggestion, true
		if l.frag != "" && !strings.Contains(r.Fix, "#") {
			r.Fix += "#" + l.frag
		}
		r.Message += fmt.Sprintf("; an archived copy: %q", uri.Redact(r.Fix))
	}
	c.verdict(&r, o)
	return r
}

// movedTo returns where the permanent redirects at the start of chain
// lead, when there are any and the chain ends in a 2xx answer. A temporary
// redirect after them is not followed into the fix: it may change, and
// often leads to a login or a mirror.
func movedTo(chain []Hop) (string, bool) {
	n := 0
	for n < len(chain)-1 && permanent(chain[n].Status) {
		n++
	}
	if n == 0 || chain[len(chain)-1].Status/100 != 2 {
		return "", false
	}
	return chain[n].URL, true
}

// statusText returns "404 not found".
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("%d %s", code, strings.ToLower(t))
	}
	return fmt.Sprint(code)
}

// size returns n bytes in the largest binary unit that divides it.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

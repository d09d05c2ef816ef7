// Package remote checks absolute http and https links over the network:
// the opt-in part of the docs audit (uriextract -check -remote).
//
// A Checker fetches each distinct URL once however many times it is
// written (URLs are compared after uri.Normalize, fragments aside), with a
// bounded pool of workers that take turns among the hosts, keeps within a
// global and a per-host limit of requests in flight and a minimum
// interval between requests to one host, and sends one GET for each,
// reading no more of the body than a fragment needs (with HeadFirst, HEAD
// first, and GET when HEAD fails). It follows at most ten redirects itself and keeps the chain.
//
// Each finding has its own category: a 4xx answer, a 5xx answer, a
// network error (DNS, refused connection, TLS), a timeout, a redirect loop
// or too many redirects, a fragment that names no id (nor the name of an
// a element) in the first MaxBody bytes of an HTML page (decoded when it
// is sent gzip), and a link that moved permanently (301 or 308, then
// 2xx), whose fix is the URL it moved to. Temporary redirects (302, 303,
// 307) are fine. A fragment not found within MaxBody of a longer page is
// not verified, and the result says so in its Note.
//
// Network errors, timeouts, 5xx answers and 429s are retried with
// exponential backoff and jitter, or after the wait a Retry-After header
// asks for; each URL waits on its own, so waits overlap. A host name that
// does not exist and a certificate that does not verify are not retried.
// A host that answers 429 slows down one step for each burst of them
// (half the requests in flight, twice the interval) and recovers a step
// after a few good answers; retries take its slots before URLs not tried
// yet. A URL whose host keeps answering 429 past its retries or its
// budget (URLBudget), or asks to wait longer than MaxRetryAfter, ends
// rate limited (policy.CategoryLinkRateLimited), and so do the URLs of
// that host not yet sent. MaxTime bounds the whole check.
//
// Failures are permanent (a 4xx, a name that does not resolve, a
// certificate that does not verify, a redirect loop) or transient (a
// timeout, a reset, a 5xx, a 429, a bot wall's challenge): a transient
// failure is Unconfirmed until it has failed in ConfirmRuns runs over
// ConfirmSpan, which the cache remembers. A timeout is not retried within
// a run, and a host that times out hangAfter times in a row with no
// answer between is not asked again in the run.
//
// The cache file keeps successes for CacheTTL and failures, with their
// history, for FailureTTL, so that a second run sends no request for
// them. It is written only if it is one this package wrote (it begins
// with a magic line), is a regular file and is not tracked by git; it is
// replaced whole, merged under a lock with what concurrent runs wrote.
// Check returns what it gathered when its context ends.
//
// New makes a Checker from a Config (DefaultConfig holds the defaults);
// Checker.Check checks a list of URLs. A Checker is the
// audit.RemoteChecker of package audit: set it as audit.Config.Remote and
// the audit hands it the web links of every document at once (the
// package example). The audit owns the interface and does not import
// this package.
package remote

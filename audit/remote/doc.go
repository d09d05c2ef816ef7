// Package remote checks absolute http and https links over the network:
// the opt-in part of the docs audit (uriextract -check -remote).
//
// A Checker fetches each distinct URL once however many times it is
// written (URLs are compared after uri.Normalize, fragments aside), keeps
// within a global and a per-host limit of requests in flight and a
// minimum interval between requests to one host, and sends HEAD first:
// GET when HEAD is refused (405, 501) or when a fragment must be found on
// the page. It follows at most ten redirects itself and keeps the chain.
//
// Each finding has its own category: a 4xx answer, a 5xx answer, a
// network error (DNS, refused connection, TLS), a timeout, a redirect loop
// or too many redirects, a fragment that names no id (nor the name of an
// a element) in the first MaxBody bytes of an HTML page, and a link that
// moved permanently (301 or 308, then 2xx), whose fix is the URL it moved
// to. Temporary redirects (302, 303, 307) are fine.
//
// A 429 or 503 answer with Retry-After is asked again once the wait is
// over (capped at MaxRetryAfter), and no other request goes to that host
// in the meantime; network errors, timeouts and other 5xx answers are
// retried with exponential backoff and jitter. A host that answers 429
// gets fewer requests at once, further apart, for the rest of the run.
//
// Successes can be kept in a JSON cache file for CacheTTL, so that a
// second run sends no request for them; failures are never cached.
// Check returns what it gathered when its context ends.
package remote

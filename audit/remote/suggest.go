package remote

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// dead reports whether o found a link gone for good: a 404, a 410, or a
// host name that does not exist. An archived copy is worth suggesting for
// these alone.
func dead(o *outcome) bool {
	if o.err != nil {
		var dns *net.DNSError
		var ce *cachedErr
		if errors.As(o.err, &ce) {
			return ce.f.Dead
		}
		return errors.As(o.err, &dns) && dns.IsNotFound
	}
	s := o.last()
	return !o.loop && !o.tooMany && !o.limited && (s == http.StatusNotFound || s == http.StatusGone)
}

// suggest asks the Wayback-style availability API (ArchiveAPI) for the
// latest archived copy of target, and returns its URL; "" when there is
// none, or the API cannot tell. The API answers
//
//	{"archived_snapshots": {"closest": {"available": true, "url": "...", "status": "200"}}}
//
// and a copy is suggested only when it is available and was archived
// from a 2xx answer.
func (c *Checker) suggest(ctx context.Context, target string) string {
	api := c.cfg.ArchiveAPI
	if api == "" {
		api = DefaultArchiveAPI
	}
	u, err := url.Parse(api)
	if err != nil || u.Host == "" {
		return ""
	}
	q := u.Query()
	q.Set("url", target)
	u.RawQuery = q.Encode()
	h := c.host(strings.ToLower(u.Host))
	release, err := c.acquire(ctx, h, turnNew)
	if err != nil {
		return ""
	}
	defer release()
	rctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return ""
	}
	req.Header.Set("User-Agent", h.settings.userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := h.settings.client.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return ""
	}
	var body struct {
		Snapshots struct {
			Closest struct {
				Available bool   `json:"available"`
				URL       string `json:"url"`
				Status    string `json:"status"`
			} `json:"closest"`
		} `json:"archived_snapshots"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&body); err != nil {
		return ""
	}
	cl := body.Snapshots.Closest
	if !cl.Available || !strings.HasPrefix(cl.Status, "2") {
		return ""
	}
	// The copy must be an http or https URL that this package would
	// write: the API's answer is no more trusted than a page.
	s, err := url.Parse(cl.URL)
	if err != nil || (s.Scheme != "http" && s.Scheme != "https") || s.Host == "" || strings.ContainsAny(cl.URL, " \t\r\n<>\"") {
		return ""
	}
	if s.Scheme == "http" && strings.HasSuffix(strings.ToLower(s.Hostname()), "archive.org") {
		s.Scheme = "https" // the Wayback Machine answers its own URLs in http
	}
	return s.String()
}

// archived reports whether target is itself on an archive (the host of
// ArchiveAPI, or archive.org), which no copy is suggested for: after -fix
// the copies are checked in turn, and one that is dead would be replaced
// by a copy of a copy.
func (c *Checker) archived(target string) bool {
	host := strings.ToLower(hostOf(target))
	if host == "archive.org" || strings.HasSuffix(host, ".archive.org") {
		return true
	}
	api, err := url.Parse(c.cfg.ArchiveAPI)
	return err == nil && api.Host != "" && strings.EqualFold(api.Host, host)
}

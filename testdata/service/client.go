// Package service is a small, realistic HTTP client used as the example in
// urilint's README: run "go run ./cmd/urilint ./testdata/service" from the
// repository root to see what urilint reports on it.
package service

import (
	"context"
	"net/http"
	"net/url"
)

// Endpoints of the upstream API.
const (
	// baseURL is a conventional base URL without a trailing "/": fine by default.
	baseURL = "https://api.example.com"
	// statusURL spells out the default port of https.
	statusURL = "https://status.example.com:443/v1/health"
	// legacyURL has an upper-case scheme and host.
	legacyURL = "HTTP://Legacy.Example.COM/api"
	// reportURL holds a space, which no URI may hold.
	reportURL = "https://reports.example.com/monthly report.pdf"
)

// Config is read from the environment in production.
type Config struct {
	Upstream string
	Mirror   string
}

// DefaultConfig is used when nothing is configured.
var DefaultConfig = Config{
	Upstream: "https://api.example.com/v2/./items/../orders",
	Mirror:   "https://mirror.example.com/%7eteam/",
}

// Fetch gets one order.
func Fetch(ctx context.Context, c *http.Client, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+"/orders/"+url.PathEscape(id), nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// Health asks the status page.
func Health(c *http.Client) (*http.Response, error) {
	return c.Get(statusURL)
}

// Legacy talks to the old API, through a proxy with credentials.
func Legacy() (*url.URL, error) {
	if _, err := url.Parse("http://admin:hunter2@proxy.example.com:8080/"); err != nil {
		return nil, err
	}
	return url.Parse(legacyURL)
}

// Report returns the link to the monthly report.
func Report() string { return reportURL }

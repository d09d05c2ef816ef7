package service

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// Client calls the example API.
type Client struct {
	base *url.URL
	http *http.Client
}

// NewClient parses base, the API's base URL.
func NewClient(base string) (*Client, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("parsing API base %q: %w", base, err)
	}
	return &Client{base: u, http: http.DefaultClient}, nil
}

// User fetches a user by id.
func (c *Client) User(ctx context.Context, id string) (io.ReadCloser, error) {
	ref, err := c.base.Parse("/v1/users/" + url.PathEscape(id))
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, "GET", ref.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// Search queries the search endpoint.
func (c *Client) Search(ctx context.Context, q string) (*http.Response, error) {
	endpoint := fmt.Sprintf("%s/v1/search?q=%s", c.base, url.QueryEscape(q))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, err
	}
	return c.http.Do(req)
}

// Health checks the upstream health endpoint.
func (c *Client) Health() error {
	resp, err := c.http.Get("https://api.example.com/v1/health check") // want `invalid character ' ' in path`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Legacy posts to the old API, which ignores the case of its host.
func (c *Client) Legacy(body string) error {
	resp, err := c.http.Post("HTTP://Legacy.example.com/submit", "text/plain", strings.NewReader(body)) // want `scheme "HTTP" should be lowercase "http"` `host "Legacy.example.com" should be lowercase "legacy.example.com"`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// isInternal tells internal callbacks apart.
func isInternal(u string) bool {
	return strings.HasPrefix(u, "http://localhost:") || strings.HasPrefix(u, "HTTP://127.0.0.1")
}

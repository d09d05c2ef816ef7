// Package service is realistic service code: a configuration, an API
// client and HTTP handlers. It must produce exactly the findings its want
// comments name.
package service

import (
	"net/url"
	"os"
	"time"
)

// Well-known endpoints.
const (
	DefaultAPIBase  = "https://api.example.com" // a base URL: empty path is fine
	DefaultAuthURL  = "https://auth.example.com/oauth2/token"
	StatusPageURL   = "https://status.example.com:443/"    // want `port 443 is the default for https and should be dropped`
	DocsURL         = "https://docs.example.com/v2/../v3/" // want `path "/v2/../v3/" has dot segments and should be "/v3/"`
	SupportMail     = "mailto:support@example.com"
	WebhookPath     = "/hooks/{provider}"
	metricsEndpoint = "http://localhost:9090/metrics"
	userAgent       = "service/1.0 (+https://example.com/bot)"
)

// Config is loaded from the environment.
type Config struct {
	APIBase   string        `env:"API_BASE" default:"https://api.example.com"`
	AuthURL   string        `env:"AUTH_URL"`
	RedisURL  string        `env:"REDIS_URL"`
	Timeout   time.Duration `env:"TIMEOUT"`
	PublicURL *url.URL
}

// Defaults returns the configuration for local development.
func Defaults() Config {
	return Config{
		APIBase:  DefaultAPIBase,
		AuthURL:  DefaultAuthURL,
		RedisURL: "redis://localhost:6379/0",
		Timeout:  10 * time.Second,
		PublicURL: &url.URL{
			Scheme: "https",
			Host:   "Service.Example.com", // want `host "Service.Example.com" should be lowercase "service.example.com"`
			Path:   "/",
		},
	}
}

// FromEnv overrides the defaults from the environment.
func FromEnv() Config {
	c := Defaults()
	if v := os.Getenv("API_BASE"); v != "" {
		c.APIBase = v
	}
	if v := os.Getenv("REDIS_HOST"); v != "" {
		c.RedisURL = "redis://" + v + ":6379/0"
	}
	return c
}

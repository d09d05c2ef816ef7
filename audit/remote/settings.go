package remote

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"github.com/urilint/urilint/internal/config"
	"net/http"
	"net/textproto"
	"os"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// HostSettings are request settings for the hosts that Pattern names.
type HostSettings struct {
	// Pattern names hosts: a name ("example.com"), a name with a port
	// ("example.com:8443"), or a pattern of path.Match over the name
	// ("*.example.com" names the hosts below example.com, not
	// example.com itself; "*" names every host). Names are compared in
	// lower case.
	Pattern string
	// Headers are sent to those hosts, and to no other: not across a
	// redirect to another host either. A value may name environment
	// variables, "${GITHUB_TOKEN}", which are read when the Checker is
	// made; values are never printed nor cached.
	Headers map[string]string
	// UserAgent replaces Config.UserAgent for those hosts.
	UserAgent string
	// Accept lists statuses that are fine for those hosts as well as
	// the 2xx ones (a host that answers 403 to every agent that is not a
	// browser, say).
	Accept []int
	// CAFile is a PEM file of certificates trusted for those hosts, as
	// well as the system's (a private CA).
	CAFile string
}

// hostRule is a HostSettings made ready: headers expanded and checked,
// the client of its CA file built.
type hostRule struct {
	pattern   string
	headers   http.Header
	userAgent string
	accept    []int
	client    *http.Client // nil: the Checker's
}

// compileHosts returns the rules of settings, reading environment
// variables with getenv and CA files from disk. A header that names a
// variable that is not set is not sent, with a warning: the run goes on.
// The errors and warnings name headers and variables, never values.
func compileHosts(settings []HostSettings, base *http.Client, getenv func(string) string) (rules []hostRule, warns []string, err error) {
	for i, s := range settings {
		p := strings.ToLower(strings.TrimSpace(s.Pattern))
		if _, err := path.Match(p, ""); err != nil || p == "" {
			return nil, nil, fmt.Errorf("hosts[%d]: %q is not a host pattern", i, s.Pattern)
		}
		r := hostRule{pattern: p, userAgent: s.UserAgent, accept: s.Accept, headers: http.Header{}}
		for _, code := range s.Accept {
			if code < 100 || code > 599 {
				return nil, nil, fmt.Errorf("hosts[%d] (%q): accept: %d is not an HTTP status", i, s.Pattern, code)
			}
		}
		names := make([]string, 0, len(s.Headers))
		for name := range s.Headers {
			names = append(names, name)
		}
		slices.Sort(names)
	headers:
		for _, name := range names {
			if !httpguts.ValidHeaderFieldName(name) {
				return nil, nil, fmt.Errorf("hosts[%d] (%q): %q is not a header name", i, s.Pattern, name)
			}
			switch textproto.CanonicalMIMEHeaderKey(name) {
			case "Host", "Content-Length", "Transfer-Encoding", "Connection":
				return nil, nil, fmt.Errorf("hosts[%d] (%q): the header %q is not one to set", i, s.Pattern, name)
			}
			value, missing := config.ExpandEnv(s.Headers[name], getenv)
			if missing != "" {
				warns = append(warns, fmt.Sprintf("hosts[%d] (%q): the header %q names ${%s}, which is not set: not sent", i, s.Pattern, name, missing))
				continue headers
			}
			if !httpguts.ValidHeaderFieldValue(value) {
				// The value is not quoted: it may be a secret.
				return nil, nil, fmt.Errorf("hosts[%d] (%q): the value of the header %q is not a valid header value", i, s.Pattern, name)
			}
			r.headers.Set(name, value)
		}
		if s.CAFile != "" {
			r.client, err = clientWithCA(base, s.CAFile)
			if err != nil {
				return nil, nil, fmt.Errorf("hosts[%d] (%q): ca-file: %v", i, s.Pattern, err)
			}
		}
		rules = append(rules, r)
	}
	return rules, warns, nil
}

// clientWithCA returns a client like base whose transport also trusts
// the certificates of the PEM file caFile.
func clientWithCA(base *http.Client, caFile string) (*http.Client, error) {
	info, err := os.Stat(caFile)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() || info.Size() > 4<<20 {
		return nil, fmt.Errorf("%q is not a regular file of at most 4 MiB", caFile)
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%q holds no PEM certificate", caFile)
	}
	t, ok := base.Transport.(*http.Transport)
	if base.Transport == nil {
		t, ok = http.DefaultTransport.(*http.Transport), true
	}
	if !ok {
		return nil, errors.New("the client's transport is not an *http.Transport")
	}
	t = t.Clone()
	if t.TLSClientConfig == nil {
		t.TLSClientConfig = &tls.Config{}
	}
	t.TLSClientConfig.RootCAs = pool
	c := *base
	c.Transport = t
	return &c, nil
}

// matches reports whether the rule names host ("name" or "name:port",
// in lower case).
func (r *hostRule) matches(host string) bool {
	if r.pattern == "*" {
		return true
	}
	name := host
	if strings.LastIndexByte(host, ']') < strings.LastIndexByte(host, ':') {
		name = host[:strings.LastIndexByte(host, ':')]
	}
	for _, h := range []string{host, name} {
		if ok, _ := path.Match(r.pattern, h); ok {
			return true
		}
	}
	return false
}

// requestSettings are the settings of the requests to one host.
type requestSettings struct {
	headers   http.Header
	userAgent string
	accept    []int
	client    *http.Client
}

// settingsFor merges the rules that name host, later rules over earlier
// ones, over the Checker's defaults.
func (c *Checker) settingsFor(host string) *requestSettings {
	s := &requestSettings{userAgent: c.ua, client: c.client}
	for i := range c.rules {
		r := &c.rules[i]
		if !r.matches(host) {
			continue
		}
		for k, v := range r.headers {
			if s.headers == nil {
				s.headers = http.Header{}
			}
			s.headers[k] = v
		}
		if r.userAgent != "" {
			s.userAgent = r.userAgent
		}
		if r.client != nil {
			s.client = r.client
		}
		s.accept = append(s.accept, r.accept...)
	}
	return s
}

package remote

import (
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestHostHeaders: a header goes to the hosts its pattern names and to
// no other, not even across a redirect; its ${VAR} is read from the
// environment, and its value is neither printed nor cached. The
// User-Agent and the accepted statuses of a host apply to it alone.
func TestHostHeaders(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]string{} // "server path" -> Authorization, User-Agent
	record := func(name string, next http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			seen[name+" "+r.URL.Path] = []string{r.Header.Get("Authorization"), r.Header.Get("User-Agent")}
			mu.Unlock()
			next(w, r)
		}
	}
	other := httptest.NewServer(record("other", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/wall" {
			w.WriteHeader(403)
		}
	}))
	t.Cleanup(other.Close)
	own := httptest.NewServer(record("own", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/landing", http.StatusFound)
		case "/private":
			if r.Header.Get("Authorization") != "Bearer s3cret" {
				w.WriteHeader(401)
			}
		}
	}))
	t.Cleanup(own.Close)
	cfg := fast()
	cfg.Cache = filepath.Join(t.TempDir(), "links.json")
	cfg.UserAgent = "Mozilla/5.0 (test)"
	cfg.Hosts = []HostSettings{
		{Pattern: strings.TrimPrefix(own.URL, "http://"), Headers: map[string]string{"Authorization": "Bearer ${TEST_TOKEN}", "X-Missing": "${NOT_SET}"}},
		{Pattern: "127.0.0.1:" + other.URL[strings.LastIndexByte(other.URL, ':')+1:], UserAgent: "curl/8", Accept: []int{403}},
		{Pattern: "*.example", Headers: map[string]string{"Authorization": "never"}},
	}
	cfg.Getenv = func(name string) string {
		if name == "TEST_TOKEN" {
			return "s3cret"
		}
		return ""
	}
	c := newChecker(t, cfg, nil)
	if w := strings.Join(c.Warnings(), "\n"); !strings.Contains(w, `the header "X-Missing" names ${NOT_SET}, which is not set: not sent`) {
		t.Errorf("warnings %q", w)
	}
	res := check(t, c, own.URL+"/private", own.URL+"/away", other.URL+"/wall", other.URL+"/plain")
	for u, r := range res {
		if r.Category != "" {
			t.Errorf("%s: %s", u, r.Message)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if got := seen["own /private"]; got[0] != "Bearer s3cret" || got[1] != "Mozilla/5.0 (test)" {
		t.Errorf("own host: %q, want the token and the configured User-Agent", got)
	}
	if got := seen["other /landing"]; got[0] != "" || got[1] != "curl/8" {
		t.Errorf("the other host, after a redirect: %q, want no Authorization and its own User-Agent", got)
	}
	data, _ := os.ReadFile(cfg.Cache)
	if strings.Contains(string(data), "s3cret") {
		t.Errorf("the cache holds the token: %s", data)
	}
}

// TestHostSettingsErrors: bad settings are errors that name the setting,
// never a header's value.
func TestHostSettingsErrors(t *testing.T) {
	tests := []struct {
		hs   HostSettings
		want string
	}{
		{HostSettings{Pattern: "[x"}, `"[x" is not a host pattern`},
		{HostSettings{Pattern: "x", Headers: map[string]string{"Bad Name": "v"}}, `"Bad Name" is not a header name`},
		{HostSettings{Pattern: "x", Headers: map[string]string{"Host": "v"}}, `the header "Host" is not one to set`},
		{HostSettings{Pattern: "x", Headers: map[string]string{"X": "secret\nvalue"}}, `the value of the header "X" is not a valid header value`},
		{HostSettings{Pattern: "x", Accept: []int{42}}, `accept: 42 is not an HTTP status`},
		{HostSettings{Pattern: "x", CAFile: "/nonexistent.pem"}, `ca-file:`},
	}
	for _, tt := range tests {
		cfg := fast()
		cfg.Hosts = []HostSettings{tt.hs}
		_, err := New(cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%+v: New: %v, want an error holding %q", tt.hs, err, tt.want)
		}
	}
}

// TestHostCAFile: a host whose certificate a private CA signed is
// trusted with that CA's file, and only then.
func TestHostCAFile(t *testing.T) {
	s := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	t.Cleanup(s.Close)
	ca := filepath.Join(t.TempDir(), "ca.pem")
	block := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.Certificate().Raw})
	if err := os.WriteFile(ca, block, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fast()
	res := check(t, newChecker(t, cfg, nil), s.URL+"/")
	want(t, res, s.URL+"/", "link-network", "tls:")
	if res[s.URL+"/"].Transient {
		t.Errorf("a certificate that does not verify: transient, want permanent")
	}
	cfg.Hosts = []HostSettings{{Pattern: "127.0.0.1", CAFile: ca}}
	want(t, check(t, newChecker(t, cfg, nil), s.URL+"/"), s.URL+"/", "")
}

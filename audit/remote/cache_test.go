package remote

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCacheSecondRun: a second run within the TTL sends no request for
// what succeeded, and asks again for what failed; after the TTL, it asks
// again for everything.
func TestCacheSecondRun(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{
		"/ok":    ok,
		"/page":  htmlPage(`<p id="x">`),
		"/moved": redirectTo(301, "/ok"),
		"/fails": status(500),
	})
	cfg := fast()
	cfg.Retries = 0
	cfg.Cache = filepath.Join(t.TempDir(), "links.json")
	secret := strings.Replace(s.URL, "://", "://joe:secret@", 1) + "/ok?private"
	urls := []string{s.URL + "/ok", s.URL + "/page", s.URL + "/moved", s.URL + "/fails", s.URL + "/gone", secret}
	first := check(t, newChecker(t, cfg, nil), urls...)
	before := len(s.log())

	second := check(t, newChecker(t, cfg, nil), urls...)
	got := s.log()[before:]
	slices.Sort(got)
	if w := []string{"GET /gone", "HEAD /fails", "HEAD /gone", "HEAD /ok"}; !slices.Equal(got, w) {
		t.Errorf("second run: requests %q, want %q (the failures, the 404 asked again with GET, and the URL with a password)", got, w)
	}
	for _, u := range urls {
		a, b := first[u], second[u]
		if a.Category != b.Category || a.Message != b.Message || a.Fix != b.Fix || !slices.Equal(a.Chain, b.Chain) {
			t.Errorf("%q: first run %+v, second run %+v", u, a, b)
		}
	}
	want(t, second, s.URL+"/moved", "link-moved")
	if n := second[s.URL+"/ok"].Attempts; n != 0 {
		t.Errorf("cached result: %d attempts, want 0", n)
	}

	// A fragment asks for the anchors, which a HEAD did not read.
	before = len(s.log())
	third := check(t, newChecker(t, cfg, nil), s.URL+"/page#x", s.URL+"/page#y")
	if got := s.log()[before:]; !slices.Equal(got, []string{"GET /page"}) {
		t.Errorf("third run: requests %q, want one GET of /page", got)
	}
	want(t, third, s.URL+"/page#y", "link-fragment")
	before = len(s.log())
	check(t, newChecker(t, cfg, nil), s.URL+"/page#y", s.URL+"/page")
	if got := s.log()[before:]; len(got) != 0 {
		t.Errorf("fourth run: requests %q, want none: the anchors are cached", got)
	}

	// A day later, everything is asked again.
	c := newChecker(t, cfg, nil)
	c.now = func() time.Time { return time.Now().Add(cfg.CacheTTL) }
	before = len(s.log())
	check(t, c, urls...)
	if got := s.log()[before:]; len(got) != 8 { // /moved is two requests, /gone too (HEAD, GET)
		t.Errorf("after the TTL: requests %q, want 8", got)
	}

	// The file is whole JSON with no failure, no password and no
	// temporary file beside it.
	data, err := os.ReadFile(cfg.Cache)
	if err != nil {
		t.Fatal(err)
	}
	var f cacheFile
	if err := json.Unmarshal(data, &f); err != nil || f.Version != cacheVersion {
		t.Fatalf("cache file: version %d, error %v", f.Version, err)
	}
	for k := range f.Entries {
		if strings.Contains(k, "fails") || strings.Contains(k, "gone") || strings.Contains(k, "private") {
			t.Errorf("the cache holds %q", k)
		}
	}
	if len(f.Entries) != 3 {
		t.Errorf("the cache holds %d entries, want 3", len(f.Entries))
	}
	if files, _ := os.ReadDir(filepath.Dir(cfg.Cache)); len(files) != 1 {
		t.Errorf("the cache directory holds %d files, want 1", len(files))
	}
}

// TestCacheFiles: a cache file that cannot be used never stops the run:
// it is set aside with a warning, and a fresh one is written in place of
// a corrupt or oversized one; one that is not a regular file, or of
// another version, is left as it is.
func TestCacheFiles(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	dir := t.TempDir()
	tests := []struct {
		name, content string
		warning       string // "" for none
		rewritten     bool
	}{
		{"missing.json", "", "", true},
		{"corrupt.json", "{not json", "is not a cache file (", true},
		{"truncated.json", `{"version":1,"entries":{"x":`, "is not a cache file (", true},
		{"unknown-key.json", `{"version":1,"entries":{},"hosts":{}}`, `unknown field "hosts"`, true},
		{"trailing.json", `{"version":1,"entries":{}} {}`, "text after the JSON object", true},
		{"version.json", `{"version":99,"entries":{"x":{}}}`, "is of version 99, which this urilint does not know (it writes version 1): not used, not overwritten", false},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		if tt.content != "" {
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cfg := fast()
		cfg.Cache = path
		c := newChecker(t, cfg, nil)
		if w := c.Warnings(); tt.warning == "" && len(w) != 0 || tt.warning != "" && (len(w) != 1 || !strings.Contains(w[0], tt.warning)) {
			t.Errorf("%s: warnings %q, want one holding %q", tt.name, w, tt.warning)
		}
		want(t, check(t, c, s.URL+"/"), s.URL+"/", "")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var f cacheFile
		fresh := json.Unmarshal(data, &f) == nil && f.Version == cacheVersion && len(f.Entries) == 1
		if fresh != tt.rewritten {
			t.Errorf("%s: after the run the file holds %q; want rewritten %v", tt.name, data, tt.rewritten)
		}
	}
	// A cache that cannot be written is an error of Check, whose results
	// are complete all the same.
	cfg := fast()
	cfg.Cache = filepath.Join(dir, "missing", "links.json")
	res, err := newChecker(t, cfg, nil).Check(t.Context(), []string{s.URL + "/"})
	if err == nil || len(res) != 1 {
		t.Errorf("Check with an unwritable cache: %d results, error %v", len(res), err)
	}
}

// TestCacheNotRegular: a device or a directory named as the cache is
// refused before it is read (-cache /dev/zero would never end), and never
// written.
func TestCacheNotRegular(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	for _, path := range []string{os.DevNull, "/dev/zero", t.TempDir()} {
		if _, err := os.Stat(path); err != nil {
			continue // not on this system
		}
		cfg := fast()
		cfg.Cache = path
		c := newChecker(t, cfg, nil)
		if w := c.Warnings(); len(w) != 1 || !strings.Contains(w[0], "is not a regular file: not used") {
			t.Errorf("cache %s: warnings %q", path, w)
		}
		if _, err := c.Check(t.Context(), []string{s.URL + "/"}); err != nil {
			t.Errorf("cache %s: Check: %v", path, err)
		}
	}
}

// TestCacheTooLarge: a file over MaxCacheSize is not read past the cap,
// and a fresh cache replaces it.
func TestCacheTooLarge(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, MaxCacheSize+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	cfg := fast()
	cfg.Cache = path
	c := newChecker(t, cfg, nil)
	if w := c.Warnings(); len(w) != 1 || !strings.Contains(w[0], "is larger than 64 MiB: set aside, a fresh one is written") {
		t.Errorf("warnings %q", w)
	}
	check(t, c, s.URL+"/")
	if info, err := os.Stat(path); err != nil || info.Size() > 1000 {
		t.Errorf("after the run: %v, %v; want a small fresh cache", info, err)
	}
}

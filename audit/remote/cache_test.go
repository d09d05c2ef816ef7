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
	if w := []string{"HEAD /fails", "HEAD /gone", "HEAD /ok"}; !slices.Equal(got, w) {
		t.Errorf("second run: requests %q, want %q (the failures and the URL with a password)", got, w)
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
	if got := s.log()[before:]; len(got) != 7 { // /moved is two requests
		t.Errorf("after the TTL: requests %q, want 7", got)
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

func TestCacheFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := DefaultConfig()
	cfg.Cache = filepath.Join(dir, "bad.json")
	if err := os.WriteFile(cfg.Cache, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "is not a cache file") {
		t.Errorf("New with a corrupt cache: error %v", err)
	}
	// Another version is started afresh.
	if err := os.WriteFile(cfg.Cache, []byte(`{"version":99,"entries":{"x":{}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(cfg); err != nil {
		t.Errorf("New with a cache of another version: %v", err)
	}
	// A cache that cannot be written is an error of Check, whose results
	// are complete all the same.
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	cfg.Cache = filepath.Join(dir, "missing", "links.json")
	res, err := newChecker(t, cfg, nil).Check(t.Context(), []string{s.URL + "/"})
	if err == nil || len(res) != 1 {
		t.Errorf("Check with an unwritable cache: %d results, error %v", len(res), err)
	}
}

package remote

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCacheSecondRun: a second run within the TTLs sends no request for
// what succeeded or failed, but for a URL with a password, which is never
// cached; after the TTL, it asks again for everything.
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
	if w := []string{"HEAD /ok"}; !slices.Equal(got, w) {
		t.Errorf("second run: requests %q, want %q (the URL with a password alone)", got, w)
	}
	for _, u := range urls {
		a, b := first[u], second[u]
		if a.Category != b.Category || a.Message != b.Message || a.Fix != b.Fix || !slices.Equal(a.Chain, b.Chain) {
			t.Errorf("%q: first run %+v, second run %+v", u, a, b)
		}
	}
	want(t, second, s.URL+"/moved", "link-moved")
	want(t, second, s.URL+"/gone", "link-client-error", "404")
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

	// After the failures' TTL, they alone are asked again.
	c := newCheckerAt(t, cfg, func() time.Time { return time.Now().Add(cfg.FailureTTL) })
	before = len(s.log())
	check(t, c, urls...)
	got = s.log()[before:]
	slices.Sort(got)
	if w := []string{"GET /gone", "HEAD /fails", "HEAD /gone", "HEAD /ok"}; !slices.Equal(got, w) {
		t.Errorf("after the failures' TTL: requests %q, want %q", got, w)
	}

	// A day later, everything is asked again.
	c = newCheckerAt(t, cfg, func() time.Time { return time.Now().Add(cfg.CacheTTL) })
	before = len(s.log())
	check(t, c, urls...)
	if got := s.log()[before:]; len(got) != 8 { // /moved is two requests, /gone too (HEAD, GET)
		t.Errorf("after the TTL: requests %q, want 8", got)
	}

	// The file is ours, whole, with no password and no temporary file
	// beside it.
	f := readCacheFile(t, cfg.Cache)
	for k := range f.Entries {
		if strings.Contains(k, "private") {
			t.Errorf("the cache holds %q", k)
		}
	}
	if len(f.Entries) != 5 {
		t.Errorf("the cache holds %d entries, want 5", len(f.Entries))
	}
	if e := f.Entries[s.URL+"/fails"]; e == nil || e.Failure == nil || e.Failure.Runs != 3 || !e.Failure.Transient {
		t.Errorf("the cache entry of /fails is %+v (%+v), want a transient failure seen in 3 runs", e, e.Failure)
	}
	if files, _ := os.ReadDir(filepath.Dir(cfg.Cache)); len(files) != 1 {
		t.Errorf("the cache directory holds %d files, want 1", len(files))
	}
}

// newCheckerAt returns a Checker of cfg whose clock is now, its cache
// read at that time.
func newCheckerAt(t *testing.T, cfg Config, now func() time.Time) *Checker {
	t.Helper()
	c := newChecker(t, cfg, nil)
	c.now = now
	if cfg.Cache != "" {
		var err error
		if c.cache, _, err = loadCache(cfg.Cache, cfg.CacheTTL, cfg.FailureTTL, now()); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// readCacheFile reads and decodes the cache file at path, which must be
// one of ours.
func readCacheFile(t *testing.T, path string) *cacheFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), cacheMagic) {
		t.Fatalf("cache file %q does not begin with the magic", data)
	}
	f, err := decodeCache(data)
	if err != nil {
		t.Fatalf("cache file: %v", err)
	}
	return f
}

// TestCacheFiles: a file of ours that cannot be used never stops the
// run: it is set aside with a warning, and a fresh one is written in
// place of a corrupt one; one of another version is left as it is. A
// cache of version 1 (no magic) is read and written again as version 2.
// A file that is not ours is refused and left as it is.
func TestCacheFiles(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	dir := t.TempDir()
	tests := []struct {
		name, content string
		warning       string // "" for none
		refused       string // the error of New, "" for none
		rewritten     bool
	}{
		{"missing.json", "", "", "", true},
		{"v1.json", `{"version":1,"entries":{"http://x.example/":{"checked":"2020-01-01T00:00:00Z","chain":[{"url":"http://x.example/","status":200}]}}}`, "", "", true},
		{"corrupt.json", cacheMagic + "{not json", "is corrupt (", "", true},
		{"truncated.json", cacheMagic + `{"version":2,"entries":{"x":`, "is corrupt (", "", true},
		{"unknown-key.json", cacheMagic + `{"version":2,"entries":{},"hosts":{}}`, `unknown field "hosts"`, "", true},
		{"trailing.json", cacheMagic + `{"version":2,"entries":{}} {}`, "text after the JSON object", "", true},
		{"version.json", cacheMagic + `{"version":99,"entries":{"x":{}}}`, "is of version 99, which this urilint does not know (it writes version 2): not used, not overwritten", "", false},
		{"json.json", `{"name": "not a cache"}`, "", "is not a cache file that urilint wrote", false},
		{"script.sh", "#!/bin/sh\necho hi\n", "", "is not a cache file that urilint wrote", false},
		{"v1-unknown.json", `{"version":1,"entries":{},"hosts":{}}`, "", "is not a cache file that urilint wrote", false},
		{"empty.json", " ", "", "is not a cache file that urilint wrote", false},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		if tt.content != "" {
			if err := os.WriteFile(path, []byte(tt.content), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cfg := fast()
		cfg.Cache = path
		c, err := New(cfg)
		if tt.refused != "" {
			var ce *CacheError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.refused) || !strings.Contains(err.Error(), "not used, not overwritten") {
				t.Errorf("%s: New: %v, want a CacheError holding %q", tt.name, err, tt.refused)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.content {
				t.Errorf("%s: the file now holds %q", tt.name, data)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if w := c.Warnings(); tt.warning == "" && len(w) != 0 || tt.warning != "" && (len(w) != 1 || !strings.Contains(w[0], tt.warning)) {
			t.Errorf("%s: warnings %q, want one holding %q", tt.name, w, tt.warning)
		}
		want(t, check(t, c, s.URL+"/"), s.URL+"/", "")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := decodeCache(data)
		fresh := err == nil && strings.HasPrefix(string(data), cacheMagic) && f.Entries[s.URL+"/"] != nil
		if fresh != tt.rewritten {
			t.Errorf("%s: after the run the file holds %q; want rewritten %v", tt.name, data, tt.rewritten)
		}
		if info, err := os.Stat(path); fresh && (err != nil || info.Mode().Perm() != 0o644) {
			t.Errorf("%s: the new cache has mode %v, want 0644 whatever the old one had", tt.name, info.Mode())
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

// TestCacheNotRegular: a device, a directory or a symbolic link named as
// the cache is refused before it is read (-cache /dev/zero would never
// end), and never written.
func TestCacheNotRegular(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("precious"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{os.DevNull, "/dev/zero", dir, link} {
		if _, err := os.Stat(path); err != nil {
			continue // not on this system
		}
		cfg := fast()
		cfg.Cache = path
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "is not a regular file: not used, not overwritten") {
			t.Errorf("cache %s: New: %v", path, err)
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "precious" {
		t.Errorf("the target of the link holds %q", data)
	}
}

// TestCacheSymlinkAtSave: a symbolic link put at the cache's path during
// the run is not followed, nor replaced: the file it names is left as it
// is, and Check says the cache was not written.
func TestCacheSymlinkAtSave(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	dir := t.TempDir()
	target := filepath.Join(dir, "uriextract")
	if err := os.WriteFile(target, []byte("binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := fast()
	cfg.Cache = filepath.Join(dir, "links.json")
	c := newChecker(t, cfg, nil)
	if err := os.Symlink(target, cfg.Cache); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Check(t.Context(), []string{s.URL + "/"}); err == nil || !strings.Contains(err.Error(), "cannot be written") {
		t.Errorf("Check: %v, want the cache not written", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "binary" {
		t.Errorf("the target of the link holds %q", data)
	}
	if info, err := os.Lstat(cfg.Cache); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info, err)
	}
}

// TestCacheTooLarge: a file over MaxCacheSize is not read past the cap,
// and not overwritten.
func TestCacheTooLarge(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(cacheMagic), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, MaxCacheSize+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	cfg := fast()
	cfg.Cache = path
	c := newChecker(t, cfg, nil)
	if w := c.Warnings(); len(w) != 1 || !strings.Contains(w[0], "is larger than 64 MiB: not used, not overwritten") {
		t.Errorf("warnings %q", w)
	}
	check(t, c, s.URL+"/")
	if info, err := os.Stat(path); err != nil || info.Size() != MaxCacheSize+1 {
		t.Errorf("after the run: %v, %v; want the file as it was", info, err)
	}
}

// TestCacheTTLBound: a TTL longer than MaxCacheTTL is refused, so that a
// configuration cannot make a stale cache vouch for a dead link for
// long; an entry checked in the future is not trusted either.
func TestCacheTTLBound(t *testing.T) {
	for _, set := range []func(*Config){
		func(c *Config) { c.CacheTTL = 100000 * time.Hour },
		func(c *Config) { c.FailureTTL = MaxCacheTTL + time.Second },
		func(c *Config) { c.ConfirmSpan = 30 * 24 * time.Hour },
	} {
		cfg := fast()
		set(&cfg)
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "is longer than 168h0m0s") {
			t.Errorf("New: %v, want the TTL refused", err)
		}
	}
	s := newServer(t, map[string]http.HandlerFunc{})
	path := filepath.Join(t.TempDir(), "links.json")
	future := time.Now().Add(1000 * time.Hour).UTC().Format(time.RFC3339)
	old := time.Now().Add(-MaxCacheTTL).UTC().Format(time.RFC3339)
	content := cacheMagic + `{"version":2,"entries":{` +
		`"` + s.URL + `/future":{"checked":"` + future + `","chain":[{"url":"x","status":200}]},` +
		`"` + s.URL + `/old":{"checked":"` + old + `","chain":[{"url":"x","status":200}]}}}`
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fast()
	cfg.Cache = path
	cfg.CacheTTL = MaxCacheTTL
	res := check(t, newChecker(t, cfg, nil), s.URL+"/future", s.URL+"/old")
	want(t, res, s.URL+"/future", "link-client-error", "404")
	want(t, res, s.URL+"/old", "link-client-error", "404")
}

// TestCacheConcurrentRuns: four runs that share a cache of 200 entries
// and each add 50 of their own, saving at the same time, lose no entry:
// each merges into what is on disk under a lock.
func TestCacheConcurrentRuns(t *testing.T) {
	s := newServer(t, map[string]http.HandlerFunc{"/": ok})
	path := filepath.Join(t.TempDir(), "links.json")
	var urls []string
	for i := range 200 {
		urls = append(urls, fmt.Sprintf("%s/?shared=%d", s.URL, i))
	}
	cfg := fast()
	cfg.Cache = path
	check(t, newChecker(t, cfg, nil), urls...)
	if n := len(readCacheFile(t, path).Entries); n != 200 {
		t.Fatalf("the first run left %d entries, want 200", n)
	}
	var checkers []*Checker
	for range 4 {
		checkers = append(checkers, newChecker(t, cfg, nil)) // each reads the 200
	}
	var wg sync.WaitGroup
	for run, c := range checkers {
		wg.Go(func() {
			var own []string
			for i := range 50 {
				own = append(own, fmt.Sprintf("%s/?run=%d&i=%d", s.URL, run, i))
			}
			if _, err := c.Check(t.Context(), append(own, urls...)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := len(readCacheFile(t, path).Entries); n != 400 {
		t.Errorf("after four concurrent runs the cache holds %d entries, want 400", n)
	}
}

// TestCacheTracked: a cache file that git tracks is refused, whatever
// the index version (2 to 4), and left as it is: anyone who can commit
// can write it. An untracked one in the same repository is used.
func TestCacheTracked(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, version := range []string{"2", "3", "4"} {
		dir := t.TempDir()
		git := func(args ...string) {
			t.Helper()
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %q: %v\n%s", args, err, out)
			}
		}
		git("init", "-q")
		if err := os.MkdirAll(filepath.Join(dir, "docs", "a-long-folder-name"), 0o755); err != nil {
			t.Fatal(err)
		}
		content := cacheMagic + `{"version":2,"entries":{}}`
		for _, name := range []string{"README.md", "docs/a-long-folder-name/x.md", "docs/links.json", "docs/other.md"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if version == "3" {
			git("add", "-N", "docs/other.md") // an intent-to-add entry has extended flags
		}
		git("add", "README.md", "docs/a-long-folder-name/x.md", "docs/links.json")
		git("update-index", "--index-version", version)
		cfg := fast()
		cfg.Cache = filepath.Join(dir, "docs", "links.json")
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "is tracked by git") {
			t.Errorf("index version %s: New: %v, want the tracked cache refused", version, err)
		}
		if tracked, err := gitTracked(filepath.Join(dir, "docs", "other.md")); err != nil || tracked != (version == "3") {
			t.Errorf("index version %s: docs/other.md tracked %v, error %v", version, tracked, err)
		}
		cfg.Cache = filepath.Join(dir, "docs", "untracked.json")
		if _, err := New(cfg); err != nil {
			t.Errorf("index version %s: untracked cache: %v", version, err)
		}
	}
}

// FuzzIndexHas: no git index, however broken, makes indexHas panic or
// read past its end.
func FuzzIndexHas(f *testing.F) {
	entry := func(path string) []byte {
		b := make([]byte, 62)
		b[60], b[61] = 0, byte(len(path))
		b = append(b, path...)
		return append(b, make([]byte, 8-(62+len(path))%8)...)
	}
	v2 := []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x02")
	v2 = append(append(v2, entry("a.md")...), entry("docs/links.json")...)
	f.Add(v2, "docs/links.json")
	v4 := []byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x02")
	v4 = append(v4, make([]byte, 62)...)
	v4 = append(v4, "\x00docs/a\x00"...)
	v4 = append(v4, make([]byte, 62)...)
	v4 = append(v4, "\x01links.json\x00"...)
	f.Add(v4, "docs/links.json")
	f.Add([]byte("DIRC\x00\x00\x00\x04\xff\xff\xff\xff\x80\x80\x80"), "x")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		_, _ = indexHas(bufio.NewReader(bytes.NewReader(data)), name, 20)
	})
}

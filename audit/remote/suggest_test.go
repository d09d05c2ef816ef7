package remote

import (
	"net/http"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
)

// TestSuggest: with Suggest, a dead link (404, 410) gets the latest
// archived copy that the availability API knows as its Fix, named in
// the message; a link with no copy, or one that is not dead (a 500), is
// not asked about. The suggestion is kept in the cache with the failure.
func TestSuggest(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	nasked := func() int { mu.Lock(); defer mu.Unlock(); return len(asked) }
	archive := newServer(t, map[string]http.HandlerFunc{
		"/wayback/available": func(w http.ResponseWriter, r *http.Request) {
			u := r.URL.Query().Get("url")
			mu.Lock()
			asked = append(asked, u)
			mu.Unlock()
			if u, _ := url.Parse(u); u.Path == "/nocopy" {
				_, _ = w.Write([]byte(`{"archived_snapshots": {}}`))
				return
			}
			_, _ = w.Write([]byte(`{"url": "x", "archived_snapshots": {"closest": {"status": "200", "available": true,
				"url": "http://web.archive.org/web/20240101000000/` + u + `", "timestamp": "20240101000000"}}}`))
		},
	})
	s := newServer(t, map[string]http.HandlerFunc{"/gone": status(410), "/500": status(500)})
	cfg := fast()
	cfg.Retries = 0
	cfg.Suggest, cfg.ArchiveAPI = true, archive.URL+"/wayback/available"
	cfg.Cache = filepath.Join(t.TempDir(), "links.json")
	urls := []string{s.URL + "/gone#part", s.URL + "/nocopy", s.URL + "/500"}
	res := check(t, newChecker(t, cfg, nil), urls...)
	copyURL := "https://web.archive.org/web/20240101000000/" + s.URL + "/gone#part"
	want(t, res, s.URL+"/gone#part", "link-client-error", "410 gone", `an archived copy: "`+copyURL+`"`)
	if r := res[s.URL+"/gone#part"]; r.Fix != copyURL || !r.Suggested {
		t.Errorf("/gone: fix %q, suggested %v, want %q", r.Fix, r.Suggested, copyURL)
	}
	want(t, res, s.URL+"/nocopy", "link-client-error", "404")
	if r := res[s.URL+"/nocopy"]; r.Fix != "" {
		t.Errorf("/nocopy: fix %q, want none", r.Fix)
	}
	if r := res[s.URL+"/500"]; r.Fix != "" {
		t.Errorf("/500: fix %q, want none", r.Fix)
	}
	if nasked() != 2 {
		t.Errorf("the archive was asked about %q, want the two dead links", asked)
	}
	// From the cache, the same suggestion, without asking again.
	res = check(t, newChecker(t, cfg, nil), urls...)
	if r := res[s.URL+"/gone#part"]; r.Fix != copyURL || nasked() != 2 {
		t.Errorf("from the cache: fix %q, the archive asked %d times", r.Fix, nasked())
	}
	// Without Suggest, no fix.
	cfg.Suggest = false
	if r := check(t, newChecker(t, cfg, nil), urls...)[s.URL+"/gone#part"]; r.Fix != "" {
		t.Errorf("without Suggest: fix %q", r.Fix)
	}
}

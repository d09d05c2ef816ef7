package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRemoteUnconfirmed: a transient failure (here a timeout) without a
// cache to confirm it is shown in every format as unconfirmed, and the
// summary says so, but the run does not fail.
func TestRemoteUnconfirmed(t *testing.T) {
	srv := newLinkServer(t)
	writeIn(t, srv, []string{"doc.md", "[a](URL/slow) [b](URL/ok)\n"})
	args := []string{"-check", "-remote", "-timeout", "100ms", "-retries", "0"}
	code, stdout, stderr := rerun(t, append(args, "doc.md")...)
	if code != exitOK || !strings.Contains(stdout, "a transient failure, unconfirmed") ||
		!strings.Contains(stderr, "1 unconfirmed (transient failures, not failing)") ||
		!strings.Contains(stderr, "transient failures cannot be confirmed without a cache") {
		t.Errorf("text: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0, the finding, and the summary naming it unconfirmed", code, stdout, stderr)
	}
	code, stdout, _ = rerun(t, append(args, "-output", "json", "doc.md")...)
	var f struct{ Category, Verdict string }
	if err := json.Unmarshal([]byte(stdout), &f); code != exitOK || err != nil || f.Verdict != "unconfirmed" || f.Category != "link-timeout" {
		t.Errorf("json: exit %d, %+v (%v), stdout:\n%s", code, f, err, stdout)
	}
	code, stdout, _ = rerun(t, append(args, "-output", "sarif", "doc.md")...)
	if code != exitOK || !strings.Contains(stdout, `"level": "warning"`) {
		t.Errorf("sarif: exit %d, stdout:\n%s\nwant a result of level warning", code, stdout)
	}
	code, stdout, _ = rerun(t, append(args, "-output", "markdown", "doc.md")...)
	if code != exitOK || !strings.Contains(stdout, "## urilint: no findings") || !strings.Contains(stdout, "failing nothing: 1 unconfirmed") || !strings.Contains(stdout, "a transient failure, unconfirmed") {
		t.Errorf("markdown: exit %d, stdout:\n%s\nwant no finding counted and the unconfirmed one listed", code, stdout)
	}
	code, stdout, _ = rerun(t, append(args, "-output", "github", "doc.md")...)
	if code != exitOK || !strings.HasPrefix(stdout, "::warning file=doc.md") {
		t.Errorf("github: exit %d, stdout:\n%s\nwant a warning annotation", code, stdout)
	}
}

// TestRemoteUnchecked: links that -max-time left unchecked are counted
// as unchecked, shown, and do not fail the run.
func TestRemoteUnchecked(t *testing.T) {
	srv := newLinkServer(t)
	var doc strings.Builder
	for i := range 20 {
		fmt.Fprintf(&doc, "[%d](URL/slow?%d)\n", i, i)
	}
	writeIn(t, srv, []string{"doc.md", doc.String()})
	code, stdout, stderr := rerun(t, "-check", "-remote", "-timeout", "5s", "-max-time", "200ms", "-output", "json", "doc.md")
	if code != exitOK || strings.Count(stdout, `"verdict":"unchecked"`) != 20 ||
		!strings.Contains(stderr, "20 links unchecked (out of time, not failing)") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0, 20 unchecked findings and the summary counting them", code, stdout, stderr)
	}
}

// TestRemoteSuggest: -suggest puts the archived copy of a dead link in
// the message and in SARIF's fixes, and -fix alone writes it.
func TestRemoteSuggest(t *testing.T) {
	srv := newLinkServer(t)
	archive := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"archived_snapshots": {"closest": {"available": true, "status": "200", "url": "https://web.archive.org/web/2020/%s"}}}`, r.URL.Query().Get("url"))
	}))
	t.Cleanup(archive.Close)
	writeIn(t, srv, []string{"doc.md", "[a](URL/gone)\n"})
	args := []string{"-check", "-remote", "-suggest", "-archive-api", archive.URL}
	code, stdout, _ := rerun(t, append(args, "-output", "sarif", "doc.md")...)
	copyURL := "https://web.archive.org/web/2020/" + srv.URL + "/gone"
	if code != exitFindings || !strings.Contains(stdout, `"fixes"`) || !strings.Contains(stdout, copyURL) {
		t.Errorf("sarif: exit %d, stdout:\n%s\nwant a finding whose fix is the archived copy", code, stdout)
	}
	if data, _ := os.ReadFile("doc.md"); strings.Contains(string(data), "archive.org") {
		t.Errorf("without -fix the file changed: %s", data)
	}
	rerun(t, append(args, "-fix", "doc.md")...)
	if data, _ := os.ReadFile("doc.md"); string(data) != "[a]("+copyURL+")\n" {
		t.Errorf("with -fix the file holds %q", data)
	}
}

// TestRemoteConfigEnv: a configuration file in the repository reads only
// the environment variables that -allow-env names: a header naming
// another is not sent, and $GITHUB_TOKEN does not go to a GitHub API
// that the file names.
func TestRemoteConfigEnv(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.Path+" "+r.Header.Get("X-Token")+" "+r.Header.Get("Authorization"))
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	t.Setenv("URILINT_TEST_SECRET", "s3cret")
	t.Setenv("GITHUB_TOKEN", "gh-s3cret")
	host := strings.TrimPrefix(srv.URL, "http://")
	writeIn(t, &linkServer{Server: srv}, []string{
		".urilint.yaml", "version: 1\nremote:\n  github-api: URL/api\n  hosts:\n    - match: \"" + host + "\"\n      headers:\n        X-Token: \"${URILINT_TEST_SECRET}\"\n",
		"doc.md", "[a](URL/page) [b](https://github.com/o/r)\n",
	})
	code, _, stderr := rerun(t, "-check", "-remote", "doc.md")
	mu.Lock()
	seen := strings.Join(got, "\n")
	got = nil
	mu.Unlock()
	// github.com is fetched as a page (it cannot be reached here): the
	// API named by the file gets no token, and so no request.
	if code == exitError || strings.Contains(seen, "s3cret") || strings.Contains(seen, "/api") || !strings.Contains(stderr, `names ${URILINT_TEST_SECRET}, which is not set: not sent`) || strings.Contains(stderr, "s3cret") {
		t.Errorf("without -allow-env: exit %d, the server saw:\n%s\nstderr:\n%s\nwant no secret sent, and a warning", code, seen, stderr)
	}
	code, _, stderr = rerun(t, "-check", "-remote", "-allow-env", "URILINT_TEST_SECRET", "doc.md")
	mu.Lock()
	seen = strings.Join(got, "\n")
	mu.Unlock()
	if code == exitError || !strings.Contains(seen, "/page s3cret") || strings.Contains(seen, "gh-s3cret") || strings.Contains(seen, "/api") {
		t.Errorf("with -allow-env: exit %d, the server saw:\n%s\nstderr:\n%s\nwant the header, and no GitHub token", code, seen, stderr)
	}
}

// TestRemoteConfigTTL: a configuration file cannot make the cache vouch
// for a link for longer than 7 days: a longer TTL is an error naming the
// file and the key, exit 2.
func TestRemoteConfigTTL(t *testing.T) {
	srv := newLinkServer(t)
	writeIn(t, srv, []string{".urilint.yaml", "version: 1\nremote:\n  cache: links.json\n  cache-ttl: 100000h\n", "doc.md", "[a](URL/ok)\n"})
	code, _, stderr := rerun(t, "-check", "-remote", "doc.md")
	if code != exitError || !strings.Contains(stderr, ".urilint.yaml:4: remote.cache-ttl: 100000h0m0s is longer than 168h0m0s") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and the key named", code, stderr)
	}
}

// TestRemoteCommittedCache (issue 25): a committed cache that vouches for
// a dead link is refused, the run stops with exit 2, and the file is left
// as it is.
func TestRemoteCommittedCache(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	srv := newLinkServer(t)
	writeIn(t, srv, []string{
		".urilint.yaml", "version: 1\nremote:\n  enabled: true\n  cache: links.json\n",
		"doc.md", "[a](URL/gone)\n",
		"links.json", "urilint remote cache\n" + `{"version":2,"entries":{"URL/gone":{"checked":"` + time.Now().UTC().Format(time.RFC3339) + `","chain":[{"url":"URL/gone","status":200}]}}}`,
	})
	before, _ := os.ReadFile("links.json")
	for _, args := range [][]string{{"init", "-q"}, {"add", "links.json"}} {
		cmd := exec.Command("git", args...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	code, _, stderr := rerun(t, "-check", "doc.md")
	after, _ := os.ReadFile("links.json")
	if code != exitError || !strings.Contains(stderr, `cache "links.json" is tracked by git`) || string(after) != string(before) || srv.count("/gone") != 0 {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2, the cache refused and unchanged", code, stderr)
	}
}

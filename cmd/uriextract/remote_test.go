package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// linkServer answers on loopback and counts the requests for each path:
// /gone is 404, /old moves permanently to /new, /slow does not answer
// until the client goes away, anything else is 200.
type linkServer struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newLinkServer(t *testing.T) *linkServer {
	s := &linkServer{hits: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		switch r.URL.Path {
		case "/gone":
			http.NotFound(w, r)
		case "/old":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		case "/slow":
			<-r.Context().Done()
		default:
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<p id=here>fine</p>"))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// count returns how many requests came for path.
func (s *linkServer) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// runIn writes files to a new directory (see writeIn) and runs
// uriextract there.
func runIn(t *testing.T, srv *linkServer, files []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	writeIn(t, srv, files)
	return rerun(t, args...)
}

// writeIn writes files (name, then contents, with "URL" standing for the
// server's URL) to a new directory, which becomes the current one.
func writeIn(t *testing.T, srv *linkServer, files []string) {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i+1 < len(files); i += 2 {
		data := strings.ReplaceAll(files[i+1], "URL", srv.URL)
		if err := os.WriteFile(filepath.Join(dir, files[i]), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// rerun runs uriextract in the current directory.
func rerun(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errs)
	return code, out.String(), errs.String()
}

func TestRemoteNotFound(t *testing.T) {
	srv := newLinkServer(t)
	code, stdout, stderr := runIn(t, srv, []string{"doc.md", "# Doc\n\nSee [gone](URL/gone) and [fine](URL/ok).\n"},
		"-check", "-remote", "doc.md")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d\nstderr:\n%s", code, exitFindings, stderr)
	}
	if !strings.HasPrefix(stdout, "doc.md:3:12: ") || !strings.Contains(stdout, "404") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("stdout:\n%s\nwant one finding at doc.md:3:12 with the status 404", stdout)
	}
	if !strings.Contains(stderr, "link-client-error 1") {
		t.Errorf("stderr:\n%s\nwant the summary to count link-client-error 1", stderr)
	}
	if n := srv.count("/ok"); n != 1 {
		t.Errorf("server saw %d requests for /ok, want 1", n)
	}
}

func TestRemoteMoved(t *testing.T) {
	srv := newLinkServer(t)
	code, stdout, stderr := runIn(t, srv, []string{"doc.md", "Read [this](URL/old#here).\n"},
		"-check", "-remote", "doc.md")
	if code != exitFindings || !strings.HasPrefix(stdout, "doc.md:1:13: ") || !strings.Contains(stdout, "moved permanently") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1 and a link-moved finding at doc.md:1:13", code, stdout, stderr)
	}
	code, stdout, stderr = rerun(t, "-check", "-remote", "-fix", "doc.md")
	if code != exitOK || stdout != "" {
		t.Errorf("-fix: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and nothing left", code, stdout, stderr)
	}
	data, err := os.ReadFile("doc.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Read [this](" + srv.URL + "/new#here).\n"; string(data) != want {
		t.Errorf("after -fix, doc.md holds %q, want %q", data, want)
	}
}

func TestRemoteCode(t *testing.T) {
	srv := newLinkServer(t)
	code, stdout, stderr := runIn(t, srv, []string{"doc.md", "Run `curl URL/gone`.\n\n```\ncurl URL/gone\n```\n"},
		"-check", "-remote", "doc.md")
	if code != exitOK || stdout != "" {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and no finding", code, stdout, stderr)
	}
	if n := srv.count("/gone"); n != 0 {
		t.Errorf("server saw %d requests for a link in code, want 0", n)
	}
}

func TestRemoteSilenced(t *testing.T) {
	srv := newLinkServer(t)
	files := []string{"doc.md", "[a](URL/gone)\n\n<!-- urilint-disable-next-line link-client-error -- the page is private -->\n[b](URL/gone)\n\n" +
		"<!-- urilint-disable-next-line -- never fetched -->\n[c](URL/quiet)\n"}
	code, stdout, stderr := runIn(t, srv, files, "-check", "-remote", "-disable", "link-client-error", "doc.md")
	if code != exitOK || stdout != "" {
		t.Errorf("-disable link-client-error: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and no finding", code, stdout, stderr)
	}
	code, stdout, stderr = rerun(t, "-check", "-remote", "doc.md")
	if code != exitFindings || !strings.HasPrefix(stdout, "doc.md:1:5: ") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1 and one finding, at doc.md:1:5", code, stdout, stderr)
	}
	code, stdout, stderr = rerun(t, "-check", "-remote", "-disable",
		"link-client-error,link-server-error,link-network,link-timeout,link-redirect-loop,link-fragment,link-moved,link-rate-limited", "doc.md")
	if code != exitOK || stdout != "" {
		t.Errorf("every link category disabled: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and no finding", code, stdout, stderr)
	}
	if n := srv.count("/gone"); n != 2 {
		t.Errorf("server saw %d requests for /gone, want 2 (one GET twice; none with every link category disabled)", n)
	}
	if n := srv.count("/quiet"); n != 0 {
		t.Errorf("server saw %d requests for a link silenced in every category, want 0", n)
	}
}

func TestRemoteCache(t *testing.T) {
	srv := newLinkServer(t)
	code, _, stderr := runIn(t, srv, []string{"doc.md", "[a](URL/ok) [b](URL/gone)\n"},
		"-check", "-remote", "-cache", "links.json", "doc.md")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d\nstderr:\n%s", code, exitFindings, stderr)
	}
	code, _, stderr = rerun(t, "-check", "-remote", "-cache", "links.json", "doc.md")
	if code != exitFindings {
		t.Fatalf("second run: exit %d, want %d\nstderr:\n%s", code, exitFindings, stderr)
	}
	if ok, gone := srv.count("/ok"), srv.count("/gone"); ok != 1 || gone != 1 {
		t.Errorf("server saw %d requests for /ok and %d for /gone, want 1 and 1 (one GET, then cached)", ok, gone)
	}
	// A file that urilint did not write is refused, and left as it is.
	if err := os.WriteFile("links.json", []byte("{"), 0o666); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = rerun(t, "-check", "-remote", "-cache", "links.json", "doc.md")
	if data, _ := os.ReadFile("links.json"); code != exitError || !strings.Contains(stderr, `cache "links.json" is not a cache file that urilint wrote`) || string(data) != "{" {
		t.Errorf("not a cache: exit %d, stderr:\n%s\nwant exit 2 and an error naming the file, the file unchanged", code, stderr)
	}
	// A corrupt cache of ours is set aside with a warning, and a fresh
	// one written, so that the next run uses it.
	if err := os.WriteFile("links.json", []byte("urilint remote cache\n{"), 0o666); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = rerun(t, "-check", "-remote", "-cache", "links.json", "doc.md")
	if code != exitFindings || !strings.Contains(stderr, `cache "links.json" is corrupt`) {
		t.Errorf("corrupt cache: exit %d, stderr:\n%s\nwant exit 1 and a warning naming the file", code, stderr)
	}
	before := srv.count("/ok")
	code, _, stderr = rerun(t, "-check", "-remote", "-cache", "links.json", "doc.md")
	if n := srv.count("/ok") - before; code != exitFindings || n != 0 || strings.Contains(stderr, "cache") {
		t.Errorf("after the corrupt cache: exit %d, %d requests for /ok, stderr:\n%s\nwant exit 1, none (the fresh cache has it), no warning", code, n, stderr)
	}
}

func TestRemoteCacheUnwritable(t *testing.T) {
	srv := newLinkServer(t)
	code, _, stderr := runIn(t, srv, []string{"doc.md", "[a](URL/ok)\n"},
		"-check", "-remote", "-cache", filepath.Join("missing", "links.json"), "doc.md")
	if code != exitOK || !strings.Contains(stderr, "cannot be written") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 0 and a message that the cache cannot be written", code, stderr)
	}
}

func TestRemoteExclude(t *testing.T) {
	srv := newLinkServer(t)
	files := []string{
		"doc.md", "[a](URL/gone?skip) [b](URL/gone?ignored) [c](URL/ok)\n",
		".urilintignore", "# not ours\n[?]ignored$\n",
	}
	code, stdout, stderr := runIn(t, srv, files, "-check", "-remote", "-exclude-url", `[?]skip$`, "doc.md")
	if code != exitOK || stdout != "" {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0 and no finding", code, stdout, stderr)
	}
	if gone, ok := srv.count("/gone"), srv.count("/ok"); gone != 0 || ok != 1 {
		t.Errorf("server saw %d requests for the excluded links and %d for /ok, want 0 and 1", gone, ok)
	}
}

func TestRemoteBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-concurrency", "0"},
		{"-per-host", "-1"},
		{"-timeout", "0s"},
		{"-retries", "-1"},
		{"-exclude-url", "("},
	} {
		var out, errs bytes.Buffer
		args = append([]string{"-check", "-remote"}, append(args, "-")...)
		if code := run(args, strings.NewReader("https://example.com/\n"), &out, &errs); code != exitError || errs.Len() == 0 {
			t.Errorf("uriextract %s: exit %d, stderr:\n%s\nwant exit 2 and a message", strings.Join(args, " "), code, errs.String())
		}
	}
}

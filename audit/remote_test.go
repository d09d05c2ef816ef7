package audit

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/internal/policy"
)

// TestRemote runs the audit with a stand-in for the network: it must be
// asked once for the absolute http and https links outside code, and its
// permanent move must become a fix where the link is written as is.
func TestRemote(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "doc.md")
	src := "[a](https://example.com/old) [b](https://example.com/old\\_x) [c](b.md)\n" +
		"`https://example.com/code` <mailto:x@example.com> [d](HTTP://example.com/old)\n" +
		"[e](https://example.com/old) [f](https://{host}/x)\n"
	if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.md"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	var asked [][]string
	moved := func(urls []string) map[string]remote.Result {
		asked = append(asked, urls)
		out := map[string]remote.Result{}
		for _, u := range urls {
			out[u] = remote.Result{URL: u, Category: policy.CategoryLinkMoved, Message: "moved", Fix: "https://example.com/new"}
		}
		return out
	}
	r := Run(Config{Remote: moved, Root: dir}, []string{name})
	wantAsked := []string{"https://example.com/old", "https://example.com/old_x", "HTTP://example.com/old"}
	if len(asked) != 1 || !slices.Equal(asked[0], wantAsked) {
		t.Fatalf("Remote was called with %q, want once with %q", asked, wantAsked)
	}
	var got []string
	fixes := 0
	for _, f := range r.Findings {
		if f.Category == policy.CategoryLinkMoved {
			got = append(got, f.Pos.String())
			if len(f.Fix) > 0 {
				fixes++
			}
		}
	}
	if want := []string{"1:5", "1:34", "2:55", "3:5"}; !slices.Equal(got, want) {
		t.Errorf("link-moved findings at %q, want %q", got, want)
	}
	// The escaped link maps to no fix; the "HTTP" one's fix overlaps
	// its scheme-case fix, and the first of the two is kept.
	if fixes != 3 {
		t.Errorf("%d link-moved findings have a fix, want 3 (not the escaped link)", fixes)
	}

	pol, err := policy.New(policy.Config{Disable: []string{"link-client-error", "link-server-error", "link-network",
		"link-timeout", "link-redirect-loop", "link-fragment", "link-moved"}})
	if err != nil {
		t.Fatal(err)
	}
	asked = nil
	if r := Run(Config{Remote: moved, Root: dir, Policy: pol}, []string{name}); len(asked) != 0 || len(r.Findings) != 1 {
		t.Errorf("every link category disabled: Remote called %d times, %d findings; want 0 calls and the scheme-case finding only", len(asked), len(r.Findings))
	}
}

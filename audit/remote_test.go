package audit

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
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
	moved := &fakeRemote{check: func(urls []string) map[string]RemoteVerdict {
		asked = append(asked, urls)
		out := map[string]RemoteVerdict{}
		for _, u := range urls {
			out[u] = RemoteVerdict{Category: policy.CategoryLinkMoved, Message: "moved", Fix: "https://example.com/new"}
		}
		return out
	}}
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

	asked = nil
	if r := Run(Config{Remote: moved, Root: dir, Enable: []string{"scheme-case"}, Disable: []string{"link-client-error", "link-server-error", "link-network",
		"link-timeout", "link-redirect-loop", "link-fragment", "link-moved", "link-rate-limited"}}, []string{name}); len(asked) != 0 || len(r.Findings) != 1 {
		t.Errorf("every link category disabled: Remote called %d times, %d findings; want 0 calls and the scheme-case finding only", len(asked), len(r.Findings))
	}
}

// fakeRemote stands in for the network checks of audit/remote.
type fakeRemote struct {
	check func(urls []string) map[string]RemoteVerdict
	warns []string
}

func (f *fakeRemote) LinkCategories() []uri.Category {
	return []uri.Category{policy.CategoryLinkClientError, policy.CategoryLinkMoved, policy.CategoryLinkRateLimited}
}

func (f *fakeRemote) CheckLinks(_ context.Context, urls []string) (map[string]RemoteVerdict, []string) {
	return f.check(urls), f.warns
}

// TestRemoteWarnings: the links left unchecked because their host rate
// limits the run are not findings by default, but the run says how many
// and which hosts; notes and the checker's own warnings are passed on.
func TestRemoteWarnings(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "doc.md")
	src := "[a](https://busy.example/a) [b](https://busy.example/b) [c](https://other.example/c#late) [d](https://fine.example/)\n"
	if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	fake := &fakeRemote{warns: []string{"cache \"x\" is not a cache file: set aside"}, check: func(urls []string) map[string]RemoteVerdict {
		out := map[string]RemoteVerdict{}
		for _, u := range urls {
			switch {
			case strings.Contains(u, "busy"):
				out[u] = RemoteVerdict{Category: policy.CategoryLinkRateLimited, Message: "not checked"}
			case strings.Contains(u, "late"):
				out[u] = RemoteVerdict{Note: "the fragment \"late\" is not in the first 2 MiB: not verified"}
			default:
				out[u] = RemoteVerdict{}
			}
		}
		return out
	}}
	r := Run(Config{Remote: fake, Root: dir}, []string{name})
	if len(r.Findings) != 0 {
		t.Errorf("findings %v, want none (link-rate-limited is off by default)", r.Findings)
	}
	wantWarns := []string{
		`cache "x" is not a cache file: set aside`,
		`note: the fragment "late" is not in the first 2 MiB: not verified`,
		"2 links not checked: rate limited (429 too many requests) by busy.example; -enable link-rate-limited reports each",
	}
	if !slices.Equal(r.Warnings, wantWarns) {
		t.Errorf("warnings %q, want %q", r.Warnings, wantWarns)
	}
	r = Run(Config{Remote: fake, Root: dir, Enable: []string{"link-rate-limited"}}, []string{name})
	if len(r.Findings) != 2 || len(r.Warnings) != 2 {
		t.Errorf("with -enable link-rate-limited: findings %v, warnings %q; want the 2 links as findings", r.Findings, r.Warnings)
	}
}

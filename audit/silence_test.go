package audit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// TestDirectiveRemote: with the remote check, a directive over a link it
// keeps from being fetched is used, one whose link failed is used, and
// one whose link was fine silences nothing; without the remote check, no
// directive over a web link is called unused.
func TestDirectiveRemote(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "doc.md")
	src := "<!-- urilint-disable-next-line -- a private page -->\n[p](https://example.com/p)\n" +
		"<!-- urilint-disable-next-line link-client-error -- answers 403 to robots -->\n[q](https://example.com/q)\n" +
		"<!-- urilint-disable-next-line link-moved -- nothing moved -->\n[r](https://example.com/r)\n"
	if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	var asked []string
	fake := &fakeRemote{check: func(urls []string) map[string]RemoteVerdict {
		asked = append(asked, urls...)
		out := map[string]RemoteVerdict{}
		for _, u := range urls {
			out[u] = RemoteVerdict{}
		}
		out["https://example.com/q"] = RemoteVerdict{Category: policy.CategoryLinkClientError, Message: "403 forbidden"}
		return out
	}}
	r := Run(Config{Remote: fake, Root: dir}, []string{name})
	if want := []string{"https://example.com/q", "https://example.com/r"}; !slices.Equal(asked, want) {
		t.Errorf("fetched %q, want %q (p is silenced in every category)", asked, want)
	}
	if got := positions(r.Findings); !slices.Equal(got, []string{"ignore-directive 5:1"}) {
		t.Errorf("with the remote check: findings %q, want the unused link-moved directive alone", got)
	}
	if r := Run(Config{Root: dir}, []string{name}); len(r.Findings) != 0 {
		t.Errorf("without the remote check: findings %q, want none", positions(r.Findings))
	}
}

// TestDirectiveDisabled: with ignore-directive disabled, directives
// silence as before and none is reported; a directive for a disabled
// category silences it and is not unused.
func TestDirectiveDisabled(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "doc.md")
	src := "<!-- urilint-disable-next-line -->\n[a](gone.md)\n\n" +
		"<!-- urilint-disable-next-line broken-anchor -- no anchors here -->\n[b](doc.md)\n"
	if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := positions(Run(Config{Root: dir}, []string{name}).Findings); !slices.Equal(got, []string{"ignore-directive 1:1", "ignore-directive 4:1"}) {
		t.Errorf("findings %q, want the reasonless and the unused directive", got)
	}
	for _, off := range []string{"ignore-directive", "broken-anchor"} {
		got := positions(Run(Config{Root: dir, Disable: []string{off}}, []string{name}).Findings)
		want := []string{"ignore-directive 1:1"}
		if off == "ignore-directive" {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s disabled: findings %q, want %q", off, got, want)
		}
	}
}

func positions(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.Category)+" "+f.Pos.String())
	}
	return out
}

// FuzzSilencer: the directives of any document are read without a panic,
// and what they report is at a directive, in the document (a comment,
// or a bogus one, "<!x>", which HTML reads as a comment).
func FuzzSilencer(f *testing.F) {
	f.Add("<!-- urilint-disable-next-line broken-file -- why -->\n[a](b.md)\n")
	f.Add("Café <!-- urilint-disable broken-anchor,file-case -->\nx\n<!-- urilint-enable -->\n")
	f.Add("<!-- urilint-disable-next-line -- -->\n<!-- urilint-x --><!-- urilint-disable-next-line nope -->")
	f.Fuzz(func(t *testing.T, src string) {
		d := (&extract.Extractor{}).MarkdownDoc([]byte(src))
		s, _ := newSilencer("x.md", []byte(src), d.Comments)
		for line := 1; line <= strings.Count(src, "\n")+1; line++ {
			s.filter([]Finding{{Pos: extract.Position{Line: line, Column: 1}, Category: policy.CategoryBrokenFile}}, 0)
			s.unknownRemote(extract.Position{Line: line, Column: 1})
		}
		for _, g := range s.directiveFindings("x.md", func(uri.Category) bool { return true }, nil) {
			if g.Pos.Offset < 0 || g.Pos.Offset >= len(src) || !strings.HasPrefix(src[g.Pos.Offset:], "<!") || g.col < 1 || g.col > g.Pos.Column {
				t.Fatalf("finding %+v (column %d in characters) is at no directive of %q", g, g.col, src)
			}
		}
	})
}

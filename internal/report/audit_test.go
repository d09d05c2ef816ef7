package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/uri"
)

// tree writes files (slash path to content) under a new directory and
// returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSummary(t *testing.T) {
	dir := tree(t, map[string]string{
		"a.md": "# A\n\n[x](#nope) [y](#gone) [z](gone.md)\n",
		"b.md": "<http://example.com/>\n",
	})
	r := audit.Run(audit.Config{Root: dir}, []string{dir})
	if got, want := Summary(r), "2 files, 4 links, 3 findings: broken-file 1, broken-anchor 2"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	r = audit.Run(audit.Config{Root: dir}, []string{filepath.Join(dir, "b.md")})
	if got, want := Summary(r), "1 file, 1 link, no findings"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}

// TestSiteInSARIF checks that a SARIF log says how the tree is published.
func TestSiteInSARIF(t *testing.T) {
	dir := tree(t, map[string]string{"mkdocs.yml": "site_name: x\n", "docs/index.md": "[x](gone.md)\n"})
	r := audit.Run(audit.Config{Root: dir}, []string{dir})
	if len(r.Sites) != 1 || !strings.HasPrefix(r.Sites[0], "site: mkdocs (mkdocs.yml)") {
		t.Fatalf("Sites = %q", r.Sites)
	}
	if got := sarifSites(t, r); !slices.Equal(got, r.Sites) {
		t.Errorf("SARIF run properties: sites %q, want %q", got, r.Sites)
	}
}

// sarifSites returns the sites that the SARIF output of r names in the
// properties of its one run; the test fails when there is not one run.
func sarifSites(t *testing.T, r *audit.Result) []string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, "sarif", r); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Properties struct{ Sites []string } `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("SARIF holds %d runs, want 1", len(log.Runs))
	}
	return log.Runs[0].Properties.Sites
}

// TestDirectiveSARIF: a directive's finding is a result of its rule,
// which the log's rules list, with its column in characters.
func TestDirectiveSARIF(t *testing.T) {
	dir := tree(t, map[string]string{"doc.md": "Café <!-- urilint-disable-next-line -->\n[a](gone.md)\n"})
	name := filepath.Join(dir, "doc.md")
	r := audit.Run(audit.Config{Root: dir}, []string{name})
	var buf bytes.Buffer
	s := NewSARIF(&buf)
	s.Write(r.Findings)
	if err := s.Close(nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Rules []struct{ ID string } }
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 1 || res[0].RuleID != "ignore-directive" || log.Runs[0].Tool.Driver.Rules[res[0].RuleIndex].ID != "ignore-directive" {
		t.Fatalf("results %+v, want one of rule ignore-directive", res)
	}
	if reg := res[0].Locations[0].PhysicalLocation.Region; reg.StartLine != 1 || reg.StartColumn != 6 {
		t.Errorf("region %+v, want line 1, column 6 (characters)", reg)
	}
}

func TestGitHubEscapes(t *testing.T) {
	if got, want := ghProperty("a,b:c%\n"), "a%2Cb%3Ac%25%0A"; got != want {
		t.Errorf("ghProperty = %q, want %q", got, want)
	}
	if got, want := ghData("50% a:b,c\r\n"), "50%25 a:b,c%0D%0A"; got != want {
		t.Errorf("ghData = %q, want %q", got, want)
	}
}

// TestArtifactURI: SARIF names files by relative references: a name with
// a ":" in its first segment must not read as a scheme.
func TestArtifactURI(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"docs/a.md", "docs/a.md"},
		{"c:notes.md", "./c:notes.md"},
		{"dir/c:notes.md", "dir/c:notes.md"},
		{"my notes.md", "my%20notes.md"},
		{audit.StdinName, "stdin"},
	} {
		got := artifactURI(tt.name)
		if got != tt.want {
			t.Errorf("artifactURI(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if u, err := uri.Parse(got); err != nil || u.Scheme != "" {
			t.Errorf("artifactURI(%q) = %q, which is no relative reference: %v", tt.name, got, err)
		}
	}
}

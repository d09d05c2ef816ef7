package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetSeesConfigChange (issue 25): go vet caches a package's result
// under the tool's -V=full line and the package's Go files; an edit to
// .urilint.yaml alone must take effect on the next run, in both
// directions, and a broken file must be reported, not served the cached
// result of the good one.
func TestVetSeesConfigChange(t *testing.T) {
	t.Parallel()
	dir, want := scratch(t, "scratch")
	vet := func() (string, int) {
		t.Helper()
		return run(t, dir, "go", "vet", "-vettool="+command(t, "urilint"), "./...")
	}
	write := func(content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, ".urilint.yaml"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("version: 1\ndisable: [malformed, scheme-case, host-case, dot-segments, percent-case, default-port]\n")
	if out, code := vet(); code != 0 || len(findings(out)) != 0 {
		t.Fatalf("go vet with every reported category disabled: exit %d, want 0 and no findings:\n%s", code, out)
	}
	write("version: 1\n")
	out, code := vet()
	if code != 1 {
		t.Errorf("go vet after enabling the categories again: exit %d, want 1 (a cached clean result served?)\n%s", code, out)
	}
	checkFindings(t, "go vet after the edit", out, want["findings"])
	write("version: 1\ndisable: [nope]\n")
	out, code = vet()
	if code == 0 || !strings.Contains(out, `.urilint.yaml:2: disable[0]: "nope" is not a category`) {
		t.Errorf("go vet with a broken .urilint.yaml: exit %d, want the error\n%s", code, out)
	}
}

package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUrilintFlags runs the built urilint with each combination of flags
// that urilint -h shows: each is accepted, and a bad flag prints the
// usage and exits 2, never a panic (issue 18).
func TestUrilintFlags(t *testing.T) {
	t.Parallel()
	urilint := command(t, "urilint")
	dir, _ := scratch(t, "scratch")
	tests := []struct {
		args []string
		code int
		has  []string // parts of the output
	}{
		{[]string{"-h"}, 0, []string{"usage: urilint [flags] packages", "-fix-tests", "-tags tags"}},
		{[]string{"-help"}, 0, []string{"usage: urilint [flags] packages"}},
		{[]string{"-nosuchflag", "./..."}, 2, []string{"flag provided but not defined: -nosuchflag", "usage: urilint"}},
		{[]string{"-fix", "-c", "x", "./..."}, 2, []string{`invalid value "x" for flag -c`}},
		{[]string{"-test=maybe", "./..."}, 2, []string{"invalid boolean value"}},
		{[]string{"-V"}, 0, []string{"urilint version "}},
		{[]string{"-version"}, 0, []string{"urilint version "}},
		{[]string{"-V=full"}, 0, []string{"buildID="}},
		{[]string{"-diff", "./..."}, 2, []string{"-diff needs -fix"}},
		{[]string{"help"}, 0, []string{"urilint: ", "usage: urilint"}},
	}
	for _, tt := range tests {
		out, code := run(t, dir, urilint, tt.args...)
		if code != tt.code {
			t.Errorf("urilint %s exited %d, want %d\n%s", strings.Join(tt.args, " "), code, tt.code, out)
		}
		for _, h := range tt.has {
			if !strings.Contains(out, h) {
				t.Errorf("urilint %s printed no %q:\n%s", strings.Join(tt.args, " "), h, out)
			}
		}
		if strings.Contains(out, "panic") {
			t.Errorf("urilint %s panicked:\n%s", strings.Join(tt.args, " "), out)
		}
	}
}

// TestUrilintFixCombinations runs -fix with the other flags on a module
// whose build tag hides a finding and whose map literal a naive fix would
// break: the tag is honoured, what is printed after fixing is what is
// left (at its new position), and the module still builds.
func TestUrilintFixCombinations(t *testing.T) {
	t.Parallel()
	urilint := command(t, "urilint")
	files := map[string]string{
		"go.mod":        "module example.com/m\n\ngo 1.26\n",
		".urilint.yaml": "version: 1\ngo:\n  fixes: [scheme-case, host-case]\n",
		"m.go": "package m\n\nvar Hosts = map[string]int{\n\t\"https://EXAMPLE.COM/p\": 1,\n\t\"https://example.com/p\": 2,\n}\n\n" +
			"const Fixed = \"HTTPS://example.com/\"\n",
		"tagged.go": "//go:build foo\n\npackage m\n\nconst Tagged = \"HTTP://example.com/t\"\n",
		"m_test.go": "package m\n\nconst expected = \"HTTP://example.com/x\"\n",
	}
	write := func(t *testing.T) string {
		dir := t.TempDir()
		for name, src := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		dir, _ = filepath.EvalSymlinks(dir)
		return dir
	}
	const keyLeft = `m.go:4:11: "https://EXAMPLE.COM/p" is not normalized: host "EXAMPLE.COM" should be lowercase "example.com" (no fix: it would make the key of the map literal equal to the one on line 5, "https://example.com/p")`
	t.Run("-tags foo -fix", func(t *testing.T) {
		dir := write(t)
		out, code := run(t, dir, urilint, "-tags", "foo", "-fix", normFixes, "./...")
		if code != 3 || findings(out)[0] != keyLeft || len(findings(out)) != 1 {
			t.Errorf("urilint -tags foo -fix ./... exited %d, want 3 and only the map key left:\n%s", code, out)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "tagged.go")); !strings.Contains(string(got), `"http://example.com/t"`) {
			t.Errorf("-tags foo -fix did not fix tagged.go:\n%s", got)
		}
		if out, code := run(t, dir, "go", "build", "./..."); code != 0 {
			t.Errorf("go build after -fix exited %d:\n%s", code, out)
		}
		// Nothing left that -fix can do: a second run changes nothing.
		out, code = run(t, dir, urilint, "-tags", "foo", "-fix", normFixes, "./...")
		if code != 3 || len(findings(out)) != 1 {
			t.Errorf("second -fix exited %d:\n%s", code, out)
		}
	})
	t.Run("-fix -json", func(t *testing.T) {
		dir := write(t)
		out, code := run(t, dir, urilint, "-fix", normFixes, "-json", "./...")
		var tree map[string]map[string][]struct{ Posn, Message string }
		if err := json.Unmarshal([]byte(out), &tree); err != nil || code != 0 {
			t.Fatalf("urilint -fix -json exited %d, printed (%v):\n%s", code, err, out)
		}
		var msgs []string
		for _, byAnalyzer := range tree {
			for _, ds := range byAnalyzer {
				for _, d := range ds {
					msgs = append(msgs, d.Message)
				}
			}
		}
		if len(msgs) != 1 || !strings.Contains(msgs[0], "no fix: it would make the key") {
			t.Errorf("urilint -fix -json left %q, want the map key alone", msgs)
		}
	})
	t.Run("-fix -c=1", func(t *testing.T) {
		dir := write(t)
		out, code := run(t, dir, urilint, "-fix", normFixes, "-c=1", "./...")
		if code != 3 || !strings.Contains(out, keyLeft+"\n3\tvar Hosts = map[string]int{\n4\t\t\"https://EXAMPLE.COM/p\": 1,\n5\t") {
			t.Errorf("urilint -fix -c=1 exited %d, printed:\n%s", code, out)
		}
	})
	t.Run("-fix -diff", func(t *testing.T) {
		dir := write(t)
		out, code := run(t, dir, urilint, "-fix", normFixes, "-diff", "./...")
		if code != 3 || !strings.Contains(out, "+const Fixed = \"https://example.com/\"\n") || !strings.Contains(out, keyLeft) {
			t.Errorf("urilint -fix -diff exited %d, want 3 (a finding is left), printed:\n%s", code, out)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "m.go")); string(got) != files["m.go"] {
			t.Errorf("-fix -diff changed m.go:\n%s", got)
		}
	})
	t.Run("-tests -fix", func(t *testing.T) {
		dir := write(t)
		out, code := run(t, dir, urilint, "-tests", "-fix", normFixes, "./...")
		if code != 3 || !strings.Contains(out, `m_test.go:3:19: "HTTP://example.com/x" is not normalized: scheme "HTTP" should be lowercase "http" (no fix in a test file: see -fix-tests)`) {
			t.Errorf("urilint -tests -fix exited %d, printed:\n%s", code, out)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "m_test.go")); string(got) != files["m_test.go"] {
			t.Errorf("-tests -fix changed m_test.go:\n%s", got)
		}
		out, code = run(t, dir, urilint, "-tests", "-fix", normFixes, "-fix-tests", "./...")
		if got, _ := os.ReadFile(filepath.Join(dir, "m_test.go")); code != 3 || !strings.Contains(string(got), `"http://example.com/x"`) {
			t.Errorf("-tests -fix -fix-tests exited %d and left m_test.go as\n%s\n%s", code, got, out)
		}
	})
}

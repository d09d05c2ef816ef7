package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/fixdriver"
)

// TestConfigFileAndFlags: urilint reads the .urilint.yaml of the module,
// and a flag given on the command line wins over the file's key of the
// same name, as in uriextract (cmd/uriextract/testdata/config-flags-win.txtar).
func TestConfigFileAndFlags(t *testing.T) {
	const (
		main     = "package m\n\nconst Host = \"https://EXAMPLE.com/\"\n\nconst Zone = \"http://[fe80::1%25eth0]/\"\n\nconst Pass = \"https://u:p@example.com/\"\n"
		test     = "package m\n\nconst endpoint = \"HTTP://example.com/x\"\n"
		testFix  = "package m\n\nconst endpoint = \"http://example.com/x\"\n"
		hostCase = `main.go:3:23: "https://EXAMPLE.com/" is not normalized`
		zone     = `main.go:5:30: "http://[fe80::1%25eth0]/"`
		pass     = `main.go:7:25: "https://u:***@example.com/" has a password`
		inTest   = `m_test.go:3:19: "HTTP://example.com/x" is not normalized`
		noFix    = "(no fix in a test file: see -fix-tests)"
	)
	tests := []struct {
		name     string
		file     string // .urilint.yaml
		args     []string
		status   int
		has, not []string // parts of standard error
		testFile string   // m_test.go after the run
	}{
		{"no file", "", []string{"./..."}, 3, []string{hostCase, pass}, []string{inTest, zone}, test},
		{"disable", "version: 1\ndisable: [host-case]\n", []string{"./..."}, 3, []string{pass}, []string{hostCase}, test},
		{"disable, -host-case", "version: 1\ndisable: [host-case]\n", []string{"-host-case", "./..."}, 3, []string{hostCase}, nil, test},
		{"disable, -enable", "version: 1\ndisable: [host-case]\n", []string{"-enable", "host-case", "./..."}, 3, []string{hostCase}, nil, test},
		{"enable, -disable", "version: 1\nenable: [host-case]\n", []string{"-disable", "host-case", "./..."}, 3, []string{pass}, []string{hostCase}, test},
		{"allow-zone", "version: 1\nallow-zone: true\n", []string{"./..."}, 3, []string{hostCase}, []string{zone}, test},
		{"allow-zone, -allow-zone=false", "version: 1\nallow-zone: true\n", []string{"-allow-zone=false", "./..."}, 3, []string{zone}, nil, test},
		{"tests", "version: 1\ngo: {tests: true}\n", []string{"./..."}, 3, []string{inTest + ": scheme", noFix}, nil, test},
		{"tests, -tests=false", "version: 1\ngo: {tests: true}\n", []string{"-tests=false", "./..."}, 3, []string{hostCase}, []string{inTest}, test},
		{"fix-tests", "version: 1\ngo: {tests: true, fix-tests: true}\n", []string{"-fix", "./..."}, 3, []string{pass}, []string{inTest, hostCase}, testFix},
		{"fix-tests, -fix-tests=false", "version: 1\ngo: {tests: true, fix-tests: true}\n", []string{"-fix", "-fix-tests=false", "./..."}, 3, []string{inTest, noFix}, nil, test},
		{"-tests -fix-tests", "", []string{"-tests", "-fix-tests", "-fix", "./..."}, 3, []string{pass}, []string{inTest}, testFix},
		{"bad file", "version: 1\ngo: {fix-test: true}\n", []string{"./..."}, 2, []string{".urilint.yaml:2: go.fix-test: unknown key"}, nil, test},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n", "main.go": main, "m_test.go": test}
			if tt.file != "" {
				files[".urilint.yaml"] = tt.file
			}
			for name, content := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
				t.Fatal(err) // the top of the repository: no file above it counts
			}
			// Flags of its own, not the global Analyzer's; the fixes of
			// main.go's and m_test.go's findings asked for.
			a, err := analyzer.New(analyzer.Settings{Fixes: []string{"scheme-case", "host-case"}})
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			got := fixdriver.Run(a, fixdriver.Options{}, tt.args, dir, io.Discard, &stderr)
			if got != tt.status {
				t.Errorf("urilint %q = %d, want %d; stderr:\n%s", tt.args, got, tt.status, &stderr)
			}
			for _, s := range tt.has {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("urilint %q: stderr lacks %q:\n%s", tt.args, s, &stderr)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(stderr.String(), s) {
					t.Errorf("urilint %q: stderr has %q:\n%s", tt.args, s, &stderr)
				}
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "m_test.go")); string(b) != tt.testFile {
				t.Errorf("urilint %q left m_test.go as\n%s\nwant\n%s", tt.args, b, tt.testFile)
			}
		})
	}
}

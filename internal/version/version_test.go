package version

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var (
	lineRE = regexp.MustCompile(`^cmd version \S+ go\S+\n$`)
	fullRE = regexp.MustCompile(`^cmd version devel \S+ go\S+ buildID=[0-9a-f]{80}\n$`)
)

func TestAddFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   *regexp.Regexp // nil: nothing printed, no version asked for
	}{
		{[]string{"-V"}, 0, lineRE},
		{[]string{"-version"}, 0, lineRE},
		{[]string{"--version"}, 0, lineRE},
		{[]string{"-V=true"}, 0, lineRE},
		{[]string{"-V=full"}, 0, fullRE},
		{[]string{"-version=full"}, 0, fullRE},
		{[]string{"-check", "-V", "docs"}, 0, lineRE},
		{[]string{"-V=false"}, 0, nil},
		{[]string{"-check", "docs"}, 0, nil},
	} {
		fset := flag.NewFlagSet("cmd", flag.ContinueOnError)
		fset.SetOutput(io.Discard)
		fset.Bool("check", false, "")
		v := AddFlags(fset)
		if err := fset.Parse(tc.args); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if got := v.Requested(); got != (tc.want != nil) {
			t.Errorf("%q: Requested() = %v", tc.args, got)
		}
		if tc.want == nil {
			continue
		}
		var out, errs bytes.Buffer
		if status := v.Print("cmd", &out, &errs); status != tc.status || !tc.want.MatchString(out.String()) || errs.Len() > 0 {
			t.Errorf("%q: status %d, printed %q, errors %q; want %d and %v", tc.args, status, out.String(), errs.String(), tc.status, tc.want)
		}
	}
}

func TestAddFlagsBadValue(t *testing.T) {
	fset := flag.NewFlagSet("cmd", flag.ContinueOnError)
	var errs bytes.Buffer
	fset.SetOutput(&errs)
	AddFlags(fset)
	if err := fset.Parse([]string{"-V=short"}); err == nil || !strings.Contains(err.Error(), "want -V, -V=full") {
		t.Errorf("-V=short: error %v, want one naming the accepted values", err)
	}
}

func TestTag(t *testing.T) {
	defer func(old string) { Tag = old }(Tag)
	Tag = "v1.2.3"
	if got, want := Line("urilint"), "urilint version v1.2.3 "+runtime.Version(); got != want {
		t.Errorf("Line with Tag set = %q, want %q", got, want)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrShortWrite }

func TestPrintWriteError(t *testing.T) {
	var errs bytes.Buffer
	v := Flag{mode: "line"}
	if status := v.Print("cmd", failWriter{}, &errs); status != 2 || !strings.HasPrefix(errs.String(), "cmd: writing output: ") {
		t.Errorf("Print to a failing writer: status %d, errors %q; want 2 and a message", status, errs.String())
	}
}

// TestFullFoldsConfiguration (issue 25): go vet keys its cache on the
// -V=full line, so an edit to .urilint.yaml, a broken one included, must
// change it; nothing else may.
func TestFullFoldsConfiguration(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	full := func() string {
		t.Helper()
		line, err := Full("urilint")
		if err != nil {
			t.Fatal(err)
		}
		return line
	}
	seen := map[string]string{}
	for _, content := range []string{"", "version: 1\n", "version: 1\ndisable: [host-case]\n", "version: 1\ndisable: [nope\n"} {
		if content != "" {
			if err := os.WriteFile(".urilint.yaml", []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		line := full()
		if line != full() {
			t.Errorf("-V=full changes from one call to the next")
		}
		if prev, ok := seen[line]; ok {
			t.Errorf("-V=full is the same for configuration %q as for %q: go vet would serve the old results", content, prev)
		}
		seen[line] = content
		if f := strings.Fields(line); strings.Contains(f[len(f)-1], "/") {
			t.Errorf("-V=full %q has a \"/\" in its build ID: go vet keys only on what follows it", line)
		}
	}
}

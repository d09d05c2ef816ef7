package integration

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A shell example in docs/ (a fenced block whose info string is sh, bash,
// shell or console) is preceded by a marker that says how it is proved:
//
//	<!-- example: run -->            run here, from the repository root
//	<!-- example: run in=scratch --> run in a new copy of testdata/scratch.txtar
//	<!-- example: ci .ci/golangci.sh --> run by that CI script
//	<!-- example: network -->        needs the network, so no test runs it
//	<!-- example: bench -->          a benchmark of minutes, run by hand
//
// In a console block each "$ command" line runs in bash, with the two
// commands built from this checkout first on PATH, and what it prints
// must be the lines that follow it ("..." stands for any lines); "$ echo
// $?" prints the status of the command before it. In an sh block each
// line runs and must exit 0, or with the status its comment names
// ("# ... exit 3").
var exampleMarker = regexp.MustCompile(`^<!-- example: (run(?: in=([a-z]+))?|ci (\S+)|network|bench) -->$`)

// TestDocsShellExamples checks that every shell example in docs/ is marked,
// and runs those marked run.
func TestDocsShellExamples(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join(root, "docs", "*", "*.md"))
	pages = append(pages, more...)
	n := 0
	for _, page := range pages {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for _, ex := range shellExamples(string(src)) {
			n++
			name := fmt.Sprintf("%s:%d", rel, ex.line)
			m := exampleMarker.FindStringSubmatch(ex.marker)
			switch {
			case m == nil:
				t.Errorf("%s: a shell example without a marker: put one of <!-- example: run -->, <!-- example: run in=scratch -->, <!-- example: ci SCRIPT -->, <!-- example: network --> or <!-- example: bench --> on the line before it (found %q)", name, ex.marker)
			case strings.HasPrefix(m[1], "run"):
				t.Run(name, func(t *testing.T) { runExample(t, root, m[2], ex) })
			case m[3] != "":
				script, err := os.ReadFile(filepath.Join(root, m[3]))
				if err != nil {
					t.Errorf("%s: marked as run by %s: %v", name, m[3], err)
				} else if !strings.Contains(string(script), filepath.Base(firstWord(ex.body))) {
					t.Errorf("%s: marked as run by %s, which never runs %q", name, m[3], filepath.Base(firstWord(ex.body)))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("found no shell examples in docs/: is the parser broken?")
	}
}

type shellExample struct {
	line    int    // of the opening fence, 1-based
	marker  string // the last non-blank line before the fence
	info    string // sh, bash, shell or console
	body    string
	console bool
}

// shellExamples returns the shell blocks of a Markdown page.
func shellExamples(md string) []shellExample {
	var out []shellExample
	ls := lines(md)
	for i := 0; i < len(ls); i++ {
		info, ok := strings.CutPrefix(ls[i], "```")
		if !ok {
			continue
		}
		j := i + 1
		for j < len(ls) && !strings.HasPrefix(ls[j], "```") {
			j++
		}
		switch info {
		case "sh", "bash", "shell", "console":
			marker := ""
			for k := i - 1; k >= 0; k-- {
				if strings.TrimSpace(ls[k]) != "" {
					marker = strings.TrimSpace(ls[k])
					break
				}
			}
			out = append(out, shellExample{line: i + 1, marker: marker, info: info,
				body: strings.Join(ls[i+1:min(j, len(ls))], "\n"), console: info == "console"})
		}
		i = j
	}
	return out
}

func firstWord(body string) string {
	for _, l := range lines(body) {
		l = strings.TrimPrefix(strings.TrimSpace(l), "$ ")
		if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			return f[0]
		}
	}
	return ""
}

var exitComment = regexp.MustCompile(`#.*\bexit (\d+)`)

// runExample runs the commands of ex in the repository root or in a new
// copy of the scratch module name.
func runExample(t *testing.T, root, scratchName string, ex shellExample) {
	dir := root
	if scratchName != "" {
		dir, _ = scratch(t, scratchName)
	}
	path := filepath.Dir(command(t, "urilint")) + string(os.PathListSeparator) + os.Getenv("PATH")
	sh := func(cmdline string) (string, int) {
		cmd := exec.Command("bash", "-c", cmdline)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+path, "GOTOOLCHAIN=local", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", cmdline, err)
		}
		return strings.ReplaceAll(string(out), dir+string(filepath.Separator), ""), code
	}
	if !ex.console {
		for _, l := range lines(ex.body) {
			if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
				continue
			}
			want := 0
			if m := exitComment.FindStringSubmatch(l); m != nil {
				want, _ = strconv.Atoi(m[1])
			}
			if out, code := sh(l); code != want {
				t.Errorf("%s exited %d, want %d:\n%s", l, code, want, out)
			}
		}
		return
	}
	// A console transcript: commands and the lines each prints.
	var cmdline string
	var want []string
	last := 0
	flush := func() {
		if cmdline == "" {
			return
		}
		var got string
		if cmdline == "echo $?" {
			got = strconv.Itoa(last) + "\n"
		} else {
			got, last = sh(cmdline)
		}
		if !matchLines(lines(got), want) {
			t.Errorf("$ %s printed:\n%s\nwant:\n%s", cmdline, got, strings.Join(want, "\n"))
		}
	}
	for _, l := range lines(ex.body) {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			flush()
			cmdline, want = c, nil
			continue
		}
		want = append(want, l)
	}
	flush()
}

// matchLines reports whether got is want, where a want line "..." stands
// for any number of lines.
func matchLines(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(got[1:], want[1:])
}

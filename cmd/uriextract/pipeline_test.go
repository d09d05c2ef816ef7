package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (name, content pairs) under a new temporary
// directory and changes to it.
func writeTree(t *testing.T, files ...string) {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i+1 < len(files); i += 2 {
		name := filepath.Join(dir, filepath.FromSlash(files[i]))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// jsonFiles returns the sorted distinct "file" values of JSON lines.
func jsonFiles(t *testing.T, out string) []string {
	t.Helper()
	var files []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var v struct{ File string }
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%v in %q", err, sc.Text())
		}
		if !slices.Contains(files, v.File) {
			files = append(files, v.File)
		}
	}
	slices.Sort(files)
	return files
}

// TestListAndCheckSameFiles: the listing and -check read the same files
// of one tree: not node_modules/, not what git ignores, not the template
// folders and HTML templates of site generators, not Go's testdata/; a .txt with one NUL is
// text to both.
func TestListAndCheckSameFiles(t *testing.T) {
	bad := "See <http://example.com/%zz>.\n"
	writeTree(t,
		".git/HEAD", "ref: refs/heads/main\n",
		".gitignore", "ignored.md\nbuild/\n",
		"README.md", bad,
		"docs/guide.md", bad,
		"docs/notes.txt", "one NUL\x00 here\n"+bad,
		"docs/page.html", `<a href="http://example.com/%zz">x</a>`,
		"docs/tmpl.html", `{{ define "x" }}<a href="http://example.com/%zz">x</a>{{ end }}`,
		"ignored.md", bad,
		"build/out.md", bad,
		"node_modules/pkg/README.md", bad,
		"vendor/x/README.md", bad,
		"layouts/index.html", `<a href="http://example.com/%zz">x</a>`,
		"themes/t/README.md", bad,
		"_includes/head.html", `<a href="http://example.com/%zz">x</a>`,
		"pkg/testdata/fixture.md", bad,
	)
	want := []string{"README.md", "docs/guide.md", "docs/notes.txt", "docs/page.html"}
	code, stdout, stderr := rerun(t, "-json", ".")
	if code != exitOK {
		t.Fatalf("uriextract -json .: exit %d, stderr:\n%s", code, stderr)
	}
	if got := jsonFiles(t, stdout); !slices.Equal(got, want) {
		t.Errorf("uriextract -json . lists the files %q, want %q", got, want)
	}
	code, stdout, stderr = rerun(t, "-check", "-output", "json", ".")
	if code != exitFindings {
		t.Fatalf("uriextract -check -output json .: exit %d, stderr:\n%s", code, stderr)
	}
	if got := jsonFiles(t, stdout); !slices.Equal(got, want) {
		t.Errorf("uriextract -check -output json . reports the files %q, want %q", got, want)
	}
}

// TestStdinMarkdownBothModes: Markdown on standard input is Markdown to
// the listing and to -check, which then finds the broken link.
func TestStdinMarkdownBothModes(t *testing.T) {
	in := "See [the guide](docs/my guide.md) and [home](https://example.com/home).\n"
	var out, errs strings.Builder
	if code := run(nil, strings.NewReader(in), &out, &errs); code != exitOK {
		t.Fatalf("uriextract < doc: exit %d, stderr:\n%s", code, &errs)
	}
	if out.String() != "docs/my guide.md\nhttps://example.com/home\n" {
		t.Errorf("uriextract < doc: stdout:\n%s\nwant the link destinations, as Markdown has them", &out)
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{"-check"}, strings.NewReader(in), &out, &errs); code != exitFindings {
		t.Fatalf("uriextract -check < doc: exit %d, stderr:\n%s", code, &errs)
	}
	if !strings.Contains(errs.String(), "broken-link 1") {
		t.Errorf("uriextract -check < doc: stdout:\n%s\nstderr:\n%s\nwant a broken-link finding", &out, &errs)
	}
}

// TestCheckOnlyFlags: a flag that means something only with -check is an
// error without it, instead of being ignored.
func TestCheckOnlyFlags(t *testing.T) {
	writeTree(t, "f.md", "<https://example.com/>\n")
	code, stdout, stderr := rerun(t, "-fix", "-remote", "-output", "sarif", "f.md")
	if code != exitError || stdout != "" {
		t.Errorf("uriextract -fix -remote -output sarif f.md: exit %d, stdout:\n%s", code, stdout)
	}
	if want := "uriextract: -fix, -output, -remote work only with -check\n"; stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
	if code, _, stderr := rerun(t, "-h"); code != exitOK || !strings.HasPrefix(stderr, "usage: uriextract") {
		t.Errorf("uriextract -h: exit %d, stderr:\n%s\nwant exit 0 and the usage", code, stderr)
	}
	_, v1, _ := rerun(t, "-V")
	_, v2, _ := rerun(t, "-version")
	if v1 == "" || v1 != v2 || !strings.HasPrefix(v1, "uriextract ") {
		t.Errorf("uriextract -V printed %q, -version %q: want the same version line", v1, v2)
	}
	code, stdout, _ = rerun(t, "-format", "html", "f.md")
	if code != exitOK || stdout != "" {
		t.Errorf("uriextract -format html f.md: exit %d, stdout %q; want 0 and no URI (the file holds no HTML link)", code, stdout)
	}
}

// TestFixThenCheck: after -check -fix, a -check finds nothing that has a
// fix, and -fix reported exactly what that -check finds. Here the fixes of
// percent-case and percent-unreserved overlap in "%7e": one round makes
// "%7E", the next "~".
func TestFixThenCheck(t *testing.T) {
	const norm = "host-case,percent-case,percent-unreserved" // opt-in for documents
	writeTree(t,
		".git/HEAD", "ref: refs/heads/main\n",
		"doc.md", "# Doc\n\nSee <http://EXAMPLE.com/%7euser> and [gone](gone.md) and [self](#Doc).\n")
	code, fixOut, fixErr := rerun(t, "-check", "-enable", norm, "-fix", "doc.md")
	if code != exitFindings {
		t.Fatalf("uriextract -check -fix: exit %d, stderr:\n%s", code, fixErr)
	}
	src, err := os.ReadFile("doc.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "# Doc\n\nSee <http://example.com/~user> and [gone](gone.md) and [self](#Doc).\n"; string(src) != want {
		t.Errorf("doc.md after -fix:\n%s\nwant:\n%s", src, want)
	}
	code, checkOut, checkErr := rerun(t, "-check", "-enable", norm, "doc.md")
	if code != exitFindings {
		t.Fatalf("uriextract -check after -fix: exit %d, stderr:\n%s", code, checkErr)
	}
	if fixOut != checkOut {
		t.Errorf("-fix reported:\n%s\nthe next -check finds:\n%s", fixOut, checkOut)
	}
	if !strings.Contains(fixErr, "fixed 1 file: 3 findings before, 1 left") {
		t.Errorf("-fix stderr:\n%s\nwant the count of what is left", fixErr)
	}
	_, jsonOut, _ := rerun(t, "-check", "-enable", norm, "-output", "json", "doc.md")
	if strings.Contains(jsonOut, `"fix":`) {
		t.Errorf("after -fix, -check still finds fixable findings:\n%s", jsonOut)
	}
}

// TestFixOutsideRoot: -fix never writes a file whose real path is outside
// the root, even through a symbolic link inside it: such a file is not
// even read (issue 25), and the run says so.
func TestFixOutsideRoot(t *testing.T) {
	writeTree(t,
		"o/x.md", "See <HTTP://example.com/>.\n",
		"t/.git/HEAD", "ref: refs/heads/main\n",
		"t/in.md", "See <HTTP://example.com/in>.\n")
	if err := os.Symlink("../o/x.md", "t/l.md"); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	code, stdout, stderr := rerun(t, "-check", "-enable", "scheme-case", "-fix", "t")
	if src, _ := os.ReadFile("o/x.md"); string(src) != "See <HTTP://example.com/>.\n" {
		t.Errorf("o/x.md, outside the root, was rewritten:\n%s", src)
	}
	if src, _ := os.ReadFile("t/in.md"); string(src) != "See <http://example.com/in>.\n" {
		t.Errorf("t/in.md, inside the root, was not fixed:\n%s", src)
	}
	if code != exitOK || !strings.Contains(stderr, `t/l.md: leads through a symbolic link outside the root "t": not read`) || strings.Contains(stdout, "t/l.md") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 0, t/l.md not read and why", code, stdout, stderr)
	}
}

// TestOutputMarkdownNotStreamed: a format that is one document (the
// Markdown report) is written whole, though the others stream.
func TestOutputMarkdownNotStreamed(t *testing.T) {
	writeTree(t, "a.md", "see <http://example.com/%zz>\n")
	code, stdout, stderr := rerun(t, "-check", "-output", "markdown", "a.md")
	if code != exitFindings || !strings.Contains(stdout, "malformed") {
		t.Errorf("uriextract -check -output markdown: exit %d, stdout:\n%s\nstderr:\n%s\nwant the report with the finding", code, stdout, stderr)
	}
}

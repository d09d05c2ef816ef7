package site

import (
	"path"
	"slices"
	"strings"
	"testing"
)

func TestSubmodulePaths(t *testing.T) {
	src := "[core]\n\tpath = not/a/submodule\n" +
		"[submodule \"docsy\"]\n\tpath = themes/docsy\n\turl = https://github.com/google/docsy\n" +
		"[submodule \"sdk\"]\r\n\tpath = \"sdks/go/\"\r\n" +
		"[submodule \"up\"]\n\tpath = ../../etc\n" +
		"[submodule \"top\"]\n\tpath = .\n"
	got := SubmodulePaths([]byte(src))
	want := []string{"themes/docsy", "sdks/go", "etc"}
	if !slices.Equal(got, want) {
		t.Errorf("SubmodulePaths = %q, want %q", got, want)
	}
}

func TestForgeRendered(t *testing.T) {
	for p, want := range map[string]string{
		"docs/guide.rst":  "reStructuredText",
		"README.adoc":     "AsciiDoc",
		"notes.ORG":       "Org",
		"notes.mdown":     "Markdown",
		"docs/guide.md":   "",
		"site/page.html":  "",
		"docs.rst/readme": "",
		"Makefile":        "",
	} {
		got, ok := ForgeRendered(p)
		if got != want || ok != (want != "") {
			t.Errorf("ForgeRendered(%q) = %q, %v, want %q", p, got, ok, want)
		}
	}
}

func FuzzSubmodulePaths(f *testing.F) {
	f.Add([]byte("[submodule \"a\"]\n\tpath = a/b\n"))
	f.Add([]byte("[submodule]\npath=\"\"\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, p := range SubmodulePaths(src) {
			if p == "" || p == "." || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "../") || p == ".." || path.Clean(p) != p {
				t.Errorf("SubmodulePaths(%q) gave %q, not a clean path inside the tree", src, p)
			}
		}
	})
}

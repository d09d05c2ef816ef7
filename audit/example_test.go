package audit_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
)

// docsTree writes a small documentation tree in a new temporary
// directory and returns it: a README whose links lead to a file named in
// the wrong case and to a heading that does not exist.
func docsTree() string {
	dir, err := os.MkdirTemp("", "docs")
	if err != nil {
		panic(err)
	}
	files := map[string]string{
		"README.md":       "# Guide\n\nSee [install](docs/Install.md#set-up) and [setup](docs/install.md#setup).\n",
		"docs/install.md": "# Install\n\n## Set up\n\nFrom <https://go.dev/dl/>.\n",
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			panic(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			panic(err)
		}
	}
	return dir
}

// rel names a file of the tree by its path from the tree's top.
func rel(dir, name string) string {
	r, err := filepath.Rel(dir, name)
	if err != nil {
		return name
	}
	return filepath.ToSlash(r)
}

// Run audits the files and directories named, and returns every finding
// in file and source order.
func ExampleRun() {
	dir := docsTree()
	defer os.RemoveAll(dir)

	r := audit.Run(audit.Config{Root: dir}, []string{dir})
	for _, f := range r.Findings {
		fmt.Printf("%s:%s: %s: %s\n", rel(dir, f.File), f.Pos, f.Category, f.Message)
	}
	fmt.Printf("%d files, %d links, %d findings\n", len(r.Files), r.Links(), r.Count())
	// Output:
	// README.md:3:15: file-case: "docs/Install.md#set-up" leads to "/docs/Install.md", which exists only as "/docs/install.md": file names are case-sensitive
	// README.md:3:67: broken-anchor: "docs/install.md#setup" names anchor "setup", which "/docs/install.md" does not have
	// 2 files, 3 links, 2 findings
}

// printer is an audit.Reporter that prints each finding on a line, and
// the counts at the end.
type printer struct{ dir string }

func (p printer) Findings(f *audit.File, findings []audit.Finding) error {
	for _, fd := range findings {
		fmt.Printf("%s:%s: %s\n", rel(p.dir, f.Name), fd.Pos, fd.Message)
	}
	return nil
}

func (p printer) Close(r *audit.Result) error {
	fmt.Printf("%d fixed, %d left\n", r.Fixed, r.Count())
	return nil
}

// Check audits as Run does, makes the safe fixes (here, the case of a
// file name), and hands the findings left to its reporters, file by file.
func ExampleCheck() {
	dir := docsTree()
	defer os.RemoveAll(dir)

	_, err := audit.Check(audit.Config{Root: dir}, []string{dir}, audit.FixFiles, nil, []audit.Reporter{printer{dir}})
	if err != nil {
		panic(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		panic(err)
	}
	fmt.Print(string(src))
	// Output:
	// README.md:3:67: "docs/install.md#setup" names anchor "setup", which "/docs/install.md" does not have
	// 1 fixed, 1 left
	// # Guide
	//
	// See [install](docs/install.md#set-up) and [setup](docs/install.md#setup).
}

// Result.Report hands a finished audit to reporters, as Check does while
// it runs.
func ExampleResult_Report() {
	dir := docsTree()
	defer os.RemoveAll(dir)

	r := audit.Run(audit.Config{Root: dir}, []string{filepath.Join(dir, "README.md")})
	if err := r.Report(printer{dir}); err != nil {
		panic(err)
	}
	// Output:
	// README.md:3:15: "docs/Install.md#set-up" leads to "/docs/Install.md", which exists only as "/docs/install.md": file names are case-sensitive
	// README.md:3:67: "docs/install.md#setup" names anchor "setup", which "/docs/install.md" does not have
	// 0 fixed, 2 left
}

// List reads the documents as the audit does, and hands over the links of
// each without checking them.
func ExampleList() {
	dir := docsTree()
	defer os.RemoveAll(dir)

	err := audit.List(audit.Config{Root: dir}, []string{dir}, func(f *audit.File, links []extract.Link, errs []error, _ []string) error {
		for _, l := range links {
			fmt.Printf("%s:%s: %s\n", rel(dir, f.Name), l.Start, l.URI)
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// README.md:3:15: docs/Install.md#set-up
	// README.md:3:51: docs/install.md#setup
	// docs/install.md:5:7: https://go.dev/dl/
}

// Command uriextract prints the URIs of plain text and Markdown documents,
// or, with -check, audits them with the checks of urilint.
//
// Usage:
//
//	uriextract [flags] [file or directory ...]
//
// With no arguments, or "-", it reads standard input, as Markdown when it
// holds Markdown link syntax and as plain text otherwise (see -format);
// with no arguments and a terminal on standard input it prints the usage
// instead. Directories are walked for .md, .markdown, .txt, .html and .htm
// files, skipping (with a message) those that are not regular files; the
// format of a file comes from its extension (.md and .markdown are
// Markdown, .html and .htm HTML, anything else plain text) unless -format
// says otherwise. A named file or standard input that is not a regular
// file (a pipe, a device) is read up to 64 MiB, and is an error past that.
// A Markdown document with the shape of an input that makes the Markdown
// parser slow or hungry (extract.CheckMarkdown) is read as plain text,
// with a warning.
//
// The default output has one URI per line, in source order. -json writes
// one JSON object per URI instead. -check audits the links offline (see
// package audit): every URI goes through uri.Check, and every
// relative reference of a Markdown or HTML file is resolved and looked up,
// its file and its #anchor; each finding prints as "file:line:col:
// message" (-output picks JSON, SARIF 2.1.0 or GitHub Actions commands
// instead), and a summary goes to standard error. -fix writes the safe
// fixes, -diff prints them as a unified diff. -remote also fetches the
// absolute http and https links (see package audit/remote).
//
// A file reached twice, through symbolic links or named twice, is read
// once. Binary files are reported and skipped: those with more than a few
// control bytes, not those with a NUL here and there.
//
// -version (or -V) prints the module version (from the build information) and
// the Go version, and exits.
//
// Exit status: 0 when all went well (and, with -check, nothing was found),
// 1 when -check found something, 2 on a usage error, when a file could
// not be read (missing, a broken symbolic link, unreadable or binary) or
// a directory holds no documents; the other files are still processed;
// 130 when an interrupt (Ctrl-C) stopped -check -remote, findings or not.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/version"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
	// exitInterrupted: an interrupt (Ctrl-C) stopped -check -remote.
	exitInterrupted = 130
)

// stdinName names standard input in the output.
const stdinName = "<stdin>"

type options struct {
	format          string
	json            bool
	check           bool
	code            bool
	enable, disable string
	allowZone       bool
	audit           auditOptions
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	fset.SetOutput(stderr)
	var o options
	fset.StringVar(&o.format, "format", "auto", "read inputs in this `format`: auto (files by their extension, standard input by its content), text or markdown")
	fset.BoolVar(&o.json, "json", false, "write one JSON object per URI (or, with -check, per finding)")
	fset.BoolVar(&o.check, "check", false, "audit the links: every URI with uri.Check, every relative reference for its file and anchor; report findings as file:line:col: message")
	fset.BoolVar(&o.code, "code", false, "include Markdown code spans and code blocks")
	fset.StringVar(&o.enable, "enable", "", "with -check, comma-separated `categories` to report besides the defaults: "+strings.Join(policy.Names(), ", "))
	fset.BoolVar(&o.allowZone, "allow-zone", false, "with -check, accept RFC 6874 zone identifiers in IPv6 literals")
	fset.StringVar(&o.disable, "disable", "", "with -check, comma-separated `categories` not to report")
	o.audit.flags(fset)
	showVersion := version.AddFlags(fset)
	fset.Usage = func() {
		fmt.Fprintf(stderr, "usage: uriextract [flags] [file or directory ...]\n\nflags:\n")
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitError
	}
	if showVersion.Requested() {
		return showVersion.Print("uriextract", stdout, stderr)
	}
	switch o.format {
	case "auto", "text", "markdown":
	default:
		fmt.Fprintf(stderr, "uriextract: -format %q is not auto, text or markdown\n", o.format)
		return exitError
	}

	pol, err := policy.New(policy.Config{Front: policy.Documents, Enable: strings.Split(o.enable, ","), Disable: strings.Split(o.disable, ","), AllowZone: o.allowZone})
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}

	paths := fset.Args()
	if len(paths) == 0 {
		if isTerminal(stdin) {
			fset.Usage()
			return exitError
		}
		paths = []string{"-"}
	}
	if o.check {
		return runAudit(o, pol, paths, stdin, stdout, stderr)
	}

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	p := &printer{o: o, w: w, enc: json.NewEncoder(w), ex: &extract.Extractor{Code: o.code}, stderr: stderr}
	status := exitOK
	fail := func(err error) {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	for _, path := range paths {
		if path == "-" {
			src, err := readAll(stdin, stdinName)
			if err != nil {
				fail(err)
				continue
			}
			if isBinary(src) {
				fail(fmt.Errorf("%s: is a binary file", stdinName))
				continue
			}
			p.file(stdinName, src, extract.HasMarkdownLinks(src), false)
			continue
		}
		info, err := os.Stat(path)
		if err != nil {
			fail(statError(path, err))
			continue
		}
		if !info.IsDir() {
			p.path(path, fail)
			continue
		}
		found := 0
		err = filepath.WalkDir(path, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				fail(err)
				return nil
			}
			if d.IsDir() {
				if name != path && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".md", ".markdown", ".txt", ".html", ".htm":
				if !skipWalked(name, d, stderr) {
					found++
					p.path(name, fail)
				}
			}
			return nil
		})
		if err != nil {
			fail(err)
		} else if found == 0 {
			fail(fmt.Errorf("%s: found no documents (.md, .markdown or .txt files)", path))
		}
	}
	if err := w.Flush(); err != nil {
		fail(err)
	}
	return status
}

type printer struct {
	o    options
	w    *bufio.Writer
	enc  *json.Encoder
	ex   *extract.Extractor
	seen visited
	// stderr takes the warning for Markdown read as plain text.
	stderr io.Writer
}

// path reads and processes one named file, unless it was read already.
func (p *printer) path(name string, fail func(error)) {
	info, err := os.Stat(name)
	if err != nil {
		fail(statError(name, err))
		return
	}
	if !p.seen.first(info) {
		return
	}
	src, err := readFile(name)
	if err != nil {
		fail(err)
		return
	}
	if isBinary(src) {
		fail(fmt.Errorf("%s: is a binary file", name))
		return
	}
	ext := strings.ToLower(filepath.Ext(name))
	p.file(name, src, ext == ".md" || ext == ".markdown", ext == ".html" || ext == ".htm")
}

func (p *printer) file(name string, src []byte, markdown, html bool) {
	switch p.o.format {
	case "text":
		markdown = false
	case "markdown":
		markdown = true
	}
	var links []extract.Link
	switch {
	case html && p.o.format == "auto":
		links = p.ex.HTMLDoc(src).Links
	case markdown:
		links = p.markdown(name, src)
	default:
		links = p.ex.Text(src)
	}
	for i := range links {
		l := &links[i]
		switch {
		case p.o.json:
			// Write errors stick in the bufio.Writer; run reports them at Flush.
			_ = p.enc.Encode(jsonLink{
				File: name, Line: l.Start.Line, Column: l.Start.Column, Offset: l.Start.Offset,
				End:  jsonPos{Line: l.End.Line, Column: l.End.Column, Offset: l.End.Offset},
				Kind: l.Kind.String(), URI: l.URI, Raw: l.Raw,
				Ambiguous: l.Ambiguous(), Alt: l.Alt, Glued: l.Glued,
			})
		default:
			_, _ = p.w.WriteString(l.URI) // errors surface at Flush, as above
			_ = p.w.WriteByte('\n')
		}
	}
	_ = p.w.Flush() // before the next read, which may block; errors surface at the last Flush
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonLink struct {
	File      string  `json:"file"`
	Line      int     `json:"line"`
	Column    int     `json:"column"`
	Offset    int     `json:"offset"`
	End       jsonPos `json:"end"`
	Kind      string  `json:"kind"`
	URI       string  `json:"uri"`
	Raw       string  `json:"raw"`
	Ambiguous bool    `json:"ambiguous"`
	Alt       string  `json:"alt,omitempty"`
	Glued     string  `json:"glued,omitempty"`
}

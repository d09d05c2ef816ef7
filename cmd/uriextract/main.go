// Command uriextract prints the URIs of plain text and Markdown documents,
// or, with -check, audits them with the checks of urilint.
//
// Usage:
//
//	uriextract [flags] [file or directory ...]
//
// With no arguments, or "-", it reads standard input as plain text (see
// -format); with no arguments and a terminal on standard input it prints
// the usage instead. Directories are walked for .md, .markdown and .txt
// files, skipping (with a message) those that are not regular files; the
// format of a file comes from its extension (.md and .markdown are
// Markdown, anything else plain text) unless -format says otherwise. A
// named file or standard input that is not a regular file (a pipe, a
// device) is read up to 64 MiB, and is an error past that. A Markdown
// document with the shape of an input that makes the Markdown parser slow
// or hungry (extract.CheckMarkdown) is read as plain text, with a warning.
//
// The default output has one URI per line, in source order. -json writes
// one JSON object per URI instead. -check runs every URI through uri.Check
// and prints each finding as "file:line:col: message", and a line for each
// URI that broke across lines right after a hyphen.
//
// Exit status: 0 when all went well (and, with -check, nothing was found),
// 1 when -check found something, 2 on a usage error or when a file could
// not be read (missing, unreadable or binary); the other files are still
// processed.
package main

import (
	"bufio"
	"bytes"
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
	"github.com/urilint/urilint/uri"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
)

// stdinName names standard input in the output.
const stdinName = "<stdin>"

// hyphenCategory is the category of the line -check -json writes for a URI
// broken after a hyphen; it is not a uri.Category because the URI itself
// may well be fine.
const hyphenCategory = "hyphen-break"

type options struct {
	format          string
	json            bool
	check           bool
	code            bool
	enable, disable string
	allowZone       bool
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	fset.SetOutput(stderr)
	var o options
	fset.StringVar(&o.format, "format", "", "read every input in this `format`, text or markdown, whatever its extension")
	fset.BoolVar(&o.json, "json", false, "write one JSON object per URI (or, with -check, per finding)")
	fset.BoolVar(&o.check, "check", false, "audit the URIs with uri.Check and report findings as file:line:col: message")
	fset.BoolVar(&o.code, "code", false, "include Markdown code spans and code blocks")
	fset.StringVar(&o.enable, "enable", "", "with -check, comma-separated `categories` to report besides the defaults (empty-path is off, as in urilint)")
	fset.BoolVar(&o.allowZone, "allow-zone", false, "with -check, accept RFC 6874 zone identifiers in IPv6 literals")
	fset.StringVar(&o.disable, "disable", "", "with -check, comma-separated `categories` not to report")
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
	switch o.format {
	case "", "text", "markdown":
	default:
		fmt.Fprintf(stderr, "uriextract: -format %q is not text or markdown\n", o.format)
		return exitError
	}

	sel := uri.DefaultSelection()
	for _, set := range []struct {
		list string
		on   bool
	}{{o.enable, true}, {o.disable, false}} {
		if set.list == "" {
			continue
		}
		if err := sel.Set(strings.Split(set.list, ","), set.on); err != nil {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
			return exitError
		}
	}
	checker := sel.Checker()
	checker.AllowZone = o.allowZone

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	p := &printer{o: o, w: w, enc: json.NewEncoder(w), ex: &extract.Extractor{Code: o.code}, sel: sel, checker: &checker, stderr: stderr}
	status := exitOK
	fail := func(err error) {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	paths := fset.Args()
	if len(paths) == 0 {
		if isTerminal(stdin) {
			fset.Usage()
			return exitError
		}
		paths = []string{"-"}
	}
	for _, path := range paths {
		if path == "-" {
			src, err := readAll(stdin, stdinName)
			if err != nil {
				fail(err)
				continue
			}
			p.file(stdinName, src, false)
			continue
		}
		info, err := os.Stat(path)
		if err != nil {
			fail(err)
			continue
		}
		if !info.IsDir() {
			p.path(path, fail)
			continue
		}
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
			case ".md", ".markdown", ".txt":
				if !skipWalked(name, d, stderr) {
					p.path(name, fail)
				}
			}
			return nil
		})
		if err != nil {
			fail(err)
		}
	}
	if err := w.Flush(); err != nil {
		fail(err)
	}
	if status == exitOK && p.found {
		status = exitFindings
	}
	return status
}

type printer struct {
	o       options
	w       *bufio.Writer
	enc     *json.Encoder
	ex      *extract.Extractor
	sel     uri.Selection // the categories -check reports
	checker *uri.Checker
	found   bool // -check found something
	stderr  io.Writer
}

// path reads and processes one named file.
func (p *printer) path(name string, fail func(error)) {
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
	p.file(name, src, ext == ".md" || ext == ".markdown")
}

// isBinary reports whether src looks like a binary file: a NUL byte in its
// first 8 KiB, as git and grep decide.
func isBinary(src []byte) bool {
	return bytes.IndexByte(src[:min(len(src), 8<<10)], 0) >= 0
}

func (p *printer) file(name string, src []byte, markdown bool) {
	switch p.o.format {
	case "text":
		markdown = false
	case "markdown":
		markdown = true
	}
	var links []extract.Link
	if markdown {
		links = p.markdown(name, src)
	} else {
		links = p.ex.Text(src)
	}
	for i := range links {
		l := &links[i]
		switch {
		case p.o.check:
			p.check(name, l)
		case p.o.json:
			// Write errors stick in the bufio.Writer; run reports them at Flush.
			_ = p.enc.Encode(jsonLink{
				File: name, Line: l.Start.Line, Column: l.Start.Column, Offset: l.Start.Offset,
				End:  jsonPos{Line: l.End.Line, Column: l.End.Column, Offset: l.End.Offset},
				Kind: l.Kind.String(), URI: l.URI, Raw: l.Raw,
				Ambiguous: l.Ambiguous(), Alt: l.Alt,
			})
		default:
			_, _ = p.w.WriteString(l.URI) // errors surface at Flush, as above
			_ = p.w.WriteByte('\n')
		}
	}
	_ = p.w.Flush() // before the next read, which may block; errors surface at the last Flush
}

// check reports what uri.Check finds in l, and a hyphen break. Templates ("https://{host}/api") are patterns,
// not URIs: they are skipped, as urilint skips them in Go code. A password
// is shown as "***", in the URI field of -json too.
func (p *printer) check(name string, l *extract.Link) {
	if uri.IsTemplate(l.URI) {
		return
	}
	shown := uri.Redact(l.URI)
	for _, f := range p.checker.Check(l.URI) { // in byte order already
		if p.sel[f.Category] {
			p.report(name, l.PositionOf(f.Start), string(f.Category), f.Message, shown)
		}
	}
	if l.Ambiguous() {
		msg := fmt.Sprintf("%q breaks across lines after a hyphen, so it may also be %q", shown, uri.Redact(l.Alt))
		p.report(name, l.Start, hyphenCategory, msg, shown)
	}
}

func (p *printer) report(name string, pos extract.Position, category, msg, u string) {
	p.found = true
	if p.o.json {
		// Errors surface at Flush, as above.
		_ = p.enc.Encode(jsonFinding{File: name, Line: pos.Line, Column: pos.Column, Offset: pos.Offset,
			Category: category, Message: msg, URI: u})
		return
	}
	fmt.Fprintf(p.w, "%s:%d:%d: %s\n", name, pos.Line, pos.Column, msg)
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
}

type jsonFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Offset   int    `json:"offset"`
	Category string `json:"category"`
	Message  string `json:"message"`
	URI      string `json:"uri"`
}

// Command uriextract prints the URIs of plain text and Markdown documents,
// or, with -check, audits them with the checks of urilint.
//
// Usage:
//
//	uriextract [flags] [file or directory ...]
//
// With no arguments, or "-", it reads standard input, as Markdown when it
// holds Markdown link syntax and as plain text otherwise (see -format).
// Directories are walked for .md, .markdown and .txt files; the format of
// a file comes from its extension (.md and .markdown are Markdown,
// anything else plain text) unless -format says otherwise.
//
// The default output has one URI per line, in source order. -json writes
// one JSON object per URI instead. -check runs every URI through uri.Check
// and prints each finding as "file:line:col: message", and a line for each
// URI that broke across lines right after a hyphen.
//
// A file reached twice, through symbolic links or named twice, is read
// once. Binary files are reported and skipped: those with more than a few
// control bytes, not those with a NUL here and there.
//
// Exit status: 0 when all went well (and, with -check, nothing was found),
// 1 when -check found something, 2 on a usage error, when a file could
// not be read (missing, a broken symbolic link, unreadable or binary) or
// a directory holds no documents; the other files are still processed.
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
	fset.StringVar(&o.format, "format", "auto", "read inputs in this `format`: auto (files by their extension, standard input by its content), text or markdown")
	fset.BoolVar(&o.json, "json", false, "write one JSON object per URI (or, with -check, per finding)")
	fset.BoolVar(&o.check, "check", false, "audit the URIs with uri.Check and report findings as file:line:col: message")
	fset.BoolVar(&o.code, "code", false, "include Markdown code spans and code blocks")
	fset.StringVar(&o.enable, "enable", "", "with -check, comma-separated `categories` to report besides the defaults: "+strings.Join(policy.Names(), ", "))
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
	case "auto", "text", "markdown":
	default:
		fmt.Fprintf(stderr, "uriextract: -format %q is not auto, text or markdown\n", o.format)
		return exitError
	}

	pol, err := policy.New(policy.Config{Enable: strings.Split(o.enable, ","), Disable: strings.Split(o.disable, ","), AllowZone: o.allowZone})
	if err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	p := &printer{o: o, w: w, enc: json.NewEncoder(w), ex: &extract.Extractor{Code: o.code}, policy: pol}
	status := exitOK
	fail := func(err error) {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	paths := fset.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	for _, path := range paths {
		if path == "-" {
			src, err := io.ReadAll(stdin)
			if err != nil {
				fail(fmt.Errorf("%s: %v", stdinName, err))
				continue
			}
			if isBinary(src) {
				fail(fmt.Errorf("%s: is a binary file", stdinName))
				continue
			}
			p.file(stdinName, src, extract.HasMarkdownLinks(src))
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
			case ".md", ".markdown", ".txt":
				found++
				p.path(name, fail)
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
	if status == exitOK && p.found {
		status = exitFindings
	}
	return status
}

type printer struct {
	o      options
	w      *bufio.Writer
	enc    *json.Encoder
	ex     *extract.Extractor
	policy *policy.Policy // what -check reports
	found  bool           // -check found something
	seen   visited
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
	src, err := os.ReadFile(name)
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

func (p *printer) file(name string, src []byte, markdown bool) {
	switch p.o.format {
	case "text":
		markdown = false
	case "markdown":
		markdown = true
	}
	var links []extract.Link
	if markdown {
		links = p.ex.Markdown(src)
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
				Ambiguous: l.Ambiguous(), Alt: l.Alt, Glued: l.Glued,
			})
		default:
			_, _ = p.w.WriteString(l.URI) // errors surface at Flush, as above
			_ = p.w.WriteByte('\n')
		}
	}
}

// check reports what the policy finds in l, a word glued to its front
// and a hyphen break when those categories are on, and for a broken
// Markdown link only that it is broken, at its first white space. Templates ("https://{host}/api") are patterns, not URIs:
// they are skipped, as urilint skips them in Go code. A password is shown
// as "***", in the URI field of -json too.
func (p *printer) check(name string, l *extract.Link) {
	shown := uri.Redact(l.URI)
	if l.Glued != "" && p.policy.Reports(policy.CategoryGluedScheme) {
		at := l.Start
		at.Offset -= len(l.Glued)
		at.Column -= len(l.Glued)
		msg := fmt.Sprintf("%q is glued to the front of %q: a space is missing", l.Glued, shown)
		p.report(name, at, string(policy.CategoryGluedScheme), msg, shown)
	}
	if policy.IsTemplate(l.URI) {
		return
	}
	if l.Kind == extract.BrokenLink {
		if p.policy.Reports(policy.CategoryBrokenLink) {
			msg := fmt.Sprintf("link destination %q holds white space, so it is no link: write %%20 or put the destination in <...>", shown)
			p.report(name, l.PositionOf(strings.IndexAny(l.URI, " \t")), string(policy.CategoryBrokenLink), msg, shown)
		}
		return
	}
	for _, f := range p.policy.Check(l.URI) { // in byte order already
		p.report(name, l.PositionOf(f.Start), string(f.Category), f.Message, shown)
	}
	if l.Ambiguous() && p.policy.Reports(policy.CategoryHyphenBreak) {
		msg := fmt.Sprintf("%q breaks across lines after a hyphen, so it may also be %q", shown, uri.Redact(l.Alt))
		p.report(name, l.Start, string(policy.CategoryHyphenBreak), msg, shown)
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
	Glued     string  `json:"glued,omitempty"`
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

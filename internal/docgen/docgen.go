// Package docgen renders the parts of docs/ that are generated from code
// (the flag tables of the commands; integration's TestLayers draws the
// package graph with its Block) and splices them between markers, so
// that a test can fail when a page is stale and rewrite it on -update.
// Generating from the flag set itself keeps the tables true: a flag added
// to a command shows in its table, or the test fails.
package docgen

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// Block is a generated part of a page, between two markers: its name,
// what it is generated from and the command that rewrites it, both of
// which the begin marker and the error of a stale page show.
type Block struct {
	Name   string // "flags-of-urilint"
	From   string // "the flag set"
	Update string // "go test ./cmd/... -run TestDocs -update"
}

// flagBlock is the block of the flag table name.
func flagBlock(name string) Block {
	return Block{Name: name, From: "the flag set", Update: "go test ./cmd/... -run TestDocs -update"}
}

// Markers returns the begin and end markers of the block.
func (b Block) Markers() (begin, end string) {
	return "<!-- " + b.Name + ":begin (generated from " + b.From + "; " + b.Update + ") -->",
		"<!-- " + b.Name + ":end -->"
}

// Markers returns the begin and end markers of the flag table name.
func Markers(name string) (begin, end string) { return flagBlock(name).Markers() }

// FlagTable renders the flags of fs as a Markdown table, one row a flag,
// in the order flag.VisitAll gives (sorted by name): the flag with its
// value's name, its default, and its usage. A flag whose usage begins
// with "deprecated" or is empty is left out: it is kept for old command
// lines, not taught.
func FlagTable(fs *flag.FlagSet) string {
	var b strings.Builder
	b.WriteString("| flag | default | meaning |\n|---|---|---|\n")
	fs.VisitAll(func(f *flag.Flag) {
		if f.Usage == "" || strings.HasPrefix(f.Usage, "deprecated") {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		cell := "`-" + f.Name
		if name != "" {
			cell += " " + name
		}
		cell += "`"
		def := f.DefValue
		switch {
		case def == "" || def == "[]":
			def = ""
		case isZeroBool(f, def):
			def = "false"
		}
		if def != "" {
			def = "`" + def + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", cell, def, escapeCell(usage))
	})
	return b.String()
}

// isZeroBool reports whether f is a boolean flag at its zero default.
func isZeroBool(f *flag.Flag, def string) bool {
	bf, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && bf.IsBoolFlag() && def == "false"
}

func escapeCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// Splice returns doc with what lies between the markers of the flag
// table name replaced by content (Block.Splice).
func Splice(doc, name, content string) (string, error) { return flagBlock(name).Splice(doc, content) }

// Splice returns doc with what lies between the block's markers replaced
// by content. It is an error when the markers are missing or out of
// order.
func (b Block) Splice(doc, content string) (string, error) {
	begin, end := b.Markers()
	i := strings.Index(doc, begin)
	j := strings.Index(doc, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("no block %q: want the lines %q and %q", b.Name, begin, end)
	}
	i += len(begin)
	return doc[:i] + "\n" + content + doc[j:], nil
}

// Check compares the flag table name of the file path with content
// (Block.Check).
func Check(path, name, content string, update bool) error {
	return flagBlock(name).Check(path, content, update)
}

// Check compares the block in the file path with content. With update it
// rewrites the file instead (keeping its mode) and returns nil. The
// error of a stale file says how to regenerate it.
func (b Block) Check(path, content string, update bool) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	doc, err := b.Splice(string(old), content)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if doc == string(old) {
		return nil
	}
	if !update {
		return fmt.Errorf("%s: the %s block is stale: run %s", path, b.Name, b.Update)
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(doc), info.Mode().Perm())
}

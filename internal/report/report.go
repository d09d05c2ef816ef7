package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/plural"
	"github.com/urilint/urilint/internal/policy"
)

// Formats are the output formats of NewReporter.
var Formats = []string{"text", "json", "sarif", "github", "markdown"}

// NewReporter returns a reporter that writes to w in the format named:
// "text" (one "file:line:col: message" line per finding), "json" (one
// object per line), "sarif" (a SARIF 2.1.0 log), "github" (one GitHub
// Actions "::error" workflow command per finding) or "markdown" (a
// GitHub job summary, see writeMarkdown). All but markdown write file by
// file; markdown keeps the findings for its table and writes at Close.
func NewReporter(format string, w io.Writer) (audit.Reporter, error) {
	switch format {
	case "text":
		return &textReporter{w: w}, nil
	case "json":
		return &jsonReporter{w: w}, nil
	case "sarif":
		return &sarifReporter{s: NewSARIF(w)}, nil
	case "github":
		return &githubReporter{w: w}, nil
	case "markdown":
		return &markdownReporter{w: w}, nil
	}
	return nil, fmt.Errorf("output format %q is not %s", format, strings.Join(Formats, ", "))
}

// Write writes the findings of r in the format named (see NewReporter),
// and returns the first error of writing.
func Write(w io.Writer, format string, r *audit.Result) error {
	if format == "" {
		format = "text"
	}
	rep, err := NewReporter(format, w)
	if err != nil {
		return err
	}
	return r.Report(rep)
}

// textReporter writes "file:line:col: message" lines.
type textReporter struct {
	w io.Writer
	b []byte
}

func (t *textReporter) Findings(_ *audit.File, findings []audit.Finding) error {
	for i := range findings {
		f := &findings[i]
		b := appendPrintable(t.b[:0], f.File)
		b = fmt.Appendf(b, ":%d:%d: ", f.Pos.Line, f.Pos.Column)
		b = appendPrintable(b, f.Message)
		b = append(b, '\n')
		t.b = b
		if _, err := t.w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (t *textReporter) Close(*audit.Result) error { return nil }

// Printable returns s with its control characters escaped, as Go writes
// them in a quoted string ("\n", "\r", "\t", "\x1b", "\u009b"): C0
// controls, DEL and the C1 controls, and the bytes of s that are not
// UTF-8 as "\xff". Every line this module prints of a file name, a link
// or a message goes through it, so that a name such as
// "b\n::error::forged" cannot start a line of the output, and escape
// sequences cannot reach a terminal. s is returned as is, with no
// allocation, when it has none of these.
func Printable(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			if c >= 0x80 && printableFrom(s[i:]) {
				break
			}
			return string(appendPrintable(make([]byte, 0, len(s)+8), s))
		}
	}
	return s
}

// printableFrom reports whether s, from a non-ASCII byte on, has nothing
// that Printable escapes.
func printableFrom(s string) bool {
	for i, r := range s {
		if r < 0x20 || r == 0x7f || (0x80 <= r && r < 0xa0) {
			return false
		}
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return false
			}
		}
	}
	return true
}

// appendPrintable appends s to b escaped as Printable does.
func appendPrintable(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		c := s[i]
		if 0x20 <= c && c < 0x7f {
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == utf8.RuneError && n == 1, r < 0x20, r == 0x7f:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&0xf])
		case r < 0xa0:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// Summary returns the line printed at the end of an audit: how many
// files, links and findings, the findings by category in the order of
// policy.Categories.
func Summary(r *audit.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s", plural.Of(len(r.Files), "file"), plural.Of(r.Links(), "link"))
	unconfirmed, unchecked := r.Tentative()
	tentative := func() {
		if unconfirmed > 0 {
			fmt.Fprintf(&b, "; %d unconfirmed (transient failures, not failing)", unconfirmed)
		}
		if unchecked > 0 {
			fmt.Fprintf(&b, "; %s unchecked (out of time, not failing)", plural.Of(unchecked, "link"))
		}
	}
	if r.Count() == 0 {
		b.WriteString(", no findings")
		tentative()
		return b.String()
	}
	count := r.ByCategory()
	fmt.Fprintf(&b, ", %s:", plural.Of(r.Count(), "finding"))
	sep := " "
	for _, d := range policy.Categories {
		if n := count[d.Category]; n > 0 {
			fmt.Fprintf(&b, "%s%s %d", sep, d.Category, n)
			sep = ", "
		}
	}
	tentative()
	return b.String()
}

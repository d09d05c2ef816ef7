package report

import (
	"cmp"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/urilint/urilint/audit"
)

// githubReporter writes one "::error" workflow command per finding, which
// GitHub Actions shows as an annotation of the line.
type githubReporter struct {
	w io.Writer
	b []byte
}

func (g *githubReporter) Close(*audit.Result) error { return nil }

func (g *githubReporter) Findings(_ *audit.File, findings []audit.Finding) error {
	// One line is built in a reused buffer and written at once: Fprintf
	// and a Replacer made per call cost more than the rest of the audit.
	b := g.b
	defer func() { g.b = b }()
	for i := range findings {
		f := &findings[i]
		b = append(b[:0], "::"...)
		b = append(b, cmp.Or(verdictLevel[f.Verdict], "error")...)
		b = append(b, " file="...)
		b = ghEscape(b, f.File, true)
		b = append(b, ",line="...)
		b = strconv.AppendInt(b, int64(f.Pos.Line), 10)
		b = append(b, ",col="...)
		b = strconv.AppendInt(b, int64(f.CharColumn()), 10)
		b = append(b, ",title="...)
		b = ghEscape(b, "urilint "+string(f.Category), true)
		b = append(b, "::"...)
		b = ghEscape(b, f.Message, false)
		b = append(b, '\n')
		if _, err := g.w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// ghEscape appends s to b escaped as the message of a workflow command
// ("%", CR, LF) or, when property is set, as a property value (also ":"
// and ","), and the other control characters as Printable writes them.
func ghEscape(b []byte, s string, property bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t' || (c < 0x20 && c != '\r' && c != '\n') || c == 0x7f || c >= 0x80:
			// Printable leaves "%", ":" and "," alone: the rest of the
			// rune and what follows are escaped here.
			_, n := utf8.DecodeRuneInString(s[i:])
			b = appendPrintable(b, s[i:i+n])
			i += n - 1
		case c == '%':
			b = append(b, "%25"...)
		case c == '\r':
			b = append(b, "%0D"...)
		case c == '\n':
			b = append(b, "%0A"...)
		case property && c == ':':
			b = append(b, "%3A"...)
		case property && c == ',':
			b = append(b, "%2C"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// ghData escapes the message of a workflow command.
func ghData(s string) string { return string(ghEscape(nil, s, false)) }

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string { return string(ghEscape(nil, s, true)) }

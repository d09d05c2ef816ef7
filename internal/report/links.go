package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
)

// LinkWriter writes the links of a listing (List): one URI a line, or
// with JSON set one object a line (see jsonLink). Like the reporters, it
// escapes control characters (Printable), so that what it writes is safe
// to print.
type LinkWriter struct {
	JSON bool

	js   bytes.Buffer
	line []byte
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

// Write writes the links of f to w, and returns the first error.
func (lw *LinkWriter) Write(w io.Writer, f *audit.File, links []extract.Link) error {
	enc := json.NewEncoder(&lw.js)
	for i := range links {
		l := &links[i]
		if !lw.JSON {
			lw.line = append(appendPrintable(lw.line[:0], l.URI), '\n')
		} else {
			lw.js.Reset()
			if err := enc.Encode(jsonLink{
				File: f.Name, Line: l.Start.Line, Column: l.Start.Column, Offset: l.Start.Offset,
				End:  jsonPos{Line: l.End.Line, Column: l.End.Column, Offset: l.End.Offset},
				Kind: l.Kind.String(), URI: l.URI, Raw: l.Raw,
				Ambiguous: l.Ambiguous(), Alt: l.Alt, Glued: l.Glued,
			}); err != nil {
				return err
			}
			lw.line = appendPrintableJSON(lw.line[:0], lw.js.Bytes())
		}
		if _, err := w.Write(lw.line); err != nil {
			return err
		}
	}
	return nil
}

package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/extract"
)

type jsonEdit struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Offset int    `json:"offset"`
	End    int    `json:"end"`
	New    string `json:"new"`
}

type jsonFinding struct {
	File     string     `json:"file"`
	Line     int        `json:"line"`
	Column   int        `json:"column"`
	Offset   int        `json:"offset"`
	Category string     `json:"category"`
	Message  string     `json:"message"`
	URI      string     `json:"uri"`
	Fix      []jsonEdit `json:"fix,omitempty"`
	Verdict  string     `json:"verdict,omitempty"` // Finding.Verdict: unconfirmed, unchecked
}

// jsonReporter writes one JSON object per finding and line.
type jsonReporter struct {
	w   io.Writer
	buf bytes.Buffer
	out []byte
}

func (j *jsonReporter) Findings(file *audit.File, findings []audit.Finding) error {
	enc := json.NewEncoder(&j.buf)
	j.buf.Reset()
	for _, f := range findings {
		jf := jsonFinding{File: f.File, Line: f.Pos.Line, Column: f.Pos.Column, Offset: f.Pos.Offset,
			Category: string(f.Category), Message: f.Message, URI: f.URI, Verdict: f.Verdict}
		for _, e := range f.Fix {
			line, col := lineCol(file.Src, f.Pos, e.Start)
			jf.Fix = append(jf.Fix, jsonEdit{Line: line, Column: col, Offset: e.Start, End: e.End, New: e.New})
		}
		if err := enc.Encode(jf); err != nil {
			return err
		}
	}
	j.out = appendPrintableJSON(j.out[:0], j.buf.Bytes())
	_, err := j.w.Write(j.out)
	return err
}

func (j *jsonReporter) Close(*audit.Result) error { return nil }

// appendPrintableJSON appends the JSON text js to b with DEL and the C1
// controls escaped as "\u007f" and "\u0080" to "\u009f", which
// encoding/json writes raw, as it does any character from U+0020 on
// (it escapes those below): JSON output then holds no control character
// a terminal would act on. They can only be in strings, where the
// escape means the same character.
func appendPrintableJSON(b, js []byte) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(js); i++ {
		switch c := js[i]; {
		case c == 0x7f:
			b = append(b, `\u007f`...)
		case c == 0xc2 && i+1 < len(js) && 0x80 <= js[i+1] && js[i+1] < 0xa0:
			i++
			b = append(b, '\\', 'u', '0', '0', hex[js[i]>>4], hex[js[i]&0xf])
		default:
			b = append(b, c)
		}
	}
	return b
}

// lineCol returns the line and byte column of offset off in src, counting
// on from the known position from when off lies after it (a fix's edits
// sit in or after the finding's link), so that a file of many fixes is
// not scanned from its start for each edit.
func lineCol(src []byte, from extract.Position, off int) (line, col int) {
	line, bol, i := 1, 0, 0
	if from.Line > 0 && from.Offset <= off && from.Offset-(from.Column-1) >= 0 {
		line, bol, i = from.Line, from.Offset-(from.Column-1), from.Offset
	}
	for ; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			bol = i + 1
		}
	}
	return line, off - bol + 1
}

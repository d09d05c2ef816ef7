package extract

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/textpos"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// goldenCase is one input of a txtar file with the links it must yield.
type goldenCase struct {
	file, name string
	input      []byte
	want       string
}

// readGolden reads every case of testdata/*.txtar. In a file, a section
// named NAME.txt (plain text) or NAME.md (Markdown; NAME.code.md with
// Extractor.Code set) is followed by NAME.want, one line per link as
// formatLinks writes it.
func readGolden(t testing.TB) []goldenCase {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		wants := map[string]string{}
		for _, s := range a.Files {
			if n, ok := strings.CutSuffix(s.Name, ".want"); ok {
				wants[n] = string(s.Data)
			}
		}
		for _, s := range a.Files {
			if strings.HasSuffix(s.Name, ".want") {
				continue
			}
			n := strings.TrimSuffix(strings.TrimSuffix(s.Name, ".md"), ".txt")
			w, ok := wants[n]
			if !ok && !*update {
				t.Errorf("%s: section %s has no %s.want", f, s.Name, n)
			}
			cases = append(cases, goldenCase{file: f, name: s.Name, input: s.Data, want: w})
		}
	}
	return cases
}

// extractCase runs the extractor that the section name asks for.
func extractCase(name string, input []byte) []Link {
	switch {
	case strings.HasSuffix(name, ".code.md"):
		return (&Extractor{Code: true}).Markdown(input)
	case strings.HasSuffix(name, ".md"):
		return Markdown(input)
	}
	return Text(input)
}

// formatLinks writes one line per link:
//
//	start-end kind "uri" [raw "raw"] [alt "alt"] [glued "word"]
//
// raw only when it differs from the URI.
func formatLinks(links []Link) string {
	var b strings.Builder
	for _, l := range links {
		fmt.Fprintf(&b, "%v-%v %v %q", l.Start, l.End, l.Kind, l.URI)
		if l.Raw != l.URI {
			fmt.Fprintf(&b, " raw %q", l.Raw)
		}
		if l.Alt != "" {
			fmt.Fprintf(&b, " alt %q", l.Alt)
		}
		if l.Glued != "" {
			fmt.Fprintf(&b, " glued %q", l.Glued)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	cases := readGolden(t)
	if len(cases) == 0 {
		t.Fatal("no golden cases in testdata")
	}
	got := map[string]map[string]string{}
	for _, c := range cases {
		links := extractCase(c.name, c.input)
		g := formatLinks(links)
		if got[c.file] == nil {
			got[c.file] = map[string]string{}
		}
		got[c.file][c.name] = g
		checkInvariants(t, c.name, c.input, links)
		if !*update && g != c.want {
			t.Errorf("%s: %s:\n got:\n%s want:\n%s", c.file, c.name, g, c.want)
		}
	}
	if *update {
		for f, m := range got {
			a, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var files []txtar.File
			for _, s := range a.Files {
				if strings.HasSuffix(s.Name, ".want") {
					continue
				}
				n := strings.TrimSuffix(strings.TrimSuffix(s.Name, ".md"), ".txt")
				files = append(files, s, txtar.File{Name: n + ".want", Data: []byte(m[s.Name])})
			}
			a.Files = files
			if err := os.WriteFile(f, txtar.Format(a), 0o666); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d golden cases", len(cases))
}

// checkInvariants holds for every extraction: spans inside the input, Raw
// equal to the span, positions consistent with offsets, source order.
func checkInvariants(t testing.TB, name string, src []byte, links []Link) {
	t.Helper()
	prev := -1
	cols := textpos.NewColumns(src)
	for i, l := range links {
		if l.Start.Offset < 0 || l.End.Offset > len(src) || l.Start.Offset > l.End.Offset {
			t.Fatalf("%s: link %d span [%d,%d) outside input of %d bytes", name, i, l.Start.Offset, l.End.Offset, len(src))
		}
		if got := string(src[l.Start.Offset:l.End.Offset]); got != l.Raw {
			t.Fatalf("%s: link %d Raw = %q, span holds %q", name, i, l.Raw, got)
		}
		if l.Start.Offset < prev {
			t.Fatalf("%s: link %d starts at %d, before the previous one at %d", name, i, l.Start.Offset, prev)
		}
		prev = l.Start.Offset
		if g := len(l.Glued); g > 0 && (g > l.Start.Offset || string(src[l.Start.Offset-g:l.Start.Offset]) != l.Glued) {
			t.Fatalf("%s: link %d glued word %q does not lie right before %v", name, i, l.Glued, l.Start)
		}
		for _, p := range []Position{l.Start, l.End} {
			line := 1 + bytes.Count(src[:p.Offset], nl)
			col := p.Offset - (bytes.LastIndexByte(src[:p.Offset], '\n') + 1) + 1
			if p.Line != line || p.Column != col {
				t.Fatalf("%s: link %d position %v at offset %d, want %d:%d", name, i, p, p.Offset, line, col)
			}
		}
		lc := l.Locator()
		for k := 0; k <= len(l.URI); k++ {
			p := l.PositionOf(k)
			if p.Offset < l.Start.Offset || p.Offset > l.End.Offset {
				t.Fatalf("%s: link %d PositionOf(%d) = offset %d, outside [%d,%d)", name, i, k, p.Offset, l.Start.Offset, l.End.Offset)
			}
			if q := lc.PositionOf(k); q != p {
				t.Fatalf("%s: link %d Locator().PositionOf(%d) = %+v, PositionOf = %+v", name, i, k, q, p)
			}
			if k == 0 || k == len(l.URI) || k%7 == 3 { // a sample: each check scans the input
				checkPosition(t, name, src, p, cols)
			}
		}
	}
}

// checkPosition checks that p's line and byte column are those of its
// offset in src, and that cols counts its column in characters as
// utf8.RuneCount does (where p starts a character).
func checkPosition(t testing.TB, name string, src []byte, p Position, cols *textpos.Columns) {
	t.Helper()
	bol := bytes.LastIndexByte(src[:p.Offset], '\n') + 1
	if line, col := 1+bytes.Count(src[:p.Offset], nl), p.Offset-bol+1; p.Line != line || p.Column != col {
		t.Fatalf("%s: position %v at offset %d, want %d:%d", name, p, p.Offset, line, col)
	}
	if p.Offset < len(src) && !utf8.RuneStart(src[p.Offset]) {
		return
	}
	if got, want := cols.Column(p.Offset, p.Column), utf8.RuneCount(src[bol:p.Offset])+1; got != want {
		t.Fatalf("%s: Columns.Column(%v) = %d, want %d", name, p, got, want)
	}
}

var nl = []byte{'\n'}

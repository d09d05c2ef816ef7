package audit

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
)

var printableTests = []struct{ in, want string }{
	{"docs/guide.md", "docs/guide.md"},
	{"café/naïve.md", "café/naïve.md"},
	{"b\n::error file=README.md,line=1::FORGED", `b\n::error file=README.md,line=1::FORGED`},
	{"c\x1b[2J\x1b[31mred\r\t.md", `c\x1b[2J\x1b[31mred\r\t.md`},
	{"d\u009b2J\x7f\x00é", `d\u009b2J\x7f\x00é`},
	{"bad\xffutf8", `bad\xffutf8`},
}

func TestPrintable(t *testing.T) {
	for _, tt := range printableTests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	clean := "docs/café.md: \"x\" leads nowhere"
	if n := testing.AllocsPerRun(100, func() { _ = Printable(clean) }); n != 0 {
		t.Errorf("Printable of a clean string allocates %v times, want 0", n)
	}
}

// TestReportersEscape: a finding in a file whose name forges a workflow
// command and drives a terminal prints, in every format, with no control
// character and no line of its own.
func TestReportersEscape(t *testing.T) {
	name := "b\n::error file=README.md,line=1::FORGED\x1b[2J\u009b.md"
	f := &File{Name: name, links: 1}
	r := &Result{Files: []*File{f}, Findings: []Finding{{
		File: name, Pos: extract.Position{Line: 1, Column: 1}, Category: policy.CategoryBrokenFile,
		Message: "\"x\u009b\" leads to \"/x\x7f\", which does not exist", URI: "x\u009b", col: 1,
	}}}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Write(&b, format, r); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		out := b.String()
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "::") && !strings.HasPrefix(line, "::error file=b%0A%3A%3Aerror file=README.md%2Cline=1%3A%3AFORGED") {
				t.Errorf("%s: line %d starts a workflow command: %q", format, i+1, line)
			}
			for _, r := range line {
				if r < 0x20 || r == 0x7f || (0x80 <= r && r < 0xa0) {
					t.Errorf("%s: line %d holds %U: %q", format, i+1, r, line)
					break
				}
			}
		}
		if format == "json" || format == "sarif" {
			var v any
			dec := json.NewDecoder(strings.NewReader(out))
			for dec.More() {
				if err := dec.Decode(&v); err != nil {
					t.Errorf("%s: not JSON: %v\n%s", format, err, out)
					break
				}
			}
			if !strings.Contains(out, `\u009b`) {
				t.Errorf("%s: the C1 control is not written as \\u009b:\n%s", format, out)
			}
		}
	}
}

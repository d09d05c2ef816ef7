package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilint/urilint/audit"
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
	dir := tree(t, map[string]string{name: "[x](x\u009b) [y](gone.md)\n"})
	t.Chdir(dir) // the file is named as given: by its name alone
	r := audit.Run(audit.Config{Root: dir}, []string{name})
	if r.Count() < 2 || len(r.Errors) > 0 {
		t.Fatalf("%d findings, errors %v; want the broken links", r.Count(), r.Errors)
	}
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

// FuzzPrintable: whatever s holds, Printable(s) holds no control
// character and no invalid UTF-8, and is s itself when s has neither.
func FuzzPrintable(f *testing.F) {
	for _, tt := range printableTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Printable(%q) = %q: not UTF-8", s, got)
		}
		clean := utf8.ValidString(s)
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (0x80 <= r && r < 0xa0) {
				t.Fatalf("Printable(%q) = %q holds %U", s, got, r)
			}
		}
		for _, r := range s {
			if r < 0x20 || r == 0x7f || (0x80 <= r && r < 0xa0) {
				clean = false
			}
		}
		if clean != (got == s) {
			t.Fatalf("Printable(%q) = %q; the input is clean: %v", s, got, clean)
		}
	})
}

// FuzzParseOutputs: any -output value parses or fails without a panic,
// and what parses names a known format and, after "=", a file.
func FuzzParseOutputs(f *testing.F) {
	for _, s := range []string{"text", "text,sarif=urilint.sarif,markdown=summary.md", "json=", "xml", ",", "github=a=b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		outs, err := ParseOutputs(s)
		if err != nil {
			return
		}
		for _, o := range outs {
			if !slices.Contains(Formats, o.Format) {
				t.Fatalf("ParseOutputs(%q): format %q", s, o.Format)
			}
		}
	})
}

package extract

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/textpos"
	"github.com/yuin/goldmark/text"
	"mvdan.cc/xurls/v2"
)

// prose is English text with colons, times, section numbers and e-mail
// addresses but no URI: what most of a document is.
const prose = `The scanner reads a document once. Note: a colon alone is no URI, nor is
a time like 10:30 or a section number like 3.2: the generic syntax. Send
questions to joe@example.com; mode:fast and a:b are words, C:\path is a
Windows path. "Quoted text" and <angle brackets> and (parentheses) appear
in prose all the time - with hyphens at the end of a line -
and percent signs like 100% too.
`

// withURIs adds a few URIs of each kind to the prose.
const withURIs = prose + `See http://example.com/a/b?c=d#e, "https://example.org/quoted" and
<ftp://ftp.example.net/pub/
    wrapped/file.txt>, or mailto:joe@example.com (or urn:isbn:0451450523).
`

func repeat(s string, n int) []byte {
	return bytes.Repeat([]byte(s), n/len(s)+1)[:n]
}

// markdownDoc is a README-like document.
const markdownDoc = `# Title

Some *prose* with a [link](https://example.com/docs/guide.html "Guide") and an
![image](img/logo.png), an autolink <https://example.com/auto>, a bare
https://example.com/bare URI and ` + "`code https://example.com/code`" + `.

- item one with [relative](docs/x.md#anchor)
- item two, plain text only, long enough to look like a real list item in
  a real README with a second line

> A quote with <a href="https://example.com/html">HTML</a>.

` + "```go\nfunc main() { fmt.Println(\"https://example.com/fenced\") }\n```\n" + `
| a | b |
|---|---|
| [c](https://example.com/c) | d |

[ref]: https://example.com/ref

`

// BenchmarkText runs Text and xurls.Strict().FindAllIndex on the same
// bytes; compare with "benchstat -col /impl". The inputs are 64 KiB,
// because xurls.Strict runs at well under a megabyte per second.
func BenchmarkText(b *testing.B) {
	re := xurls.Strict()
	for _, bc := range []struct {
		name string
		src  []byte
	}{
		{"prose", repeat(prose, 64<<10)},
		{"uris", repeat(withURIs, 64<<10)},
	} {
		b.Run("input="+bc.name+"/impl=extract", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.src)))
			for b.Loop() {
				Text(bc.src)
			}
		})
		b.Run("input="+bc.name+"/impl=xurls-strict", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.src)))
			for b.Loop() {
				re.FindAllIndex(bc.src, -1)
			}
		})
	}
}

// BenchmarkTextLarge is Text alone on a megabyte, for its throughput.
func BenchmarkTextLarge(b *testing.B) {
	for _, bc := range []struct {
		name string
		src  []byte
	}{
		{"prose", repeat(prose, 1<<20)},
		{"uris", repeat(withURIs, 1<<20)},
	} {
		b.Run("input="+bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.src)))
			for b.Loop() {
				Text(bc.src)
			}
		})
	}
}

// BenchmarkMarkdown runs Markdown and goldmark's parse alone (with the
// same extensions) on the same megabyte of README-like Markdown; compare
// with "benchstat -col /impl".
func BenchmarkMarkdown(b *testing.B) {
	src := repeat(markdownDoc, 1<<20)
	src = src[:bytes.LastIndex(src, []byte("\n\n"))+2]
	b.Run("impl=extract", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			Markdown(src)
		}
	})
	b.Run("impl=goldmark", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		p := mdParser()
		for b.Loop() {
			p.Parse(text.NewReader(src))
		}
	})
}

// BenchmarkMarkdownTemplates runs Markdown with Extractor.Templates on
// the megabyte of BenchmarkMarkdown, which holds no template action (it
// must cost what BenchmarkMarkdown's impl=extract does: one look for
// "{{" and "{%"), and on one with a Hugo shortcode and a Liquid
// expression in every copy (each document with actions costs one copy
// of itself for the parse).
func BenchmarkMarkdownTemplates(b *testing.B) {
	plain := repeat(markdownDoc, 1<<20)
	plain = plain[:bytes.LastIndex(plain, []byte("\n\n"))+2]
	actions := repeat(markdownDoc+"[1]: {{< param repo >}}/tree/{{< param branch >}}/x.yaml\n[2]: {{ site.baseurl }}/a/ \"{% t %}\"\n\n", 1<<20)
	actions = actions[:bytes.LastIndex(actions, []byte("\n\n"))+2]
	e := &Extractor{Templates: HugoShortcodes | Liquid}
	for _, in := range []struct {
		name string
		src  []byte
	}{{"none", plain}, {"actions", actions}} {
		b.Run("input="+in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				e.Markdown(in.src)
			}
		})
	}
}

// adversarial inputs: runs of the bytes that open wrappers, brackets,
// escapes and hyphen breaks, alone and after a scheme, so that every
// search for a closer or a balance has something to chew on.
func adversarial() map[string][]byte {
	const n = 1 << 20
	return map[string][]byte{
		"angles":        repeat("<", n),
		"parens":        repeat("(", n),
		"quotes":        repeat(`"`, n),
		"hyphen-breaks": repeat("-\n", n),
		"percents":      repeat("%", n),
		"colons":        repeat(":", n),
		"angle-schemes": repeat("<http://a", n),
		"quote-schemes": repeat(`"http://a `, n),
		"paren-uri":     append([]byte("http://a/"), repeat("((((", n)...),
		"label-schemes": repeat("<URL: x:y ", n),
		"wrapped-lines": append([]byte("<http://a/"), repeat("-\n a", n)...),
		"scheme-chars":  repeat("a.b+c-d", n),
		"scheme-colons": repeat("ab:", n),
		"curly-quotes":  repeat("“http://a ", n),
		"hyphen-angle":  repeat("<http://a-\n b ", n),
		"long-line":     append([]byte(`"http://a/`), repeat("b", n)...),
		"xml-names":     repeat("<p:a>", n),
		"xml-attrs":     repeat("<p:a b", n),
		"scheme-breaks": repeat("<ht\n tp", n),
		"ansi":          repeat("\x1b[1;2;3", n),
		"folds":         append([]byte("<http://a/"), repeat("\\\n \\", n)...),
		"glued":         repeat("aaaaaaahttps://", n),
		"base64":        repeat("h1://AAAAaaaa", n),
		"escapes":       repeat("http://a\\", n),
		"link-syntax":   repeat("http://a](", n),
		// goldmark's own: quadratic, or hundreds of bytes a byte, unless
		// Markdown's guard reads them as plain text (see guard.go).
		"link-openers":    repeat("[a](", n),
		"brackets":        repeat("[", n),
		"nested-brackets": append(append(repeat("[", n/2), 'a'), repeat("]", n/2)...),
		"emphasis":        repeat("*a_ ", n),
		"block-quotes":    repeat("> ", n),
		"backtick-runs":   backtickRuns(n),
		// Issue 19 item 8: goldmark's cost is cubic in the depth of lists
		// nested by indentation, quadratic in consecutive definitions.
		"definitions":    definitions(n/36, "\n"),
		"indented-lists": indentedList(1000, "- a\n"),
	}
}

// positionInputs returns, at about n bytes, the inputs of issue 19 item 7
// whose findings share one long line: a line of links each with a
// finding, a minified HTML page, a table row of links to anchors.
func positionInputs(n int) map[string][]byte {
	var html, row []byte
	html = append(html, "<html><body>"...)
	for i := 0; len(html) < n; i++ {
		html = fmt.Appendf(html, `<a href="http://example.com/A%%7e%d">x</a>`, i)
	}
	cells := n / 16
	row = append(row, "# Title\n\n|"...)
	row = append(row, strings.Repeat(" h |", cells)...)
	row = append(row, "\n|"...)
	row = append(row, strings.Repeat("---|", cells)...)
	row = append(row, "\n|"...)
	for i := range cells {
		row = fmt.Appendf(row, " [x](#no%d) |", i)
	}
	return map[string][]byte{
		"one-line": repeat("http://example.com/a%7eb ", n),
		"html":     html,
		"table":    row,
	}
}

// BenchmarkAdversarialPositions extracts each input of positionInputs at
// two sizes ten times apart and maps a position in every link to a line
// and a column in characters, as the audit does for each finding: the
// time per byte must not grow with the size.
func BenchmarkAdversarialPositions(b *testing.B) {
	for _, n := range []int{100 << 10, 1 << 20} {
		for name, src := range positionInputs(n) {
			b.Run(fmt.Sprintf("%s/size=%dKiB", name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					var d *Doc
					switch name {
					case "html":
						d = (&Extractor{}).HTMLDoc(src)
					case "table":
						d = (&Extractor{}).MarkdownDoc(src)
					default:
						d = &Doc{Links: Text(src)}
					}
					cols := textpos.NewColumns(src)
					for i := range d.Links {
						l := &d.Links[i]
						lc := l.Locator()
						p := lc.PositionOf(len(l.URI) / 2)
						cols.Column(p.Offset, p.Column)
						p = l.PositionOf(0)
						cols.Column(p.Offset, p.Column)
					}
				}
			})
		}
	}
}

// BenchmarkAdversarial runs Text and Markdown on each adversarial input:
// every one must run at the speed of ordinary text of its size.
func BenchmarkAdversarial(b *testing.B) {
	for name, src := range adversarial() {
		for _, impl := range []struct {
			name string
			f    func([]byte) []Link
		}{{"text", Text}, {"markdown", Markdown}} {
			b.Run(name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					impl.f(src)
				}
			})
		}
	}
}

// TestNoAllocs checks that scanning prose without a URI allocates nothing.
func TestNoAllocs(t *testing.T) {
	for _, src := range [][]byte{
		[]byte(prose),
		repeat(prose, 64<<10),
		[]byte(strings.Repeat("Note: see 10:30, the mode:fast of C:\\x; ", 100)),
	} {
		if n := testing.AllocsPerRun(20, func() { Text(src) }); n != 0 {
			t.Errorf("Text(%d bytes of prose) allocates %v times, want 0", len(src), n)
		}
	}
}

// TestMarkdownDocEachReuses checks that MarkdownDocEach gathers a
// document's links in an array of an earlier document, not one grown
// from nothing, and that the strings it handed on stay what they were.
func TestMarkdownDocEachReuses(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled values at random")
	}
	var src strings.Builder
	src.WriteString("# Links\n\n")
	for i := range 20 {
		fmt.Fprintf(&src, "See [page %d](dir/page%d.md#part) and [its top](dir/page%d.md).\n", i, i, i)
	}
	src.WriteString("\nMore at <https://example.com/>.\n")
	doc := []byte(src.String())
	var e Extractor
	var first []string
	e.MarkdownDocEach(doc, func(links []Link) {
		for _, l := range links {
			first = append(first, l.URI)
		}
	})
	if len(first) != 41 {
		t.Fatalf("MarkdownDocEach gave %d links, want 41", len(first))
	}
	want := slices.Clone(first)
	discard := func([]Link) {}
	each := testing.AllocsPerRun(20, func() { e.MarkdownDocEach(doc, discard) })
	whole := testing.AllocsPerRun(20, func() { e.MarkdownDoc(doc) })
	// MarkdownDoc grows its slice from the one absolute URI's room: 1,
	// 2, 4, ... 64.
	if each > whole-5 {
		t.Errorf("MarkdownDocEach allocates %v times, MarkdownDoc %v: want at least 5 fewer (the links' array reused)", each, whole)
	}
	if !slices.Equal(first, want) {
		t.Errorf("the URIs handed on changed after later calls: %q, want %q", first, want)
	}
}

package extract

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// costlyMarkdown are inputs that goldmark parses in quadratic time or
// with hundreds of bytes of memory per byte, each with the cost that
// checkMarkdown names, at a size where it must.
var costlyMarkdown = []struct {
	name, reason string
	src          []byte
}{
	{"link-openers", "link destinations that never end", repeat("[a](", 256<<10)},
	{"link-openers-angle", "link destinations that never end", repeat("[a](<b", 256<<10)},
	{"link-openers-dest", "link destinations that never end", repeat("[a](b", 256<<10)},
	{"brackets", "open in one paragraph", repeat("[", 64<<10)},
	{"image-brackets", "open in one paragraph", repeat("![", 64<<10)},
	{"brackets-in-lines", "open in one paragraph", repeat("[a\n", 64<<10)},
	{"nested-brackets", "link brackets nested deep", append(append(repeat("[", 8<<10), 'a'), repeat("]", 8<<10)...)},
	{"emphasis", "emphasis delimiters that never match", repeat("*a_ ", 64<<10)},
	{"block-quotes", "containers nested deep", repeat("> ", 64<<10)},
	{"list-items", "containers nested deep", repeat("- ", 64<<10)},
	{"backticks", "code spans that never end", backtickRuns(256 << 10)},
	{"definitions", "consecutive link reference definitions", definitions(20_000, "\n")},
	{"definitions-then-text", "consecutive link reference definitions", append(definitions(3_000, "\n"), repeat("text\n", 400<<10)...)},
	{"definitions-in-quote", "consecutive link reference definitions", definitions(20_000, "\n> ")},
	{"indented-lists", "containers nested deep", indentedList(300, "- a\n")},
	{"indented-lists-lazy", "containers nested deep", indentedList(300, "1. a\nb\n")},
	{"footnote-chain", "footnote references", footnoteChain(5_000)},
	{"footnotes-then-references", "footnote references", footnotesThenRefs(3_000, "[^%d]")},
	{"footnote-references-after-bang", "footnote references", footnotesThenRefs(3_000, "!x^%d]")},
	{"footnotes-nested-on-one-line", "footnote references", repeat("[^a]: ", 64<<10)},
	{"emphasis-runs", "markup too dense", repeat("*_", 1200<<10)},
	{"short-list-items", "markup too dense", repeat("- a\n", 2400<<10)},
	{"code-spans-packed", "markup too dense", repeat("`a` ", 2400<<10)},
	{"table-rows", "markup too dense", append([]byte("| h |\n|---|\n"), repeat("| a |\n", 1200<<10)...)},
}

// footnoteChain returns n footnotes, each referring to the next.
func footnoteChain(n int) []byte {
	var b []byte
	for i := range n {
		b = fmt.Appendf(b, "[^%d]: a [^%d]\n", i, i+1)
	}
	return b
}

// footnotesThenRefs returns n footnote definitions, then a reference,
// written by format, to each.
func footnotesThenRefs(n int, format string) []byte {
	var b []byte
	for i := range n {
		b = fmt.Appendf(b, "[^%d]: note\n", i)
	}
	for i := range n {
		b = fmt.Appendf(b, "x "+format+"\n", i)
	}
	return b
}

// definitions returns n link reference definitions, each line ending
// with sep.
func definitions(n int, sep string) []byte {
	var b []byte
	for i := range n {
		b = fmt.Appendf(b, "[label %d]: https://example.com/%d%s", i, i, sep)
	}
	return b
}

// indentedList returns item nested n deep, each level indented two more
// spaces than the one before (three for "1.").
func indentedList(n int, item string) []byte {
	var b []byte
	step := strings.IndexByte(item, ' ') + 1
	for i := range n {
		b = append(b, strings.Repeat(" ", step*i)...)
		b = append(b, item...)
	}
	return b
}

// backtickRuns returns "e`e“e```..." of n bytes.
func backtickRuns(n int) []byte {
	var b []byte
	for k := 1; len(b) < n; k++ {
		b = append(b, 'e')
		b = append(b, bytes.Repeat([]byte("`"), k)...)
	}
	return b[:n]
}

// fineMarkdown are inputs that look like the costly ones but are not, and
// real documents: checkMarkdown must let them through.
var fineMarkdown = []struct {
	name string
	src  []byte
}{
	{"readme", repeat(markdownDoc, 1<<20)},
	{"closed-links", repeat("[a](https://example.com/a) ", 1<<20)},
	{"closed-links-one-line", repeat("[a](b)", 1<<20)},
	{"few-unclosed-brackets", repeat("[", maxUnclosed)},
	{"brackets-in-paragraphs", repeat("[a text of a paragraph\n\n", 1<<20)},
	{"emphasis", repeat("*a* _b_ **c** and some words of prose between them ", 1<<20)},
	{"nested-lists", repeat("- an item\n  - an item\n    - an item\n      > a quote\n", 1<<20)},
	{"code-spans", repeat("`a` ``b`` and some words of prose ", 1<<20)},
	{"fenced-brackets", []byte("```\n" + strings.Repeat("[", 64<<10) + "\n```\n")},
	{"fenced-emphasis", []byte("~~~\n" + strings.Repeat("*a_ ", 64<<10) + "\n~~~\n")},
	{"escaped-brackets", repeat(`\[`, 1<<20)},
	{"prose", repeat(prose, 1<<20)},
	{"changelog-definitions", definitions(3_000, "\n")},
	{"blank-separated-definitions", definitions(100_000, "\n\n")},
	{"definitions-in-list-items", definitions(100_000, "\n- ")},
	{"definitions-after-headings", definitions(50_000, "\n# h\n")},
	{"lists-nested-twenty-deep", bytes.Repeat(indentedList(20, "- a\n"), 2000)},
	{"footnotes", footnotesThenRefs(300, "[^%d]")},
	{"footnote-chain", footnoteChain(300)},
	{"emphasis-runs", repeat("*_", 96<<10)}, // below treeFloor
	{"table", append([]byte("| name | type | description |\n|---|---|---|\n"), repeat("| `name` | string | what the name of a thing is |\n", 1<<20)...)},
	{"code-in-deep-lists", bytes.Repeat(append(indentedList(10, "- a\n"), repeat("                          code\n", 1<<10)...), 200)},
}

func TestCheckMarkdown(t *testing.T) {
	for _, tt := range costlyMarkdown {
		err := costly(tt.src)
		if !errors.Is(err, ErrCostlyMarkdown) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("costly(%s) = %v, want an error for %q", tt.name, err, tt.reason)
		}
	}
	for _, tt := range fineMarkdown {
		if err := costly(tt.src); err != nil {
			t.Errorf("costly(%s) = %v, want nil", tt.name, err)
		}
	}
}

// TestCheckMarkdownPosition: the error says where the cost went over its
// limit, on a line of the costly part, for a report to point at.
func TestCheckMarkdownPosition(t *testing.T) {
	head := "# Title\n\nSome text with [a link](x.md).\n\n"
	for _, tt := range costlyMarkdown {
		src := append([]byte(head), tt.src...)
		var ce *CostError
		if err := costly(src); !errors.As(err, &ce) {
			t.Errorf("costly(%s) = %v, want a *CostError", tt.name, err)
			continue
		}
		if ce.Pos.Line < 5 || ce.Pos.Offset < len(head) || ce.Pos.Offset > len(src) || ce.Pos.Column != 1 ||
			ce.Pos.Offset > 0 && src[ce.Pos.Offset-1] != '\n' || ce.Pos.Line != 1+bytes.Count(src[:ce.Pos.Offset], nl) {
			t.Errorf("costly(%s): position %v (offset %d), want the start of a line of the costly part", tt.name, ce.Pos, ce.Pos.Offset)
		}
		if want := "markdown too costly to parse: " + ce.Reason; ce.Error() != want {
			t.Errorf("costly(%s) = %q, want %q", tt.name, ce.Error(), want)
		}
	}
}

// TestMarkdownFallback checks that Markdown reads a costly document as
// plain text: a URI in it is still found, by Text's rules.
func TestMarkdownFallback(t *testing.T) {
	for _, tt := range costlyMarkdown {
		src := append([]byte("See <https://example.com/costly>.\n\n"), tt.src...)
		got := Markdown(src)
		if want := Text(src); !slices.EqualFunc(got, want, func(a, b Link) bool { return a.URI == b.URI && a.Start == b.Start }) {
			t.Errorf("Markdown(%s) found %d links, want those of Text, %d", tt.name, len(got), len(want))
		}
		if len(got) == 0 || got[0].URI != "https://example.com/costly" {
			t.Errorf("Markdown(%s) lost the URI before it", tt.name)
		}
	}
}

// TestCheckMarkdownAllocs checks that the guard's memory does not grow
// with a run of brackets: it stops counting at the limit.
func TestCheckMarkdownAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	small, large := repeat("[", 1<<20), repeat("[", 8<<20)
	a := testing.AllocsPerRun(3, func() { _ = costly(small) })
	b := testing.AllocsPerRun(3, func() { _ = costly(large) })
	if b > a {
		t.Errorf("CheckMarkdown allocates %v times on 8 MB of \"[\", more than %v on 1 MB", b, a)
	}
}

// allocated returns the bytes that f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCostlyMarkdownLinear: the inputs goldmark is slow or hungry on cost
// MarkdownDoc ten times as much memory at ten times the size, and end as
// plain text with the reason. Parsed, a chain of 40,000 footnotes took 11
// s, and 12 MB of "*_" 4 GB.
func TestCostlyMarkdownLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	cases := []struct {
		name, reason string
		gen          func(n int) []byte
		n            int
	}{
		{"footnote-chain", "footnote references", footnoteChain, 4_000},
		{"footnotes-then-references", "footnote references", func(n int) []byte { return footnotesThenRefs(n, "[^%d]") }, 3_000},
		{"emphasis-runs", "markup too dense", func(n int) []byte { return repeat("*_", n) }, 1200 << 10},
		{"short-list-items", "markup too dense", func(n int) []byte { return repeat("- a\n", n) }, 1200 << 10},
	}
	var e Extractor
	for _, tt := range cases {
		var perByte [2]float64
		for i, n := range []int{tt.n, 10 * tt.n} {
			src := tt.gen(n)
			var d *Doc
			perByte[i] = float64(allocated(func() { d = e.MarkdownDoc(src) })) / float64(len(src))
			if d.Plain == nil || !strings.Contains(d.Plain.Error(), tt.reason) {
				t.Errorf("MarkdownDoc(%s, %d bytes).Plain = %v, want %q", tt.name, len(src), d.Plain, tt.reason)
			}
		}
		if perByte[1] > 1.2*perByte[0] {
			t.Errorf("MarkdownDoc(%s) allocates %.1f bytes per byte at ten times the size, %.1f at %d", tt.name, perByte[1], perByte[0], tt.n)
		}
	}
}

// costly is the error of checkMarkdown alone.
func costly(src []byte) error {
	_, err := checkMarkdown(src)
	return err
}

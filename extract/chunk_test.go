package extract

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark/text"
)

// wholeLinks and wholeDoc are Markdown and MarkdownDoc with one parse of
// the whole document, whatever its size.
func wholeLinks(e *Extractor, src []byte) []Link {
	links := e.markdownLinks(src, mdParser().Parse(text.NewReader(src)), presize(src))
	finish(src, links)
	return links
}

func wholeDoc(e *Extractor, src []byte) *Doc {
	root := docParser().Parse(text.NewReader(src))
	d := &Doc{Links: e.markdownLinks(src, root, presize(src))}
	finish(src, d.Links)
	d.place(src, slugMarks(docMarks(src, root, nil)))
	return d
}

func chunkedDoc(e *Extractor, src []byte, size int) *Doc {
	d := &Doc{}
	var marks []mark
	d.Links, marks, _ = e.chunked(src, docParser(), true, size, nil)
	d.place(src, slugMarks(marks))
	return d
}

// noEmpty returns nil for no links: one parse may return an empty slice.
func noEmpty(links []Link) []Link {
	if len(links) == 0 {
		return nil
	}
	return links
}

func slugMarks(marks []mark) []mark {
	sortMarks(marks)
	var slugs Slugger
	for i := range marks {
		if marks[i].heading {
			marks[i].anchor.Name = slugs.Slug(marks[i].anchor.Name)
		}
	}
	return marks
}

// checkChunked fails when src, parsed in chunks of size bytes, gives
// other links, anchors or comments than one parse of it.
func checkChunked(t testing.TB, name string, src []byte, size int) {
	t.Helper()
	if CheckMarkdown(src) != nil || !splittable(src) {
		return
	}
	for _, e := range []*Extractor{{}, {Code: true}} {
		want := noEmpty(wholeLinks(e, src))
		got, _, _ := e.chunked(src, mdParser(), false, size, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s (code %v): in chunks of %d bytes:\n%s\nin one parse:\n%s", name, e.Code, size, formatLinks(got), formatLinks(want))
		}
	}
	want, got := wholeDoc(&Extractor{}, src), chunkedDoc(&Extractor{}, src, size)
	want.Links = noEmpty(want.Links)
	if !sameDoc(got, want) {
		t.Fatalf("%s: document in chunks of %d bytes:\n%+v\nin one parse:\n%+v", name, size, got, want)
	}
	// The same links given in batches (MarkdownDocEach), in order, each
	// batch kept before the next reuses its slice; and so when the links
	// of every chunk that waits for a label are let go and parsed again
	// at the end.
	defer func(n int) { minHeld = n }(minHeld)
	for _, held := range []int{minHeld, 0} {
		minHeld = held
		var batches []Link
		kept, marks, _ := (&Extractor{}).chunked(src, docParser(), true, size, func(links []Link) {
			if len(links) == 0 {
				t.Fatalf("%s: an empty batch", name)
			}
			batches = append(batches, links...)
		})
		if kept != nil {
			t.Fatalf("%s: chunked with emit returned %d links too", name, len(kept))
		}
		if !reflect.DeepEqual(batches, want.Links) {
			t.Fatalf("%s: in batches of chunks of %d bytes (%d held):\n%s\nin one parse:\n%s", name, size, held, formatLinks(batches), formatLinks(want.Links))
		}
		d := &Doc{}
		d.place(src, slugMarks(marks))
		if !reflect.DeepEqual(d.Anchors, want.Anchors) || !reflect.DeepEqual(d.Comments, want.Comments) {
			t.Fatalf("%s: in batches of chunks of %d bytes (%d held): anchors %+v, comments %+v; in one parse %+v, %+v",
				name, size, held, d.Anchors, d.Comments, want.Anchors, want.Comments)
		}
	}
}

// chunkCases are documents whose blocks or definitions reach over a blank
// line, each a way for a chunked parse to go wrong.
var chunkCases = []string{
	"a\n\n```\nx\n\nb https://x.example/in-code\n```\n\nc https://x.example/c\n",
	"a\n\n```\nunclosed\n\nb [x](https://x.example/b)\n",
	"a\n\n<!--\n\nb [x](https://x.example/hidden)\n\n-->\n\nc [y](https://x.example/c)\n",
	"<pre>\n\nb https://x.example/pre\n\n</pre>\n\nc https://x.example/c\n",
	"a [ref] and [x][later]\n\nb\n\n[later]: https://x.example/later\n\nc [later]\n\n[ref]: https://x.example/ref\n",
	"see [https://x.example/a][later]\n\nb\n\n[later]: https://x.example/a\n",
	"# A [b][later]\n\nb\n\n# A b\n\n[later]: https://x.example/a\n",
	"a [https://x.example/1][one]\n\nb [https://x.example/2][two]\n\nc\n\n[one]: https://x.example/1\n[two]: https://x.example/2\n[one]: https://x.example/other\n",
	"a [x]\n\nb\n\n```\n[x]: https://x.example/code\n```\n\nc [https://x.example/x][x]\n\n[x]: https://x.example/x\n",
	// The splitter loses track of a fence in a list item, and the
	// lookahead reads a definition in code: the chunk given it is parsed
	// again.
	"a [https://x.example/real][x]\n\nb\n\n- i\n  ```\n\nd\n\n```\n\ne\n\n[x]: https://x.example/fake\n\n```\n\n[x]: https://x.example/real\n",
	"[dup]: https://x.example/first\n\nb [dup]\n\n[dup]: https://x.example/second\n\nc [dup]\n",
	"- item\n\n  more https://x.example/item\n\nb https://x.example/b\n\n1. one\n\n   two\n\nc\n",
	"> quote\n\n> more https://x.example/q\n\nb\n\n    code https://x.example/code\n\n    more\n\nc\n",
	"# Title\n\ntext\n\n# Title\n\nmore\n\n## Title [x]\n\n[x]: https://x.example/h\n",
	"a\n\n<div id=\"d\">\n\nb <a href=\"https://x.example/a\" name=\"n\">x</a>\n\n</div>\n\nc <!-- c -->\n",
	"a\n  ```\nb\n\nc\n```\n\nd https://x.example/d\n\n```\ne\n",
	"a\r\n\r\nb https://x.example/b\r\n\r\n```\r\nc\r\n\r\nd\r\n```\r\n\r\ne\r\n",
	"Title\n===\n\nb <https://x.example/b\n\nc>\n\nd\n---\n",
	"- a\n  ```\n  b\n\n```\nc\n\nd https://x.example/d\n```\n\ne https://x.example/e\n",
	// Footnotes count for the whole document: a reference before its
	// definition, duplicates, one never referenced (not shown), a
	// reference followed by a destination, definitions in containers, a
	// heading in a footnote, continued footnotes, references in notes.
	"a [^1] text\n\nb\n\n[^1]: note https://x.example/n\n",
	"[^1]: first https://x.example/1\n\nb [^1]\n\n[^1]: second https://x.example/2\n",
	"[^u]: unused https://x.example/u\n\nb\n\nc\n",
	"a ![^1] and [^1](https://x.example/l)\n\nb\n\n[^1]: n\n\nc [^2](https://x.example/m)\n",
	"> [^q]: quoted https://x.example/q\n\nb [^q]\n\n- [^li]: in list https://x.example/li\n\nc [^li]\n",
	"[^h]: # Heading\n\nb [^h]\n\n# Heading\n\nc\n\n# Heading\n",
	"a [^1]\n\n[^1]: x\n\n    more https://x.example/cont\n\nb\n",
	"[^a]: x [^b]\n\nb\n\n[^b]: y https://x.example/b\n\nc [^a]\n",
	"a [^x\\]y] [^\n\n[^x\\]y]: z https://x.example/z\n",
	// Found in review: a label across lines whose ">" is text; goldmark's
	// "!" reference without "["; references that only a footnote's
	// reading lets be read; an open HTML block before the footnotes; a
	// one-line HTML block at a chunk's end.
	"see [x][a >b](https://x.example/in)\n\nc\n\n[a\n    >b]: https://x.example/ab\n",
	"[^2]: note https://x.example/n\n\nb\n\nthe value [(n!)^2] grows\n",
	"x [^a](<[^b]>)\n\n[^a]: note a\n\n[^b]: note b https://x.example/bn\n",
	"[x [^a](u)](<[^b]>)\n\n[^a]: note a\n\n[^b]: note b https://x.example/bn\n",
	"x [^a][^b]\n\n[^a]: note a\n\n[ ^b]: https://x.example/ref\n\n[^b]: note b https://x.example/bn\n",
	"[foo][^a] and [^a]\n\n[^a]: note https://x.example/fa\n\n[^a]: https://x.example/ra\n",
	"x [^a]\n[^a]: note\n\n<pre/>\n\nfoo https://x.example/foo\n\n</pre>\n",
	"para https://x.example/p\n\n<!-- c -->\n\npara https://x.example/q\n\n<!-- d -->\n",
	">\t#\nfoo\n",
	// Found by the second review: a place read only once another's label
	// is known to be defined (a code span, HTML or "!" inside the label),
	// or once a reference definition is; an indented "[^c]:" that goes on
	// a paragraph (a reference definition); footnotes inside footnotes.
	"x [^a`b] [^c] `\n\n[^c]: note https://x.example/c\n\n[^a`b]: y\n",
	"x [^<x y='] [^c] '>\n\n[^c]: note https://x.example/c\n\n[^<x y=']: y\n",
	"x [^a`]`b](<[^c]>)\n\n[^c]: note https://x.example/c\n\n[^a`]: y\n",
	"x [^a!x^c]\n\n[^c]: note https://x.example/c\n\n[^a!x^c]: y\n",
	"x [^a`] ` [^c] `\n\n[^c]: note https://x.example/c\n\n[^a`]: y\n",
	"[x][y](<[^c]>)\n\n[^c]: note https://x.example/c\n\n> [y]: https://x.example/y\n",
	"[x][y](<[^c]>)\n\n[^c]: note https://x.example/c\n\n[y]: https://x.example/y\n",
	"[x][^c]\n\n[a]: /u\n    [^c]: https://x.example/r\n\n[^c]: note https://x.example/n\n",
	"[x][^c]\n\n[^c]: note https://x.example/n\n\n[a]: /u\n    [^c]: https://x.example/r\n",
	"[^a]: [^b]: inner https://x.example/i\n\nx [^b]\n\n[^b]: second https://x.example/s\n",
	"x [^b]\n\n[^a]: [^b]: inner https://x.example/i\n\n[^b]: second https://x.example/s\n",
	"[^z]: z\n\n[^a]: [^b]: inner https://x.example/i\n\nx [^b]\n",
	"x [b] [^a]\n\nc\n\n[^a]: [b]: https://x.example/b\n",
	"see [b] and GoReleaser[^1]: text\n\nc\n\n[^1]: note https://x.example/n\n\n[b]: https://x.example/b\n",
	// Found by the third review: a footnote inside a footnote after a
	// lazy line.
	"[^a]: x\nlazy\n    [^b]: z https://x.example/z\n\ny [^a] [^b]\n\n[^c]: later https://x.example/c\n\nw [^c]\n",
	"y [^a] [^b] [^c]\n\n[^a]: x\nlazy\nmore\n    [^b]: z https://x.example/z\n\nmore\n\n[^c]: later https://x.example/c\n",
}

// TestChunkedEqualsWhole: every golden document and the cases above, in
// chunks as small as they come, give what one parse gives.
func TestChunkedEqualsWhole(t *testing.T) {
	for _, c := range readGolden(t) {
		if strings.HasSuffix(c.name, ".md") {
			for _, size := range []int{1, 40} {
				checkChunked(t, c.file+": "+c.name, c.input, size)
			}
		}
	}
	for i, src := range chunkCases {
		for _, size := range []int{1, 2, 10, 30} {
			checkChunked(t, fmt.Sprintf("case %d", i), []byte(src), size)
		}
	}
}

// chunkFragments are lines that open, continue and close the blocks a
// chunk boundary must not cut, and define and use references.
var chunkFragments = []string{"a https://x.example/a", "b [l](https://x.example/b)", "", "", "", "```", "~~~", "  ```",
	"- item", "  cont [y]", "1. one", "> quote https://x.example/q", "<!--", "-->", "<pre>", "</pre>", "<div id=\"d\">", "</div>",
	"    code https://x.example/c", "[y]: https://x.example/y", "[z]: https://x.example/z", "c [z] and [https://x.example/y][y]",
	"# Head [z]", "Head", "===", "---", "<?", "?>", "| a | b |", "|---|---|", "| [x](https://x.example/t) | y |",
	"<https://x.example/auto>", "d <http://a", " b>", "\t\tx", "e\\", "f  ", "<script>", "</script>", "  [y]: https://x.example/y2",
	"> [z]: https://x.example/zq", "<![CDATA[", "]]>", "<!X", ">", "- ```", "  - sub https://x.example/s", "# A {#id}",
	"[^1]", "[^1]: note https://x.example/n", "[^2]: other [l](https://x.example/o)", "c [^2] and ![^1]", "    continued https://x.example/c",
	"[^1](https://x.example/f)", "> [^3]: q https://x.example/q3", "d [^3]"}

// TestChunkedRandomDocuments: documents made of random lines of
// chunkFragments, in chunks of a few bytes, give what one parse gives.
func TestChunkedRandomDocuments(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		var lines []string
		for k := r.IntN(60); k >= 0; k-- {
			lines = append(lines, chunkFragments[r.IntN(len(chunkFragments))])
		}
		src := []byte(strings.Join(lines, "\n") + "\n")
		for _, size := range []int{1, 7, 50} {
			checkChunked(t, fmt.Sprintf("%q", src), src, size)
		}
	}
}

// FuzzMarkdownChunks: Markdown and MarkdownDoc in chunks of a few bytes
// equal one parse.
func FuzzMarkdownChunks(f *testing.F) {
	seed(f)
	for _, s := range chunkCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkChunked(t, "input", src, 1)
		checkChunked(t, "input", src, 16)
	})
}

// largeMarkdown returns a prose document of about n bytes: paragraphs with
// links and URIs, headings (repeated, so that slugs are numbered), fenced
// code with blank lines, HTML comments, lists, and link reference
// definitions that come after their first use.
func largeMarkdown(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the quick brown fox jumps over lazy dog see more text here details and for")
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		switch {
		case i%50 == 0:
			fmt.Fprintf(&b, "## Heading %d\n\n", i%500)
		case i%97 == 0:
			b.WriteString("```\ncode https://x.example/code\n\nmore\n```\n\n")
		case i%89 == 0:
			b.WriteString("<!--\n\n[hidden](https://x.example/hidden)\n\n-->\n\n")
		case i%83 == 0:
			b.WriteString("- item [link](other.md#part)\n\n  more\n\n")
		case i%79 == 0:
			fmt.Fprintf(&b, "[def%d]: https://x.example/def/%d\n\n", i, i)
		}
		for k := 0; k < 12; k++ {
			switch r.IntN(8) {
			case 0:
				b.WriteString("https://example.com/a/b ")
			case 1:
				b.WriteString("[link](other.md#part) ")
			case 2:
				d := (i/79 + 1) * 79
				fmt.Fprintf(&b, "[https://x.example/def/%d][def%d] ", d, d)
			default:
				b.WriteString(words[r.IntN(len(words))] + " ")
			}
		}
		b.WriteString("\n")
		if i%8 == 7 {
			b.WriteString("\n")
		}
	}
	return b.Bytes()
}

// bottomDefinitions returns a prose document of about n bytes whose
// reference links are defined at its end, as many documents do.
func bottomDefinitions(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "see [https://x.example/r/%d][r%d] and [the page][r%d] for more https://example.com/a/b\n", i%1000, i%1000, (i+7)%1000)
		if i%8 == 7 {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n")
	for k := range 1000 {
		fmt.Fprintf(&b, "[r%d]: https://x.example/r/%d\n", k, k)
	}
	return b.Bytes()
}

// TestLargeMarkdownInChunks: a document larger than two chunks is parsed in
// chunks (the splitter finds places to end them), and Markdown and
// MarkdownDoc give what one parse gives. The memory this saves is
// measured by scripts/bench-adversarial.sh.
func TestLargeMarkdownInChunks(t *testing.T) {
	src := largeMarkdown(2*chunkSize + chunkSize/2)
	if !chunkable(src) {
		t.Fatal("the document is not parsed in chunks")
	}
	sp := splitter{src: src}
	if k := sp.next(chunkSize); k == len(src) || src[k-2] != '\n' {
		t.Fatalf("no place to end a chunk after %d bytes: %d", chunkSize, k)
	}
	// The tree of one chunk is what the parse holds: no chunk may grow
	// much past the size asked for on prose.
	_, _, chunks := (&Extractor{}).chunked(src, docParser(), true, chunkSize/8, nil)
	if len(chunks) < 16 {
		t.Errorf("%d bytes in %d chunks of at least %d bytes", len(src), len(chunks), chunkSize/8)
	}
	for _, c := range chunks {
		if c.hi-c.lo > chunkSize/8+4096 {
			t.Errorf("chunk %d-%d of %d bytes, asked for %d", c.lo, c.hi, c.hi-c.lo, chunkSize/8)
		}
	}
	e := &Extractor{}
	got, want := e.Markdown(src), wholeLinks(e, src)
	if len(want) < len(src)/64 || !reflect.DeepEqual(got, want) {
		t.Fatalf("Markdown in chunks: %d links, in one parse: %d, or they differ", len(got), len(want))
	}
	bottom := bottomDefinitions(2*chunkSize + chunkSize/2)
	if got, want := e.Markdown(bottom), wholeLinks(e, bottom); !reflect.DeepEqual(got, want) {
		t.Fatalf("Markdown in chunks, definitions at the end: %d links, in one parse: %d, or they differ", len(got), len(want))
	}
	gotDoc, wantDoc := e.MarkdownDoc(src), wholeDoc(e, src)
	if !sameDoc(gotDoc, wantDoc) {
		t.Fatalf("MarkdownDoc in chunks differs from one parse: %d/%d links, %d/%d anchors, %d/%d comments",
			len(gotDoc.Links), len(wantDoc.Links), len(gotDoc.Anchors), len(wantDoc.Anchors), len(gotDoc.Comments), len(wantDoc.Comments))
	}
}

// BenchmarkMarkdownLarge compares the chunked parse of an 8 MB document
// with one parse (-benchmem: bytes allocated per document), for prose
// and with the definitions at the end.
func BenchmarkMarkdownLarge(b *testing.B) {
	e := &Extractor{}
	for _, doc := range []struct {
		name string
		src  []byte
	}{{"prose", largeMarkdown(8 << 20)}, {"definitions-at-end", bottomDefinitions(8 << 20)}} {
		src := doc.src
		b.Run(doc.name+"/chunks", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				e.MarkdownDoc(src)
			}
		})
		b.Run(doc.name+"/whole", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				wholeDoc(e, src)
			}
		})
	}
}

// sameDoc reports whether two documents hold the same links, anchors and
// comments and were both parsed as Markdown, or downgraded for the same
// reason.
func sameDoc(a, b *Doc) bool {
	if (a.Plain == nil) != (b.Plain == nil) || a.Plain != nil && a.Plain.Error() != b.Plain.Error() {
		return false
	}
	return reflect.DeepEqual(a.Links, b.Links) && reflect.DeepEqual(a.Anchors, b.Anchors) && reflect.DeepEqual(a.Comments, b.Comments)
}

// TestMarkdownDocEach checks that the batches of MarkdownDocEach are the
// links of MarkdownDoc, with the same anchors and comments, for a document
// parsed in chunks with and without reference definitions, and for a
// small one.
func TestMarkdownDocEach(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 3*chunkSize; i++ {
		if i%50 == 0 {
			fmt.Fprintf(&b, "## Heading %d\n\n", i/50)
		}
		fmt.Fprintf(&b, "line %d https://example.com/a/b and [link](other.md#part) <!-- c%d -->\n\n", i, i)
	}
	big := b.String()
	for name, src := range map[string]string{
		"chunked":             big,
		"chunked-definitions": big + "[ref][r]\n\n[r]: https://example.com/r\n",
		// Definitions a little after their use, and at the very end.
		"chunked-later-definitions": string(largeMarkdown(3 * chunkSize)),
		"chunked-bottom":            "[early]: https://example.com/e\n\nsee [x][late]\n\n" + big + "[late]: https://example.com/l\n",
		"small":                     "# T\n\nsee https://example.com/x and [a](b.md)\n",
		"plain":                     strings.Repeat("[", 200_000) + " https://example.com/p\n",
	} {
		e := &Extractor{}
		want := e.MarkdownDoc([]byte(src))
		calls := 0
		var links []Link
		got := e.MarkdownDocEach([]byte(src), func(ls []Link) {
			calls++
			links = append(links, ls...)
		})
		if got.Links != nil {
			t.Errorf("%s: MarkdownDocEach returned %d links in its Doc", name, len(got.Links))
		}
		got.Links = links
		if !sameDoc(got, want) || (got.Plain == nil) != (want.Plain == nil) {
			t.Errorf("%s: MarkdownDocEach differs from MarkdownDoc", name)
		}
		// Each chunk's links go once its labels are settled: at once,
		// or, when they are defined in the next chunk, after it.
		if want := map[string]int{"chunked": 3, "chunked-definitions": 3, "chunked-later-definitions": 2}[name]; calls < want {
			t.Errorf("%s: %d batches for %d bytes, want %d", name, calls, len(src), want)
		}
		if len(want.Links) == 0 {
			t.Errorf("%s: no links: the test is void", name)
		}
	}
}

// TestChunkedHoldsFewLinks: the links of chunks that wait for a
// definition at the end of the document are let go past minHeld, and
// those chunks parsed again at the end, with the links of one parse.
func TestChunkedHoldsFewLinks(t *testing.T) {
	src := bottomDefinitions(3 * chunkSize)
	defer func(n int) { minHeld = n }(minHeld)
	minHeld = 1000
	var got []Link
	_, _, chunks := (&Extractor{}).chunked(src, docParser(), true, chunkSize, func(links []Link) { got = append(got, links...) })
	dropped := 0
	for _, c := range chunks {
		if c.dropped {
			dropped++
		}
	}
	if len(chunks) < 3 || dropped < len(chunks)-1 {
		t.Errorf("%d of %d chunks let their links go: want all but the last", dropped, len(chunks))
	}
	if want := wholeLinks(&Extractor{}, src); !reflect.DeepEqual(got, want) {
		t.Errorf("%d links, one parse %d", len(got), len(want))
	}
}

// TestEmptyHeadingStart: an empty ATX heading ("#") starts at its "#",
// wherever the block before it ends, in one parse as in chunks.
func TestEmptyHeadingStart(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []Position
	}{
		{"00000\n\n#", []Position{{Offset: 7, Line: 3, Column: 1}}},
		{"#\n#\n", []Position{{Offset: 0, Line: 1, Column: 1}, {Offset: 2, Line: 2, Column: 1}}},
		{"# a #\n  #\n", []Position{{Offset: 0, Line: 1, Column: 1}, {Offset: 8, Line: 2, Column: 3}}},
		{"> x\n>\n> #\n", []Position{{Offset: 8, Line: 3, Column: 3}}},
		{">\t#\nfoo\n", []Position{{Offset: 2, Line: 1, Column: 3}}},
	} {
		d := wholeDoc(&Extractor{}, []byte(c.src))
		var got []Position
		for _, a := range d.Anchors {
			got = append(got, a.Start)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: headings at %v, want %v", c.src, got, c.want)
		}
		checkChunked(t, c.src, []byte(c.src), 1)
	}
}

// TestOneLineHTMLBlocksSplit: a block of HTML whose one line holds its
// end ("<!-- note -->") lets a chunk end after it, so a document of many
// such lines is still parsed in chunks of about the size asked for.
func TestOneLineHTMLBlocksSplit(t *testing.T) {
	src := []byte(strings.Repeat("para https://x.example/p\n\n<!-- c -->\n\n", 20000))
	_, _, chunks := (&Extractor{}).chunked(src, docParser(), true, chunkSize, nil)
	if len(chunks) < len(src)/chunkSize/2 {
		t.Errorf("%d bytes in %d chunks of at least %d bytes", len(src), len(chunks), chunkSize)
	}
	checkChunked(t, "one-line HTML blocks", src[:4000], 100)
}

// TestFootnotesSplittable: a document with a footnote definition that
// may sit inside another footnote is parsed whole; others in chunks.
func TestFootnotesSplittable(t *testing.T) {
	for src, want := range map[string]bool{
		"a [^1] b\n\n[^1]: n\n":                    true,
		"no notes ^ here [x]^2\n":                  true,
		"a [^1](https://x.example) [^2]":           true,
		"GoReleaser[^1]: text\n":                   true,
		"> [^1]: quoted\n\n- [^2]: listed\n":       true,
		"    [^1]: code\n":                         true,
		"[^a]: [^b]: inner\n":                      false,
		"[^a]: x\n\n    [^b]: inner\n":             false,
		"[^a]: x\n\n    - [^b]: inner\n":           false,
		"- [^a]: x\n\n      > [^b]: inner\n":       false,
		"[^a]: x\nlazy\n    [^b]: inner\n":         false,
		"a\n\nlazy\n    [^b]: code or paragraph\n": true,
	} {
		if got := footnotesSplittable([]byte(src)); got != want {
			t.Errorf("footnotesSplittable(%q) = %v, want %v", src, got, want)
		}
	}
}

package extract

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// anchorTests give a Markdown document and its anchors as
// "line:col kind name", one per line.
var anchorTests = []struct {
	name, src, want string
}{
	{"atx and setext", "# Intro\n\nSetext *one*\n===\n\nTwo\n---\n",
		"1:1 slug intro\n3:1 slug setext-one\n6:1 slug two\n"},
	{"collision loop", "# a\n# a\n# a 1\n## A\n",
		"1:1 slug a\n2:1 slug a-1\n3:1 slug a-1-1\n4:1 slug a-2\n"},
	{"rendered text", "# `Code  Span` [link text](x.md) **bold** &amp; \\*esc\\* ![alt](i.png) <b>tag</b>\n",
		"1:1 slug code--span-link-text-bold--esc--tag\n"},
	{"entity and numeric reference", "# caf&eacute; &#x20;x\n", "1:1 slug café--x\n"},
	{"no headings in code", "```\n# not a heading\n```\n\n    # nor this\n\n# Real\n", "7:1 slug real\n"},
	{"heading attribute replaces the slug", "# Title {#custom}\n# Title\n", "1:1 id custom\n2:1 slug title\n"},
	{"class attribute keeps the slug", "# Title {.wide}\n", "1:1 slug title\n"},
	{"raw html id and name", "<div id=\"top-box\">\n\ntext <a name=\"old-name\"></a> and <span ID='x'>\n\n</div>\n",
		"1:1 id top-box\n3:6 name old-name\n3:34 id x\n"},
	{"no html anchors in code", "`<a id=\"no\">`\n\n```html\n<a name=\"no\">\n```\n", ""},
	{"heading in a list and a quote", "- # In list\n\n> ## In quote\n", "1:3 slug in-list\n3:3 slug in-quote\n"},
	{"multi-line setext", "Foo\nbar\n===\n", "1:1 slug foobar\n"},
	{"emoji and punctuation", "# 🎉 Release 2.0 (beta)!\n", "1:1 slug -release-20-beta\n"},
}

func formatAnchors(as []Anchor) string {
	kinds := [...]string{HeadingSlug: "slug", HeadingID: "id", IDAttr: "id", NameAttr: "name"}
	var b strings.Builder
	for _, a := range as {
		fmt.Fprintf(&b, "%s %s %s\n", a.Start, kinds[a.Kind], a.Name)
	}
	return b.String()
}

func TestMarkdownDocAnchors(t *testing.T) {
	for _, tt := range anchorTests {
		d := (&Extractor{}).MarkdownDoc([]byte(tt.src))
		if got := formatAnchors(d.Anchors); got != tt.want {
			t.Errorf("%s: MarkdownDoc(%q) anchors:\n%s\nwant:\n%s", tt.name, tt.src, got, tt.want)
		}
	}
}

func TestMarkdownDocComments(t *testing.T) {
	src := "a\n<!-- urilint-disable broken-file -->\n\ntext <!-- inline --> more\n\n```\n<!-- in code -->\n```\n"
	d := (&Extractor{}).MarkdownDoc([]byte(src))
	var got []string
	for _, c := range d.Comments {
		got = append(got, fmt.Sprintf("%s-%s %q", c.Start, c.End, c.Text))
	}
	want := []string{`2:1-2:37 " urilint-disable broken-file "`, `4:6-4:21 " inline "`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MarkdownDoc(%q) comments = %q, want %q", src, got, want)
	}
}

// TestMarkdownDocMultilineComments: a comment whose "-->" is on a later
// line is one comment, from "<!--" to "-->", its last line included
// (goldmark keeps that line apart, as the block's closure line).
func TestMarkdownDocMultilineComments(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"<!-- urilint-disable broken-file\n     why -->\n", `1:1-2:13 " urilint-disable broken-file\n     why "`},
		{"a\n\n<!--\nb\n\nc\n-->\n", `3:1-7:4 "\nb\n\nc\n"`},
		{"- item\n\n  <!-- a\n  b -->\n", `3:3-4:8 " a\n  b "`},
	} {
		d := (&Extractor{}).MarkdownDoc([]byte(tt.src))
		var got []string
		for _, c := range d.Comments {
			got = append(got, fmt.Sprintf("%s-%s %q", c.Start, c.End, c.Text))
		}
		if g := strings.Join(got, ";"); g != tt.want {
			t.Errorf("MarkdownDoc(%q) comments = %s, want %s", tt.src, g, tt.want)
		}
	}
}

// TestMarkdownDocLinks: the links of MarkdownDoc are those of Markdown,
// on every Markdown case of the golden files.
func TestMarkdownDocLinks(t *testing.T) {
	for _, c := range readGolden(t) {
		if !strings.HasSuffix(c.name, ".md") {
			continue
		}
		e := &Extractor{Code: strings.HasSuffix(c.name, ".code.md")}
		want := e.Markdown(c.input)
		got := e.MarkdownDoc(c.input).Links
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: MarkdownDoc links differ from Markdown's:\n%s\nwant:\n%s", c.file, c.name, formatLinks(got), formatLinks(want))
		}
	}
}

func TestHTMLDoc(t *testing.T) {
	src := `<!doctype html>
<html><head><link href="style.css" rel=stylesheet>
<script>if (a<b) { x = "<a href='no.html'>" }</script></head>
<body><h1 id="Top-Part">T</h1><!-- urilint-disable-next-line -->
<a name=legacy href="other.html#x">o</a><img src="i.png" srcset="a.png 1x, b.png 2x">
</body></html>`
	d := (&Extractor{}).HTMLDoc([]byte(src))
	var links []string
	for _, l := range d.Links {
		links = append(links, l.Start.String()+" "+l.URI)
	}
	wantLinks := []string{"2:25 style.css", "5:22 other.html#x", "5:51 i.png", "5:66 a.png", "5:76 b.png"}
	if !reflect.DeepEqual(links, wantLinks) {
		t.Errorf("HTMLDoc links = %q, want %q", links, wantLinks)
	}
	if got, want := formatAnchors(d.Anchors), "4:7 id Top-Part\n5:1 name legacy\n"; got != want {
		t.Errorf("HTMLDoc anchors:\n%s\nwant:\n%s", got, want)
	}
	if len(d.Comments) != 1 || d.Comments[0].Text != " urilint-disable-next-line " || d.Comments[0].Start.String() != "4:31" {
		t.Errorf("HTMLDoc comments = %+v", d.Comments)
	}
}

func TestDocMalformed(t *testing.T) {
	for _, src := range []string{"<", "<a id=", "<!--", "# {#", "<a name='x", "#\n#", "Foo\n===\n{#x}", "<div id=\"a\"\n\n# b {#}"} {
		e := &Extractor{}
		e.MarkdownDoc([]byte(src))
		e.HTMLDoc([]byte(src))
	}
}

// FuzzMarkdownDoc: MarkdownDoc (also with template actions read as
// words) and HTMLDoc never panic, their links keep the invariants of
// Markdown's, and every anchor and comment lies inside the input, in
// source order.
func FuzzMarkdownDoc(f *testing.F) {
	seed(f)
	for _, tt := range anchorTests {
		f.Add([]byte(tt.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		e := &Extractor{}
		tmpl := &Extractor{Templates: HugoShortcodes | Liquid}
		for name, d := range map[string]*Doc{"MarkdownDoc": e.MarkdownDoc(src), "HTMLDoc": e.HTMLDoc(src), "MarkdownDoc+templates": tmpl.MarkdownDoc(src)} {
			checkInvariants(t, name, src, d.Links)
			prev := 0
			for _, a := range d.Anchors {
				if a.Start.Offset < prev || a.Start.Offset > len(src) || a.Start.Line < 1 || a.Start.Column < 1 {
					t.Fatalf("%s(%q): anchor %q at %+v", name, src, a.Name, a.Start)
				}
				prev = a.Start.Offset
			}
			prev = 0
			for _, c := range d.Comments {
				if c.Start.Offset < prev || c.End.Offset > len(src) || c.End.Offset < c.Start.Offset {
					t.Fatalf("%s(%q): comment %q at %+v-%+v", name, src, c.Text, c.Start, c.End)
				}
				prev = c.Start.Offset
			}
		}
	})
}

// TestMarkdownDocDegraded: a document that the guard reads as plain text
// (issue 19 item 9) still gives what plain text can tell: its absolute
// URIs, its comments (where the audit's directives live), and why and
// where it was downgraded.
func TestMarkdownDocDegraded(t *testing.T) {
	src := "# Title\n\n<!-- urilint-disable broken-file -->\nSee <https://example.com/a> and [b](docs/b.md).\n\n" +
		strings.Repeat("> ", 2000) + "deep\n\nhttps://example.com/after\n"
	d := (&Extractor{}).MarkdownDoc([]byte(src))
	var ce *CostError
	if !errors.As(d.Plain, &ce) {
		t.Fatalf("MarkdownDoc: Plain = %v, want a *CostError", d.Plain)
	}
	if ce.Reason != "containers nested deep" || ce.Pos.String() != "6:1" || ce.Pos.Offset != strings.Index(src, "> > ") {
		t.Errorf("MarkdownDoc: Plain = %q at %v (offset %d), want containers nested deep at 6:1", ce.Reason, ce.Pos, ce.Pos.Offset)
	}
	var links []string
	for _, l := range d.Links {
		links = append(links, l.Start.String()+" "+l.URI)
	}
	if want := []string{"4:6 https://example.com/a", "8:1 https://example.com/after"}; !reflect.DeepEqual(links, want) {
		t.Errorf("MarkdownDoc: links %q, want %q", links, want)
	}
	if len(d.Comments) != 1 || d.Comments[0].Text != " urilint-disable broken-file " || d.Comments[0].Start.String() != "3:1" || d.Comments[0].End.String() != "3:37" {
		t.Errorf("MarkdownDoc: comments %+v, want the one on line 3", d.Comments)
	}
	if len(d.Anchors) != 0 {
		t.Errorf("MarkdownDoc: anchors %+v, want none (unknown)", d.Anchors)
	}
}

// sameDoc reports whether two documents hold the same links, anchors and
// comments and were both parsed as Markdown, or read as text for the
// same reason.
func sameDoc(a, b *Doc) bool {
	if (a.Plain == nil) != (b.Plain == nil) || a.Plain != nil && a.Plain.Error() != b.Plain.Error() {
		return false
	}
	return reflect.DeepEqual(a.Links, b.Links) && reflect.DeepEqual(a.Anchors, b.Anchors) && reflect.DeepEqual(a.Comments, b.Comments)
}

// TestMarkdownDocEach: the links MarkdownDocEach gives are those of
// MarkdownDoc, with the same anchors and comments, whether the document
// is parsed or read as text.
func TestMarkdownDocEach(t *testing.T) {
	for name, src := range map[string]string{
		"small":       "# T\n\nsee https://example.com/x and [a](b.md) <!-- c -->\n\n[ref][r]\n\n[r]: https://example.com/r\n",
		"footnotes":   "a [^1] and [b](c.md)\n\n[^1]: see https://example.com/n\n",
		"plain":       strings.Repeat("[", 200_000) + " https://example.com/p\n",
		"over-capped": "# T\n\n" + strings.Repeat("see https://example.com/x\n", 100),
	} {
		e := &Extractor{}
		if name == "over-capped" {
			e.MaxMarkdown = 1000
		}
		want := e.MarkdownDoc([]byte(src))
		var links []Link
		got := e.MarkdownDocEach([]byte(src), func(ls []Link) { links = append(links, ls...) })
		if got.Links != nil {
			t.Errorf("%s: MarkdownDocEach returned %d links in its Doc", name, len(got.Links))
		}
		got.Links = links
		if !sameDoc(got, want) {
			t.Errorf("%s: MarkdownDocEach differs from MarkdownDoc", name)
		}
		if len(want.Links) == 0 {
			t.Errorf("%s: no links: the test is void", name)
		}
	}
}

// TestMaxMarkdown: a document larger than the cap is read as plain text,
// its URIs found by the rules of Text and its comments without a parse,
// and Plain names the cap; at the cap it is parsed.
func TestMaxMarkdown(t *testing.T) {
	src := []byte("# Title\n\nSee [a](a.md) and <https://example.com/x>. <!-- note -->\n")
	at := (&Extractor{MaxMarkdown: len(src)}).MarkdownDoc(src)
	if at.Plain != nil || len(at.Anchors) != 1 || len(at.Links) != 2 {
		t.Fatalf("at the cap: Plain %v, %d anchors, %d links; want a parse", at.Plain, len(at.Anchors), len(at.Links))
	}
	over := (&Extractor{MaxMarkdown: len(src) - 1}).MarkdownDoc(src)
	var ce *CostError
	if !errors.As(over.Plain, &ce) || !errors.Is(over.Plain, ErrCostlyMarkdown) || !strings.Contains(ce.Reason, fmt.Sprintf("larger than %d bytes", len(src)-1)) || ce.Pos.Line != 1 {
		t.Fatalf("over the cap: Plain = %v, want a *CostError naming the cap", over.Plain)
	}
	if len(over.Anchors) != 0 || len(over.Comments) != 1 || !slices.EqualFunc(over.Links, Text(src), func(a, b Link) bool { return a.Start == b.Start && a.URI == b.URI }) {
		t.Errorf("over the cap: %d anchors, %d comments, links %v; want those of text", len(over.Anchors), len(over.Comments), over.Links)
	}
	if got := (&Extractor{MaxMarkdown: len(src) - 1}).Markdown(src); len(got) != 1 {
		t.Errorf("Markdown over the cap: %d links, want the one of Text", len(got))
	}
	if e := (Extractor{}); e.maxMarkdown() != DefaultMaxMarkdown || DefaultMaxMarkdown != 16<<20 {
		t.Errorf("default cap %d, want 16 MiB", e.maxMarkdown())
	}
}

// TestParseBudget: parallel parses hold no more of the budget than it
// has, and every parse gives back what it took.
func TestParseBudget(t *testing.T) {
	// About 40 MB of estimated tree each: three at once fill the budget.
	src := repeat("Some *prose* with [a link](https://example.com/x) and `code`.\n", 2<<20)
	tree, err := checkMarkdown(src)
	if err != nil || tree < parseBudget/4 {
		t.Fatalf("checkMarkdown: %d bytes of tree, %v; want more than a quarter of the budget", tree, err)
	}
	budget.resetPeak()
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() { (&Extractor{}).MarkdownDoc(src) })
	}
	wg.Wait()
	held, peak := budget.state()
	if held != 0 || peak > parseBudget || peak < int64(tree) {
		t.Errorf("budget: %d held after the parses, peak %d; want 0, and a peak between %d and %d", held, peak, tree, parseBudget)
	}
}

// TestEmptyHeadingStart: an empty ATX heading ("#") starts at its "#",
// wherever the block before it ends.
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
		d := (&Extractor{}).MarkdownDoc([]byte(c.src))
		var got []Position
		for _, a := range d.Anchors {
			got = append(got, a.Start)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: headings at %v, want %v", c.src, got, c.want)
		}
	}
}

// TestTextEach: the batches of a document read as plain text, a piece
// at a time, are the links Text finds in the whole, the same in every
// field, wherever the pieces end (here after every empty line).
func TestTextEach(t *testing.T) {
	inputs := [][]byte{repeat("See <https://example.com/a\n b> and “http://x.example/q”\n\n<URL:\nhttp://y.example/>\n\nhttps://z.example/\\x\n\n", 1<<16)}
	for _, c := range readGolden(t) {
		inputs = append(inputs, c.input)
	}
	for _, tt := range costlyMarkdown {
		inputs = append(inputs, tt.src)
	}
	for _, piece := range []int{1, 100} {
		for i, src := range inputs {
			var got []Link
			batches := 0
			(&Extractor{}).textEach(src, piece, func(ls []Link) { got = append(got, ls...); batches++ })
			if want := Text(src); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
				t.Errorf("input %d, pieces of %d bytes: %d links, Text %d, or they differ", i, piece, len(got), len(want))
			}
			if i == 0 && batches < len(src)/(2*piece+200) {
				t.Errorf("input 0, pieces of %d bytes: %d batches, want one for each few paragraphs", piece, batches)
			}
		}
	}
}

// TestHTMLBlockClosure: an HTML block's closure line is read with its
// lines, for links as for comments: a comment across them holds no
// link, and a link on the closure line is found.
func TestHTMLBlockClosure(t *testing.T) {
	src := "<!--\n<a href=\"http://in-comment.example/\">\n-->\n\n<pre>\ntext\n<a href=\"http://closure.example/\">x</a></pre>\n"
	var got []string
	for _, l := range (&Extractor{}).Markdown([]byte(src)) {
		got = append(got, l.Start.String()+" "+l.URI)
	}
	if want := []string{"7:10 http://closure.example/"}; !slices.Equal(got, want) {
		t.Errorf("Markdown(%q) = %q, want %q", src, got, want)
	}
	d := (&Extractor{}).MarkdownDoc([]byte(src))
	if len(d.Comments) != 1 || d.Comments[0].End.String() != "3:4" {
		t.Errorf("MarkdownDoc(%q) comments = %+v, want one to 3:4", src, d.Comments)
	}
}

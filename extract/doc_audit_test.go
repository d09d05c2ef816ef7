package extract

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
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

// FuzzMarkdownDoc: MarkdownDoc and HTMLDoc never panic, their links keep
// the invariants of Markdown's, and every anchor and comment lies inside
// the input, in source order.
func FuzzMarkdownDoc(f *testing.F) {
	seed(f)
	for _, tt := range anchorTests {
		f.Add([]byte(tt.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		e := &Extractor{}
		for name, d := range map[string]*Doc{"MarkdownDoc": e.MarkdownDoc(src), "HTMLDoc": e.HTMLDoc(src)} {
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

package extract

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"
)

// seed adds every golden input and the adversarial patterns to f.
func seed(f *testing.F) {
	for _, c := range readGolden(f) {
		f.Add(c.input)
	}
	for _, s := range []string{"<", "((((", `""""`, "-\n-\n", "%%%%", "<http://a-\n b>", "“http://a", "<URL: x:y>", "[a](<b\\>)", "<a href=\"&#0;\">"} {
		f.Add([]byte(s))
	}
	// Template actions (Extractor.Templates), in the places they change.
	for _, s := range []string{
		"[1]: {{< param url>}}/a/{{< param b >}}/c\n[2]: /d\n\n[x][2]\n",
		"[a]({{% relref \"b.md\" %}}#c \"{{< t >}}\") | {{< p \"|\" >}} |\n",
		"{% raw %}\n[1]: {{ a }}\n{%- endraw -%}\n[2]: {{ site.url }}/x\n",
		"# T {#{{ id }}}\n\n<a href=\"{{ x }}\">{{</* y */>}}</a> `{% c %}`\n",
		"a {{<button href=\"/d\" src='e'>}}b{{</button>}} [c](/f)\n",
		"{{< a b >}}{{% a %}}{{ a }}{% b %}{{</* a */>}}{{ a\n}}{{ a\r}}{%-raw-%}x{%-endraw-%}",
	} {
		f.Add([]byte(s))
	}
}

// FuzzText: Text never panics, every span lies inside the input and holds
// Raw, links come in source order, and a URI that Text joined or
// unescaped maps every byte back inside its span; read a piece at a time
// (as MarkdownDocEach reads a document over the cap), cut after every
// empty line, the text gives the same links.
func FuzzText(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		links := Text(src)
		checkInvariants(t, "Text", src, links)
		for _, l := range links {
			if l.URI == "" {
				t.Fatalf("Text(%q): empty URI at %v", src, l.Start)
			}
		}
		var pieces []Link
		(&Extractor{}).textEach(src, 1, func(ls []Link) { pieces = append(pieces, ls...) })
		if !reflect.DeepEqual(pieces, links) && len(pieces)+len(links) > 0 {
			t.Fatalf("Text(%q) in pieces = %v, whole %v", src, pieces, links)
		}
	})
}

// FuzzMarkdown: the same for Markdown, with and without code, and with
// template actions read as words (Extractor.Templates), whose links
// still slice the source and are those of CommonMark when the document
// holds no action; the mask of the actions keeps its invariants
// (checkMask).
func FuzzMarkdown(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkMask(t, src)
		plain := Markdown(src)
		checkInvariants(t, "Markdown", src, plain)
		checkInvariants(t, "Markdown+code", src, (&Extractor{Code: true}).Markdown(src))
		all := HugoShortcodes | Liquid
		tmpl := (&Extractor{Templates: all}).Markdown(src)
		checkInvariants(t, "Markdown+templates", src, tmpl)
		if len(src) > 0 && &maskTemplates(src, src, all)[0] == &src[0] && !reflect.DeepEqual(plain, tmpl) {
			t.Fatalf("Markdown(%q) without actions: %v with templates, %v without", src, tmpl, plain)
		}
	})
}

// TestBareURIsAreTokens: a bare URI found in valid UTF-8 never holds
// white space, so it never joins lines.
func TestBareURIsAreTokens(t *testing.T) {
	for _, c := range readGolden(t) {
		for _, l := range extractCase(c.name, c.input) {
			if l.Kind != Bare || !utf8.ValidString(l.Raw) {
				continue
			}
			if hasSpace([]byte(l.Raw)) {
				t.Errorf("%s: bare link %q holds white space", c.name, l.Raw)
			}
		}
	}
}

// FuzzCheckMarkdown: the guard never panics, and the place it names is the
// start of a line of the input, with the right line number.
func FuzzCheckMarkdown(f *testing.F) {
	seed(f)
	for _, tt := range costlyMarkdown {
		f.Add(tt.src[:min(len(tt.src), 4096)])
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var ce *CostError
		if !errors.As(costly(src), &ce) {
			return
		}
		p := ce.Pos
		if p.Offset < 0 || p.Offset > len(src) || p.Offset > 0 && src[p.Offset-1] != '\n' ||
			p.Column != 1 || p.Line != 1+bytes.Count(src[:p.Offset], nl) || ce.Reason == "" {
			t.Fatalf("costly(%q) = %v at %+v, want the start of a line", src, ce, p)
		}
	})
}

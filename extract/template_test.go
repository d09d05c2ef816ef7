package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// linkList formats links as "line:col kind raw [uri]", one a line.
func linkList(links []Link) string {
	var b strings.Builder
	for _, l := range links {
		fmt.Fprintf(&b, "%d:%d %v %q", l.Start.Line, l.Start.Column, l.Kind, l.Raw)
		if l.URI != l.Raw {
			fmt.Fprintf(&b, " uri %q", l.URI)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestMarkdownTemplates: a link reference definition whose destination
// holds a shortcode with spaces is one to Hugo, and so is every
// definition after it (issue 24: projectcontour/contour's
// "[1]: {{< param github_url>}}/tree/..." hid "[2]: /guides/structured-logs"
// and the table's reference to it); the links keep the source's bytes
// and places. Read as CommonMark (the default), the definitions are
// paragraph text.
func TestMarkdownTemplates(t *testing.T) {
	src := "| Flag | Doc |\n" + // line 1
		"|---|---|\n" +
		"| a | [access log format][2] |\n" +
		"\n" +
		"[1]: {{< param github_url>}}/tree/{{< param branch >}}/examples/x.yaml\n" + // line 5
		"[2]: /guides/structured-logs\n" +
		"[3]: {{< ref \"x.md\" >}}\n" // only a template action: no URI
	got := linkList((&Extractor{Templates: HugoShortcodes}).Markdown([]byte(src)))
	want := "" +
		"5:6 definition \"{{< param github_url>}}/tree/{{< param branch >}}/examples/x.yaml\"\n" +
		"6:6 definition \"/guides/structured-logs\"\n"
	if got != want {
		t.Errorf("Markdown with HugoShortcodes:\n%s\nwant:\n%s", got, want)
	}
	// Exact offsets: the definition's destination starts right after
	// "[2]: ", and Raw is the source's text there.
	links := (&Extractor{Templates: HugoShortcodes}).Markdown([]byte(src))
	if off := strings.Index(src, "/guides/"); len(links) != 2 || links[1].Start.Offset != off || links[1].End.Offset != off+len("/guides/structured-logs") {
		t.Errorf("second link at %+v, want offsets %d-%d", links, off, off+len("/guides/structured-logs"))
	}
	if off := strings.Index(src, "{{< param github_url"); len(links) != 2 || links[0].Start.Offset != off || links[0].End.Offset != strings.Index(src, "x.yaml")+len("x.yaml") {
		t.Errorf("first link at %+v, want offset %d", links, off)
	}
	if got := linkList(Markdown([]byte(src))); got != "" {
		t.Errorf("Markdown as CommonMark: %s, want no link (the definitions are paragraph text)", got)
	}
	// Liquid is not Hugo's: "{{ x }}" in a Hugo page is text.
	liquid := "[1]: {{ site.baseurl }}/a/\n[2]: /b/\n"
	if got := linkList((&Extractor{Templates: HugoShortcodes}).Markdown([]byte(liquid))); got != "" {
		t.Errorf("Liquid read with HugoShortcodes: %s, want no link", got)
	}
	got = linkList((&Extractor{Templates: Liquid}).Markdown([]byte(liquid)))
	if want := "1:6 definition \"{{ site.baseurl }}/a/\"\n2:6 definition \"/b/\"\n"; got != want {
		t.Errorf("Markdown with Liquid:\n%s\nwant:\n%s", got, want)
	}
}

// TestMarkdownTemplatesInline: actions inside inline links, titles and
// table cells, each with its exact place.
func TestMarkdownTemplatesInline(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		t         Templates
		want      string
	}{{
		name: "destination",
		src:  "See [the file]({{< param repo >}}/blob/main/a.go).\n",
		t:    HugoShortcodes,
		want: "1:16 inline-link \"{{< param repo >}}/blob/main/a.go\"\n",
	}, {
		name: "only an action",
		src:  "See [x]({{< relref \"y.md\" >}}) and [z]({% link z.md %}).\n",
		t:    HugoShortcodes | Liquid,
		want: "",
	}, {
		name: "title",
		src:  "[a](/a.md \"{{% param t %}}\") [b](/b.md)\n",
		t:    HugoShortcodes,
		want: "1:5 inline-link \"/a.md\"\n1:34 inline-link \"/b.md\"\n",
	}, {
		// A "|" inside an action makes no cell: the link stays whole.
		name: "table cell",
		src:  "| a | b |\n|---|---|\n| [x]({{< p \"a|b\" >}}/c) | [y](/y) |\n",
		t:    HugoShortcodes,
		want: "3:7 inline-link \"{{< p \\\"a|b\\\" >}}/c\"\n3:32 inline-link \"/y\"\n",
	}, {
		// A shortcode written as a tag keeps the URL arguments that
		// CommonMark reads in it as raw HTML, in source order.
		name: "shortcode as a tag",
		src:  "[a](/a) {{<button href=\"/docs/\">}}Go{{</button>}} [b](/b) {{< button href=\"/c\" >}}\n",
		t:    HugoShortcodes,
		want: "1:5 inline-link \"/a\"\n1:25 html-attr \"/docs/\"\n1:55 inline-link \"/b\"\n",
	}, {
		// HTML in a Liquid string is written where the value is used.
		name: "html in liquid",
		src:  "{% assign b = '<sup><a href=\"#invalid\">[1]</a></sup>' %} See {{ b }}.\n",
		t:    Liquid,
		want: "1:30 html-attr \"#invalid\"\n",
	}, {
		// "{{</* x */>}}" writes the shortcode as text: no action.
		name: "escaped shortcode",
		src:  "[1]: {{</* param x */>}}/a\n[2]: /b\n",
		t:    HugoShortcodes,
		want: "",
	}, {
		// An action across lines is none: Liquid's "{{" with no "}}"
		// on its line is text.
		name: "across lines",
		src:  "[1]: {{ a\nb }}/x\n[2]: /b\n",
		t:    Liquid,
		want: "",
	}, {
		// A raw section is written as it is: what it holds is text.
		name: "raw",
		src:  "{% raw %}\n[1]: {{ a }}/x\n{% endraw %}\n\n[2]: {{ b }}/y\n",
		t:    Liquid,
		want: "5:6 definition \"{{ b }}/y\"\n",
	}} {
		got := linkList((&Extractor{Templates: tt.t}).Markdown([]byte(tt.src)))
		if got != tt.want {
			t.Errorf("%s: Markdown(%q):\n%s\nwant:\n%s", tt.name, tt.src, got, tt.want)
		}
		checkInvariants(t, tt.name, []byte(tt.src), (&Extractor{Templates: tt.t}).Markdown([]byte(tt.src)))
	}
}

// TestMaskTemplates: which bytes of an action change, and which do not.
func TestMaskTemplates(t *testing.T) {
	for _, tt := range []struct {
		src  string
		t    Templates
		want string
	}{
		{"a {{< param github_url>}} b", HugoShortcodes, "a xxxxparamxgithubxurlxxx b"},
		{"{{% x \"y z\" %}}", HugoShortcodes, "xxxxxxxyxzxxxxx"},
		{"{{ site.url }}{% link a.md %}", Liquid, "xxxsitexurlxxxxxxlinkxaxmdxxx"},
		{"{{ site.url }}", HugoShortcodes, "{{ site.url }}"},
		{"{{< x >}}", Liquid, "xxxxxxxxx"}, // to Liquid, "{{" ... "}}"
		{"{{</* x */>}}", HugoShortcodes, "{{</* x */>}}"},
		{"{{< a\nb >}}", HugoShortcodes, "{{< a\nb >}}"},
		{"{{ a\rb }}", Liquid, "{{ a\rb }}"},
		{"{{ a }} }}", Liquid, "xxxaxxx }}"},
		{"{%- raw -%} {{ a }} {% endraw %} {{ b }}", Liquid, "xxxxrawxxxx {{ a }} xxxendrawxxx xxxbxxx"},
		{"{% raw %}{{ a }}", Liquid, "xxxrawxxx{{ a }}"},
		{"{{ é }}", Liquid, "xxxxxxxx"},
		{"{{ x }}", 0, "{{ x }}"},
	} {
		src := []byte(tt.src)
		if got := string(maskTemplates(src, src, tt.t)); got != tt.want {
			t.Errorf("maskTemplates(%q, %d) = %q, want %q", tt.src, tt.t, got, tt.want)
		}
		if string(src) != tt.src {
			t.Errorf("maskTemplates(%q) changed its input", tt.src)
		}
	}
	long := "{{ " + strings.Repeat("a", maxAction) + " }}"
	if got := string(maskTemplates([]byte(long), []byte(long), Liquid)); got != long {
		t.Errorf("an action over %d bytes was masked", maxAction)
	}
}

// TestMaskTemplatesNoCopy: a document without an action is handed to the
// parser as it is, without a copy or an allocation.
func TestMaskTemplatesNoCopy(t *testing.T) {
	src := []byte(strings.Repeat("# Title\n\nSome {text} and [a](b.md) {x}\n", 100))
	if allocs := testing.AllocsPerRun(10, func() {
		if got := maskTemplates(src, src, HugoShortcodes|Liquid); &got[0] != &src[0] {
			t.Fatal("copied")
		}
	}); allocs != 0 {
		t.Errorf("maskTemplates allocates %v times on a document without actions", allocs)
	}
	withOpener := []byte("a {{ b\n}} {% c\n")
	if got := maskTemplates(withOpener, withOpener, HugoShortcodes|Liquid); &got[0] != &withOpener[0] {
		t.Error("copied a document whose openers begin no action")
	}
}

// TestMaskTemplatesLinear: openers without closers, or with a closer
// past the line's end, are read in linear time: a search for the closer
// from each opener would read a megabyte half a million times (minutes),
// where one reading takes milliseconds.
func TestMaskTemplatesLinear(t *testing.T) {
	for i, src := range [][]byte{
		bytes.Repeat([]byte("{{"), 1<<19),
		bytes.Repeat([]byte("{%"), 1<<19),
		append(bytes.Repeat([]byte("{{<"), 1<<18), "\n>}}"...),
		append(bytes.Repeat([]byte("{{ "), 1<<18), "\n}}"...),
		append(bytes.Repeat([]byte("{{ \r"), 1<<18), "}}"...),
		bytes.Repeat([]byte("{% raw %}endraw"), 1<<16),
	} {
		start := time.Now()
		maskTemplates(src, src, HugoShortcodes|Liquid)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("input %d: %v for %d bytes", i, d, len(src))
		}
	}
}

// checkMask: the mask keeps every byte's offset, changes bytes only
// into "x", never a line ending, and never changes its input. FuzzMarkdown
// runs it on every input, with each set of languages.
func checkMask(t *testing.T, src []byte) {
	orig := bytes.Clone(src)
	for tp := range HugoShortcodes | Liquid + 1 {
		got := maskTemplates(src, src, tp)
		if !bytes.Equal(src, orig) {
			t.Fatalf("maskTemplates(%q, %d) changed its input", orig, tp)
		}
		if len(got) != len(src) {
			t.Fatalf("maskTemplates(%q, %d): length %d, want %d", src, tp, len(got), len(src))
		}
		for i := range src {
			if got[i] != src[i] && (got[i] != 'x' || src[i] == '\n' || src[i] == '\r') {
				t.Fatalf("maskTemplates(%q, %d): byte %d %q became %q", src, tp, i, src[i], got[i])
			}
		}
	}
}

package extract

import (
	"bytes"
	"testing"
)

func TestBlockBodies(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"!!! note\n\n    [a](b)\n", "-   note\n\n    [a](b)\n"},
		{"  ??? \"Title\"\n", "  -   \"Title\"\n"},
		{"???+ tip\n    x\n", "-  ? tip\n    x\n"},
		{"=== \"YAML\"\n    x\n", "-   \"YAML\"\n    x\n"},
		{"===+ \"A\"\n", "-  ? \"A\"\n"},
		{"Title\n===\n", "Title\n===\n"},                 // a setext underline
		{"=== x\n", "=== x\n"},                           // no tab title
		{"!!!\n", "!!!\n"},                               // no type
		{"!!! 1\n", "!!! 1\n"},                           // not a type
		{"a !!! note\n", "a !!! note\n"},                 // not at the line's start
		{"```\n!!! note\n```\n", "```\n-   note\n```\n"}, // in code too: no link there either way
	} {
		got := blockBodies([]byte(tc.src))
		if string(got) != tc.want {
			t.Errorf("blockBodies(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
	src := []byte("no blocks here\n")
	if got := blockBodies(src); &got[0] != &src[0] {
		t.Error("blockBodies copied a source without blocks")
	}
	// The links of a note's body are links.
	d := (&Extractor{}).MarkdownDoc([]byte("# A\n\n!!! note \"N\"\n\n    See [x](other.md#y).\n\n    ## Inside\n"))
	if len(d.Links) != 1 || d.Links[0].URI != "other.md#y" || d.Links[0].Start.Line != 5 || d.Links[0].Start.Column != 13 {
		t.Errorf("links = %+v, want other.md#y at 5:13", d.Links)
	}
	found := false
	for _, an := range d.Anchors {
		found = found || an.Name == "inside"
	}
	if !found {
		t.Errorf("anchors = %+v, want the note's heading", d.Anchors)
	}
}

func FuzzBlockBodies(f *testing.F) {
	f.Add([]byte("!!! note\n    [a](b)\n???+ x\n=== \"t\"\n"))
	f.Add([]byte("  !!! \"\n===! \"a"))
	f.Fuzz(func(t *testing.T, src []byte) {
		got := blockBodies(src)
		if len(got) != len(src) {
			t.Fatalf("length %d, want %d", len(got), len(src))
		}
		for i := range src {
			if got[i] != src[i] && !bytes.ContainsRune([]byte("!?=+"), rune(src[i])) {
				t.Fatalf("byte %d changed from %q", i, src[i])
			}
		}
	})
}

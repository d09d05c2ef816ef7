package audit

import (
	"bytes"
	"reflect"
	"testing"
)

func TestUnusedDefinitions(t *testing.T) {
	src := []byte("See [the guide][Guide], [Setup][] and [faq].\n\n" +
		"[guide]: guide.md\n" +
		"[setup]: setup.md\n" +
		"[FAQ]: faq.md\n" +
		"[0]: ../README.md\n" +
		"> [quoted]: q.md\n" +
		"[Two  Words]: two.md\n" +
		"[two words] is used, its label folded.\n" +
		"An [error objects](#errors) inline link uses no definition.\n" +
		"[error objects]: #errror-objects\n")
	var defs []int32
	for _, d := range []string{"guide.md", "setup.md", "faq.md", "../README.md", "q.md", "two.md", "#errror-objects"} {
		defs = append(defs, int32(bytes.Index(src, []byte("]: "+d))+3))
	}
	got := unusedDefinitions(src, defs)
	want := []int32{defs[3], defs[4], defs[6]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unusedDefinitions = %v, want %v (the offsets of ../README.md, q.md and #errror-objects)", got, want)
	}
}

// TestASCIILabel checks the fast way of normLabel against it, on labels
// with every kind of ASCII white space, case and length.
func TestASCIILabel(t *testing.T) {
	for _, l := range []string{
		"", " ", "guide", "Guide", "  Two \t Words  ", "a\nb", "A\vB\fC\rD", "x_Y-z 9",
		"ÄÖ", "a\u00a0b", "a\u0085b", "Straße", "[nested", "\t\t",
	} {
		key, ok := appendASCIILabel(nil, []byte(l))
		if !ok {
			for _, c := range []byte(l) {
				if c < 0x80 {
					continue
				}
				ok = true // not ASCII: left to normLabel, as it must be
			}
			if !ok {
				t.Errorf("appendASCIILabel(%q) refused an ASCII label", l)
			}
			continue
		}
		if want := normLabel([]byte(l)); string(key) != want {
			t.Errorf("appendASCIILabel(%q) = %q, want %q (normLabel)", l, key, want)
		}
	}
}

// TestUnusedDefinitionsAllocs: a bracket of ASCII text is looked up
// without a string of its own, so that the allocations of a document do
// not grow with its brackets.
func TestUnusedDefinitionsAllocs(t *testing.T) {
	src := []byte("[a][Ref] [b] [c] [d] [e] [f] [g] [Ref] [h] [i]\n\n[ref]: x.md\n")
	defs := []int32{int32(bytes.Index(src, []byte("x.md")))}
	small := testing.AllocsPerRun(100, func() { unusedDefinitions(src, defs) })
	src = append(bytes.Repeat([]byte("[one] [Two  words] [three] "), 50), src...)
	defs[0] = int32(bytes.Index(src, []byte("x.md")))
	large := testing.AllocsPerRun(100, func() { unusedDefinitions(src, defs) })
	if large != small {
		t.Errorf("unusedDefinitions allocates %v times with 150 more brackets, %v without", large, small)
	}
}

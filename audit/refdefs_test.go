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

package site

import (
	"strings"
	"testing"
)

func TestHugoVarPrefix(t *testing.T) {
	for _, tc := range []struct {
		text, name, want string
	}{
		{`{{ $guid := printf "tabs-%d" .Ordinal }}`, "guid", "tabs-"},
		{`{{- $guid := printf "tabs-%d" .Ordinal -}}{{ $tab := printf "%s-%s-tab" $guid . | anchorize }}`, "tab", "tabs-"},
		{`{{ $id := "panel" }}`, "id", "panel"},
		{`{{ $id := .Get 0 }}`, "id", ""},                               // an argument
		{`{{ $id := "a" }}{{ $id = "b" }}`, "id", ""},                   // assigned twice
		{`{{ $id := printf "%d-x" .Ordinal }}`, "id", ""},               // begins with no text
		{`{{ $id := printf "Tab %d" .Ordinal }}`, "id", ""},             // anchorize changes it
		{`{{ $a := printf "%s" $a }}`, "a", ""},                         // itself
		{`{{ $x := printf "%s-y" $guid }}{{ $guid := "g" }}`, "x", "g"}, // order does not matter
		{`{{ $x := printf "%s-y" (.Get 0) }}`, "x", ""},                 // an argument first
		{`{{ $x := printf "sec-%s" (.Get 0) }}`, "x", "sec-"},           // text first
	} {
		if got, _ := hugoVarPrefix(tc.text, tc.name, 0); got != tc.want {
			t.Errorf("hugoVarPrefix(%q, %q) = %q, want %q", tc.text, tc.name, got, tc.want)
		}
	}
}

// checkShortcodeTemplate reads src as a shortcode's template, as the
// model does, and checks what hugoVarPrefix makes of each variable it
// assigns: text anchorize keeps, or nothing. FuzzShortcodes runs it.
func checkShortcodeTemplate(t *testing.T, src []byte) {
	var sc shortcodeIDs
	sc.add(src, func(string) []byte { return nil }, 0)
	for _, p := range sc.prefixes {
		if p == "" {
			t.Fatalf("add(%q) has an empty prefix", src)
		}
	}
	for _, m := range hugoVarAssign.FindAllStringSubmatch(string(src), -1) {
		p, ok := hugoVarPrefix(string(src), m[1], 0)
		if ok != (p != "") || strings.Trim(p, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			t.Fatalf("hugoVarPrefix(%q, %q) = %q, %v", src, m[1], p, ok)
		}
	}
}

package site

import (
	"strings"
	"testing"
)

func TestHookSkipPrefixes(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{`{{ if not (strings.HasPrefix $link "http") }}{{ with .Page.GetPage $link }}{{ end }}{{ end }}`, "http"},
		{`{{ $isRemote := strings.HasPrefix $link "http" }}{{- if not $isRemote -}}{{ end }}`, "http"},
		{`{{ $isRemote := strings.HasPrefix $link "http" }}{{ if $isRemote }}{{ end }}`, ""},         // the lookup is not under "not"
		{`{{ if strings.HasPrefix .Destination "/" }}{{ .Page.GetPage .Destination }}{{ end }}`, ""}, // looked up with the prefix
		{`{{/* not (strings.HasPrefix $link "http") */}}`, ""},                                       // a comment
		{`{{ if not (strings.HasPrefix .Destination "#") }}{{ end }}`, "#"},
	} {
		if got := strings.Join(hookSkipPrefixes(tc.src), ","); got != tc.want {
			t.Errorf("hookSkipPrefixes(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestDestinationAsIs(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`<a href="{{ .Destination | safeURL }}"{{ if strings.HasPrefix .Destination "http" }} target="_blank"{{ end }}>{{ .Text | safeHTML }}</a>`, true},
		{`<a href="{{ .Destination }}">{{ .Text }}</a>`, true},
		{`<a href="{{ .Destination | relURL }}">{{ .Text }}</a>`, false},                                                        // rewritten
		{`{{ $u := .Destination }}{{ with .Page.GetPage $u }}{{ $u = .RelPermalink }}{{ end }}<a href="{{ $u }}">x</a>`, false}, // looked up
		{`<a href="{{ .Destination }}">x</a><a href="{{ .Page.RelPermalink }}">y</a>`, false},                                   // another href
		{`{{ $d := .Destination }}<a href="{{ $d | safeURL }}">x</a>`, true},                                                    // the destination, kept in a variable
		{`{{ $d := .Destination }}{{ $c := "ext" }}<a class="{{ $c }}" href="{{ $d }}">x</a>`, false},                           // another variable
		// A docs theme's hook: variables choose the class, a printf the title; any
		// variable but the destination's is code the model does not follow.
		{"{{- $raw := or (hasPrefix .Text \"<img\") (hasPrefix .Text \"<figure\") -}}\n<a\n  class=\"link{{ if $raw }}--raw{{ end }}\"\n  href=\"{{ .Destination | safeURL }}\"\n  {{- with .Title }}{{ printf \"title=\\\"%s\\\"\" . | safeHTMLAttr }}{{- end }}\n>{{- .Text | safeHTML -}}</a>", false},
	} {
		if got := destinationAsIs(tc.src); got != tc.want {
			t.Errorf("destinationAsIs(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

package site

import (
	"strings"
	"testing"
)

func TestHugoParamGuards(t *testing.T) {
	partials := map[string]string{
		"crds":      `{{ range site.Data.crds }}<div id="{{ .name }}"></div>{{ end }}`,
		"crds-row":  `{{ partial "crds" . }}`, // through another partial
		"menu":      `<ul id="{{ .Identifier }}"></ul>`,
		"plain":     `<div class="x">{{ .Content }}</div>`,
		"recursive": `{{ partial "recursive" . }}`,
	}
	partial := func(name string) []byte { return []byte(partials[name]) }
	for _, c := range []struct {
		src  string
		want []string // key=value
	}{
		{`{{ if eq .Params.product "crds" }}{{ partial "crds" . }}{{ end }}`, []string{"product=crds"}},
		{`{{ if eq .Params.x "a" }}{{ .Content }}{{ else if eq $.Params.Product "api" }}{{ partial "crds-row" . }}{{ end }}`, []string{"product=api"}},
		{`{{ partial "menu" . }}`, nil}, // unguarded: every page's, not modelled here
		{`{{ if eq .Params.product "crds" }}{{ else }}{{ partial "crds" . }}{{ end }}`, nil},
		{`{{ if eq .Params.product "crds" }}{{ partial "plain" . }}{{ end }}`, nil}, // writes no id
		{`{{ if eq .Params.product "crds" }}{{ with .Title }}{{ end }}{{ partial "crds" . }}{{ end }}`, []string{"product=crds"}},
		{`{{/* {{ if eq .Params.product "crds" }} */}}{{ partial "recursive" . }}`, nil},
		{`{{- if eq .Page.Params.kind "ref" -}}{{- partial "crds" . -}}{{- end -}}`, []string{"kind=ref"}},
	} {
		g := newGuardFinder(partial)
		g.visit([]byte(c.src), "list.html", 0)
		var got []string
		for _, x := range g.out {
			got = append(got, x.key+"="+x.value)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: guards %q, want %q", c.src, got, c.want)
		}
	}
}

func TestHugoGuardLine(t *testing.T) {
	g := hugoParamGuard{key: "product", value: "crds"}
	for _, c := range []struct {
		fm          string
		set, nested bool
	}{
		{"title: API\nproduct: crds\n", true, false},
		{"title: API\ncascade:\n  product: crds\n", true, true},
		{"title = 'API'\n[cascade]\n  Product = \"crds\"\n", true, true},
		{"product: other\n", false, false},
		{"description: product: crds\n", false, false},
	} {
		set, nested := hugoGuardLine([]byte(c.fm), g)
		if set != c.set || nested != c.nested {
			t.Errorf("hugoGuardLine(%q) = %v, %v, want %v, %v", c.fm, set, nested, c.set, c.nested)
		}
	}
}

// FuzzHugoParamGuards reads any text as a template whose every partial
// is that text again: nothing panics or runs on, and each guard names a
// parameter.
func FuzzHugoParamGuards(f *testing.F) {
	f.Add(`{{ if eq .Params.product "crds" }}{{ partial "x" . }}<a id="{{ .y }}">{{ end }}`)
	f.Add(`{{- else if eq $.Params.A "b" -}}{{ partial "p" }}{{/* c */}}{{ end }}{{ end }}`)
	f.Fuzz(func(t *testing.T, src string) {
		g := newGuardFinder(func(string) []byte { return []byte(src) })
		g.visit([]byte(src), "x", 0)
		for _, x := range g.out {
			if x.key == "" || x.why == "" {
				t.Fatalf("%q: guard %+v without a parameter", src, x)
			}
		}
		hugoGuardLine([]byte(src), hugoParamGuard{key: "product", value: "crds"})
	})
}

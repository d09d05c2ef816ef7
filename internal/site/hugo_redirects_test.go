package site

import (
	"slices"
	"strings"
	"testing"
)

func TestHugoRedirectSources(t *testing.T) {
	tests := []struct {
		src          string
		spaces, urls []string
		all          bool
	}{
		{"{{ $current := site.Params.current }}\n# moving version\n/docs/current/*  /docs/{{ $current }}/:splat\n/user-guide  /docs/user-guides/ 301!\n",
			[]string{"/docs/current/"}, []string{"/user-guide"}, false},
		{"/blog/:year/:slug  /posts/:slug\n", []string{"/blog/"}, nil, false},
		{"{{ range $versions }}\n/{{ . }}/*  /docs/{{ . }}/:splat\n{{ end }}\n", nil, nil, true},
		{"{{ printf \"/a /b\" }}\n", nil, nil, true},
		{"https://old.example/*  /new/:splat\n", nil, nil, true},
		{strings.Repeat("/a  /b\n", maxRedirectSources+1), nil, nil, true},
	}
	for _, tt := range tests {
		spaces, urls, all := hugoRedirectSources(tt.src)
		if all != tt.all || !slices.Equal(spaces, tt.spaces) || !slices.Equal(urls, tt.urls) {
			t.Errorf("hugoRedirectSources(%q) = %q, %q, %v; want %q, %q, %v", tt.src, spaces, urls, all, tt.spaces, tt.urls, tt.all)
		}
	}
}

// FuzzHugoRedirectSources: any template text is read without a panic,
// into at most maxRedirectSources sources, each a path from "/".
func FuzzHugoRedirectSources(f *testing.F) {
	f.Add("{{ $c := site.Params.current }}\n/docs/current/*  /docs/{{ $c }}/:splat\n/x  /y 301!\n")
	f.Add("{{ range . }}\n{{ end }}\n# c\n\n")
	f.Fuzz(func(t *testing.T, src string) {
		spaces, urls, all := hugoRedirectSources(src)
		if all && (spaces != nil || urls != nil) {
			t.Fatalf("all with sources %q %q", spaces, urls)
		}
		if len(spaces)+len(urls) > maxRedirectSources {
			t.Fatalf("%d sources", len(spaces)+len(urls))
		}
		for _, p := range append(spaces, urls...) {
			if !strings.HasPrefix(p, "/") {
				t.Fatalf("source %q is no path", p)
			}
		}
	})
}

func TestHugoRenderParams(t *testing.T) {
	cfg := config{"params": map[string]any{"versions": map[string]any{"current": "21.0", "n": int64(3)}}}
	langs := config{"params": cfg["params"], "languages": map[string]any{"zh": map[string]any{"params": map[string]any{"versions": map[string]any{"current": "20.0"}}}}}
	for _, tc := range []struct {
		src  string
		cfg  config
		want string
		ok   bool
	}{
		{"{{ $c := site.Params.versions.current }}\n/docs/current/*  /docs/{{ $c }}/:splat\n", cfg, "/docs/current/*  /docs/21.0/:splat\n", true},
		{"{{ $n := .Site.Params.versions.n }}\n/v/* /v{{ $n }}/:splat\n", cfg, "/v/* /v3/:splat\n", true},
		{"/a /b\n", cfg, "/a /b\n", true},
		{"{{ $c := site.Params.versions.gone }}\n/a /{{ $c }}/\n", cfg, "", false},           // no such parameter
		{"/a /{{ $c }}/\n{{ $c := site.Params.versions.current }}\n", cfg, "", false},        // written before it is set
		{"{{ $c := site.Params.versions.current }}\n/a /{{- $c -}}/\n", cfg, "", false},      // trimming
		{"{{ range .Site.Pages }}{{ .RelPermalink }} /x\n{{ end }}\n", cfg, "", false},       // a loop
		{"{{ $c := site.Params.versions.current }}\n/a /docs/{{ $c }}/\n", langs, "", false}, // a language sets its own
	} {
		got, ok := hugoRenderParams(tc.src, tc.cfg)
		if got != tc.want || ok != tc.ok {
			t.Errorf("hugoRenderParams(%q) = %q, %v; want %q, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}

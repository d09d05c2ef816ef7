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

package site

import (
	"strings"
	"testing"
)

// TestDocusaurusBaseURL checks the forms of baseUrl the model reads, and
// that code it does not run is said unknown, not taken for "/".
func TestDocusaurusBaseURL(t *testing.T) {
	for _, c := range []struct {
		cfg   string
		want  string
		known bool
	}{
		{`module.exports = {url: 'https://x.test'};`, "/", true},
		{`baseUrl: '/',`, "/", true},
		{`baseUrl: "/ts-jest/",`, "/ts-jest/", true},
		{`"baseUrl": "docs"}`, "/docs/", true},
		{"baseUrl: `/a/b`,", "/a/b/", true},
		{`baseUrl: process.env.BASE_URL || '/ts-jest/',`, "/ts-jest/", true},
		{`baseUrl: process.env['BASE'] ?? "/x/"` + "\n", "/x/", true},
		{"const base = '/y/';\nmodule.exports = {baseUrl: base};", "/y/", true},
		{"const baseUrl = '/z/';\nmodule.exports = {url, baseUrl, title};", "/z/", true},
		{"let baseUrl = '/t/' + deploy.path;\nmodule.exports = {baseUrl: baseUrl,};", "", false},
		{"baseUrl: `/${name}/`,", "", false},
		{"baseUrl: isDeployPreview ? '/' : '/p/',", "", false},
		{"baseUrl: getBase(),", "", false},
		{"module.exports = {url: 'https://a.test', baseUrl: '/v/'};", "/v/", true},
		{"// Set the baseUrl\n/* baseUrl: x */\n * the baseUrl,\nmodule.exports = {baseUrl: '/w/'};", "/w/", true},
	} {
		got, known := docusaurusBaseURLOf([]byte(c.cfg))
		if got != c.want || known != c.known {
			t.Errorf("docusaurusBaseURLOf(%q) = %q, %v, want %q, %v", c.cfg, got, known, c.want, c.known)
		}
	}
}

func FuzzDocusaurusBaseURL(f *testing.F) {
	for _, s := range []string{
		"baseUrl: '/a/',", "baseUrl: x || '/b/'", "const baseUrl = '/c/'; ({baseUrl})",
		"baseUrl:", "baseUrl: ((((", "baseUrl: '", "baseUrl: `${a}`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		got, known := docusaurusBaseURLOf([]byte(cfg))
		if !known {
			return
		}
		if !strings.HasPrefix(got, "/") || !strings.HasSuffix(got, "/") || got != "/" && strings.Count(cfg, strings.Trim(got, "/")) == 0 {
			t.Errorf("docusaurusBaseURLOf(%q) = %q", cfg, got)
		}
	})
}

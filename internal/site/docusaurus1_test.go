package site

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDocusaurus1Confirm: a siteConfig.js that sets no baseUrl (an app's
// own settings module) is no Docusaurus 1 site; one that does is.
func TestDocusaurus1Confirm(t *testing.T) {
	for _, c := range []struct {
		src, want string
	}{
		{"export const siteConfig = { apiRoot: '/api' };\n", "github"},
		{"// baseUrl: '/'\nmodule.exports = {};\n", "github"},
		{"module.exports = { title: 'x', baseUrl: '/' };\n", "docusaurus"},
	} {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "siteConfig.js"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		s, _ := Detect(root, Options{Repository: "none"})
		if s.Generator != c.want {
			t.Errorf("siteConfig.js %q: detected %s, want %s", c.src, s.Generator, c.want)
		}
	}
}

package site

import (
	"strings"
	"testing"
)

func TestHugoScripts(t *testing.T) {
	for _, c := range []struct {
		src      string
		any, own bool
	}{
		{"# Title\n\nText <b>x</b>.", false, false},
		{`<script defer src="/js/collapsible.js"></script>`, true, false},
		{`<script src="https://cdn.example/x.js"></script>`, true, false},
		{`<script type="module" src="main.js"></script>`, true, true},
		{"<SCRIPT>window.ui = SwaggerUIBundle({})</SCRIPT>", true, true},
		{`<script src="/a.js"></script><script>run()</script>`, true, true},
		{"<scr", false, false},
		{"<script", true, false},
		{`<script SRC='/a.js' ></script>`, true, false},
		// One tag opened 40,000 times and closed once: read once, where
		// a scan from every "<script" to the ">" took minutes.
		{strings.Repeat("<script ", 40000) + `src="/a.js">`, true, false},
	} {
		any, own := hugoScripts([]byte(c.src))
		if any != c.any || own != c.own {
			t.Errorf("hugoScripts(%q) = %v, %v, want %v, %v", c.src, any, own, c.any, c.own)
		}
	}
}

// checkHugoScripts is FuzzShortcodes' check of hugoScripts on the same
// page source (a content file's text): an own script is a script.
func checkHugoScripts(t *testing.T, src []byte) {
	if any, own := hugoScripts(src); own && !any {
		t.Fatalf("hugoScripts(%q): own script without any", src)
	}
}

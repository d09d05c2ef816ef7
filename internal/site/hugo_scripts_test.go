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
		// Script code the page shows, which runs nothing.
		{"```html\n<script>run()</script>\n```\n", false, false},
		{"~~~\n<script>run()</script>\n~~~~\n", false, false},
		{"1. Load it:\n\n    ```html\n    <script src=\"app.js\"></script>\n    ```\n", false, false},
		{"Add `<script>` or ``<script src=\"a.js\">`` to it.", false, false},
		{"<!-- <script>todo()</script>\n-->\n", false, false},
		{"{{< highlight html >}}\n<script>x()</script>\n{{< /highlight >}}", false, false},
		// Code closed, then a script of the page's own.
		{"```\n<script src=\"/a.js\"></script>\n```\n<script>run()</script>", true, true},
		{"`x` <script>run()</script> `y`", true, true},
		// A backtick left open is a backtick: the script is the page's.
		{"a ` b <script>run()</script>", true, true},
		// A fence of backticks whose info string has a backtick opens
		// nothing (CommonMark 4.5).
		{"``` a`b\n<script>run()</script>\n", true, true},
		// A fence left open runs to the end.
		{"```\n<script>run()</script>\n", false, false},
		// A comment left open hides the rest.
		{"<!-- <script>run()</script>", false, false},
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
	code := hugoCodeText(src)
	for i, r := range code {
		if r[0] < 0 || r[0] > r[1] || r[1] > len(src) || i > 0 && r[0] < code[i-1][1] {
			t.Fatalf("hugoCodeText(%q) = %v: range %d out of order or out of the text", src, code, i)
		}
	}
}

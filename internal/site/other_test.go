package site

import (
	"os"
	"path"
	"strings"
	"testing"
)

// TestOtherDocumented keeps docs/sites/other.md true: each generator no
// model covers, and each file it is recognized by, is on the page.
func TestOtherDocumented(t *testing.T) {
	src, err := os.ReadFile("../../docs/sites/other.md")
	if err != nil {
		t.Fatal(err)
	}
	page := strings.ToLower(string(src))
	for _, m := range otherMarkers {
		stem := strings.TrimSuffix(m.file, path.Ext(m.file))
		if !strings.Contains(page, "`"+strings.ToLower(stem)) {
			t.Errorf("docs/sites/other.md does not name %s, by which %s is recognized", m.file, m.name)
		}
		if !strings.Contains(page, strings.ToLower(m.name)) {
			t.Errorf("docs/sites/other.md does not name %s", m.name)
		}
	}
}

// TestHexoSlug checks hexo-util's slugize as hexo-renderer-marked calls
// it, on ids hexojs/site's build has.
func TestHexoSlug(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Settings & Their Default Values", "Settings-Their-Default-Values"},
		{"Categories & Tags", "Categories-Tags"},
		{"Install Node.js", "Install-Node-js"},
		{"什么是 Hexo？", "什么是-Hexo？"},
		{"安装前提", "安装前提"},
		{"after_render Filters", "after-render-Filters"},
		{"  -- Debug mode --  ", "Debug-mode"},
		{"Configuração Alternativa", "Configuracao-Alternativa"},
		{"a\x01b", "ab"},
	} {
		if got := hexoSlug(tc.text); got != tc.want {
			t.Errorf("hexoSlug(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestVuepressSlug checks VuePress' slugify on ids vuejs/vuepress's
// build has.
func TestVuepressSlug(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Git Repo and Edit Links", "git-repo-and-edit-links"},
		{"Popup UI to refresh contents", "popup-ui-to-refresh-contents"},
		{"Git 仓库和编辑链接", "git-仓库和编辑链接"},
		{"2.0 Release", "_2-0-release"},
		{"“Quoted” — Title", "quoted-title"},
		{"Café", "cafe"},
		{"What is `$page`?", "what-is-page"},
	} {
		if got := vuepressSlug(tc.text); got != tc.want {
			t.Errorf("vuepressSlug(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

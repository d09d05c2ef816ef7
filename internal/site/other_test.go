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

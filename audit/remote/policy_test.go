package remote

import (
	"testing"

	"github.com/urilint/urilint/internal/policy"
)

// TestCategoriesDocumented: each category is in policy's table, reported
// by the document audit only, on by default but for the links not checked
// because their host rate limits the run, and only a move has a fix.
func TestCategoriesDocumented(t *testing.T) {
	for _, c := range categories {
		d, ok := policy.Lookup(c)
		if !ok {
			t.Errorf("category %q is not in policy.Categories", c)
			continue
		}
		if !d.Docs || d.Default != (c != policy.CategoryLinkRateLimited) || d.Fixable != (c == policy.CategoryLinkMoved) {
			t.Errorf("category %q: docs %v, default %v, fixable %v", c, d.Docs, d.Default, d.Fixable)
		}
	}
}

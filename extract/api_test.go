package extract

import (
	"testing"

	"github.com/urilint/urilint/internal/apitest"
)

// TestAPI fails when the exported API of the package differs from
// api/extract.txt; -update (the flag of the golden files) rewrites it.
func TestAPI(t *testing.T) { apitest.Check(t, *update) }

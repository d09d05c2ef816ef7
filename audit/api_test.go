package audit

import (
	"flag"
	"testing"

	"github.com/urilint/urilint/internal/apitest"
)

var updateAPI = flag.Bool("update", false, "rewrite api/audit.txt with the exported API of this package")

// TestAPI fails when the exported API of the package differs from
// api/audit.txt; -update rewrites the file.
func TestAPI(t *testing.T) { apitest.Check(t, *updateAPI) }

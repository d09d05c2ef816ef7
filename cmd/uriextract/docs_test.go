package main

import (
	"io"
	"testing"

	"github.com/urilint/urilint/internal/docgen"
	"github.com/urilint/urilint/internal/version"
)

// TestDocs checks uriextract's flag table in docs/integrations.md against
// the flag set the command parses, with internal/docgen as urilint's is;
// "go test ./cmd/... -run TestDocs -update" rewrites both. The console
// examples of docs/ run in integration's TestDocsShellExamples.
func TestDocs(t *testing.T) {
	var o options
	var v *version.Flag
	fset := newFlags(&o, &v, io.Discard)
	if err := docgen.Check("../../docs/integrations.md", "flags-of-uriextract", docgen.FlagTable(fset), *update); err != nil {
		t.Error(err)
	}
}

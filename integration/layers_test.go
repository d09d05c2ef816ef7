package integration

import (
	"os/exec"
	"strings"
	"testing"
)

// layers ranks the packages of the module from the ground up, as
// docs/architecture.md draws them: a package may import only packages of
// a lower rank. internal/ holds the ground and what builds on uri, never
// the pipelines above it; audit/remote imports audit, never the other
// way; internal/site imports neither.
var layers = map[string]int{
	"internal/abnf": 0, "internal/edit": 0, "internal/safewrite": 0, "internal/docgen": 0, "internal/confine": 0, "internal/apitest": 0, "internal/textpos": 0,
	"uri":             1,
	"internal/policy": 2, "internal/anchor": 2,
	"extract": 3, "internal/config": 3,
	"analyzer": 4, "internal/site": 4, "internal/version": 4,
	"audit": 5, "plugin": 5, "internal/fixdriver": 5,
	"audit/remote": 6, "internal/report": 6,
	"cmd/urilint": 7, "cmd/uriextract": 7,
	"integration": 8,
}

// TestLayers: no import of the module climbs back up, and every package
// has its place in the layers (and so in the picture of the docs).
func TestLayers(t *testing.T) {
	const module = "github.com/urilint/urilint/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		rank, ok := layers[pkg]
		if !ok {
			t.Errorf("package %s has no layer: add it to layers and to the graph of docs/architecture.md", pkg)
			continue
		}
		for _, imp := range f[1:] {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if r, ok := layers[dep]; ok && r >= rank {
				t.Errorf("%s imports %s, which is not below it (layer %d, %s's is %d)", pkg, dep, r, pkg, rank)
			}
		}
	}
}

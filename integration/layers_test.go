package integration

import (
	"flag"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/docgen"
)

var update = flag.Bool("update", false, "rewrite the package graph of docs/architecture.md")

// layers ranks the packages of the module from the ground up, each row a
// layer with its name: a package may import only packages of a lower
// row. internal/ holds the ground and what builds on uri, never the
// pipelines above it; audit/remote imports audit, never the other way;
// internal/site imports neither. It is the one copy of the ranks: the
// package graph of docs/architecture.md is drawn from it and go list.
var layers = []struct {
	name string
	pkgs []string
}{
	{"ground", []string{"internal/abnf", "internal/edit", "internal/safewrite", "internal/docgen", "internal/confine", "internal/apitest", "internal/textpos", "internal/plural"}},
	{"grammar", []string{"uri"}},
	{"policy", []string{"internal/policy", "internal/anchor"}},
	{"text, config", []string{"extract", "internal/config"}},
	{"front ends", []string{"analyzer", "internal/site", "internal/version"}},
	{"pipelines", []string{"audit", "plugin", "internal/fixdriver"}},
	{"network, outputs", []string{"audit/remote", "internal/report"}},
	{"wiring", []string{"internal/wire"}},
	{"commands", []string{"cmd/urilint", "cmd/uriextract"}},
	{"tests", []string{"integration"}},
}

// graphBlock is the package graph of docs/architecture.md.
var graphBlock = docgen.Block{
	Name:   "package-graph",
	From:   "go list and the layers of integration/layers_test.go",
	Update: "go test ./integration -run TestLayers -update",
}

// pkg is a package of the module as go list sees it.
type pkg struct {
	path    string   // from the module's root: "audit/remote"
	imports []string // the module's packages it imports, from the root
	modules []string // the other modules it imports from
}

// listPackages returns the packages of the module, with their imports,
// from go list.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f",
		`{{.ImportPath}}	{{with .Module}}{{.Path}}{{end}}	{{join .Imports " "}}`, "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	moduleOf := map[string]string{}
	var lines [][]string
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		moduleOf[f[0]] = f[1]
		if f[1] == modulePath {
			lines = append(lines, f)
		}
	}
	var pkgs []pkg
	for _, f := range lines {
		p := pkg{path: strings.TrimPrefix(strings.TrimPrefix(f[0], modulePath), "/")}
		for imp := range strings.FieldsSeq(f[2]) {
			switch m := moduleOf[imp]; m {
			case "": // the standard library
			case modulePath:
				p.imports = append(p.imports, strings.TrimPrefix(imp, modulePath+"/"))
			default:
				if !slices.Contains(p.modules, m) {
					p.modules = append(p.modules, m)
				}
			}
		}
		slices.Sort(p.imports)
		slices.Sort(p.modules)
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestLayers: no import of the module climbs back up, every package has
// its place in the layers and every package of the layers exists, and
// docs/architecture.md draws the graph as it is. After a package is
// added or its imports change, "go test ./integration -run TestLayers
// -update" redraws it.
func TestLayers(t *testing.T) {
	rank := map[string]int{}
	for i, l := range layers {
		for _, p := range l.pkgs {
			rank[p] = i
		}
	}
	pkgs := listPackages(t)
	listed := map[string]bool{}
	for _, p := range pkgs {
		listed[p.path] = true
		r, ok := rank[p.path]
		if !ok {
			t.Errorf("package %s has no layer: add it to layers in integration/layers_test.go", p.path)
			continue
		}
		for _, dep := range p.imports {
			if d, ok := rank[dep]; ok && d >= r {
				t.Errorf("%s imports %s, which is not below it (layer %q, %s's is %q)", p.path, dep, layers[d].name, p.path, layers[r].name)
			}
		}
	}
	for p := range rank {
		if !listed[p] {
			t.Errorf("layers names %s, which go list does not list: remove it", p)
		}
	}
	if t.Failed() {
		return
	}
	if err := graphBlock.Check("../docs/architecture.md", drawGraph(pkgs, rank), *update); err != nil {
		t.Error(err)
	}
}

// drawGraph draws the packages row by row, the top layer first: the
// layer's name, the package, the module's packages it imports and the
// other modules it imports from (the standard library left out).
func drawGraph(pkgs []pkg, rank map[string]int) string {
	slices.SortFunc(pkgs, func(a, b pkg) int {
		if d := rank[b.path] - rank[a.path]; d != 0 {
			return d
		}
		return strings.Compare(a.path, b.path)
	})
	nameWidth, pkgWidth := 0, 0
	for _, p := range pkgs {
		nameWidth = max(nameWidth, len(layers[rank[p.path]].name))
		pkgWidth = max(pkgWidth, len(p.path))
	}
	var b strings.Builder
	b.WriteString("```\n")
	for i, p := range pkgs {
		name := layers[rank[p.path]].name
		if i > 0 && rank[pkgs[i-1].path] == rank[p.path] {
			name = ""
		}
		deps := strings.Join(p.imports, ", ")
		if len(p.modules) > 0 {
			if deps != "" {
				deps += "; "
			}
			deps += strings.Join(p.modules, ", ")
		}
		if deps == "" {
			deps = "the standard library only"
		}
		line := fmt.Sprintf("%-*s  %-*s  %s", nameWidth, name, pkgWidth, p.path, deps)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("```\n")
	return b.String()
}

package fixdriver

import (
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestLoadModeOnlyNamed: both commands load the packages named with
// syntax and types, and their dependencies as export data only: no
// syntax, no type-checking from source. The analyzer has no facts and
// never runs on a dependency, so parsing them was memory for nothing
// (issue 19 item 25: 420–456 MB before, 85–92 MB after on net/...).
func TestLoadModeOnlyNamed(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: LoadMode}, "net/url")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("loaded %d packages, want 1", len(pkgs))
	}
	p := pkgs[0]
	if len(p.Syntax) == 0 || p.Types == nil || p.TypesInfo == nil || len(p.TypesInfo.Types) == 0 {
		t.Fatalf("net/url: syntax %d files, types %v, info %v: the analyzer needs all three", len(p.Syntax), p.Types, p.TypesInfo)
	}
	for path, dep := range p.Imports {
		if len(dep.Syntax) != 0 || dep.TypesInfo != nil && len(dep.TypesInfo.Types) != 0 {
			t.Errorf("dependency %s was parsed or type-checked from source", path)
		}
	}
	if p.Types.Imports() == nil {
		t.Errorf("net/url: no imported packages in its types (export data not read)")
	}
}

package integration

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFuzzTargetsInCI: every fuzz target of the module runs in .ci/run,
// bounded by a count of calls, and .ci/run names no target that is gone.
// A fuzzer that CI never runs finds nothing.
func TestFuzzTargetsInCI(t *testing.T) {
	script, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`"\./(\S+) (Fuzz\w+) \d+"`).FindAllStringSubmatch(string(script), -1) {
		listed[m[1]+" "+m[2]] = true
	}
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)
	found := map[string]bool{}
	err = filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "scripts" || d.Name() == "cmd" && p == "../cmd/custom-gcl" || strings.HasPrefix(d.Name(), ".") && p != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(p, "../")))
		for _, m := range fuzzFunc.FindAllSubmatch(src, -1) {
			found[pkg+" "+string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("no fuzz target found: the walk is broken")
	}
	for k := range found {
		if !listed[k] {
			t.Errorf("fuzz target %s is not run by .ci/run: add \"./%s COUNT\" to its list", k, k)
		}
	}
	for k := range listed {
		if !found[k] {
			t.Errorf(".ci/run fuzzes %s, which does not exist", k)
		}
	}
}

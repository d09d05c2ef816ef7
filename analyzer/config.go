package analyzer

import (
	"go/token"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	configfile "github.com/urilint/urilint/internal/config"
)

// The analyzer finds the configuration file itself, from the directory of
// the package it analyzes, as staticcheck finds staticcheck.conf: so the
// standalone command, go vet -vettool and nogo, which each run the
// analyzer their own way, all read the same .urilint.yaml
// (docs/configuration.md). Flags, and the settings of analyzers made by
// New, override the file.

// files caches the configuration of each package directory: one process
// analyzes many packages of one repository.
var files sync.Map // directory or -config path -> *fileResult

type fileResult struct {
	once sync.Once
	file *configfile.File
	err  error
}

// loadFile returns the configuration for the package directory dir, or
// the file name when one is given.
func loadFile(name, dir string) (*configfile.File, error) {
	key := "dir:" + dir
	if name != "" {
		key = "file:" + name
	}
	v, _ := files.LoadOrStore(key, &fileResult{})
	r := v.(*fileResult)
	r.once.Do(func() { r.file, r.err = configfile.LoadFile(name, dir) })
	return r.file, r.err
}

// packageDir returns the directory of the package of pass, or "" for one
// without files.
func packageDir(pass *analysis.Pass) string {
	if len(pass.Files) == 0 {
		return ""
	}
	return filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
}

// withFile returns the settings of the flags over the configuration file
// of the package of pass (or the file name), resolved by the settings
// table (configfile.Flags.Resolve), as uriextract's are.
func withFile(pass *analysis.Pass, name string, flags *configfile.Flags) (*config, error) {
	file := &configfile.File{}
	if dir := packageDir(pass); name != "" || dir != "" {
		var err error
		if file, err = loadFile(name, dir); err != nil {
			return nil, err
		}
	}
	return newConfig(flags.Resolve(file))
}

// testFixes returns pass, or, when fixes in test files are not to be
// offered, a copy of it whose Report drops the fixes of findings in
// _test.go files and says so in the message.
func (c *config) testFixes(pass *analysis.Pass) *analysis.Pass {
	if c.fixTests || !c.tests {
		return pass
	}
	p := *pass
	p.Report = func(d analysis.Diagnostic) {
		if len(d.SuggestedFixes) > 0 && isTestFile(pass, d.Pos) {
			d.SuggestedFixes = nil
			d.Message += " (no fix in a test file: see -fix-tests)"
		}
		pass.Report(d)
	}
	return &p
}

// isTestFile reports whether pos is in a _test.go file.
func isTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

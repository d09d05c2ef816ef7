package analyzer

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strconv"
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
	r.once.Do(func() {
		if name != "" {
			r.file, r.err = configfile.Read(name)
			return
		}
		r.file, r.err = configfile.Load(dir)
	})
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

// withFile returns s over the configuration file of the package of pass:
// the file's categories where s names none of them, its booleans where s
// sets none. given reports whether a flag set the boolean setting name
// (false or true): then the flag wins over the file.
func (s *Settings) withFile(pass *analysis.Pass, given func(name string) bool) (*config, error) {
	dir := packageDir(pass)
	if s.Config == "" && dir == "" {
		return s.config()
	}
	f, err := loadFile(s.Config, dir)
	if err != nil {
		return nil, err
	}
	m := *s
	m.Enable, m.Disable = f.Categories(s.Enable, s.Disable)
	if len(s.Fixes) == 0 {
		m.Fixes = f.Go.Fixes
	}
	for _, b := range []struct {
		name     string
		to       *bool
		fromFile bool
	}{
		{"tests", &m.Tests, f.Go.Tests},
		{"fix-tests", &m.FixTests, f.Go.FixTests},
		{"allow-zone", &m.AllowZone, f.AllowZone},
	} {
		if !given(b.name) && b.fromFile {
			*b.to = true
		}
	}
	m.rejectZone = given("allow-zone") && !s.AllowZone
	return m.config()
}

// boolSetting is the flag of a boolean setting. It records that a flag
// set it, whatever the driver that parses the flags: urilint binds the
// analyzer's flag values into its own flag set, and go vet's driver into
// the command line's, so the analyzer's own FlagSet never sees them set.
type boolSetting struct {
	to    *bool
	name  string
	given map[string]bool
}

func (f *boolSetting) IsBoolFlag() bool { return true }

func (f *boolSetting) String() string {
	if f == nil || f.to == nil {
		return "false" // the zero value, which flag.PrintDefaults makes
	}
	return strconv.FormatBool(*f.to)
}

func (f *boolSetting) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("invalid boolean value %q", v)
	}
	*f.to = b
	f.given[f.name] = true
	return nil
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

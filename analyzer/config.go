package analyzer

import (
	"flag"
	"path/filepath"
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
// sets none. given reports whether s set a setting explicitly (a flag
// given on the command line); nil means that s sets what it turns on.
func (s *Settings) withFile(pass *analysis.Pass, given func(name string) bool) (*config, error) {
	dir := packageDir(pass)
	if s.Config == "" && dir == "" {
		return s.config()
	}
	f, err := loadFile(s.Config, dir)
	if err != nil {
		return nil, err
	}
	if given == nil {
		given = func(string) bool { return false }
	}
	m := *s
	m.Enable, m.Disable = f.Categories(s.Enable, s.Disable)
	if !given("tests") && f.Go.Tests {
		m.Tests = true
	}
	if !given("allow-zone") && f.AllowZone {
		m.AllowZone = true
	}
	return m.config()
}

// givenFlags returns whether each flag of fs was set on the command line.
func givenFlags(fs *flag.FlagSet) func(name string) bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return func(name string) bool { return set[name] }
}

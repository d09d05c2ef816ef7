package analyzer

import (
	_ "embed"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	configfile "github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

//go:embed doc.go
var docSource string

// Doc is the documentation of the urilint analyzer: the "# Analyzer
// urilint" section of the package documentation in doc.go, so that
// "urilint help" and pkg.go.dev say the same.
var Doc = extractDoc(docSource, "urilint")

// Analyzer reports malformed and non-normalized URI literals. Its flags are
// its own, read at each run.
var Analyzer = newAnalyzer(&Settings{})

// Settings configures an analyzer made by New. The zero value gives the
// defaults: every category except "empty-path", and no test files. Its
// fields are the settings of the golangci-lint plugin, named as the keys
// of .urilint.yaml that urilint takes (internal/config's table; the
// plugin's TestSettingsAreConfigKeys); a field that is set wins over the
// file, as a flag does.
type Settings struct {
	// Enable and Disable name categories (see docs/checks.md) to turn on
	// and off; Disable wins. Unknown names are an error from New.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
	// Tests reports in _test.go files too (default false: see the package
	// documentation).
	Tests bool `json:"tests"`
	// FixTests offers the fixes of findings in _test.go files; without
	// it they are reported without a fix, so that no driver's -fix
	// (urilint's, golangci-lint's, go fix's) rewrites the expected values
	// and invalid inputs that tests hold on purpose.
	FixTests bool `json:"fix-tests"`
	// Fixes names the categories whose fixes are offered besides those
	// that repair a defect (policy.FixByDefault): the normalization
	// categories, whose fixes change a string that a program may compare
	// as text or send as written (see docs/checks.md, "What -fix
	// changes"). Unknown names are an error from New.
	Fixes []string `json:"fixes"`
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals
	// ("http://[fe80::1%25eth0]/"), which RFC 3986 does not allow. Go
	// code accepts them by default, as net/url does; only the flag
	// -allow-zone=false rejects them (the field is read from the
	// configuration file that uriextract shares, where false is its
	// default).
	AllowZone bool `json:"allow-zone"`
	// Config is the configuration file to read; empty means the
	// .urilint.yaml of the package's directory or above, up to the
	// repository's top (see config.go). The file's settings apply where
	// these Settings set nothing.
	Config string `json:"config"`
}

// New returns a fresh analyzer with settings s, independent of Analyzer and
// of any other analyzer made by New. It fails on an unknown category name.
func New(s Settings) (*analysis.Analyzer, error) {
	for _, names := range [][]string{s.Enable, s.Disable, s.Fixes} {
		if _, err := policy.New(policy.Config{Enable: names}); err != nil {
			return nil, err
		}
	}
	return newAnalyzer(&s), nil
}

// goDefaults are the defaults of the settings in Go code: zones are
// allowed, as net/url allows them.
var goDefaults = configfile.File{AllowZone: true}

func newAnalyzer(s *Settings) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: "urilint",
		Doc:  Doc,
		URL:  "https://pkg.go.dev/github.com/urilint/urilint/analyzer",
	}
	a.Flags.Init(a.Name, flag.ContinueOnError)
	file := s.Config
	a.Flags.StringVar(&file, "config", s.Config, "read the configuration from this `file` (default: .urilint.yaml in the package's directory or above, up to the repository's top)")
	// The settings table declares the others (internal/config).
	flags := configfile.NewFlags(&a.Flags, "urilint", &goDefaults)
	// The fields that s sets are set as their flags would be: they win
	// over the file.
	for name, v := range map[string]string{
		"enable": strings.Join(s.Enable, ","), "disable": strings.Join(s.Disable, ","), "fixes": strings.Join(s.Fixes, ","),
		"tests": strconv.FormatBool(s.Tests), "fix-tests": strconv.FormatBool(s.FixTests),
	} {
		if v != "" && v != "false" {
			_ = a.Flags.Set(name, v) // New checked the names
		}
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		c, err := withFile(pass, file, flags)
		if err != nil {
			return nil, err
		}
		return run(c.testFixes(pass), c)
	}
	for _, d := range policy.Categories {
		if d.Docs {
			continue // not a finding of Go code
		}
		usage := "report " + string(d.Category) + ": " + d.Summary
		if !d.Default {
			usage += " (off by default)"
		}
		a.Flags.Var(&categoryFlag{&flags.Values, string(d.Category)}, string(d.Category), usage)
	}
	return a
}

// config is the settings of a run resolved against the category table.
type config struct {
	policy   *policy.Policy
	tests    bool
	fixTests bool
}

// newConfig returns the config of the resolved settings c.
func newConfig(c *configfile.File) (*config, error) {
	p, err := policy.New(policy.Config{Enable: c.Enable, Disable: c.Disable, AllowZone: c.AllowZone, Fixes: append([]string{}, c.Go.Fixes...)}) // nil would offer every fix
	if err != nil {
		return nil, err
	}
	return &config{policy: p, tests: c.Go.Tests, fixTests: c.Go.FixTests}, nil
}

// categoryFlag is the boolean flag of one category: setting it moves the
// category to the enable or disable list of the flags' values.
type categoryFlag struct {
	v    *configfile.File
	name string
}

func (f *categoryFlag) IsBoolFlag() bool { return true }

func (f *categoryFlag) String() string {
	if f == nil || f.v == nil {
		return ""
	}
	p, err := policy.New(policy.Config{Enable: f.v.Enable, Disable: f.v.Disable})
	if err != nil {
		return ""
	}
	return fmt.Sprint(p.Reports(uri.Category(f.name)))
}

func (f *categoryFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("invalid boolean value %q", v)
	}
	f.v.Enable = slices.DeleteFunc(f.v.Enable, func(n string) bool { return n == f.name })
	f.v.Disable = slices.DeleteFunc(f.v.Disable, func(n string) bool { return n == f.name })
	if on {
		f.v.Enable = append(f.v.Enable, f.name)
	} else {
		f.v.Disable = append(f.v.Disable, f.name)
	}
	return nil
}

func run(pass *analysis.Pass, c *config) (any, error) {
	st := &state{pass: pass, config: c}
	for _, f := range pass.Files {
		if !c.tests && strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		st.file = &fileState{file: f}
		st.inspectFile(f)
		st.checkIgnores()
	}
	return nil, nil
}

package analyzer

import (
	_ "embed"
	"flag"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

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
// bound to a Settings value of its own, read at each run.
var Analyzer = newAnalyzer(&Settings{})

// Settings configures an analyzer made by New. The zero value gives the
// defaults: every category except "empty-path", and no test files.
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
	// rejectZone: -allow-zone=false was given.
	rejectZone bool `json:"-"`
	// Config is the configuration file to read; empty means the
	// .urilint.yaml of the package's directory or above, up to the
	// repository's top (see config.go). The file's settings apply where
	// these Settings set nothing.
	Config string `json:"config"`
}

// New returns a fresh analyzer with settings s, independent of Analyzer and
// of any other analyzer made by New. It fails on an unknown category name.
func New(s Settings) (*analysis.Analyzer, error) {
	s.Enable = slices.Clone(s.Enable)
	s.Disable = slices.Clone(s.Disable)
	s.Fixes = slices.Clone(s.Fixes)
	if _, err := s.config(); err != nil {
		return nil, err
	}
	return newAnalyzer(&s), nil
}

func newAnalyzer(s *Settings) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: "urilint",
		Doc:  Doc,
		URL:  "https://pkg.go.dev/github.com/urilint/urilint/analyzer",
	}
	given := make(map[string]bool) // the boolean settings a flag set
	a.Run = func(pass *analysis.Pass) (any, error) {
		c, err := s.withFile(pass, func(name string) bool { return given[name] })
		if err != nil {
			return nil, err
		}
		return run(c.testFixes(pass), c)
	}
	a.Flags.Init(a.Name, flag.ContinueOnError)
	a.Flags.StringVar(&s.Config, "config", s.Config, "read the configuration from this `file` (default: .urilint.yaml in the package's directory or above, up to the repository's top)")
	names := strings.Join(categoryNames(), ", ")
	a.Flags.Var((*listFlag)(&s.Enable), "enable", "comma-separated `categories` to report besides the defaults: "+names)
	a.Flags.Var((*listFlag)(&s.Disable), "disable", "comma-separated `categories` not to report")
	a.Flags.Var(&boolSetting{&s.Tests, "tests", given}, "tests", "also report in _test.go files")
	a.Flags.Var(&boolSetting{&s.FixTests, "fix-tests", given}, "fix-tests", "offer the fixes of findings in _test.go files, so that -fix makes them (reported with -tests)")
	a.Flags.Var((*listFlag)(&s.Fixes), "fixes", "comma-separated `categories` whose fixes to offer besides those that repair a defect (the normalization categories: see docs/checks.md)")
	a.Flags.Var(&boolSetting{&s.AllowZone, "allow-zone", given}, "allow-zone", "accept RFC 6874 zone identifiers in IPv6 literals (default true in Go code, as net/url does)")
	for _, d := range policy.Categories {
		if d.Docs {
			continue // not a finding of Go code
		}
		usage := "report " + string(d.Category) + ": " + d.Summary
		if !d.Default {
			usage += " (off by default)"
		}
		a.Flags.Var(&categoryFlag{s, string(d.Category)}, string(d.Category), usage)
	}
	return a
}

// config is Settings resolved against the category table.
type config struct {
	policy   *policy.Policy
	tests    bool
	fixTests bool
}

func (s *Settings) config() (*config, error) {
	// Zones: net/url accepts "%25" and a zone name in an IPv6 literal,
	// so a Go program means them.
	fixes := append(make([]string, 0, len(s.Fixes)), s.Fixes...)
	p, err := policy.New(policy.Config{Enable: s.Enable, Disable: s.Disable, AllowZone: !s.rejectZone, Fixes: fixes})
	if err != nil {
		return nil, err
	}
	return &config{policy: p, tests: s.Tests, fixTests: s.FixTests}, nil
}

// categoryNames returns the categories that Go code can have.
func categoryNames() []string {
	var names []string
	for _, d := range policy.Categories {
		if !d.Docs {
			names = append(names, string(d.Category))
		}
	}
	return names
}

// listFlag is a comma-separated list of names.
type listFlag []string

func (l *listFlag) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set refuses an unknown category at once, so that it is a usage error
// (exit 2), as in uriextract, and not an error of the analysis.
func (l *listFlag) Set(v string) error {
	for name := range strings.SplitSeq(v, ",") {
		if name = strings.TrimSpace(name); name != "" {
			if _, ok := policy.Lookup(uri.Category(name)); !ok {
				return fmt.Errorf("unknown category %q (categories: %s)", name, strings.Join(policy.Names(), ", "))
			}
			*l = append(*l, name)
		}
	}
	return nil
}

// categoryFlag is the boolean flag of one category: setting it moves the
// category to Settings.Enable or Settings.Disable.
type categoryFlag struct {
	s    *Settings
	name string
}

func (f *categoryFlag) IsBoolFlag() bool { return true }

func (f *categoryFlag) String() string {
	if f == nil || f.s == nil {
		return ""
	}
	c, err := f.s.config()
	if err != nil {
		return ""
	}
	return fmt.Sprint(c.policy.Reports(uri.Category(f.name)))
}

func (f *categoryFlag) Set(v string) error {
	var on bool
	switch v {
	case "true", "1", "t", "T", "TRUE", "True":
		on = true
	case "false", "0", "f", "F", "FALSE", "False":
	default:
		return fmt.Errorf("invalid boolean value %q", v)
	}
	f.s.Enable = slices.DeleteFunc(f.s.Enable, func(n string) bool { return n == f.name })
	f.s.Disable = slices.DeleteFunc(f.s.Disable, func(n string) bool { return n == f.name })
	if on {
		f.s.Enable = append(f.s.Enable, f.name)
	} else {
		f.s.Disable = append(f.s.Disable, f.name)
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

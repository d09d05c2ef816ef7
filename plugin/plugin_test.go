package plugin

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/urilint/urilint/analyzer"
)

// newFromRegistry builds the plugin the way golangci-lint does: by name,
// from the registry, with the settings value its configuration loader made.
func newFromRegistry(t *testing.T, conf any) (register.LinterPlugin, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin("urilint")
	if err != nil {
		t.Fatalf("GetPlugin(%q): %v", "urilint", err)
	}
	return newPlugin(conf)
}

func TestRegistered(t *testing.T) {
	p, err := newFromRegistry(t, nil)
	if err != nil {
		t.Fatalf("new plugin with no settings: %v", err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers(): %v", err)
	}
	if len(as) != 1 || as[0].Name != "urilint" {
		t.Fatalf("BuildAnalyzers() = %v, want one analyzer named %q", as, "urilint")
	}
	if as[0] == analyzer.Analyzer {
		t.Errorf("BuildAnalyzers() returned the global analyzer.Analyzer, want a fresh one")
	}
}

// settingsTests are settings as golangci-lint's loader hands them over
// (viper decodes YAML lists to []any), with the Settings they must give.
var settingsTests = []struct {
	name string
	conf any
	want analyzer.Settings
}{
	{"absent", nil, analyzer.Settings{}},
	{"empty", map[string]any{}, analyzer.Settings{}},
	{
		"all",
		map[string]any{
			"enable":     []any{"dot-segments", "percent-case"},
			"disable":    []any{"empty-path"},
			"tests":      true,
			"fix-tests":  true,
			"allow-zone": true,
			"config":     "ci/urilint.yaml",
		},
		analyzer.Settings{
			Enable:    []string{"dot-segments", "percent-case"},
			Disable:   []string{"empty-path"},
			Tests:     true,
			FixTests:  true,
			AllowZone: true,
			Config:    "ci/urilint.yaml",
		},
	},
	{"yaml.v2 mapping", map[any]any{"tests": true}, analyzer.Settings{Tests: true}},
	{"typed list", map[string]any{"disable": []string{"host-case"}}, analyzer.Settings{Disable: []string{"host-case"}}},
	{"null list", map[string]any{"enable": nil}, analyzer.Settings{}},
}

func TestDecodeSettings(t *testing.T) {
	for _, tt := range settingsTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decodeSettings(tt.conf)
			if err != nil {
				t.Fatalf("decodeSettings(%#v): %v", tt.conf, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("decodeSettings(%#v) = %#v, want %#v", tt.conf, got, tt.want)
			}
			if _, err := newFromRegistry(t, tt.conf); err != nil {
				t.Errorf("new plugin with %#v: %v", tt.conf, err)
			}
		})
	}
}

// settingsErrorTests are configurations a user could write by mistake;
// the error must name what is wrong.
var settingsErrorTests = []struct {
	name string
	conf any
	want []string // substrings of the error
}{
	{"misspelt key", map[string]any{"enabel": []any{"dot-segments"}}, []string{"urilint settings", `unknown field "enabel"`}},
	{"golangci-lint key one level too deep", map[string]any{"type": "module"}, []string{`unknown field "type"`}},
	{"bool as string", map[string]any{"tests": "yes"}, []string{"Settings.tests", "bool"}},
	{"list as string", map[string]any{"disable": "empty-path"}, []string{"Settings.disable", "[]string"}},
	{"list of numbers", map[string]any{"enable": []any{1}}, []string{"Settings.enable", "string"}},
	{"not a mapping", []any{"tests"}, []string{"cannot unmarshal array"}},
	{"unknown category", map[string]any{"enable": []any{"no-such-category"}}, []string{"no-such-category"}},
}

func TestSettingsErrors(t *testing.T) {
	for _, tt := range settingsErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := newFromRegistry(t, tt.conf)
			if err == nil {
				t.Fatalf("new plugin with %#v = %v, want an error", tt.conf, p)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("new plugin with %#v: error %q does not contain %q", tt.conf, err, w)
				}
			}
		})
	}
}

// TestSettingsTakeEffect runs the analyzers the plugin builds, as
// golangci-lint would, and checks that each setting changes what is
// reported: package defaults with the plugin built with no settings,
// package configured with the plugin built with some.
func TestSettingsTakeEffect(t *testing.T) {
	analyzers := make(map[string]*analysis.Analyzer)
	for _, tt := range []struct {
		pkg  string
		conf any
	}{
		{"defaults", nil},
		{"configured", map[string]any{
			"enable":  []any{"empty-path"},
			"disable": []any{"dot-segments"},
			"tests":   true,
		}},
	} {
		p, err := newFromRegistry(t, tt.conf)
		if err != nil {
			t.Fatalf("new plugin with %#v: %v", tt.conf, err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatalf("BuildAnalyzers(): %v", err)
		}
		analyzers[tt.pkg] = as[0]
	}
	// Both packages import net/http, whose type-checking from source is
	// most of the cost of a run: one run loads them both.
	analysistest.Run(t, analysistest.TestData(), perPackage(t, analyzers), "defaults", "configured")
}

// perPackage returns an analyzer that runs, on each package, the analyzer
// that analyzers holds for its import path (a test package or test main
// under the path of the package it tests). The analyzers must require the
// same analyzers, as the ones the plugin builds do.
func perPackage(t *testing.T, analyzers map[string]*analysis.Analyzer) *analysis.Analyzer {
	t.Helper()
	var first *analysis.Analyzer
	for _, a := range analyzers {
		if first == nil {
			first = a
		} else if !slices.Equal(a.Requires, first.Requires) {
			t.Fatalf("analyzers %v and %v require different analyzers", first, a)
		}
	}
	return &analysis.Analyzer{
		Name:     first.Name,
		Doc:      first.Doc,
		Requires: first.Requires,
		Run: func(pass *analysis.Pass) (any, error) {
			path := strings.TrimSuffix(strings.TrimSuffix(pass.Pkg.Path(), ".test"), "_test")
			a, ok := analyzers[path]
			if !ok {
				return nil, fmt.Errorf("no analyzer for package %s", pass.Pkg.Path())
			}
			p := *pass
			p.Analyzer = a
			return a.Run(&p)
		},
	}
}

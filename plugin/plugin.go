package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/urilint/urilint/analyzer"
)

// Name is the name the linter is registered under, and the key of its
// entry in golangci-lint's linters.settings.custom.
const Name = "urilint"

func init() {
	register.Plugin(Name, New)
}

// New decodes conf, the value of the "settings" key of the linter's
// golangci-lint configuration (nil when absent), and returns the plugin.
func New(conf any) (register.LinterPlugin, error) {
	s, err := decodeSettings(conf)
	if err != nil {
		return nil, err
	}
	a, err := analyzer.New(s) // rejects unknown category names
	if err != nil {
		return nil, err
	}
	return &linterPlugin{analyzer: a}, nil
}

type linterPlugin struct {
	analyzer *analysis.Analyzer
}

// BuildAnalyzers returns the analyzer built from the plugin's settings,
// one per plugin: it shares no state with analyzer.Analyzer or its flags.
func (p *linterPlugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode asks for type information: the analyzer resolves constants
// and the functions a literal is passed to.
func (p *linterPlugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// decodeSettings fills an analyzer.Settings from a configuration value
// with register.DecodeSettings: the keys are the json tags of
// analyzer.Settings, and an unknown key is an error.
func decodeSettings(conf any) (analyzer.Settings, error) {
	if conf == nil {
		return analyzer.Settings{}, nil
	}
	s, err := register.DecodeSettings[analyzer.Settings](stringKeys(conf))
	if err != nil {
		return analyzer.Settings{}, fmt.Errorf("urilint settings: %v", err)
	}
	return s, nil
}

// stringKeys turns the map[any]any mappings of YAML decoders (yaml.v2)
// into map[string]any, which encoding/json can write; anything else is
// returned as is.
func stringKeys(v any) any {
	switch m := v.(type) {
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, e := range m {
			out[fmt.Sprint(k)] = stringKeys(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(m))
		for k, e := range m {
			out[k] = stringKeys(e)
		}
		return out
	case []any:
		out := make([]any, len(m))
		for i, e := range m {
			out[i] = stringKeys(e)
		}
		return out
	}
	return v
}

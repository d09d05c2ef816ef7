package plugin

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

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

// decodeSettings fills an analyzer.Settings from a configuration value.
// The keys are the json tags of analyzer.Settings, matched exactly; each
// value is converted through JSON into the field's type.
func decodeSettings(conf any) (analyzer.Settings, error) {
	var s analyzer.Settings
	if conf == nil {
		return s, nil
	}
	m, err := asMap(conf)
	if err != nil {
		return s, err
	}
	fields := settingFields()
	known := make([]string, 0, len(fields))
	for k := range fields {
		known = append(known, k)
	}
	slices.Sort(known)

	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)

	v := reflect.ValueOf(&s).Elem()
	for _, k := range keys {
		i, ok := fields[k]
		if !ok {
			return analyzer.Settings{}, fmt.Errorf("urilint settings: unknown setting %q (known settings: %s)", k, strings.Join(known, ", "))
		}
		f := v.Field(i)
		raw, err := json.Marshal(m[k])
		if err != nil {
			return analyzer.Settings{}, fmt.Errorf("urilint settings: setting %q has a value that cannot be read: %v", k, err)
		}
		p := reflect.New(f.Type())
		if err := json.Unmarshal(raw, p.Interface()); err != nil {
			return analyzer.Settings{}, fmt.Errorf("urilint settings: setting %q wants %s, got %s", k, describeType(f.Type()), raw)
		}
		f.Set(p.Elem())
	}
	return s, nil
}

// asMap accepts the shapes a YAML, TOML or JSON decoder produces for a mapping.
func asMap(conf any) (map[string]any, error) {
	switch c := conf.(type) {
	case map[string]any:
		return c, nil
	case map[any]any:
		m := make(map[string]any, len(c))
		for k, v := range c {
			ks, ok := k.(string)
			if !ok {
				return nil, fmt.Errorf("urilint settings: setting name %v is not a string", k)
			}
			m[ks] = v
		}
		return m, nil
	}
	kind := "a scalar"
	if reflect.ValueOf(conf).Kind() == reflect.Slice {
		kind = "a list"
	}
	return nil, fmt.Errorf("urilint settings: want a mapping of setting names to values, got %s", kind)
}

// settingFields maps each setting name (a json tag of analyzer.Settings)
// to the index of its field.
func settingFields() map[string]int {
	t := reflect.TypeFor[analyzer.Settings]()
	fields := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		fields[name] = i
	}
	return fields
}

func describeType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean"
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "a list of strings"
		}
		return "a list"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	}
	return t.String()
}

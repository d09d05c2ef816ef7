package plugin

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/config"
)

// TestSettingsAreConfigKeys: the settings of the plugin are exactly the
// Go-side keys of the settings table (internal/config: the keys whose
// flag urilint takes), with the same names and kinds, so that a user
// moves a setting between .golangci.yml and .urilint.yaml without
// renaming it, and a key added for urilint is a setting of the plugin.
func TestSettingsAreConfigKeys(t *testing.T) {
	kindOf := map[string]reflect.Kind{} // by flag name
	var keys []string
	ft := reflect.TypeFor[config.File]()
	for _, s := range config.Settings("urilint") {
		f := ft
		var kind reflect.Kind
		for _, name := range strings.Split(s.Key, ".") {
			for i := range f.NumField() {
				if f.Field(i).Tag.Get("yaml") == name {
					kind, f = f.Field(i).Type.Kind(), f.Field(i).Type
					break
				}
			}
		}
		kindOf[s.Flag] = kind
		keys = append(keys, s.Flag)
	}
	st := reflect.TypeFor[analyzer.Settings]()
	var settings []string
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if name == "config" || name == "-" || name == "" {
			continue // where the file is: no key of it
		}
		settings = append(settings, name)
		if k, ok := kindOf[name]; ok && k != st.Field(i).Type.Kind() {
			t.Errorf("plugin setting %q is a %v, the .urilint.yaml key a %v", name, st.Field(i).Type.Kind(), k)
		}
	}
	slices.Sort(keys)
	slices.Sort(settings)
	if !slices.Equal(keys, settings) {
		t.Errorf("plugin settings %q, want the Go-side keys of the settings table %q", settings, keys)
	}
}

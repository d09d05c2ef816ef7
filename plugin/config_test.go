package plugin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/config"
)

// TestSettingsAreConfigKeys: each setting of the plugin is a key of
// .urilint.yaml, at its top or under go:, with the same name and kind, so
// that a user moves a setting between .golangci.yml and .urilint.yaml
// without renaming it.
func TestSettingsAreConfigKeys(t *testing.T) {
	keyKind := map[string]reflect.Kind{}
	add := func(typ reflect.Type, prefix string) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			if name := f.Tag.Get("yaml"); name != "" && name != "-" {
				keyKind[prefix+name] = f.Type.Kind()
			}
		}
	}
	add(reflect.TypeFor[config.File](), "")
	add(reflect.TypeFor[config.Go](), "go.")
	st := reflect.TypeFor[analyzer.Settings]()
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if name == "config" {
			continue // where the file is, not a key of it
		}
		k, top := keyKind[name]
		if !top {
			k, top = keyKind["go."+name]
		}
		if !top {
			t.Errorf("plugin setting %q is no key of .urilint.yaml (top level or go:)", name)
			continue
		}
		if k != st.Field(i).Type.Kind() {
			t.Errorf("plugin setting %q is a %v, the .urilint.yaml key a %v", name, st.Field(i).Type.Kind(), k)
		}
	}
}

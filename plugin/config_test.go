package plugin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/config"
)

// TestSettingsAreConfigKeys: the settings of the plugin are the keys of
// .urilint.yaml for Go code, one to one, with the same names and kinds:
// each setting is a key at the top of the file or under go:, and each key
// under go: and each top-level key that is not a section (documents:,
// remote:, site:) or the file's version is a setting. So a user moves a
// setting between .golangci.yml and .urilint.yaml without renaming it.
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
	settings := map[string]bool{}
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		settings[name] = true
	}
	for key, kind := range keyKind {
		name := strings.TrimPrefix(key, "go.")
		if key == "version" || kind == reflect.Struct && !strings.Contains(key, ".") {
			continue // the format's version, a section
		}
		if !settings[name] {
			t.Errorf(".urilint.yaml key %q is no setting of the plugin (want a field of analyzer.Settings with json tag %q)", key, name)
		}
	}
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if name == "config" || name == "-" {
			continue // where the file is, or not a setting, not a key of it
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

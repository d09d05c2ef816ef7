package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"
)

// config is a generator's configuration file, decoded into plain maps.
type config map[string]any

// readConfig decodes the configuration file rel by its extension: TOML,
// YAML or JSON. YAML tags that name code (MkDocs' "!!python/name:",
// "!ENV") are read as their plain values.
func readConfig(t *Tree, rel string) (config, error) {
	src, err := t.Read(rel)
	if err != nil {
		return nil, err
	}
	c := config{}
	switch strings.ToLower(path.Ext(rel)) {
	case ".toml":
		if _, err := toml.Decode(string(src), (*map[string]any)(&c)); err != nil {
			return nil, err
		}
	case ".json":
		if err := json.Unmarshal(src, (*map[string]any)(&c)); err != nil {
			return nil, err
		}
	default:
		var n yaml.Node
		if err := yaml.Unmarshal(src, &n); err != nil {
			return nil, err
		}
		y := &plainYAML{}
		v := y.value(&n)
		if y.err != nil {
			return nil, y.err
		}
		if m, ok := v.(map[string]any); ok {
			c = m
		}
	}
	return c, nil
}

// plainYAML turns a YAML node into maps, slices and scalars, whatever its
// tags say. A node tree keeps aliases as pointers, so a few hundred bytes
// of YAML ("billion laughs": nine aliases of nine aliases of ...) expand
// to gigabytes when walked; the walk counts what it makes as yaml.v3's
// own Decode does, and fails past the same budget (aliasBudget).
type plainYAML struct {
	made, aliased int // values made, and those made under an alias
	depth         int // aliases being expanded
	expanding     map[*yaml.Node]bool
	err           error
}

// errAliasing is the error of a document that aliases too much, worded
// as yaml.v3's.
var errAliasing = errors.New("document contains excessive aliasing")

// aliasBudget reports whether made values, aliased of them under an
// alias, are within yaml.v3's budget (decode.go, allowedAliasRatio):
// aliases may make 99% of a document of up to 400,000 values, a share
// that falls to 10% at 4,000,000, once past 1,000 values and 100 aliased.
func aliasBudget(made, aliased int) bool {
	if aliased <= 100 || made <= 1000 {
		return true
	}
	const low, high = 400_000, 4_000_000
	ratio := 0.99
	switch {
	case made >= high:
		ratio = 0.10
	case made > low:
		ratio = 0.99 - 0.89*float64(made-low)/float64(high-low)
	}
	return float64(aliased)/float64(made) <= ratio
}

// applyKey holds, in the map of a YAML mapping tagged
// "!!python/object/apply:pkg.func", the function's name.
const applyKey = "!!python/object/apply"

// pythonTag returns what follows kind ("python/name:") in a YAML tag,
// written short ("!!python/name:x") or in full.
func pythonTag(tag, kind string) (string, bool) {
	tag = strings.TrimPrefix(tag, "tag:yaml.org,2002:")
	tag = strings.TrimPrefix(tag, "!!")
	return strings.CutPrefix(tag, kind)
}

func (y *plainYAML) value(n *yaml.Node) any {
	if y.err != nil {
		return nil
	}
	y.made++
	if y.depth > 0 {
		y.aliased++
	}
	if !aliasBudget(y.made, y.aliased) {
		y.err = errAliasing
		return nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) > 0 {
			return y.value(n.Content[0])
		}
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = y.value(n.Content[i+1])
		}
		if name, ok := pythonTag(n.Tag, "python/object/apply:"); ok {
			m[applyKey] = name // the function its keys are the arguments of
		}
		return m
	case yaml.SequenceNode:
		var s []any
		for _, c := range n.Content {
			s = append(s, y.value(c))
		}
		return s
	case yaml.ScalarNode:
		if name, ok := pythonTag(n.Tag, "python/name:"); ok && n.Value == "" {
			return name // MkDocs' "!!python/name:pkg.func": the name is the value
		}
		switch n.Value {
		case "true", "True", "yes":
			if n.Tag == "!!bool" {
				return true
			}
		case "false", "False", "no":
			if n.Tag == "!!bool" {
				return false
			}
		}
		return n.Value
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil
		}
		if y.expanding[n.Alias] {
			y.err = fmt.Errorf("line %d: anchor %q holds an alias of itself", n.Line, n.Value)
			return nil
		}
		if y.expanding == nil {
			y.expanding = map[*yaml.Node]bool{}
		}
		y.expanding[n.Alias] = true
		y.depth++
		v := y.value(n.Alias)
		y.depth--
		delete(y.expanding, n.Alias)
		return v
	}
	return nil
}

// get returns the value at the dotted key, matching each name ignoring
// case (Hugo's keys are case-insensitive).
func (c config) get(key string) any {
	var cur any = map[string]any(c)
	for _, name := range strings.Split(key, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = nil
		for k, v := range m {
			if strings.EqualFold(k, name) {
				cur = v
				break
			}
		}
	}
	return cur
}

// str returns the string at key, or def.
func (c config) str(key, def string) string {
	if v, ok := c.get(key).(string); ok && v != "" {
		return v
	}
	return def
}

// strs returns the strings at key: one string, or the strings of a list
// (Hugo's staticDir and theme take either).
func (c config) strs(key string) []string { return words(c.get(key), false) }

// flag returns the boolean at key, or def.
func (c config) flag(key string, def bool) bool {
	switch v := c.get(key).(type) {
	case bool:
		return v
	case string:
		switch strings.ToLower(v) {
		case "true", "yes", "on":
			return true
		case "false", "no", "off":
			return false
		}
	}
	return def
}

// list returns the maps of the list at key.
func (c config) list(key string) []config {
	var out []config
	switch v := c.get(key).(type) {
	case []any:
		for _, e := range v {
			if m, ok := e.(map[string]any); ok {
				out = append(out, config(m))
			}
		}
	case []map[string]any:
		for _, m := range v {
			out = append(out, config(m))
		}
	}
	return out
}

// table returns the map at key.
func (c config) table(key string) config {
	if m, ok := c.get(key).(map[string]any); ok {
		return config(m)
	}
	return nil
}

package config

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/urilint/urilint/internal/policy"
)

// SchemaID is where the schema is published.
const SchemaID = "https://raw.githubusercontent.com/urilint/urilint/main/docs/urilint.schema.json"

// Schema returns the JSON Schema (draft 2020-12) of the configuration
// file, generated from File and its tags, so that it lists exactly the
// keys the decoder knows; docs/urilint.schema.json is its output.
func Schema() []byte {
	s := schemaOf(reflect.TypeFor[File](), "")
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = SchemaID
	s["title"] = "urilint configuration (.urilint.yaml)"
	s["required"] = []string{"version"}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // maps of strings, slices and bools always marshal
	}
	return append(out, '\n')
}

// schemaOf returns the schema of a value of type t with field tag tag.
func schemaOf(t reflect.Type, tag reflect.StructTag) map[string]any {
	s := map[string]any{}
	if d := tag.Get("doc"); d != "" {
		s["description"] = d
	}
	switch {
	case t == durationType:
		s["type"] = "string"
		s["pattern"] = `^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`
	case t.Kind() == reflect.Pointer:
		for k, v := range schemaOf(t.Elem(), tag) {
			s[k] = v
		}
	case t.Kind() == reflect.Struct:
		s["type"] = "object"
		s["additionalProperties"] = false
		props := map[string]any{}
		for i := range t.NumField() {
			f := t.Field(i)
			name := f.Tag.Get("yaml")
			if name == "" || name == "-" {
				continue
			}
			props[name] = schemaOf(f.Type, f.Tag)
		}
		s["properties"] = props
	case t.Kind() == reflect.Slice:
		s["type"] = "array"
		s["items"] = schemaOf(t.Elem(), reflect.StructTag(strings.ReplaceAll(string(tag), `doc:"`, `nodoc:"`)))
	case t.Kind() == reflect.Map:
		s["type"] = "object"
		s["additionalProperties"] = map[string]any{"type": "string"}
	case t.Kind() == reflect.String:
		s["type"] = "string"
		switch enum := tag.Get("enum"); enum {
		case "":
		case "category":
			s["enum"] = policy.Names()
		default:
			s["enum"] = strings.Split(enum, ",")
		}
		if tag.Get("format") == "regex" {
			s["format"] = "regex"
		}
	case t.Kind() == reflect.Bool:
		s["type"] = "boolean"
	case t.Kind() == reflect.Int:
		s["type"] = "integer"
		if enum := tag.Get("enum"); enum == "1" {
			s["const"] = 1
		}
		if tag.Get("min") != "" {
			s["minimum"] = json.Number(tag.Get("min"))
		}
	}
	return s
}

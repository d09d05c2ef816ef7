package config

import (
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urilint/urilint/internal/policy"
)

// The settings table. A setting is declared once, as a field of File (or
// of a struct under it), and its tags say everything else:
//
//	yaml  its key in the file (a dotted path under its section)
//	doc   what it means: the description in the schema and, prefixed by
//	      "with -X, " when it has a with tag, the usage of its flag
//	arg   the word of doc that the help shows as the flag's argument
//	      ("-cache file"); none for a boolean
//	flag  its flag's name, when it has one; options after a comma:
//	      "abs", the value is a path from the working directory, made
//	      absolute as it is read; "each", a list flag whose every value
//	      is one element (a regexp may hold commas) instead of a
//	      comma-separated list
//	cmd   the commands that take the flag: uriextract, urilint, or both
//	with  the uriextract flag without which the flag means nothing
//	      (check, remote, cache, suggest): uriextract refuses it without
//	      -check
//	list  how the flag's list meets the file's: "append" (the file's,
//	      then the flag's) or "categories" (File.Categories); otherwise a
//	      flag that was set replaces the file's value
//	enum, min, max, path, format: what the decoder checks (config.go);
//	      a flag's value is checked against enum and format too
//
// NewFlags declares the flags of a command from it, Flags.Resolve is the
// one place where a flag the user set wins over the file and the file
// over the default, Schema writes the schema, and the golangci-lint
// plugin's settings are the keys the urilint command takes
// (plugin.TestSettingsAreConfigKeys). The flags that are no key of the
// file are listed in CommandFlags.

// Commands are the commands that take flags from the table.
var Commands = []string{"uriextract", "urilint"}

// CommandFlags are, by command, the flags that each command declares
// itself because they are no key of the file: what to run and where to
// write (-check, -fix, -output...), which file to read (-config), and
// what only the command line may say (-header, -allow-env: a committed
// file must not read the environment). The value is the uriextract flag
// that the flag needs, as the with tag says. urilint's flags of single
// categories (-host-case...) come from the category table
// (internal/policy) and are not listed.
var CommandFlags = map[string]map[string]string{
	"uriextract": {
		"V": "", "version": "", "json": "", "check": "", "config": "",
		"output": "check", "fix": "check", "diff": "check",
		"header": "remote", "allow-env": "remote",
	},
	"urilint": {
		"V": "", "version": "", "json": "", "c": "", "fix": "", "diff": "", "only-files": "", "tags": "",
		"config": "", "test": "", "cpuprofile": "", "memprofile": "", "trace": "",
	},
}

// A Setting is a key of the file that a command takes as a flag.
type Setting struct {
	Key   string // the dotted key: "remote.timeout"
	Flag  string // the flag's name: "timeout"
	With  string // the uriextract flag it needs ("check", "remote"...); "" for none
	Usage string // the usage of the flag, for the command Settings was asked for

	index []int // the field's index path in File
	tag   reflect.StructTag
	abs   bool // flag option abs
	each  bool // flag option each
}

// Settings returns the settings that command takes as flags, in the
// order of File.
func Settings(command string) []Setting {
	var out []Setting
	walk(reflect.TypeFor[File](), nil, "", func(f reflect.StructField, index []int, key string) {
		name, opts, _ := strings.Cut(f.Tag.Get("flag"), ",")
		if name == "" || !slices.Contains(strings.Split(f.Tag.Get("cmd"), ","), command) {
			return
		}
		s := Setting{Key: key, Flag: name, index: index, tag: f.Tag}
		for o := range strings.SplitSeq(opts, ",") {
			s.abs = s.abs || o == "abs"
			s.each = s.each || o == "each"
		}
		usage := withArg(f.Tag.Get("doc"), f.Tag.Get("arg"))
		if command == "uriextract" {
			s.With = f.Tag.Get("with")
			if s.With != "" {
				usage = "with -" + s.With + ", " + usage
			}
		}
		if f.Type.Kind() == reflect.Slice {
			if s.each {
				usage += " (repeatable)"
			} else {
				usage += " (comma-separated; repeatable)"
			}
		}
		s.Usage = usage
		out = append(out, s)
	})
	return out
}

// withArg returns doc with the first whole word arg in backquotes, the
// name flag.UnquoteUsage shows for the flag's argument; "" arg is none
// (a boolean). TestFlagTable checks that each argument is in its doc.
func withArg(doc, arg string) string {
	for i := 0; arg != ""; {
		j := strings.Index(doc[i:], arg)
		if j < 0 {
			break
		}
		j += i
		end := j + len(arg)
		if (j == 0 || !isWordByte(doc[j-1])) && (end == len(doc) || !isWordByte(doc[end])) {
			return doc[:j] + "`" + arg + "`" + doc[end:]
		}
		i = end
	}
	return doc
}

func isWordByte(c byte) bool {
	return c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// walk calls leaf for each field with a yaml key under t that is no
// section (a struct other than Duration), with its index path and
// dotted key.
func walk(t reflect.Type, index []int, prefix string, leaf func(f reflect.StructField, index []int, key string)) {
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("yaml")
		if name == "" || name == "-" {
			continue
		}
		idx := append(slices.Clone(index), i)
		if f.Type.Kind() == reflect.Struct && f.Type != durationType {
			walk(f.Type, idx, prefix+name+".", leaf)
			continue
		}
		leaf(f, idx, prefix+name)
	}
}

// NeedsFlag returns the uriextract flag that the flag name needs (with
// tag, or CommandFlags), or "".
func NeedsFlag(name string) string {
	for _, s := range Settings("uriextract") {
		if s.Flag == name {
			return s.With
		}
	}
	return CommandFlags["uriextract"][name]
}

// Flags are the flags of the table for one command: the values they set,
// over the defaults, and which of them were set.
type Flags struct {
	byKey    map[string]Setting // the command's settings, by key
	defaults File
	// Values holds what the flags set; a flag not set holds its default.
	Values File
	given  map[string]bool
}

// NewFlags declares the flags of the settings that command takes on fset,
// each bound to its field of Flags.Values, which starts as defaults (nil:
// the zero File). A flag records that it was set itself, so that a driver
// that binds the values into a flag set of its own (go vet's, urilint's)
// is seen too.
func NewFlags(fset *flag.FlagSet, command string, defaults *File) *Flags {
	f := &Flags{byKey: map[string]Setting{}, given: map[string]bool{}}
	if defaults != nil {
		f.defaults = *defaults
	}
	f.Values = f.defaults
	for _, s := range Settings(command) {
		f.byKey[s.Key] = s
		v := &value{v: reflect.ValueOf(&f.Values).Elem().FieldByIndex(s.index), s: s, given: f.given}
		var fv flag.Value = v
		if v.v.Kind() == reflect.Bool {
			fv = (*boolValue)(v)
		}
		fset.Var(fv, s.Flag, s.Usage)
	}
	return f
}

// Given reports whether the flag name was set.
func (f *Flags) Given(name string) bool { return f.given[name] }

// Resolve returns the settings of a run: for each key, the value of its
// flag when the user set that flag, else the file's value when the file
// gives one (a path of a path key taken from the file's directory, Rel),
// else the default. A list with list:"append" is the file's followed by
// the flag's; enable and disable are File.Categories. file may be the
// zero File (no file).
func (f *Flags) Resolve(file *File) *File {
	out := f.defaults
	dst, src, flagged := reflect.ValueOf(&out).Elem(), reflect.ValueOf(file).Elem(), reflect.ValueOf(&f.Values).Elem()
	walk(reflect.TypeFor[File](), nil, "", func(field reflect.StructField, index []int, key string) {
		d, v := dst.FieldByIndex(index), src.FieldByIndex(index)
		if !v.IsZero() {
			if field.Tag.Get("path") != "" {
				v = reflect.ValueOf(file.Rel(v.String()))
			}
			d.Set(v)
		}
		s, ok := f.byKey[key]
		if !ok || !f.given[s.Flag] {
			return
		}
		switch fv := flagged.FieldByIndex(index); field.Tag.Get("list") {
		case "append":
			d.Set(reflect.AppendSlice(reflect.MakeSlice(d.Type(), 0, d.Len()+fv.Len()), d))
			d.Set(reflect.AppendSlice(d, fv))
		case "categories":
		default:
			d.Set(fv)
		}
	})
	out.Enable, out.Disable = file.Categories(f.Values.Enable, f.Values.Disable)
	out.Path = file.Path
	return &out
}

// value is the flag of a setting, bound to its field.
type value struct {
	v     reflect.Value
	s     Setting
	given map[string]bool
}

func (x *value) String() string {
	if x == nil || !x.v.IsValid() {
		return "" // the zero value that flag.PrintDefaults makes
	}
	v := x.v
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	switch {
	case v.Type() == durationType:
		return time.Duration(v.Int()).String()
	case v.Kind() == reflect.Slice:
		return strings.Join(v.Interface().([]string), ",")
	}
	return fmt.Sprint(v.Interface())
}

// Set parses s as the flag's type; a value outside the key's enum is an
// error, a usage error of the command.
func (x *value) Set(s string) error {
	t := x.v.Type()
	elem := reflect.New(t).Elem()
	target := elem
	if t.Kind() == reflect.Pointer {
		target = reflect.New(t.Elem())
		elem.Set(target)
		target = target.Elem()
	}
	switch {
	case target.Type() == durationType:
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration such as 10s", s)
		}
		target.SetInt(int64(d))
	case target.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("invalid boolean value %q", s)
		}
		target.SetBool(b)
	case target.Kind() == reflect.Int:
		n, err := strconv.ParseInt(s, 0, strconv.IntSize)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		target.SetInt(n)
	case target.Kind() == reflect.String:
		if err := x.check(s); err != nil {
			return err
		}
		if x.s.abs && s != "" {
			abs, err := filepath.Abs(s)
			if err != nil {
				return err
			}
			s = abs
		}
		target.SetString(s)
	case target.Kind() == reflect.Slice:
		items := []string{s}
		if !x.s.each {
			items = nil
			for n := range strings.SplitSeq(s, ",") {
				if n = strings.TrimSpace(n); n != "" {
					items = append(items, n)
				}
			}
		}
		for _, n := range items {
			if err := x.check(n); err != nil {
				return err
			}
		}
		// A new array: the defaults may share the old one.
		elem = reflect.AppendSlice(reflect.MakeSlice(t, 0, x.v.Len()+len(items)), x.v)
		elem = reflect.AppendSlice(elem, reflect.ValueOf(items))
	}
	x.v.Set(elem)
	x.given[x.s.Flag] = true
	return nil
}

// check refuses s when it is no value of the setting's enum.
func (x *value) check(s string) error {
	if x.s.tag.Get("format") == "regex" {
		if _, err := regexp.Compile(s); err != nil {
			return fmt.Errorf("%q is not a regular expression: %v", s, err)
		}
	}
	switch enum := x.s.tag.Get("enum"); {
	case enum == "" || s == "": // "" is the default
	case enum == "category":
		if _, err := policy.New(policy.Config{Enable: []string{s}}); err != nil {
			return fmt.Errorf("unknown category %q (categories: %s)", s, strings.Join(policy.Names(), ", "))
		}
	case !slices.Contains(strings.Split(enum, ","), s):
		return fmt.Errorf("%q is not %s", s, orList(strings.Split(enum, ",")))
	}
	return nil
}

// boolValue is the flag of a boolean setting: "-remote" alone sets it.
type boolValue value

func (b *boolValue) IsBoolFlag() bool { return true }
func (b *boolValue) Set(s string) error {
	return (*value)(b).Set(s)
}
func (b *boolValue) String() string {
	if b == nil || !b.v.IsValid() {
		return "false"
	}
	return (*value)(b).String()
}

// CheckOnly returns an error naming the flags set on fset, uriextract's,
// that mean something only with -check (a with tag, or CommandFlags), for
// a run without -check: a flag silently ignored is a setting a user
// believes in and does not have.
func CheckOnly(fset *flag.FlagSet) error {
	var need []string
	fset.Visit(func(f *flag.Flag) {
		if NeedsFlag(f.Name) != "" {
			need = append(need, "-"+f.Name)
		}
	})
	switch len(need) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s works only with -check", need[0])
	}
	return fmt.Errorf("%s work only with -check", strings.Join(need, ", "))
}

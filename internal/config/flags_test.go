package config

import (
	"bytes"
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestFlagTable: within each command, every key that has a flag maps to
// exactly one flag and every table flag to exactly one key; no table flag
// is also one the command declares itself (CommandFlags); the help text
// lists each, with the argument the doc names; and every cmd, with and
// list tag holds a known value.
func TestFlagTable(t *testing.T) {
	for _, command := range Commands {
		fset := flag.NewFlagSet(command, flag.ContinueOnError)
		NewFlags(fset, command, nil)
		var help bytes.Buffer
		fset.SetOutput(&help)
		fset.PrintDefaults()
		keyOf := map[string]string{}
		for _, s := range Settings(command) {
			if k, dup := keyOf[s.Flag]; dup {
				t.Errorf("%s: flag -%s is the flag of %s and of %s", command, s.Flag, k, s.Key)
			}
			keyOf[s.Flag] = s.Key
			if _, own := CommandFlags[command][s.Flag]; own {
				t.Errorf("%s: flag -%s of %s is in CommandFlags too", command, s.Flag, s.Key)
			}
			f := fset.Lookup(s.Flag)
			name, usage := flag.UnquoteUsage(f)
			if !strings.Contains(help.String(), "-"+s.Flag+" ") && !strings.Contains(help.String(), "-"+s.Flag+"\n") && !strings.Contains(help.String(), "-"+s.Flag+"\t") {
				t.Errorf("%s: the help does not list -%s", command, s.Flag)
			}
			if !strings.Contains(help.String(), usage) {
				t.Errorf("%s: the help does not hold the usage of -%s, %q", command, s.Flag, usage)
			}
			if arg := s.tag.Get("arg"); name != arg && !(arg == "" && name == "") {
				t.Errorf("%s: -%s shows its argument as %q, want %q (the arg tag's word must be in the doc)", command, s.Flag, name, arg)
			}
		}
		// Each key with a flag for this command is in the table once.
		n := 0
		walk(reflect.TypeFor[File](), nil, "", func(f reflect.StructField, _ []int, key string) {
			for c := range strings.SplitSeq(f.Tag.Get("cmd"), ",") {
				if c != "" && c != "uriextract" && c != "urilint" {
					t.Errorf("%s: cmd tag names %q, no command", key, c)
				}
			}
			if w := f.Tag.Get("with"); w != "" && w != "check" && w != "remote" && w != "cache" && w != "suggest" {
				t.Errorf("%s: with tag names %q, no flag of uriextract", key, w)
			}
			if l := f.Tag.Get("list"); l != "" && l != "append" && l != "categories" {
				t.Errorf("%s: list tag %q is not append or categories", key, l)
			}
			if f.Tag.Get("flag") != "" && f.Tag.Get("cmd") == "" {
				t.Errorf("%s: a flag that no command takes (cmd tag)", key)
			}
			if f.Tag.Get("flag") != "" && strings.Contains(f.Tag.Get("cmd"), command) {
				n++
				if keyOf[strings.Split(f.Tag.Get("flag"), ",")[0]] != key {
					t.Errorf("%s: key %s has no flag of its own", command, key)
				}
			}
		})
		if n != len(keyOf) {
			t.Errorf("%s: %d keys with flags, %d flags", command, n, len(keyOf))
		}
	}
}

// precedenceTests: a flag the user set wins over the file, the file over
// the default, for each kind of value; lists append, categories merge.
var precedenceTests = []struct {
	name, command, file string
	args                []string
	get                 func(*File) any
	want                any
}{
	{"default", "uriextract", "", nil, func(c *File) any { return c.Remote.Timeout }, Duration(time.Second)},
	{"file", "uriextract", "remote: {timeout: 7s}", nil, func(c *File) any { return c.Remote.Timeout }, Duration(7 * time.Second)},
	{"flag over file", "uriextract", "remote: {timeout: 7s}", []string{"-timeout=2s"}, func(c *File) any { return c.Remote.Timeout }, Duration(2 * time.Second)},
	{"flag at its default over file", "uriextract", "remote: {timeout: 7s}", []string{"-timeout=1s"}, func(c *File) any { return c.Remote.Timeout }, Duration(time.Second)},
	{"flag false over file true", "uriextract", "documents: {code: true}", []string{"-code=false"}, func(c *File) any { return c.Documents.Code }, false},
	{"file true", "uriextract", "documents: {code: true}", nil, func(c *File) any { return c.Documents.Code }, true},
	{"pointer: file zero", "uriextract", "remote: {retries: 0}", nil, func(c *File) any { return *c.Remote.Retries }, 0},
	{"pointer: flag over file", "uriextract", "remote: {retries: 0}", []string{"-retries", "4"}, func(c *File) any { return *c.Remote.Retries }, 4},
	{"path from the file", "uriextract", "documents: {root: docs}", nil, func(c *File) any { return c.Documents.Root }, "sub/docs"},
	{"path of the flag", "uriextract", "documents: {root: docs}", []string{"-root", "x"}, func(c *File) any { return c.Documents.Root }, "x"},
	{"append", "uriextract", "documents: {exclude: [a]}", []string{"-exclude", "b,c", "-exclude", "d"}, func(c *File) any { return c.Documents.Exclude }, []string{"a", "b", "c", "d"}},
	{"categories", "uriextract", "enable: [percent-case, iri]", []string{"-disable", "percent-case"}, func(c *File) any { return [][]string{c.Enable, c.Disable} }, [][]string{{"iri"}, {"percent-case"}}},
	{"other command's flag", "urilint", "documents: {code: true}", nil, func(c *File) any { return c.Documents.Code }, true},
	{"urilint: default", "urilint", "", nil, func(c *File) any { return c.AllowZone }, true},
	{"urilint: file cannot lower the default", "urilint", "allow-zone: false", nil, func(c *File) any { return c.AllowZone }, true},
	{"urilint: flag over default", "urilint", "allow-zone: true", []string{"-allow-zone=false"}, func(c *File) any { return c.AllowZone }, false},
	{"urilint: file", "urilint", "go: {tests: true}", nil, func(c *File) any { return c.Go.Tests }, true},
	{"urilint: flag over file", "urilint", "go: {tests: true}", []string{"-tests=false"}, func(c *File) any { return c.Go.Tests }, false},
	{"urilint: list flag replaces", "urilint", "go: {fixes: [host-case]}", []string{"-fixes", "percent-case"}, func(c *File) any { return c.Go.Fixes }, []string{"percent-case"}},
	{"urilint: list of the file", "urilint", "go: {fixes: [host-case]}", nil, func(c *File) any { return c.Go.Fixes }, []string{"host-case"}},
}

// TestResolve runs precedenceTests for both commands' flags, with
// defaults as the commands give them (a timeout of 1s for uriextract;
// zones allowed in Go code).
func TestResolve(t *testing.T) {
	defaults := map[string]*File{
		"uriextract": {Remote: Remote{Timeout: Duration(time.Second)}},
		"urilint":    {AllowZone: true},
	}
	for _, c := range precedenceTests {
		file := &File{}
		if c.file != "" {
			var err error
			if file, err = Decode("sub/.urilint.yaml", []byte("version: 1\n"+c.file)); err != nil {
				t.Fatal(err)
			}
		}
		fset := flag.NewFlagSet(c.command, flag.ContinueOnError)
		fset.SetOutput(io.Discard)
		flags := NewFlags(fset, c.command, defaults[c.command])
		if err := fset.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if got := c.get(flags.Resolve(file)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %s %q over %q = %v, want %v", c.name, c.command, c.args, c.file, got, c.want)
		}
	}
}

// TestFlagErrors: a flag's value is checked as the key's is, so that a
// bad one is a usage error.
func TestFlagErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-format=rst", `"rst" is not auto, text, markdown or html`},
		{"-disable=no-such-category", `unknown category "no-such-category"`},
		{"-exclude-url=(", `"(" is not a regular expression`},
		{"-timeout=soon", `"soon" is not a duration`},
		{"-retries=many", `"many" is not a whole number`},
	} {
		fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
		fset.SetOutput(io.Discard)
		NewFlags(fset, "uriextract", nil)
		if err := fset.Parse([]string{c.args}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestCheckOnly: the flags that need -check are named, the others not.
func TestCheckOnly(t *testing.T) {
	fset := flag.NewFlagSet("uriextract", flag.ContinueOnError)
	NewFlags(fset, "uriextract", nil)
	fset.Bool("fix", false, "")
	if err := fset.Parse([]string{"-code", "-timeout=1s", "-fix"}); err != nil {
		t.Fatal(err)
	}
	if err := CheckOnly(fset); err == nil || err.Error() != "-fix, -timeout work only with -check" {
		t.Errorf("CheckOnly = %v, want -fix and -timeout named", err)
	}
}

package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/version"
)

// TestFlagsFromTable: uriextract's flags are those of the settings table
// for uriextract, one each, and those config.CommandFlags lists; "-h"
// lists every one of the table with its usage.
func TestFlagsFromTable(t *testing.T) {
	var o options
	var v *version.Flag
	var help bytes.Buffer
	fset := newFlags(&o, &v, &help)
	fset.Usage()
	table := map[string]bool{}
	for _, s := range config.Settings("uriextract") {
		table[s.Flag] = true
		f := fset.Lookup(s.Flag)
		if f == nil {
			t.Errorf("key %s has no flag -%s", s.Key, s.Flag)
			continue
		}
		name, usage := flag.UnquoteUsage(f)
		if !strings.Contains(help.String(), "  -"+strings.TrimSpace(s.Flag+" "+name)) || !strings.Contains(help.String(), usage) {
			t.Errorf("-h does not list -%s %s with its usage %q", s.Flag, name, usage)
		}
	}
	fset.VisitAll(func(f *flag.Flag) {
		_, own := config.CommandFlags["uriextract"][f.Name]
		if table[f.Name] == own {
			t.Errorf("flag -%s: in the settings table %v, in config.CommandFlags %v: want one of them", f.Name, table[f.Name], own)
		}
	})
}

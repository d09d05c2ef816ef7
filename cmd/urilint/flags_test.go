package main

import (
	"bytes"
	"flag"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/fixdriver"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// TestFlagsFromTable: urilint's flags are those of the settings table
// for urilint, one each, those config.CommandFlags lists, and those of
// the categories; the help lists every flag of the table with its usage.
func TestFlagsFromTable(t *testing.T) {
	fs := fixdriver.FlagSet(analyzer.Analyzer)
	var help bytes.Buffer
	fs.SetOutput(&help)
	fs.PrintDefaults()
	table := map[string]bool{}
	for _, s := range config.Settings("urilint") {
		table[s.Flag] = true
		f := fs.Lookup(s.Flag)
		if f == nil {
			t.Errorf("key %s has no flag -%s", s.Key, s.Flag)
			continue
		}
		if _, usage := flag.UnquoteUsage(f); !bytes.Contains(help.Bytes(), []byte(usage)) {
			t.Errorf("the help does not hold the usage of -%s, %q", s.Flag, usage)
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		_, own := config.CommandFlags["urilint"][f.Name]
		_, category := policy.Lookup(uri.Category(f.Name))
		if !table[f.Name] && !own && !category {
			t.Errorf("flag -%s is neither a key of the settings table nor in config.CommandFlags", f.Name)
		}
		if table[f.Name] && (own || category) {
			t.Errorf("flag -%s is declared twice", f.Name)
		}
	})
}

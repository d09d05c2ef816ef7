package main

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/urilint/urilint/analyzer"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/docgen"
	"github.com/urilint/urilint/internal/fixdriver"
	"github.com/urilint/urilint/internal/policy"
)

var update = flag.Bool("update", false, "rewrite the generated blocks of docs/")

// TestDocs checks urilint's flag table in docs/integrations.md against
// the flag set the command parses; -update rewrites it. The flags of the
// categories are one row, written by hand: docs/checks.md lists them.
func TestDocs(t *testing.T) {
	all := fixdriver.FlagSet(analyzer.Analyzer)
	fs := flag.NewFlagSet("urilint", flag.ContinueOnError)
	isCategory := make(map[string]bool)
	for _, c := range policy.Categories {
		isCategory[string(c.Category)] = true
	}
	all.VisitAll(func(f *flag.Flag) {
		if !isCategory[f.Name] {
			fs.Var(f.Value, f.Name, f.Usage)
			fs.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	if err := docgen.Check("../../docs/integrations.md", "flags-of-urilint", docgen.FlagTable(fs), *update); err != nil {
		t.Error(err)
	}
	// The golangci-lint plugin's settings are urilint's keys of the
	// settings table (plugin.TestSettingsAreConfigKeys).
	var b strings.Builder
	b.WriteString("| plugin setting | `.urilint.yaml` key |\n|---|---|\n")
	for _, s := range config.Settings("urilint") {
		fmt.Fprintf(&b, "| `%s` | `%s` |\n", s.Flag, s.Key)
	}
	if err := docgen.Check("../../docs/configuration.md", "settings-of-plugin", b.String(), *update); err != nil {
		t.Error(err)
	}
}

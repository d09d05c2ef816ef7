package main

import (
	"maps"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestOlder: the Hugo that site-check found (hugo version, digits and
// dots) against a fixture's "needs" line.
func TestOlder(t *testing.T) {
	for _, tt := range []struct {
		have, need string
		want       bool
	}{
		{"0.111.3", "0.146", true},
		{"0.146.0", "0.146", false},
		{"0.146", "0.146.0", false},
		{"0.147.1", "0.146", false},
		{"0.9.0", "0.10", true},
		{"1.0.0", "0.146", false},
		{"0.123", "0.123.1", true},
	} {
		if got := older(tt.have, tt.need); got != tt.want {
			t.Errorf("older(%q, %q) = %v, want %v", tt.have, tt.need, got, tt.want)
		}
	}
}

// TestDirectives: the lines of a fixture's "site-check" section.
func TestDirectives(t *testing.T) {
	ar := txtar.Parse([]byte("-- a.md --\nbase /no\n-- site-check --\nbase /p/\nskip L1: in a comment\nstrip L2: the build fails\nurl https://x.invalid/\n-- site-check --\nskip L3: again\n"))
	base, skip := directives(ar)
	want := map[string]string{"L1": "skipped: in a comment", "L2": "stripped: the build fails", "L3": "skipped: again"}
	if base != "/p" || !maps.Equal(skip, want) {
		t.Errorf("directives = %q, %q, want %q, %q", base, skip, "/p", want)
	}
	if got := siteURL(ar); got != "https://x.invalid" {
		t.Errorf("siteURL = %q, want %q", got, "https://x.invalid")
	}
}

// TestNoBuild: a fixture is not built when it says so, or when it needs a
// newer generator than the one found.
func TestNoBuild(t *testing.T) {
	needs := txtar.Parse([]byte("-- site-check --\nskip L1: x\nneeds 0.146: a new lookup\n"))
	for _, tt := range []struct {
		ar      *txtar.Archive
		version string
		why     string
		ok      bool
	}{
		{needs, "0.111.3", "it needs 0.146 or later, this is 0.111.3: a new lookup", true},
		{needs, "0.146.0", "", false},
		{needs, "", "", false},
		{txtar.Parse([]byte("-- site-check --\nnobuild: a plugin Debian lacks\n")), "", "a plugin Debian lacks", true},
		{txtar.Parse([]byte("-- a.md --\nnobuild: not here\n")), "", "", false},
	} {
		if why, ok := noBuild(tt.ar, tt.version); why != tt.why || ok != tt.ok {
			t.Errorf("noBuild(%q) = %q, %v, want %q, %v", tt.version, why, ok, tt.why, tt.ok)
		}
	}
}

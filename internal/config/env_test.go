package config

import (
	"strings"
	"testing"
)

func TestExpandEnv(t *testing.T) {
	env := func(n string) string { return map[string]string{"A": "1", "B": "two"}[n] }
	for _, tt := range []struct{ in, out, missing string }{
		{"plain", "plain", ""},
		{"Bearer ${A}", "Bearer 1", ""},
		{"${A}${B}", "1two", ""},
		{"$$A and $B", "$A and $B", ""},
		{"${A", "${A", ""},
		{"x ${C} y", "", "C"},
	} {
		out, missing := ExpandEnv(tt.in, env)
		if out != tt.out || missing != tt.missing {
			t.Errorf("ExpandEnv(%q) = %q, %q, want %q, %q", tt.in, out, missing, tt.out, tt.missing)
		}
	}
}

// FuzzExpandEnv: ExpandEnv never panics, and with every variable set to
// "" but X, a value without "${" comes back with only "$$" changed.
func FuzzExpandEnv(f *testing.F) {
	for _, s := range []string{"Bearer ${X}", "$$", "${", "a$b${X}c", "${}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, missing := ExpandEnv(s, func(n string) string {
			if n == "X" {
				return "x"
			}
			return ""
		})
		if !strings.Contains(s, "${") && missing == "" && out != strings.ReplaceAll(s, "$$", "$") {
			t.Errorf("ExpandEnv(%q) = %q", s, out)
		}
	})
}

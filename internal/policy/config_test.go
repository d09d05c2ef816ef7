package policy

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/uri"
)

func TestNewDefaults(t *testing.T) {
	p, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Categories {
		if got := p.Reports(d.Category); got != d.Default {
			t.Errorf("Reports(%q) = %v, want the default %v", d.Category, got, d.Default)
		}
	}
}

func TestNewEnableDisable(t *testing.T) {
	p, err := New(Config{Enable: []string{"empty-path", " hyphen-break", ""}, Disable: []string{"password", "empty-path"}})
	if err != nil {
		t.Fatal(err)
	}
	for c, want := range map[uri.Category]bool{
		uri.CategoryEmptyPath:      false, // Disable wins
		CategoryHyphenBreak:        true,
		uri.CategoryPassword:       false,
		uri.CategoryMalformed:      true,
		uri.CategoryDotSegments:    true,
		uri.CategoryPercentCase:    true,
		uri.Category("no-such"):    false,
		uri.CategoryEncodedControl: true,
	} {
		if got := p.Reports(c); got != want {
			t.Errorf("Reports(%q) = %v, want %v", c, got, want)
		}
	}
}

func TestNewUnknownCategory(t *testing.T) {
	_, err := New(Config{Disable: []string{"emptypath"}})
	if err == nil || !strings.Contains(err.Error(), `unknown category "emptypath"`) || !strings.Contains(err.Error(), "empty-path") {
		t.Errorf("New with a misspelt category: error %v, want one naming it and listing the categories", err)
	}
}

func TestPolicyCheck(t *testing.T) {
	def, _ := New(Config{})
	all, _ := New(Config{Enable: []string{"empty-path"}})
	none, _ := New(Config{Disable: Names()})
	for _, tt := range []struct {
		p    *Policy
		s    string
		want []uri.Category
	}{
		{def, "https://api.example.com", nil},
		{all, "https://api.example.com", []uri.Category{uri.CategoryEmptyPath}},
		{def, "HTTP://user:pw@h/", []uri.Category{uri.CategorySchemeCase, uri.CategoryPassword}},
		{none, "HTTP://user:pw@h/ x", nil},
		{def, "https://example.com/", nil},
	} {
		var got []uri.Category
		for _, f := range tt.p.Check(tt.s) {
			got = append(got, f.Category)
		}
		if strings.Join(cats(got), ",") != strings.Join(cats(tt.want), ",") {
			t.Errorf("Check(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func cats(cs []uri.Category) []string {
	var out []string
	for _, c := range cs {
		out = append(out, string(c))
	}
	return out
}

// TestAllowZoneEverywhere: the option reaches Check, Parse and Normalize
// alike.
func TestAllowZoneEverywhere(t *testing.T) {
	const s = "http://[fe80::1%25eth0]/"
	strict, _ := New(Config{})
	zone, _ := New(Config{AllowZone: true})
	if len(strict.Check(s)) == 0 {
		t.Errorf("strict Check(%q) reports nothing, want malformed", s)
	}
	if fs := zone.Check(s); len(fs) != 0 {
		t.Errorf("AllowZone Check(%q) = %v, want nothing", s, fs)
	}
	if _, err := zone.Options().Parse(s); err != nil {
		t.Errorf("AllowZone Parse(%q): %v", s, err)
	}
	if _, err := zone.Options().Normalize(s); err != nil {
		t.Errorf("AllowZone Normalize(%q): %v", s, err)
	}
}

func TestPolicyCheckNoAlloc(t *testing.T) {
	p, _ := New(Config{})
	for _, s := range []string{"https://example.com/a/b?c=d#e", "https://api.example.com", "mailto:joe@example.com"} {
		if n := testing.AllocsPerRun(100, func() { _ = p.Check(s) }); n != 0 {
			t.Errorf("Check(%q) allocates %v times, want 0", s, n)
		}
	}
}

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

// TestDocumentDefaults: a policy for documents starts with the
// normalization categories off and everything else as in Go code; the
// table says which, and -enable turns them back on.
func TestDocumentDefaults(t *testing.T) {
	code, _ := New(Config{})
	docs, _ := New(Config{Front: Documents})
	quiet := []uri.Category{uri.CategorySchemeCase, uri.CategoryHostCase, uri.CategoryPercentCase,
		uri.CategoryPercentUnreserved, uri.CategoryDotSegments, uri.CategoryDefaultPort, uri.CategoryEmptyPath}
	for _, d := range Categories {
		wantQuiet := false
		for _, c := range quiet {
			wantQuiet = wantQuiet || c == d.Category
		}
		if d.QuietInDocuments != wantQuiet {
			t.Errorf("%s: QuietInDocuments = %v, want %v", d.Category, d.QuietInDocuments, wantQuiet)
		}
		if got, want := docs.Reports(d.Category), d.Default && !wantQuiet && !d.GoOnly(); got != want {
			t.Errorf("documents: Reports(%q) = %v, want %v", d.Category, got, want)
		}
		if got := code.Reports(d.Category); got != d.Default {
			t.Errorf("Go code: Reports(%q) = %v, want %v", d.Category, got, d.Default)
		}
	}
	if docs.Front() != Documents || code.Front() != GoCode {
		t.Errorf("Front() = %v, %v, want documents, Go code", docs.Front(), code.Front())
	}
	// What a user of the document audit sees for a URL that works.
	const s = "HTTPS://Example.COM:443/a/../%7Euser/%2f"
	if fs := docs.Check(s); fs != nil {
		t.Errorf("documents: Check(%q) = %v, want nothing by default", s, fs)
	}
	if fs := code.Check(s); len(fs) < 5 {
		t.Errorf("Go code: Check(%q) = %d findings, want the normalization findings", s, len(fs))
	}
	on, _ := New(Config{Front: Documents, Enable: []string{"host-case"}})
	if fs := on.Check(s); len(fs) != 1 || fs[0].Category != uri.CategoryHostCase {
		t.Errorf("documents with -enable host-case: Check(%q) = %v, want host-case alone", s, fs)
	}
}

// TestNewCategoriesDefaults: the categories the audit and the remote
// check report for issue 17 and 19.
func TestNewCategoriesDefaults(t *testing.T) {
	docs, _ := New(Config{Front: Documents})
	for c, want := range map[uri.Category]bool{
		CategoryUnverifiable:      false,
		CategoryDegraded:          true,
		CategoryLinkRateLimited:   false,
		uri.CategoryDoubledScheme: true,
	} {
		d, ok := Lookup(c)
		if !ok {
			t.Errorf("%s is not in the table", c)
			continue
		}
		if got := docs.Reports(c); got != want {
			t.Errorf("documents: Reports(%q) = %v, want %v", c, got, want)
		}
		if d.Docs != (c != uri.CategoryDoubledScheme) {
			t.Errorf("%s: Docs = %v", c, d.Docs)
		}
	}
}

// TestOneMalformedPerLink: in documents a link with several bad bytes is
// one finding at the first, counting the others, with the whole repair
// as its fix when every place has one; Go code keeps one finding per
// kind of mistake.
func TestOneMalformedPerLink(t *testing.T) {
	code, _ := New(Config{})
	docs, _ := New(Config{Front: Documents})
	for _, tt := range []struct {
		s          string
		codeN      int
		msgSuffix  string
		fixed      string // "" for no fix
		start, end int
	}{
		{"https://example.com/a b|c d", 2, " (and 2 more)", "https://example.com/a%20b%7Cc%20d", 21, 22},
		{"https://example.com/a|b|c", 1, " (and 1 more)", "https://example.com/a%7Cb%7Cc", 21, 22},
		{"https://example.com/a b\\c", 2, " (and 1 more)", "", 21, 22},
		{"https://example.com/a  b", 1, "", "https://example.com/a%20%20b", 21, 23},
	} {
		if n := len(code.Check(tt.s)); n != tt.codeN {
			t.Errorf("Go code: Check(%q) = %d findings, want %d", tt.s, n, tt.codeN)
		}
		fs := docs.Check(tt.s)
		if len(fs) != 1 || fs[0].Category != uri.CategoryMalformed {
			t.Errorf("documents: Check(%q) = %v, want one malformed finding", tt.s, fs)
			continue
		}
		f := fs[0]
		if f.Start != tt.start || f.End != tt.end {
			t.Errorf("documents: Check(%q) at %d-%d, want the first bad byte %d-%d", tt.s, f.Start, f.End, tt.start, tt.end)
		}
		if tt.msgSuffix != "" && !strings.HasSuffix(f.Message, tt.msgSuffix) || strings.Count(f.Message, "more)") > 1 {
			t.Errorf("documents: Check(%q) message %q, want it to end %q", tt.s, f.Message, tt.msgSuffix)
		}
		got := ""
		if f.Fix != nil {
			got = uri.ApplyEdits(tt.s, f.Fix)
		}
		if got != tt.fixed {
			t.Errorf("documents: Check(%q) fix gives %q, want %q", tt.s, got, tt.fixed)
		}
	}
}

package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/uri"
)

// Config is what a user chooses, in flags or in a golangci-lint
// configuration: categories to turn on and off, and the options of uri.
// The zero value is the defaults of Categories for Go code.
type Config struct {
	// Enable and Disable name categories; Disable wins.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals
	// ("http://[fe80::1%25eth0]/"), in Check as in Parse and Normalize.
	AllowZone bool `json:"allow-zone"`
	// Fixes, when not nil, names the categories whose findings keep
	// their fixes besides those whose fix repairs a defect
	// (FixByDefault): the analyzer's setting, so that -fix changes what a
	// program does only where asked. Nil keeps every fix, as the document
	// audit does.
	Fixes []string `json:"-"`
	// Front is the front end that checks: its defaults (Doc.DefaultIn)
	// are where Enable and Disable start from, and in Documents a link
	// gets one malformed finding (see Policy.Check). The command sets it,
	// never the user.
	Front Front `json:"-"`
}

// Policy is a Config checked against Categories: the one object through
// which both front ends check a URI.
type Policy struct {
	on    map[uri.Category]bool
	noFix map[uri.Category]bool // findings reported without their fix
	opts  uri.Options
	front Front
}

// New returns the policy of c. An unknown category name is an error that
// names it and lists the categories.
func New(c Config) (*Policy, error) {
	p := &Policy{on: make(map[uri.Category]bool, len(Categories)), opts: uri.Options{AllowZone: c.AllowZone}, front: c.Front}
	for _, d := range Categories {
		p.on[d.Category] = d.DefaultIn(c.Front)
	}
	for _, set := range []struct {
		names []string
		on    bool
	}{{c.Enable, true}, {c.Disable, false}} {
		for _, name := range set.names {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if _, ok := p.on[uri.Category(name)]; !ok {
				return nil, fmt.Errorf("unknown category %q (categories: %s)", name, strings.Join(Names(), ", "))
			}
			p.on[uri.Category(name)] = set.on
		}
	}
	if c.Fixes != nil {
		p.noFix = make(map[uri.Category]bool)
		for _, d := range Categories {
			if d.Fixable && !FixByDefault(d.Category) {
				p.noFix[d.Category] = true
			}
		}
		for _, name := range c.Fixes {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if _, ok := p.on[uri.Category(name)]; !ok {
				return nil, fmt.Errorf("unknown category %q in fixes (categories: %s)", name, strings.Join(Names(), ", "))
			}
			delete(p.noFix, uri.Category(name))
		}
	}
	// A rule that is not reported need not be tested.
	for r := uri.RuleSchemeCase; r <= uri.RuleNFC; r <<= 1 {
		if !p.on[r.Category()] {
			p.opts.Skip |= r
		}
	}
	return p, nil
}

// Names returns the names of Categories, in order.
func Names() []string {
	names := make([]string, len(Categories))
	for i, d := range Categories {
		names[i] = string(d.Category)
	}
	return names
}

// Fixes reports whether p keeps the fixes of findings of category c.
func (p *Policy) Fixes(c uri.Category) bool { return !p.noFix[c] }

// Reports reports whether p reports findings of category c.
func (p *Policy) Reports(c uri.Category) bool { return p.on[c] }

// Options returns the options of uri that p checks with.
func (p *Policy) Options() uri.Options { return p.opts }

// Front returns the front end p was made for.
func (p *Policy) Front() Front { return p.front }

// Check returns the findings of uri.Check for s, under p's options, whose
// categories p reports. It allocates nothing more than uri.Check.
//
// A host-case or ipv4-form finding is dropped unless the scheme's host is
// known to be a DNS name (DNSHost): "s3://MyBucket/key" names a bucket,
// whose case matters, "slack://123456789/..." a channel. So is host-case
// on a host of one label written like a Go identifier ("http://authURL",
// a placeholder named after the variable it stands for).
//
// In Documents, a link that breaks the grammar in several places gets
// one malformed finding, at the first bad byte, whose message counts the
// other places: a reader fixes a link, not each byte of it. Its fix is
// all the repairs together, and only when every place has one, so that
// the fix leaves a valid link. In Go code each kind of mistake stays its
// own finding with its own fix, as the analyzer maps each onto the
// literal.
func (p *Policy) Check(s string) []uri.Finding {
	out := p.opts.Check(s)
	n := 0
	for _, f := range out {
		if (f.Category == uri.CategoryHostCase || f.Category == uri.CategoryIPv4Form) && !DNSHost(s[:abnf.SchemeLen(s)]) {
			// The "host" of a custom scheme may be a name compared
			// exactly (a bucket, a channel, a token), or digits that
			// no resolver reads (a chat's ID).
			continue
		}
		if f.Category == uri.CategoryHostCase && identifierHost(s[f.Start:f.End]) {
			continue
		}
		if p.on[f.Category] {
			if p.noFix[f.Category] {
				f.Fix = nil
			}
			out[n] = f
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out = out[:n]
	if p.front == Documents {
		out = oneMalformed(out)
	}
	return out
}

// oneMalformed merges the malformed findings of out into the first,
// keeping the order of the others.
func oneMalformed(out []uri.Finding) []uri.Finding {
	first, places, fixable := -1, 0, true
	for i, f := range out {
		if f.Category != uri.CategoryMalformed {
			continue
		}
		if first < 0 {
			first = i
		}
		// uri.Check makes one finding per kind of mistake, one edit per
		// place it was found (a run of the same byte is one place).
		places += max(1, len(f.Fix))
		fixable = fixable && f.Fix != nil
	}
	if first < 0 || places == 1 {
		return out
	}
	m := out[first]
	// The first message counts its own kind's other places; say instead
	// how many places of any kind follow.
	if k := len(m.Fix); k > 1 {
		m.Message = strings.TrimSuffix(m.Message, fmt.Sprintf(" (and %d more)", k-1))
	}
	m.Message += fmt.Sprintf(" (and %d more)", places-1)
	var fix []uri.Edit
	if fixable {
		for _, f := range out {
			if f.Category == uri.CategoryMalformed {
				fix = append(fix, f.Fix...)
			}
		}
		slices.SortFunc(fix, func(a, b uri.Edit) int { return a.Start - b.Start })
	}
	m.Fix = fix
	kept := out[:0]
	for i, f := range out {
		switch {
		case i == first:
			kept = append(kept, m)
		case f.Category != uri.CategoryMalformed:
			kept = append(kept, f)
		}
	}
	return kept
}

// identifierHost reports whether host is one label in camel case
// ("authURL", "tokenUrl", "myHost"): a placeholder named like the Go
// identifier it stands for, not a host name whose case a reader fixes.
func identifierHost(host string) bool {
	if strings.IndexByte(host, '.') >= 0 || strings.IndexByte(host, ':') >= 0 {
		return false
	}
	for i := 1; i < len(host); i++ {
		if 'a' <= host[i-1] && host[i-1] <= 'z' && 'A' <= host[i] && host[i] <= 'Z' {
			return true
		}
	}
	return false
}

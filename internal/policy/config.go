package policy

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Config is what a user chooses, in flags or in a golangci-lint
// configuration: categories to turn on and off, and the options of uri.
// The zero value is the defaults of Categories.
type Config struct {
	// Enable and Disable name categories; Disable wins.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
	// AllowZone accepts RFC 6874 zone identifiers in IPv6 literals
	// ("http://[fe80::1%25eth0]/"), in Check as in Parse and Normalize.
	AllowZone bool `json:"allow-zone"`
}

// Policy is a Config checked against Categories: the one object through
// which both front ends check a URI.
type Policy struct {
	on   map[uri.Category]bool
	opts uri.Options
}

// New returns the policy of c. An unknown category name is an error that
// names it and lists the categories.
func New(c Config) (*Policy, error) {
	p := &Policy{on: make(map[uri.Category]bool, len(Categories)), opts: uri.Options{AllowZone: c.AllowZone}}
	for _, d := range Categories {
		p.on[d.Category] = d.Default
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

// Reports reports whether p reports findings of category c.
func (p *Policy) Reports(c uri.Category) bool { return p.on[c] }

// Options returns the options of uri that p checks with.
func (p *Policy) Options() uri.Options { return p.opts }

// Check returns the findings of uri.Check for s, under p's options, whose
// categories p reports. It allocates nothing more than uri.Check.
func (p *Policy) Check(s string) []uri.Finding {
	out := p.opts.Check(s)
	n := 0
	for _, f := range out {
		if p.on[f.Category] {
			out[n] = f
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return out[:n]
}

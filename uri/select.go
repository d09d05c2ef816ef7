package uri

import (
	"fmt"
	"slices"
	"strings"
)

// Selection is the set of categories that a tool reports. The analyzer
// and uriextract both start from DefaultSelection, so that a URI gets the
// same verdict in Go code and in a document.
type Selection map[Category]bool

// defaultOff lists the categories reported only when asked for: an empty
// path after the host ("https://api.example.com") is the usual way to
// write a base URL, in code and in prose alike.
var defaultOff = []Category{CategoryEmptyPath}

// DefaultSelection returns every category but "empty-path".
func DefaultSelection() Selection {
	s := make(Selection, len(categories))
	for _, c := range categories {
		s[c] = !slices.Contains(defaultOff, c)
	}
	return s
}

// Set turns the named categories on or off. An unknown name is an error
// that names it and lists the categories.
func (s Selection) Set(names []string, on bool) error {
	for _, name := range names {
		if !slices.Contains(categories, Category(name)) {
			var known []string
			for _, c := range categories {
				known = append(known, string(c))
			}
			return fmt.Errorf("unknown category %q (categories: %s)", name, strings.Join(known, ", "))
		}
	}
	for _, name := range names {
		s[Category(name)] = on
	}
	return nil
}

// Checker returns a Checker that looks for the normalization rules whose
// categories s reports; the caller still filters findings by s.
func (s Selection) Checker() Checker {
	var c Checker
	for r := RuleSchemeCase; r <= RuleEmptyPath; r <<= 1 {
		if s[r.Category()] {
			c.Rules |= r
		}
	}
	return c
}

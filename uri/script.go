package uri

import (
	"fmt"
	"strings"
	"unicode"
)

// Mixed scripts (section 7.6, semantic attacks). A host label that mixes
// letters of several scripts is how a look-alike host is made:
// "xn--pple-43d.com" shows as "аpple.com", its first letter Cyrillic.
// The rule is the "Highly Restrictive" level of UTS #39 section 5.2, the
// one browsers apply before they show a host in Unicode: the characters
// of a label, Common and Inherited ones aside (digits, "-", combining
// marks), are of one script, or of Latin with the scripts of one East
// Asian writing system: Han, Hiragana and Katakana (Japanese), Han and
// Bopomofo (Chinese), Han and Hangul (Korean). Go's unicode package has
// no Script_Extensions, so a character that several scripts share
// counts for the one that Scripts.txt assigns it (most such characters
// are Common, which is ignored).

// scriptTables are tried first, in order, before all of unicode.Scripts.
var scriptTables = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Common", unicode.Common},
	{"Inherited", unicode.Inherited},
	{"Latin", unicode.Latin},
	{"Cyrillic", unicode.Cyrillic},
	{"Greek", unicode.Greek},
	{"Han", unicode.Han},
	{"Hiragana", unicode.Hiragana},
	{"Katakana", unicode.Katakana},
	{"Hangul", unicode.Hangul},
	{"Arabic", unicode.Arabic},
	{"Hebrew", unicode.Hebrew},
}

// scriptOf returns the name of r's script, "Unknown" for an unassigned
// code point.
func scriptOf(r rune) string {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return "Common"
	}
	for _, t := range scriptTables {
		if unicode.Is(t.table, r) {
			return t.name
		}
	}
	// Each code point has one script, so the map's order does not
	// matter.
	for name, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return name
		}
	}
	return "Unknown"
}

// scriptUse is one script seen in a label: its first character, and how
// many characters of it there are.
type scriptUse struct {
	name  string
	first rune
	n     int
}

// labelScripts returns the scripts of label, Common and Inherited left
// out, in the order they first appear, in buf while they fit.
func labelScripts(label string, buf *[4]scriptUse) []scriptUse {
	uses := buf[:0]
next:
	for _, r := range label {
		name := scriptOf(r)
		if name == "Common" || name == "Inherited" {
			continue
		}
		for k := range uses {
			if uses[k].name == name {
				uses[k].n++
				continue next
			}
		}
		uses = append(uses, scriptUse{name, r, 1})
	}
	return uses
}

// eastAsian are the sets of scripts that UTS #39's Highly Restrictive
// level lets Latin join.
var eastAsian = [...]string{
	"Han Hiragana Katakana", // Japanese
	"Han Bopomofo",          // Chinese
	"Han Hangul",            // Korean
}

// mixesScripts reports whether the scripts uses break the Highly
// Restrictive rule.
func mixesScripts(uses []scriptUse) bool {
	if len(uses) < 2 {
		return false
	}
	for _, set := range eastAsian {
		ok := true
		for _, u := range uses {
			if u.name != "Latin" && !inList(set, u.name) {
				ok = false
				break
			}
		}
		if ok {
			return false
		}
	}
	return true
}

// checkMixedScript appends a finding for each label of h that mixes
// scripts.
func checkMixedScript(s string, u *URI, h *idnHost, out []Finding) []Finding {
	var buf [4]scriptUse
	for _, l := range h.labels {
		uses := labelScripts(l.unicode, &buf)
		if !mixesScripts(uses) {
			continue
		}
		// Name the scripts of the fewest characters among the script
		// of the most: Cyrillic "а" among Latin.
		major := 0
		for k := range uses {
			if uses[k].n > uses[major].n {
				major = k
			}
		}
		var minor []string
		for k, use := range uses {
			if k != major {
				minor = append(minor, fmt.Sprintf("%s %q", use.name, use.first))
			}
		}
		out = append(out, Finding{
			Category: CategoryMixedScript,
			Start:    l.start, End: l.end,
			Message: fmt.Sprintf("%q has host %q (%q) whose label %q mixes scripts, %s among %s: it can pass for another name",
				s, h.ascii, h.unicode, l.unicode, strings.Join(minor, " and "), uses[major].name),
		})
	}
	return out
}

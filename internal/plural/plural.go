// Package plural writes a count with its noun, as every message of
// urilint says one: "1 file", "2 files", "0 links". The audit, the
// remote checker and the reporters all count what they did, and a
// reader sees their lines side by side in one run: one rule keeps
// them alike.
package plural

import "strconv"

// Of returns n and the noun, with an "s" unless n is 1: Of(1, "file")
// is "1 file", Of(3, "input error") is "3 input errors". The nouns of
// urilint's messages take a plain "s"; an irregular one would need a
// function of its own.
func Of(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

package analyzer

import "strings"

// extractDoc returns the documentation of analyzer name from src, the
// source of doc.go: the package comment from its "# Analyzer name"
// heading on, with the "name: " of the summary line dropped. It panics
// when the heading is missing, which the package's tests catch.
func extractDoc(src, name string) string {
	var lines []string
	in := false
	for line := range strings.SplitSeq(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			if in {
				break // the end of the package comment
			}
			continue
		}
		text := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if strings.HasPrefix(text, "# Analyzer ") {
			if in {
				break // the next analyzer's section
			}
			in = strings.TrimPrefix(text, "# Analyzer ") == name
			continue
		}
		if in {
			lines = append(lines, text)
		}
	}
	doc := strings.TrimSpace(strings.Join(lines, "\n"))
	summary, ok := strings.CutPrefix(doc, name+": ")
	if !in || !ok {
		panic("analyzer: doc.go has no \"# Analyzer " + name + "\" section starting \"" + name + ": \"")
	}
	return summary
}

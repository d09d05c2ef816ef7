package site

import (
	"slices"
	"testing"
)

func TestDocusaurusIncluded(t *testing.T) {
	for _, c := range []struct {
		body string
		want []string // nil: not read
	}{
		{`{onlyIncludeVersions: ['current', '2.0'], lastVersion: '2.0'}`, []string{"2.0", "current"}},
		{`{"onlyIncludeVersions": ["1.x"]}`, []string{"1.x"}},
		{`{onlyIncludeVersions: []}`, []string{}},
		{`{onlyIncludeVersions: process.env.PREVIEW ? ['current'] : undefined}`, nil},
		{`{onlyIncludeVersions: versionsToBuild}`, nil},
		{`{versions: {current: {onlyIncludeVersions: ['x']}}}`, nil}, // not the instance's own option
		{`{path: 'docs'}`, nil},
	} {
		body := []byte(c.body)
		got, ok := docusaurusIncluded(body, topLevel(body))
		if ok != (c.want != nil) {
			t.Errorf("docusaurusIncluded(%q) read = %v, want %v", c.body, ok, c.want != nil)
			continue
		}
		var names []string
		for v := range got {
			names = append(names, v)
		}
		slices.Sort(names)
		if c.want != nil && !slices.Equal(names, c.want) && !(len(names) == 0 && len(c.want) == 0) {
			t.Errorf("docusaurusIncluded(%q) = %q, want %q", c.body, names, c.want)
		}
	}
}

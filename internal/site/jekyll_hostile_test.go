package site

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestJekyllDeadBranchesLinear: a page of many "{% if site.KEY %}"
// blocks, left open or nested deep, is read in one pass: each block
// finds its "{% else %}" and "{% endif %}" without scanning the rest of
// the page again (a 16 MiB page holds 700,000 tags).
func TestJekyllDeadBranchesLinear(t *testing.T) {
	fixed := map[string]any{"version": "latest"}
	open := `{% if site.version == "x" %}`
	const n = 200_000
	for name, src := range map[string]string{
		"left open": strings.Repeat(open, n),
		"nested":    strings.Repeat(open, n) + "A" + strings.Repeat("{% endif %}", n),
	} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			got := jekyllDeadBranches([]byte(src), fixed)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("jekyllDeadBranches of %d blocks took %v", n, d)
			}
			if name == "nested" && len(got) != n {
				t.Errorf("jekyllDeadBranches of %d nested false blocks = %d ranges, want %d", n, len(got), n)
			}
		})
	}
}

// TestJekyllTextRangesApart: a Jekyll page's text ranges, highlight
// blocks and dead branches nested in one another, come sorted and
// apart, as CodeRanges gives them, so that a reader can search them.
func TestJekyllTextRangesApart(t *testing.T) {
	s := &Site{Generator: "jekyll", liquid: &liquidVars{fixed: map[string]any{"version": "latest"}}}
	src := `{% highlight x %}a{% endhighlight %} {% if site.version == "1" %}b{% if site.version == "2" %}c{% endif %}{% endif %} d` +
		` {% if site.version == "1" %}{% highlight x %}e{% endhighlight %}{% endif %}`
	got := s.CodeRanges([]byte(src))
	if len(got) != 3 {
		t.Errorf("CodeRanges(%q) = %v, want 3 ranges", src, got)
	}
	end := 0
	for _, r := range got {
		if r[0] < end || r[1] < r[0] {
			t.Fatalf("CodeRanges(%q) = %v: %v after %d", src, got, r, end)
		}
		end = r[1]
	}
}

// TestJekyllExcludeOnce: the exclude list is read once for the files of
// the site, its names looked up, not matched one by one for each file
// and each folder above it: 2,000 files beside 40,000 globs took
// a minute; a list of more globs than maxExcludeGlobs leaves no file
// out by its globs, as Docusaurus' exclude.
func TestJekyllExcludeOnce(t *testing.T) {
	var cfg strings.Builder
	cfg.WriteString("exclude:\n  - secret.png\n  - drafts\n")
	for i := range 40_000 {
		fmt.Fprintf(&cfg, "  - \"x%d/*.png\"\n", i)
	}
	files := map[string]string{"_config.yml": cfg.String(), "index.md": "# Home\n", "a/secret.png": "x", "drafts/d.png": "x", "x1/k.png": "x"}
	for i := range 2000 {
		files[fmt.Sprintf("a/b/c%d/p.png", i)] = "x"
	}
	root, _ := hostileTree(t, files)
	start := time.Now()
	s, err := Detect(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Detect took %v", d)
	}
	for rel, want := range map[string]bool{"a/secret.png": true, "drafts/d.png": true, "x1/k.png": false, "a/b/c1/p.png": false} {
		if got := s.Unserved(rel); got != want {
			t.Errorf("Unserved(%q) = %v, want %v", rel, got, want)
		}
	}
}

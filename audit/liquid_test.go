package audit

import "testing"

func TestMarkdownCode(t *testing.T) {
	src := "a `x` b\n```\nc\n```\n    ```\nd ``e`f`` g\n~~~~\nopen"
	got := markdownCode([]byte(src))
	var texts []string
	for _, r := range got {
		texts = append(texts, src[r[0]:r[1]])
	}
	want := []string{"`x`", "```\nc\n```\n", "``e`f``", "~~~~\nopen"}
	if len(texts) != len(want) {
		t.Fatalf("markdownCode = %q, want %q", texts, want)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("range %d = %q, want %q", i, texts[i], want[i])
		}
	}
}

func FuzzMarkdownCode(f *testing.F) {
	for _, s := range []string{"`a`", "```\nx\n```", "~~~\n", "``a`b``\n`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		last := 0
		for _, r := range markdownCode([]byte(src)) {
			if r[0] < last || r[1] < r[0] || r[1] > len(src) {
				t.Fatalf("markdownCode(%q): range %v out of order or bounds", src, r)
			}
			last = r[1]
		}
	})
}

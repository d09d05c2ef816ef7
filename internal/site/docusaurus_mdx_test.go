package site

import "testing"

// TestMDXHeadingsDiffer checks the pages whose headings MDX and
// CommonMark read alike, and those they do not.
func TestMDXHeadingsDiffer(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"# A\n\n## B\n", false},
		{"```\n# not a heading\n```\n## B\n", false},
		// A fence after a blank line under the element: both read it.
		{"<details>\n<summary>x</summary>\n\n```sh\nrun\n```\n\n</details>\n\n## B\n", false},
		// A fence right under the element's line: CommonMark takes
		// its first line into the HTML block, its last opens a code
		// block over "## B".
		{"<details>\n  ```py\n  x = 1\n\n  y = 2\n  ```\n</details>\n\n## B\n", true},
		// The same, closed within the block: both agree.
		{"<details>\n  ```py\n  x = 1\n  ```\n</details>\n\n## B\n", false},
		// Front matter comments are no headings.
		{"---\n# comment\ntitle: x\n---\n<div>\n```\n# in code\n", false},
		{"---\n", false},
		{"", false},
	} {
		if got := mdxHeadingsDiffer([]byte(c.src)); got != c.want {
			t.Errorf("mdxHeadingsDiffer(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}

// TestBlankJSComments checks that comments become spaces, strings and
// line breaks stay.
func TestBlankJSComments(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a // b\nc", "a     \nc"},
		{"url: 'https://x.test', // c", "url: 'https://x.test',     "},
		{"a /* b\nc */ d", "a     \n     d"},
		{"s = `x // y` + \"/* z */\"", "s = `x // y` + \"/* z */\""},
		{"p: [\n  // Use custom blog plugin\n  ['./plugins/blog'],\n]", "p: [\n                           \n  ['./plugins/blog'],\n]"},
		{"'a\\'//' // c", "'a\\'//'     "},
		{"/* open", "       "},
	} {
		if got := string(blankJSComments([]byte(c.src))); got != c.want {
			t.Errorf("blankJSComments(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

// TestBlankFences checks that fenced code blocks become blank lines and
// the rest stays.
func TestBlankFences(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a\n```js\nimport x from './x.yaml';\n```\nb\n", "a\n     \n                         \n   \nb\n"},
		{"import x from './x.json';\n", "import x from './x.json';\n"},
		{"~~~\nopen\n", "   \n    \n"},
		{"```\n~~~\n```\nc", "   \n   \n   \nc"},
		// A fence of four closes at a run of four or more only (CommonMark).
		{"````md\n```\n# x\n````  \r\nd", "      \n   \n   \n      \r\nd"},
	} {
		if got := string(blankFences([]byte(c.src))); got != c.want {
			t.Errorf("blankFences(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

// TestTextID checks the ids Docusaurus reads from a heading's "{#...}"
// that goldmark leaves in its text, and that other publishers read none.
func TestTextID(t *testing.T) {
	d := &Site{Generator: "docusaurus"}
	for _, c := range []struct {
		raw, id string
		ok      bool
	}{
		{"`i18n._(...)` {#i18n.\\_}", "i18n._", true},
		{"a {#x\\-y}", "x-y", true},
		{`a {#c:\d}`, `c:\d`, true}, // a backslash before a letter stays
		{"a {#}", "", false},
		{"a {#x} b", "", false},
		{"a {#x}y}", "", false},
		{"plain", "", false},
	} {
		id, ok := d.TextID(c.raw)
		if id != c.id || ok != c.ok {
			t.Errorf("TextID(%q) = %q, %v, want %q, %v", c.raw, id, ok, c.id, c.ok)
		}
	}
	if _, ok := (&Site{Generator: "hugo"}).TextID("a {#x\\_y}"); ok {
		t.Error("hugo reads an id from a heading's text")
	}
}

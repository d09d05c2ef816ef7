package audit

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/textpos"
	"github.com/urilint/urilint/uri"
)

// resolveTests resolve a reference found in the file of the first column
// (a slash path from the root), by RFC 3986 section 5.2.
var resolveTests = []struct {
	file, ref string
	want      local
	ok        bool
}{
	{"README.md", "docs/a.md", local{rel: "docs/a.md"}, true},
	{"docs/a.md", "b.md", local{rel: "docs/b.md"}, true},
	{"docs/a.md", "../b.md", local{rel: "b.md"}, true},
	{"docs/a.md", "/b.md", local{rel: "b.md"}, true},                                        // 5.2.2: an absolute path from the root
	{"docs/a.md", "", local{rel: "docs/a.md"}, true},                                        // 5.2.2: the base itself
	{"docs/a.md", "#x", local{rel: "docs/a.md", hasFrag: true, frag: "x", fragAt: 1}, true}, // same document
	{"docs/a.md", "?plain=1#L2", local{rel: "docs/a.md", query: "plain=1", hasFrag: true, frag: "L2", fragAt: 9}, true},
	{"a.md", "release%20notes.md", local{rel: "release notes.md"}, true}, // 2.1: decoded
	{"a.md", "release notes.md", local{rel: "release notes.md"}, true},   // repaired, then decoded
	{"a.md", "b.md?x=1", local{rel: "b.md", query: "x=1"}, true},         // the query names no file
	{"a.md", "docs/", local{rel: "docs", dirSlash: true}, true},
	{"a.md", "./", local{rel: ""}, true},
	{"a.md", "../x.md", local{rel: "x.md", outside: true}, true}, // 5.2.4 stops at the root; we do not
	{"a/b/c.md", "../../x.md", local{rel: "x.md"}, true},
	{"a/b/c.md", "../../../x.md", local{rel: "x.md", outside: true}, true},
	{"a/c.md", "/../x.md", local{rel: "x.md", outside: true}, true},
	{"a/c.md", "d/../../x.md", local{rel: "x.md"}, true},
	{"a/c.md", "%2E%2E/%2E%2E/x.md", local{rel: "x.md", outside: true}, true}, // 2.3: "%2E" is "."
	{"a/c.md", "%2e%2E/x.md", local{rel: "x.md"}, true},
	{"a.md", "a%zz.md", local{rel: "a%zz.md"}, true}, // a lone "%" is repaired as "%25"
	{"a.md", "https://example.com/a.md", local{}, false},
	{"a.md", "mailto:x@example.com", local{}, false},
	{"a.md", "//cdn.example.com/x.js", local{}, false},
	{"a.md", `docs\guide.md`, local{}, false}, // no unambiguous repair
}

func TestResolveLocal(t *testing.T) {
	for _, tt := range resolveTests {
		got, ok := resolveLocal(tt.file, tt.ref)
		if ok != tt.ok || got != tt.want {
			t.Errorf("resolveLocal(%q, %q) = %+v, %v, want %+v, %v", tt.file, tt.ref, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCaseFix(t *testing.T) {
	for _, tt := range []struct {
		ref          string
		wrong, right []string
		want         string // the fixed reference; "" for no fix
	}{
		{"docs/Guide.md#x", []string{"Guide.md"}, []string{"guide.md"}, "docs/guide.md#x"},
		{"Docs/guide.md", []string{"Docs"}, []string{"docs"}, "docs/guide.md"},
		{"Docs/Guide.md?q", []string{"Docs", "Guide.md"}, []string{"docs", "guide.md"}, "docs/guide.md?q"},
		{"my%20File.md", []string{"my File.md"}, []string{"My File.md"}, "My%20File.md"},
		{"my File.md", []string{"my File.md"}, []string{"My File.md"}, "My File.md"},
		{"A/../A/b.md", []string{"A"}, []string{"a"}, ""}, // the name is written twice
		{"x/./B.md", []string{"b.md"}, []string{"B.md"}, ""},
	} {
		edits := caseFix(tt.ref, tt.wrong, tt.right)
		got := ""
		if edits != nil {
			got = uri.ApplyEdits(tt.ref, edits)
		}
		if got != tt.want {
			t.Errorf("caseFix(%q, %q, %q) gives %q, want %q", tt.ref, tt.wrong, tt.right, got, tt.want)
		}
	}
}

func TestSilencer(t *testing.T) {
	src := "<!-- urilint-disable-next-line broken-file -->\nA\n<!-- urilint-disable -->\nB\n<!-- urilint-enable -->\nC\n"
	d := (&extract.Extractor{}).MarkdownDoc([]byte(src))
	s, errs := newSilencer("x.md", []byte(src), d.Comments)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	at := func(line int) extract.Position {
		off := 0
		for l := 1; l < line; l++ {
			off += strings.IndexByte(src[off:], '\n') + 1
		}
		return extract.Position{Line: line, Column: 1, Offset: off}
	}
	for _, tt := range []struct {
		line int
		cat  uri.Category
		want bool
	}{
		{2, policy.CategoryBrokenFile, true},
		{2, policy.CategoryBrokenAnchor, false},
		{4, policy.CategoryBrokenAnchor, true},
		{6, policy.CategoryBrokenFile, false},
	} {
		f := Finding{Pos: at(tt.line), Category: tt.cat}
		if got := s.silenced(&f); got != tt.want {
			t.Errorf("line %d, %s: silenced = %v, want %v", tt.line, tt.cat, got, tt.want)
		}
	}
}

// FuzzResolveLocal: resolving any reference in any file never panics, and
// what it resolves to is a clean path under the root.
func FuzzResolveLocal(f *testing.F) {
	for _, tt := range resolveTests {
		f.Add(tt.file, tt.ref)
	}
	f.Fuzz(func(t *testing.T, file, ref string) {
		got, ok := resolveLocal(file, ref)
		if !ok {
			return
		}
		if strings.HasPrefix(got.rel, "/") || got.rel == ".." || strings.HasPrefix(got.rel, "../") {
			t.Fatalf("resolveLocal(%q, %q) = %+v: not under the root", file, ref, got)
		}
		if got.hasFrag && ref[got.fragAt-1] != '#' {
			t.Fatalf("resolveLocal(%q, %q): fragment at %d", file, ref, got.fragAt)
		}
		if plain, ok := resolvePlain(file, ref); ok {
			if want, wantOK := resolveURI(file, ref); plain != want || !wantOK {
				t.Fatalf("resolvePlain(%q, %q) = %+v, resolveURI gives %+v, %v", file, ref, plain, want, wantOK)
			}
		}
		if got, want := climbs(file, ref), climbsSplit(file, ref); got != want {
			t.Fatalf("climbs(%q, %q) = %v, want %v", file, ref, got, want)
		}
	})
}

// TestResolvePlain checks that the resolution of a plain reference
// agrees with that of the file: URI, on every reference made of a few
// segments of the kinds that matter (dot segments, a final "/", names
// with dots and tildes) from files at several depths, and that it
// allocates nothing where the path is a part of the reference or the
// file itself.
func TestResolvePlain(t *testing.T) {
	segs := []string{"a", "b.md", ".", "..", "...", "~x", "A-Z_0.9", ""}
	files := []string{"", ".", "./x.md", "x.md", "d/x.md", "d/e/x.md", "d/./x.md", "d/../x.md", "../x.md", "d/", "d//x.md", "/x.md", "d%20e/x.md", "é/x.md"}
	var refs []string
	var walk func(ref string, depth int)
	walk = func(ref string, depth int) {
		refs = append(refs, ref, "/"+ref, ref+"#top", ref+"#"+ref, ref+"#a%20b")
		if depth == 3 {
			return
		}
		for _, s := range segs {
			next := s
			if ref != "" || depth > 0 {
				next = ref + "/" + s
			}
			walk(next, depth+1)
		}
	}
	walk("", 0)
	plain := 0
	for _, file := range files {
		for _, ref := range refs {
			got, ok := resolvePlain(file, ref)
			if !ok {
				continue
			}
			plain++
			if want, wantOK := resolveURI(file, ref); got != want || !wantOK {
				t.Errorf("resolvePlain(%q, %q) = %+v, resolveURI gives %+v, %v", file, ref, got, want, wantOK)
			}
			if got, want := climbs(file, ref), climbsSplit(file, ref); got != want {
				t.Errorf("climbs(%q, %q) = %v, want %v", file, ref, got, want)
			}
		}
	}
	if plain < len(refs) {
		t.Errorf("only %d of %d references resolved as plain", plain, len(files)*len(refs))
	}
	for _, ref := range []string{"../d21/f2138.md", "/d39/f3970.md", "#setup-steps", "../d21/f2138.md#usage"} {
		if n := testing.AllocsPerRun(100, func() { resolveLocal("d3/f305.md", ref) }); n > 0 {
			t.Errorf("resolveLocal(%q) allocates %v times, want none", ref, n)
		}
	}
}

// climbsSplit is climbs as it was written first, splitting the merged
// path: what climbs must agree with.
func climbsSplit(fileRel, refPath string) bool {
	if refPath == "" {
		return false
	}
	merged := refPath
	if !strings.HasPrefix(refPath, "/") {
		merged = strings.TrimSuffix(path.Dir("/"+fileRel), "/") + "/" + refPath
	}
	depth := 0
	segs := strings.Split(strings.TrimPrefix(merged, "/"), "/")
	for i, s := range segs {
		if dec, err := uri.Unescape(s); err == nil {
			s = dec
		}
		switch s {
		case ".", "":
		case "..":
			depth--
			if depth < 0 {
				return true
			}
		default:
			if i < len(segs)-1 {
				depth++
			}
		}
	}
	return false
}

// TestCompactKeepsLinks: what compact keeps of a file's links gives back
// each link as it was parsed, and the column of its start in characters,
// for the common link and for each kind that no compact record holds: a
// link written otherwise than its URI, one across lines, a hyphen break,
// a glued word, and one past the sizes of the record's fields.
func TestCompactKeepsLinks(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 70000)
	wide := strings.Repeat("x", 70000) + " https://example.com/wide"
	src := "# Title\n\nSee [a](b.md#c), <https://example.com/é>, é [d](../e.md)\n" +
		"and [f](<g h.md>), <user@example.com>, [i](j&amp;k.md).\n\n" +
		"text greathttps://example.com/glued and (https://example.com/hy-\nphen)\n\n" +
		long + "\n\n" + wide + "\n"
	a := newAuditor(Config{DropSource: true})
	for _, k := range []kind{kindMarkdown, kindText} {
		f := &File{Name: "x.md", Src: []byte(src), kind: k}
		a.parse(f)
		want := slices.Clone(f.doc.Links)
		if len(want) < 5 {
			t.Fatalf("kind %d: only %d links parsed", k, len(want))
		}
		cols := textpos.NewColumns(f.Src)
		a.compact(f)
		if len(f.recs) != len(want) {
			t.Fatalf("kind %d: %d records for %d links", k, len(f.recs), len(want))
		}
		for i, w := range want {
			if got := f.link(i); got != w {
				t.Errorf("kind %d: link %d = %+v, want %+v", k, i, got, w)
			}
			if got, want := f.charCol(i), cols.Column(w.Start.Offset, w.Start.Column); got != want {
				t.Errorf("kind %d: link %d %q starts at character column %d, want %d", k, i, w.URI, got, want)
			}
		}
		if f.rare == nil || len(f.rare.odd) == 0 || len(f.rare.odd) == len(want) {
			t.Errorf("kind %d: %d of %d links kept whole; want some, not all", k, len(f.rare.odd), len(want))
		}
	}
}

// TestRecordsAtTheirNumber checks that the records of a file's links,
// gathered while it is parsed in an array that the next file reuses, are
// kept in one of their number, the links as parsed.
func TestRecordsAtTheirNumber(t *testing.T) {
	srcs := []string{
		// more links than estimateLinks counts: the definition
		"# A\n\n[b](b.md) [c](c.md#x) <https://example.com/>\n\n[d]: d.md\n",
		"# B\n\n" + strings.Repeat("[e](e.md) [f](../f.md#top)\n", 40),
		"no links\n",
		"# C\n\n[g](g.md)\n",
	}
	a := newAuditor(Config{DropSource: true})
	for i, src := range srcs {
		f := &File{Name: "x.md", Src: []byte(src), kind: kindMarkdown}
		a.parse(f)
		want := slices.Clone(f.doc.Links)

		f = &File{Name: "x.md", Src: []byte(src), kind: kindMarkdown}
		var rb recBuilder
		a.parseInto(f, &rb, nil)
		a.compactFrom(f, &rb)
		if len(f.recs) != len(want) || cap(f.recs) != len(want) {
			t.Fatalf("file %d: %d records in room for %d, want %d in room for as many", i, len(f.recs), cap(f.recs), len(want))
		}
		for j, w := range want {
			if got := f.link(j); got != w {
				t.Errorf("file %d: link %d = %+v, want %+v", i, j, got, w)
			}
		}
	}
}

// TestFindSpellings checks what fsCache.find says of paths written in
// several ways, and that a path found as written costs one string.
func TestFindSpellings(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/b.md", "Docs/Guide.md", "Docs/sub/x.md"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newFSCache()
	for _, tt := range []struct {
		rel, abs string // abs: from the root; "" when missing
		dir      bool
		right    string
		wrong    []string
	}{
		{rel: "", abs: ".", dir: true},
		{rel: "a/b.md", abs: "a/b.md"},
		{rel: "a", abs: "a", dir: true},
		{rel: "a/", abs: "a", dir: true},
		{rel: "a//b.md", abs: "a/b.md"},
		{rel: "./a/./b.md", abs: "a/b.md"},
		{rel: "a/../a/b.md"}, // no listing has "..": callers clean the path
		{rel: "docs/guide.md", abs: "Docs/Guide.md", right: "Docs/Guide.md", wrong: []string{"docs", "guide.md"}},
		{rel: "Docs/guide.md", abs: "Docs/Guide.md", right: "Docs/Guide.md", wrong: []string{"guide.md"}},
		{rel: "./Docs//SUB/x.md", abs: "Docs/sub/x.md", right: "Docs/sub/x.md", wrong: []string{"SUB"}},
		{rel: "a/c.md"},
		{rel: "a/b.md/c"},
	} {
		lk := c.find(root, tt.rel)
		want := lookup{}
		if tt.abs != "" {
			want = lookup{exists: true, dir: tt.dir, abs: filepath.Join(root, tt.abs), right: tt.right, wrong: tt.wrong}
		}
		if lk.exists != want.exists || lk.dir != want.dir || lk.abs != want.abs || lk.right != want.right || !slices.Equal(lk.wrong, want.wrong) {
			t.Errorf("find(%q) = %+v, want %+v", tt.rel, lk, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { c.find(root, "Docs/sub/x.md") }); n > 1 {
		t.Errorf("find of a path as written allocates %v times, want 1", n)
	}
}

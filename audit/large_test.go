package audit

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
)

// largeDoc returns a Markdown document over site.LargeFile bytes, so that
// it is read outside the heap: headings, links to
// them and to a missing one, links to another page and its anchors,
// repeated and unique URIs, some of them findings, reference
// definitions, comments and code.
func largeDoc() string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := 0; b.Len() <= site.LargeFile+site.LargeFile/4; i++ {
		if i%40 == 0 {
			fmt.Fprintf(&b, "## Part %d\n\n", i)
		}
		switch r.IntN(9) {
		case 0:
			fmt.Fprintf(&b, "See [part](#part-%d) and [gone](#gone-%d), and <https://example.com/unique/%d>.\n", i/40*40, i, i)
		case 1:
			b.WriteString("Read [the other page](other.md#section) or [a missing one](missing.md).\n")
		case 2:
			fmt.Fprintf(&b, "A finding: <HTTP://Example.COM/a/./b%%7e%d> then [ref][r%d].\n\n[r%d]: https://example.com/ref/%d\n", i%7, i, i, i)
		case 3:
			b.WriteString("<!-- a comment --> `https://example.com/in-code` and https://example.com/again.\n")
		case 4:
			b.WriteString("\n```\nhttps://example.com/fenced\n```\n\n")
		default:
			b.WriteString("Some words of prose between the links, https://example.com/again and [x](other.md).\n")
		}
		if i%6 == 5 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestLargeDocumentOffHeap: a document read outside the heap, whose
// source is given back once it is parsed, is audited as one whose source
// stays (the run a fix needs): the same findings at the same places. A
// use of its source after it is given back would fault.
func TestLargeDocumentOffHeap(t *testing.T) {
	dir := t.TempDir()
	doc := largeDoc()
	for name, src := range map[string]string{"big.md": doc, "other.md": "# Other\n\n## Section\n", "big.txt": doc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kept := Run(Config{Root: dir, Enable: normalizing}, []string{dir})
	dropped := Run(Config{Root: dir, Enable: normalizing, DropSource: true}, []string{dir})
	if len(kept.Errors) > 0 || len(dropped.Errors) > 0 {
		t.Fatalf("errors: %v; %v", kept.Errors, dropped.Errors)
	}
	if len(kept.Findings) < 1000 {
		t.Fatalf("%d findings: the document proves too little", len(kept.Findings))
	}
	if len(dropped.Findings) != len(kept.Findings) {
		t.Fatalf("%d findings with the source dropped, %d with it kept", len(dropped.Findings), len(kept.Findings))
	}
	for i, k := range kept.Findings {
		d := dropped.Findings[i]
		if d.File != k.File || d.Pos != k.Pos || d.CharColumn() != k.CharColumn() || d.Message != k.Message {
			t.Fatalf("finding %d: %s:%d:%d %s; with the source kept %s:%d:%d %s", i,
				d.File, d.Pos.Line, d.CharColumn(), d.Message, k.File, k.Pos.Line, k.CharColumn(), k.Message)
		}
	}
	for _, f := range dropped.Files {
		if f.Src != nil || f.rare != nil && f.rare.free != nil {
			t.Errorf("%s: source kept after the parse", f.Name)
		}
	}
}

// TestListLargeDocument: List hands on a large Markdown document's links,
// read outside the heap, as those of its parse, in order.
func TestListLargeDocument(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.md")
	doc := largeDoc()
	if err := os.WriteFile(name, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []extract.Link
	err := List(Config{}, []string{name}, func(f *File, links []extract.Link, errs []error, warns []string) error {
		if len(errs) > 0 || len(warns) > 0 {
			t.Errorf("errors %v, warnings %v", errs, warns)
		}
		got = append(got, links...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := (&extract.Extractor{}).MarkdownDoc([]byte(doc)).Links
	if !slices.Equal(got, want) {
		t.Fatalf("List gave %d links, one parse of the whole %d", len(got), len(want))
	}
}

// TestLargeDocumentOverCap: a Markdown document larger than the
// extractor's cap is read as plain text, and the audit says so with a
// "degraded" finding naming the cap: its absolute URIs are still checked,
// its relative links are not (text has none).
func TestLargeDocumentOverCap(t *testing.T) {
	dir := t.TempDir()
	doc := largeDoc()
	if err := os.WriteFile(filepath.Join(dir, "big.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	capped := Run(Config{Root: dir, Enable: normalizing, Extractor: &extract.Extractor{MaxMarkdown: len(doc) - 1}}, []string{dir})
	whole := Run(Config{Root: dir, Enable: normalizing}, []string{dir})
	degraded := func(r *Result) []Finding {
		var out []Finding
		for _, f := range r.Findings {
			if f.Category == policy.CategoryDegraded {
				out = append(out, f)
			}
		}
		return out
	}
	if d := degraded(whole); len(d) != 0 {
		t.Errorf("under the cap: %d degraded findings, want none", len(d))
	}
	d := degraded(capped)
	if len(d) != 1 || d[0].Pos.Line != 1 || !strings.Contains(d[0].Message, fmt.Sprintf("larger than %d bytes", len(doc)-1)) {
		t.Fatalf("over the cap: degraded findings %v, want one naming the cap", d)
	}
	if len(capped.Findings) < 100 || len(capped.Findings) >= len(whole.Findings) {
		t.Errorf("over the cap: %d findings, parsed %d: want the URIs of the text, not its relative links", len(capped.Findings), len(whole.Findings))
	}
}

// TestCompactSharesURIs: links to the same URI share its place in the
// file's arena, and every link still gives back its own URI, whatever
// the table of recent URIs held when it was met.
func TestCompactSharesURIs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	total := 0
	for i := range 3000 {
		u := fmt.Sprintf("https://example.com/%d", r.IntN(200))
		if i%10 == 0 {
			u = fmt.Sprintf("https://example.com/unique/%d", i)
		}
		if i%50 == 0 {
			u = "ab:c" // short
		}
		total += len(u)
		fmt.Fprintf(&b, "<%s> ", u)
		if i%8 == 7 {
			b.WriteString("\n")
		}
	}
	a := newAuditor(Config{DropSource: true})
	f := &File{Name: "x.md", Src: []byte(b.String()), kind: kindMarkdown}
	a.parse(f)
	want := slices.Clone(f.doc.Links)
	a.compact(f)
	if len(f.recs) != len(want) || len(want) != 3000 {
		t.Fatalf("%d records for %d links", len(f.recs), len(want))
	}
	for i, w := range want {
		if got := f.link(i); got != w {
			t.Fatalf("link %d = %+v, want %+v", i, got, w)
		}
	}
	if len(f.uris) >= total/2 {
		t.Errorf("arena of %d bytes for %d bytes of URIs: repeats not shared", len(f.uris), total)
	}
}

// TestKeptRecordSizes: a File, a target and the records of its links are
// kept for every file of a tree for the whole run (30,000 files are 30,000
// of each): a field added to one of them moves the peak memory of a
// large tree, so it goes behind a pointer that most files leave nil
// (File.rare, target.texts, target.writers, target.marks), or this test
// is changed with a measurement (docs/performance-audit.md).
func TestKeptRecordSizes(t *testing.T) {
	for _, tt := range []struct {
		what      string
		size, max uintptr
	}{
		{"File", unsafe.Sizeof(File{}), 160},
		{"target", unsafe.Sizeof(target{}), 128},
		{"linkRec", unsafe.Sizeof(linkRec{}), 20},
		{"fileRare", unsafe.Sizeof(fileRare{}), 256},
	} {
		if tt.size > tt.max {
			t.Errorf("a %s is %d bytes, over %d: the next size class of the allocator", tt.what, tt.size, tt.max)
		}
	}
}

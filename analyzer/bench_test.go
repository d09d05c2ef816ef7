package analyzer

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// benchSource is a file of the kind the analyzer meets most: many strings,
// few of them URIs, fewer of them wrong.
func benchSource(n int) string {
	var b strings.Builder
	b.WriteString("package bench\n\nimport \"fmt\"\n\n")
	for i := range n {
		fmt.Fprintf(&b, "const msg%d = \"operation %d failed: %%v\"\n", i, i)
		fmt.Fprintf(&b, "var name%d = \"field_%d\"\n", i, i)
		fmt.Fprintf(&b, "var url%d = \"https://api.example.com/v1/items/%d?sort=asc\"\n", i, i)
		fmt.Fprintf(&b, "func f%d(s string) error { if s == \"x%d\" { return fmt.Errorf(msg%d, s) }; return fmt.Errorf(\"%%s: \" + s, \"y\") }\n", i, i, i)
		if i%50 == 0 {
			fmt.Fprintf(&b, "var bad%d = \"https://Example.com/a b/%d\"\n", i, i)
		}
	}
	return b.String()
}

// benchPass type-checks src and returns a pass that runs the analyzer.
func benchPass(b *testing.B, src string) (*analysis.Pass, *int) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bench.go", src, parser.ParseComments)
	if err != nil {
		b.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("bench", fset, []*ast.File{f}, info)
	if err != nil {
		b.Fatal(err)
	}
	reports := new(int)
	pass := &analysis.Pass{
		Analyzer:  Analyzer,
		Fset:      fset,
		Files:     []*ast.File{f},
		Pkg:       pkg,
		TypesInfo: info,
		Report:    func(analysis.Diagnostic) { *reports++ },
		ReadFile:  os.ReadFile,
	}
	return pass, reports
}

// BenchmarkRun measures the analyzer's own work on a type-checked package
// of 4,000 declarations (1,000 URIs, 20 of them wrong).
func BenchmarkRun(b *testing.B) {
	pass, reports := benchPass(b, benchSource(1000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
	if *reports == 0 {
		b.Fatal("no reports")
	}
}

// BenchmarkCandidate measures the decision on one string that is a URI
// and one that is not: the path every string literal takes.
func BenchmarkCandidate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = isURI("https://api.example.com/v1/items/1?sort=asc") && !skipValue("https://api.example.com/v1/items/1?sort=asc")
		_ = isURI("operation failed: %v")
	}
}

// BenchmarkLitRange measures the offset mapping through escapes.
func BenchmarkLitRange(b *testing.B) {
	src := `"https://example.com/\x41\u00e9/\t/a b"`
	b.ReportAllocs()
	for b.Loop() {
		litRange(src, 30, 31)
	}
}

func TestCandidateAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		_ = isURI("https://api.example.com/v1/items/1?sort=asc") && !skipValue("https://api.example.com/v1/items/1?sort=asc")
		_ = isURI("operation failed: %v")
	})
	if n != 0 {
		t.Errorf("deciding a candidate allocates %v times, want 0", n)
	}
}

// BenchmarkFixMapping runs the analyzer on one literal of 25 KB and one of
// 200 KB of "%7e" escapes, whose fix has an edit for each: the time per
// byte must stay the same, as the edits are mapped to the source in one
// pass over the literal.
func BenchmarkFixMapping(b *testing.B) {
	for _, kb := range []int{25, 200} {
		src := "package bench\n\nvar u = \"https://example.com/" + strings.Repeat("%7e", kb<<10/3) + "\"\n"
		b.Run(fmt.Sprintf("size=%dKB", kb), func(b *testing.B) {
			pass, reports := benchPass(b, src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Analyzer.Run(pass); err != nil {
					b.Fatal(err)
				}
			}
			if *reports == 0 {
				b.Fatal("no reports")
			}
		})
	}
}

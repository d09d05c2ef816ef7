package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/policy"
)

// settleTests are literals whose fixes raise or uncover more findings.
var settleTests = []struct {
	in, want string
	rounds   int
}{
	// The space hides the other findings; decoding "%41" in the host
	// makes it uppercase.
	{"HTTP://Ex%41mple.com/a b/./c", "http://example.com/a%20b/c", 3},
	// Fixing the space uncovers the lowercase escape.
	{"https://example.com/a b%2f", "https://example.com/a%20b%2F", 2},
	// One round is enough.
	{"HTTPS://example.com/", "https://example.com/", 1},
	{"https://example.com/", "https://example.com/", 0},
}

func TestSettle(t *testing.T) {
	p, err := policy.New(policy.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range settleTests {
		got, rounds := settle(p, tt.in, p.Check(tt.in))
		if got != tt.want || rounds != tt.rounds {
			t.Errorf("settle(%q) = %q, %d rounds, want %q, %d", tt.in, got, rounds, tt.want, tt.rounds)
		}
		for _, f := range p.Check(got) {
			if len(f.Fix) > 0 {
				t.Errorf("settle(%q) = %q, which still has a fix: %s", tt.in, got, f.Message)
			}
		}
	}
}

// TestKeysGoldenCompiles type-checks testdata/src/keys after every
// suggested fix: no map literal has duplicate keys, no switch duplicate
// cases (the compiler's errors, which go/types reports too).
func TestKeysGoldenCompiles(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join("testdata", "src", "keys", "keys.go.golden"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	conf := types.Config{Error: func(err error) { errs = append(errs, err) }}
	_, _ = conf.Check("keys", fset, []*ast.File{f}, nil)
	for _, err := range errs {
		t.Errorf("keys.go.golden: %v", err)
	}
	// And the check can fail: the naive fix does not compile.
	fixed := strings.Replace(string(mustRead(t, filepath.Join("testdata", "src", "keys", "keys.go.golden"))), `"https://EXAMPLE.COM/p": 1`, `"https://example.com/p": 1`, 1)
	f, err = parser.ParseFile(fset, "naive.go", fixed, 0)
	if err != nil {
		t.Fatal(err)
	}
	errs = nil
	_, _ = conf.Check("keys", fset, []*ast.File{f}, nil)
	if len(errs) == 0 {
		t.Error("the naive fix of keys.go type-checks; the test proves nothing")
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

package apitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// src is a package with one declaration of each kind the API file lists,
// and unexported ones it leaves out.
const src = `package p

import "io"

// Mode is a mode.
type Mode int

const (
	Off Mode = iota
	On
	hidden
)

var Default, other = Mode(1), 2

type T[E any] struct {
	Name string
	io.Reader
	secret int
}

type I interface {
	Do(ctx int, s string) (n int, err error)
	io.Closer
}

type Alias = T[int]

func New(a, b string, opts ...int) (*T[string], error) { return nil, nil }

func (t *T[E]) Get(i int) E { var e E; return e }

func (m Mode) String() string { return "" }

func (m mode) Hidden() {}

type mode int

func unexported() {}
`

const want = `# The exported API of package example.com/m/a/p, checked by its TestAPI (internal/apitest).
# After a deliberate change: go test ./a/p -run TestAPI -update
const Off Mode = 0
const On Mode = 1
func New(string, string, ...int) (*T[string], error)
method (*T[E]) Get(int) E
method (Mode) String() string
type Alias = T[int]
type I interface
type I interface, Do(int, string) (int, error)
type I interface, embedded io.Closer
type Mode int
type T[E any] struct
type T[E any] struct, Name string
type T[E any] struct, embedded io.Reader
var Default = Mode(1)
`

// module writes a module example.com/m with the package p of src in
// a/p, and returns the package's directory.
func module(t *testing.T, src string) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "a", "p")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRender(t *testing.T) {
	dir := module(t, src)
	if err := check(dir, true); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "..", "..", "api", "a-p.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("api/a-p.txt =\n%s\nwant\n%s", got, want)
	}
	if err := check(dir, false); err != nil {
		t.Errorf("check after update: %v", err)
	}
}

// TestChanged is what a public package's TestAPI does when its API
// changes: a removed, a renamed and an added name fail it, with the lines.
func TestChanged(t *testing.T) {
	dir := module(t, src)
	if err := check(dir, true); err != nil {
		t.Fatal(err)
	}
	changed := strings.NewReplacer(
		"func New(a, b string,", "func New(a string, b int,", // a changed signature
		"\tOn\n", "\tOnly\n", // a renamed constant
		"func unexported() {}", "func Exported() {}", // an added function
	).Replace(src)
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	err := check(dir, false)
	if err == nil {
		t.Fatal("check of a changed API succeeded")
	}
	for _, line := range []string{
		"- func New(string, string, ...int) (*T[string], error)",
		"+ func New(string, int, ...int) (*T[string], error)",
		"- const On Mode = 1",
		"+ const Only Mode = 1",
		"+ func Exported()",
		"go test ./a/p -run TestAPI -update",
	} {
		if !strings.Contains(err.Error(), line+"\n") && !strings.Contains(err.Error(), line+" ") {
			t.Errorf("the error lacks %q:\n%v", line, err)
		}
	}
	if strings.Contains(err.Error(), "Default") {
		t.Errorf("the error names an unchanged declaration:\n%v", err)
	}
}

func TestMissingFile(t *testing.T) {
	dir := module(t, src)
	err := check(dir, false)
	if err == nil || !strings.Contains(err.Error(), "-update to write api/a-p.txt") {
		t.Errorf("check without an API file = %v, want an error that says how to write it", err)
	}
}

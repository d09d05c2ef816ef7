package uri

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestEscapeEveryComponent: Escape never panics, whatever the Component
// (the seven constants, and values outside them), its result decodes back
// to the input, and where the component admits percent-encoding the
// result is valid there.
func TestEscapeEveryComponent(t *testing.T) {
	var all strings.Builder
	for c := range 256 {
		all.WriteByte(byte(c))
	}
	inputs := []string{"", "plain", "a b/c?d#e@f:g", "100%", all.String(), "ü"}
	for c := Component(0); ; c++ {
		for _, in := range inputs {
			got := escapeNoPanic(t, in, c)
			back, err := Unescape(got)
			if err != nil || back != in {
				t.Errorf("Unescape(Escape(%q, %v)) = %q, %v", in, c, back, err)
			}
			var ref string
			switch c {
			case ComponentUserinfo:
				ref = "s://" + got + "@h/"
			case ComponentHost:
				ref = "s://" + got + "/"
			case ComponentPath:
				ref = "s:/" + got
			case ComponentQuery:
				ref = "s:?" + got
			case ComponentFragment:
				ref = "s:#" + got
			default:
				// No percent-encoding in the scheme or port; elsewhere
				// only unreserved characters are left, valid in a path.
				ref = "s:/" + got
				if strings.ContainsFunc(strings.ReplaceAll(got, "%", ""), func(r rune) bool { return !isUnreservedRune(r) && !isHexRune(r) }) {
					t.Errorf("Escape(%q, %v) = %q keeps a reserved character", in, c, got)
				}
			}
			if !Valid(ref) {
				t.Errorf("Escape(%q, %v) = %q, which is not valid where it goes: %q", in, c, got, ref)
			}
		}
		if c == 255 {
			break
		}
	}
}

func isUnreservedRune(r rune) bool { return r < 128 && is(byte(r), cUnreserved) }
func isHexRune(r rune) bool {
	return '0' <= r && r <= '9' || 'A' <= r && r <= 'F'
}

func escapeNoPanic(t *testing.T, s string, c Component) (out string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Escape(%q, %v) panicked: %v", s, c, r)
		}
	}()
	return Escape(s, c)
}

// TestOptionsMirrorFunctions: every method of Options is a package
// function of the same name with the same signature, the package function
// being the method of the zero Options, and every package function that
// parses its input has its Options method. NormalizeRules is the one
// exception: its method form is Options{Skip: ...}.Normalize.
func TestOptionsMirrorFunctions(t *testing.T) {
	funcs, parses := packageFuncs(t)
	ot := reflect.TypeFor[Options]()
	var methods []string
	for m := range ot.Methods() {
		methods = append(methods, m.Name)
		if !slices.Contains(funcs, m.Name) {
			t.Errorf("method Options.%s has no package function %s", m.Name, m.Name)
		}
	}
	for _, name := range parses {
		if name != "NormalizeRules" && !slices.Contains(methods, name) {
			t.Errorf("package function %s parses its input but Options has no method %s", name, name)
		}
	}
}

// packageFuncs returns the exported package functions of the non-test
// files, and those of them whose body calls Options{} or a parse function.
func packageFuncs(t *testing.T) (funcs, parses []string) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() {
				continue
			}
			funcs = append(funcs, fd.Name.Name)
			body := string(src[fset.Position(fd.Body.Pos()).Offset:fset.Position(fd.Body.End()).Offset])
			for _, p := range []string{"Options{", "parse(", "parseOp(", "parseWith(", "parseFull(", "parseInto(", "Parse("} {
				if strings.Contains(body, p) {
					parses = append(parses, fd.Name.Name)
					break
				}
			}
		}
	}
	return funcs, parses
}

// TestOptionsZoneEverywhere: a zone identifier is accepted by every
// method of Options{AllowZone: true} and refused by every package
// function, so a tool that takes the option once gets one verdict.
func TestOptionsZoneEverywhere(t *testing.T) {
	const s = "http://[fe80::1%25eth0]/a"
	o := Options{AllowZone: true}
	if !o.Valid(s) || o.Validate(s) != nil || Valid(s) || Validate(s) == nil {
		t.Errorf("Valid/Validate of %q: options %v %v, package %v %v", s, o.Valid(s), o.Validate(s), Valid(s), Validate(s))
	}
	if _, err := o.ParseAbsolute(s); err != nil {
		t.Errorf("Options{AllowZone}.ParseAbsolute(%q) = %v", s, err)
	}
	if _, err := ParseAbsolute(s); err == nil {
		t.Errorf("ParseAbsolute(%q) accepted a zone identifier", s)
	}
	if got, err := o.Resolve(s, "../b"); err != nil || got != "http://[fe80::1%25eth0]/b" {
		t.Errorf("Options{AllowZone}.Resolve(%q, %q) = %q, %v", s, "../b", got, err)
	}
	if _, err := Resolve(s, "../b"); err == nil {
		t.Errorf("Resolve(%q, ...) accepted a zone identifier", s)
	}
	if got, ok := o.Repair(s + " b"); !ok || got != s+"%20b" {
		t.Errorf("Options{AllowZone}.Repair(%q) = %q, %v", s+" b", got, ok)
	}
	if _, ok := Repair(s + " b"); ok {
		t.Errorf("Repair(%q) repaired a zone identifier, which has no safe repair", s+" b")
	}
	if _, err := o.ParseAbsolute("//h/"); err == nil {
		t.Errorf("Options{}.ParseAbsolute of a relative reference succeeded")
	}
}

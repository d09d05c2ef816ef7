// Package apitest checks the exported API of a public package of this
// module against its file in api/ (api/uri.txt, api/audit-remote.txt):
// one line per exported declaration, in the spirit of the files of Go's
// own api/ directory, so that every change to a public API is seen in
// review. Each public package has a small api_test.go that calls Check.
package apitest

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Check fails t when the exported API of the package in the current
// directory (where go test runs a package's tests) differs from its file
// in the api/ folder of the module root, named after the package's path
// in the module with "/" written "-" (audit/remote: api/audit-remote.txt).
// The failure shows the lines that differ. With update set (the -update
// flag of the package's tests), Check rewrites the file instead.
func Check(t *testing.T, update bool) {
	t.Helper()
	if err := check(".", update); err != nil {
		t.Fatal(err)
	}
}

// check is Check for the package in dir.
func check(dir string, update bool) error {
	root, modPath, rel, err := locate(dir)
	if err != nil {
		return err
	}
	importPath := modPath
	if rel != "." {
		importPath += "/" + filepath.ToSlash(rel)
	}
	name := "api/" + strings.ReplaceAll(filepath.ToSlash(rel), "/", "-") + ".txt"
	again := "go test ./" + filepath.ToSlash(rel) + " -run TestAPI -update"
	got, err := exportedAPI(dir, importPath, again)
	if err != nil {
		return err
	}
	file := filepath.Join(root, filepath.FromSlash(name))
	if update {
		return os.WriteFile(file, []byte(got), 0o644)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("%v\nrun %s to write %s", err, again, name)
	}
	if d := diff(string(want), got); d != "" {
		return fmt.Errorf("the exported API of package %s differs from %s (- in the file, + in the code):\n%s"+
			"if the change is meant, run %s and commit %s", importPath, name, d, again, name)
	}
	return nil
}

// locate returns the root of the module that holds dir, the module's
// path, and dir relative to the root.
func locate(dir string) (root, modPath, rel string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", err
	}
	for root = abs; ; {
		data, err := os.ReadFile(filepath.Join(root, "go.mod"))
		if err == nil {
			modPath = modulePath(data)
			if modPath == "" {
				return "", "", "", fmt.Errorf("%s: no module line", filepath.Join(root, "go.mod"))
			}
			rel, err = filepath.Rel(root, abs)
			return root, modPath, rel, err
		}
		up := filepath.Dir(root)
		if up == root {
			return "", "", "", fmt.Errorf("no go.mod above %s", abs)
		}
		root = up
	}
}

// modulePath returns the path of the module line of a go.mod file.
func modulePath(gomod []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// diff lists the lines of want that got lacks ("- ") and the lines of
// got that want lacks ("+ "), or returns "" when they are the same. A
// changed declaration shows as both.
func diff(want, got string) string {
	if want == got {
		return ""
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(want, "\n")
	inGot, inWant := make(map[string]bool, len(gotLines)), make(map[string]bool, len(wantLines))
	for _, l := range gotLines {
		inGot[l] = true
	}
	for _, l := range wantLines {
		inWant[l] = true
	}
	var b strings.Builder
	for _, l := range wantLines {
		if !inGot[l] {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range gotLines {
		if !inWant[l] {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	if b.Len() == 0 {
		b.WriteString("(the same lines in another order)\n")
	}
	return b.String()
}

// exportedAPI renders the exported declarations of the package in dir,
// from its source alone (no type checking, no go/doc): one line per
// function, method, constant, variable, type, struct field and interface
// method, sorted. Parameter names are left out, as they are not part of
// the API; expressions are written on one line by go/types.ExprString,
// so the rendering depends neither on the source's layout nor on the doc
// formatting of a Go release.
func exportedAPI(dir, importPath, again string) (string, error) {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	var lines []string
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				lines = appendFunc(lines, d)
			case *ast.GenDecl:
				lines = appendGen(lines, d)
			}
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	header := "# The exported API of package " + importPath + ", checked by its TestAPI (internal/apitest).\n" +
		"# After a deliberate change: " + again + "\n"
	return header + strings.Join(lines, "\n") + "\n", nil
}

func appendFunc(lines []string, d *ast.FuncDecl) []string {
	if !d.Name.IsExported() {
		return lines
	}
	if d.Recv == nil {
		return append(lines, "func "+d.Name.Name+typeParams(d.Type.TypeParams)+signature(d.Type))
	}
	recv := d.Recv.List[0].Type
	base := recv
	if star, ok := base.(*ast.StarExpr); ok {
		base = star.X
	}
	switch b := base.(type) {
	case *ast.IndexExpr:
		base = b.X
	case *ast.IndexListExpr:
		base = b.X
	}
	if id, ok := base.(*ast.Ident); !ok || !id.IsExported() {
		return lines
	}
	return append(lines, "method ("+types.ExprString(recv)+") "+d.Name.Name+signature(d.Type))
}

func appendGen(lines []string, d *ast.GenDecl) []string {
	// In a const group, a spec without values repeats the type and
	// expressions of the last spec that had them.
	var lastType ast.Expr
	var lastValues []ast.Expr
	for iota, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			lines = appendType(lines, s)
		case *ast.ValueSpec:
			typ, values := s.Type, s.Values
			if d.Tok == token.CONST {
				if len(values) == 0 {
					typ, values = lastType, lastValues
				} else {
					lastType, lastValues = typ, values
				}
			}
			for i, name := range s.Names {
				if !name.IsExported() {
					continue
				}
				line := d.Tok.String() + " " + name.Name
				if typ != nil {
					line += " " + types.ExprString(typ)
				}
				if i < len(values) {
					line += " = " + exprWithIota(values[i], iota)
				}
				lines = append(lines, line)
			}
		}
	}
	return lines
}

func appendType(lines []string, s *ast.TypeSpec) []string {
	if !s.Name.IsExported() {
		return lines
	}
	head := "type " + s.Name.Name + typeParams(s.TypeParams)
	if s.Assign.IsValid() {
		return append(lines, head+" = "+types.ExprString(s.Type))
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		lines = append(lines, head+" struct")
		for _, f := range t.Fields.List {
			if len(f.Names) == 0 {
				if embeddedName(f.Type).IsExported() {
					lines = append(lines, head+" struct, embedded "+types.ExprString(f.Type))
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					lines = append(lines, head+" struct, "+n.Name+" "+types.ExprString(f.Type))
				}
			}
		}
	case *ast.InterfaceType:
		lines = append(lines, head+" interface")
		for _, m := range t.Methods.List {
			if len(m.Names) == 0 {
				lines = append(lines, head+" interface, embedded "+types.ExprString(m.Type))
				continue
			}
			for _, n := range m.Names {
				if ft, ok := m.Type.(*ast.FuncType); ok && n.IsExported() {
					lines = append(lines, head+" interface, "+n.Name+signature(ft))
				}
			}
		}
	default:
		lines = append(lines, head+" "+types.ExprString(s.Type))
	}
	return lines
}

// signature writes the parameters and results of f without their names.
func signature(f *ast.FuncType) string {
	s := "(" + fieldTypes(f.Params) + ")"
	if f.Results == nil || len(f.Results.List) == 0 {
		return s
	}
	res := fieldTypes(f.Results)
	if len(f.Results.List) == 1 && len(f.Results.List[0].Names) <= 1 {
		return s + " " + res
	}
	return s + " (" + res + ")"
}

// fieldTypes lists the types of a field list, one per name.
func fieldTypes(l *ast.FieldList) string {
	if l == nil {
		return ""
	}
	var ts []string
	for _, f := range l.List {
		n := max(len(f.Names), 1)
		for range n {
			ts = append(ts, types.ExprString(f.Type))
		}
	}
	return strings.Join(ts, ", ")
}

// typeParams writes a type parameter list with its names, which the
// constraints and the signature refer to.
func typeParams(l *ast.FieldList) string {
	if l == nil || len(l.List) == 0 {
		return ""
	}
	var ps []string
	for _, f := range l.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		ps = append(ps, strings.Join(names, ", ")+" "+types.ExprString(f.Type))
	}
	return "[" + strings.Join(ps, ", ") + "]"
}

// embeddedName returns the type name of an embedded field: T, *T, p.T.
func embeddedName(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return ast.NewIdent("_")
		}
	}
}

// exprWithIota writes e on one line with iota replaced by its value, so
// that reordering the constants of a group shows as a change of API.
func exprWithIota(e ast.Expr, iota int) string {
	var ids []*ast.Ident
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			ids = append(ids, id)
		}
		return true
	})
	for _, id := range ids {
		id.Name = strconv.Itoa(iota)
	}
	s := types.ExprString(e)
	for _, id := range ids {
		id.Name = "iota"
	}
	return s
}

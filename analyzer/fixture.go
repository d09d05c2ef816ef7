package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// With -tests, a test's own fixtures are not findings. Tests write bad
// and unnormalized URIs on purpose: the inputs of a parser test, the
// cases of a normalization test, credentials made up for a client's test.
// Two shapes are recognised (measured on the corpus of docs/precision.md):
//
//   - a finding in a declaration whose name says that it tests what the
//     finding is about: a function or table named for parsing, validity,
//     errors or normalization in general ("TestParse", "invalidURLs",
//     "TestNormalize"), or for the finding's own subject ("TestDotPath"
//     for dot-segments, "TestUpperCaseHost" for host-case);
//   - a string in a row of a test table that also holds the verdict or
//     the expected result ("struct{ url string; allowed bool }",
//     "{in, want}"): the row feeds the string to the code under test,
//     which is what the test is about;
//   - a password: tests hold credentials as fixtures by the hundred,
//     placeholders ("user:password", "u:pw") or made up to look real
//     ("doadmin:zt91mum075ofzyww", a client's mock token). A real secret
//     in a test file is for a secret scanner, which reads every string,
//     not only URIs.

// fixtureWords are the words of a declaration's name that make every
// finding in it a fixture: the declaration tests parsing or validation.
var fixtureWords = []string{"pars", "valid", "invalid", "malform", "bad", "error", "err", "fail", "normaliz", "canonical", "clean", "resolve", "escap", "encod", "sanitiz", "redact", "mask", "roundtrip", "fuzz", "corpus", "vector", "edge"}

// categoryWords are the words that make a finding of one category a
// fixture.
var categoryWords = map[uri.Category][]string{
	uri.CategorySchemeCase:        {"case", "upper", "lower", "scheme"},
	uri.CategoryHostCase:          {"case", "upper", "lower", "host"},
	uri.CategoryPercentCase:       {"case", "upper", "lower", "percent", "hex"},
	uri.CategoryPercentUnreserved: {"percent", "unreserved"},
	uri.CategoryDotSegments:       {"dot", "relative", "path", "traversal", "segment"},
	uri.CategoryEmptyPort:         {"port"},
	uri.CategoryDefaultPort:       {"port"},
	uri.CategoryEmptyPath:         {"path", "slash"},
	uri.CategoryIRI:               {"unicode", "idn", "iri", "utf"},
	uri.CategoryNotNFC:            {"unicode", "nfc", "utf"},
	uri.CategoryPassword:          {"password", "userinfo", "user", "auth", "credential", "secret", "dsn"},
	uri.CategoryIPv4Form:          {"ip", "hex", "octal"},
	uri.CategoryDeceptiveUserinfo: {"userinfo", "user", "phish"},
	uri.CategoryEncodedControl:    {"control", "newline", "crlf", "inject"},
	uri.CategoryMixedScript:       {"idn", "unicode", "homograph", "confusable"},
	uri.CategoryBidiControl:       {"bidi", "unicode"},
	policy.CategoryURLField:       {"url", "field"},
}

// fixture reports whether finding f at pos, in a _test.go file, is one of
// the test's own fixtures.
func (st *state) fixture(f uri.Finding, pos token.Pos) bool {
	if !st.inTestFile() {
		return false
	}
	if f.Category == uri.CategoryPassword {
		return true
	}
	table, row := st.enclosingLiterals(pos)
	if table {
		return true
	}
	name := strings.ToLower(st.declName(pos) + " " + row)
	if name == "" {
		return false
	}
	for _, w := range fixtureWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	for _, w := range categoryWords[f.Category] {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// inTestFile reports whether the current file is a _test.go file.
func (st *state) inTestFile() bool {
	fs := st.file
	if !fs.testKnown {
		fs.test = strings.HasSuffix(st.pass.Fset.File(fs.file.FileStart).Name(), "_test.go")
		fs.testKnown = true
	}
	return fs.test
}

// declName returns the name of the top-level declaration of the current
// file that holds pos: a function's or method's name, or the names of the
// var or const specs around pos (with the test function's name, a table's
// says what is tested).
func (st *state) declName(pos token.Pos) string {
	decls := st.file.file.Decls
	i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > pos })
	if i == len(decls) || decls[i].Pos() > pos {
		return ""
	}
	switch d := decls[i].(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && vs.Pos() <= pos && pos < vs.End() {
				var names []string
				for _, n := range vs.Names {
					names = append(names, n.Name)
				}
				return strings.Join(names, " ")
			}
		}
	}
	return ""
}

// enclosingLiterals reports whether pos lies in a struct literal (a row
// of a test table) whose type has a field for the expected result or
// verdict (want..., expect..., valid, allowed, ok, err..., fail...,
// match...), and returns the description of the innermost row that holds
// it: the constant value of its name, desc or description field ("name:
// \"case-insensitive matching\"" says what the row tests).
func (st *state) enclosingLiterals(pos token.Pos) (table bool, row string) {
	decls := st.file.file.Decls
	i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > pos })
	if i == len(decls) || decls[i].Pos() > pos {
		return false, ""
	}
	ast.Inspect(decls[i], func(n ast.Node) bool {
		if table || n == nil || n.Pos() > pos || n.End() <= pos {
			return false
		}
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := st.pass.TypesInfo.TypeOf(cl)
		if t == nil {
			return true
		}
		if s, ok := t.Underlying().(*types.Struct); ok {
			if verdictFields(s) {
				table = true
				return false
			}
			for _, elt := range cl.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok {
					switch strings.ToLower(id.Name) {
					case "name", "desc", "description", "title", "scenario":
						if v, ok := st.constString(kv.Value); ok {
							row = v
						}
					}
				}
			}
		}
		return true
	})
	return table, row
}

// verdictFields reports whether struct s has a field that holds a test's
// expected result or verdict.
func verdictFields(s *types.Struct) bool {
	for i := range s.NumFields() {
		name := strings.ToLower(s.Field(i).Name())
		switch name {
		case "ok", "out", "output", "result", "valid", "invalid", "allowed", "allow", "fails", "error", "err", "golden":
			return true
		}
		for _, p := range [...]string{"want", "expect", "should", "wanterr", "experr", "match", "fail", "isvalid", "isinvalid"} {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
	}
	return false
}

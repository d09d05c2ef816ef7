package analyzer

import (
	"go/ast"

	"golang.org/x/tools/go/ast/edge"
)

// cursor is a node with its ancestors, as ast.PreorderStack gives them:
// stack[len(stack)-1] is the node. The analyzer walks each file once with
// ast.PreorderStack rather than requiring inspect.Analyzer: building an
// inspector for every file cost urilint, run alone, more than its own
// checks (see docs/performance.md).
type cursor struct {
	stack []ast.Node
}

func (c cursor) Node() ast.Node { return c.stack[len(c.stack)-1] }

// Parent returns the cursor of the parent; it must not be called on the root.
func (c cursor) Parent() cursor { return cursor{c.stack[:len(c.stack)-1]} }

func (c cursor) ParentEdgeKind() edge.Kind {
	k, _ := c.ParentEdge()
	return k
}

// ParentEdge tells which field of its parent holds the node, and at which
// index of a list field. It knows the edges that decide candidacy; any
// other is edge.Invalid.
func (c cursor) ParentEdge() (edge.Kind, int) {
	if len(c.stack) < 2 {
		return edge.Invalid, -1
	}
	n := c.Node()
	switch p := c.stack[len(c.stack)-2].(type) {
	case *ast.Field:
		if p.Tag != nil && ast.Node(p.Tag) == n {
			return edge.Field_Tag, -1
		}
	case *ast.ImportSpec:
		if p.Path != nil && ast.Node(p.Path) == n {
			return edge.ImportSpec_Path, -1
		}
	case *ast.ParenExpr:
		if p.X == n {
			return edge.ParenExpr_X, -1
		}
	case *ast.BinaryExpr:
		switch n {
		case p.X:
			return edge.BinaryExpr_X, -1
		case p.Y:
			return edge.BinaryExpr_Y, -1
		}
	case *ast.KeyValueExpr:
		if p.Value == n {
			return edge.KeyValueExpr_Value, -1
		}
	case *ast.CallExpr:
		for i, a := range p.Args {
			if a == n {
				return edge.CallExpr_Args, i
			}
		}
	case *ast.CaseClause:
		for i, e := range p.List {
			if e == n {
				return edge.CaseClause_List, i
			}
		}
	}
	return edge.Invalid, -1
}

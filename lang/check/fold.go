package check

import (
	"math"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// intConst evaluates e if DTrace folds it into an integer constant while
// parsing (dt_node_op1, dt_node_op2): literals, sizeof, enumerators,
// constant inlines, and unary and binary operators and integer casts of
// constants. e must have been checked.
func (c *checker) intConst(e ast.Expr) (int64, bool) {
	if v, ok := c.info.Consts[e]; ok {
		return v, true
	}
	switch e := e.(type) {
	case *ast.IntLit:
		return int64(e.Value), true
	case *ast.ParenExpr:
		return c.intConst(e.X)
	case *ast.Ident:
		// An inline of a constant value is that constant, as DTrace
		// substitutes it (uregs[R_RAX], lquantize(x, LOW, HIGH)).
		if init, ok := c.info.Inlines[e]; ok && c.info.Types[e].Kind == Int {
			return c.intConst(init)
		}
	case *ast.MacroVar:
		if x := c.info.Macros[e]; x != nil {
			return c.intConst(x)
		}
	case *ast.CastExpr:
		// A cast of a constant folds to the constant narrowed to the
		// type and extended by its signedness, as dt_node_op2 does.
		if t := c.info.Types[e]; t.Kind == Int {
			v, ok := c.intConst(e.X)
			if ok && t.Size > 0 && t.Size < 8 {
				shift := 64 - 8*uint(t.Size)
				if t.Signed {
					v = v << shift >> shift
				} else {
					v = int64(uint64(v) << shift >> shift)
				}
			}
			return v, ok
		}
	case *ast.UnaryExpr:
		v, ok := c.intConst(e.X)
		switch {
		case !ok:
		case e.Op == token.SUB:
			return -v, true
		case e.Op == token.ADD:
			return v, true
		case e.Op == token.TILDE:
			return ^v, true
		case e.Op == token.NOT && v == 0:
			return 1, true
		case e.Op == token.NOT:
			return 0, true
		}
	case *ast.BinaryExpr:
		return c.binaryConst(e)
	}
	return 0, false
}

// binaryConst folds a binary operator on integer constants.
func (c *checker) binaryConst(e *ast.BinaryExpr) (int64, bool) {
	x, ok1 := c.intConst(e.X)
	y, ok2 := c.intConst(e.Y)
	if !ok1 || !ok2 {
		return 0, false
	}
	b := func(v bool) (int64, bool) {
		if v {
			return 1, true
		}
		return 0, true
	}
	switch e.Op {
	case token.ADD:
		return x + y, true
	case token.SUB:
		return x - y, true
	case token.MUL:
		return x * y, true
	case token.QUO:
		if y != 0 {
			return x / y, true
		}
	case token.AND:
		return x & y, true
	case token.OR:
		return x | y, true
	case token.XOR:
		return x ^ y, true
	case token.SHL:
		return x << uint64(y), true
	case token.EQL:
		return b(x == y)
	case token.NEQ:
		return b(x != y)
	case token.LAND:
		return b(x != 0 && y != 0)
	case token.LOR:
		return b(x != 0 || y != 0)
	}
	return 0, false
}

// foldBinary folds a binary operator on integer constants as DTrace
// does: binaryConst's operators, and division, remainder and right shift
// signed or not as the result type t is.
func (c *checker) foldBinary(e *ast.BinaryExpr, t Type) (int64, bool) {
	switch e.Op {
	case token.QUO, token.REM, token.SHR:
	default:
		return c.binaryConst(e)
	}
	x, ok1 := c.intConst(e.X)
	y, ok2 := c.intConst(e.Y)
	if !ok1 || !ok2 || y == 0 && e.Op != token.SHR {
		return 0, false
	}
	switch {
	case e.Op == token.SHR && t.Signed:
		return x >> uint64(y), true
	case e.Op == token.SHR:
		return int64(uint64(x) >> uint64(y)), true
	case e.Op == token.QUO && t.Signed:
		if x == math.MinInt64 && y == -1 {
			return 0, false
		}
		return x / y, true
	case e.Op == token.QUO:
		return int64(uint64(x) / uint64(y)), true
	case t.Signed:
		if y == -1 {
			return 0, true
		}
		return x % y, true
	}
	return int64(uint64(x) % uint64(y)), true
}

// isNull reports whether e is the integer constant 0, which D's pointer
// rules accept for a pointer of any type.
func (c *checker) isNull(e ast.Expr) bool {
	v, ok := c.intConst(e)
	return ok && v == 0 && c.info.Types[e].Kind == Int
}

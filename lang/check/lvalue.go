package check

import (
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// lvalKind says what the target of an assignment, ++ or -- is. DTrace
// checks the operands' types first and then whether the target may be
// assigned, so the checker finds out what the target is, types the
// operation, and only then reports a target that cannot be assigned.
type lvalKind int

const (
	lvalVar      lvalKind = iota // a D variable
	lvalReadOnly                 // a built-in variable, or memory reached through one
	lvalMemory                   // memory through a writable pointer: alloca() memory, else refused
	lvalNone                     // a value, not an object
)

// assign checks X op= Y and types X by Y on first assignment.
func (c *checker) assign(e *ast.AssignExpr) Type {
	if ix, ok := e.X.(*ast.IndexExpr); ok && c.multiDimAgg(ix) {
		return TypeInvalid
	}
	y := c.rvalue(e.Y)
	if y.Kind == Invalid {
		// The right side was already reported; an untyped target is a
		// consequence, not a second error.
		return TypeInvalid
	}
	if (e.Op == token.QUOEQ || e.Op == token.REMEQ) && c.isNull(e.Y) {
		// DTrace finds this while parsing, before the target is typed.
		c.error(e.OpPos, tag.DivZero)
		return TypeInvalid
	}
	if y.Kind == Void && e.Op == token.ASSIGN {
		c.error(e.OpPos, tag.OpIncompat, c.targetTypeName(e.X), e.Op, "void")
		return TypeInvalid
	}
	first := y
	if e.Op != token.ASSIGN {
		// A compound assignment reads its target first.
		first = TypeInvalid
	}
	x, kind := c.lvalue(e.X, first, e.Op)
	if x.Kind == Invalid {
		return x
	}
	var ok bool
	switch e.Op {
	case token.ASSIGN:
		ok = c.assignTypes(e, x, y) && c.xlateAssign(e, y)
	case token.ADDEQ, token.SUBEQ:
		ok = c.addAssignTypes(e, x, y)
	default:
		ok = c.arithAssignTypes(e, x, y)
	}
	if !ok || !c.modifiable(e.X, e.Op, kind) {
		return TypeInvalid
	}
	return x
}

// assignTypes checks X = Y by C's rules for assignment
// (dt_node_is_argcompat). A string target reads a char pointer or array
// as the string it holds. An array or a function is not assigned, even
// to a variable that the assignment types (dt_cook_op2).
func (c *checker) assignTypes(e *ast.AssignExpr, x, y Type) bool {
	if k := x.resolved().Kind; k == Array || k == Func {
		c.error(e.OpPos, tag.OpArrfun, e.Op, x)
		return false
	}
	if c.freesDynamic(e, x) {
		return true
	}
	if !argCompat(x, y, c.isNull(e.Y)) {
		c.incompatible(e.OpPos, e.Op, e.X, e.Y)
		return false
	}
	if x.Kind == String {
		c.toString(e.Y, y)
	}
	return true
}

// addAssignTypes checks X += Y and X -= Y: integers, or a pointer of
// known pointee size and an integer (or a compatible pointer).
func (c *checker) addAssignTypes(e *ast.AssignExpr, x, y Type) bool {
	switch {
	case x.Kind == String || y.Kind == String:
		c.incompatible(e.OpPos, e.Op, e.X, e.Y)
		return false
	case x.Kind == Int && y.Kind == Int:
		return true
	case !x.isPointer() || x.isVFPtr():
		c.error(e.OpPos, tag.OpVfptrLeft, e.Op)
		return false
	case y.Kind != Int:
		if _, ok := ptrCompat(x, false, y, c.isNull(e.Y)); !ok {
			c.incompatible(e.OpPos, e.Op, e.X, e.Y)
			return false
		}
	}
	return true
}

// arithAssignTypes checks *= and /= (arithmetic operands) and %=, &=,
// |=, ^=, <<=, >>= (integral operands).
func (c *checker) arithAssignTypes(e *ast.AssignExpr, x, y Type) bool {
	if x.Kind == Int && y.Kind == Int {
		return true
	}
	if integralOps[e.Op] {
		c.error(e.OpPos, tag.OpInt, e.Op)
	} else {
		c.error(e.OpPos, tag.OpArith, e.Op)
	}
	return false
}

// incdec checks ++ and -- (prefix or postfix) on x.
func (c *checker) incdec(x ast.Expr, op token.Kind) Type {
	// As in DTrace, ++ and -- on a variable never assigned declare it
	// as a 64-bit integer.
	t, kind := c.lvalue(x, TypeInt64, op)
	switch {
	case t.Kind == Invalid:
		return t
	case !t.IsScalar():
		c.error(x.Pos(), tag.OpScalarIncr, op)
	case t.isVFPtr():
		c.error(x.Pos(), tag.OpVfptr, op)
	case c.modifiable(x, op, kind):
		return t
	}
	return TypeInvalid
}

// modifiable reports, once the operands' types are known to be right,
// whether the target may be assigned.
func (c *checker) modifiable(x ast.Expr, op token.Kind, kind lvalKind) bool {
	switch kind {
	case lvalNone:
		c.error(x.Pos(), tag.OpLval, op)
	case lvalReadOnly:
		c.error(x.Pos(), tag.OpWrite, op)
	case lvalMemory:
		// Allowed if it is alloca() memory, which is known only once
		// every clause is typed (alloca.go).
		c.memStores = append(c.memStores, memStore{x, op})
		return true
	default:
		return true
	}
	return false
}

// targetTypeName names the type of an assignment's target without
// creating it: the type of a variable already typed, else "void", the
// type DTrace gives a new variable assigned a void value.
func (c *checker) targetTypeName(e ast.Expr) string {
	var v *Var
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v = c.globals[x.Name]
	case *ast.SelectorExpr:
		v, _ = c.scopedVar(x, false)
	case *ast.IndexExpr:
		v = c.info.Vars[x]
	}
	if v == nil || v.Type.Kind == Invalid {
		return "void"
	}
	return typeName(v.Type)
}

// lvalue checks the target of an assignment, ++ or --. A variable not
// yet typed is given the storage type of first, or, when first is
// invalid (the operator reads the target), is an undefined variable.
func (c *checker) lvalue(e ast.Expr, first Type, op token.Kind) (Type, lvalKind) {
	var v *Var
	switch x := e.(type) {
	case *ast.ParenExpr:
		return c.lvalue(x.X, first, op)
	case *ast.Ident:
		if _, ok := builtins[x.Name]; ok || c.isParam(x) || strings.Contains(x.Name, "`") {
			return c.expr(x), lvalReadOnly
		}
		_, inline := c.inlines[x.Name]
		_, enum := c.enums[x.Name]
		if inline || enum || x.Name == "NULL" && c.globals[x.Name] == nil {
			// Constants, not variables: assigning one must not quietly
			// declare a variable of the same name.
			return c.expr(x), lvalNone
		}
		if kind := c.funcKind(x.Name); kind != "" && c.globals[x.Name] == nil {
			c.error(x.At, tag.IdentBadref, kind, x.Name, "scalar")
			return TypeInvalid, lvalVar
		}
		v = c.variable(c.globals, &c.info.Globals, Global, x.Name, x.At)
		if v.IsAssoc() {
			c.error(x.At, tag.IdentBadref, "associative array", x.Name, "scalar")
			return TypeInvalid, lvalVar
		}
	case *ast.SelectorExpr:
		var ok bool
		if v, ok = c.scopedVar(x, true); !ok {
			return c.expr(x), c.memoryKind(x)
		}
		if v.IsAssoc() {
			c.assocAsScalar(x, v, first, op)
			return TypeInvalid, lvalVar
		}
	case *ast.IndexExpr:
		t := c.index(x, true)
		if v = c.info.Vars[x]; v == nil {
			if t.Kind == Invalid {
				return t, lvalNone
			}
			c.info.Types[x] = t // an element of memory: code generation needs its size
			return t, c.memoryKind(x)
		}
	case *ast.UnaryExpr:
		if x.Op != token.MUL {
			return c.expr(x), lvalNone
		}
		return c.expr(x), c.memoryKind(x)
	default:
		return c.expr(e), lvalNone
	}
	if v.Type.Kind == Invalid {
		if first.Kind == Invalid {
			c.error(e.Pos(), tag.VarUndef, varName(v))
			return TypeInvalid, lvalVar
		}
		v.Type = c.storageType(first)
	}
	c.info.Vars[e] = v
	c.info.Types[e] = v.Type
	return v.Type, lvalVar
}

// assocAsScalar reports self->a, an associative array, used as the
// target of an assignment, as DTrace does for each operator: the array
// is a dynamic object to =, not a scalar to ++ and --, and an array
// given no keys to the compound operators.
func (c *checker) assocAsScalar(x *ast.SelectorExpr, v *Var, first Type, op token.Kind) {
	switch op {
	case token.ASSIGN:
		c.error(x.SelAt, tag.OpIncompat, "associative array", op, typeName(first))
	case token.INC, token.DEC:
		c.error(x.SelAt, tag.OpScalarIncr, op)
	default:
		c.sameKeys(x.SelAt, v.Name, v.Keys, nil)
	}
}

// memoryKind says whether kernel memory named by e may be assigned as
// far as DTrace's checker is concerned: it must be an object (not an
// array), reached through something writable.
func (c *checker) memoryKind(e ast.Expr) lvalKind {
	switch {
	case !c.isLvalue(e):
		return lvalNone
	case !c.isWritable(e):
		return lvalReadOnly
	case c.inVariable(e):
		return lvalVar
	}
	return lvalMemory
}

// inVariable reports whether memory e names lies inside a struct or
// array variable's own storage (a member or element reached without a
// pointer), which the program may write. The variable may be dynamic:
// a store into a thread-local or associative array element creates it.
func (c *checker) inVariable(e ast.Expr) bool {
	e = ast.Unparen(e)
	if v := c.info.Vars[e]; v != nil {
		k := v.Type.resolved().Kind
		return k == Struct || k == Array
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		return e.Op == token.DOT && c.inVariable(e.X)
	case *ast.IndexExpr:
		return c.info.Types[e.X].Kind == Array && c.inVariable(e.X)
	}
	return false
}

// freesDynamic reports whether e assigns 0 to a struct or array dynamic
// variable, which Oracle's DTrace accepts as freeing it, as 0 frees a
// scalar one. illumos has no way to free one.
func (c *checker) freesDynamic(e *ast.AssignExpr, x Type) bool {
	v := c.info.Vars[ast.Unparen(e.X)]
	k := x.resolved().Kind
	dynamic := v != nil && (v.Kind == ThreadLocal || v.IsAssoc())
	return dynamic && (k == Struct || k == Array) && c.isNull(e.Y)
}

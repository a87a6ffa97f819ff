package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// TypeUsymaddr and TypeUmodaddr are the types of usym(), ufunc(),
// uaddr() and umod(): user addresses printed as the symbol or object
// holding them. As DTrace's actions they are values only where a
// statement or an aggregation key records them; the code generator
// refuses them in any other expression (D_CG_EXPR).
var (
	TypeUsymaddr = Type{Kind: Int, Size: 8, Name: "_usymaddr"}
	TypeUmodaddr = Type{Kind: Int, Size: 8, Name: "_umodaddr"}
)

// IsUserSym reports whether t is the type of usym() and its kin.
func IsUserSym(t Type) bool {
	return t.Kind == Int && (t.Name == TypeUsymaddr.Name || t.Name == TypeUmodaddr.Name)
}

// symbolAction checks usym(addr) and its kin as a statement: the
// prototype is the subroutine's.
func (c *checker) symbolAction(call *ast.CallExpr) bool {
	return c.expr(call).Kind != Invalid
}

// tracememAction checks tracemem(addr, size[, dsize]) by the rules of
// dt_action_tracemem(): an address, a constant size, and a scalar
// dynamic size that limits what is printed.
func (c *checker) tracememAction(call *ast.CallExpr, act *Action) bool {
	args := call.Args
	// Oracle's prototype void(@, size_t, [size_t]) counts the
	// arguments first; illumos found a fourth with D_TRACEMEM_ARGS.
	if !c.nargs(call, 2, 3) {
		return false
	}
	types := make([]Type, len(args))
	for i, a := range args {
		if types[i] = c.rvalue(a); types[i].Kind == Invalid {
			return false
		}
	}
	if types[1].Kind != Int {
		c.error(args[1].Pos(), tag.ProtoArg, "tracemem", 2, "size_t", types[1])
		return false
	}
	if !types[0].IsScalar() {
		c.error(args[0].Pos(), tag.TracememAddr, types[0])
		return false
	}
	n, ok := c.posConst(args[1])
	if !ok {
		c.error(args[1].Pos(), tag.TracememSize)
		return false
	}
	act.Size = n
	if len(args) == 3 && !types[2].IsScalar() {
		c.error(args[2].Pos(), tag.TracememDynsize)
		return false
	}
	return true
}

// printAction checks print(p) as Oracle DTrace does: its prototype is
// void(void *), and it prints the object p points to (an array stands
// for its first element), which must have a size. illumos's print()
// took the value itself; its tag for an aggregation is kept, as Oracle
// has no better word for it.
func (c *checker) printAction(call *ast.CallExpr) bool {
	if !c.nargs(call, 1, 1) {
		return false
	}
	arg := call.Args[0]
	if ae, ok := ast.Unparen(arg).(*ast.AggExpr); ok {
		c.error(ae.At, tag.PrintAgg)
		return false
	}
	if sc := stackCall(arg); sc != nil {
		c.stackInExpr(sc, true)
		return false
	}
	// A char array too stands for its address, not for a string.
	t := c.expr(arg)
	if t.Kind == Invalid {
		return false
	}
	if (t.Kind != Pointer && t.Kind != Array) || t.Elem == nil {
		c.error(arg.Pos(), tag.ProtoArg, "print", 1, "void *", t)
		return false
	}
	if PrintSize(*t.Elem) == 0 {
		c.error(arg.Pos(), tag.PrintSize, t.Elem)
		return false
	}
	return true
}

// PrintSize is the size of the object print() prints of type t: 0 for
// void, a function, or a struct only declared.
func PrintSize(t Type) int {
	switch t.Kind {
	case Void, Func:
		return 0
	case Struct:
		if t.Def == nil || !t.Def.IsComplete() {
			return 0
		}
		return t.Def.Size
	}
	return t.Size
}

// setoptAction checks setopt(name[, value]): one or two strings, which
// the consumer applies as dtrace -x name=value when the record arrives.
func (c *checker) setoptAction(call *ast.CallExpr) bool {
	args := call.Args
	switch n := len(args); {
	case n < 1:
		c.error(call.Fun.At, tag.ProtoLenMin, "setopt", n, "s", 1)
		return false
	case n > 2:
		c.error(call.Fun.At, tag.ProtoLenMax, "setopt", n, 2)
		return false
	}
	for i, a := range args {
		t := c.rvalue(a)
		if t.Kind == Invalid {
			return false
		}
		if t.Kind != String {
			c.error(a.Pos(), tag.ProtoArg, "setopt", i+1, "char *", t)
			return false
		}
	}
	return true
}

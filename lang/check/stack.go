package check

import (
	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// TypeStack is the type of stack(), ustack() and jstack() where an
// expression is expected: DTrace's "stack", which only an aggregation key
// and printa()'s %k accept. The code generator records one as a
// statement or a key, and refuses it anywhere else, as DTrace's does
// (D_CG_EXPR).
var TypeStack = Type{Kind: Int, Size: 8, Name: "stack"}

// IsStack reports whether t is the type of stack() and ustack().
func IsStack(t Type) bool { return t.Kind == TypeStack.Kind && t.Name == TypeStack.Name }

func isStackFunc(name string) bool {
	return name == "stack" || name == "ustack" || name == "jstack"
}

// stackCall returns e as a call of stack(), ustack() or jstack(), or nil.
func stackCall(e ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isStackFunc(call.Fun.Name) {
		return nil
	}
	return call
}

// stackValue types a stack function called where a value is wanted. Its
// arguments are checked as for the statement, since an aggregation key
// is the one place where the value is recorded, and the call is recorded
// in Actions with the frames asked for.
func (c *checker) stackValue(e *ast.CallExpr, types []Type) Type {
	for _, t := range types {
		if t.Kind == Invalid {
			return TypeInvalid
		}
	}
	act := Action{Kind: actionNames[e.Fun.Name]}
	if !c.stackArgs(e, &act) {
		return TypeInvalid
	}
	c.info.Actions[e] = act
	return TypeStack
}

// stackInExpr reports a stack function whose value an action would
// record: DTrace cooks its arguments, then its code generator refuses
// it.
func (c *checker) stackInExpr(call *ast.CallExpr, cook bool) {
	if cook {
		for _, a := range call.Args {
			if c.rvalue(a).Kind == Invalid {
				return
			}
		}
	}
	c.error(call.Fun.At, tag.CgExpr, "tracing function", call.Fun.Name)
}

// stackArgs checks the arguments of stack(), ustack() and jstack(): first
// against their built-in prototypes, stack([uint32_t]) and
// ustack([uint32_t], [uint32_t]), as dt_idcook_func() does, then with the
// rules of dt_cg_stack_arg().
func (c *checker) stackArgs(call *ast.CallExpr, act *Action) bool {
	most := 2
	if act.Kind == abi.ActStack {
		most = 1
	}
	if !c.nargs(call, 0, most) {
		return false
	}
	for i := range call.Args {
		if !c.protoInt(call, i, TypeUint32) {
			return false
		}
	}
	if act.Kind == abi.ActStack {
		return c.kernelStackArgs(call, act)
	}
	act.Jstack = call.Fun.Name == "jstack"
	args := call.Args
	if len(args) == 0 {
		return true
	}
	n, ok := c.posConst(args[0])
	if !ok {
		c.error(args[0].Pos(), tag.UstackFrames)
		return false
	}
	act.Frames = n
	if len(args) == 1 {
		return true
	}
	// The string table size, for the helpers of languages with their own
	// frames; there are none on Linux, so it is checked and unused.
	if v, ok := c.intConst(args[1]); !ok || v < 0 && c.info.Types[args[1]].Signed {
		c.error(args[1].Pos(), tag.UstackStrsize)
		return false
	}
	return true
}

func (c *checker) kernelStackArgs(call *ast.CallExpr, act *Action) bool {
	args := call.Args
	if len(args) == 0 {
		return true
	}
	n, ok := c.posConst(args[0])
	if !ok {
		c.error(args[0].Pos(), tag.StackSize)
		return false
	}
	act.Frames = n
	return true
}

// posConst returns the value of a non-zero positive integer constant
// expression, as dt_node_is_posconst() accepts it: an unsigned constant
// is positive whatever its bits.
func (c *checker) posConst(e ast.Expr) (int, bool) {
	v, ok := c.intConst(e)
	if !ok || v == 0 || v < 0 && c.info.Types[e].Signed {
		return 0, false
	}
	if v < 0 || v > 1<<20 {
		v = 1 << 20 // a count no record holds; the code generator says so
	}
	return int(v), true
}

package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
)

// Action is what the checker learned about one action call.
type Action struct {
	Kind   spec.ActionKind
	Format string // printf/printa format, "" when none
	Aggs   []*Agg // printa, clear, trunc operands
}

// actionNames names the actions the checker knows; their kinds are
// spec's, shared with the code generator and consumer.
var actionNames = map[string]spec.ActionKind{
	"trace": spec.ActTrace, "printf": spec.ActPrintf, "exit": spec.ActExit, "printa": spec.ActPrinta,
	"clear": spec.ActClear, "trunc": spec.ActTrunc,
	"normalize": spec.ActNormalize, "denormalize": spec.ActDenormalize,
}

func (c *checker) action(call *ast.CallExpr) {
	name := call.Fun.Name
	kind := actionNames[name]
	act := Action{Kind: kind}
	args := call.Args
	switch kind {
	case spec.ActTrace, spec.ActExit:
		if !c.nargs(call, 1, 1) {
			return
		}
		t := c.rvalue(args[0])
		if kind == spec.ActExit && t.Kind != Int && t.Kind != Invalid {
			c.errorf(args[0].Pos(), "D_PROTO_ARG", "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: %s", t)
		}
		if kind == spec.ActTrace && t.Kind == Void {
			c.errorf(args[0].Pos(), "D_TRACE_VOID", "trace( ) may not be applied to a void expression")
		}
	case spec.ActPrintf:
		if len(args) == 0 {
			c.errorf(call.Rparen, "D_PROTO_LEN", "printf( ) prototype mismatch: 0 args passed, 1 expected")
			return
		}
		f, ok := args[0].(*ast.StrLit)
		if !ok {
			c.errorf(args[0].Pos(), "D_PRINTF_FMT", "printf( ) argument #1 must be a string literal")
			return
		}
		act.Format = f.Value
		c.info.Types[args[0]] = StringType(len(f.Value) + 1)
		types := make([]Type, len(args)-1)
		bad := false
		for i, a := range args[1:] {
			types[i] = c.rvalue(a)
			bad = bad || types[i].Kind == Invalid
		}
		if !bad {
			c.printfFormat(name, f, args[1:], types)
		}
	case spec.ActPrinta, spec.ActClear, spec.ActTrunc, spec.ActNormalize, spec.ActDenormalize:
		if kind == spec.ActPrinta && len(args) > 0 {
			if f, ok := args[0].(*ast.StrLit); ok {
				act.Format = f.Value
				c.info.Types[args[0]] = StringType(len(f.Value) + 1)
				args = args[1:]
			}
		}
		if kind == spec.ActNormalize {
			if len(args) != 2 {
				c.errorf(call.Fun.At, "D_PROTO_LEN", "normalize( ) prototype mismatch: %d arg%s passed, 2 expected", len(args), plural(len(args)))
				return
			}
			if t := c.expr(args[1]); t.Kind != Int && t.Kind != Invalid {
				c.errorf(args[1].Pos(), "D_NORMALIZE_SCALAR", "normalize( ) argument #2 must be of scalar type")
				return
			}
			args = args[:1]
		}
		if kind == spec.ActTrunc && len(args) == 2 {
			if _, ok := c.constInt(args[1]); !ok {
				c.errorf(args[1].Pos(), "D_TRUNC_SCALAR", "trunc( ) argument #2 must be of scalar type")
			}
			args = args[:1]
		}
		if len(args) == 0 || (kind != spec.ActPrinta && len(args) != 1) {
			c.errorf(call.Rparen, "D_PROTO_LEN", "%s( ) prototype mismatch: %d args passed", name, len(call.Args))
			return
		}
		for i, a := range args {
			ae, ok := a.(*ast.AggExpr)
			if !ok || ae.Keys != nil {
				c.errorf(a.Pos(), "D_PRINTA_AGGARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", name, i+1, "expression")
				return
			}
			agg := c.aggs[ae.Name]
			if agg == nil {
				c.errorf(ae.At, "D_PRINTA_AGGARG", "%s( ) argument #%d: undefined aggregation @%s", name, i+1, ae.Name)
				return
			}
			c.info.AggOf[ae] = agg
			act.Aggs = append(act.Aggs, agg)
		}
	}
	c.info.Actions[call] = act
}

func (c *checker) nargs(call *ast.CallExpr, lo, hi int) bool {
	n := len(call.Args)
	if n < lo || n > hi {
		c.errorf(call.Fun.At, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected", call.Fun.Name, n, plural(n), lo)
		return false
	}
	return true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// call checks a function call in expression context: a subroutine.
func (c *checker) call(e *ast.CallExpr) Type {
	types := make([]Type, len(e.Args))
	for i, a := range e.Args {
		types[i] = c.rvalue(a)
	}
	if s, ok := subrs[e.Fun.Name]; ok {
		return c.subroutine(e, s, types)
	}
	if _, ok := actionNames[e.Fun.Name]; ok {
		c.errorf(e.Fun.At, "D_OP_INCOMPAT", "%s( ) returns void and may not be used in an expression", e.Fun.Name)
		return TypeInvalid
	}
	if _, ok := aggFuncs[e.Fun.Name]; ok {
		c.errorf(e.Fun.At, "D_AGG_FUNC", "%s( ) may only be used as an aggregating function", e.Fun.Name)
		return TypeInvalid
	}
	if unimplementedFuncs[e.Fun.Name] {
		c.errorf(e.Fun.At, "D_FUNC_UNDEF", "unimplemented subroutine: %s", e.Fun.Name)
		return TypeInvalid
	}
	c.errorf(e.Fun.At, "D_FUNC_UNDEF", "undefined function name: %s", e.Fun.Name)
	return TypeInvalid
}

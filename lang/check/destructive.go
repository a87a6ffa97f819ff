package check

import (
	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
)

// FreopenRestore is the format freopen("") is given: DTrace's
// DT_FREOPEN_RESTORE, a name no file can be opened for writing under,
// which tells the consumer to return to the original output.
const FreopenRestore = "."

// destructiveAction checks the destructive actions, with the prototypes
// of DTrace's dt_open.c: raise() and chill() take an int, system() and
// freopen() a printf format and its arguments, the others nothing.
// Whether the program may use them (-w) is decided when it is enabled,
// not here.
func (c *checker) destructiveAction(call *ast.CallExpr, act *Action) bool {
	switch act.Kind {
	case abi.ActSystem, abi.ActFreopen:
		return c.printfAction(call, act)
	case abi.ActRaise, abi.ActChill:
		return c.voidAction(call, ParamInt)
	}
	return c.voidAction(call)
}

// voidAction checks an action whose prototype is void(params...).
func (c *checker) voidAction(call *ast.CallExpr, params ...Param) bool {
	types := make([]Type, len(call.Args))
	for i, a := range call.Args {
		types[i] = c.rvalue(a)
	}
	return c.subroutine(call, Subr{Params: params, Result: TypeVoid}, types).Kind != Invalid
}

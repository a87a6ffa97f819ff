package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
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
	case spec.ActSystem, spec.ActFreopen:
		return c.printflikeAction(call, act)
	case spec.ActRaise, spec.ActChill:
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

// printflikeAction checks system() and freopen(): a printf format and
// its arguments, as dt_action_printflike does for every printf-like
// action. freopen("") restores the original output, so its empty format
// becomes the restore sentinel, which may not be written.
func (c *checker) printflikeAction(call *ast.CallExpr, act *Action) bool {
	name, args := call.Fun.Name, call.Args
	if len(args) == 0 {
		c.errorf(call.Rparen, "D_PROTO_LEN", "%s( ) prototype mismatch: 0 args passed, 1 expected", name)
		return false
	}
	fmtType := c.expr(args[0])
	types := make([]Type, len(args)-1)
	bad := fmtType.Kind == Invalid
	for i, a := range args[1:] {
		types[i] = c.rvalue(a)
		bad = bad || types[i].Kind == Invalid
	}
	if bad {
		return false
	}
	text, ok := c.stringConst(args[0])
	if !ok {
		c.errorf(args[0].Pos(), "D_PRINTF_ARG_FMT", "%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s", name, fmtType)
		return false
	}
	if act.Kind == spec.ActFreopen {
		if text == FreopenRestore {
			c.errorf(call.Fun.At, "D_FREOPEN_INVALID", "%s( ) argument #1 cannot be \"%s\"", name, FreopenRestore)
			return false
		}
		if text == "" {
			text = FreopenRestore
		}
	}
	act.Format = text
	if !c.printfFormat(args[0], text, formatValues{fn: name, types: types, exprs: args[1:], exact: true}) {
		return false
	}
	for _, a := range args[1:] {
		if sc := stackCall(a); sc != nil {
			c.stackInExpr(sc, false)
			return false
		}
	}
	return true
}

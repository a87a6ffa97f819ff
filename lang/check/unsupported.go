package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// DTrace's built-in variables that godtrace does not provide yet.
var unimplementedVars = map[string]bool{
	"ipl": true, "zonename": true,
}

// unimplementedActs are DTrace's actions that godtrace does not provide
// yet, with the parameter types of their prototypes (dt_open.c). A call
// is checked against its prototype, as DTrace checks it, and then
// refused.
var unimplementedActs = map[string][]Type{
	"pcap": {PointerTo(TypeVoid), TypeInt}, // pcap(void *, int)
}

// unimplementedAct checks a call of an action of unimplementedActs.
func (c *checker) unimplementedAct(call *ast.CallExpr, params []Type) {
	if !c.cookArgs(call.Args) || !c.nargs(call, len(params), len(params)) {
		return
	}
	for i, p := range params {
		a := call.Args[i]
		if t := c.info.Types[a]; !argCompat(p, t, c.isNull(a)) {
			c.error(a.Pos(), tag.ProtoArg, call.Fun.Name, i+1, p, t)
			return
		}
	}
	c.error(call.Fun.At, tag.UnsupportedFunc, call.Fun.Name)
}

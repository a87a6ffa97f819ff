package check

import (
	"math"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// Action is what the checker learned about one action call.
type Action struct {
	Kind   abi.ActionKind
	Format string // printf/printa format, "" when none
	Aggs   []*Agg // printa, clear, trunc operands
	// Frames is the number of frames stack(), ustack() or jstack() asked
	// for, 0 for the stackframes, ustackframes or jstackframes option;
	// Jstack tells jstack() from ustack().
	Frames int
	Jstack bool
	// Size is the constant size tracemem() records.
	Size int
}

// actionNames names the actions the checker knows; their kinds are
// spec's, shared with the code generator and consumer.
var actionNames = map[string]abi.ActionKind{
	"trace": abi.ActTrace, "printf": abi.ActPrintf, "exit": abi.ActExit, "printa": abi.ActPrinta,
	"clear": abi.ActClear, "trunc": abi.ActTrunc,
	"normalize": abi.ActNormalize, "denormalize": abi.ActDenormalize,
	"stack": abi.ActStack, "ustack": abi.ActUstack, "jstack": abi.ActUstack,
	"speculate": abi.ActSpeculate, "commit": abi.ActCommit, "discard": abi.ActDiscard,
	"raise": abi.ActRaise, "stop": abi.ActStop, "chill": abi.ActChill,
	"system": abi.ActSystem, "freopen": abi.ActFreopen, "ftruncate": abi.ActFtruncate,
	"panic": abi.ActPanic, "breakpoint": abi.ActBreakpoint,
	// Also subroutines (subrs), whose values only aggregation keys take.
	"usym": abi.ActSymbol, "ufunc": abi.ActSymbol, "uaddr": abi.ActSymbol, "umod": abi.ActSymbol,
	"func": abi.ActSymbol, "sym": abi.ActSymbol, "mod": abi.ActSymbol,
	"tracemem": abi.ActTracemem, "print": abi.ActPrint, "setopt": abi.ActSetopt,
}

// actionArity is how many arguments each action's prototype (dt_open.c)
// takes, at least and at most, for an action cooked as an operand. Its
// own rules check a statement's.
var actionArity = map[string][2]int{
	"trace": {1, 1}, "printf": {1, math.MaxInt}, "exit": {1, 1}, "printa": {1, math.MaxInt},
	"clear": {1, 1}, "trunc": {1, 2}, "normalize": {2, 2}, "denormalize": {1, 1},
	"stack": {0, 1}, "ustack": {0, 2}, "jstack": {0, 2},
	"speculate": {1, 1}, "commit": {1, 1}, "discard": {1, 1},
	"raise": {1, 1}, "stop": {0, 0}, "chill": {1, 1}, "system": {1, math.MaxInt},
	"freopen": {1, math.MaxInt}, "ftruncate": {0, 0}, "panic": {0, 0}, "breakpoint": {0, 0},
	"usym": {1, 1}, "ufunc": {1, 1}, "uaddr": {1, 1}, "umod": {1, 1},
	"func": {1, 1}, "sym": {1, 1}, "mod": {1, 1},
	"tracemem": {2, 3}, "print": {1, 1}, "setopt": {1, 2},
}

// action checks an action call. As in DTrace, the arguments are first
// typed (cooked), then the action's own rules apply, and the first
// error ends the statement.
func (c *checker) action(call *ast.CallExpr) {
	act := Action{Kind: actionNames[call.Fun.Name]}
	ok := false
	switch act.Kind {
	case abi.ActTrace, abi.ActExit:
		ok = c.traceAction(call)
	case abi.ActPrintf:
		ok = c.printfAction(call, &act)
	case abi.ActPrinta:
		ok = c.printaAction(call, &act)
	case abi.ActClear:
		ok = c.clearAction(call, &act)
	case abi.ActTrunc:
		ok = c.truncAction(call, &act)
	case abi.ActNormalize, abi.ActDenormalize:
		ok = c.normalizeAction(call, &act)
	case abi.ActStack, abi.ActUstack:
		ok = c.cookArgs(call.Args) && c.stackArgs(call, &act)
	case abi.ActSpeculate, abi.ActCommit, abi.ActDiscard:
		ok = c.specAction(call)
	case abi.ActRaise, abi.ActStop, abi.ActChill, abi.ActSystem, abi.ActFreopen,
		abi.ActFtruncate, abi.ActPanic, abi.ActBreakpoint:
		ok = c.destructiveAction(call, &act)
	case abi.ActSymbol:
		ok = c.symbolAction(call)
	case abi.ActTracemem:
		ok = c.tracememAction(call, &act)
	case abi.ActPrint:
		ok = c.printAction(call)
	case abi.ActSetopt:
		ok = c.setoptAction(call)
	}
	if ok {
		c.info.Actions[call] = act
	}
}

// traceAction checks trace(expr) and exit(status).
func (c *checker) traceAction(call *ast.CallExpr) bool {
	if !c.nargs(call, 1, 1) {
		return false
	}
	arg := call.Args[0]
	if sc := stackCall(arg); sc != nil {
		c.stackInExpr(sc, true)
		return false
	}
	t := c.rvalue(arg)
	switch {
	case t.Kind == Invalid:
		return false
	case call.Fun.Name == "exit" && t.Kind != Int:
		c.error(arg.Pos(), tag.ProtoArg, "exit", 1, "int", t)
		return false
	case call.Fun.Name == "trace" && t.Kind == Void:
		c.error(arg.Pos(), tag.TraceVoid)
		return false
	case call.Fun.Name == "trace" && t.Kind == Dyn:
		// Oracle's wording; illumos refused only translated pointers.
		c.error(arg.Pos(), tag.TraceDyn)
		return false
	}
	return true
}

// printfAction checks printf(format, args...) and the printf-like
// system() and freopen(), as dt_action_printflike does for each: the
// format must be a string constant, and the arguments must suit its
// conversions. freopen("") restores the original output, so its empty
// format becomes the restore sentinel, which may not be written.
func (c *checker) printfAction(call *ast.CallExpr, act *Action) bool {
	name, args := call.Fun.Name, call.Args
	if len(args) == 0 {
		// Every prototype is void(x, ...): one argument at least.
		c.error(call.Rparen, tag.ProtoLenMin, name, 0, "s", 1)
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
	if !ok && name == "printf" && !fmtType.isStrCompat() {
		// printf()'s prototype is void(string, ...); system() and
		// freopen() take anything first, then need a constant.
		c.error(args[0].Pos(), tag.ProtoArg, name, 1, "string", fmtType)
		return false
	}
	if !ok {
		c.error(args[0].Pos(), tag.PrintfArgFmt, name, fmtType)
		return false
	}
	if act.Kind == abi.ActFreopen {
		if text == FreopenRestore {
			c.error(call.Fun.At, tag.FreopenInvalid, name)
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

// stringConst returns the text of a string constant: a literal, or the
// literal a $$n macro argument stands for.
func (c *checker) stringConst(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.StrLit:
		return e.Value, true
	case *ast.ParenExpr:
		return c.stringConst(e.X)
	case *ast.MacroVar:
		if l, ok := c.info.Macros[e].(*ast.StrLit); ok {
			return l.Value, true
		}
	}
	return "", false
}

// cookArgs types the arguments of an aggregation action that are not
// aggregations, so that their errors come first, as in DTrace.
func (c *checker) cookArgs(args []ast.Expr) bool {
	ok := true
	for _, a := range args {
		if ae, isAgg := a.(*ast.AggExpr); isAgg {
			// DTrace ignores a subscript here; its keys are typed only
			// so that every expression has a type.
			for _, k := range ae.Keys {
				ok = c.rvalue(k).Kind != Invalid && ok
			}
			c.info.Types[a] = TypeAggregation
			continue
		}
		ok = c.expr(a).Kind != Invalid && ok
	}
	return ok
}

// aggOperand resolves argument #n of an aggregation action, which must
// name an aggregation defined earlier in the program. The messages are
// the action's: tag.PrintaAggarg and tag.PrintaAggbad, tag.ClearAggarg
// ..., and so on.
func (c *checker) aggOperand(call *ast.CallExpr, n int, a ast.Expr, argMsg, badMsg tag.Msg) (*Agg, bool) {
	ae, ok := a.(*ast.AggExpr)
	if !ok {
		// Only printa( ), which takes several, numbers its operand.
		if argMsg == tag.PrintaAggarg {
			c.error(a.Pos(), argMsg, call.Fun.Name, n, c.info.Types[a])
		} else {
			c.error(a.Pos(), argMsg, call.Fun.Name, c.info.Types[a])
		}
		return nil, false
	}
	agg := c.aggs[ae.Name]
	if agg == nil {
		c.error(ae.At, badMsg, ae.Name)
		return nil, false
	}
	c.info.AggOf[ae] = agg
	return agg, true
}

// printaAction checks printa([format,] @a, ...): every operand an
// aggregation, all with the same key signature, and the format's
// conversions suited to the first one's keys and value.
func (c *checker) printaAction(call *ast.CallExpr, act *Action) bool {
	args := call.Args
	if len(args) == 0 {
		c.error(call.Rparen, tag.ProtoLen, "printa", 0, "s", 1)
		return false
	}
	if !c.cookArgs(args) {
		return false
	}
	text, hasFormat := c.stringConst(args[0])
	first := 0
	if hasFormat {
		first = 1
		act.Format = text
	}
	if len(args) <= first {
		c.error(call.Fun.At, tag.PrintaProto, "printa", len(args), first+1)
		return false
	}
	for i, a := range args[first:] {
		agg, ok := c.aggOperand(call, first+i+1, a, tag.PrintaAggarg, tag.PrintaAggbad)
		if !ok {
			return false
		}
		switch {
		case len(act.Aggs) > 0:
			ok = c.printaKeys(a, act.Aggs[0], agg)
		case hasFormat:
			ok = c.printfFormat(args[0], text, formatValues{fn: "printa", types: agg.Keys, value: aggValueType(agg)})
		}
		if !ok {
			return false
		}
		act.Aggs = append(act.Aggs, agg)
	}
	return true
}

// aggValueType is the type a printa() %@ conversion is checked against:
// every aggregating function but count() yields a signed value.
func aggValueType(agg *Agg) *Type {
	t := TypeInt64
	if agg.Func == abi.AggCount {
		t = TypeUint64
	}
	return &t
}

// printaKeys checks that an aggregation printed alongside another has
// the same key signature, as dt_printa_validate does.
func (c *checker) printaKeys(at ast.Expr, first, agg *Agg) bool {
	if len(first.Keys) != len(agg.Keys) {
		c.error(at.Pos(), tag.PrintaAggkey, first.Name, agg.Name, first.Name, len(first.Keys), plural(len(first.Keys)), agg.Name, len(agg.Keys), plural(len(agg.Keys)))
		return false
	}
	for i, k := range first.Keys {
		if !argCompatible(k, agg.Keys[i]) {
			c.error(at.Pos(), tag.PrintaAggproto, agg.Name, i+1, first.Name, first.Name, i+1, k, agg.Name, i+1, agg.Keys[i])
			return false
		}
	}
	return true
}

// argCompatible reports whether two key types are compatible, as
// dt_node_is_argcompat decides: integers with integers, strings with
// strings, pointers with pointers, anything else only with itself.
func argCompatible(x, y Type) bool {
	switch {
	case x.Kind == Int && y.Kind == Int, x.Kind == String && y.Kind == String, x.Kind == Pointer && y.Kind == Pointer:
		return true
	}
	return x.Kind == y.Kind && x.Name == y.Name
}

// clearAction checks clear(@a).
func (c *checker) clearAction(call *ast.CallExpr, act *Action) bool {
	if !c.cookArgs(call.Args) {
		return false
	}
	if !c.nargs(call, 1, 1) {
		return false
	}
	agg, ok := c.aggOperand(call, 1, call.Args[0], tag.ClearAggarg, tag.ClearAggbad)
	if ok {
		act.Aggs = append(act.Aggs, agg)
	}
	return ok
}

// normalizeAction checks normalize(@a, factor) and denormalize(@a),
// against Oracle's prototypes void(@, uint64_t) and void(@) (illumos
// checked them with tags of their own, D_NORMALIZE_PROTO and _SCALAR).
func (c *checker) normalizeAction(call *ast.CallExpr, act *Action) bool {
	args := call.Args
	if !c.cookArgs(args) {
		return false
	}
	want := 2
	if act.Kind == abi.ActDenormalize {
		want = 1
	}
	if !c.nargs(call, want, want) {
		return false
	}
	if want == 2 && !c.protoInt(call, 1, TypeUint64) {
		return false
	}
	agg, ok := c.aggOperand(call, 1, args[0], tag.NormalizeAggarg, tag.NormalizeAggbad)
	if ok {
		act.Aggs = append(act.Aggs, agg)
	}
	return ok
}

// truncAction checks trunc(@a) and trunc(@a, n).
func (c *checker) truncAction(call *ast.CallExpr, act *Action) bool {
	args := call.Args
	if !c.cookArgs(args) {
		return false
	}
	// Oracle's prototype void(@, [int64_t]); illumos had D_TRUNC_PROTO
	// and D_TRUNC_SCALAR.
	if !c.nargs(call, 1, 2) {
		return false
	}
	if len(args) == 2 && !c.protoInt(call, 1, TypeInt64) {
		return false
	}
	agg, ok := c.aggOperand(call, 1, args[0], tag.TruncAggarg, tag.TruncAggbad)
	if !ok {
		return false
	}
	act.Aggs = append(act.Aggs, agg)
	return true
}

// nargs checks that call has lo to hi arguments, with dt_idcook_func()'s
// message: "at least" or "at most" where the prototype has optional
// arguments.
func (c *checker) nargs(call *ast.CallExpr, lo, hi int) bool {
	n := len(call.Args)
	switch {
	case n >= lo && n <= hi:
		return true
	case lo == hi:
		c.error(call.Fun.At, tag.ProtoLen, call.Fun.Name, n, plural(n), lo)
	case n < lo:
		c.error(call.Fun.At, tag.ProtoLenMin, call.Fun.Name, n, plural(n), lo)
	default:
		c.error(call.Fun.At, tag.ProtoLenAtMost, call.Fun.Name, n, plural(n), hi)
	}
	return false
}

// protoInt checks that argument i (from 0) of call, already typed, is an
// integer as its prototype's integer type proto requires.
func (c *checker) protoInt(call *ast.CallExpr, i int, proto Type) bool {
	if t := c.info.Types[call.Args[i]]; t.Kind != Int {
		c.error(call.Args[i].Pos(), tag.ProtoArg, call.Fun.Name, i+1, proto, t)
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
	if c.hidden(e.Fun.Name) {
		c.error(e.Fun.At, tag.FuncUndef, e.Fun.Name)
		return TypeInvalid
	}
	if s, ok := subrs[e.Fun.Name]; ok {
		return c.subroutine(e, s, types)
	}
	if isStackFunc(e.Fun.Name) {
		return c.stackValue(e, types)
	}
	// An action or an aggregating function called for its value is,
	// to the type checker, a void expression, which each context
	// refuses in its own words (D_TRACE_VOID, D_KEY_TYPE, ...). Only if
	// nothing does is it an error, and a later one: DTrace finds it
	// when generating code, after the whole program has been checked.
	kind := ""
	_, act := actionNames[e.Fun.Name]
	if _, ok := unimplementedActs[e.Fun.Name]; act || ok {
		kind = "tracing function"
	}
	if _, ok := aggFuncs[e.Fun.Name]; ok {
		kind = "aggregating function"
	}
	if kind != "" {
		c.cgError(e.Fun.At, tag.CgExpr, kind, e.Fun.Name)
		return TypeVoid
	}
	c.error(e.Fun.At, tag.FuncUndef, e.Fun.Name)
	return TypeInvalid
}

// isFunction reports whether name is a function D knows: a subroutine,
// an action or an aggregating function.
func (c *checker) isFunction(name string) bool {
	if c.hidden(name) {
		return false
	}
	_, subr := subrs[name]
	_, act := actionNames[name]
	_, unimpl := unimplementedActs[name]
	_, agg := aggFuncs[name]
	return subr || act || unimpl || agg || isStackFunc(name)
}

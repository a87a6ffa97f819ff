package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// aggFuncs names the aggregating functions; their kinds are spec's, the
// vocabulary shared with the code generator and consumer.
var aggFuncs = map[string]spec.AggFunc{
	"count": spec.AggCount, "sum": spec.AggSum, "avg": spec.AggAvg, "min": spec.AggMin, "max": spec.AggMax,
	"stddev": spec.AggStddev, "quantize": spec.AggQuantize, "lquantize": spec.AggLquantize,
	"llquantize": spec.AggLlquantize,
}

// Agg is one aggregation: its function, key signature and constant
// parameters. A string key's Size is the largest bound stored under it,
// so that keys are no wider than their data.
type Agg struct {
	Name string // "" for @
	ID   int
	Func spec.AggFunc
	Keys []Type
	Pos  token.Pos
	// lquantize: Base, Limit, Step; llquantize: Factor, Low, High, Steps.
	Base, Limit, Step         int64
	Factor, Low, High, Nsteps int64
}

// aggregate checks `@name[keys] = func(args)`.
func (c *checker) aggregate(e *ast.AssignExpr, a *ast.AggExpr) {
	call, ok := e.Y.(*ast.CallExpr)
	if e.Op != token.ASSIGN || !ok {
		c.errorf(e.OpPos, "D_AGG_FUNC", "@%s must be assigned the result of an aggregating function", a.Name)
		return
	}
	fn, ok := aggFuncs[call.Fun.Name]
	if !ok {
		c.errorf(call.Fun.At, "D_AGG_FUNC", "@%s must be assigned the result of an aggregating function", a.Name)
		return
	}
	keys := make([]Type, len(a.Keys))
	for i, k := range a.Keys {
		keys[i] = c.rvalue(k)
		if keys[i].Kind == Invalid {
			return
		}
		if keys[i].Kind != Int && keys[i].Kind != String && keys[i].Kind != Pointer {
			c.errorf(k.Pos(), "D_PROTO_ARG", "@%s[ ] key #%d is incompatible with prototype:\n\tprototype: scalar or string\n\t      key: %s", a.Name, i+1, keys[i])
			return
		}
	}
	if !c.aggArgs(call, fn) {
		return
	}
	agg := c.aggs[a.Name]
	if agg == nil {
		agg = &Agg{Name: a.Name, ID: len(c.info.Aggs), Func: fn, Keys: keys, Pos: a.At}
		c.aggs[a.Name] = agg
		c.info.Aggs = append(c.info.Aggs, agg)
		c.aggParams(call, agg)
	} else {
		if agg.Func != fn {
			c.errorf(call.Fun.At, "D_AGG_REDEF", "aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %d", a.Name, a.Name, call.Fun.Name, a.Name, aggName(agg.Func), c.line(agg.Pos))
			return
		}
		if !c.sameKeys(a.At, "@"+a.Name, agg.Keys, keys) {
			return
		}
		for i, k := range keys {
			if k.Kind == String && k.Size > agg.Keys[i].Size {
				agg.Keys[i].Size = k.Size
			}
		}
	}
	c.info.AggOf[a] = agg
	c.info.Types[e.Y] = TypeVoid
}

func aggName(f spec.AggFunc) string {
	for n, g := range aggFuncs {
		if g == f {
			return n
		}
	}
	return "?"
}

// aggArgs checks the argument count and types of an aggregating function.
func (c *checker) aggArgs(call *ast.CallExpr, fn spec.AggFunc) bool {
	lo, hi := 1, 1
	switch fn {
	case spec.AggCount:
		lo, hi = 0, 0
	case spec.AggQuantize:
		lo, hi = 1, 2
	case spec.AggLquantize:
		lo, hi = 3, 5
	case spec.AggLlquantize:
		lo, hi = 5, 6
	}
	if !c.nargs(call, lo, hi) {
		return false
	}
	for i, a := range call.Args {
		t := c.expr(a)
		if t.Kind == Invalid {
			return false
		}
		if !t.IsScalar() {
			c.errorf(a.Pos(), "D_AGG_SCALAR", "%s( ) argument #%d must be of scalar type", call.Fun.Name, i+1)
			return false
		}
	}
	return true
}

// aggParams reads the constant parameters of lquantize and llquantize.
func (c *checker) aggParams(call *ast.CallExpr, agg *Agg) {
	consts := make([]int64, len(call.Args))
	for i := 1; i < len(call.Args); i++ {
		v, ok := c.constInt(call.Args[i])
		isIncr := (agg.Func == spec.AggQuantize && i == 1) || (agg.Func == spec.AggLquantize && i == 4) || (agg.Func == spec.AggLlquantize && i == 5)
		if !ok && !isIncr {
			c.errorf(call.Args[i].Pos(), paramTag(agg.Func, i), "%s( ) argument #%d must be an integer constant", call.Fun.Name, i)
			return
		}
		consts[i] = v
	}
	switch agg.Func {
	case spec.AggLquantize:
		agg.Base, agg.Limit, agg.Step = consts[1], consts[2], 1
		if len(consts) > 3 {
			agg.Step = consts[3]
		}
		switch {
		case agg.Step <= 0 || agg.Step > 0xffff:
			c.errorf(call.Args[len(call.Args)-1].Pos(), "D_LQUANT_STEPVAL", "lquantize( ) argument #3 must be a 16-bit quantity")
		case agg.Limit <= agg.Base:
			c.errorf(call.Args[2].Pos(), "D_LQUANT_MISMATCH", "lquantize( ) base (argument #1) must be less than limit (argument #2)")
		case (agg.Limit-agg.Base)/agg.Step > 0xffff:
			c.errorf(call.Args[2].Pos(), "D_LQUANT_STEPLARGE", "lquantize( ) step (argument #3) too large: must have at most 65535 steps")
		}
	case spec.AggLlquantize:
		agg.Factor, agg.Low, agg.High, agg.Nsteps = consts[1], consts[2], consts[3], consts[4]
		if agg.Factor < 2 || agg.Low < 0 || agg.High < agg.Low || agg.Nsteps < 1 {
			c.errorf(call.Args[1].Pos(), "D_LLQUANT_FACTORVAL", "llquantize( ) parameters are out of range")
		}
	}
}

// paramTag is DTrace's tag for a non-constant parameter i of lquantize
// (base, limit, step) or llquantize (factor, low, high, steps).
func paramTag(f spec.AggFunc, i int) string {
	if f == spec.AggLquantize {
		return [...]string{"", "D_LQUANT_BASETYPE", "D_LQUANT_LIMTYPE", "D_LQUANT_STEPTYPE"}[min(i, 3)]
	}
	return [...]string{"", "D_LLQUANT_FACTORTYPE", "D_LLQUANT_LOWTYPE", "D_LLQUANT_HIGHTYPE", "D_LLQUANT_NSTEPTYPE"}[min(i, 4)]
}

// constInt evaluates an integer constant expression.
func (c *checker) constInt(e ast.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ast.IntLit:
		c.expr(e)
		return int64(e.Value), true
	case *ast.ParenExpr:
		return c.constInt(e.X)
	case *ast.MacroVar:
		c.expr(e)
		if l, ok := c.info.Macros[e].(*ast.IntLit); ok {
			return int64(l.Value), true
		}
	case *ast.UnaryExpr:
		v, ok := c.constInt(e.X)
		switch {
		case !ok:
		case e.Op == token.SUB:
			return -v, true
		case e.Op == token.ADD:
			return v, true
		case e.Op == token.TILDE:
			return ^v, true
		}
	case *ast.BinaryExpr:
		x, ok1 := c.constInt(e.X)
		y, ok2 := c.constInt(e.Y)
		if !ok1 || !ok2 {
			return 0, false
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
		case token.SHL:
			return x << uint(y), true
		}
	}
	c.expr(e)
	return 0, false
}

package check

import (
	"math"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// aggFuncs names the aggregating functions; their kinds are spec's, the
// vocabulary shared with the code generator and consumer.
var aggFuncs = map[string]abi.AggFunc{
	"count": abi.AggCount, "sum": abi.AggSum, "avg": abi.AggAvg, "min": abi.AggMin, "max": abi.AggMax,
	"stddev": abi.AggStddev, "quantize": abi.AggQuantize, "lquantize": abi.AggLquantize,
	"llquantize": abi.AggLlquantize,
}

// Agg is one aggregation: its function, key signature and constant
// parameters. A string key's Size is the largest bound stored under it,
// so that keys are no wider than their data.
type Agg struct {
	Name string // "" for @
	ID   int
	Func abi.AggFunc
	Keys []Type
	Pos  token.Pos
	// lquantize: Base, Limit, Step; llquantize: Factor, Low, High, Nsteps.
	Base, Limit, Step         int64
	Factor, Low, High, Nsteps int64
	// hasParams is set once a use gave valid parameters, which every
	// later use must repeat.
	hasParams bool
}

// aggregate checks `@name[keys] = func(args)` in DTrace's order: when
// the statement is cooked, the function, its prototype and the keys;
// when it is compiled, the value, the constant parameters, and the
// increment. Each statement reports its first error only, as DTrace
// stops at it.
func (c *checker) aggregate(e *ast.AssignExpr, a *ast.AggExpr) {
	call, ok := e.Y.(*ast.CallExpr)
	if e.Op != token.ASSIGN || !ok {
		// What DTrace finds in the right side while parsing (a call
		// of what is not a function) comes first (Error.parse).
		c.expr(e.Y)
		c.error(e.OpPos, tag.AggFunc, a.Name)
		return
	}
	fn, ok := aggFuncs[call.Fun.Name]
	ok = ok && !c.hidden(call.Fun.Name)
	if !ok && !c.isFunction(call.Fun.Name) {
		// DTrace resolves the name when it parses the call, before it
		// looks at what the call is assigned to.
		c.error(call.Fun.At, tag.FuncUndef, call.Fun.Name)
		return
	}
	if !ok {
		c.error(call.Fun.At, tag.AggFunc, a.Name)
		return
	}
	agg := c.aggs[a.Name]
	if agg != nil && agg.Func != fn {
		c.error(call.Fun.At, tag.AggRedef, a.Name, a.Name, call.Fun.Name, a.Name, aggName(agg.Func), c.line(agg.Pos))
		return
	}
	types, ok := c.aggProto(call, fn)
	if !ok {
		return
	}
	keys, ok := c.aggKeys(a)
	if !ok {
		return
	}
	if agg == nil {
		agg = &Agg{Name: a.Name, ID: len(c.info.Aggs), Func: fn, Keys: keys, Pos: a.At}
		c.aggs[a.Name] = agg
		c.info.Aggs = append(c.info.Aggs, agg)
	} else if !c.sameKeys(a.At, "@"+a.Name, agg.Keys, keys) {
		return
	}
	for i, k := range keys {
		if k.Kind == String && k.Size > agg.Keys[i].Size {
			agg.Keys[i].Size = k.Size
		}
	}
	c.info.AggOf[a] = agg
	c.info.Types[e.Y] = TypeVoid
	if len(types) > 0 && !types[0].IsScalar() {
		c.error(call.Fun.At, tag.AggScalar, call.Fun.Name)
		return
	}
	switch fn {
	case abi.AggLquantize:
		if !c.lquantize(a, call, agg) {
			return
		}
	case abi.AggLlquantize:
		if !c.llquantize(a, call, agg) {
			return
		}
	}
	c.aggIncr(call, fn, types)
}

func aggName(f abi.AggFunc) string {
	for n, g := range aggFuncs {
		if g == f {
			return n
		}
	}
	return "?"
}

// aggKeys types the keys of an aggregation: scalars and strings.
func (c *checker) aggKeys(a *ast.AggExpr) ([]Type, bool) {
	keys := make([]Type, len(a.Keys))
	for i, k := range a.Keys {
		keys[i] = c.rvalue(k)
		switch keys[i].Kind {
		case Invalid:
			return nil, false
		case Void, Dyn:
			c.error(k.Pos(), tag.KeyType, keys[i], "aggregation", i+1)
			return nil, false
		}
		if name, dyn := c.translatedName(k, keys[i]); dyn {
			c.error(k.Pos(), tag.KeyType, name, "aggregation", i+1)
			return nil, false
		}
		if keys[i].Kind != Int && keys[i].Kind != String && keys[i].Kind != Pointer {
			c.error(k.Pos(), tag.ProtoArgAggKey, a.Name, i+1, "scalar or string", keys[i])
			return nil, false
		}
	}
	return keys, true
}

// aggProto types the arguments of an aggregating function and checks
// them against its prototype, as dt_idcook_func does: count() takes
// none, sum() and the like one value of any type, quantize() a value and
// more, lquantize() at least three and llquantize() at least five, their
// parameters typed int32_t.
func (c *checker) aggProto(call *ast.CallExpr, fn abi.AggFunc) ([]Type, bool) {
	types := make([]Type, len(call.Args))
	for i, a := range call.Args {
		types[i] = c.expr(a)
		if types[i].Kind == Invalid {
			return nil, false
		}
	}
	need, params := 1, 0
	switch fn {
	case abi.AggCount:
		need = 0
	case abi.AggLquantize:
		need, params = 3, 2
	case abi.AggLlquantize:
		need, params = 5, 4
	}
	n := len(types)
	variadic := fn == abi.AggQuantize || params > 0
	if n < need || !variadic && n != need {
		c.error(call.Fun.At, tag.ProtoLen, call.Fun.Name, n, plural(n), need)
		return nil, false
	}
	for i := 1; i <= params; i++ {
		if types[i].Kind != Int {
			c.error(call.Args[i].Pos(), tag.ProtoArg, call.Fun.Name, i+1, "int32_t", types[i])
			return nil, false
		}
	}
	return types, true
}

// aggIncr checks the optional increment that follows a quantization's
// value and parameters, and that nothing follows it.
func (c *checker) aggIncr(call *ast.CallExpr, fn abi.AggFunc, types []Type) {
	at := map[abi.AggFunc]int{abi.AggQuantize: 1, abi.AggLquantize: 4, abi.AggLlquantize: 5}[fn]
	if at == 0 || len(types) <= at {
		return
	}
	if !types[at].IsScalar() {
		c.error(call.Args[at].Pos(), tag.ProtoArgIncr, call.Fun.Name, at+1)
		return
	}
	if n := len(types); n > at+1 {
		c.error(call.Args[at+1].Pos(), tag.ProtoLenMax, call.Fun.Name, n, at+1)
	}
}

// lquantize checks lquantize()'s base, limit and step, which must be
// constants giving between 1 and 65535 levels, and the same at every use
// of the aggregation. DTrace compares the levels each use yields, so
// limits that round down to the same last level match.
func (c *checker) lquantize(a *ast.AggExpr, call *ast.CallExpr, agg *Agg) bool {
	args := call.Args
	base, ok := c.intConst(args[1])
	switch {
	case !ok:
		c.error(args[1].Pos(), tag.LquantBasetype)
		return false
	case base < math.MinInt32 || base > math.MaxInt32:
		c.error(args[1].Pos(), tag.LquantBaseval)
		return false
	}
	limit, ok := c.intConst(args[2])
	switch {
	case !ok:
		c.error(args[2].Pos(), tag.LquantLimtype)
		return false
	case limit < math.MinInt32 || limit > math.MaxInt32:
		c.error(args[2].Pos(), tag.LquantLimval)
		return false
	case limit <= base:
		c.error(a.At, tag.LquantMismatch)
		return false
	}
	step := int64(1)
	if len(args) > 3 {
		v, ok := c.intConst(args[3])
		switch {
		case !ok || v == 0 || v < 0 && c.info.Types[args[3]].Signed:
			c.error(args[3].Pos(), tag.LquantSteptype)
			return false
		case uint64(v) > math.MaxUint16:
			c.error(args[3].Pos(), tag.LquantStepval)
			return false
		}
		step = v
	}
	levels := (limit - base) / step
	switch {
	case levels == 0:
		c.error(a.At, tag.LquantSteplarge)
		return false
	case levels > math.MaxUint16:
		c.error(a.At, tag.LquantStepsmall)
		return false
	}
	if !agg.hasParams {
		agg.Base, agg.Limit, agg.Step, agg.hasParams = base, limit, step, true
		return true
	}
	olevels := (agg.Limit - agg.Base) / agg.Step
	switch {
	case base != agg.Base:
		c.error(a.At, tag.LquantMatchbase, agg.Base, base)
	case levels*step != olevels*agg.Step:
		c.error(a.At, tag.LquantMatchlim, agg.Base+olevels*agg.Step, base+levels*step)
	case step != agg.Step:
		c.error(a.At, tag.LquantMatchstep, agg.Step, step)
	default:
		return true
	}
	return false
}

// llquantize checks llquantize()'s factor, magnitudes and steps as
// Oracle's DTrace does (dt_cg_agg_llquantize()), not illumos: the factor
// from 2 to 65535; magnitudes that are 16-bit, the high one at least the
// low one (so one magnitude will do) and small enough that
// Factor^(High+1) fits 64 bits; steps that divide the factor when fewer,
// or else are a multiple of it that divides Factor^(Low+1) (Factor^2 when
// Low is 0), so that every bucket bound is an integer. Every use of the
// aggregation must give the same parameters. The tags and wordings are
// Oracle's.
func (c *checker) llquantize(a *ast.AggExpr, call *ast.CallExpr, agg *Agg) bool {
	args := call.Args
	factor, ok := c.intConst(args[1])
	switch {
	case !ok:
		c.error(args[1].Pos(), tag.LlquantFactortype)
		return false
	case uint64(factor) > math.MaxUint16 || uint64(factor) < 2:
		c.error(args[1].Pos(), tag.LlquantFactorval)
		return false
	}
	lmag, ok := c.intConst(args[2])
	switch {
	case !ok:
		c.error(args[2].Pos(), tag.LlquantLmagtype)
		return false
	case uint64(lmag) > math.MaxUint16:
		c.error(args[2].Pos(), tag.LlquantLmagval)
		return false
	}
	hmag, ok := c.intConst(args[3])
	switch {
	case !ok:
		c.error(args[3].Pos(), tag.LlquantHmagtype)
		return false
	case uint64(hmag) > math.MaxUint16:
		c.error(args[3].Pos(), tag.LlquantHmagval)
		return false
	case hmag < lmag:
		c.error(args[3].Pos(), tag.LlquantHmagvalLow)
		return false
	}
	if _, ok := format.Pow64(uint64(factor), uint64(hmag)+1); !ok {
		c.error(args[3].Pos(), tag.LlquantHmagvalOverflow)
		return false
	}
	steps, ok := c.intConst(args[4])
	switch {
	case !ok || steps == 0 || steps < 0 && c.info.Types[args[4]].Signed:
		c.error(args[4].Pos(), tag.LlquantSteptype)
		return false
	case uint64(steps) > math.MaxUint16:
		c.error(args[4].Pos(), tag.LlquantStepval)
		return false
	}
	if !c.llquantSteps(args[1].Pos(), factor, lmag, steps) {
		return false
	}
	if !agg.hasParams {
		agg.Factor, agg.Low, agg.High, agg.Nsteps, agg.hasParams = factor, lmag, hmag, steps, true
		return true
	}
	// Oracle's wordings here have "llquantize()", without the space.
	switch {
	case factor != agg.Factor:
		c.error(a.At, tag.LlquantMatchfactor, agg.Factor, factor)
	case lmag != agg.Low:
		c.error(a.At, tag.LlquantMatchlmag, agg.Low, lmag)
	case hmag != agg.High:
		c.error(a.At, tag.LlquantMatchhmag, agg.High, hmag)
	case steps != agg.Nsteps:
		c.error(a.At, tag.LlquantMatchsteps, agg.Nsteps, steps)
	default:
		return true
	}
	return false
}

// llquantSteps checks that the steps make every bucket bound of
// llquantize() an integer; DTrace reports it at the factor.
func (c *checker) llquantSteps(pos token.Pos, factor, lmag, steps int64) bool {
	switch {
	case steps < factor && factor%steps != 0:
		c.error(pos, tag.LlquantStepvalDivide)
		return false
	case steps <= factor:
		return true
	case steps%factor != 0:
		c.error(pos, tag.LlquantStepvalMultiple)
		return false
	case lmag == 0 && factor*factor%steps != 0:
		c.error(pos, tag.LlquantStepvalSquare)
		return false
	}
	if p, _ := format.Pow64(uint64(factor), uint64(lmag)+1); lmag > 0 && p%uint64(steps) != 0 {
		// Factor^(Low+1) <= Factor^(High+1) fits.
		c.error(pos, tag.LlquantStepvalPow)
		return false
	}
	return true
}

// constInt checks e and returns its value if it is an integer constant
// expression.
func (c *checker) constInt(e ast.Expr) (int64, bool) {
	c.expr(e)
	return c.intConst(e)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// Struct and array variables (globals and clause-locals) are memory the
// program owns: a member or element of one is read like kernel memory
// (its address is a map value's) and written with direct stores, which
// the verifier checks against the map's bounds. An element index is
// checked against the array's length first, so that a store can never
// land outside the variable: DTrace faults on such an access with
// "invalid address".

// isAggregate reports whether t is a struct or array type.
func isAggregate(t check.Type) bool {
	r := t.Kind
	return r == check.Struct || r == check.Array
}

// isVarMemory reports whether e names a struct or array variable, or
// memory inside one reached without going through a pointer.
func (g *gen) isVarMemory(e ast.Expr) bool {
	e = ast.Unparen(e)
	if v := g.c.info.Vars[e]; v != nil {
		return isAggregate(v.Type) && g.c.vars[v].mapName == ""
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		_, member := g.c.info.Members[e]
		return member && e.Op == token.DOT && g.isVarMemory(e.X)
	case *ast.IndexExpr:
		return g.typeOf(e.X).Kind == check.Array && g.isVarMemory(e.X)
	}
	return false
}

// varAddr leaves in R0 the address of a struct or array variable's
// storage: its place in the globals map, or in scratch memory.
func (g *gen) varAddr(e ast.Expr) {
	v, loc := g.varOf(e)
	switch {
	case loc.mapName != "":
		g.fail(e, "cannot take the address of this expression")
	case v.Kind == check.Global:
		g.emit(asm.LoadMapValue(asm.R0, 0, uint32(loc.off)).WithReference(spec.MapGlobals))
	default:
		g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(loc.off)))
	}
}

// boundIndex faults unless the index in R0 is within an array of n
// elements; the fault's value is the index.
func (g *gen) boundIndex(n int) {
	ok := g.newLabel()
	g.emit(asm.JLT.Imm(asm.R0, int32(n), ok), asm.StoreMem(asm.R10, stackKey, asm.R0, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(ok)
}

// storeMem stores R0, a value of type t, into the variable memory x
// names, leaving the value in R0.
func (g *gen) storeMem(x ast.Expr, t check.Type) {
	if s, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && g.c.info.Members[s].BitSize > 0 {
		g.fail(x, "assignment to a bit-field of a variable is not supported yet")
		return
	}
	if !g.isVarMemory(x) {
		g.fail(x, "cannot store to kernel memory")
		return
	}
	g.normalize(asm.R0, t)
	g.push()
	g.addr(x)
	g.pop(asm.R1)
	g.emit(asm.StoreMem(asm.R0, 0, asm.R1, sizeOf(t.Size)), asm.Mov.Reg(asm.R0, asm.R1))
}

// copyVar assigns a whole struct or array: x = y copies y's bytes,
// from a variable or from kernel memory, into the variable x.
func (g *gen) copyVar(x, y ast.Expr, t check.Type) {
	if !g.isVarMemory(x) {
		// A thread-local or associative array element: dynamic
		// variables hold only scalars and strings so far.
		g.fail(x, "values of type %s cannot be used here yet", t)
		return
	}
	g.addr(y)
	g.push()
	g.addr(x)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	g.read(func() {}, t.Size, g.userland(y), false)
}

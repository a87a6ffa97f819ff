package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// copyin(addr, size) copies size bytes of user memory into alloca()
// memory, as Oracle DTrace does, and returns a pointer to the copy,
// valid for the rest of the clause, through which the program may also
// store. More than the memory holds faults with "out of scratch space".
func (g *gen) copyin(e *ast.CallExpr) {
	if !g.allocaConstSize(e, e.Args[1]) {
		return
	}
	g.expr(e.Args[1])
	size := g.push()
	g.expr(e.Args[0])
	src := g.push()
	g.emit(asm.LoadMem(asm.R8, asm.R10, size, asm.DWord))
	g.allocate()
	g.emit(asm.StoreMem(asm.R10, size, asm.R0, asm.DWord)) // the result
	g.allocaPointer()
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Reg(asm.R2, asm.R8),
		asm.LoadMem(asm.R3, asm.R10, src, asm.DWord),
		asm.FnProbeReadUser.Call(),
	)
	ok := g.newLabel()
	g.emit(
		asm.JSGE.Imm(asm.R0, 0, ok),
		asm.LoadMem(asm.R1, asm.R10, src, asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R1, asm.DWord),
	)
	g.raiseWith(faultBadAddr)
	g.mark(ok)
	g.pop(asm.R1)
	g.pop(asm.R0)
}

// copyUser copies R2 bytes from the user address in R8 to scratch offset
// buf with fn, faulting on a bad address, and points R0 at the copy.
func (g *gen) copyUser(buf int, fn asm.BuiltinFunc) {
	g.emit(
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.Mov.Reg(asm.R3, asm.R8),
		fn.Call(),
	)
	ok := g.newLabel()
	g.emit(asm.JSGE.Imm(asm.R0, 0, ok), asm.StoreMem(asm.R10, stackKey, asm.R8, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(ok)
	g.result(buf)
}

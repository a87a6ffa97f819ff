package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// copyinMax bounds the scratch buffer of one copyin(): the clause's
// temporaries hold it, and the verifier needs the copy's size bounded.
// A larger copy faults with "out of scratch space", as DTrace's copyin
// does when its scratch memory runs out.
const copyinMax = 2048

// copyin(addr, size) copies size bytes of user memory into the clause's
// scratch space and returns a pointer to the copy, valid for the rest of
// the clause.
func (g *gen) copyin(e *ast.CallExpr) {
	n, constant := g.c.info.Consts[e.Args[1]]
	if constant && n >= 0 && n <= copyinMax {
		g.expr(e.Args[0])
		buf := g.tmp(int(n))
		g.read(func() { g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(buf))) }, int(n), true, false)
		g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(buf)))
		return
	}
	g.expr(e.Args[1])
	sizeSlot := g.push()
	g.expr(e.Args[0])
	buf := g.tmp(copyinMax)
	g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.LoadMem(asm.R2, asm.R10, sizeSlot, asm.DWord))
	g.temps--
	fits := g.newLabel()
	g.emit(asm.JLE.Imm(asm.R2, copyinMax, fits))
	g.raise(faultNoScratch)
	g.mark(fits)
	g.copyUser(buf, asm.FnProbeReadUser)
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

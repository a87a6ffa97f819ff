package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// alloca() memory is an area of per-CPU scratch after the clause
// temporaries, shared by every clause: each clause starts with none of
// it allocated (its function zeroes the allocated size on entry), so a
// pointer kept from an earlier clause is no longer valid for bcopy() or
// copyinto(), as in DTrace. Pointers into it are plain numbers, not the
// verifier's map-value pointers, so that they can be stored, compared
// and subtracted like any other address; copies into it compute their
// own map-value pointer from the bounds-checked offset.
//
// The area holds:
//
//	+0   the number of bytes allocated by the running clause
//	+8   the scratch base address, as a plain number
//	+16  a value on its way to becoming a plain number
//	+24  allocaSize bytes of memory, then allocaSize more that no
//	     allocation reaches: the verifier sees a copy of up to
//	     allocaSize bytes at an offset of up to allocaSize, not that
//	     the two together stay within allocaSize
const (
	allocaSize     = 2048
	allocaTop      = 0
	allocaBaseAddr = 8
	allocaLaunder  = 16
	allocaMem      = 24
	allocaAreaSize = allocaMem + 2*allocaSize
)

// allocaArea returns the scratch offset of the alloca() area and makes
// the clause start with nothing allocated.
func (g *gen) allocaArea() int {
	area := g.c.layout.extend(areaAlloca, allocaAreaSize)
	g.resetAlloca(area)
	return area
}

// resetAlloca inserts, once, the store that zeroes the allocated size
// at the start of the clause function, right after its prologue: an
// alloca() may run in the predicate, or under an if.
func (g *gen) resetAlloca(area int) {
	clr := storeImm64(regScratch, int16(area+allocaTop), 0)
	at := 0
	for i, ins := range g.insns {
		if ins.OpCode == asm.Mov.Op(asm.RegSource) && ins.Dst == regScratch && ins.Src == asm.R2 {
			at = i + 1
			break
		}
	}
	if at < len(g.insns) {
		if in := g.insns[at]; in.OpCode == clr.OpCode && in.Dst == clr.Dst && in.Offset == clr.Offset {
			return
		}
	}
	g.insns = append(g.insns[:at], append(asm.Instructions{clr}, g.insns[at:]...)...)
	if at <= g.flagsAt {
		g.flagsAt++
	}
}

// scratchAddress leaves the scratch base address in r as a plain number:
// storing a pointer and loading it back makes it one.
func (g *gen) scratchAddress(area int, r asm.Register) {
	g.emit(
		asm.StoreMem(regScratch, int16(area+allocaBaseAddr), regScratch, asm.DWord),
		asm.LoadMem(r, regScratch, int16(area+allocaBaseAddr), asm.DWord),
	)
}

// alloca(size) allocates size bytes of the clause's alloca() memory,
// 8-byte aligned, and returns their address. Allocating more than the
// area holds faults with "out of scratch space"; a constant size that
// can never fit is a compile error, as in Oracle DTrace. The memory is
// not cleared.
func (g *gen) alloca(e *ast.CallExpr) {
	if n, ok := g.constArg(e.Args[0]); ok && uint64(n) > allocaSize {
		g.failTag(e, "D_ALLOCA_SIZE", "alloca(%d) size larger than scratchsize %d", uint64(n), allocaSize)
		return
	}
	area := g.allocaArea()
	g.expr(e.Args[0])
	top := int16(area + allocaTop)
	noSpace, fits := g.newLabel(), g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.LoadMem(asm.R1, regScratch, top, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.Add.Reg(asm.R2, asm.R8),
		asm.Add.Imm(asm.R2, 7),
		asm.And.Imm(asm.R2, -8),
		// Unsigned: a negative size is too large. The size is tested
		// first, so that the sum cannot have wrapped.
		asm.JGT.Imm(asm.R8, allocaSize, noSpace),
		asm.JLE.Imm(asm.R2, allocaSize, fits),
	)
	g.mark(noSpace)
	g.raise(faultNoScratch)
	g.mark(fits)
	g.emit(asm.StoreMem(regScratch, top, asm.R2, asm.DWord))
	g.scratchAddress(area, asm.R0)
	g.emit(
		asm.Add.Imm(asm.R0, int32(area+allocaMem)),
		asm.Add.Reg(asm.R0, asm.R1),
	)
}

// constArg returns the value of an integer literal or of a constant
// expression the checker folded.
func (g *gen) constArg(e ast.Expr) (int64, bool) {
	if lit, ok := ast.Unparen(e).(*ast.IntLit); ok {
		return int64(lit.Value), true
	}
	v, ok := g.c.info.Consts[e]
	return v, ok
}

// bcopy(src, dest, size) copies size bytes of kernel memory into
// alloca() memory. The pointers are evaluated as copyout()'s are
// (action_destructive.go): an array passes its address.
func (g *gen) bcopy(e *ast.CallExpr) {
	g.pointerArg(e.Args[0])
	src := g.push()
	g.pointerArg(e.Args[1])
	dst := g.push()
	g.expr(e.Args[2])
	size := g.push()
	g.copyToAlloca(src, dst, size, asm.FnProbeReadKernel)
}

// copyinto(addr, size, dest) copies size bytes of user memory into
// alloca() memory.
func (g *gen) copyinto(e *ast.CallExpr) {
	g.expr(e.Args[0])
	src := g.push()
	g.expr(e.Args[1])
	size := g.push()
	g.pointerArg(e.Args[2])
	dst := g.push()
	g.copyToAlloca(src, dst, size, asm.FnProbeReadUser)
}

// copyToAlloca copies the size (stack slot) bytes at src with fn to
// dst, which must lie, with all size bytes, in the alloca() memory the
// clause has allocated: DTrace lets these subroutines write nowhere
// else. A destination outside it faults with "invalid address" of the
// destination, a failed read with that of the source. The temporaries
// are released.
func (g *gen) copyToAlloca(src, dst, size int16, fn asm.BuiltinFunc) {
	area := g.allocaArea()
	bad, ok, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMem(asm.R8, asm.R10, size, asm.DWord),
		asm.LoadMem(asm.R1, asm.R10, dst, asm.DWord),
		asm.StoreMem(regScratch, int16(area+allocaLaunder), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, regScratch, int16(area+allocaLaunder), asm.DWord),
	)
	g.scratchAddress(area, asm.R2)
	g.emit(
		asm.Add.Imm(asm.R2, int32(area+allocaMem)),
		asm.Sub.Reg(asm.R1, asm.R2), // the offset into the memory
		asm.LoadMem(asm.R3, regScratch, int16(area+allocaTop), asm.DWord),
		// Unsigned comparisons: a destination below the memory, or
		// a negative size, is a huge number.
		asm.JGT.Imm(asm.R8, allocaSize, bad),
		asm.JGT.Reg(asm.R1, asm.R3, bad),
		asm.Mov.Reg(asm.R4, asm.R1),
		asm.Add.Reg(asm.R4, asm.R8),
		asm.JGT.Reg(asm.R4, asm.R3, bad),
		// Always true here; it tells the verifier the offset's bound.
		asm.JLE.Imm(asm.R1, allocaSize, ok),
	)
	g.mark(bad)
	g.emit(
		asm.LoadMem(asm.R1, regScratch, int16(area+allocaLaunder), asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R1, asm.DWord),
	)
	g.raiseWith(faultBadAddr)
	g.mark(ok)
	g.emit(
		asm.Mov.Reg(asm.R0, regScratch),
		asm.Add.Imm(asm.R0, int32(area+allocaMem)),
		asm.Add.Reg(asm.R0, asm.R1),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Reg(asm.R2, asm.R8),
		asm.LoadMem(asm.R3, asm.R10, src, asm.DWord),
		fn.Call(),
		asm.JSGE.Imm(asm.R0, 0, done),
		asm.LoadMem(asm.R1, asm.R10, src, asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R1, asm.DWord),
	)
	g.raiseWith(faultBadAddr)
	g.mark(done)
	g.temps -= 3
}

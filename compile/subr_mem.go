package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// alloca() memory is an area of per-CPU scratch after the clause
// temporaries, shared by every clause: each clause starts with none of
// it allocated (its function zeroes the allocated size on entry), so a
// pointer kept from an earlier clause, or an earlier firing, is no
// longer valid, as in Oracle DTrace. Its size is the scratchsize option
// (rounded up to 8). copyin() allocates its copy there too.
//
// D code may load and store through pointers into it: the checker marks
// those accesses (check.Info.AllocaMem), and each is checked to lie
// wholly in what the clause has allocated (allocaAccess). Pointers into
// it are plain numbers, not the verifier's map-value pointers, so that
// they can be stored, compared and subtracted like any other address;
// an access computes its own map-value pointer from the checked offset.
//
// The area holds:
//
//	+0   the number of bytes allocated by the running clause
//	+8   the scratch base address, as a plain number
//	+16  a value on its way to becoming a plain number
//	+24  the memory, then as many bytes again that no allocation
//	     reaches: the verifier sees a copy of up to the memory's size
//	     at an offset of up to that size, not that the two together
//	     stay within it
const (
	defaultScratchSize = 256 // Oracle DTrace's default scratchsize
	allocaTop          = 0
	allocaBaseAddr     = 8
	allocaLaunder      = 16
	allocaMem          = 24
)

// scratchSize is how many bytes of alloca() memory a clause may
// allocate: the scratchsize option, rounded up to 8 as Oracle DTrace
// does.
func (c *compiler) scratchSize() int {
	n := c.cfg.ScratchSize
	if n <= 0 {
		n = defaultScratchSize
	}
	return roundUp(n, 8)
}

// allocaArea returns the scratch offset of the alloca() area and makes
// the clause start with nothing allocated.
func (g *gen) allocaArea() int {
	area := g.c.layout.extend(areaAlloca, allocaMem+2*g.c.scratchSize())
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
// 8-byte aligned, and returns their address. The memory is not
// cleared.
func (g *gen) alloca(e *ast.CallExpr) {
	if !g.allocaConstSize(e, e.Args[0]) {
		return
	}
	g.expr(e.Args[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	g.allocate()
}

// allocaConstSize refuses a constant size that can never fit, as
// Oracle DTrace does at compile time.
func (g *gen) allocaConstSize(e *ast.CallExpr, size ast.Expr) bool {
	if n, ok := g.constArg(size); ok && uint64(n) > uint64(g.c.scratchSize()) {
		g.failTag(e, tag.AllocaSize, uint64(n), g.c.scratchSize())
		return false
	}
	return true
}

// allocate allocates R8 bytes of alloca() memory, faulting with "out of
// scratch space" if they do not fit, and leaves their address in R0 (a
// plain number) and their offset into the memory in R1, which the
// verifier knows to be at most the memory's size.
func (g *gen) allocate() {
	area := g.allocaArea()
	size := g.c.scratchSize()
	top := int16(area + allocaTop)
	noSpace, fits := g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMem(asm.R1, regScratch, top, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.Add.Reg(asm.R2, asm.R8),
		asm.Add.Imm(asm.R2, 7),
		asm.And.Imm(asm.R2, -8),
		// Unsigned: a negative size is too large. The size is tested
		// first, so that the sum cannot have wrapped; the old top is
		// tested for the verifier, which does not know it.
		asm.JGT.Imm(asm.R8, int32(size), noSpace),
		asm.JGT.Imm(asm.R1, int32(size), noSpace),
		asm.JLE.Imm(asm.R2, int32(size), fits),
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

// allocaAccess checks that an access of n bytes (n < 0: of R4 bytes,
// at most the memory's size) at the address in R0 lies wholly in the
// alloca() memory the clause has allocated. As in Oracle DTrace, an
// address outside it faults with "invalid address" (of the address),
// and an access running past its end with "invalid size" (of the
// size). R0 is kept; R1 is left holding the offset into the memory,
// bounded for the verifier by the memory's size less n (n < 0: by the
// memory's size).
func (g *gen) allocaAccess(n int) {
	area := g.allocaArea()
	size := g.c.scratchSize()
	badAddr, badSize, ok := g.newLabel(), g.newLabel(), g.newLabel()
	g.scratchAddress(area, asm.R1)
	g.emit(
		asm.Add.Imm(asm.R1, int32(area+allocaMem)),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.LoadMem(asm.R3, regScratch, int16(area+allocaTop), asm.DWord),
		// Unsigned: an address below the memory is a huge offset.
		asm.JGE.Reg(asm.R1, asm.R3, badAddr),
	)
	bound := size
	if n >= 0 {
		g.emit(asm.Add.Imm(asm.R2, int32(n)))
		// An access larger than the memory always faults below;
		// the verifier still needs a bound for the path it sees.
		bound = max(size-n, 0)
	} else {
		g.emit(asm.Add.Reg(asm.R2, asm.R4))
	}
	g.emit(
		asm.JGT.Reg(asm.R2, asm.R3, badSize),
		// Always true here; it tells the verifier the offset's bound.
		asm.JLE.Imm(asm.R1, int32(bound), ok),
	)
	g.mark(badAddr)
	g.emit(asm.StoreMem(asm.R10, stackKey, asm.R0, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(badSize)
	if n >= 0 {
		g.emit(storeImm64(asm.R10, stackKey, int32(n)))
	} else {
		g.emit(asm.StoreMem(asm.R10, stackKey, asm.R4, asm.DWord))
	}
	g.raiseWith(faultBadSize)
	g.mark(ok)
}

// allocaPointer turns the offset allocaAccess left in R1 into a
// map-value pointer in R0, which the program may store through.
func (g *gen) allocaPointer() {
	g.emit(
		asm.Mov.Reg(asm.R0, regScratch),
		asm.Add.Imm(asm.R0, int32(g.allocaArea()+allocaMem)),
		asm.Add.Reg(asm.R0, asm.R1),
	)
}

// memAddr leaves in R0 the address of the n bytes that e names, to
// read them: an object in alloca() memory is checked first.
func (g *gen) memAddr(e ast.Expr, n int) {
	g.addr(e)
	if g.c.info.AllocaMem[ast.Unparen(e)] || g.c.info.AllocaMem[e] {
		g.allocaAccess(n)
	}
}

// allocaStore stores R0, a value of type t, into the object in alloca()
// memory that x names, leaving the value in R0. A string is copied
// whole.
func (g *gen) allocaStore(x ast.Expr, t check.Type) {
	switch {
	case t.Kind == check.String:
		g.push()
		g.addr(x)
		g.allocaAccess(t.Size)
		g.allocaPointer()
		g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, int32(t.Size)))
		g.pop(asm.R3)
		g.emit(asm.Mov.Reg(asm.R8, asm.R3), asm.FnProbeReadKernel.Call(), asm.Mov.Reg(asm.R0, asm.R8))
	case (t.Kind == check.Int || t.Kind == check.Pointer) && t.Size <= 8:
		g.normalize(asm.R0, t)
		g.push()
		g.addr(x)
		g.allocaAccess(t.Size)
		g.allocaPointer()
		g.pop(asm.R1)
		g.emit(asm.StoreMem(asm.R0, 0, asm.R1, sizeOf(t.Size)), asm.Mov.Reg(asm.R0, asm.R1))
	default:
		g.failTag(x, tag.UnsupportedAllocaValue, t)
	}
}

// allocaTarget finds, once, the object in alloca() memory x names for a
// compound assignment or ++/-- to read and then write, and keeps its
// map-value pointer in a new temporary, whose stack offset it returns.
func (g *gen) allocaTarget(x ast.Expr) int16 {
	t := g.typeOf(x)
	if t.Kind != check.Int && t.Kind != check.Pointer || t.Size > 8 {
		g.failTag(x, tag.UnsupportedAllocaValue, t)
	}
	g.addr(x)
	g.allocaAccess(t.Size)
	g.allocaPointer()
	return g.push()
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
	g.copyToAlloca(src, dst, size, asm.FnProbeReadKernel, g.c.info.AllocaPtrs[e.Args[0]])
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
	g.copyToAlloca(src, dst, size, asm.FnProbeReadUser, false)
}

// copyToAlloca copies the size (stack slot) bytes at src with fn to
// dst, which must lie, with all size bytes, in the alloca() memory the
// clause has allocated: DTrace lets these subroutines write nowhere
// else. As in Oracle DTrace, a negative size or one larger than the
// memory faults with "invalid size"; a source in alloca() memory is
// checked as the destination is; a failed read faults with "invalid
// address" of the source. The temporaries are released.
func (g *gen) copyToAlloca(src, dst, size int16, fn asm.BuiltinFunc, srcAlloca bool) {
	badSize, done := g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMem(asm.R4, asm.R10, size, asm.DWord),
		asm.JGT.Imm(asm.R4, int32(g.c.scratchSize()), badSize),
	)
	if srcAlloca {
		g.emit(asm.LoadMem(asm.R0, asm.R10, src, asm.DWord))
		g.allocaAccess(-1)
		g.emit(asm.LoadMem(asm.R4, asm.R10, size, asm.DWord))
	}
	g.emit(asm.LoadMem(asm.R0, asm.R10, dst, asm.DWord))
	g.allocaAccess(-1)
	g.allocaPointer()
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R2, asm.R10, size, asm.DWord),
		// Again, for the verifier, which has forgotten the bound.
		asm.JGT.Imm(asm.R2, int32(g.c.scratchSize()), badSize),
		asm.LoadMem(asm.R3, asm.R10, src, asm.DWord),
		fn.Call(),
		asm.JSGE.Imm(asm.R0, 0, done),
		asm.LoadMem(asm.R1, asm.R10, src, asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R1, asm.DWord),
	)
	g.raiseWith(faultBadAddr)
	g.mark(badSize)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, size, asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R1, asm.DWord),
	)
	g.raiseWith(faultBadSize)
	g.mark(done)
	g.temps -= 3
}

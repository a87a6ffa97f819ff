package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
)

// String subroutines, with the semantics of DTrace's dtrace_dif_subr().
// Every string result is a new buffer of the result type's size (strsize)
// in the clause's scratch temporaries, zeroed before anything is written
// into it, so that it is NUL-padded as comparisons and map keys require.
//
// The verifier walks every iteration of every loop, and these habits keep
// its work linear in the sizes of the buffers:
//
//   - Loops count towards a constant bound, checked before each indexed
//     load or store. That proves termination and bounds every offset.
//   - A value that a loop leaves behind when it stops early (a length, a
//     position) is a different constant on each way out, and the verifier
//     would go through the rest of the clause once for each constant. Such
//     a value is passed through scratch memory (forget), whose contents
//     the verifier does not track: every way out then continues with the
//     same unknown value, and the verifier prunes them as one. Where an
//     offset must be bounded, a check against the buffer's size (never
//     failing at run time) gives the bound back.
//   - The verifier follows the fall-through side of a conditional jump
//     first and keeps the other side pending until everything after the
//     fall-through is done; it refuses a program with more than 8192
//     pending. So a loop jumps back to go on and falls through to leave
//     (stay, below), and decisions inside a loop body are made without
//     jumps (arithmetic or a table in rodata) where they can be.

// Fault kinds the string subroutines raise, numbered as DTrace's.
const (
	faultIllOp     = spec.FaultIllOp     // lltostr() or strtoll() with a bad base
	faultNoScratch = spec.FaultNoScratch // alloca() or a copy that does not fit
	faultBadSize   = spec.FaultBadSize   // an alloca() memory access past its end
)

// evalArgs evaluates a call's arguments left to right, each into a stack
// temporary, and returns their slots; freeArgs releases them. Arguments
// wait on the stack because evaluating the next one may call helpers.
func (g *gen) evalArgs(args []ast.Expr) []int16 {
	slots := make([]int16, len(args))
	for i, a := range args {
		g.expr(a)
		slots[i] = g.push()
	}
	return slots
}

func (g *gen) freeArgs(slots []int16) { g.temps -= len(slots) }

func (g *gen) loadSlot(r asm.Register, slot int16) {
	g.emit(asm.LoadMem(r, asm.R10, slot, asm.DWord))
}

// newString allocates a string buffer of size bytes (rounded up to 8) in
// scratch, zeroes it, and returns its scratch offset.
func (g *gen) newString(size int) int {
	buf := g.tmp(size)
	g.zero(buf, size)
	return buf
}

// zero clears size bytes (rounded up to 8) at scratch offset buf.
func (g *gen) zero(buf, size int) {
	for i := 0; i < roundUp(size, 8); i += 8 {
		g.emit(storeImm64(regScratch, int16(buf+i), 0))
	}
}

// releaseTemps gives back the clause temporaries allocated after off
// (g.tmpOff when taken). A subroutine's work areas are dead once it has
// run, and a clause has only tempsSize bytes of temporaries.
func (g *gen) releaseTemps(off int) { g.tmpOff = off }

// forget passes r through the scratch slot at off, so that the verifier
// knows nothing of its value afterwards (see the top of this file).
func (g *gen) forget(r asm.Register, off int) {
	g.emit(
		asm.StoreMem(regScratch, int16(off), r, asm.DWord),
		asm.LoadMem(r, regScratch, int16(off), asm.DWord),
	)
}

// stay goes on to the next instruction if the condition of the jump j
// holds, and to out if not. Laid out this way, the verifier explores the
// way out first, keeping only the way on pending.
func (g *gen) stay(j asm.Instruction, out string) {
	on := g.newLabel()
	g.emit(j.WithReference(on), asm.Ja.Label(out))
	g.mark(on)
}

// length sets r to the length of the string at p, a buffer of n bytes,
// and leaves it forgotten, also in the scratch slot it returns. It uses t.
// As in DTrace, the length is at most strsize (see strBound).
func (g *gen) length(r, p, t asm.Register, n int) int {
	n = g.strBound(n)
	loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(r, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(r, 1))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(r, int32(n), done),
		asm.Mov.Reg(t, p),
		asm.Add.Reg(t, r),
		asm.LoadMem(t, t, 0, asm.Byte),
		asm.JNE.Imm(t, 0, next),
	)
	g.mark(done)
	slot := g.tmp(8)
	g.forget(r, slot)
	return slot
}

// copyOut copies bytes of the string at p, a buffer of n bytes, into the
// zeroed buffer at scratch offset dst: from offset k (a forgotten value,
// bounded here) up to offset end, stopping at a NUL and after max bytes.
// It advances k and uses R0, R1 and R2, which p, k and end must not be.
func (g *gen) copyOut(p, k, end asm.Register, n, dst, max int) {
	loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1), asm.Add.Imm(k, 1))
	g.loopHead(loop)
	g.emit(asm.JGE.Imm(asm.R0, int32(max), done))
	g.stay(asm.JLT.Imm(k, int32(n), ""), done)
	g.stay(asm.JLT.Reg(k, end, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R1, p),
		asm.Add.Reg(asm.R1, k),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.StoreMem(asm.R2, int16(dst), asm.R1, asm.Byte),
		asm.Ja.Label(next),
	)
	g.mark(done)
}

// table points r at a 256-byte table in rodata, indexed by a byte.
func (g *gen) table(r asm.Register, t *[256]byte) {
	off := g.c.literal(string(t[:]), len(t))
	g.emit(asm.LoadMapValue(r, 0, uint32(off)).WithReference(spec.MapRodata))
}

// result points R0 at the string buffer at scratch offset buf.
func (g *gen) result(buf int) {
	g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(buf)))
}

// strjoin(a, b) concatenates two strings, cut at strsize characters as
// in Oracle DTrace (illumos faults with "out of scratch space" instead).
func (g *gen) strjoin(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	na, nb := roundUp(g.typeOf(e.Args[0]).Size, 8), roundUp(g.typeOf(e.Args[1]).Size, 8)
	slots := g.evalArgs(e.Args)
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	g.loadSlot(asm.R8, slots[0])
	g.loadSlot(asm.R9, slots[1])
	g.freeArgs(slots)
	end := g.newLabel()
	// join copies the string at p (n bytes), indexed by R3, to the
	// result at offset R0, stopping at the result's last character.
	join := func(p asm.Register, n int) {
		loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
		g.emit(asm.Mov.Imm(asm.R3, 0), asm.Ja.Label(loop))
		g.mark(next)
		g.emit(asm.Add.Imm(asm.R3, 1), asm.Add.Imm(asm.R0, 1))
		g.loopHead(loop)
		g.emit(
			asm.JGE.Imm(asm.R3, int32(n), done),
			asm.Mov.Reg(asm.R1, p),
			asm.Add.Reg(asm.R1, asm.R3),
			asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
		)
		g.stay(asm.JNE.Imm(asm.R1, 0, ""), done)
		g.stay(asm.JLT.Imm(asm.R0, int32(size-1), ""), end)
		g.emit(
			asm.Mov.Reg(asm.R2, regScratch),
			asm.Add.Reg(asm.R2, asm.R0),
			asm.StoreMem(asm.R2, int16(dst), asm.R1, asm.Byte),
			asm.Ja.Label(next),
		)
		g.mark(done)
	}
	g.emit(asm.Mov.Imm(asm.R0, 0))
	join(asm.R8, na)
	g.forget(asm.R0, g.tmp(8))
	join(asm.R9, nb)
	g.mark(end)
	g.result(dst)
}

// substr(s, index [, length]) is the part of s from index, of at most
// length bytes (to the end without it). DTrace's rules, from Perl: a
// negative index counts from the end of s, and a part of the window it
// gives that lies before the start is cut off; a negative length leaves
// that many bytes off the end; an index at or past the end is "".
func (g *gen) substr(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	slots := g.evalArgs(e.Args)
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	g.loadSlot(asm.R8, slots[0])
	g.loadSlot(asm.R3, slots[1])
	if len(slots) > 2 {
		g.loadSlot(asm.R4, slots[2])
	} else {
		g.emit(loadImm(asm.R4, int64(g.c.cfg.StrSize)))
	}
	g.freeArgs(slots)
	g.length(asm.R5, asm.R8, asm.R1, n)
	// R3 is the index, R4 the length, R5 the length of s.
	idxOK, remPos, cp, empty := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.JSGE.Imm(asm.R3, 0, idxOK),
		asm.Add.Reg(asm.R3, asm.R5),
		asm.JSGE.Imm(asm.R3, 0, idxOK),
		asm.Mov.Reg(asm.R0, asm.R3),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.JSLE.Imm(asm.R0, 0, idxOK),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.Mov.Imm(asm.R3, 0),
	)
	g.mark(idxOK)
	g.emit(
		asm.JGE.Reg(asm.R3, asm.R5, empty), // unsigned: a negative index too
		asm.JSGE.Imm(asm.R4, 0, remPos),
		asm.Add.Reg(asm.R4, asm.R5),
		asm.Sub.Reg(asm.R4, asm.R3),
		asm.Ja.Label(cp),
	)
	g.mark(remPos)
	g.emit(
		asm.Mov.Reg(asm.R0, asm.R3),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.JLE.Imm(asm.R0, int32(g.c.cfg.StrSize), cp), // unsigned, as in DTrace
		loadImm(asm.R4, int64(g.c.cfg.StrSize)),
		asm.Sub.Reg(asm.R4, asm.R3),
	)
	g.mark(cp)
	// Copy R4 bytes from R3, which end at R3 + R4.
	g.emit(asm.JSLE.Imm(asm.R4, 0, empty), asm.Add.Reg(asm.R4, asm.R3))
	g.forget(asm.R3, g.tmp(8))
	g.forget(asm.R4, g.tmp(8))
	g.copyOut(asm.R8, asm.R3, asm.R4, n, dst, size-1)
	g.mark(empty)
	g.result(dst)
}

// caseTables maps bytes to upper and to lower case: ASCII letters only,
// as in DTrace.
var caseTables = func() (t [2][256]byte) {
	for c := range 256 {
		t[0][c], t[1][c] = byte(c), byte(c)
		if c >= 'a' && c <= 'z' {
			t[0][c] = byte(c - 'a' + 'A')
		}
		if c >= 'A' && c <= 'Z' {
			t[1][c] = byte(c - 'A' + 'a')
		}
	}
	return t
}()

// toupper(s) and tolower(s) map each byte of s through a case table.
func (g *gen) changeCase(e *ast.CallExpr, upper bool) {
	size := g.typeOf(e).Size
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	t := &caseTables[1]
	if upper {
		t = &caseTables[0]
	}
	g.expr(e.Args[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	dst := g.newString(size)
	g.table(asm.R9, t)
	loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(min(n, size-1)), done),
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R2, asm.R9),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.LoadMem(asm.R1, asm.R2, 0, asm.Byte),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.StoreMem(asm.R2, int16(dst), asm.R1, asm.Byte),
		asm.Ja.Label(next),
	)
	g.mark(done)
	g.result(dst)
}

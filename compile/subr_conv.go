package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
)

// Conversions between integers and strings.

// numBase loads the optional base argument into r, or 10 without one. As
// in DTrace, the base is an int (the low 32 bits), and one outside
// [2, 36] is an illegal operation.
func (g *gen) numBase(r asm.Register, slots []int16, i int) {
	if len(slots) <= i {
		g.emit(asm.Mov.Imm(r, 10))
		return
	}
	ok, bad := g.newLabel(), g.newLabel()
	g.loadSlot(r, slots[i])
	g.emit(
		asm.LSh.Imm(r, 32),
		asm.ArSh.Imm(r, 32),
		asm.JSLE.Imm(r, 1, bad),
		asm.JSLE.Imm(r, 36, ok),
	)
	g.mark(bad)
	g.raise(faultIllOp)
	g.mark(ok)
}

// lltostr(v [, base]) formats v in base 2 to 36 with lower-case digits.
// Only base 10 is signed; base 16 has a "0x" prefix and base 8 a "0"
// (so lltostr(0, 16) is "0x0"), and other bases none.
func (g *gen) lltostr(e *ast.CallExpr) {
	slots := g.evalArgs(e.Args)
	g.numBase(asm.R2, slots, 1)
	g.loadSlot(asm.R5, slots[0])
	g.freeArgs(slots)
	g.formatInt(g.typeOf(e).Size, true)
}

// stringofInt evaluates stringof(x) of an integer: x in decimal, signed
// unless its type is an unsigned 64-bit one (narrower unsigned values
// are zero-extended, so they format the same either way).
func (g *gen) stringofInt(e *ast.StringofExpr, t check.Type) {
	g.expr(e.X)
	g.emit(asm.Mov.Reg(asm.R5, asm.R0), asm.Mov.Imm(asm.R2, 10))
	g.formatInt(g.typeOf(e).Size, t.Signed || t.Size < 8)
}

// formatInt leaves in R0 a new string of size bytes holding R5 in the
// base in R2, as lltostr() writes it (with a sign only if signed). The
// digits are written backwards into a 72-byte buffer ending in NULs
// (64 binary digits at most), then copied to the front of the result.
func (g *gen) formatInt(size int, signed bool) {
	const end = 64
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	tbuf := g.newString(end + 8)
	// R1: the magnitude still to write; R3: one past the free byte.
	g.emit(asm.Mov.Reg(asm.R1, asm.R5))
	if signed {
		pos := g.newLabel()
		g.emit(
			asm.JSGE.Imm(asm.R1, 0, pos),
			asm.JNE.Imm(asm.R2, 10, pos),
			asm.Neg.Imm(asm.R1, 0),
		)
		g.mark(pos)
	}
	loop, done := g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R3, end))
	g.mark(loop)
	g.emit(asm.JLT.Imm(asm.R3, 1, done)) // never taken: bounds the loop
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R1),
		asm.Mod.Reg(asm.R4, asm.R2),
		asm.Div.Reg(asm.R1, asm.R2),
		// The digit: '0' + R4, plus 'a' - '0' - 10 if R4 > 9.
		asm.Mov.Imm(asm.R0, 9),
		asm.Sub.Reg(asm.R0, asm.R4),
		asm.RSh.Imm(asm.R0, 63),
		asm.Mul.Imm(asm.R0, 'a'-'0'-10),
		asm.Add.Reg(asm.R4, asm.R0),
		asm.Add.Imm(asm.R4, '0'),
		asm.Mov.Reg(asm.R0, regScratch),
		asm.Add.Reg(asm.R0, asm.R3),
		asm.StoreMem(asm.R0, int16(tbuf-1), asm.R4, asm.Byte),
		asm.Sub.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	g.mark(done)
	g.forget(asm.R3, g.tmp(8))
	bounded := g.newLabel()
	// Never taken: bounds R3 for the verifier.
	g.emit(asm.JLE.Imm(asm.R3, end, bounded), asm.Mov.Imm(asm.R3, end))
	g.mark(bounded)
	// The prefixes, in DTrace's order (each written before the last).
	prefix := func(c byte, when func(skip string)) {
		skip := g.newLabel()
		when(skip)
		g.emit(
			asm.JLT.Imm(asm.R3, 1, skip),
			asm.Mov.Reg(asm.R0, regScratch),
			asm.Add.Reg(asm.R0, asm.R3),
			asm.StoreImm(asm.R0, int16(tbuf-1), int64(c), asm.Byte),
			asm.Sub.Imm(asm.R3, 1),
		)
		g.mark(skip)
	}
	prefix('0', func(skip string) {
		g.emit(asm.JNE.Imm(asm.R5, 0, skip), asm.JNE.Imm(asm.R2, 16, skip))
	})
	prefix('x', func(skip string) { g.emit(asm.JNE.Imm(asm.R2, 16, skip)) })
	prefix('0', func(skip string) {
		yes := g.newLabel()
		g.emit(
			asm.JEq.Imm(asm.R5, 0, yes),
			asm.JEq.Imm(asm.R2, 8, yes),
			asm.JNE.Imm(asm.R2, 16, skip),
		)
		g.mark(yes)
	})
	if signed {
		prefix('-', func(skip string) {
			g.emit(asm.JSGE.Imm(asm.R5, 0, skip), asm.JNE.Imm(asm.R2, 10, skip))
		})
	}
	g.forget(asm.R3, g.tmp(8))
	g.emit(
		asm.Mov.Reg(asm.R8, regScratch),
		asm.Add.Imm(asm.R8, int32(tbuf)),
		asm.Mov.Imm(asm.R4, end),
	)
	g.copyOut(asm.R8, asm.R3, asm.R4, end+8, dst, size-1)
	g.result(dst)
}

// digitValues gives each byte's value as a digit (letters of either case
// are 10 to 35) for strtoll(); other bytes are worth more than any base,
// and the blanks it skips are marked apart.
var digitValues = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c >= '0' && c <= '9':
			t[c] = byte(c - '0')
		case c >= 'a' && c <= 'z':
			t[c] = byte(c - 'a' + 10)
		case c >= 'A' && c <= 'Z':
			t[c] = byte(c - 'A' + 10)
		case c == ' ' || c == '\t':
			t[c] = digitBlank
		default:
			t[c] = digitNone
		}
	}
	return t
}()

const (
	digitNone  = 99
	digitBlank = 100
)

// strtoll(s [, base]) reads an integer as DTrace does: after spaces and
// tabs, an optional sign, then (in base 16) an optional "0x" or "0X"
// when a hex digit follows it, then digits of the base (letters in
// either case) up to the first byte that is not one. Overflow wraps.
func (g *gen) strtoll(e *ast.CallExpr) {
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	slots := g.evalArgs(e.Args)
	defer g.releaseTemps(g.tmpOff)
	g.numBase(asm.R8, slots, 1)
	g.loadSlot(asm.R9, slots[0])
	g.freeArgs(slots)
	g.table(asm.R4, &digitValues)
	neg := g.tmp(8)
	g.emit(storeImm64(regScratch, int16(neg), 0), asm.Mov.Imm(asm.R3, 0))
	// load reads the byte at R9 + R1 + off into R2, or goes to out when
	// that is past s.
	load := func(off int, out string) {
		g.stay(asm.JLT.Imm(asm.R1, int32(n-off), ""), out)
		g.emit(
			asm.Mov.Reg(asm.R2, asm.R9),
			asm.Add.Reg(asm.R2, asm.R1),
			asm.LoadMem(asm.R2, asm.R2, int16(off), asm.Byte),
		)
	}
	// digit maps the byte in R2 to its value in R0.
	digit := func() {
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R4),
			asm.Add.Reg(asm.R0, asm.R2),
			asm.LoadMem(asm.R0, asm.R0, 0, asm.Byte),
		)
	}
	finish := g.newLabel()
	// R1 is the position, R3 the value.
	skip, next, blank := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R1, 0), asm.Ja.Label(skip))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R1, 1))
	g.loopHead(skip)
	load(0, blank)
	digit()
	g.emit(asm.JEq.Imm(asm.R0, digitBlank, next))
	g.mark(blank)
	g.forget(asm.R1, g.tmp(8))
	minus, plus, signed := g.newLabel(), g.newLabel(), g.newLabel()
	load(0, finish)
	g.emit(
		asm.JEq.Imm(asm.R2, '-', minus),
		asm.JEq.Imm(asm.R2, '+', plus),
		asm.Ja.Label(signed),
	)
	g.mark(minus)
	g.emit(storeImm64(regScratch, int16(neg), 1))
	g.mark(plus)
	g.emit(asm.Add.Imm(asm.R1, 1))
	g.mark(signed)
	g.forget(asm.R1, g.tmp(8))
	if len(e.Args) > 1 {
		digits := g.newLabel()
		g.emit(asm.JNE.Imm(asm.R8, 16, digits))
		load(0, digits)
		g.emit(asm.JNE.Imm(asm.R2, '0', digits))
		load(1, digits)
		g.emit(asm.Or.Imm(asm.R2, 0x20), asm.JNE.Imm(asm.R2, 'x', digits))
		load(2, digits)
		digit()
		g.emit(asm.JGE.Imm(asm.R0, 16, digits), asm.Add.Imm(asm.R1, 2))
		g.mark(digits)
		g.forget(asm.R1, g.tmp(8))
	}
	loop, more := g.newLabel(), g.newLabel()
	g.emit(asm.Ja.Label(loop))
	g.mark(more)
	g.emit(
		asm.Mul.Reg(asm.R3, asm.R8),
		asm.Add.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R1, 1),
	)
	g.loopHead(loop)
	load(0, finish)
	digit()
	g.emit(asm.JLT.Reg(asm.R0, asm.R8, more))
	g.mark(finish)
	pos := g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R0, asm.R3),
		asm.LoadMem(asm.R1, regScratch, int16(neg), asm.DWord),
		asm.JEq.Imm(asm.R1, 0, pos),
		asm.Neg.Imm(asm.R0, 0),
	)
	g.mark(pos)
}

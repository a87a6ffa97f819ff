package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/spec"
)

// A string variable can hold NULL, as in Oracle DTrace: s = NULL, or the
// result of a strchr() that found nothing. In a register NULL is the
// null string's block (nullString); in a variable's buffer it is the
// mark nullMark in the first two bytes, which no string DTrace stores
// begins with (a DEL and then the end of the string). Reading the
// variable where NULL may stand (a comparison, another variable's new
// value) turns the mark back into the null string, which compares as
// ""; anywhere else the mark faults, as using NULL as a string does.

// nullVarBlock returns the rodata offset of a string variable's buffer
// holding NULL: what an absent dynamic string variable reads as.
func (c *compiler) nullVarBlock() int {
	if c.nullVarAt == 0 {
		b := make([]byte, roundUp(c.cfg.StrSize+1, 8))
		b[0] = nullMark & 0xff
		c.nullVarAt = c.alloc(b)
	}
	return c.nullVarAt
}

// nullMark is the first two bytes, little-endian, of a variable that
// holds NULL: 0x7f then NUL.
const nullMark = 0x007f

// markNull writes the NULL mark into the string buffer at R9 if the
// string copied into it came from R8, the null string, and leaves R9 in
// R0. It uses R1.
func (g *gen) markNull() {
	done := g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R0, asm.R9),
		asm.LoadMapValue(asm.R1, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
		asm.JNE.Reg(asm.R8, asm.R1, done),
		asm.StoreImm(asm.R9, 0, nullMark, asm.Half),
	)
	g.mark(done)
}

// readNull turns R0, the address of a string variable's buffer, into the
// null string if the buffer holds the NULL mark. It uses R1.
func (g *gen) readNull() {
	done := g.newLabel()
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Half),
		asm.JNE.Imm(asm.R1, nullMark, done),
	)
	g.nullString()
	g.mark(done)
}

// faultOnNull faults with an invalid address of 0 if the string variable
// buffer at R0 holds the NULL mark, where a string is used as one. It
// uses R1. Unlike readNull and then checkNull, it leaves the verifier
// one path to follow on.
func (g *gen) faultOnNull() {
	ok := g.newLabel()
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Half),
		asm.JNE.Imm(asm.R1, nullMark, ok),
	)
	g.raise(faultBadAddr)
	g.mark(ok)
}

// isStringVar reports whether e names a D variable of type string, whose
// value may be NULL.
func (g *gen) isStringVar(e ast.Expr) bool {
	e = ast.Unparen(e)
	return g.c.info.Vars[e] != nil && g.typeOf(e).Kind == check.String && !g.isMemory(e)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// copyString copies a NUL-padded string buffer of src bytes at R8 (a
// multiple of 8) into one of dst bytes at R9, padding with NULs. The
// copy keeps at most strsize characters and what it cuts is NULs, so
// that equal strings are equal buffers: string keys are compared whole
// by the map they are looked up in. It uses R1 only.
func (g *gen) copyString(src, dst int) {
	cut := min(src, dst-1, g.c.cfg.StrSize)
	words := cut / 8 * 8
	for i := 0; i < words; i += 8 {
		g.emit(asm.LoadMem(asm.R1, asm.R8, int16(i), asm.DWord), asm.StoreMem(asm.R9, int16(i), asm.R1, asm.DWord))
	}
	i := words
	if cut > words {
		// The word holding the cut keeps its bytes before it: the low
		// ones, strings being little-endian words here.
		drop := int32(64 - 8*(cut-words))
		g.emit(
			asm.LoadMem(asm.R1, asm.R8, int16(i), asm.DWord),
			asm.LSh.Imm(asm.R1, drop),
			asm.RSh.Imm(asm.R1, drop),
			asm.StoreMem(asm.R9, int16(i), asm.R1, asm.DWord),
		)
		i += 8
	}
	for ; i+8 <= dst; i += 8 {
		g.emit(storeImm64(asm.R9, int16(i), 0))
	}
	// A buffer of a size not a multiple of 8 (a string member of a
	// struct, strsize+1 bytes) ends in single bytes.
	for ; i < dst; i++ {
		g.emit(asm.StoreImm(asm.R9, int16(i), 0, asm.Byte))
	}
}

// strBound cuts a loop bound over a string buffer of n bytes to strsize.
// A buffer is strsize+1 rounded up to 8, or a literal's own size, and can
// hold bytes past strsize; DTrace never looks at them: its strlen()
// counts, and its comparisons compare, at most strsize bytes.
func (g *gen) strBound(n int) int { return min(n, g.c.cfg.StrSize) }

// compareStrings compares the strings at R1 and R2 like strncmp bounded
// by strsize, leaving the difference of the first differing bytes (or 0)
// in R0. Both are NUL-terminated within their bounds, so comparing up to
// the smaller bound decides. The loop stays in it by jumps and leaves it
// by falling through (stay, subr_string.go), so that the verifier keeps
// one state pending per comparison rather than two per byte: a clause of
// many comparisons otherwise exceeds its 8192 pending jumps.
//
// If null, either may be the null string. As in Oracle DTrace, NULL is
// less than every string, "" included, and equal only to NULL (illumos
// compares it as "").
func (g *gen) compareStrings(x, y check.Type, null bool) {
	n := g.strBound(min(roundUp(x.Size, 8), roundUp(y.Size, 8)))
	loop, ne, eq, end := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	if null {
		xSet := g.newLabel()
		g.emit(
			asm.LoadMapValue(asm.R4, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
			asm.Mov.Imm(asm.R0, 0),
			asm.JNE.Reg(asm.R1, asm.R4, xSet),
			// x is NULL: equal to NULL, less than anything else.
			asm.JEq.Reg(asm.R2, asm.R4, end),
			asm.Mov.Imm(asm.R0, -1),
			asm.Ja.Label(end),
		)
		g.mark(xSet)
		g.emit(asm.Mov.Imm(asm.R0, 1), asm.JEq.Reg(asm.R2, asm.R4, end))
	}
	g.emit(asm.Mov.Reg(asm.R8, asm.R1), asm.Mov.Reg(asm.R9, asm.R2), asm.Mov.Imm(asm.R3, 0))
	g.mark(loop)
	g.emit(
		asm.JGE.Imm(asm.R3, int32(n), eq),
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Add.Reg(asm.R1, asm.R3),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
		asm.Mov.Reg(asm.R2, asm.R9),
		asm.Add.Reg(asm.R2, asm.R3),
		asm.LoadMem(asm.R2, asm.R2, 0, asm.Byte),
	)
	g.stay(asm.JEq.Reg(asm.R1, asm.R2, ""), ne)
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), eq)
	g.emit(
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	g.mark(ne)
	g.emit(asm.Mov.Reg(asm.R0, asm.R1), asm.Sub.Reg(asm.R0, asm.R2), asm.Ja.Label(end))
	g.mark(eq)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.mark(end)
}

// mayBeNull reports whether e, a comparison's string operand, can be
// the null string: NULL itself, a string variable, a subroutine that
// returns NULL when it finds nothing, or a ternary with such a branch.
func (g *gen) mayBeNull(e ast.Expr) bool {
	e = ast.Unparen(e)
	if st, ok := g.c.info.Strings[e]; ok {
		return g.typeOf(e).Kind == check.Int && st.Size == 1
	}
	switch x := e.(type) {
	case *ast.CondExpr:
		return g.mayBeNull(x.T) || g.mayBeNull(x.F)
	case *ast.CallExpr:
		return nullable(x)
	}
	return g.isStringVar(e)
}

// asString evaluates e, used where a string is wanted although it is
// not one (check.Info.Strings), into a string buffer of st.Size bytes: a
// char array is read from memory, the constant 0 is the null string,
// which faults unless NULL may stand there, and a pointer or integer is
// the address of the string to read.
func (g *gen) asString(e ast.Expr, st check.Type, nullOK bool) {
	t := g.c.info.Types[e]
	switch {
	case t.Kind == check.Array:
		g.charArray(e, st)
	case t.Kind == check.Int && st.Size == 1 && nullOK:
		// The checker gives the null string a one-byte bound. Where
		// NULL may stand (a comparison, a string variable's new
		// value) it is the null string itself.
		g.nullString()
	case t.Kind == check.Int && st.Size == 1:
		// Anywhere else NULL faults as an invalid address of 0, as
		// a subroutine given NULL for a string does in Oracle DTrace.
		g.nullString()
		g.checkNull()
	default:
		g.value(e)
		g.stringFrom(st.Size, t.Userland)
	}
}

// cast evaluates (T)x. An integer is converted to T's size and
// signedness; an array cast to a pointer is its address. A string cast
// of an address needs nothing more: its operand is in check.Info.Strings.
func (g *gen) cast(e *ast.CastExpr) {
	if g.typeOf(e.X).Kind == check.Array {
		g.base(e.X)
		return
	}
	g.expr(e.X)
	g.normalize(asm.R0, g.typeOf(e))
}

// stringArith computes s + i, i + s and s - i, with the operands in R1
// and R2: the string from that address on, read into a new buffer.
func (g *gen) stringArith(op token.Kind, size int) {
	if op == token.ADD {
		g.emit(asm.Add.Reg(asm.R1, asm.R2))
	} else {
		g.emit(asm.Sub.Reg(asm.R1, asm.R2))
	}
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	g.stringFrom(size, false)
}

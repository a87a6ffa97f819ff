package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/check"
)

// copyString copies a NUL-padded string buffer of src bytes at R8 into
// one of dst bytes at R9 (both multiples of 8), padding with NULs and,
// when it truncates, ending the copy with a NUL. It uses R1 only.
func (g *gen) copyString(src, dst int) {
	n := min(src, dst)
	for i := 0; i < n; i += 8 {
		g.emit(asm.LoadMem(asm.R1, asm.R8, int16(i), asm.DWord), asm.StoreMem(asm.R9, int16(i), asm.R1, asm.DWord))
	}
	for i := n; i < dst; i += 8 {
		g.emit(storeImm64(asm.R9, int16(i), 0))
	}
	if src > dst {
		g.emit(asm.StoreImm(asm.R9, int16(dst-1), 0, asm.Byte))
	}
}

// compareStrings compares the strings at R1 and R2 like strcmp, leaving
// the difference of the first differing bytes (or 0) in R0. Both are
// NUL-terminated within their bounds, so comparing up to the smaller
// bound decides.
func (g *gen) compareStrings(x, y check.Type) {
	n := min(roundUp(x.Size, 8), roundUp(y.Size, 8))
	loop, ne, eq, end := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
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
		asm.JNE.Reg(asm.R1, asm.R2, ne),
		asm.JEq.Imm(asm.R1, 0, eq),
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	g.mark(ne)
	g.emit(asm.Mov.Reg(asm.R0, asm.R1), asm.Sub.Reg(asm.R0, asm.R2), asm.Ja.Label(end))
	g.mark(eq)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.mark(end)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// basename(s) and dirname(s) split a path as DTrace does, which is the
// POSIX basename(1) and dirname(1) rule: trailing slashes do not count,
// "" is ".", a path of slashes is "/", a name without a slash has the
// directory ".", and a name just below the root has the directory "/".
//
// Scanning back from the end, with k one past the byte looked at (k = 0
// means the scan ran off the start):
//
//	k1: past the last byte that is not a slash (the end of the base name)
//	k2: past the slash before the base name (its start; 0 if none)
//	k3: past the last byte before those slashes (the end of the directory)
//
// basename is s[k2:k1]; dirname is s[:k3], or "/" when only slashes
// precede the base name, or "." when nothing does.
func (g *gen) pathPart(e *ast.CallExpr, dir bool) {
	size := g.typeOf(e).Size
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	g.expr(e.Args[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	dot, slash, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.length(asm.R3, asm.R8, asm.R1, n)
	g.emit(asm.JEq.Imm(asm.R3, 0, dot))
	g.scanBack(asm.R3, asm.R8, n, true) // k1
	g.emit(asm.JEq.Imm(asm.R3, 0, slash), asm.Mov.Reg(asm.R4, asm.R3))
	g.scanBack(asm.R3, asm.R8, n, false) // k2
	if dir {
		g.emit(asm.JEq.Imm(asm.R3, 0, dot))
		g.scanBack(asm.R3, asm.R8, n, true) // k3
		g.emit(
			asm.JEq.Imm(asm.R3, 0, slash),
			asm.Mov.Reg(asm.R4, asm.R3),
			asm.Mov.Imm(asm.R3, 0),
		)
	}
	g.copyOut(asm.R8, asm.R3, asm.R4, n, dst, size-1)
	g.emit(asm.Ja.Label(done))
	// The one-byte answers (none fit in a strsize of 1).
	g.mark(dot)
	if size > 1 {
		g.emit(asm.StoreImm(regScratch, int16(dst), '.', asm.Byte))
	}
	g.emit(asm.Ja.Label(done))
	g.mark(slash)
	if size > 1 {
		g.emit(asm.StoreImm(regScratch, int16(dst), '/', asm.Byte))
	}
	g.mark(done)
	g.result(dst)
}

// scanBack moves k (forgotten, at most n) back over the bytes of the
// string at p that are slashes (slashes true) or are not, stopping at 0,
// and leaves it forgotten. It uses R1.
func (g *gen) scanBack(k, p asm.Register, n int, slashes bool) {
	loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
	on := asm.JEq
	if !slashes {
		on = asm.JNE
	}
	g.stay(asm.JLE.Imm(k, int32(n), ""), done)
	g.emit(asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Sub.Imm(k, 1))
	g.loopHead(loop)
	g.stay(asm.JGE.Imm(k, 1, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R1, p),
		asm.Add.Reg(asm.R1, k),
		asm.LoadMem(asm.R1, asm.R1, -1, asm.Byte),
		on.Imm(asm.R1, '/', next),
	)
	g.mark(done)
	g.forget(k, g.tmp(8))
}

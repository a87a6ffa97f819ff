package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
)

// strtok(s, delims) returns the first token of s: the bytes after any
// leading delimiters up to the next delimiter, or the null string when
// only delimiters remain. strtok(NULL, delims) goes on after the token
// last returned, with delimiters that may differ. As in DTrace, the
// position is kept for the rest of the probe firing only, shared by its
// clauses like a clause-local variable: illumos saves it in the firing's
// machine state, which dtrace_probe() clears, so strtok(NULL, ...)
// before any strtok(s, ...) in a firing finds nothing. A token is cut
// at strsize - 1 bytes, and the next call goes on from where it was
// cut; the byte that ends a token is skipped by the next call as a
// leading delimiter.
//
// The state (strtokState) holds the timestamp of the firing that set it,
// the position, and a copy of s: s may be a temporary of the clause that
// called strtok(s, ...), gone by the time a later clause goes on. The
// firing's timestamp (time.go) is zeroed by the trampoline and read once
// per firing, so a state from an earlier firing never matches.
func (g *gen) strtok(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	n := roundUp(size, 8)
	nd := roundUp(g.typeOf(e.Args[1]).Size, 8)
	v, isConst := g.c.info.Consts[e.Args[0]]
	goOn := isConst && v == 0 && g.typeOf(e.Args[0]).Kind == check.Int
	state := g.strtokState(n)
	stamp, pos, text := state, state+8, state+16
	slots := g.evalArgs(e.Args)
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	null, end := g.newLabel(), g.newLabel()
	if goOn {
		g.timestamp()
		g.emit(
			asm.LoadMem(asm.R1, regScratch, int16(stamp), asm.DWord),
			asm.JNE.Reg(asm.R0, asm.R1, null),
		)
	} else {
		// Copy s, cut at strsize - 1 bytes like every string.
		ns := roundUp(g.typeOf(e.Args[0]).Size, 8)
		g.loadSlot(asm.R8, slots[0])
		for i := 0; i < n; i += 8 {
			if i < ns {
				g.emit(
					asm.LoadMem(asm.R1, asm.R8, int16(i), asm.DWord),
					asm.StoreMem(regScratch, int16(text+i), asm.R1, asm.DWord),
				)
			} else {
				g.emit(storeImm64(regScratch, int16(text+i), 0))
			}
		}
		for i := size - 1; i < n+8; i++ {
			g.emit(asm.StoreImm(regScratch, int16(text+i), 0, asm.Byte))
		}
		g.timestamp()
		g.emit(
			asm.StoreMem(regScratch, int16(stamp), asm.R0, asm.DWord),
			storeImm64(regScratch, int16(pos), 0),
		)
	}
	// The delimiters: a byte-indexed table, 1 for each delimiter (never
	// for the NUL, which ends s instead).
	tab := g.newString(256)
	g.loadSlot(asm.R9, slots[1])
	g.freeArgs(slots)
	loop, next, filled := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(min(nd, size)), filled),
		asm.Mov.Reg(asm.R1, asm.R9),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), filled)
	g.emit(
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.StoreImm(asm.R2, int16(tab), 1, asm.Byte),
		asm.Ja.Label(next),
	)
	g.mark(filled)
	// delim loads the byte of the copy at R3 into R1, leaving the way
	// on if it is a delimiter (delim true) or a byte of a token, and
	// going to out at the NUL or a byte of the other kind.
	delim := func(isDelim bool, nul, out string) {
		g.emit(
			asm.Mov.Reg(asm.R1, regScratch),
			asm.Add.Reg(asm.R1, asm.R3),
			asm.LoadMem(asm.R1, asm.R1, int16(text), asm.Byte),
		)
		g.stay(asm.JNE.Imm(asm.R1, 0, ""), nul)
		g.emit(
			asm.Mov.Reg(asm.R2, regScratch),
			asm.Add.Reg(asm.R2, asm.R1),
			asm.LoadMem(asm.R2, asm.R2, int16(tab), asm.Byte),
		)
		if isDelim {
			g.stay(asm.JNE.Imm(asm.R2, 0, ""), out)
		} else {
			g.stay(asm.JEq.Imm(asm.R2, 0, ""), out)
		}
	}
	// R3 is the position in the copy: past the leading delimiters.
	skip, skipped, found := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.LoadMem(asm.R3, regScratch, int16(pos), asm.DWord))
	g.emit(asm.Ja.Label(skip))
	g.mark(skipped)
	g.emit(asm.Add.Imm(asm.R3, 1))
	g.loopHead(skip)
	g.stay(asm.JLT.Imm(asm.R3, int32(n), ""), null)
	delim(true, null, found)
	g.emit(asm.Ja.Label(skipped))
	g.mark(found)
	g.forget(asm.R3, g.tmp(8))
	// Copy the token; R0 counts its bytes.
	copyLoop, copied, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(copyLoop))
	g.mark(copied)
	g.emit(asm.Add.Imm(asm.R0, 1), asm.Add.Imm(asm.R3, 1))
	g.loopHead(copyLoop)
	g.emit(asm.JGE.Imm(asm.R0, int32(size-1), done))
	g.stay(asm.JLT.Imm(asm.R3, int32(n), ""), done)
	delim(false, done, done)
	g.emit(
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.StoreMem(asm.R2, int16(dst), asm.R1, asm.Byte),
		asm.Ja.Label(copied),
	)
	g.mark(done)
	g.emit(asm.StoreMem(regScratch, int16(pos), asm.R3, asm.DWord))
	g.result(dst)
	g.emit(asm.Ja.Label(end))
	// Nothing left: later calls find nothing either.
	g.mark(null)
	g.emit(loadImm(asm.R1, int64(n)), asm.StoreMem(regScratch, int16(pos), asm.R1, asm.DWord))
	g.nullString()
	g.mark(end)
}

// strtokState returns the scratch offset of strtok()'s saved state: 8
// bytes of firing timestamp, 8 of position, and a copy of n bytes
// (strsize rounded up) followed by 8 NULs.
func (g *gen) strtokState(n int) int {
	return g.c.layout.extend(areaStrtok, 16+n+8)
}

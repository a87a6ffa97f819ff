package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// cleanpath(path) makes a path lexically clean, as Oracle DTrace does:
// the result is Go's path.Clean of the path, except that "" stays "".
// Repeated "/", "." components and a trailing "/" go, "name/.." goes
// with its name, a ".." that has no name before it to take back stays in
// a relative path ("../a/../.." is "../..") and goes in a rooted one
// ("/.." is "/"), and what is left empty is "." (or "/" if rooted).
//
// A state machine reads each byte of the path once, with tables in
// rodata saying, for the state and the kind of byte, what to do
// (cleanpathSteps). It builds the result with a "/" before every
// component, as if a relative path began with a "/" too, and the "/" is
// dropped at the end. Every step writes four bytes at the write position
// j, without a branch: the pending "/", "/." or "/.." and the byte, as
// many of them as it advances over, and what was there before in the
// others. Undoing a "/.." needs the position of the last "/" before j: a
// second array keeps it for every position, updated as bytes are
// written, so going back is one load instead of a loop. A "/.." with
// nothing after the last ".." kept to take back (j is at that barrier)
// is written instead in a relative path and moves the barrier, and is
// dropped in a rooted one.
func (g *gen) cleanpath(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	ns := roundUp(g.typeOf(e.Args[0]).Size, 8)
	g.expr(e.Args[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	work := g.newString(size + 8)       // read before written: must start zeroed
	last := g.newString(2 * (size + 8)) // a uint16 per position
	stSlot, jSlot, stepSlot, cSlot := g.tmp(8), g.tmp(8), g.tmp(8), g.tmp(8)
	rootSlot, emptySlot, barSlot := g.tmp(8), g.tmp(8), g.tmp(8)
	g.emit(
		storeImm64(regScratch, int16(stSlot), cleanSlash),
		storeImm64(regScratch, int16(jSlot), 0),
		storeImm64(regScratch, int16(barSlot), 0),
	)
	// Whether the path is rooted, and whether it is empty.
	g.emit(
		asm.LoadMem(asm.R0, asm.R8, 0, asm.Byte),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Xor.Imm(asm.R1, '/'),
		asm.Sub.Imm(asm.R1, 1),
		asm.RSh.Imm(asm.R1, 63),
		asm.StoreMem(regScratch, int16(rootSlot), asm.R1, asm.DWord),
		asm.Sub.Imm(asm.R0, 1),
		asm.RSh.Imm(asm.R0, 63),
		asm.StoreMem(regScratch, int16(emptySlot), asm.R0, asm.DWord),
	)
	out := g.newLabel()
	// R5 is the position in path; each step starts with the state and
	// j in their slots. DTrace reads at most strsize bytes, then NULs.
	m := min(ns, size)
	loop, next, nul := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R5, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R5, 1))
	g.loopHead(loop)
	g.stay(asm.JLE.Imm(asm.R5, int32(m), ""), out)
	g.emit(
		asm.Mov.Imm(asm.R0, 0),
		asm.JGE.Imm(asm.R5, int32(m), nul),
		asm.Mov.Reg(asm.R0, asm.R8),
		asm.Add.Reg(asm.R0, asm.R5),
		asm.LoadMem(asm.R0, asm.R0, 0, asm.Byte),
	)
	g.mark(nul)
	g.emit(asm.StoreMem(regScratch, int16(cSlot), asm.R0, asm.DWord))
	g.table(asm.R9, &cleanpathClasses)
	// R2 is the step for the state and the byte's class.
	g.table(asm.R3, &cleanpathSteps)
	g.emit(
		asm.Add.Reg(asm.R0, asm.R9),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Byte),
		asm.And.Imm(asm.R1, 3),
		asm.LoadMem(asm.R2, regScratch, int16(stSlot), asm.DWord),
		asm.And.Imm(asm.R2, 3),
		asm.LSh.Imm(asm.R2, 2),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.LSh.Imm(asm.R2, 3),
		asm.Add.Reg(asm.R2, asm.R3),
		asm.LoadMem(asm.R2, asm.R2, 0, asm.DWord),
		asm.StoreMem(regScratch, int16(stepSlot), asm.R2, asm.DWord),
		asm.LoadMem(asm.R4, regScratch, int16(jSlot), asm.DWord),
	)
	// A "/.." at the barrier (j, after the last ".." kept or at the
	// start) has nothing to take back: it is written, 3 bytes, and moves
	// the barrier past it in a relative path, and dropped in a rooted one.
	kept := g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.RSh.Imm(asm.R1, stepBack),
		asm.And.Imm(asm.R1, 3),
		asm.JEq.Imm(asm.R1, 0, kept),
		asm.LoadMem(asm.R3, regScratch, int16(barSlot), asm.DWord),
		asm.JGT.Reg(asm.R4, asm.R3, kept),
		asm.And.Imm(asm.R2, ^int32(3<<stepBack|0xff)),
		asm.LoadMem(asm.R1, regScratch, int16(rootSlot), asm.DWord),
		asm.And.Imm(asm.R1, 1),
		asm.Xor.Imm(asm.R1, 1),
		asm.Mul.Imm(asm.R1, 3),
		asm.Or.Reg(asm.R2, asm.R1),
		asm.StoreMem(regScratch, int16(stepSlot), asm.R2, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R4),
		asm.StoreMem(regScratch, int16(barSlot), asm.R1, asm.DWord),
	)
	g.mark(kept)
	// R4 is j, at most one more than the bytes read. Going back (back
	// 1): j = last[j].
	g.stay(asm.JLE.Imm(asm.R4, int32(size+1), ""), out) // bounds j
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R4),
		asm.LSh.Imm(asm.R3, 1),
		asm.Add.Reg(asm.R3, regScratch),
		asm.LoadMem(asm.R3, asm.R3, int16(last), asm.Half),
		asm.Sub.Reg(asm.R3, asm.R4),
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.RSh.Imm(asm.R1, stepBack),
		asm.And.Imm(asm.R1, 3),
		asm.Mov.Reg(asm.R0, asm.R1),
		asm.Add.Imm(asm.R0, 1),
		asm.RSh.Imm(asm.R0, 1),
		asm.Mul.Reg(asm.R3, asm.R0),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.RSh.Imm(asm.R1, 1),
		asm.Add.Reg(asm.R4, asm.R1),
		asm.StoreMem(regScratch, int16(jSlot), asm.R4, asm.DWord),
	)
	g.stay(asm.JLE.Imm(asm.R4, int32(size+1), ""), out) // bounds j
	// R0 is the word to write: the state's pending prefix, then the
	// byte.
	g.table(asm.R1, &cleanpathSteps)
	g.emit(
		asm.LoadMem(asm.R3, regScratch, int16(stSlot), asm.DWord),
		asm.And.Imm(asm.R3, 3),
		asm.Mov.Reg(asm.R2, asm.R3),
		asm.LSh.Imm(asm.R2, 3),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.LoadMem(asm.R1, asm.R1, cleanpathPrefixes, asm.DWord),
		asm.LoadMem(asm.R0, regScratch, int16(cSlot), asm.DWord),
		asm.LSh.Imm(asm.R3, 3),
		asm.LSh.Reg(asm.R0, asm.R3),
		asm.Or.Reg(asm.R0, asm.R1),
	)
	// Of its four bytes, those advanced over go to j..; the others keep
	// what was written there before, which a "/.." at the end can take
	// back. R9 masks the bytes advanced over.
	g.emit(
		asm.LoadMem(asm.R1, regScratch, int16(stepSlot), asm.DWord),
		asm.And.Imm(asm.R1, 7),
		asm.LSh.Imm(asm.R1, 3),
		asm.Mov.Imm(asm.R9, 1),
		asm.LSh.Reg(asm.R9, asm.R1),
		asm.Sub.Imm(asm.R9, 1),
		asm.And.Reg(asm.R0, asm.R9),
	)
	// last[j+1..j+4] follow: R2 is the position p, R1 the byte, then
	// whether it is "/"; last[p+1] is last[p] + (p - last[p]) * slash.
	g.emit(asm.Mov.Reg(asm.R2, asm.R4))
	for t := 0; t < 4; t++ {
		g.emit(
			asm.Mov.Reg(asm.R1, asm.R0),
			asm.RSh.Imm(asm.R1, int32(8*t)),
			asm.And.Imm(asm.R1, 0xff),
			asm.Mov.Reg(asm.R3, regScratch),
			asm.Add.Reg(asm.R3, asm.R2),
			asm.LoadMem(asm.R4, asm.R3, int16(work), asm.Byte),
			asm.Mov.Reg(asm.R3, asm.R9),
			asm.RSh.Imm(asm.R3, int32(8*t)),
			asm.And.Imm(asm.R3, 1),
			asm.Xor.Imm(asm.R3, 1),
			asm.Mul.Reg(asm.R4, asm.R3),
			asm.Add.Reg(asm.R1, asm.R4),
			asm.Mov.Reg(asm.R3, regScratch),
			asm.Add.Reg(asm.R3, asm.R2),
			asm.StoreMem(asm.R3, int16(work), asm.R1, asm.Byte),
			asm.Xor.Imm(asm.R1, '/'),
			asm.Sub.Imm(asm.R1, 1),
			asm.RSh.Imm(asm.R1, 63),
			asm.Mov.Reg(asm.R3, asm.R2),
			asm.LSh.Imm(asm.R3, 1),
			asm.Add.Reg(asm.R3, regScratch),
			asm.LoadMem(asm.R3, asm.R3, int16(last), asm.Half),
			asm.Mov.Reg(asm.R4, asm.R2),
			asm.Sub.Reg(asm.R4, asm.R3),
			asm.Mul.Reg(asm.R4, asm.R1),
			asm.Add.Reg(asm.R3, asm.R4),
			asm.Add.Imm(asm.R2, 1),
			asm.Mov.Reg(asm.R1, asm.R2),
			asm.LSh.Imm(asm.R1, 1),
			asm.Add.Reg(asm.R1, regScratch),
			asm.StoreMem(asm.R1, int16(last), asm.R3, asm.Half),
		)
	}
	// Advance, stop at the end, and go on in the next state.
	g.emit(
		asm.LoadMem(asm.R2, regScratch, int16(stepSlot), asm.DWord),
		asm.LoadMem(asm.R4, regScratch, int16(jSlot), asm.DWord),
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.And.Imm(asm.R1, 0xff),
		asm.Add.Reg(asm.R4, asm.R1),
		asm.StoreMem(regScratch, int16(jSlot), asm.R4, asm.DWord),
		asm.Mov.Reg(asm.R1, asm.R2),
		asm.RSh.Imm(asm.R1, stepNext),
		asm.And.Imm(asm.R1, 3),
		asm.StoreMem(regScratch, int16(stSlot), asm.R1, asm.DWord),
		asm.RSh.Imm(asm.R2, stepEnd),
		asm.And.Imm(asm.R2, 1),
	)
	g.stay(asm.JEq.Imm(asm.R2, 0, ""), out)
	g.emit(asm.Ja.Label(next))
	// The result is work[:j] if rooted, work[1:j] (without the "/"
	// put before the first component) if not; if that is empty, "/" or
	// ".", written at work[0] or work[1]; and "" if the path was.
	g.mark(out)
	have := g.newLabel()
	g.emit(
		asm.LoadMem(asm.R4, regScratch, int16(jSlot), asm.DWord),
		asm.LoadMem(asm.R3, regScratch, int16(rootSlot), asm.DWord),
		asm.And.Imm(asm.R3, 1),
		asm.Xor.Imm(asm.R3, 1),
		asm.JNE.Imm(asm.R4, 0, have),
		asm.Mov.Imm(asm.R1, '/'),
		asm.Sub.Reg(asm.R1, asm.R3),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R3),
		asm.StoreMem(asm.R2, int16(work), asm.R1, asm.Byte),
		asm.Mov.Reg(asm.R4, asm.R3),
		asm.Add.Imm(asm.R4, 1),
		asm.LoadMem(asm.R1, regScratch, int16(emptySlot), asm.DWord),
		asm.And.Imm(asm.R1, 1),
		asm.Xor.Imm(asm.R1, 1),
		asm.Mul.Reg(asm.R4, asm.R1),
	)
	g.mark(have)
	g.emit(
		asm.Mov.Reg(asm.R8, regScratch),
		asm.Add.Imm(asm.R8, int32(work)),
	)
	g.copyOut(asm.R8, asm.R3, asm.R4, size+8, dst, size-1)
	g.result(dst)
}

// The states of cleanpath()'s machine: what is pending after a "/".
const (
	cleanNone   = iota
	cleanSlash  // "/"
	cleanDot    // "/."
	cleanDotDot // "/.."
	cleanStates
)

// The classes of bytes.
const (
	classOther = iota
	classSlash
	classDot
	classNUL
	classes
)

// A step is a uint64 in rodata: the bytes to advance over (of the four
// written), the next state, whether to go back to the last "/" first,
// and whether the path ends.
const (
	stepNext = 8
	stepBack = 16
	stepEnd  = 32
)

type cleanStep struct {
	adv, next, back int
	end             bool
}

func (s cleanStep) word() uint64 {
	w := uint64(s.adv) | uint64(s.next)<<stepNext | uint64(s.back)<<stepBack
	if s.end {
		w |= 1 << stepEnd
	}
	return w
}

// cleanpathRules is the state machine. It starts with a "/" pending, for
// rooted and relative paths alike. A pending "/", "/." or "/.." is
// written only when a byte of a name follows it; at a "/" or at the end,
// "/" and "/." are dropped and "/.." goes back to the last "/" (or, at
// the barrier, is written or dropped: see cleanpath).
var cleanpathRules = [cleanStates][classes]cleanStep{
	cleanNone: {
		classOther: {adv: 1, next: cleanNone},
		classSlash: {next: cleanSlash},
		classDot:   {adv: 1, next: cleanNone},
		classNUL:   {end: true},
	},
	cleanSlash: {
		classOther: {adv: 2, next: cleanNone},
		classSlash: {next: cleanSlash},
		classDot:   {next: cleanDot},
		classNUL:   {end: true},
	},
	cleanDot: {
		classOther: {adv: 3, next: cleanNone},
		classSlash: {next: cleanSlash},
		classDot:   {next: cleanDotDot},
		classNUL:   {end: true},
	},
	cleanDotDot: {
		classOther: {adv: 4, next: cleanNone},
		classSlash: {back: 1, next: cleanSlash},
		classDot:   {adv: 4, next: cleanNone},
		classNUL:   {back: 1, end: true},
	},
}

// cleanpathPrefix is what each state has pending.
var cleanpathPrefix = [cleanStates]string{"", "/", "/.", "/.."}

// cleanpathPrefixes is the offset of the prefixes in cleanpathSteps.
const cleanpathPrefixes = 8 * cleanStates * classes

// cleanpathSteps holds the steps, indexed by state*4 + class, then the
// prefixes as little-endian words, one per state.
var cleanpathSteps = func() (t [256]byte) {
	put := func(off int, w uint64) {
		for i := range 8 {
			t[off+i] = byte(w >> (8 * i))
		}
	}
	for st, row := range cleanpathRules {
		for cl, s := range row {
			put(8*(st*classes+cl), s.word())
		}
	}
	for st, p := range cleanpathPrefix {
		var w uint64
		for i := range len(p) {
			w |= uint64(p[i]) << (8 * i)
		}
		put(cleanpathPrefixes+8*st, w)
	}
	return t
}()

// cleanpathClasses gives each byte's class.
var cleanpathClasses = func() (t [256]byte) {
	t['/'], t['.'], t[0] = classSlash, classDot, classNUL
	return t
}()

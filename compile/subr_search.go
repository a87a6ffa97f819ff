package compile

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
)

// The searching subroutines. strchr(), strrchr() and strstr() return the
// rest of the string from what they find; DTrace returns a pointer into
// the string, which reads the same. When they find nothing, DTrace
// returns NULL, as do strtok() and json().
//
// Here NULL is a block of zeros in rodata of its own: compared, it reads
// as "", as DTrace compares a NULL string (s == NULL is true of it, and of
// ""); anything else that reads it, a store, a record, a subroutine or a
// key, faults "invalid address (0x0)" as DTrace's load from address 0
// does. A string is a pointer to its buffer everywhere in the generated
// code, so this costs a pointer comparison only after the subroutines
// that can return NULL, and nothing elsewhere.

// nullable reports whether the call e can return the null string.
func nullable(e *ast.CallExpr) bool {
	switch e.Fun.Name {
	case "strchr", "strrchr", "strstr", "strtok", "json":
		return true
	}
	return false
}

// nullBlock returns the rodata offset of the null string's block.
func (c *compiler) nullBlock() int {
	if c.nullAt == 0 {
		// Offset 0 is taken by the first block allocated, never this one.
		c.nullAt = c.alloc(make([]byte, roundUp(c.cfg.StrSize+1, 8)))
	}
	return c.nullAt
}

// nullString points R0 at the null string.
func (g *gen) nullString() {
	g.emit(asm.LoadMapValue(asm.R0, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata))
}

// checkNull faults with an invalid address of 0 if R0 is the null
// string. It uses R1.
func (g *gen) checkNull() {
	ok := g.newLabel()
	g.emit(
		asm.LoadMapValue(asm.R1, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
		asm.JNE.Reg(asm.R0, asm.R1, ok),
	)
	g.raise(faultBadAddr)
	g.mark(ok)
}

// suffix leaves in R0 the string at p (n bytes) from the offset in the
// scratch slot res, copied to the string buffer dst (size bytes, zeroed
// here), or the null string if res holds a negative value. It uses R0-R4.
func (g *gen) suffix(p asm.Register, n, res, dst, size int) {
	null, end := g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMem(asm.R3, regScratch, int16(res), asm.DWord),
		asm.JSLT.Imm(asm.R3, 0, null),
	)
	g.zero(dst, size)
	g.emit(asm.Mov.Imm(asm.R4, int32(n)))
	g.copyOut(p, asm.R3, asm.R4, n, dst, size-1)
	g.result(dst)
	g.emit(asm.Ja.Label(end))
	g.mark(null)
	g.nullString()
	g.mark(end)
}

// strchr(s, c) and strrchr(s, c) find the first or last byte c in s; the
// NUL ending s is part of it, so a c of 0 finds the end.
func (g *gen) strchr(e *ast.CallExpr, last bool) {
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	size := g.typeOf(e).Size
	slots := g.evalArgs(e.Args)
	dst := g.tmp(size)
	defer g.releaseTemps(g.tmpOff)
	g.loadSlot(asm.R8, slots[0])
	g.loadSlot(asm.R9, slots[1])
	g.freeArgs(slots)
	// DTrace compares chars: only the low byte of c counts.
	g.emit(asm.And.Imm(asm.R9, 0xff))
	res := g.tmp(8)
	// R0 is the position, R4 the last one found (-1: none).
	loop, next, found, done := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R4, -1), asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(n), done),
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	if last {
		// Without a jump: R4 += (R0 - R4) * (R1 == R9).
		g.emit(
			asm.Mov.Reg(asm.R2, asm.R1),
			asm.Xor.Reg(asm.R2, asm.R9),
			asm.Sub.Imm(asm.R2, 1),
			asm.RSh.Imm(asm.R2, 63),
			asm.Mov.Reg(asm.R3, asm.R0),
			asm.Sub.Reg(asm.R3, asm.R4),
			asm.Mul.Reg(asm.R3, asm.R2),
			asm.Add.Reg(asm.R4, asm.R3),
		)
	} else {
		g.stay(asm.JNE.Reg(asm.R1, asm.R9, ""), found)
	}
	g.emit(asm.JNE.Imm(asm.R1, 0, next))
	if !last {
		g.emit(asm.Ja.Label(done))
		g.mark(found)
		g.emit(asm.Mov.Reg(asm.R4, asm.R0))
	}
	g.mark(done)
	g.emit(asm.StoreMem(regScratch, int16(res), asm.R4, asm.DWord))
	g.suffix(asm.R8, n, res, dst, size)
}

// searchKind tells search which subroutine it implements.
type searchKind int

const (
	searchIndex searchKind = iota
	searchRindex
	searchStrstr
)

// search implements index(s, sub [, start]), rindex(s, sub [, start])
// and strstr(s, sub), with DTrace's rules (which follow Perl's):
//
//   - index() looks forward from start (0 by default; a negative start
//     is 0) for sub starting before the end of s; rindex() looks back
//     from start (the end of s by default; clamped to it) to 0; both
//     give the position, or -1.
//   - If s and sub are both "", the answer is 0 (or s), whatever start.
//   - A start at or past the end of s makes index() give -1, except that
//     it gives the length of s when sub is ""; a negative start makes
//     rindex() give -1, or 0 when sub is "".
//   - strstr() looks like index() without start, and gives the rest of
//     s from the position.
//
// sub is compared 8 bytes at a time against a copy of s followed by
// enough zeros that a word read from any position stays in the copy; a
// mask of sub's length (0xff for each byte of sub, 0 after) limits the
// comparison. The loop over the positions of s is a bpf_loop() (Linux
// 5.17) around an open loop over the words of sub, so that the verifier
// walks the m/8 words of one position once, not those of every position:
// open, the two loops cost it n*m/8 steps (8,192 for two strings of the
// default strsize), and a clause of a few searches ran out of its budget
// of a million instructions.
func (g *gen) search(e *ast.CallExpr, kind searchKind) {
	// Both lengths stop at strsize, so the bytes past it, in the last
	// word of a strsize+1 buffer, are never looked at: leaving that
	// word out keeps the search's n*m/8 steps in the verifier's budget.
	n := min(roundUp(g.typeOf(e.Args[0]).Size, 8), roundUp(g.c.cfg.StrSize, 8))
	m := min(roundUp(g.typeOf(e.Args[1]).Size, 8), roundUp(g.c.cfg.StrSize, 8))
	size := g.typeOf(e).Size
	slots := g.evalArgs(e.Args)
	dst := 0
	if kind == searchStrstr {
		dst = g.tmp(size)
	}
	defer g.releaseTemps(g.tmpOff)
	g.loadSlot(asm.R8, slots[0])
	g.loadSlot(asm.R9, slots[1])
	pad, mask, sub := g.tmp(n+m), g.tmp(m), g.tmp(m)
	for i := 0; i < n; i += 8 {
		g.emit(
			asm.LoadMem(asm.R1, asm.R8, int16(i), asm.DWord),
			asm.StoreMem(regScratch, int16(pad+i), asm.R1, asm.DWord),
		)
	}
	g.zero(pad+n, m)
	// The callback reaches scratch only: sub is copied there too.
	for i := 0; i < m; i += 8 {
		g.emit(
			asm.LoadMem(asm.R1, asm.R9, int16(i), asm.DWord),
			asm.StoreMem(regScratch, int16(sub+i), asm.R1, asm.DWord),
		)
	}
	lenSlot := g.length(asm.R3, asm.R8, asm.R1, n)
	g.length(asm.R4, asm.R9, asm.R1, m)
	// The mask: byte j is 0xff if j < len(sub), from the sign of j - R4.
	loop, next, masked := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(m), masked),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Sub.Reg(asm.R1, asm.R4),
		asm.ArSh.Imm(asm.R1, 63),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.StoreMem(asm.R2, int16(mask), asm.R1, asm.Byte),
		asm.Ja.Label(next),
	)
	g.mark(masked)
	res := g.tmp(8)
	g.emit(storeImm64(regScratch, int16(res), -1))
	end, look := g.newLabel(), g.newLabel()
	setRes := func(r asm.Register) {
		g.emit(asm.StoreMem(regScratch, int16(res), r, asm.DWord), asm.Ja.Label(end))
	}
	// R3 is len(s), R4 len(sub); both "" is found at 0.
	g.emit(asm.JNE.Imm(asm.R3, 0, look), asm.JNE.Imm(asm.R4, 0, look), asm.Mov.Imm(asm.R0, 0))
	setRes(asm.R0)
	g.mark(look)
	// R5 is the position to look at first.
	switch {
	case kind == searchIndex && len(slots) > 2:
		clamped, inside := g.newLabel(), g.newLabel()
		g.loadSlot(asm.R5, slots[2])
		g.emit(asm.JSGE.Imm(asm.R5, 0, clamped), asm.Mov.Imm(asm.R5, 0))
		g.mark(clamped)
		g.emit(asm.JLT.Reg(asm.R5, asm.R3, inside), asm.JNE.Imm(asm.R4, 0, end))
		setRes(asm.R3)
		g.mark(inside)
	case kind == searchRindex && len(slots) > 2:
		nonneg, inside := g.newLabel(), g.newLabel()
		g.loadSlot(asm.R5, slots[2])
		g.emit(asm.JSGE.Imm(asm.R5, 0, nonneg), asm.JNE.Imm(asm.R4, 0, end), asm.Mov.Imm(asm.R0, 0))
		setRes(asm.R0)
		g.mark(nonneg)
		g.emit(asm.JLE.Reg(asm.R5, asm.R3, inside), asm.Mov.Reg(asm.R5, asm.R3))
		g.mark(inside)
	case kind == searchRindex:
		g.emit(asm.Mov.Reg(asm.R5, asm.R3))
	default:
		g.emit(asm.Mov.Imm(asm.R5, 0))
	}
	g.freeArgs(slots)
	from := g.tmp(8)
	g.emit(asm.StoreMem(regScratch, int16(from), asm.R5, asm.DWord))
	// The callback's context is the scratch pointer, on the stack.
	g.emit(asm.Mov.Reg(asm.R0, regScratch))
	ctx := g.push()
	name := fmt.Sprintf("search_%d_%s", g.ecb.EPID, g.newLabel())
	g.callback(name, func() {
		g.searchStep(kind, searchArea{n: n, m: m, pad: pad, mask: mask, sub: sub, len: lenSlot, from: from, res: res})
	})
	g.emit(
		asm.Mov.Imm(asm.R1, int32(n+1)),
		callbackRef(asm.R2, name),
		asm.Mov.Reg(asm.R3, asm.R10),
		asm.Add.Imm(asm.R3, int32(ctx)),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnLoop.Call(),
	)
	g.temps--
	g.mark(end)
	if kind == searchStrstr {
		g.emit(asm.Mov.Reg(asm.R8, regScratch), asm.Add.Imm(asm.R8, int32(pad)))
		g.suffix(asm.R8, n, res, dst, size)
		return
	}
	g.emit(asm.LoadMem(asm.R0, regScratch, int16(res), asm.DWord))
}

// searchArea is where a search keeps its work in scratch: the padded
// copy of s (n bytes, then m of zeros), sub's mask and copy (m bytes
// each), and the slots of len(s), the first position and the result.
type searchArea struct {
	n, m                           int
	pad, mask, sub, len, from, res int
}

// searchStep emits the body of a search's bpf_loop() callback: it looks
// at position from+i (from-i for rindex()), stops at the end of s, and
// stops there with the position in res if sub is found.
func (g *gen) searchStep(kind searchKind, a searchArea) {
	stop, on := g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMem(regScratch, asm.R2, 0, asm.DWord),
		asm.LoadMem(asm.R5, regScratch, int16(a.from), asm.DWord),
	)
	if kind == searchRindex {
		g.emit(asm.Sub.Reg(asm.R5, asm.R1))
	} else {
		g.emit(asm.Add.Reg(asm.R5, asm.R1))
	}
	// Unsigned, so that below 0 (rindex) is out too; it bounds R5 for
	// the verifier.
	g.emit(asm.JGT.Imm(asm.R5, int32(a.n), stop))
	if kind != searchRindex {
		g.emit(
			asm.LoadMem(asm.R0, regScratch, int16(a.len), asm.DWord),
			asm.JGE.Reg(asm.R5, asm.R0, stop),
		)
	}
	g.differ(a.pad, a.mask, a.sub, a.m)
	g.emit(
		asm.JNE.Imm(asm.R3, 0, on),
		asm.StoreMem(regScratch, int16(a.res), asm.R5, asm.DWord),
	)
	g.mark(stop)
	g.emit(asm.Mov.Imm(asm.R0, 1), asm.Return())
	g.mark(on)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
}

// differ sets R3 to 0 if the string at scratch offset sub (a buffer of
// m bytes, with its mask at scratch offset mask) is found at position R5
// of the padded copy of s at scratch offset pad, and to something else
// if not. It uses R0-R2, R4 and R8.
func (g *gen) differ(pad, mask, sub, m int) {
	loop, next, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R8, regScratch),
		asm.Add.Reg(asm.R8, asm.R5),
		asm.Mov.Imm(asm.R3, 0),
		asm.Mov.Imm(asm.R0, 0),
		asm.Ja.Label(loop),
	)
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 8))
	g.loopHead(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(m), done),
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R1, asm.R1, int16(pad), asm.DWord),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.LoadMem(asm.R4, asm.R2, int16(sub), asm.DWord),
		asm.Xor.Reg(asm.R1, asm.R4),
		asm.LoadMem(asm.R2, asm.R2, int16(mask), asm.DWord),
		asm.And.Reg(asm.R1, asm.R2),
		asm.Or.Reg(asm.R3, asm.R1),
		asm.Ja.Label(next),
	)
	g.mark(done)
}

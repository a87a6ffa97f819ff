package compile

import (
	"math/bits"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
)

// json(text, selector) is the value the selector names in a JSON text,
// as a string, with the rules of illumos's dtrace_json():
//
//   - the selector is member names and array indexes, "a.b[2].c": each
//     "." or "[" starts an element, a "]" anywhere and a "[" that starts
//     the selector are dropped, and an index is read as strtoll() reads
//     it (so "[x]" is element 0);
//   - the text must be an object or an array, read at most strsize
//     bytes; a string value comes back without its quotes, escapes as
//     written; a number, true, false or null as written; an object or
//     array as its text, from its "{" or "[" to the matching close;
//   - a missing member or element, a value that is not an object where
//     the selector goes on, and malformed text give NULL (the null
//     string here, "" as strtok() gives: a comparison with "" tests it);
//   - a key matches only as written (escapes are not decoded), and a
//     member once matched stays found: the next value is the one.
//
// DTrace reads the text one byte at a time, keeping flags and counters
// beside its state. Here each byte is one step of a machine whose
// transitions are a table in rodata (jsonSteps), indexed by the state
// and the byte's class; the flags of the step say what else to do, and
// the step does all of it without a branch, as arithmetic on 0 and 1
// (see subr_string.go for why): only the ways out, to the result or to
// NULL, are jumps. The selector is split first, into its elements and a
// table of where each starts and the index it reads as.
func (g *gen) json(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	nj := roundUp(g.typeOf(e.Args[0]).Size, 8)
	ns := roundUp(g.typeOf(e.Args[1]).Size, 8)
	slots := g.evalArgs(e.Args)
	dest := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	// The selector is read up to strsize - 1 bytes (DTrace reads
	// strsize, which only a char array without a NUL can fill): its
	// elements, NUL-separated, then fit a power of 2 no larger than
	// strsize, and there are at most ms + 1 of them.
	ms := min(ns, size-1)
	j := &jsonGen{g: g, size: size, dest: dest, nelems: ms + 1}
	j.mask = 1<<bits.Len(uint(ms)) - 1
	j.elems = g.tmp(j.mask + 1)
	j.tab = g.tmp(4 * j.nelems)
	for _, s := range []*int{&j.st, &j.dd, &j.keyok, &j.found, &j.inArr, &j.apos, &j.aelem,
		&j.braces, &j.brackets, &j.eidx, &j.nrem, &j.step, &j.c, &j.descend, &j.closed, &j.comma,
		&j.sep, &j.w, &j.start, &j.ps, &j.val, &j.neg} {
		*s = g.tmp(8)
	}
	j.null, j.found1 = g.newLabel(), g.newLabel()
	g.loadSlot(asm.R8, slots[1])
	j.selector(ms)
	g.loadSlot(asm.R8, slots[0])
	g.freeArgs(slots)
	j.text(min(nj, size))
	j.result()
}

// jsonGen holds the scratch offsets of json()'s buffers and of the
// slots its loops keep their state in.
type jsonGen struct {
	g      *gen
	size   int
	nelems int // the most elements the selector can have
	mask   int // the element buffer's size - 1, a power of 2 - 1
	dest   int // the result, built in place
	elems  int // the selector's elements, NUL-separated
	tab    int // per element: uint16 start in elems, uint16 index (0xffff: none)

	// The text's machine: its state, the result's length, whether the
	// key read so far matches, whether the next value is the one
	// selected, whether the value is in an array, the array position and
	// the index selected there, the open braces and brackets of a value
	// being skipped or collected, the element and how many remain.
	st, dd, keyok, found, inArr, apos, aelem, braces, brackets, eidx, nrem int
	// A step's word, byte, and what it decided: descend, close a
	// skipped or collected value, a ',' in an array.
	step, c, descend, closed, comma int
	// The selector's split: whether the byte separates, the write
	// position, the element's start, and strtoll()'s state, value and
	// sign for its index.
	sep, w, start, ps, val, neg int

	null, found1 string // the ways out
}

func (j *jsonGen) ld(r asm.Register, slot int) {
	j.g.emit(asm.LoadMem(r, regScratch, int16(slot), asm.DWord))
}

func (j *jsonGen) put(slot int, r asm.Register) {
	j.g.emit(asm.StoreMem(regScratch, int16(slot), r, asm.DWord))
}

// bit sets r to one flag of the step.
func (j *jsonGen) bit(r asm.Register, b int) {
	j.ld(r, j.step)
	j.g.emit(asm.RSh.Imm(r, int32(b)), asm.And.Imm(r, 1))
}

// isZero sets r to 1 if it is 0, to 0 if it is positive (below 2^63).
func (j *jsonGen) isZero(r asm.Register) {
	j.g.emit(asm.Sub.Imm(r, 1), asm.RSh.Imm(r, 63))
}

// selector splits the selector (at R8, m bytes at most) into elements,
// as DIF_SUBR_JSON does, and reads each element's index. The strtoll()
// of an element goes on with each byte: skip blanks (state 0), a sign
// or digits (1), then nothing (2).
func (j *jsonGen) selector(m int) {
	g := j.g
	for _, s := range []int{j.w, j.start, j.ps, j.val, j.neg, j.eidx} {
		g.emit(storeImm64(regScratch, int16(s), 0))
	}
	// Each loop jumps back to its head: Linux 6.1 refuses a plain
	// instruction that falls into a loop's head from inside the loop.
	loop, done := g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R9, 0))
	g.mark(loop)
	g.stay(asm.JLT.Imm(asm.R9, int32(m), ""), done)
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Add.Reg(asm.R1, asm.R9),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	g.stay(asm.JNE.Imm(asm.R1, 0, ""), done)
	// R4: the byte is dropped ("]", or "[" first); R5: it separates.
	g.emit(
		asm.StoreMem(regScratch, int16(j.c), asm.R1, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1), asm.Xor.Imm(asm.R2, ']'),
	)
	j.isZero(asm.R2)
	g.emit(asm.Mov.Reg(asm.R3, asm.R1), asm.Xor.Imm(asm.R3, '['))
	j.isZero(asm.R3)
	g.emit(asm.Mov.Reg(asm.R4, asm.R9))
	j.isZero(asm.R4)
	g.emit(asm.And.Reg(asm.R4, asm.R3), asm.Or.Reg(asm.R4, asm.R2))
	g.emit(asm.Mov.Reg(asm.R5, asm.R1), asm.Xor.Imm(asm.R5, '.'))
	j.isZero(asm.R5)
	g.emit(
		asm.Or.Reg(asm.R5, asm.R3),
		asm.Mov.Reg(asm.R2, asm.R4), asm.Xor.Imm(asm.R2, 1),
		asm.And.Reg(asm.R5, asm.R2),
		asm.StoreMem(regScratch, int16(j.sep), asm.R5, asm.DWord),
	)
	// Write the byte, or a NUL for a separator, at w; a dropped byte
	// is written over next.
	j.ld(asm.R0, j.w)
	g.stay(asm.JLE.Imm(asm.R0, int32(j.mask), ""), j.null)
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R5), asm.Sub.Imm(asm.R3, 1), asm.And.Reg(asm.R3, asm.R1),
		asm.Mov.Reg(asm.R4, regScratch), asm.Add.Reg(asm.R4, asm.R0),
		asm.StoreMem(asm.R4, int16(j.elems), asm.R3, asm.Byte),
		asm.Add.Reg(asm.R0, asm.R2),
	)
	j.put(j.w, asm.R0)
	// R2: strtoll() reads the byte (kept, not a separator). R3: the
	// byte's digit value, R4: state 0, R5: state 0 or 1.
	g.emit(asm.Xor.Imm(asm.R5, 1), asm.And.Reg(asm.R2, asm.R5))
	g.table(asm.R3, &digitValues)
	g.emit(asm.Add.Reg(asm.R3, asm.R1), asm.LoadMem(asm.R3, asm.R3, 0, asm.Byte))
	j.ld(asm.R4, j.ps)
	g.emit(asm.Mov.Reg(asm.R5, asm.R4), asm.RSh.Imm(asm.R5, 1), asm.Xor.Imm(asm.R5, 1))
	j.isZero(asm.R4)
	// R0: a digit read (dig); R1: a sign read (sgn).
	g.emit(asm.Mov.Reg(asm.R0, asm.R3), asm.Sub.Imm(asm.R0, 10), asm.RSh.Imm(asm.R0, 63),
		asm.And.Reg(asm.R0, asm.R5), asm.And.Reg(asm.R0, asm.R2))
	j.ld(asm.R1, j.c)
	g.emit(asm.Mov.Reg(asm.R5, asm.R1), asm.Xor.Imm(asm.R5, '-'))
	j.isZero(asm.R5)
	g.emit(asm.Xor.Imm(asm.R1, '+'))
	j.isZero(asm.R1)
	g.emit(asm.Or.Reg(asm.R1, asm.R5), asm.And.Reg(asm.R1, asm.R4), asm.And.Reg(asm.R1, asm.R2),
		asm.And.Reg(asm.R5, asm.R1))
	j.ld(asm.R4, j.neg)
	g.emit(asm.Or.Reg(asm.R4, asm.R5))
	j.put(j.neg, asm.R4)
	// val += dig * (9*val + digit)
	j.ld(asm.R4, j.val)
	g.emit(asm.Mov.Reg(asm.R5, asm.R4), asm.Mul.Imm(asm.R5, 9), asm.Add.Reg(asm.R5, asm.R3),
		asm.Mul.Reg(asm.R5, asm.R0), asm.Add.Reg(asm.R4, asm.R5))
	j.put(j.val, asm.R4)
	// The next state: 1 after a sign or digit, 0 after a blank in 0,
	// else 2; unchanged if strtoll() did not read the byte.
	g.emit(asm.Or.Reg(asm.R0, asm.R1), asm.Xor.Imm(asm.R3, digitBlank))
	j.isZero(asm.R3)
	j.ld(asm.R4, j.ps)
	g.emit(asm.Mov.Reg(asm.R5, asm.R4))
	j.isZero(asm.R5)
	g.emit(asm.And.Reg(asm.R3, asm.R5), asm.LSh.Imm(asm.R3, 1),
		asm.Mov.Imm(asm.R5, 2), asm.Sub.Reg(asm.R5, asm.R0), asm.Sub.Reg(asm.R5, asm.R3),
		asm.Sub.Reg(asm.R5, asm.R4), asm.Mul.Reg(asm.R5, asm.R2), asm.Add.Reg(asm.R4, asm.R5))
	j.put(j.ps, asm.R4)
	j.storeElem()
	// A separator starts the next element at w, its index read afresh.
	j.ld(asm.R5, j.sep)
	j.ld(asm.R1, j.eidx)
	g.emit(asm.Add.Reg(asm.R1, asm.R5))
	j.put(j.eidx, asm.R1)
	j.ld(asm.R1, j.w)
	j.ld(asm.R2, j.start)
	g.emit(asm.Sub.Reg(asm.R1, asm.R2), asm.Mul.Reg(asm.R1, asm.R5), asm.Add.Reg(asm.R2, asm.R1))
	j.put(j.start, asm.R2)
	g.emit(asm.Sub.Imm(asm.R5, 1))
	for _, s := range []int{j.ps, j.val, j.neg} {
		j.ld(asm.R1, s)
		g.emit(asm.And.Reg(asm.R1, asm.R5))
		j.put(s, asm.R1)
	}
	g.emit(asm.Add.Imm(asm.R9, 1), asm.Ja.Label(loop))
	// The last element ends with a NUL too.
	g.mark(done)
	j.ld(asm.R0, j.w)
	g.stay(asm.JLE.Imm(asm.R0, int32(j.mask), ""), j.null)
	g.emit(asm.Add.Reg(asm.R0, regScratch), asm.StoreImm(asm.R0, int16(j.elems), 0, asm.Byte))
	j.storeElem()
	j.ld(asm.R1, j.eidx)
	g.emit(asm.Add.Imm(asm.R1, 1))
	j.put(j.nrem, asm.R1)
	g.emit(storeImm64(regScratch, int16(j.eidx), 0))
}

// storeElem stores the current element's entry: its start, and the
// index strtoll() has read so far, or 0xffff if it is no position an
// array of strsize bytes can have (negative or too large).
func (j *jsonGen) storeElem() {
	g := j.g
	j.ld(asm.R1, j.val)
	j.ld(asm.R2, j.neg)
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R2), asm.Mul.Imm(asm.R3, -1),
		asm.Xor.Reg(asm.R1, asm.R3), asm.Add.Reg(asm.R1, asm.R2),
		asm.Mov.Reg(asm.R2, asm.R1), asm.RSh.Imm(asm.R2, 16),
		asm.Mov.Imm(asm.R3, 0), asm.Sub.Reg(asm.R3, asm.R2), asm.RSh.Imm(asm.R3, 63),
		asm.Mul.Imm(asm.R3, 0xffff), asm.And.Imm(asm.R1, 0xffff), asm.Or.Reg(asm.R1, asm.R3),
		asm.LSh.Imm(asm.R1, 16),
	)
	j.ld(asm.R2, j.start)
	g.emit(asm.Or.Reg(asm.R1, asm.R2))
	j.ld(asm.R2, j.eidx)
	g.stay(asm.JLT.Imm(asm.R2, int32(j.nelems), ""), j.null)
	g.emit(
		asm.LSh.Imm(asm.R2, 2), asm.Add.Reg(asm.R2, regScratch),
		asm.StoreMem(asm.R2, int16(j.tab), asm.R1, asm.Word),
	)
}

// elemEntry loads half of the entry of the element in slot eidx into r:
// the start (hi false) or the index.
func (j *jsonGen) elemEntry(r asm.Register, hi bool) {
	g := j.g
	j.ld(r, j.eidx)
	g.stay(asm.JLT.Imm(r, int32(j.nelems), ""), j.null)
	off := j.tab
	if hi {
		off += 2
	}
	g.emit(asm.LSh.Imm(r, 2), asm.Add.Reg(r, regScratch), asm.LoadMem(r, r, int16(off), asm.Half))
}

// text runs the machine over the text at R8, m bytes at most.
func (j *jsonGen) text(m int) {
	g := j.g
	for _, s := range []int{j.st, j.dd, j.keyok, j.found, j.inArr, j.apos, j.aelem, j.braces, j.brackets} {
		g.emit(storeImm64(regScratch, int16(s), 0))
	}
	loop := g.newLabel()
	g.emit(asm.Mov.Imm(asm.R9, 0))
	g.mark(loop)
	g.stay(asm.JLT.Imm(asm.R9, int32(m), ""), j.null)
	// The step for the state and the byte's class.
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R8), asm.Add.Reg(asm.R1, asm.R9),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
	)
	j.put(j.c, asm.R1)
	g.table(asm.R2, &jsonClasses)
	g.emit(asm.Add.Reg(asm.R2, asm.R1), asm.LoadMem(asm.R2, asm.R2, 0, asm.Byte), asm.And.Imm(asm.R2, jsonSlots-1))
	j.ld(asm.R3, j.st)
	g.emit(
		// Added, not or-ed: Linux 6.1 keeps no bounds through an or.
		asm.And.Imm(asm.R3, jsonSlots-1), asm.LSh.Imm(asm.R3, 5), asm.Add.Reg(asm.R3, asm.R2), asm.LSh.Imm(asm.R3, 2),
		asm.LoadMapValue(asm.R2, 0, uint32(g.c.literal(string(jsonSteps[:]), len(jsonSteps)))).WithReference(spec.MapRodata),
		asm.Add.Reg(asm.R2, asm.R3), asm.LoadMem(asm.R0, asm.R2, 0, asm.Word),
	)
	j.put(j.step, asm.R0)
	j.bit(asm.R1, jbError)
	g.stay(asm.JEq.Imm(asm.R1, 0, ""), j.null)
	// Descend into a '{' or '[' if it is the value selected and the
	// selector goes on.
	j.bit(asm.R1, jbOpen)
	j.ld(asm.R2, j.found)
	j.ld(asm.R3, j.nrem)
	g.emit(asm.And.Reg(asm.R1, asm.R2), asm.Mov.Imm(asm.R2, 1), asm.Sub.Reg(asm.R2, asm.R3),
		asm.RSh.Imm(asm.R2, 63), asm.And.Reg(asm.R1, asm.R2))
	j.put(j.descend, asm.R1)
	j.compare()
	// Write the byte at dd, and advance over it if the step writes.
	j.ld(asm.R4, j.dd)
	g.stay(asm.JLT.Imm(asm.R4, int32(j.size), ""), j.null)
	j.ld(asm.R2, j.c)
	g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Reg(asm.R1, asm.R4),
		asm.StoreMem(asm.R1, int16(j.dest), asm.R2, asm.Byte))
	j.bit(asm.R1, jbWrite)
	j.ld(asm.R2, j.descend)
	g.emit(asm.Xor.Imm(asm.R2, 1), asm.And.Reg(asm.R1, asm.R2), asm.Add.Reg(asm.R4, asm.R1))
	j.put(j.dd, asm.R4)
	j.counters()
	j.identifier()
	// A value ends: the result if it is the one selected. Otherwise the
	// byte after a number or identifier must be one a ',' may follow.
	j.bit(asm.R1, jbValueEnd)
	j.ld(asm.R2, j.closed)
	j.ld(asm.R3, j.found)
	g.emit(asm.Or.Reg(asm.R1, asm.R2), asm.And.Reg(asm.R1, asm.R3))
	g.stay(asm.JEq.Imm(asm.R1, 0, ""), j.found1)
	j.bit(asm.R1, jbErrorAfter)
	g.stay(asm.JEq.Imm(asm.R1, 0, ""), j.null)
	// The result buffer starts over after a value.
	j.bit(asm.R1, jbReset)
	j.ld(asm.R2, j.closed)
	j.ld(asm.R3, j.dd)
	g.emit(asm.Or.Reg(asm.R1, asm.R2), asm.Sub.Imm(asm.R1, 1), asm.And.Reg(asm.R3, asm.R1))
	j.put(j.dd, asm.R3)
	j.bit(asm.R1, jbComma)
	j.ld(asm.R2, j.inArr)
	g.emit(asm.And.Reg(asm.R1, asm.R2))
	j.put(j.comma, asm.R1)
	j.nextState()
	j.array()
	g.emit(asm.Add.Imm(asm.R9, 1), asm.Ja.Label(loop))
}

// compare goes on comparing a key with the selector's element: the
// key's byte at dd with the element's, or at the key's end a NUL. A key
// matches if every byte did, and then the next value is selected.
func (j *jsonGen) compare() {
	g := j.g
	j.elemEntry(asm.R3, false)
	j.ld(asm.R4, j.dd)
	// Past the element's NUL the key no longer matches, so a position
	// wrapped by the mask compares nothing that matters.
	g.emit(asm.Add.Reg(asm.R3, asm.R4), asm.And.Imm(asm.R3, int32(j.mask)), asm.Add.Reg(asm.R3, regScratch),
		asm.LoadMem(asm.R3, asm.R3, int16(j.elems), asm.Byte))
	j.bit(asm.R1, jbKeyEnd)
	j.ld(asm.R2, j.c)
	g.emit(asm.Sub.Imm(asm.R1, 1), asm.And.Reg(asm.R2, asm.R1), asm.Xor.Reg(asm.R2, asm.R3))
	j.isZero(asm.R2)
	j.bit(asm.R1, jbCompare)
	g.emit(asm.Xor.Imm(asm.R1, 1), asm.Or.Reg(asm.R2, asm.R1))
	j.bit(asm.R1, jbKeyStart)
	j.ld(asm.R3, j.keyok)
	g.emit(asm.Or.Reg(asm.R3, asm.R1), asm.And.Reg(asm.R3, asm.R2))
	j.put(j.keyok, asm.R3)
	j.bit(asm.R1, jbKeyEnd)
	j.ld(asm.R2, j.found)
	g.emit(asm.And.Reg(asm.R3, asm.R1), asm.Or.Reg(asm.R2, asm.R3))
	j.put(j.found, asm.R2)
}

// counters counts the braces and brackets open in a value skipped or
// collected (the '{' or '[' that starts it too, unless descending); a
// close with none open is malformed. When both come back to 0, the
// value is closed.
func (j *jsonGen) counters() {
	g := j.g
	j.ld(asm.R5, j.descend)
	g.emit(asm.Xor.Imm(asm.R5, 1))
	for _, c := range []struct{ slot, in, out int }{{j.braces, jbBraceIn, jbBraceOut}, {j.brackets, jbBracketIn, jbBracketOut}} {
		j.ld(asm.R3, c.slot)
		g.emit(asm.Mov.Reg(asm.R4, asm.R3))
		j.isZero(asm.R4)
		j.bit(asm.R1, c.out)
		g.emit(asm.And.Reg(asm.R4, asm.R1), asm.Sub.Reg(asm.R3, asm.R1))
		j.bit(asm.R1, c.in)
		g.emit(asm.And.Reg(asm.R1, asm.R5), asm.Add.Reg(asm.R3, asm.R1))
		j.put(c.slot, asm.R3)
		g.stay(asm.JEq.Imm(asm.R4, 0, ""), j.null)
	}
	j.ld(asm.R3, j.braces)
	j.ld(asm.R4, j.brackets)
	g.emit(asm.Or.Reg(asm.R3, asm.R4))
	j.isZero(asm.R3)
	j.bit(asm.R1, jbClose)
	g.emit(asm.And.Reg(asm.R3, asm.R1))
	j.put(j.closed, asm.R3)
}

// identifier checks, where an identifier ends, that the result buffer
// holds true, false or null: a word, masked to dd bytes, compared.
func (j *jsonGen) identifier() {
	g := j.g
	word := func(s string) int64 {
		var w int64
		for i := len(s) - 1; i >= 0; i-- {
			w = w<<8 | int64(s[i])
		}
		return w
	}
	// is sets R3 to whether dd is n and the first n bytes are one of
	// words, using R1 (the buffer's first word), R2 and R4.
	is := func(n int, words ...string) {
		g.emit(asm.Mov.Reg(asm.R2, asm.R1), asm.LSh.Imm(asm.R2, int32(64-8*n)), asm.RSh.Imm(asm.R2, int32(64-8*n)),
			asm.Mov.Imm(asm.R3, 0))
		for _, w := range words {
			g.emit(loadImm(asm.R4, word(w)), asm.Xor.Reg(asm.R4, asm.R2))
			j.isZero(asm.R4)
			g.emit(asm.Or.Reg(asm.R3, asm.R4))
		}
		j.ld(asm.R4, j.dd)
		g.emit(asm.Xor.Imm(asm.R4, int32(n)))
		j.isZero(asm.R4)
		g.emit(asm.And.Reg(asm.R3, asm.R4))
	}
	g.emit(asm.LoadMem(asm.R1, regScratch, int16(j.dest), asm.DWord))
	is(5, "false")
	g.emit(asm.Mov.Reg(asm.R5, asm.R3))
	is(4, "true", "null")
	g.emit(asm.Or.Reg(asm.R5, asm.R3), asm.Xor.Imm(asm.R5, 1))
	j.bit(asm.R1, jbIdentEnd)
	g.emit(asm.And.Reg(asm.R5, asm.R1))
	g.stay(asm.JEq.Imm(asm.R5, 0, ""), j.null)
}

// nextState stores the step's next state, or the state after a
// descent, after a value closed (a ','), or after a ',' in an array
// (the next value, not the next key).
func (j *jsonGen) nextState() {
	g := j.g
	j.ld(asm.R0, j.step)
	j.ld(asm.R3, j.descend)
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R0), asm.And.Imm(asm.R1, jsonSlots-1),
		asm.Mov.Reg(asm.R2, asm.R0), asm.RSh.Imm(asm.R2, jsonDescendShift), asm.And.Imm(asm.R2, jsonSlots-1),
		asm.Sub.Reg(asm.R2, asm.R1), asm.Mul.Reg(asm.R2, asm.R3), asm.Add.Reg(asm.R1, asm.R2),
	)
	j.ld(asm.R2, j.closed)
	g.emit(asm.Mul.Imm(asm.R2, jsonComma-jsonCollect), asm.Add.Reg(asm.R1, asm.R2))
	j.ld(asm.R2, j.comma)
	g.emit(asm.Mul.Imm(asm.R2, jsonValue-jsonObject), asm.Add.Reg(asm.R1, asm.R2))
	j.put(j.st, asm.R1)
}

// array moves to the next element after a descent, and keeps the array
// position: it starts at 0 in an array entered (the top-level one, or
// one descended into), where the element's index is the one selected,
// and a ',' in an array selects the next value if it reaches the index.
// Entering an object clears the selection until a key matches.
func (j *jsonGen) array() {
	g := j.g
	j.ld(asm.R3, j.descend)
	j.ld(asm.R1, j.eidx)
	g.emit(asm.Add.Reg(asm.R1, asm.R3))
	j.put(j.eidx, asm.R1)
	j.ld(asm.R1, j.nrem)
	g.emit(asm.Sub.Reg(asm.R1, asm.R3))
	j.put(j.nrem, asm.R1)
	// R4: an array entered; R5: an object entered.
	j.bit(asm.R1, jbOpenArray)
	j.bit(asm.R2, jbArray)
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R3), asm.And.Reg(asm.R4, asm.R1), asm.Or.Reg(asm.R4, asm.R2),
		asm.Mov.Reg(asm.R5, asm.R1), asm.Xor.Imm(asm.R5, 1), asm.And.Reg(asm.R5, asm.R3),
	)
	j.elemEntry(asm.R1, true)
	j.ld(asm.R2, j.apos)
	j.ld(asm.R0, j.comma)
	g.emit(asm.Add.Reg(asm.R2, asm.R0), asm.Mov.Reg(asm.R0, asm.R4), asm.Sub.Imm(asm.R0, 1), asm.And.Reg(asm.R2, asm.R0))
	j.put(j.apos, asm.R2)
	j.ld(asm.R3, j.aelem)
	g.emit(asm.Sub.Reg(asm.R1, asm.R3), asm.Mul.Reg(asm.R1, asm.R4), asm.Add.Reg(asm.R3, asm.R1))
	j.put(j.aelem, asm.R3)
	// found |= comma && apos == aelem; entering an array: aelem == 0;
	// entering an object: 0.
	g.emit(asm.Xor.Reg(asm.R2, asm.R3))
	j.isZero(asm.R2)
	j.ld(asm.R0, j.comma)
	g.emit(asm.And.Reg(asm.R2, asm.R0))
	j.ld(asm.R0, j.found)
	g.emit(asm.Or.Reg(asm.R0, asm.R2), asm.Mov.Reg(asm.R1, asm.R3))
	j.isZero(asm.R1)
	g.emit(asm.Sub.Reg(asm.R1, asm.R0), asm.Mul.Reg(asm.R1, asm.R4), asm.Add.Reg(asm.R0, asm.R1),
		asm.Xor.Imm(asm.R5, 1), asm.And.Reg(asm.R0, asm.R5))
	j.put(j.found, asm.R0)
	j.ld(asm.R2, j.inArr)
	g.emit(asm.And.Reg(asm.R2, asm.R5), asm.Or.Reg(asm.R2, asm.R4))
	j.put(j.inArr, asm.R2)
}

// result leaves in R0 the result buffer, cut at dd and NUL-padded, if
// the selector ends at the value found, else the null string.
func (j *jsonGen) result() {
	g := j.g
	end := g.newLabel()
	g.mark(j.found1)
	j.ld(asm.R1, j.nrem)
	g.emit(asm.Mov.Imm(asm.R2, 1), asm.Sub.Reg(asm.R2, asm.R1), asm.RSh.Imm(asm.R2, 63))
	g.stay(asm.JEq.Imm(asm.R2, 0, ""), j.null)
	j.ld(asm.R4, j.dd)
	loop, done := g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R9, 0))
	g.mark(loop)
	g.stay(asm.JLT.Imm(asm.R9, int32(j.size), ""), done)
	g.emit(
		asm.Mov.Reg(asm.R1, asm.R9), asm.Sub.Reg(asm.R1, asm.R4), asm.ArSh.Imm(asm.R1, 63),
		asm.Mov.Reg(asm.R2, regScratch), asm.Add.Reg(asm.R2, asm.R9),
		asm.LoadMem(asm.R3, asm.R2, int16(j.dest), asm.Byte), asm.And.Reg(asm.R3, asm.R1),
		asm.StoreMem(asm.R2, int16(j.dest), asm.R3, asm.Byte),
		asm.Add.Imm(asm.R9, 1), asm.Ja.Label(loop),
	)
	g.mark(done)
	g.result(j.dest)
	g.emit(asm.Ja.Label(end))
	g.mark(j.null)
	g.nullString()
	g.mark(end)
}

// The states of json()'s machine, after illumos's: the top level, an
// object's key, the ':' after it, the ',' after a value, a value, the
// bytes of an identifier or number, a value being skipped or collected
// whole, and strings. A string is three runs of six states: a key, a
// value, or a string inside a value being skipped or collected; in each
// the string's bytes, after a '\', and after "\u" and 0 to 3 hex digits.
const (
	jsonRest = iota
	jsonObject
	jsonColon
	jsonComma
	jsonValue
	jsonIdent
	jsonNumber
	jsonFrac
	jsonExp
	jsonCollect
	jsonKey
	jsonString = jsonKey + 6
	jsonInner  = jsonString + 6
	jsonStates = jsonInner + 6

	jsonSlots = 32 // states and classes, each a power of 2 for the verifier
)

// The classes of bytes: those some state tells apart.
const (
	jcNUL = iota
	jcSpace
	jcLBrace
	jcRBrace
	jcLBracket
	jcRBracket
	jcQuote
	jcBackslash
	jcColon
	jcComma
	jcDigit
	jcMinus
	jcPlus
	jcDot
	jcLowE
	jcUpE
	jcLowX
	jcUpX
	jcLowU
	jcLowHex // a-f but e
	jcUpHex  // A-F but E
	jcLower  // other lower-case letters
	jcOther
)

// A step is a uint32: the next state, the state after descending into
// the value a '{' or '[' opens, and flags.
const jsonDescendShift = 5

const (
	jbWrite      = 10 + iota // write the byte to the result, advancing
	jbCompare                // compare it with the element (a key's byte)
	jbKeyEnd                 // a key ends: selected if the element ends too
	jbKeyStart               // a key starts, matching so far
	jbReset                  // start the result buffer over
	jbValueEnd               // a value ends: the result if selected
	jbIdentEnd               // ... and it must be true, false or null
	jbComma                  // a ',' after a value: in an array, the next one
	jbArray                  // the top-level array starts
	jbOpen                   // a value's '{' or '[': descend if selected
	jbOpenArray              // ... it is a '['
	jbClose                  // a '}' or ']' in a value skipped or collected
	jbError                  // malformed (or the NUL): NULL
	jbErrorAfter             // malformed, unless the value ending was selected
	jbBraceIn
	jbBraceOut
	jbBracketIn
	jbBracketOut
)

// jsonClasses gives each byte's class; isspace() is illumos's kernel
// one, without '\v'.
var jsonClasses = func() (t [256]byte) {
	for c := range 256 {
		t[c] = jcOther
		switch {
		case c >= '0' && c <= '9':
			t[c] = jcDigit
		case c >= 'a' && c <= 'z':
			t[c] = jcLower
			if c <= 'f' {
				t[c] = jcLowHex
			}
		case c >= 'A' && c <= 'F':
			t[c] = jcUpHex
		}
	}
	for c, cl := range map[byte]byte{0: jcNUL, ' ': jcSpace, '\t': jcSpace, '\n': jcSpace, '\r': jcSpace, '\f': jcSpace,
		'{': jcLBrace, '}': jcRBrace, '[': jcLBracket, ']': jcRBracket, '"': jcQuote, '\\': jcBackslash,
		':': jcColon, ',': jcComma, '-': jcMinus, '+': jcPlus, '.': jcDot,
		'e': jcLowE, 'E': jcUpE, 'x': jcLowX, 'X': jcUpX, 'u': jcLowU} {
		t[c] = cl
	}
	return t
}()

func jsonIsLower(cl int) bool {
	return cl == jcLowE || cl == jcLowX || cl == jcLowU || cl == jcLowHex || cl == jcLower
}

func jsonIsHex(cl int) bool {
	return cl == jcDigit || cl == jcLowE || cl == jcUpE || cl == jcLowHex || cl == jcUpHex
}

// jsonStep is the step from state st on a byte of class cl: the rules
// of dtrace_json(), state by state.
func jsonStep(st, cl int) uint32 {
	to := func(next int, flags ...int) uint32 {
		w := uint32(next)
		for _, f := range flags {
			w |= 1 << f
		}
		return w
	}
	fail := to(0, jbError)
	// After a number or identifier, its end is checked and the byte is
	// read as the ',' state reads it.
	after := func(flags ...int) uint32 {
		flags = append(flags, jbValueEnd)
		switch cl {
		case jcSpace:
			return to(jsonComma, append(flags, jbReset)...)
		case jcComma:
			return to(jsonObject, append(flags, jbReset, jbComma)...)
		}
		return to(0, append(flags, jbErrorAfter)...)
	}
	if cl == jcNUL || cl > jcOther || st >= jsonStates {
		return fail
	}
	switch st {
	case jsonRest:
		switch cl {
		case jcSpace:
			return to(jsonRest)
		case jcLBrace:
			return to(jsonObject)
		case jcLBracket:
			return to(jsonValue, jbArray)
		}
	case jsonObject:
		switch cl {
		case jcSpace:
			return to(jsonObject)
		case jcQuote:
			return to(jsonKey, jbKeyStart)
		}
	case jsonColon:
		switch cl {
		case jcSpace:
			return to(jsonColon)
		case jcColon:
			return to(jsonValue)
		}
	case jsonComma:
		switch cl {
		case jcSpace:
			return to(jsonComma)
		case jcComma:
			return to(jsonObject, jbComma)
		}
	case jsonValue:
		switch {
		case cl == jcSpace:
			return to(jsonValue)
		case cl == jcLBrace:
			return to(jsonCollect, jbWrite, jbOpen, jbBraceIn) | jsonObject<<jsonDescendShift
		case cl == jcLBracket:
			return to(jsonCollect, jbWrite, jbOpen, jbOpenArray, jbBracketIn) | jsonValue<<jsonDescendShift
		case cl == jcQuote:
			return to(jsonString)
		case jsonIsLower(cl):
			return to(jsonIdent, jbWrite)
		case cl == jcMinus || cl == jcDigit:
			return to(jsonNumber, jbWrite)
		}
	case jsonIdent:
		if jsonIsLower(cl) {
			return to(jsonIdent, jbWrite)
		}
		return after(jbIdentEnd)
	case jsonNumber, jsonFrac, jsonExp:
		switch {
		case cl == jcDot && st == jsonNumber:
			return to(jsonFrac, jbWrite)
		case (cl == jcLowX || cl == jcUpX) && st == jsonNumber:
			return fail
		case (cl == jcLowE || cl == jcUpE) && st != jsonExp:
			return to(jsonExp, jbWrite)
		case (cl == jcPlus || cl == jcMinus) && st != jsonExp:
			return fail
		case cl == jcDigit || cl == jcPlus || cl == jcMinus:
			return to(st, jbWrite)
		}
		return after()
	case jsonCollect:
		switch cl {
		case jcQuote:
			return to(jsonInner, jbWrite)
		case jcRBracket:
			return to(jsonCollect, jbWrite, jbBracketOut, jbClose)
		case jcRBrace:
			return to(jsonCollect, jbWrite, jbBraceOut, jbClose)
		case jcLBracket:
			return to(jsonCollect, jbWrite, jbBracketIn)
		case jcLBrace:
			return to(jsonCollect, jbWrite, jbBraceIn)
		}
		return to(jsonCollect, jbWrite)
	default:
		return jsonStringStep(st, cl, to, fail)
	}
	return fail
}

// jsonStringStep is the step in a string: a key's bytes are compared
// with the element, a value's end is the result if selected, and a
// string in a value being collected is part of it, quotes and all.
func jsonStringStep(st, cl int, to func(int, ...int) uint32, fail uint32) uint32 {
	base := jsonKey + (st-jsonKey)/6*6
	var keep []int // the flags of a byte of the string
	switch base {
	case jsonKey:
		keep = []int{jbWrite, jbCompare}
	default:
		keep = []int{jbWrite}
	}
	switch sub := st - base; {
	case sub == 0 && cl == jcBackslash:
		return to(base+1, keep...)
	case sub == 0 && cl == jcQuote:
		switch base {
		case jsonKey:
			return to(jsonColon, jbCompare, jbKeyEnd, jbReset)
		case jsonString:
			return to(jsonComma, jbValueEnd, jbReset)
		}
		return to(jsonCollect, jbWrite)
	case sub == 0:
		return to(base, keep...)
	case sub == 1 && cl == jcLowU:
		return to(base+2, keep...)
	case sub == 1:
		return to(base, keep...)
	case jsonIsHex(cl) && sub == 5:
		return to(base, keep...)
	case jsonIsHex(cl):
		return to(st+1, keep...)
	}
	return fail
}

// jsonSteps is the step table in rodata: little-endian uint32s indexed
// by state * 32 + class.
var jsonSteps = func() (t [jsonSlots * jsonSlots * 4]byte) {
	for st := range jsonSlots {
		for cl := range jsonSlots {
			w := jsonStep(st, cl)
			off := 4 * (st*jsonSlots + cl)
			t[off], t[off+1], t[off+2], t[off+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
		}
	}
	return t
}()

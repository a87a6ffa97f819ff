package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// Struct and array variables are memory the program owns: a member or
// element of one is read like kernel memory (its address is a map
// value's) and written with direct stores, which the verifier checks
// against the map's bounds. An element index is checked against the
// array's length first, so that a store can never land outside the
// variable: DTrace faults on such an access with "invalid address".
//
// A dynamic one (self->s, a[k]) is its map's value. Reading one that does
// not exist reads a zero block in rodata instead, so it reads as zeros,
// as a scalar dynamic variable reads as 0. Storing into one creates it
// zero-filled first, since DTrace allocates a dynamic variable at its
// first store; a store that finds the space full is dropped and counted
// as a dynamic variable drop. Storing into a member never frees the
// variable, nor does copying a whole struct into it, even of zeros: a
// struct is passed by reference, and DTrace frees a dynamic variable when
// the value stored is zero, which an address never is. Assigning it the
// constant 0 frees it, as Oracle's DTrace allows. (illumos faults on a
// member of an unset one, reading or writing at the member's offset from
// address 0.)

// isAggregate reports whether t is a struct or array type.
func isAggregate(t check.Type) bool {
	r := t.Kind
	return r == check.Struct || r == check.Array
}

// isVarMemory reports whether e names a struct or array variable, or
// memory inside one reached without going through a pointer.
func (g *gen) isVarMemory(e ast.Expr) bool {
	e = ast.Unparen(e)
	if v := g.c.info.Vars[e]; v != nil {
		return isAggregate(v.Type)
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		_, member := g.c.info.Members[e]
		return member && e.Op == token.DOT && g.isVarMemory(e.X)
	case *ast.IndexExpr:
		return g.typeOf(e.X).Kind == check.Array && g.isVarMemory(e.X)
	}
	return false
}

// varAddr leaves in R0 the address of a struct or array variable's
// storage for reading: its place in the globals map or in scratch
// memory, its dynamic variable's map value, or zeros if that does not
// exist.
func (g *gen) varAddr(e ast.Expr) {
	v, loc := g.varOf(e)
	switch {
	case loc.mapName != "":
		g.lookupOrZero(loc.mapName, g.dynKey(e, v, loc), g.zeroBlock(loc.valSize))
	case v.Kind == check.Global:
		g.emit(asm.LoadMapValue(asm.R0, 0, uint32(loc.off)).WithReference(spec.MapGlobals))
	default:
		g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(loc.off)))
	}
}

// boundIndex faults unless the index in R0 is within an array of n
// elements, with Oracle DTrace's "index out of bounds" whose value is
// the index.
func (g *gen) boundIndex(n int) {
	ok := g.newLabel()
	g.emit(asm.JLT.Imm(asm.R0, int32(n), ok), asm.StoreMem(asm.R10, stackKey, asm.R0, asm.DWord))
	g.raiseWith(spec.FaultBadIndex)
	g.mark(ok)
}

// zeroBlock returns the rodata offset of at least n zero bytes: the
// shared zero block, or a block of its own for a larger variable.
func (g *gen) zeroBlock(n int) int {
	if n <= g.c.layout.zeroSize {
		return g.c.layout.zero
	}
	return g.c.literal("", n)
}

// storeMem stores R0, a value of type t, into the variable memory x
// names, leaving the value in R0.
func (g *gen) storeMem(x ast.Expr, t check.Type) {
	var m check.Member
	if s, ok := ast.Unparen(x).(*ast.SelectorExpr); ok {
		m = g.c.info.Members[s]
	}
	if m.BitSize > 0 && (g.c.info.AllocaMem[x] || !g.isVarMemory(x)) {
		g.failTag(x, tag.UnsupportedBitfieldMem)
		return
	}
	if g.c.info.AllocaMem[x] {
		g.allocaStore(x, t)
		return
	}
	if !g.isVarMemory(x) {
		g.failTag(x, tag.UnsupportedKernelStore)
		return
	}
	if m.BitSize == 0 {
		g.normalize(asm.R0, t)
	}
	val := g.push()
	dropped, done := g.newLabel(), g.newLabel()
	dynamic := g.storeAddr(x, dropped)
	g.pop(asm.R1)
	if m.BitSize > 0 {
		g.storeBits(m, t)
	} else {
		g.emit(asm.StoreMem(asm.R0, 0, asm.R1, sizeOf(t.Size)), asm.Mov.Reg(asm.R0, asm.R1))
	}
	if dynamic {
		// A dropped store still yields its value.
		g.emit(asm.Ja.Label(done))
		g.mark(dropped)
		g.emit(asm.LoadMem(asm.R0, asm.R10, val, asm.DWord))
		g.mark(done)
	}
}

// memTarget finds, once, the variable memory x names for a compound
// assignment or ++/-- to read and then write, and keeps its address in
// a new temporary, whose stack offset it returns. A dynamic variable is
// created zero-filled first, as the store that follows would create it.
// If there is no room, the drop is counted and the target is a zeroed
// scratch word: the expression still yields its value, as a dropped
// store does, and nothing is stored.
func (g *gen) memTarget(x ast.Expr) int16 {
	if s, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && g.c.info.Members[s].BitSize > 0 {
		g.failTag(x, tag.UnsupportedBitfieldVar)
	}
	dropped, done := g.newLabel(), g.newLabel()
	if g.storeAddr(x, dropped) {
		g.emit(asm.Ja.Label(done))
		g.mark(dropped)
		spare := g.tmp(8)
		g.emit(storeImm64(regScratch, int16(spare), 0), asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(spare)))
		g.mark(done)
	}
	return g.push()
}

// loadMemTarget loads the value of type t at the address kept in the
// temporary slot.
func (g *gen) loadMemTarget(slot int16, t check.Type) {
	g.emit(asm.LoadMem(asm.R1, asm.R10, slot, asm.DWord), asm.LoadMem(asm.R0, asm.R1, 0, sizeOf(t.Size)))
	g.normalize(asm.R0, t)
}

// storeMemTarget stores R0, a value of type t, at the address kept in
// the temporary slot, leaving the value in R0.
func (g *gen) storeMemTarget(slot int16, t check.Type) {
	g.normalize(asm.R0, t)
	g.emit(asm.LoadMem(asm.R1, asm.R10, slot, asm.DWord), asm.StoreMem(asm.R1, 0, asm.R0, sizeOf(t.Size)))
}

// copyVar assigns a whole struct or array: x = y copies y's bytes,
// from a variable or from kernel memory, into the variable x. A dynamic
// x assigned 0 (the checker allows nothing else of integer type) is
// freed instead.
func (g *gen) copyVar(x, y ast.Expr, t check.Type) {
	if !g.isVarMemory(x) {
		g.failTag(x, tag.UnsupportedValue, t)
		return
	}
	if g.typeOf(y).Kind == check.Int {
		g.freeDyn(x)
		return
	}
	g.memAddr(y, t.Size)
	g.push()
	dropped := g.newLabel()
	dynamic := g.storeAddr(x, dropped)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	g.read(func() {}, t.Size, g.userland(y), false)
	if dynamic {
		g.mark(dropped)
	}
}

// storeAddr leaves in R0 the address of the variable memory x names, to
// store into: a dynamic variable is created if need be. If there is no
// room for it, the drop is counted and the code jumps to dropped; the
// result says whether it can (the variable is dynamic).
func (g *gen) storeAddr(x ast.Expr, dropped string) (dynamic bool) {
	x = ast.Unparen(x)
	if v, loc := g.varOf(x); v != nil {
		if loc.mapName == "" {
			g.varAddr(x)
			return false
		}
		g.dynCreate(x, v, loc, dropped)
		return true
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		dynamic = g.storeAddr(x.X, dropped)
		if m := g.c.info.Members[x]; m.Off != 0 {
			g.emit(asm.Add.Imm(asm.R0, int32(m.Off)))
		}
	case *ast.IndexExpr:
		dynamic = g.storeAddr(x.X, dropped)
		g.push()
		g.expr(x.Keys[0])
		g.boundIndex(g.typeOf(x.X).Len)
		if n := g.typeOf(x).Size; n != 1 {
			g.emit(asm.Mul.Imm(asm.R0, int32(n)))
		}
		g.pop(asm.R1)
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
	}
	return dynamic
}

// dynCreate leaves in R0 the map value of the dynamic variable e,
// creating it zero-filled if it does not exist; a full map is a dynamic
// variable drop, going on at dropped.
func (g *gen) dynCreate(e ast.Expr, v *check.Var, loc varLoc, dropped string) {
	key := g.dynKey(e, v, loc)
	g.lookupOrCreate(loc.mapName, key, g.zeroBlock(loc.valSize), g.countDynDrop, dropped)
}

// freeDyn deletes the dynamic variable x, leaving 0 in R0.
func (g *gen) freeDyn(x ast.Expr) {
	v, loc := g.varOf(x)
	g.mapKey(loc.mapName, g.dynKey(x, v, loc))
	g.emit(asm.FnMapDeleteElem.Call(), asm.Mov.Imm(asm.R0, 0))
}

// storeBits stores R1 into bit-field m of the struct member whose bytes
// start at R0, leaving in R0 the value the field now holds (cut to its
// width and extended by its type's signedness). The field's bytes are
// rewritten one at a time, so that a field of any width and offset
// touches only the bytes it occupies. It uses R1-R3.
func (g *gen) storeBits(m check.Member, t check.Type) {
	mask := uint64(1)<<uint(m.BitSize) - 1
	if m.BitSize >= 64 {
		mask = ^uint64(0)
	}
	g.emit(
		asm.LoadImm(asm.R2, int64(mask), asm.DWord),
		asm.And.Reg(asm.R1, asm.R2),
		asm.LSh.Imm(asm.R1, int32(m.BitOff)),
	)
	field := mask << uint(m.BitOff)
	for i := 0; i < (m.BitOff+m.BitSize+7)/8; i++ {
		bm := int32(byte(field >> (8 * i)))
		if bm == 0 {
			continue
		}
		g.emit(
			asm.LoadMem(asm.R2, asm.R0, int16(i), asm.Byte),
			asm.And.Imm(asm.R2, ^bm&0xff),
			asm.Mov.Reg(asm.R3, asm.R1),
			asm.RSh.Imm(asm.R3, int32(8*i)),
			asm.And.Imm(asm.R3, bm),
			asm.Or.Reg(asm.R2, asm.R3),
			asm.StoreMem(asm.R0, int16(i), asm.R2, asm.Byte),
		)
	}
	// The value, as a read of the field would give it.
	g.emit(
		asm.Mov.Reg(asm.R0, asm.R1),
		asm.LSh.Imm(asm.R0, int32(64-m.BitOff-m.BitSize)),
	)
	if t.Signed {
		g.emit(asm.ArSh.Imm(asm.R0, int32(64-m.BitSize)))
	} else {
		g.emit(asm.RSh.Imm(asm.R0, int32(64-m.BitSize)))
	}
}

// storeMemString copies the string at R0, in a buffer of src.Size
// bytes, into the string member (or element) of a D variable that x
// names, as DTrace stores a string: by value, NUL-padded. It leaves the
// member's address in R0.
func (g *gen) storeMemString(x ast.Expr, src check.Type) {
	t := g.typeOf(x)
	if !g.isVarMemory(x) {
		g.failTag(x, tag.UnsupportedKernelStore)
		return
	}
	val := g.push()
	dropped, done := g.newLabel(), g.newLabel()
	dynamic := g.storeAddr(x, dropped)
	g.emit(asm.Mov.Reg(asm.R9, asm.R0), asm.LoadMem(asm.R8, asm.R10, val, asm.DWord))
	g.copyString(roundUp(src.Size, 8), t.Size)
	g.emit(asm.Mov.Reg(asm.R0, asm.R9))
	if dynamic {
		g.emit(asm.Ja.Label(done))
		g.mark(dropped)
		g.emit(asm.LoadMem(asm.R0, asm.R10, val, asm.DWord))
		g.mark(done)
	}
	g.pop(asm.R1)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// BPF_ANY and BPF_NOEXIST, the map update flags.
const (
	updateAny     = 0
	updateNoExist = 1
)

func (g *gen) varOf(e ast.Expr) (*check.Var, varLoc) {
	v := g.c.info.Vars[e]
	return v, g.c.vars[v]
}

// loadVar loads a variable's value (or a string's address) into R0.
// An absent dynamic variable reads as 0 or "".
func (g *gen) loadVar(e ast.Expr) {
	v, loc := g.varOf(e)
	if v == nil {
		g.failTag(e, tag.InternalVar)
		return
	}
	if v.Type.Kind == check.Float && v.Type.Size > 8 {
		// A long double is declared and holds 0, but no register
		// holds it.
		g.failTag(e, tag.UnsupportedValue, v.Type)
		return
	}
	str := v.Type.Kind == check.String
	switch {
	case loc.mapName != "":
		g.loadDyn(loc, g.dynKey(e, v, loc), str)
	case v.Kind == check.Global:
		g.emit(asm.LoadMapValue(asm.R0, 0, uint32(loc.off)).WithReference(spec.MapGlobals))
		if !str {
			g.emit(asm.LoadMem(asm.R0, asm.R0, 0, asm.DWord))
		}
	default: // clause-local
		if str {
			g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(loc.off)))
		} else {
			g.emit(asm.LoadMem(asm.R0, regScratch, int16(loc.off), asm.DWord))
		}
	}
}

// loadDyn loads the dynamic variable whose key is at the scratch offset
// key: its value, or the address of its string, or 0 if absent. An
// absent string reads as NULL, as in Oracle DTrace (illumos reads ""):
// a block holding the NULL mark (nullstring.go).
func (g *gen) loadDyn(loc varLoc, key int, str bool) {
	if str {
		g.lookupOrZero(loc.mapName, key, g.c.nullVarBlock())
		return
	}
	g.lookupOrZero(loc.mapName, key, g.c.layout.zero)
	g.emit(asm.LoadMem(asm.R0, asm.R0, 0, asm.DWord))
}

// mapKey sets the first two arguments of a map helper: R1 the map, R2
// the key at the scratch offset key.
func (g *gen) mapKey(mapName string, key int) {
	g.emit(
		asm.LoadMapPtr(asm.R1, 0).WithReference(mapName),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Imm(asm.R2, int32(key)),
	)
}

// lookup calls bpf_map_lookup_elem(map, scratch+key) leaving the value
// pointer (or NULL) in R0.
func (g *gen) lookup(mapName string, key int) {
	g.mapKey(mapName, key)
	g.emit(asm.FnMapLookupElem.Call())
}

// lookupOrZero leaves in R0 the value of the map's element whose key is
// at the scratch offset key, or the address of the rodata block at zero
// if there is none: an absent dynamic variable reads as zeros.
func (g *gen) lookupOrZero(mapName string, key, zero int) {
	found := g.newLabel()
	g.lookup(mapName, key)
	g.emit(
		asm.JNE.Imm(asm.R0, 0, found),
		asm.LoadMapValue(asm.R0, 0, uint32(zero)).WithReference(spec.MapRodata),
	)
	g.mark(found)
}

// lookupOrCreate leaves in R0 the value of the map's element whose key
// is at the scratch offset key, creating it from the rodata block at zero
// if it does not exist. BPF_NOEXIST keeps a value that another CPU created
// meanwhile; the lookup that follows finds either. A full map fails both:
// drop emits the code that counts it, and the code goes on at the label
// full.
func (g *gen) lookupOrCreate(mapName string, key, zero int, drop func(), full string) {
	found := g.newLabel()
	g.lookup(mapName, key)
	g.emit(asm.JNE.Imm(asm.R0, 0, found))
	g.mapKey(mapName, key)
	g.emit(
		asm.LoadMapValue(asm.R3, 0, uint32(zero)).WithReference(spec.MapRodata),
		asm.Mov.Imm(asm.R4, updateNoExist),
		asm.FnMapUpdateElem.Call(),
	)
	g.lookup(mapName, key)
	g.emit(asm.JNE.Imm(asm.R0, 0, found))
	drop()
	g.emit(asm.Ja.Label(full))
	g.mark(found)
}

// dynKey builds the key of a dynamic variable in a scratch buffer and
// returns its scratch offset: the current thread for self->, then the
// associative array keys.
func (g *gen) dynKey(e ast.Expr, v *check.Var, loc varLoc) int {
	key := g.tmp(loc.keySize)
	if v.Kind == check.ThreadLocal {
		g.emit(asm.FnGetCurrentTask.Call(), asm.StoreMem(regScratch, int16(key), asm.R0, asm.DWord))
	}
	var keys []ast.Expr
	if ix, ok := e.(*ast.IndexExpr); ok {
		keys = ix.Keys
	}
	g.buildKey(key, loc.keys, keys)
	if len(loc.keys) == 0 && v.Kind != check.ThreadLocal {
		g.emit(storeImm64(regScratch, int16(key), 0))
	}
	return key
}

// defaultTupleRegs is the tregs option's default, DTrace's DIF_DTR_NREGS.
const defaultTupleRegs = 8

// maxTuple is the most members a tuple (the keys of an associative array
// or an aggregation) may have: DTrace assembles one in its tuple
// registers, and refuses a member numbered (from 0) beyond their count,
// so a tuple may have one member more than there are registers.
func (c *compiler) maxTuple() int {
	if c.cfg.TupleRegs <= 0 {
		return defaultTupleRegs + 1
	}
	return c.cfg.TupleRegs + 1
}

// tupleFits refuses a tuple of more members than DTrace can assemble,
// with its words (EDT_NOTUPREG, reported without a line).
func (g *gen) tupleFits(keys []ast.Expr) {
	if len(keys) > g.c.maxTuple() && g.err == nil {
		g.err = &Error{Msg: "Insufficient tuple registers to generate code", NoLine: true}
	}
}

// buildKey evaluates key expressions into their slots of a key buffer.
func (g *gen) buildKey(key int, items []spec.Item, keys []ast.Expr) {
	g.tupleFits(keys)
	for i, k := range keys {
		it := items[i]
		if it.String && g.commInto(key+it.Off, it.Size, k) {
			continue
		}
		if it.Bytes {
			g.structKey(key+it.Off, it.Size, k)
			continue
		}
		g.expr(k)
		if it.String {
			g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(key+it.Off)))
			g.copyString(roundUp(g.typeOf(k).Size, 8), it.Size)
		} else {
			g.emit(asm.StoreMem(regScratch, int16(key+it.Off), asm.R0, asm.DWord))
		}
	}
}

// structKey copies the struct or union k names into the n bytes at
// scratch offset off, and zeroes the rest of its 8-byte slots: equal
// bytes are the same key, as in Oracle DTrace (padding included, which
// is zero in a D variable).
func (g *gen) structKey(off, n int, k ast.Expr) {
	for i := n &^ 7; i < roundUp(n, 8); i += 8 {
		g.emit(storeImm64(regScratch, int16(off+i), 0))
	}
	g.memAddr(k, n)
	g.read(func() {
		g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(off)))
	}, n, g.userland(k), false)
}

// commInto generates key expression k straight into the n bytes at
// scratch offset off if k is execname and they can hold all of it:
// the kernel's comm is NUL-terminated within its 16 bytes, so writing
// it in place leaves what the copy from execname's own buffer would,
// for two fewer loads and stores per word. execname is the most common
// aggregation key, on probes that fire the most.
func (g *gen) commInto(off, n int, k ast.Expr) bool {
	id, ok := k.(*ast.Ident)
	if !ok || n < commLen || g.c.cfg.StrSize < commLen-1 {
		return false
	}
	if b, ok := g.c.info.Builtins[id]; !ok || b != check.BExecname {
		return false
	}
	g.commAt(off)
	for i := commLen; i < n; i += 8 {
		g.emit(storeImm64(regScratch, int16(off+i), 0))
	}
	return true
}

// commAt has the kernel write the current thread's comm (execname),
// NUL-padded to commLen bytes, at scratch offset off.
func (g *gen) commAt(off int) {
	g.emit(
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, commLen),
		asm.FnGetCurrentComm.Call(),
	)
}

// storeVar stores R0, a value of type src, into the variable e. On
// return R0 holds the stored value (an integer, or the address of the
// stored string).
func (g *gen) storeVar(e ast.Expr, src check.Type) {
	v, loc := g.varOf(e)
	if v == nil {
		g.failTag(e, tag.InternalVar)
		return
	}
	str := v.Type.Kind == check.String
	if !str {
		g.normalize(asm.R0, v.Type)
	}
	switch {
	case loc.mapName != "":
		g.push()
		key := g.dynKey(e, v, loc)
		g.pop(asm.R0)
		g.storeDyn(v, loc, key, roundUp(src.Size, 8))
	case v.Kind == check.Global:
		if str {
			g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.LoadMapValue(asm.R9, 0, uint32(loc.off)).WithReference(spec.MapGlobals))
			g.copyString(roundUp(src.Size, 8), loc.valSize)
			g.markNull()
			return
		}
		g.emit(asm.LoadMapValue(asm.R1, 0, uint32(loc.off)).WithReference(spec.MapGlobals), asm.StoreMem(asm.R1, 0, asm.R0, asm.DWord))
	default:
		if str {
			g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(loc.off)))
			g.copyString(roundUp(src.Size, 8), loc.valSize)
			g.markNull()
			return
		}
		g.emit(asm.StoreMem(regScratch, int16(loc.off), asm.R0, asm.DWord))
	}
}

// storeDyn stores R0 into the dynamic variable whose key is at the
// scratch offset key. Storing 0 deletes it, as DTrace frees a dynamic
// variable assigned zero; a string variable is deleted when assigned
// NULL (the null string), and keeps "" as any other string, as in
// Oracle DTrace. A full map counts a dynamic variable drop.
func (g *gen) storeDyn(v *check.Var, loc varLoc, key int, srcSize int) {
	str := v.Type.Kind == check.String
	val := 0
	store, done := g.newLabel(), g.newLabel()
	if str {
		val = g.tmp(loc.valSize)
		g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(val)))
		g.copyString(srcSize, loc.valSize)
		g.emit(
			asm.LoadMapValue(asm.R1, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
			asm.JNE.Reg(asm.R8, asm.R1, store),
		)
	} else {
		g.emit(asm.JNE.Imm(asm.R0, 0, store))
	}
	g.mapKey(loc.mapName, key)
	g.emit(asm.FnMapDeleteElem.Call())
	if str {
		g.nullString()
	} else {
		g.emit(asm.Mov.Imm(asm.R0, 0))
	}
	g.emit(asm.Ja.Label(done))
	g.mark(store)
	if str {
		g.emit(asm.Mov.Reg(asm.R3, asm.R9))
	} else {
		g.emit(asm.StoreMem(asm.R10, stackValue, asm.R0, asm.DWord), asm.Mov.Reg(asm.R3, asm.R10), asm.Add.Imm(asm.R3, stackValue))
	}
	g.mapKey(loc.mapName, key)
	g.emit(
		asm.Mov.Imm(asm.R4, updateAny),
		asm.FnMapUpdateElem.Call(),
	)
	ok := g.newLabel()
	g.emit(asm.JEq.Imm(asm.R0, 0, ok))
	g.countDrop(spec.GlobalDynDrops)
	g.mark(ok)
	if str {
		g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(val)))
	} else {
		g.emit(asm.LoadMem(asm.R0, asm.R10, stackValue, asm.DWord))
	}
	g.mark(done)
}

// countDrop atomically increments a drop counter in the globals map.
func (g *gen) countDrop(off int) {
	g.emit(
		asm.LoadMapValue(asm.R1, 0, uint32(off)).WithReference(spec.MapGlobals),
		asm.Mov.Imm(asm.R2, 1),
		asm.StoreXAdd(asm.R1, asm.R2, asm.DWord),
	)
}

var compoundOps = map[token.Kind]token.Kind{
	token.ADDEQ: token.ADD, token.SUBEQ: token.SUB, token.MULEQ: token.MUL, token.QUOEQ: token.QUO,
	token.REMEQ: token.REM, token.ANDEQ: token.AND, token.OREQ: token.OR, token.XOREQ: token.XOR,
	token.SHLEQ: token.SHL, token.SHREQ: token.SHR,
}

func (g *gen) assign(e *ast.AssignExpr) {
	x := ast.Unparen(e.X)
	if pairs, ok := g.c.info.XlateAssigns[e]; ok {
		g.xlateAssign(x, pairs)
		return
	}
	if t := g.typeOf(x); e.Op == token.ASSIGN && isAggregate(t) {
		g.copyVar(x, e.Y, t)
		return
	}
	if e.Op == token.ASSIGN {
		// A string variable can hold NULL (nullString.go).
		g.nullOK = g.typeOf(x).Kind == check.String && !g.isMemory(x)
		g.expr(e.Y)
		if g.isMemory(x) && g.typeOf(x).Kind == check.String && !g.c.info.AllocaMem[x] {
			g.storeMemString(x, g.typeOf(e.Y))
			return
		}
		if g.isMemory(x) {
			g.storeMem(x, g.typeOf(x))
		} else {
			g.storeVar(x, g.typeOf(e.Y))
		}
		return
	}
	tg := g.target(x)
	g.loadTarget(tg)
	g.push()
	g.expr(e.Y)
	g.emit(asm.Mov.Reg(asm.R2, asm.R0))
	g.pop(asm.R1)
	t := g.typeOf(e)
	switch {
	case t.Kind == check.Pointer && g.typeOf(e.Y).Kind != check.Int:
		// DTrace's checker lets a pointer take a compatible pointer
		// here, but its code generator has no meaning for it.
		g.failTag(e, tag.UnsupportedPtrAssign, e.Op)
	case t.Kind == check.Pointer:
		// p += i and p -= i scale i by the pointee's size.
		g.pointerArith(compoundOps[e.Op], t, g.typeOf(e.Y))
	default:
		g.arith(compoundOps[e.Op], t)
	}
	g.storeTarget(tg, t)
	g.releaseTarget(tg)
}

// target is the target of a compound assignment or of ++/--, read and
// then written: its place is found once, as DTrace evaluates a[i++] += 1's
// key, and b[j++].x += 1's index, once.
type target struct {
	x    ast.Expr
	key  int   // scratch offset of a dynamic variable's key, else -1
	addr int16 // temporary holding the address of variable memory, else 0
}

func (g *gen) target(x ast.Expr) target {
	switch {
	case g.isVarMemory(x):
		return target{x: x, key: -1, addr: g.memTarget(x)}
	case g.c.info.AllocaMem[x]:
		return target{x: x, key: -1, addr: g.allocaTarget(x)}
	case !g.isMemory(x):
		if v, loc := g.varOf(x); v != nil && loc.mapName != "" {
			return target{x: x, key: g.dynKey(x, v, loc)}
		}
	}
	return target{x: x, key: -1}
}

// loadTarget loads the current value of a target: a variable, or memory
// inside a struct or array variable.
func (g *gen) loadTarget(t target) {
	switch {
	case t.addr != 0:
		g.loadMemTarget(t.addr, g.typeOf(t.x))
	case g.isMemory(t.x):
		g.load(t.x)
	case t.key >= 0:
		v, loc := g.varOf(t.x)
		g.loadDyn(loc, t.key, v.Type.Kind == check.String)
	default:
		g.loadVar(t.x)
	}
}

// storeTarget stores R0, a value of type src, into a target, leaving
// the stored value in R0.
func (g *gen) storeTarget(t target, src check.Type) {
	switch {
	case t.addr != 0:
		g.storeMemTarget(t.addr, g.typeOf(t.x))
	case g.isMemory(t.x):
		g.storeMem(t.x, g.typeOf(t.x))
	case t.key >= 0:
		v, loc := g.varOf(t.x)
		if v.Type.Kind != check.String {
			g.normalize(asm.R0, v.Type)
		}
		g.storeDyn(v, loc, t.key, roundUp(src.Size, 8))
	default:
		g.storeVar(t.x, src)
	}
}

// releaseTarget frees the temporary a target's address was kept in; it
// must follow the release of every temporary pushed after the target.
func (g *gen) releaseTarget(t target) {
	if t.addr != 0 {
		g.pop(asm.R1)
	}
}

// incdec implements ++ and --; a postfix form yields the old value.
func (g *gen) incdec(x ast.Expr, op token.Kind, postfix bool) {
	x = ast.Unparen(x)
	tg := g.target(x)
	g.loadTarget(tg)
	g.push()
	step := int32(1)
	if t := g.typeOf(x); t.Kind == check.Pointer {
		// A pointer steps by the size of what it points to.
		step = int32(t.ElemSize())
	}
	if op == token.INC {
		g.emit(asm.Add.Imm(asm.R0, step))
	} else {
		g.emit(asm.Sub.Imm(asm.R0, step))
	}
	g.storeTarget(tg, g.typeOf(x))
	if postfix {
		g.pop(asm.R0)
	} else {
		g.pop(asm.R1)
	}
	g.releaseTarget(tg)
}

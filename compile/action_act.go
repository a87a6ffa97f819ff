package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/spec"
)

// recordAct records the data of usym(), func() and their kin as
// statements, tracemem(), print() and setopt().
func (g *gen) recordAct(call *ast.CallExpr, act check.Action) []spec.Item {
	switch act.Kind {
	case abi.ActSymbol:
		if t := g.c.info.Types[call]; !check.IsUserSym(t) {
			return []spec.Item{g.recordExpr(call)} // func(), sym(), mod()
		}
		it := userSymItem(call.Fun.Name)
		it.Off = g.reserve(it.Size, 8)
		g.recordUserSym(g.c.layout.staging+it.Off, call)
		return []spec.Item{it}
	case abi.ActTracemem:
		return g.recordTracemem(call, act.Size)
	case abi.ActPrint:
		return g.recordPrint(call.Args[0])
	case abi.ActSetopt:
		var items []spec.Item
		for _, a := range call.Args {
			items = append(items, g.recordExpr(a))
		}
		return items
	}
	return nil
}

// userSymItem describes what usym() and its kin record: the pid, then
// the address, as a one-frame user stack, which is how DTrace records
// them and what the consumer needs to look the address up.
func userSymItem(name string) spec.Item {
	it := spec.Item{Size: 16, Stack: spec.UserStack, Frames: 1, TypeName: check.TypeUsymaddr.Name}
	switch name {
	case "uaddr":
		it.Sym = spec.SymUaddr
	case "umod":
		it.Sym, it.TypeName = spec.SymUmod, check.TypeUmodaddr.Name
	default: // usym, ufunc
		it.Sym = spec.SymUser
	}
	return it
}

// recordUserSym writes the pid and the address a usym()-like call
// names at scratch offset off.
func (g *gen) recordUserSym(off int, e ast.Expr) {
	call := ast.Unparen(e).(*ast.CallExpr)
	g.expr(call.Args[0])
	g.emit(
		asm.StoreMem(regScratch, int16(off+8), asm.R0, asm.DWord),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(regScratch, int16(off), asm.R0, asm.DWord),
	)
}

// userSymKeyItems gives the usym() keys of aggregation a the room of
// their pid and address, and the kind of the first keyed use of the
// aggregation (ufunc() and uaddr() share a type but print differently).
// The offsets of the keys after one move accordingly.
func (c *compiler) userSymKeyItems(a *check.Agg, keys []spec.Item, size int) ([]spec.Item, int) {
	var first *ast.AggExpr
	for ae, agg := range c.info.AggOf {
		if agg == a && len(ae.Keys) == len(a.Keys) && (first == nil || ae.At < first.At) {
			first = ae
		}
	}
	if first == nil {
		return keys, size
	}
	found := false
	for i, k := range first.Keys {
		call, ok := ast.Unparen(k).(*ast.CallExpr)
		if ok && check.IsUserSym(a.Keys[i]) {
			keys[i] = userSymItem(call.Fun.Name)
			found = true
		}
	}
	if !found {
		return keys, size
	}
	off := 0
	for i := range keys {
		keys[i].Off = off
		slot := 8
		if keys[i].String || keys[i].Stack != 0 {
			slot = keys[i].Size
		}
		off += slot
	}
	return keys, off
}

// recordTracemem records tracemem(addr, size[, dsize]): size bytes
// from addr and, when given, the dynamic size, evaluated first as
// DTrace does.
func (g *gen) recordTracemem(call *ast.CallExpr, size int) []spec.Item {
	var dsize []spec.Item
	if len(call.Args) == 3 {
		dsize = append(dsize, g.recordExpr(call.Args[2]))
	}
	if size > stagingSize/2 {
		g.failTag(call.Args[1], tag.LimitTracemem, size)
		return nil
	}
	off := g.reserve(size, 8)
	g.expr(call.Args[0])
	g.read(func() {
		g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(g.c.layout.staging+off)))
	}, size, g.typeOf(call.Args[0]).Userland, false)
	mem := spec.Item{Off: off, Size: size, Bytes: true}
	return append([]spec.Item{mem}, dsize...)
}

// recordPrint records print(p): the address p holds, then the object
// there, as Oracle's dt_cg_act_print() does; an array stands for its
// first element. NULL faults as any other
// bad address does, and so does a failed read (where Oracle prints what
// the buffer held); a pointer into alloca() memory must point at the
// whole object.
func (g *gen) recordPrint(arg ast.Expr) []spec.Item {
	pt := g.typeOf(arg)
	obj := *pt.Elem
	size := check.PrintSize(obj)
	if size > stagingSize/2 {
		g.failTag(arg, tag.LimitPrint, obj, size)
		return nil
	}
	addr := spec.Item{Off: g.reserve(8, 8), Size: 8, TypeName: pt.Name}
	data := spec.Item{Off: g.reserve(size, 8), Size: size, Bytes: true, TypeName: obj.Name,
		Print: printType(obj, g.c.info.Enumerators)}
	g.base(arg) // an array's address, a pointer's value
	ok := g.newLabel()
	g.emit(asm.JNE.Imm(asm.R0, 0, ok), storeImm64(asm.R10, stackKey, 0))
	g.raiseWith(faultBadAddr)
	g.mark(ok)
	if g.c.info.AllocaPtrs[arg] {
		g.allocaAccess(size)
	}
	g.emit(asm.StoreMem(regScratch, int16(g.c.layout.staging+addr.Off), asm.R0, asm.DWord))
	g.read(func() {
		g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(g.c.layout.staging+data.Off)))
	}, size, pt.Userland || pt.Kind == check.Array && g.userland(arg), false)
	return []spec.Item{addr, data}
}

// printType describes t for print(), which the consumer lays out as
// DTrace does from the type's CTF; enums gives an enum's names.
func printType(t check.Type, enums func(check.Type) []check.Enumerator) *abi.PrintType {
	pt := &abi.PrintType{Name: t.Name, Size: t.Size, Signed: t.Signed}
	switch t.Kind {
	case check.Int:
		// Oracle prints the type named char as a character.
		pt.Kind, pt.Char = abi.PrintInt, t.Size == 1 && t.Name == "char"
		if list := enums(t); list != nil {
			pt.Kind, pt.Char = abi.PrintEnum, false
			for _, e := range list {
				pt.Enums = append(pt.Enums, abi.PrintEnumerator{Name: e.Name, Value: e.Value})
			}
		}
	case check.Float:
		pt.Kind = abi.PrintFloat
	case check.String:
		pt.Kind = abi.PrintString
	case check.Array:
		pt.Kind, pt.Elem, pt.Len = abi.PrintArray, printType(*t.Elem, enums), t.Len
	case check.Struct:
		pt.Kind, pt.Size = abi.PrintStruct, t.Def.Size
		if t.Def.Union {
			pt.Kind = abi.PrintUnion
		}
		for _, m := range t.Def.Members() {
			pt.Members = append(pt.Members, abi.PrintMember{Name: m.Name, Off: 8*m.Off + m.BitOff, Bits: m.BitSize, Type: printType(m.Type, enums)})
		}
	default: // pointers, functions
		pt.Kind = abi.PrintPointer
	}
	return pt
}

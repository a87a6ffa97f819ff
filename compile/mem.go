package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// Kernel memory is never dereferenced directly: generated code reads it
// with bpf_probe_read_kernel (bpf_probe_read_user for userland
// pointers), which fails instead of faulting on a bad address. A failed
// read aborts the clause with DTrace's "invalid address" error.

// isMemory reports whether e names memory whose address can be computed:
// a kernel symbol, a member, a dereference, or an element of a pointer
// or array.
func (g *gen) isMemory(e ast.Expr) bool {
	if g.isVarMemory(e) {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return g.c.info.Symbols[e] != nil
	case *ast.SelectorExpr:
		_, ok := g.c.info.Members[e]
		return ok
	case *ast.UnaryExpr:
		return e.Op == token.MUL
	case *ast.IndexExpr:
		return g.c.info.Vars[e] == nil
	}
	return false
}

// addr leaves in R0 the address of the memory e names.
func (g *gen) addr(e ast.Expr) {
	if v := g.c.info.Vars[ast.Unparen(e)]; v != nil {
		g.varAddr(ast.Unparen(e))
		return
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if s := g.c.info.Symbols[e]; s != nil {
			if g.c.relocated(s) && !g.c.cfg.KernelNoDefs {
				g.failTag(e, tag.Asrelo, "kernel", s.Module, s.Name, rawLen(g.insns))
			}
			// The loader would resolve a relocation to the address
			// the symbol table gives now.
			g.emit(loadImm(asm.R0, int64(s.Addr)))
			return
		}
		if init, ok := g.c.info.Inlines[e]; ok {
			// An inline of a struct is the memory it stands for.
			g.addr(init)
			return
		}
		if x, ok := g.c.info.XlateInputs[e]; ok {
			// A translator's input that is a struct, not a pointer,
			// is the memory of the expression it stands for.
			g.xlateInputAddr(e, x)
			return
		}
		g.failTag(e, tag.UnsupportedAddrof)
	case *ast.CastExpr:
		// A struct or union cast to its own type is the same memory.
		if t, xt := g.typeOf(e), g.typeOf(e.X); t.Kind == check.Struct && xt.Kind == check.Struct && t.Size == xt.Size {
			g.addr(e.X)
			return
		}
		g.failTag(e, tag.UnsupportedAddrof)
	case *ast.SelectorExpr:
		m := g.c.info.Members[e]
		if e.Op == token.ARROW {
			g.expr(e.X)
		} else {
			g.addr(e.X)
		}
		if m.Off != 0 {
			g.emit(asm.Add.Imm(asm.R0, int32(m.Off)))
		}
	case *ast.UnaryExpr:
		g.base(e.X)
	case *ast.IndexExpr:
		el := g.c.info.Types[e]
		if g.c.info.InlineCalls[e] != nil {
			// An inline's value is computed, not stored anywhere.
			g.failTag(e, tag.UnsupportedValue, el)
			return
		}
		base, index := e.X, e.Keys[0]
		if g.typeOf(base).Kind == check.Int {
			// i[p] is p[i], as in C.
			base, index = index, base
		}
		// A string indexed may be NULL: s[i] then faults at address
		// i, as a NULL pointer's element would.
		nullStr := g.typeOf(base).Kind == check.String
		g.nullOK = nullStr
		g.base(base)
		g.push()
		g.expr(index)
		if g.isVarMemory(base) {
			g.boundIndex(g.typeOf(base).Len)
		}
		if el.Size != 1 {
			g.emit(asm.Mul.Imm(asm.R0, int32(el.Size)))
		}
		g.pop(asm.R1)
		if nullStr {
			ok := g.newLabel()
			g.emit(
				asm.LoadMapValue(asm.R2, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
				asm.JNE.Reg(asm.R1, asm.R2, ok),
				asm.StoreMem(asm.R10, stackKey, asm.R0, asm.DWord),
			)
			g.raiseWith(faultBadAddr)
			g.mark(ok)
		}
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
	case *ast.CondExpr:
		g.condAddr(e)
	default:
		g.failTag(e, tag.UnsupportedAddrof)
	}
}

// base leaves in R0 the address an array or pointer expression refers
// to: a pointer's value, or an array's own address.
func (g *gen) base(e ast.Expr) {
	if g.c.info.Types[e].Kind == check.Array {
		g.addr(e)
		return
	}
	g.expr(e)
}

// userland reports whether memory reached through e is user memory: the
// pointer it goes through was declared userland.
func (g *gen) userland(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Op == token.ARROW {
			return g.typeOf(e.X).Userland
		}
		return g.userland(e.X)
	case *ast.UnaryExpr:
		return g.typeOf(e.X).Userland
	case *ast.IndexExpr:
		if t := g.typeOf(e.X); t.Kind == check.Pointer {
			return t.Userland
		}
		return g.userland(e.X)
	}
	return false
}

func (g *gen) readHelper(user bool, str bool) asm.BuiltinFunc {
	switch {
	case user && str:
		return asm.FnProbeReadUserStr
	case user:
		return asm.FnProbeReadUser
	case str:
		return asm.FnProbeReadKernelStr
	}
	return asm.FnProbeReadKernel
}

// read copies n bytes from the address in R0 to R1-addressed memory
// (set by dst), faulting on a bad address. It keeps the address in R8.
func (g *gen) read(dst func(), n int, user, str bool) {
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	dst()
	g.emit(
		asm.Mov.Imm(asm.R2, int32(n)),
		asm.Mov.Reg(asm.R3, asm.R8),
		g.readHelper(user, str).Call(),
	)
	ok := g.newLabel()
	g.emit(asm.JSGE.Imm(asm.R0, 0, ok), asm.StoreMem(asm.R10, stackKey, asm.R8, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(ok)
}

// load reads the integer or pointer that e names into R0, extracting a
// bit-field and extending it by its type.
func (g *gen) load(e ast.Expr) {
	t := g.c.info.Types[e]
	var m check.Member
	if s, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		m = g.c.info.Members[s]
	}
	n := t.Size
	if t.Kind == check.String {
		// A string in memory (through a string *) is read as one.
		g.memAddr(e, n)
		g.stringFrom(n, g.userland(e))
		return
	}
	if m.BitSize > 0 {
		n = (m.BitOff + m.BitSize + 7) / 8
	}
	if t.Kind != check.Int && t.Kind != check.Pointer || n > 8 {
		g.failTag(e, tag.UnsupportedValue, t)
		return
	}
	g.memAddr(e, n)
	g.emit(storeImm64(asm.R10, stackValue, 0))
	g.read(func() { g.emit(asm.Mov.Reg(asm.R1, asm.R10), asm.Add.Imm(asm.R1, stackValue)) }, n, g.userland(e), false)
	g.emit(asm.LoadMem(asm.R0, asm.R10, stackValue, asm.DWord))
	if m.BitSize > 0 {
		// Little-endian: the field starts BitOff bits into the value.
		g.emit(asm.LSh.Imm(asm.R0, int32(64-m.BitOff-m.BitSize)))
		if t.Signed {
			g.emit(asm.ArSh.Imm(asm.R0, int32(64-m.BitSize)))
		} else {
			g.emit(asm.RSh.Imm(asm.R0, int32(64-m.BitSize)))
		}
		return
	}
	g.normalize(asm.R0, t)
}

// stringFrom reads a NUL-terminated string at the address in R0 into a
// new string buffer of size bytes (the NUL included) and leaves the
// buffer's address in R0. The buffer is zeroed first: strings are kept
// NUL-padded, which comparisons and map keys rely on.
func (g *gen) stringFrom(size int, user bool) {
	buf := g.tmp(size)
	for i := 0; i < roundUp(size, 8); i += 8 {
		g.emit(storeImm64(regScratch, int16(buf+i), 0))
	}
	g.read(func() { g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(buf))) }, size, user, true)
	g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(buf)))
}

// charArray evaluates a char array used as a string.
func (g *gen) charArray(e ast.Expr, st check.Type) {
	g.memAddr(e, g.typeOf(e).Size)
	g.stringFrom(st.Size, g.userland(e))
}

// stringof evaluates stringof(x): a char array or string as it is, a
// char pointer read as a string of up to strsize bytes.
func (g *gen) stringof(e *ast.StringofExpr) {
	xt := g.c.info.Types[e.X]
	if xt.Kind == check.Int {
		g.stringofInt(e, xt)
		return
	}
	g.expr(e.X)
	if xt.Kind == check.Pointer {
		g.stringFrom(g.typeOf(e).Size, xt.Userland)
	}
}

// recordMemory appends the bytes of the struct or array e names to the
// staged record, for trace() of an aggregate, which DTrace prints as
// memory.
func (g *gen) recordMemory(e ast.Expr) spec.Item {
	t := g.c.info.Types[e]
	if t.Size > stagingSize/2 {
		g.failTag(e, tag.LimitTrace, t, t.Size)
		return spec.Item{}
	}
	off := g.reserve(t.Size, 8)
	g.memAddr(e, t.Size)
	g.read(func() {
		g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(g.c.layout.staging+off)))
	}, t.Size, g.userland(e), false)
	return spec.Item{Off: off, Size: t.Size, Bytes: true, TypeName: t.Name}
}

// pointerArith computes p + i, p - i (scaled by the pointee's size) and
// p - q (in elements), with R1 and R2 holding the operands.
func (g *gen) pointerArith(op token.Kind, x, y check.Type) {
	switch {
	case x.Kind == check.Pointer && y.Kind == check.Pointer:
		g.emit(asm.Sub.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R0, asm.R1))
		if n := x.ElemSize(); n > 1 {
			g.emit(asm.Div.Imm(asm.R0, int32(n)))
		}
		return
	case x.Kind == check.Pointer:
		if n := x.ElemSize(); n > 1 {
			g.emit(asm.Mul.Imm(asm.R2, int32(n)))
		}
	default:
		if n := y.ElemSize(); n > 1 {
			g.emit(asm.Mul.Imm(asm.R1, int32(n)))
		}
	}
	if op == token.ADD {
		g.emit(asm.Add.Reg(asm.R1, asm.R2))
	} else {
		g.emit(asm.Sub.Reg(asm.R1, asm.R2))
	}
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
}

// relocated reports whether the link mode leaves the address of kernel
// symbol s to the loader (DTrace's dt_as(): "dynamic" links every
// kernel symbol so, "primary" those of loadable modules, "kernel" and
// "static" none).
func (c *compiler) relocated(s *check.Symbol) bool {
	switch c.cfg.LinkMode {
	case "dynamic":
		return true
	case "primary":
		return s.Module != "vmlinux"
	}
	return false
}

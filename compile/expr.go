package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// expr evaluates e into R0: an integer in canonical 64-bit form, or a
// pointer to a NUL-padded string buffer. That is never the null string
// unless g.nullOK was set for this call: a comparison's operands may be
// NULL, and the parentheses and the branches of a ternary around them.
func (g *gen) expr(e ast.Expr) {
	nullOK := g.nullOK
	g.nullOK = false
	if g.err != nil {
		return
	}
	if st, ok := g.c.info.Strings[e]; ok {
		g.asString(e, st, nullOK)
		return
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		g.nullOK = nullOK
		g.expr(x.X)
		return
	case *ast.CondExpr:
		g.cond(x, nullOK)
		return
	case *ast.CallExpr:
		if nullable(x) {
			g.call(x)
			if !nullOK {
				g.checkNull()
			}
			return
		}
	}
	g.value(e)
	if g.isStringVar(e) {
		// A string variable may hold NULL (nullstring.go).
		if nullOK {
			g.readNull()
		} else {
			g.faultOnNull()
		}
	}
}

// value evaluates e as its own type, even where it is used as a string.
func (g *gen) value(e ast.Expr) {
	if v, ok := g.c.info.Consts[e]; ok {
		g.emit(loadImm(asm.R0, v))
		return
	}
	if g.typeOf(e).Kind == check.Array && g.c.info.Strings[e].Kind == check.Invalid {
		// An array used as a value is its address, as in C (p = a).
		g.addr(e)
		return
	}
	switch e := e.(type) {
	case *ast.IntLit:
		g.emit(loadImm(asm.R0, int64(e.Value)))
		g.normalize(asm.R0, g.typeOf(e))
	case *ast.StrLit:
		g.stringLit(e.Value, 0)
	case *ast.MacroVar:
		g.expr(g.c.info.Macros[e])
	case *ast.ParenExpr:
		g.expr(e.X)
	case *ast.Ident:
		if b, ok := g.c.info.Builtins[e]; ok {
			g.builtin(e, b)
			return
		}
		if x, ok := g.c.info.XlateInputs[e]; ok {
			g.xlateInput(e, x)
			return
		}
		if p, ok := g.c.info.InlineParams[e]; ok {
			g.inlineParam(e, p)
			return
		}
		if init, ok := g.c.info.Inlines[e]; ok {
			g.expr(init)
			g.normalize(asm.R0, g.typeOf(e))
			return
		}
		if g.isMemory(e) {
			g.load(e)
			return
		}
		g.loadVar(e)
	case *ast.SelectorExpr, *ast.IndexExpr:
		if x, ok := e.(*ast.IndexExpr); ok && g.c.info.InlineCalls[x] != nil {
			g.inlineCall(x, g.c.info.InlineCalls[x])
			return
		}
		if x, ok := e.(*ast.IndexExpr); ok {
			if i, ok := g.c.info.URegs[x]; ok {
				g.uregs(x, i)
				return
			}
		}
		if s, ok := e.(*ast.SelectorExpr); ok {
			if tr, ok := g.c.info.Translated[s]; ok {
				g.translate(s, tr)
				return
			}
		}
		if g.isMemory(e) {
			g.load(e)
			return
		}
		g.loadVar(e)
	case *ast.StringofExpr:
		g.stringof(e)
	case *ast.CallExpr:
		g.call(e)
	case *ast.XlateExpr:
		g.failTag(e, tag.UnsupportedXlateValue)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.MUL:
			g.load(e)
			return
		case token.AND:
			g.addr(e.X)
			return
		}
		g.unary(e)
	case *ast.PostfixExpr:
		g.incdec(e.X, e.Op, true)
	case *ast.BinaryExpr:
		g.binary(e)
	case *ast.AssignExpr:
		g.assign(e)
	case *ast.CondExpr:
		g.cond(e, false)
	case *ast.CastExpr:
		g.cast(e)
	default:
		g.failTag(e, tag.UnsupportedExprCode)
	}
}

// typeOf is the type of e's value: a char array used as a string has
// the string type it becomes.
func (g *gen) typeOf(e ast.Expr) check.Type {
	if st, ok := g.c.info.Strings[e]; ok {
		return st
	}
	return g.c.info.Types[e]
}

// stringLit points R0 at a literal in rodata.
func (g *gen) stringLit(s string, size int) {
	off := g.c.literal(s, size)
	g.emit(asm.LoadMapValue(asm.R0, 0, uint32(off)).WithReference(spec.MapRodata))
}

func (g *gen) builtin(e *ast.Ident, b check.Builtin) {
	p := g.probe
	switch {
	case b >= check.BArg0 && b <= check.BArg9:
		g.readsArgs = true
		g.emit(asm.LoadMem(asm.R0, regScratch, int16(scratchArgs+8*int(b-check.BArg0)), asm.DWord))
		return
	}
	switch b {
	case check.BPid:
		g.emit(asm.FnGetCurrentPidTgid.Call(), asm.RSh.Imm(asm.R0, 32))
	case check.BTid:
		g.emit(asm.FnGetCurrentPidTgid.Call(), asm.Mov.Reg32(asm.R0, asm.R0))
	case check.BUid:
		g.emit(asm.FnGetCurrentUidGid.Call(), asm.Mov.Reg32(asm.R0, asm.R0))
	case check.BGid:
		g.emit(asm.FnGetCurrentUidGid.Call(), asm.RSh.Imm(asm.R0, 32))
	case check.BPpid:
		g.ppid(e)
	case check.BExecname:
		off := g.tmp(commLen)
		g.commAt(off)
		g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(off)))
	case check.BProbeprov:
		g.stringLit(p.Provider, g.typeOf(e).Size)
	case check.BProbemod:
		g.stringLit(p.Module, g.typeOf(e).Size)
	case check.BProbefunc:
		if g.shared != nil {
			g.sharedProbefunc(g.typeOf(e).Size)
			break
		}
		g.stringLit(p.Function, g.typeOf(e).Size)
	case check.BProbename:
		g.stringLit(p.Name, g.typeOf(e).Size)
	case check.BTimestamp:
		g.timestamp()
	case check.BVtimestamp:
		g.vtimestamp(e)
	case check.BWalltimestamp:
		g.emit(
			asm.FnKtimeGetNs.Call(),
			asm.LoadMapValue(asm.R1, 0, spec.GlobalWallOffset).WithReference(spec.MapGlobals),
			asm.LoadMem(asm.R1, asm.R1, 0, asm.DWord),
			asm.Add.Reg(asm.R0, asm.R1),
		)
	case check.BCPU:
		g.emit(asm.FnGetSmpProcessorId.Call())
	case check.BID:
		if g.shared != nil {
			g.emit(asm.LoadMem(asm.R0, regScratch, scratchProbeID, asm.Word))
			break
		}
		g.emit(loadImm(asm.R0, int64(p.ID)))
	case check.BEPID:
		if g.shared != nil {
			g.sharedEPID(asm.R0)
			break
		}
		g.emit(loadImm(asm.R0, int64(g.ecb.EPID)))
	case check.BErrno:
		g.errno()
	case check.BCurthread:
		g.emit(asm.FnGetCurrentTask.Call())
	case check.BCwd, check.BRoot:
		g.fsPath(e, b)
	case check.BUstackdepth, check.BUcaller:
		g.userStack(b)
	case check.BExecargs:
		g.execargs(e)
	case check.BCurcpu:
		g.curcpu()
	case check.BStackdepth, check.BCaller:
		g.kernelStack(b)
	default:
		g.failTag(e, tag.UnsupportedBuiltin, e.Name)
	}
}

// errno is the error of a failed system call at syscall return probes
// (the kernel returns -errno), and 0 elsewhere.
func (g *gen) errno() {
	if g.probe.Provider != "syscall" || g.probe.Name != "return" {
		g.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	done := g.newLabel()
	g.readsArgs = true
	g.emit(
		asm.LoadMem(asm.R1, regScratch, scratchArgs, asm.DWord),
		asm.Mov.Imm(asm.R0, 0),
		asm.JSGE.Imm(asm.R1, 0, done),
		asm.JSLT.Imm(asm.R1, -4095, done),
		asm.Mov.Reg(asm.R0, asm.R1),
		asm.Neg.Imm(asm.R0, 0),
	)
	g.mark(done)
}

func (g *gen) unary(e *ast.UnaryExpr) {
	switch e.Op {
	case token.INC, token.DEC:
		g.incdec(e.X, e.Op, false)
		return
	}
	g.expr(e.X)
	switch e.Op {
	case token.SUB:
		g.emit(asm.Neg.Imm(asm.R0, 0))
	case token.TILDE:
		g.emit(asm.Xor.Imm(asm.R0, -1))
	case token.NOT:
		g.boolify(asm.JEq)
	}
	g.normalize(asm.R0, g.typeOf(e))
}

// boolify sets R0 to 1 if `R0 op 0` holds, else 0.
func (g *gen) boolify(op asm.JumpOp) {
	yes, end := g.newLabel(), g.newLabel()
	g.emit(op.Imm(asm.R0, 0, yes), asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(end))
	g.mark(yes)
	g.emit(asm.Mov.Imm(asm.R0, 1))
	g.mark(end)
}

var signedJumps = map[token.Kind]asm.JumpOp{
	token.EQL: asm.JEq, token.NEQ: asm.JNE, token.LSS: asm.JSLT, token.GTR: asm.JSGT, token.LEQ: asm.JSLE, token.GEQ: asm.JSGE,
}
var unsignedJumps = map[token.Kind]asm.JumpOp{
	token.EQL: asm.JEq, token.NEQ: asm.JNE, token.LSS: asm.JLT, token.GTR: asm.JGT, token.LEQ: asm.JLE, token.GEQ: asm.JGE,
}
var aluOps = map[token.Kind]asm.ALUOp{
	token.ADD: asm.Add, token.SUB: asm.Sub, token.MUL: asm.Mul, token.AND: asm.And, token.OR: asm.Or,
	token.XOR: asm.Xor, token.SHL: asm.LSh,
}

func (g *gen) binary(e *ast.BinaryExpr) {
	switch e.Op {
	case token.LAND, token.LOR:
		g.logical(e)
		return
	case token.COMMA:
		g.expr(e.X)
		g.expr(e.Y)
		return
	}
	xt, yt := g.typeOf(e.X), g.typeOf(e.Y)
	_, comparing := signedJumps[e.Op]
	strcmp := comparing && xt.Kind == check.String
	if strcmp {
		// The strings compared are dead once compared: their
		// temporaries are free again for the rest of the clause.
		defer g.releaseTemps(g.tmpOff)
	}
	g.nullOK = strcmp
	g.operand(e.X)
	g.push()
	g.nullOK = strcmp
	g.operand(e.Y)
	g.emit(asm.Mov.Reg(asm.R2, asm.R0))
	g.pop(asm.R1)
	if comparing {
		if strcmp {
			g.compareStrings(xt, yt, g.mayBeNull(e.X) || g.mayBeNull(e.Y))
			g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, 0))
		}
		g.compare(e.Op, signedCompare(xt, yt))
		return
	}
	if (e.Op == token.ADD || e.Op == token.SUB) && (isAddress(xt) || isAddress(yt)) {
		if t := g.typeOf(e); t.Kind == check.String {
			g.stringArith(e.Op, t.Size)
			return
		}
		g.pointerArith(e.Op, asPointer(xt), asPointer(yt))
		return
	}
	if e.Op == token.LXOR {
		g.emit(asm.Mov.Reg(asm.R0, asm.R1))
		g.boolify(asm.JNE)
		g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Reg(asm.R0, asm.R2))
		g.boolify(asm.JNE)
		g.emit(asm.Xor.Reg(asm.R0, asm.R1))
		return
	}
	// As in DTrace, arithmetic is done in 64-bit registers: a value
	// narrows to its type only where it is stored, cast or recorded.
	g.arith(e.Op, g.typeOf(e))
}

// operand evaluates an operand of a binary operator: an array stands
// for its address.
func (g *gen) operand(e ast.Expr) {
	if g.typeOf(e).Kind == check.Array {
		g.base(e)
		return
	}
	g.expr(e)
}

// isAddress reports whether a value of type t is an address to the
// additive operators: a pointer, an array or a string.
func isAddress(t check.Type) bool {
	return t.Kind == check.Pointer || t.Kind == check.Array || t.Kind == check.String
}

// asPointer is the pointer type an address operand of type t scales by:
// an array's element type, a string's char.
func asPointer(t check.Type) check.Type {
	switch t.Kind {
	case check.Array:
		return check.PointerTo(*t.Elem)
	case check.String:
		return check.PointerTo(check.TypeChar)
	}
	return t
}

// signedCompare reports whether x and y compare as signed after the usual
// arithmetic conversions (strings compare by their signed difference).
func signedCompare(x, y check.Type) bool {
	if x.Kind == check.String {
		return true
	}
	xs, ys := x.Size, y.Size
	xsg, ysg := x.Signed || xs < 4, y.Signed || ys < 4
	switch {
	case max(xs, 4) > max(ys, 4):
		return xsg
	case max(ys, 4) > max(xs, 4):
		return ysg
	}
	return xsg && ysg
}

// compare sets R0 to the truth of `R1 op R2`.
func (g *gen) compare(op token.Kind, signed bool) {
	j := unsignedJumps[op]
	if signed {
		j = signedJumps[op]
	}
	yes, end := g.newLabel(), g.newLabel()
	g.emit(j.Reg(asm.R1, asm.R2, yes), asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(end))
	g.mark(yes)
	g.emit(asm.Mov.Imm(asm.R0, 1))
	g.mark(end)
}

// arith computes R0 = R1 op R2 for an arithmetic operator on type t.
func (g *gen) arith(op token.Kind, t check.Type) {
	if alu, ok := aluOps[op]; ok {
		g.emit(alu.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R0, asm.R1))
		return
	}
	switch op {
	case token.SHR:
		if t.Signed {
			g.emit(asm.ArSh.Reg(asm.R1, asm.R2))
		} else {
			g.emit(asm.RSh.Reg(asm.R1, asm.R2))
		}
		g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	case token.QUO, token.REM:
		g.divide(op, t.Signed)
	}
}

// divide computes R0 = R1 / R2 or R1 % R2, faulting on a zero divisor.
// Signed division is done on magnitudes (BPF before v4 has only unsigned
// division) with C's truncation toward zero.
func (g *gen) divide(op token.Kind, signed bool) {
	ok := g.newLabel()
	g.emit(asm.JNE.Imm(asm.R2, 0, ok))
	g.raise(spec.FaultDivZero)
	g.mark(ok)
	alu := asm.Div
	if op == token.REM {
		alu = asm.Mod
	}
	if !signed {
		g.emit(alu.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R0, asm.R1))
		return
	}
	l1, l2, l3 := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R3, 0), asm.JSGE.Imm(asm.R1, 0, l1), asm.Neg.Imm(asm.R1, 0), asm.Mov.Imm(asm.R3, 1))
	g.mark(l1)
	g.emit(asm.JSGE.Imm(asm.R2, 0, l2), asm.Neg.Imm(asm.R2, 0))
	if op == token.QUO {
		g.emit(asm.Xor.Imm(asm.R3, 1))
	}
	g.mark(l2)
	g.emit(alu.Reg(asm.R1, asm.R2), asm.Mov.Reg(asm.R0, asm.R1), asm.JEq.Imm(asm.R3, 0, l3), asm.Neg.Imm(asm.R0, 0))
	g.mark(l3)
}

// logical evaluates && and || with short-circuiting, yielding 0 or 1.
func (g *gen) logical(e *ast.BinaryExpr) {
	short, end := g.newLabel(), g.newLabel()
	g.expr(e.X)
	if e.Op == token.LAND {
		g.emit(asm.JEq.Imm(asm.R0, 0, short))
	} else {
		g.emit(asm.JNE.Imm(asm.R0, 0, short))
	}
	g.expr(e.Y)
	g.boolify(asm.JNE)
	g.emit(asm.Ja.Label(end))
	g.mark(short)
	if e.Op == token.LAND {
		g.emit(asm.Mov.Imm(asm.R0, 0))
	} else {
		g.emit(asm.Mov.Imm(asm.R0, 1))
	}
	g.mark(end)
}

// cond evaluates c ? t : f. String results are copied into one buffer of
// the result's bound, so that what follows never reads past either.
func (g *gen) cond(e *ast.CondExpr, nullOK bool) {
	t := g.typeOf(e)
	els, end := g.newLabel(), g.newLabel()
	buf := 0
	if t.Kind == check.String {
		buf = g.tmp(t.Size)
	}
	branch := func(x ast.Expr) {
		null := false
		if t.Kind == check.String {
			// A null branch stays the null string where NULL may
			// stand; anywhere else it faults before the copy.
			g.nullOK = nullOK
			null = nullOK && g.mayBeNull(x)
		}
		g.operand(x)
		if t.Kind == check.String {
			done := g.newLabel()
			if null {
				g.emit(
					asm.LoadMapValue(asm.R1, 0, uint32(g.c.nullBlock())).WithReference(spec.MapRodata),
					asm.JEq.Reg(asm.R0, asm.R1, done),
				)
			}
			g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(buf)))
			g.copyString(roundUp(g.typeOf(x).Size, 8), roundUp(t.Size, 8))
			g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(buf)))
			if null {
				g.mark(done)
			}
		}
	}
	g.expr(e.C)
	g.emit(asm.JEq.Imm(asm.R0, 0, els))
	branch(e.T)
	g.emit(asm.Ja.Label(end))
	g.mark(els)
	branch(e.F)
	g.mark(end)
	g.normalize(asm.R0, t)
}

// condAddr leaves in R0 the address of the struct or union c ? t : f
// selects.
func (g *gen) condAddr(e *ast.CondExpr) {
	els, end := g.newLabel(), g.newLabel()
	g.expr(e.C)
	g.emit(asm.JEq.Imm(asm.R0, 0, els))
	g.addr(e.T)
	g.emit(asm.Ja.Label(end))
	g.mark(els)
	g.addr(e.F)
	g.mark(end)
}

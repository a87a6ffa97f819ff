package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/spec"
)

// clause generates the function of one ECB:
//
//	clause_EPID(ctx, scratch): predicate; statements; emit record
//
// The trampoline calling it has checked the tracing state (see mayExit).
func (g *gen) clause(cl *ast.Clause) {
	ret := g.newLabel()
	g.ret = ret
	g.pending = clauseName(g.ecb)
	g.annotate(cl)
	g.emit(asm.Mov.Reg(regCtx, asm.R1), asm.Mov.Reg(regScratch, asm.R2))
	if cl.Pred != nil {
		g.annotate(cl.Pred)
		g.expr(cl.Pred)
		g.releaseTemps(0)
		g.emit(asm.JEq.Imm(asm.R0, 0, ret))
	}
	g.recOff = spec.HeaderSize
	g.flagsAt = len(g.insns)
	g.stmts(cl.Body)
	g.clearFlags()
	g.clearSpecTag()
	if g.ecb.Record {
		g.ecb.Size = roundUp(g.recOff, 8)
		g.emitRecord()
	}
	g.mark(ret)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	if g.fault != "" {
		g.faultHandler()
	}
	g.emitCallbacks()
}

// storeEPID writes the running ECB's EPID at scratch offset off: a
// constant, or for a clause of a shared attachment what its trampoline
// put in scratch. It uses R1.
func (g *gen) storeEPID(off int16) {
	if g.shared == nil {
		g.emit(asm.StoreImm(regScratch, off, int64(g.ecb.EPID), asm.Word))
		return
	}
	g.sharedEPID(asm.R1)
	g.emit(asm.StoreMem(regScratch, off, asm.R1, asm.Word))
}

// emitRecord stamps the header on the staged record and outputs it.
func (g *gen) emitRecord() {
	st := int16(g.c.layout.staging)
	g.storeEPID(st + spec.HeaderEPID)
	g.emit(
		asm.FnGetSmpProcessorId.Call(),
		asm.StoreMem(regScratch, st+spec.HeaderCPU, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapBuffer),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Imm(asm.R2, int32(st)),
		asm.Mov.Imm(asm.R3, int32(g.ecb.Size)),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnRingbufOutput.Call(),
	)
	g.countBufDrop()
}

// countBufDrop counts, per CPU, a record the ring buffer had no room
// for (R0 is bpf_ringbuf_output's result), so that dtrace reports drops
// as DTrace does instead of losing data silently.
func (g *gen) countBufDrop() {
	ok := g.newLabel()
	g.emit(asm.JEq.Imm(asm.R0, 0, ok))
	g.countCPUDrop(spec.DropsBuf)
	g.mark(ok)
}

// countAggDrop counts an aggregation update that found its map full, on
// this CPU, as DTrace counts aggregation drops per CPU buffer.
func (g *gen) countAggDrop() { g.countCPUDrop(spec.DropsAgg) }

// countDynDrop counts a dynamic variable store that found no room. DTrace
// reports these for the whole system (the dynamic variable space is
// shared by all CPUs), so the counter is a global one.
func (g *gen) countDynDrop() { g.countDrop(spec.GlobalDynDrops) }

// countCPUDrop adds one to this CPU's drop counter at offset off of its
// value in the drops map (spec.DropsBuf, spec.DropsAgg). Programs can
// nest on a CPU (a profile probe interrupting a system call's), so the
// add is atomic; drops are rare, and the ordinary path pays nothing. It
// uses R0-R5 and stackKey.
func (g *gen) countCPUDrop(off int16) {
	// The jump over the add is by offset, not to a label: the callers
	// place their own label right after, and two labels on one
	// instruction cost a no-op jump (see mark).
	skip := asm.JEq.Imm(asm.R0, 0, "")
	skip.Offset = 2
	add := asm.StoreXAdd(asm.R0, asm.R1, asm.DWord)
	add.Offset = off
	g.emit(
		asm.FnGetSmpProcessorId.Call(),
		asm.StoreMem(asm.R10, stackKey, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapDrops),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, stackKey),
		asm.FnMapLookupElem.Call(),
		skip,
		asm.Mov.Imm(asm.R1, 1),
		add,
	)
}

func (g *gen) stmts(list []ast.Stmt) {
	for _, s := range list {
		if g.err != nil {
			return
		}
		g.stmt(s)
	}
}

// stmt generates one statement. What a statement leaves in the clause's
// temporaries is dead once it has run (a value it keeps is copied into
// a variable or the record), so each statement, and an if statement's
// condition, gives its temporaries back: a clause of many statements
// needs only the temporaries of its largest one.
func (g *gen) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		g.action++
		g.annotate(s)
		mark := g.tmpOff
		g.exprStmt(s.X)
		g.releaseTemps(mark)
	case *ast.IfStmt:
		g.annotate(s)
		els, end := g.newLabel(), g.newLabel()
		mark := g.tmpOff
		g.expr(s.Cond)
		g.releaseTemps(mark)
		g.emit(asm.JEq.Imm(asm.R0, 0, els))
		g.conds++
		g.stmts(s.Then)
		g.emit(asm.Ja.Label(end))
		g.mark(els)
		g.stmts(s.Else)
		g.conds--
		g.mark(end)
	case *ast.EmptyStmt:
	default:
		g.failTag(s, tag.UnsupportedStmt)
	}
}

func (g *gen) exprStmt(x ast.Expr) {
	if call, ok := x.(*ast.CallExpr); ok {
		if act, ok := g.c.info.Actions[call]; ok {
			g.actionCall(call, act)
			return
		}
	}
	if a, ok := x.(*ast.AssignExpr); ok {
		if ae, ok := a.X.(*ast.AggExpr); ok {
			g.aggregate(ae, a.Y.(*ast.CallExpr))
			return
		}
	}
	g.expr(x)
}

// actionCall records the data of one action into the staged record and
// describes it in the ECB.
func (g *gen) actionCall(call *ast.CallExpr, act check.Action) {
	line := errorAt(g.c.files, call.Pos(), "", "").Line
	sa := spec.Action{Kind: act.Kind, Format: act.Format, Line: line}
	if g.conds > 0 {
		// The record has room for every action, taken or not; a flag
		// says whether this one ran.
		sa.Flag = g.reserve(1, 1)
		g.flags = append(g.flags, sa.Flag)
		g.emit(asm.StoreImm(regScratch, int16(g.c.layout.staging+sa.Flag), 1, asm.Byte))
	}
	for _, a := range act.Aggs {
		sa.Aggs = append(sa.Aggs, a.ID)
	}
	switch act.Kind {
	case abi.ActTrace:
		sa.Items = append(sa.Items, g.recordExpr(call.Args[0]))
	case abi.ActPrintf:
		for _, a := range call.Args[1:] {
			sa.Items = append(sa.Items, g.recordExpr(a))
		}
	case abi.ActExit:
		sa.Items = append(sa.Items, g.recordExpr(call.Args[0]))
		g.exits = true
		g.emit(
			asm.LoadMapValue(asm.R1, 0, spec.GlobalActivity).WithReference(spec.MapGlobals),
			storeImm64(asm.R1, 0, int32(spec.Draining)),
		)
	case abi.ActNormalize:
		sa.Items = append(sa.Items, g.recordExpr(call.Args[1]))
	case abi.ActSpeculate:
		g.speculate(call)
	case abi.ActCommit, abi.ActDiscard:
		sa.Items = append(sa.Items, g.endSpeculation(call))
	case abi.ActStack, abi.ActUstack:
		sa.Items = append(sa.Items, g.recordStack(act))
	case abi.ActRaise, abi.ActStop, abi.ActChill, abi.ActSystem, abi.ActFreopen,
		abi.ActFtruncate, abi.ActPanic, abi.ActBreakpoint:
		sa.Items = append(sa.Items, g.destructive(call, act.Kind)...)
	case abi.ActSymbol, abi.ActTracemem, abi.ActPrint, abi.ActSetopt:
		sa.Items = append(sa.Items, g.recordAct(call, act)...)
	case abi.ActTrunc:
		if len(call.Args) > 1 {
			sa.Items = append(sa.Items, g.recordExpr(call.Args[1]))
		}
	}
	g.ecb.Actions = append(g.ecb.Actions, sa)
}

// recordExpr evaluates e and appends its value to the staged record.
// What e's evaluation put in the clause's temporaries (a translated
// string, a subroutine's result) is copied into the record, so the
// temporaries are free again for the next argument: a printf() of
// several inet_ntoa() results fits in the scratch space one needs.
func (g *gen) recordExpr(e ast.Expr) spec.Item {
	defer g.releaseTemps(g.tmpOff)
	t := g.typeOf(e)
	if t.Kind == check.Struct || t.Kind == check.Array {
		return g.recordMemory(e)
	}
	g.expr(e)
	if t.Kind == check.String {
		size := roundUp(t.Size, 8)
		off := g.reserve(size, 8)
		g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(g.c.layout.staging+off)))
		g.copyString(size, size)
		return spec.Item{Off: off, Size: size, String: true, TypeName: "string", StrSize: g.c.cfg.StrSize}
	}
	size := t.Size
	if size == 0 {
		size = 8
	}
	off := g.reserve(size, size)
	g.emit(asm.StoreMem(regScratch, int16(g.c.layout.staging+off), asm.R0, sizeOf(size)))
	t.Size = size
	return intItem(off, t, g.c.cfg.StrSize)
}

// clearFlags inserts, before the clause body, the stores that clear the
// flags of its conditional actions: the record is built in scratch
// memory that still holds the previous firing's.
func (g *gen) clearFlags() {
	if len(g.flags) == 0 {
		return
	}
	var clr asm.Instructions
	for _, f := range g.flags {
		clr = append(clr, asm.StoreImm(regScratch, int16(g.c.layout.staging+f), 0, asm.Byte))
	}
	g.insns = append(g.insns[:g.flagsAt], append(clr, g.insns[g.flagsAt:]...)...)
}

// reserve allocates size bytes of the record at the given alignment.
func (g *gen) reserve(size, align int) int {
	off := roundUp(g.recOff, align)
	g.recOff = off + size
	if g.recOff > stagingSize {
		g.err = &Error{Msg: "clause records more data than a record can hold"}
		return spec.HeaderSize
	}
	return off
}

// faultHandler emits the clause's fault path: R8 holds the fault kind
// and R9 the action index and BPF offset (action<<32 | offset). It
// outputs an error record in place of the clause's record, as DTrace
// aborts the clause and reports the error.
func (g *gen) faultHandler() {
	st := int16(g.c.layout.staging)
	g.mark(g.fault)
	g.emit(
		asm.StoreImm(regScratch, st+spec.HeaderEPID, spec.EPIDError, asm.Word),
	)
	g.storeEPID(st + 8)
	g.emit(
		asm.StoreMem(regScratch, st+12, asm.R8, asm.Word),
		asm.StoreMem(regScratch, st+16, asm.R9, asm.DWord),
		asm.LoadMem(asm.R1, asm.R10, stackKey, asm.DWord),
		asm.StoreMem(regScratch, st+24, asm.R1, asm.DWord),
		asm.FnGetSmpProcessorId.Call(),
		asm.StoreMem(regScratch, st+spec.HeaderCPU, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapBuffer),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Imm(asm.R2, int32(st)),
		asm.Mov.Imm(asm.R3, 32),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnRingbufOutput.Call(),
	)
	g.countBufDrop()
	// The trampoline fires ERROR on clauseFaulted. Without ERROR clauses
	// it ignores the value, and a clause it runs inline (trampoline)
	// returns from the program, where some program types must return 0.
	ret := int32(0)
	if g.c.errorEnabled() {
		ret = clauseFaulted
	}
	g.emit(asm.Mov.Imm(asm.R0, ret), asm.Return())
}

// raise jumps to the clause's fault handler with fault kind k and a
// faulting value of 0.
func (g *gen) raise(k int) {
	g.emit(storeImm64(asm.R10, stackKey, 0))
	g.raiseWith(k)
}

// raiseWith jumps to the fault handler with fault kind k; the faulting
// value is already in the stackKey slot.
func (g *gen) raiseWith(k int) {
	if g.fault == "" {
		g.fault = g.newLabel()
	}
	g.emit(
		asm.Mov.Imm(asm.R8, int32(k)),
		asm.LoadImm(asm.R9, int64(g.action)<<32|int64(len(g.insns)), asm.DWord),
		asm.Ja.Label(g.fault),
	)
}

package compile

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/spec"
)

// DTrace's defaults for the stackframes, ustackframes and jstackframes
// options, for a Config that leaves them 0.
const (
	defaultStackFrames  = 20
	defaultUstackFrames = 100
	defaultJstackFrames = 50
)

// stackSlack is how many frames a kernel stack records beyond those
// asked for. Where the kernel cannot unwind from the probe's own
// registers (a tracepoint's are those of the system call, which leave
// the kernel stack empty), the stack is walked from the helper's caller:
// the first frames are then the BPF programs and the tracing code that
// called them. The consumer drops those and keeps the frames asked for.
// One layout serves every probe, so that an aggregation keyed by stack()
// may be updated from any.
const stackSlack = 8

// bpfFUserStack is BPF_F_USER_STACK: bpf_get_stack() walks the user
// stack.
const bpfFUserStack = 1 << 8

// stackItem describes the record of a stack function: for stack(),
// the program counters; for ustack() and jstack(), the pid and then the
// program counters, as DTrace records them.
//
// As in Oracle's DTrace, a stack asked for more frames than the
// maxframes option allows records that many, without a word.
func (c *compiler) stackItem(act check.Action) spec.Item {
	it := spec.Item{Frames: act.Frames, TypeName: check.TypeStack.Name}
	maxFrames := orDefault(c.cfg.MaxFrames, maxStackFrames)
	if act.Kind == abi.ActStack {
		if it.Frames == 0 {
			it.Frames = orDefault(c.cfg.StackFrames, defaultStackFrames)
		}
		it.Frames = min(it.Frames, maxFrames)
		it.Stack, it.Size = spec.KernelStack, 8*(it.Frames+stackSlack)
		return it
	}
	if it.Frames == 0 && act.Jstack {
		it.Frames = orDefault(c.cfg.JstackFrames, defaultJstackFrames)
	} else if it.Frames == 0 {
		it.Frames = orDefault(c.cfg.UstackFrames, defaultUstackFrames)
	}
	it.Frames = min(it.Frames, maxFrames)
	it.Stack, it.Size = spec.UserStack, 8*(it.Frames+1)
	return it
}

func orDefault(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}

// recordStack records the stack of a stack(), ustack() or jstack()
// statement.
func (g *gen) recordStack(act check.Action) spec.Item {
	it := g.c.stackItem(act)
	it.Off = g.reserve(it.Size, 8)
	if g.err == nil {
		g.captureStack(g.c.layout.staging+it.Off, it)
	}
	return it
}

// captureStack writes the stack it describes at offset off of scratch.
// The helpers zero what they do not fill, so that equal stacks are equal
// keys.
func (g *gen) captureStack(off int, it spec.Item) {
	if it.Stack == spec.UserStack {
		g.emit(
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.StoreMem(regScratch, int16(off), asm.R0, asm.DWord),
			asm.Mov.Reg(asm.R1, regCtx),
		)
		sp, entry := g.userEntrySP()
		if !entry || it.Frames < 2 {
			g.getStack(asm.FnGetStack, off+8, it.Size-8, bpfFUserStack)
			return
		}
		// At a function's first instruction: the walk, one frame
		// further on, gives the pc and then the caller's caller; the
		// pc moves back a frame, and the return address at the stack
		// pointer, in the caller, goes between.
		g.getStack(asm.FnGetStack, off+16, it.Size-16, bpfFUserStack)
		g.emit(
			asm.LoadMem(asm.R0, regScratch, int16(off+16), asm.DWord),
			asm.StoreMem(regScratch, int16(off+8), asm.R0, asm.DWord),
			asm.Mov.Reg(asm.R1, regScratch),
			asm.Add.Imm(asm.R1, int32(off+16)),
			asm.Mov.Imm(asm.R2, 8),
			asm.LoadMem(asm.R3, regCtx, sp, asm.DWord),
			asm.FnProbeReadUser.Call(),
		)
		return
	}
	if g.outsideKernel() {
		g.zero(off, it.Size)
		return
	}
	if g.programType() == ebpf.TracePoint {
		// A tracepoint's registers may be user registers; the task's
		// own kernel stack is walked instead, from here.
		g.emit(asm.FnGetCurrentTaskBtf.Call(), asm.Mov.Reg(asm.R1, asm.R0))
		g.getStack(asm.FnGetTaskStack, off, it.Size, 0)
		return
	}
	// A program whose context is the probe's registers (kprobe) walks
	// from them: no plumbing comes first, and the helper skips the
	// traced function's own frames. A tracing program's walk starts in
	// the plumbing, which the consumer drops (dtrace/stack.go), but the
	// traced function's frame behind it looks like any other: at such
	// a probe the stack is walked once to count the frames to skip, as
	// for caller, and again with that skip.
	own := g.ownFrames()
	switch pt := g.programType(); {
	case own > 0 && pt == ebpf.Tracing:
		mark := g.tmpOff
		g.skipPlumbing(plumbingFrames + 1 + own)
		g.releaseTemps(mark)
		g.emit(
			asm.Mov.Reg(asm.R1, regCtx),
			asm.Mov.Reg(asm.R2, regScratch),
			asm.Add.Imm(asm.R2, int32(off)),
			asm.Mov.Imm(asm.R3, int32(it.Size)),
			asm.Mov.Reg(asm.R4, asm.R9),
			asm.FnGetStack.Call(),
		)
	case pt == ebpf.Kprobe:
		g.emit(asm.Mov.Reg(asm.R1, regCtx))
		g.getStack(asm.FnGetStack, off, it.Size, int32(own))
	default:
		g.emit(asm.Mov.Reg(asm.R1, regCtx))
		g.getStack(asm.FnGetStack, off, it.Size, 0)
	}
}

// getStack calls fn, bpf_get_stack or bpf_get_task_stack, whose first
// argument is in R1, to fill size bytes of scratch at off.
func (g *gen) getStack(fn asm.BuiltinFunc, off, size int, flags int32) {
	g.emit(
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Imm(asm.R2, int32(off)),
		asm.Mov.Imm(asm.R3, int32(size)),
		asm.Mov.Imm(asm.R4, flags),
		fn.Call(),
	)
}

// stackKeyItems lays out the stack keys of aggregation a: keyLayout gave
// them integer slots, and each becomes as large as its stack, the frames
// those of the first use of the aggregation that has keys. The offsets
// of the keys after a stack move accordingly.
func (c *compiler) stackKeyItems(a *check.Agg, keys []spec.Item, size int) ([]spec.Item, int) {
	uses := c.stackKeyUses(a)
	if uses == nil {
		return keys, size
	}
	off := 0
	for i := range keys {
		slot := 8
		if keys[i].String {
			slot = keys[i].Size
		}
		if call := uses[i]; call != nil {
			keys[i] = c.stackItem(c.info.Actions[call])
			slot = keys[i].Size
		}
		keys[i].Off = off
		off += slot
	}
	return keys, off
}

// stackKeyUses returns, for aggregation a, the stack function calls of
// its first keyed use, by key position; nil if it has no stack key.
func (c *compiler) stackKeyUses(a *check.Agg) []*ast.CallExpr {
	var first *ast.AggExpr
	for ae, agg := range c.info.AggOf {
		if agg == a && len(ae.Keys) == len(a.Keys) && (first == nil || ae.At < first.At) {
			first = ae
		}
	}
	if first == nil {
		return nil
	}
	var uses []*ast.CallExpr
	for i, k := range first.Keys {
		call, ok := ast.Unparen(k).(*ast.CallExpr)
		if _, isStack := c.info.Actions[call]; !ok || !isStack || !check.IsStack(a.Keys[i]) {
			continue
		}
		if uses == nil {
			uses = make([]*ast.CallExpr, len(first.Keys))
		}
		uses[i] = call
	}
	return uses
}

// buildAggKey builds an aggregation's key at scratch offset key: stacks
// are captured in place, other keys evaluated as for any tuple.
func (g *gen) buildAggKey(key int, items []spec.Item, keys []ast.Expr) {
	g.tupleFits(keys)
	for i := range keys {
		if items[i].IsUserSym() {
			g.recordUserSym(key+items[i].Off, keys[i])
			continue
		}
		if items[i].Stack == 0 {
			g.buildKey(key, items[i:i+1], keys[i:i+1])
			continue
		}
		g.captureStack(key+items[i].Off, items[i])
	}
}

// stackExpr reports a stack function used as a value, which DTrace's
// code generator refuses: only a statement or an aggregation key
// records a stack.
func (g *gen) stackExpr(e *ast.CallExpr) {
	g.failTag(e, tag.CgExpr, "tracing function", e.Fun.Name)
}

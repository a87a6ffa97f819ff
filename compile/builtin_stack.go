package compile

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// maxStackFrames is the kernel's default perf_event_max_stack: the most
// frames bpf_get_stack() returns, which bounds ustackdepth and
// stackdepth.
const maxStackFrames = 127

// maxFrames is the most frames a stack, or a stack's depth, may count:
// the maxframes option, at most maxStackFrames.
func (c *compiler) maxFrames() int {
	return min(orDefault(c.cfg.MaxFrames, maxStackFrames), maxStackFrames)
}

// userStack generates ustackdepth or ucaller from the user stack that
// ustack() records, walked by bpf_get_stack(): ustackdepth counts its
// frames; ucaller is the second, the return address into the caller of
// the function the thread is in, as DTrace's dtrace_getupcstack() gives.
func (g *gen) userStack(b check.Builtin) {
	g.stackVar(b == check.BUstackdepth, bpfFUserStack)
}

// kernelStack generates stackdepth or caller from the kernel stack that
// stack() records. At a profile probe, bpf_get_stack() walks it from the
// probe's own registers: the interrupted kernel code (no frames when it
// interrupted user code), and caller is then the return address into
// the caller of the interrupted function, as Oracle DTrace gives it.
// Elsewhere the walk starts in the BPF program, inside the tracing
// machinery, whose frames are skipped (stackPastPlumbing).
func (g *gen) kernelStack(b check.Builtin) {
	if g.outsideKernel() {
		g.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	if g.programType() != ebpf.PerfEvent {
		g.stackPastPlumbing(b == check.BStackdepth)
		return
	}
	g.stackVar(b == check.BStackdepth, 0)
}

// outsideKernel reports whether the clause's probe is BEGIN or END,
// which DTrace fires from the consumer itself, with no kernel stack:
// stack() is empty there, and stackdepth and caller are 0. Here the
// program runs inside the bpf() system call that fires it, whose frames
// are no one's business.
func (g *gen) outsideKernel() bool {
	return g.shared == nil && (g.probe.IsDtrace(provider.Begin) || g.probe.IsDtrace(provider.End))
}

// plumbingFrames bounds how many leading frames of a stack can be
// tracing machinery; plumbingSteps is a binary search's steps over
// spec.PlumbingMax ranges.
const (
	plumbingFrames = 24
	plumbingSteps  = 14
)

// stackPastPlumbing walks the kernel stack with bpf_get_stack() and
// skips its leading frames that lie in the plumbing map's ranges (see
// spec.MapPlumbing), the frames the consumer drops from stack()'s output
// by name. For depth, R0 is then the count of the frames left, as many
// as stack() prints; otherwise it is the first of them, the return
// address into the function where the probe fired, which is where the
// thread was before it entered the probe. The search's bounds go
// through scratch slots, so that the verifier meets one state per step.
//
// At a probe inside a traced function (provider.Framed) the frames of
// the function itself, which follow the plumbing, are skipped too.
func (g *gen) stackPastPlumbing(depth bool) {
	frames := maxStackFrames
	if !depth {
		frames = plumbingFrames + 1 + g.ownFrames()
	}
	defer g.releaseTemps(g.tmpOff)
	buf, n := g.skipPlumbing(frames)
	if depth {
		g.emit(asm.LoadMem(asm.R0, regScratch, int16(n), asm.DWord), asm.Sub.Reg(asm.R0, asm.R9))
		some, fits := g.newLabel(), g.newLabel()
		g.emit(asm.JSGE.Imm(asm.R0, 0, some), asm.Mov.Imm(asm.R0, 0))
		g.mark(some)
		if limit := g.c.maxFrames(); limit < maxStackFrames {
			g.emit(asm.JLE.Imm(asm.R0, int32(limit), fits), asm.Mov.Imm(asm.R0, int32(limit)))
		}
		g.mark(fits)
		return
	}
	// bpf_get_stack() zeroed the frames it did not fill: with no frame
	// left, caller is 0.
	g.frameAt(asm.R0, buf)
}

// skipPlumbing walks the kernel stack, up to frames frames, into a
// temporary (buf), with their count in the temporary n, and sets R9 to
// the index of the first frame past the plumbing and the traced
// function's own frames (see stackPastPlumbing). It uses R0-R5 and R8.
func (g *gen) skipPlumbing(frames int) (buf, n int) {
	own := g.ownFrames()
	buf = g.tmp(8 * frames)
	n = g.tmp(8)
	lo, hi := g.tmp(8), g.tmp(8)
	g.emit(asm.Mov.Reg(asm.R1, regCtx))
	g.getStack(asm.FnGetStack, buf, 8*frames, 0)
	got := g.newLabel()
	g.emit(asm.JSGE.Imm(asm.R0, 0, got), asm.Mov.Imm(asm.R0, 0))
	g.mark(got)
	g.emit(asm.RSh.Imm(asm.R0, 3), asm.StoreMem(regScratch, int16(n), asm.R0, asm.DWord))
	// R9 is the frame looked at, R3 its address, R8 the ranges.
	frame, nextFrame, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R9, 0), asm.Ja.Label(frame))
	g.mark(nextFrame)
	g.emit(asm.Add.Imm(asm.R9, 1))
	g.loopHead(frame)
	g.emit(
		asm.JGE.Imm(asm.R9, plumbingFrames, done),
		asm.LoadMem(asm.R1, regScratch, int16(n), asm.DWord),
		asm.JGE.Reg(asm.R9, asm.R1, done),
	)
	g.frameAt(asm.R3, buf)
	g.emit(
		asm.LoadMapValue(asm.R8, 0, 0).WithReference(spec.MapPlumbing),
		storeImm64(regScratch, int16(lo), 0),
		asm.LoadMem(asm.R1, asm.R8, spec.PlumbingCount, asm.DWord),
		asm.StoreMem(regScratch, int16(hi), asm.R1, asm.DWord),
	)
	// A frame is plumbing if a range holds it: ranges [lo, hi) are left.
	step, nextStep, below := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R2, 0), asm.Ja.Label(step))
	g.mark(nextStep)
	g.emit(asm.Add.Imm(asm.R2, 1))
	g.loopHead(step)
	g.emit(
		asm.JGE.Imm(asm.R2, plumbingSteps, done),
		asm.LoadMem(asm.R4, regScratch, int16(lo), asm.DWord),
		asm.LoadMem(asm.R5, regScratch, int16(hi), asm.DWord),
		asm.JGE.Reg(asm.R4, asm.R5, done),
		asm.Mov.Reg(asm.R0, asm.R4),
		asm.Add.Reg(asm.R0, asm.R5),
		asm.RSh.Imm(asm.R0, 1),
		asm.And.Imm(asm.R0, spec.PlumbingMax-1),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.LSh.Imm(asm.R1, 4),
		asm.Add.Reg(asm.R1, asm.R8),
		asm.LoadMem(asm.R5, asm.R1, spec.PlumbingRanges, asm.DWord),
		asm.JLT.Reg(asm.R3, asm.R5, below),
		asm.LoadMem(asm.R5, asm.R1, spec.PlumbingRanges+8, asm.DWord),
		asm.JLT.Reg(asm.R3, asm.R5, nextFrame), // in the range: skip it
		asm.Add.Imm(asm.R0, 1),
		asm.StoreMem(regScratch, int16(lo), asm.R0, asm.DWord),
		asm.Ja.Label(nextStep),
	)
	g.mark(below)
	g.emit(asm.StoreMem(regScratch, int16(hi), asm.R0, asm.DWord), asm.Ja.Label(nextStep))
	g.mark(done)
	if own > 0 {
		g.emit(asm.Add.Imm(asm.R9, int32(own)))
	}
	return buf, n
}

// frameAt loads into r the frame R9 indexes in the stack at scratch
// offset buf.
func (g *gen) frameAt(r asm.Register, buf int) {
	g.emit(
		asm.Mov.Reg(r, asm.R9),
		asm.LSh.Imm(r, 3),
		asm.Add.Reg(r, regScratch),
		asm.LoadMem(r, r, int16(buf), asm.DWord),
	)
}

// stackVar walks a stack with bpf_get_stack() (which zeroes what it
// does not fill, and the whole buffer on failure) into the clause's
// temporaries: for depth, as many frames as it can hold, and R0 is their
// count; otherwise two, and R0 is the second.
func (g *gen) stackVar(depth bool, flags int32) {
	frames := min(maxStackFrames, g.c.maxFrames())
	if !depth {
		frames = 2
	}
	defer g.releaseTemps(g.tmpOff)
	buf := g.tmp(8 * frames)
	g.emit(asm.Mov.Reg(asm.R1, regCtx))
	g.getStack(asm.FnGetStack, buf, 8*frames, flags)
	if !depth {
		g.emit(asm.LoadMem(asm.R0, regScratch, int16(buf+8), asm.DWord))
		return
	}
	done := g.newLabel()
	g.emit(
		asm.JSGE.Imm(asm.R0, 0, done),
		asm.Mov.Imm(asm.R0, 0),
	)
	g.mark(done)
	g.emit(asm.RSh.Imm(asm.R0, 3))
}

// ownFrames is how many frames of the traced function a kernel stack
// walked at the probe holds after the plumbing (provider.Framed).
func (g *gen) ownFrames() int {
	f, ok := g.probe.Owner().(provider.Framed)
	if !ok {
		return 0
	}
	group := ""
	if g.shared != nil {
		group = g.shared.name
	}
	return f.OwnFrames(g.probe, group)
}

// userEntrySP says where the context keeps the user stack pointer if
// the clause's probe fires at a user function's first instruction
// (provider.UserEntry).
func (g *gen) userEntrySP() (int16, bool) {
	u, ok := g.probe.Owner().(provider.UserEntry)
	if !ok {
		return 0, false
	}
	return u.UserEntrySP(g.probe)
}

// programType is the type of the program the clause is generated for:
// its probe's own, or that of the shared attachment it serves.
func (g *gen) programType() ebpf.ProgramType {
	if g.shared != nil {
		pt, _ := g.shared.prov.SharedProgramType(g.shared.name)
		return pt
	}
	pt, _ := g.probe.Owner().ProgramType(g.probe)
	return pt
}

package compile

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
)

// maxStackFrames is the kernel's default perf_event_max_stack: the most
// frames bpf_get_stack() returns, which bounds ustackdepth and
// stackdepth.
const maxStackFrames = 127

// userStack generates ustackdepth or ucaller from the user stack that
// ustack() records, walked by bpf_get_stack(): ustackdepth counts its
// frames; ucaller is the second, the return address into the caller of
// the function the thread is in, as DTrace's dtrace_getupcstack() gives.
func (g *gen) userStack(b check.Builtin) {
	g.stackVar(b == check.BUstackdepth, bpfFUserStack)
}

// kernelStack generates stackdepth or caller from the kernel stack that
// stack() records, where bpf_get_stack() walks it from the probe's own
// registers: at a profile probe, the interrupted kernel code (no frames
// when it interrupted user code). caller is then the return address into
// the caller of the interrupted function, as Oracle DTrace gives it.
// Elsewhere the stack is walked from the BPF program, through tracing
// frames only the consumer recognizes (by name, see stackSlack), which
// the BPF program cannot count: refused there, until it can.
func (g *gen) kernelStack(e *ast.Ident, b check.Builtin) {
	if pt, _ := g.probe.Owner().ProgramType(g.probe); pt != ebpf.PerfEvent {
		g.fail(e, "%s is not supported yet at %s:%s:%s:%s: only at profile probes", e.Name, g.probe.Provider, g.probe.Module, g.probe.Function, g.probe.Name)
		return
	}
	g.stackVar(b == check.BStackdepth, 0)
}

// stackVar walks a stack with bpf_get_stack() (which zeroes what it
// does not fill, and the whole buffer on failure) into the clause's
// temporaries: for depth, as many frames as it can hold, and R0 is their
// count; otherwise two, and R0 is the second.
func (g *gen) stackVar(depth bool, flags int32) {
	frames := maxStackFrames
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

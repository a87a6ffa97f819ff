package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/check"
)

// maxStackFrames is the kernel's default perf_event_max_stack: the most
// frames bpf_get_stack() returns, which bounds ustackdepth.
const maxStackFrames = 127

// userStack generates ustackdepth or ucaller from the user stack that
// ustack() records, walked by bpf_get_stack() (which zeroes what it
// does not fill, and the whole buffer on failure): ustackdepth counts its
// frames; ucaller is the second, the return address into the caller of
// the function the thread is in, as DTrace's dtrace_getupcstack() gives.
func (g *gen) userStack(b check.Builtin) {
	frames := maxStackFrames
	if b == check.BUcaller {
		frames = 2
	}
	defer g.releaseTemps(g.tmpOff)
	buf := g.tmp(8 * frames)
	g.emit(asm.Mov.Reg(asm.R1, regCtx))
	g.getStack(asm.FnGetStack, buf, 8*frames, bpfFUserStack)
	if b == check.BUcaller {
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

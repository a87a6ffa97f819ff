package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// dtrace:::ERROR fires where a clause faults, in the probe context of the
// fault, as in DTrace: its clauses see the faulting task and CPU, and
// may trace, aggregate or exit() like any other.
//
// The clause functions of ERROR's ECBs are linked into every program
// with a clause that can fault. A faulting clause writes its fault
// record (which the consumer prints as DTrace's message) and returns
// clauseFaulted. The trampoline then saves the probe's arguments, sets
// ERROR's from the fault record still in the staging area, calls the
// ERROR clauses, and restores the arguments for the clauses that follow,
// which still run. The calls are made by the trampoline rather than by
// the fault handler so that a clause and an ERROR clause never share
// the 512 bytes of BPF stack that one call chain may use.
//
// ERROR's arguments are Oracle DTrace's: arg0 is 0 (it was the kernel
// consumer's state), arg1 the faulting probe's ID, arg2 the faulting
// clause's index in the program (the N of dt_clause_N; illumos gave the
// EPID and the action index), arg3 the BPF offset of the fault (-1 if
// none), arg4 the fault kind (DTRACEFLT_*) and arg5 the faulting value
// (the bad address, or 0).
//
// An ERROR clause that faults writes its fault record and returns, and
// nothing looks at what it returned: ERROR never fires for ERROR's own
// faults, so a faulting ERROR clause cannot recurse.

// clauseFaulted is what a clause function returns after a fault; 0
// means it ran to the end (or its predicate was false).
const clauseFaulted = 1

// isErrorProbe reports whether p is dtrace:::ERROR.
func isErrorProbe(p *provider.Probe) bool {
	return p.IsDtrace(provider.Error)
}

// planError reserves, if any clause enables ERROR, the scratch slots
// where a trampoline keeps its probe's arguments while ERROR runs.
func (c *compiler) planError(probes [][]*provider.Probe) {
	for _, ps := range probes {
		for _, p := range ps {
			if isErrorProbe(p) {
				c.errorArgs = c.layout.extend(areaError, 8*provider.NArgs)
				return
			}
		}
	}
}

// errorEnabled reports whether a clause enables ERROR (planError made
// room for it).
func (c *compiler) errorEnabled() bool { return c.errorArgs != 0 }

// firesError reports whether clause function f, run by the trampoline
// of probe p, fires ERROR when it faults.
func (c *compiler) firesError(p *provider.Probe, f *gen) bool {
	return f.fault != "" && len(c.errorFuncs) > 0 && !isErrorProbe(p)
}

// fireError emits, in a trampoline right after the call of clause
// function f, the firing of ERROR if f faulted.
func (g *gen) fireError(f *gen) {
	if !g.c.firesError(g.probe, f) {
		return
	}
	done := g.newLabel()
	g.emit(asm.JNE.Imm(asm.R0, clauseFaulted, done))
	save := int16(g.c.errorArgs)
	for i := range int16(provider.NArgs) {
		g.emit(
			asm.LoadMem(asm.R1, regScratch, scratchArgs+8*i, asm.DWord),
			asm.StoreMem(regScratch, save+8*i, asm.R1, asm.DWord),
		)
	}
	// The fault record faultHandler left in the staging area: the kind
	// at 12, action<<32 | offset at 16, the value at 24. The probe and
	// clause are f's, known here.
	st := int16(g.c.layout.staging)
	arg := func(i int16) int16 { return scratchArgs + 8*i }
	g.emit(
		storeImm64(regScratch, arg(0), 0),
		storeImm64(regScratch, arg(1), int32(f.ecb.Probe.ID)),
		storeImm64(regScratch, arg(2), int32(f.ecb.Clause)),
		asm.LoadMem(asm.R1, regScratch, st+16, asm.DWord),
		// The offset is 32 bits; sign-extending it makes "none"
		// (0xffffffff) DTrace's -1.
		asm.LSh.Imm(asm.R1, 32),
		asm.ArSh.Imm(asm.R1, 32),
		asm.StoreMem(regScratch, arg(3), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, regScratch, st+12, asm.Word),
		asm.StoreMem(regScratch, arg(4), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, regScratch, st+24, asm.DWord),
		asm.StoreMem(regScratch, arg(5), asm.R1, asm.DWord),
	)
	for i := int16(6); i < provider.NArgs; i++ {
		g.emit(storeImm64(regScratch, arg(i), 0))
	}
	for _, e := range g.c.errorFuncs {
		g.emit(
			asm.Mov.Reg(asm.R1, regCtx),
			asm.Mov.Reg(asm.R2, regScratch),
			asm.Call.Label(clauseName(e.ecb)),
		)
	}
	for i := range int16(provider.NArgs) {
		g.emit(
			asm.LoadMem(asm.R1, regScratch, save+8*i, asm.DWord),
			asm.StoreMem(regScratch, arg(i), asm.R1, asm.DWord),
		)
	}
	g.mark(done)
}

// withErrorFuncs appends to insns, the code of probe p's program, the
// clause functions of ERROR if any of funcs fires it.
func (c *compiler) withErrorFuncs(p *provider.Probe, funcs []*gen, insns asm.Instructions) asm.Instructions {
	for _, f := range funcs {
		if c.firesError(p, f) {
			for _, e := range c.errorFuncs {
				insns = append(insns, e.insns...)
			}
			break
		}
	}
	return insns
}

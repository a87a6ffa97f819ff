package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/spec"
)

// curcpu points at this CPU's cpuinfo_t: the value of the per-CPU
// cpuinfo map that the loader filled (spec.MapCPUInfo). The map value's
// address goes through scratch memory so that the verifier sees a plain
// number, which D may store, compare and do arithmetic on like any
// pointer; its members are read as kernel memory.
func (g *gen) curcpu() {
	defer g.releaseTemps(g.tmpOff)
	slot := g.tmp(8)
	found := g.newLabel()
	g.emit(
		storeImm64(asm.R10, stackKey, 0),
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapCPUInfo),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, stackKey),
		asm.FnMapLookupElem.Call(),
		// The map has its one key on every CPU: the lookup fails only
		// in the verifier's eyes, where R0 is 0 on that way.
		asm.JNE.Imm(asm.R0, 0, found),
	)
	g.mark(found)
	g.forget(asm.R0, slot)
}

package lockstat

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/rawtp"
)

// Companions implements provider.Accompanied: a block or spin probe
// needs the start of each contention kept, an acquire probe the lock
// each lock function of its class was entered with.
func (pv *Provider) Companions(p *provider.Probe) []*provider.Companion {
	pr := probeOf(p)
	if pr == nil {
		return nil
	}
	switch pr.kind {
	case contended:
		return []*provider.Companion{beginCompanion()}
	case acquire:
		return []*provider.Companion{pv.enterCompanion(pr)}
	}
	return nil
}

// beginName names the companion that beginCompanion gives.
const beginName = "lockstat_begin"

// beginCompanion keeps, at lock:contention_begin (lock, flags), the
// lock, the time and the flags by thread.
func beginCompanion() *provider.Companion {
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1),
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.R10, -8, asm.R0, asm.DWord),
		asm.LoadMem(asm.R1, asm.R6, 0, asm.DWord),
		asm.StoreMem(asm.R10, -8-contSize+contLock, asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R6, 8, asm.DWord),
		asm.StoreMem(asm.R10, -8-contSize+contFlags, asm.R1, asm.DWord),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(asm.R10, -8-contSize+contStart, asm.R0, asm.DWord),
		asm.LoadMapPtr(asm.R1, 0).WithReference(contMap),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -8),
		asm.Mov.Reg(asm.R3, asm.R10),
		asm.Add.Imm(asm.R3, -8-contSize),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnMapUpdateElem.Call(),
		asm.Mov.Imm(asm.R0, 0),
		asm.Return(),
	}
	return &provider.Companion{
		Name:    beginName,
		Program: &ebpf.ProgramSpec{Type: rawtp.ProgramType, License: "GPL", Instructions: insns},
		Maps:    []*ebpf.MapSpec{contSpec()},
	}
}

// enterCompanion keeps, at the entry of the lock functions of pr's
// class, the lock by thread.
func (pv *Provider) enterCompanion(pr *probe) *provider.Companion {
	m := lockMap(pr.class)
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1),
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.R10, -8, asm.R0, asm.DWord),
		fbt.KprobeArg(asm.R1, asm.R6, 0),
		asm.StoreMem(asm.R10, -16, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, 0).WithReference(m),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -8),
		asm.Mov.Reg(asm.R3, asm.R10),
		asm.Add.Imm(asm.R3, -16),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnMapUpdateElem.Call(),
		asm.Mov.Imm(asm.R0, 0),
		asm.Return(),
	}
	return &provider.Companion{
		Name:    m,
		Program: &ebpf.ProgramSpec{Type: ebpf.Kprobe, License: "GPL", Instructions: insns},
		Maps:    []*ebpf.MapSpec{lockSpec(pr.class)},
	}
}

// AttachCompanion implements provider.Accompanied: the companion named
// name is one of those Companions gave for p.
func (pv *Provider) AttachCompanion(p *provider.Probe, name string, prog *ebpf.Program) (io.Closer, error) {
	pr := probeOf(p)
	switch {
	case pr == nil:
	case pr.kind == contended && name == beginName:
		return rawtp.Attach("contention_begin", prog)
	case pr.kind == acquire && name == lockMap(pr.class):
		return pv.attachFuncs(pr.funcs, prog, false)
	}
	return nil, fmt.Errorf("lockstat: %s:%s:%s:%s has no companion %s", p.Provider, p.Module, p.Function, p.Name, name)
}

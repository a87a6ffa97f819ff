package fbt

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ptregs"
	"github.com/godtrace/godtrace/provider/rawtp"
)

// ProgramType implements provider.Provider: a tracing program for
// fentry and fexit, a kprobe program otherwise.
func (pv *Provider) ProgramType(p *provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	if pv.mechanismOf(p) == viaFentry {
		if probeOf(p).ret {
			return ebpf.Tracing, ebpf.AttachTraceFExit
		}
		return ebpf.Tracing, ebpf.AttachTraceFEntry
	}
	return ebpf.Kprobe, ebpf.AttachNone
}

// AttachTo implements provider.Targeted: a fentry or fexit program is
// loaded for its function.
func (pv *Provider) AttachTo(p *provider.Probe) string {
	if pv.mechanismOf(p) == viaFentry {
		return probeOf(p).fn.name
	}
	return ""
}

// OwnFrames implements provider.Framed. A fentry or fexit program runs
// from a trampoline that the function's first instruction calls, so the
// walk holds a return address into the function behind the
// trampoline's frame; a kprobe's walk starts at its registers, in the
// function at entry and already in the caller at return.
func (pv *Provider) OwnFrames(p *provider.Probe, group string) int {
	if probeOf(p).ret && (group != "" || pv.mechanismOf(p) == viaKprobe) {
		return 0
	}
	return 1
}

// LoadArgs implements provider.Provider.
func (pv *Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	pr := probeOf(p)
	if pr == nil {
		return nil
	}
	pt := pv.protoOf(pr.fn)
	if pv.mechanismOf(p) == viaFentry {
		return fentryArgs(pt, pr.ret)
	}
	if pr.ret {
		return kretprobeArgs()
	}
	n := len(ptregs.Args)
	if pt.known {
		n = pt.slots
	}
	return kprobeArgs(n)
}

// fentryArgs loads a fentry or fexit program's arguments: its context
// is an array of the function's argument registers, then, for fexit,
// the return value. The verifier checks each load against the
// prototype, so only what the function has is read.
func fentryArgs(pt *proto, ret bool) asm.Instructions {
	if !ret {
		// The same array as a raw tracepoint's arguments.
		return rawtp.LoadArgs(pt.slots)
	}
	insns := asm.Instructions{storeImm64(asm.R9, 0, -1)}
	if pt.ret != "" {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R6, int16(8*pt.slots), asm.DWord),
			asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord))
	}
	return insns
}

// kprobeArgs loads the first n arguments from a kprobe's registers at a
// function's first instruction.
func kprobeArgs(n int) asm.Instructions {
	return ptregs.LoadArgs(min(n, provider.NArgs), asm.FnProbeReadKernel)
}

// kretprobeArgs loads a return probe's arguments from a kretprobe's
// registers: arg0, the offset of the returning instruction, is unknown
// (-1); arg1 is the return value.
func kretprobeArgs() asm.Instructions {
	if ptregs.Ret < 0 {
		return asm.Instructions{storeImm64(asm.R9, 0, -1)}
	}
	return asm.Instructions{
		storeImm64(asm.R9, 0, -1),
		asm.LoadMem(asm.R0, asm.R6, ptregs.Ret, asm.DWord),
		asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord),
	}
}

// Attach implements provider.Provider.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	pr := probeOf(p)
	if pr == nil {
		return nil, fmt.Errorf("%s is not an fbt probe", p.Desc())
	}
	if pv.mechanismOf(p) == viaFentry {
		l, err := link.AttachTracing(link.TracingOptions{Program: prog})
		if err != nil {
			return nil, fmt.Errorf("fentry: %w", err)
		}
		return l, nil
	}
	if !pv.supported(pr.fn).Kprobe {
		return nil, errNoMechanism
	}
	if pr.fn.ambiguous {
		return attachAt(prog, pr.ret, pr.fn.addrs)
	}
	return AttachKprobes(prog, pr.ret, []string{pr.fn.name}, []uint64{0})
}

// storeImm64 stores a sign-extended 32-bit constant as a double word
// (asm.StoreImm refuses the size).
func storeImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}

// KprobeArg returns the instruction that loads argument i of the
// function a kprobe fired at the entry of, from its registers (the
// context in ctx), into dst; i must be below KprobeRegArgs.
func KprobeArg(dst, ctx asm.Register, i int) asm.Instruction {
	return asm.LoadMem(dst, ctx, ptregs.Args[i], asm.DWord)
}

// KprobeRet returns the instruction that loads the return value at a
// kretprobe.
func KprobeRet(dst, ctx asm.Register) asm.Instruction {
	return asm.LoadMem(dst, ctx, ptregs.Ret, asm.DWord)
}

// KprobeRegArgs is how many arguments the calling convention passes in
// registers.
var KprobeRegArgs = len(ptregs.Args)

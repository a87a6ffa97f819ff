package profile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// LoadArgs implements provider.Provider: arg0 is the interrupted PC if
// the CPU was in the kernel, arg1 if it was in user mode; the other is 0.
//
// The context of a perf event program is struct bpf_perf_event_data,
// which starts with the interrupted registers; the per-architecture
// files say where the PC and the privilege mode are in them.
func (*Provider) LoadArgs(*provider.Probe) asm.Instructions {
	if !haveRegs {
		return nil
	}
	// Jump offsets are counted in instructions from the next one; the
	// block is self-contained so it needs no labels.
	toUser := asm.JEq.Imm(asm.R1, userMode, "")
	toUser.Offset = 2
	done := asm.Ja.Label("")
	done.Offset = 1
	return asm.Instructions{
		asm.LoadMem(asm.R0, asm.R6, pcOffset, asm.DWord),
		asm.LoadMem(asm.R1, asm.R6, modeOffset, asm.DWord),
		asm.And.Imm(asm.R1, modeMask),
		toUser,
		asm.StoreMem(asm.R9, 0, asm.R0, asm.DWord), // arg0: kernel PC
		done,
		asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord), // arg1: user PC
	}
}

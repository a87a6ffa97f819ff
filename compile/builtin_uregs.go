package compile

import "github.com/cilium/ebpf/asm"

// nURegs is how many of uregs[]'s registers struct pt_regs holds (the
// D library's R_R15 to R_SS on x86-64); the others read 0.
const nURegs = 21

// uregs loads uregs[i] into R0: the user registers the thread saved
// when it entered the kernel (bpf_task_pt_regs of the current task),
// which at a uprobe are the registers where the probe fired, and at a
// system call those of the call. pt_regs is read through its BTF
// pointer, at the register's offset.
func (g *gen) uregs(i int64) {
	if i >= nURegs {
		g.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	g.emit(
		asm.FnGetCurrentTaskBtf.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.FnTaskPtRegs.Call(),
		asm.LoadMem(asm.R0, asm.R0, int16(8*i), asm.DWord),
	)
}

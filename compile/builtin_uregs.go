package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// nURegs is how many of uregs[]'s registers struct pt_regs holds (the
// D library's R_R15 to R_SS on x86-64).
const nURegs = 21

// threadRegs are the registers after them (R_DS, R_ES, R_FS, R_GS,
// R_TRAPNO), which the kernel keeps in the task's thread_struct, as
// Oracle DTrace reads them.
var threadRegs = []string{"ds", "es", "fsbase", "gsbase", "trap_nr"}

// uregs loads uregs[i] into R0: the user registers the thread saved
// when it entered the kernel (bpf_task_pt_regs of the current task),
// which at a uprobe are the registers where the probe fired, and at a
// system call those of the call. pt_regs is read through its BTF
// pointer, at the register's offset; the others from current->thread.
func (g *gen) uregs(e *ast.IndexExpr, i int64) {
	if i >= nURegs {
		g.threadReg(e, threadRegs[i-nURegs])
		return
	}
	g.emit(
		asm.FnGetCurrentTaskBtf.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.FnTaskPtRegs.Call(),
		asm.LoadMem(asm.R0, asm.R0, int16(8*i), asm.DWord),
	)
}

// threadReg reads current->thread.name, zero-extended (0 if the read
// fails).
func (g *gen) threadReg(e *ast.IndexExpr, name string) {
	task, _ := g.c.info.KernelType("struct task_struct")
	thread, ok1 := task.Def.Member("thread")
	var reg struct{ Off, Size int }
	ok2 := false
	if ok1 && thread.Type.Def != nil {
		if m, ok := thread.Type.Def.Member(name); ok {
			reg.Off, reg.Size, ok2 = thread.Off+m.Off, m.Type.Size, true
		}
	}
	if !ok2 || reg.Size > 8 {
		g.failTag(e, tag.KernelUregs, name)
		return
	}
	g.emit(
		storeImm64(asm.R10, stackKey, 0),
		asm.FnGetCurrentTask.Call(),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, int32(reg.Off)),
		asm.Mov.Reg(asm.R1, asm.R10),
		asm.Add.Imm(asm.R1, stackKey),
		asm.Mov.Imm(asm.R2, int32(reg.Size)),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R0, asm.R10, stackKey, sizeOf(reg.Size)),
	)
}

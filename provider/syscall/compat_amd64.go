package syscall

import (
	"sync"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider/ktypes"
)

// The per-call tracepoints do not fire for 32-bit (ia32) system calls
// of a 64-bit kernel: their numbers are another table's, and the kernel
// drops them (trace_get_syscall_nr). raw_syscalls fires for them with
// the ia32 number, which the shared program would take for the x86-64
// call of that number (ia32 getppid is 64, x86-64 semget). So the
// shared program skips them too, by the test the kernel makes:
// TS_COMPAT in the current task's thread_info.status. thread_info is
// task_struct's first member on x86-64, so the status is at a fixed
// offset in the task, which BTF gives. (x32 calls, the other compat
// kind, carry bit 30 in their number, beyond any table.)
const tsCompat = 0x0002

var (
	compatOnce sync.Once
	statusOff  int32 // of thread_info.status in task_struct; -1 if unknown
)

// compatStatus returns the offset of thread_info.status in task_struct,
// and false if the kernel's BTF does not say.
func compatStatus() (int32, bool) {
	compatOnce.Do(func() {
		statusOff = -1
		k, err := ktypes.Kernel()
		if err != nil {
			return
		}
		if m, err := k.OffsetOf("task_struct", "thread_info", "status"); err == nil && m.Size == 4 {
			statusOff = m.Off
		}
	})
	return statusOff, statusOff >= 0
}

// canShare reports whether probes can share the raw_syscalls program:
// only if it can tell compat calls apart.
func canShare() bool {
	_, ok := compatStatus()
	return ok
}

// loadSelector sets R0 to the system call number, with bit 32 set in a
// compat call, which puts it beyond every table. The status is read
// into the stack at R10-8; a failed read counts as a native call.
func loadSelector() asm.Instructions {
	off, _ := compatStatus()
	return asm.Instructions{
		asm.FnGetCurrentTask.Call(),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, off),
		asm.StoreImm(asm.R10, -8, 0, asm.Word),
		asm.Mov.Reg(asm.R1, asm.R10),
		asm.Add.Imm(asm.R1, -8),
		asm.Mov.Imm(asm.R2, 4),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R1, asm.R10, -8, asm.Word),
		asm.And.Imm(asm.R1, tsCompat),
		asm.LSh.Imm(asm.R1, 31),
		asm.LoadMem(asm.R0, asm.R6, rawIDOff, asm.DWord),
		asm.Or.Reg(asm.R0, asm.R1),
	}
}

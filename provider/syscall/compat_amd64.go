package syscall

import (
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

// compatStatus returns the offset of thread_info.status in task_struct,
// and false if the kernel's BTF does not say.
func compatStatus(k *ktypes.Types) (int32, bool) {
	m, err := k.OffsetOf("task_struct", "thread_info", "status")
	return m.Off, err == nil && m.Size == 4
}

// compatGuard sets R0 non-zero in a compat call. The task from
// bpf_get_current_task_btf is BTF-typed, so the status is a plain load;
// the test is made only for calls whose number matched a probe, which
// makes it rare where few probes are enabled.
func compatGuard(status int32) asm.Instructions {
	return asm.Instructions{
		asm.FnGetCurrentTaskBtf.Call(),
		asm.LoadMem(asm.R0, asm.R0, int16(status), asm.Word),
		asm.And.Imm(asm.R0, tsCompat),
	}
}

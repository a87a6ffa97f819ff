package stable

import "golang.org/x/sys/unix"

// regsNr is the member of struct pt_regs that holds the system call's
// number after it returns.
const regsNr = "orig_ax"

var (
	execCalls = []int32{unix.SYS_EXECVE, unix.SYS_EXECVEAT}
	forkCalls = []int32{unix.SYS_CLONE, unix.SYS_CLONE3, unix.SYS_FORK, unix.SYS_VFORK}
)

//go:build !amd64

package syscall

import "github.com/cilium/ebpf/asm"

// Elsewhere no system call table is known (sysnum), so nothing shares,
// and there is no compat call to tell apart.

func canShare() bool { return true }

// loadSelector sets R0 to the system call number.
func loadSelector() asm.Instructions {
	return asm.Instructions{asm.LoadMem(asm.R0, asm.R6, rawIDOff, asm.DWord)}
}

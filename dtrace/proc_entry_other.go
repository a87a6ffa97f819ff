//go:build !amd64

package dtrace

// runToEntry leaves a created process where exec stopped it, before the
// dynamic linker has run: planting the breakpoint at the entry point is
// written for amd64 only (proc_entry_amd64.go), so elsewhere the pid
// provider sees only the executable and the dynamic linker until the
// process runs.
func runToEntry(pid int) error { return nil }

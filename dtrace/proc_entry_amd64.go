package dtrace

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// atEntry is AT_ENTRY from <elf.h>: the auxiliary vector's entry for
// the program's entry point (x/sys/unix does not define it).
const atEntry = 9

// int3 is the x86 breakpoint instruction: executing it stops the traced
// process with a SIGTRAP, its instruction pointer just past it.
const int3 = 0xcc

// runToEntry runs a created process, stopped at its exec's SIGTRAP, on
// to the entry point of its program and leaves it stopped there, as
// DTrace stops a -c process: by then the dynamic linker has mapped the
// shared libraries (and run their initializers), so the pid provider
// can see them, but the program's own code has not started. A
// statically linked program has no dynamic linker to wait for; its
// entry point is where it would start anyway.
//
// AT_ENTRY is read from the kernel's auxiliary vector rather than from
// the ELF header because the kernel has already added the load address
// of a position-independent executable.
//
// It must be called from the thread that traces the process. If no
// breakpoint can be planted, the process is left where it is, as
// Oracle DTrace falls back to stopping at exec. If the process ends
// before it reaches the entry point (the dynamic linker cannot find a
// library, say), the error is an *earlyEnd and the process is reaped.
// After any other error the process is still there, stopped.
func runToEntry(pid int) error {
	entry, err := auxEntry(pid)
	if err != nil {
		return nil
	}
	var orig [1]byte
	if _, err := unix.PtracePeekText(pid, entry, orig[:]); err != nil {
		return nil
	}
	// x/sys writes the byte as PTRACE_POKETEXT must, by rewriting the
	// whole word it lies in, and the same for the restore below.
	if _, err := unix.PtracePokeText(pid, entry, []byte{int3}); err != nil {
		return nil
	}
	sig := 0
	for {
		if err := unix.PtraceCont(pid, sig); err != nil {
			return fmt.Errorf("cannot continue it to its entry point: %v", err)
		}
		var ws syscall.WaitStatus
		if err := wait4(pid, &ws); err != nil {
			return fmt.Errorf("cannot wait for it: %v", err)
		}
		if ws.Exited() || ws.Signaled() {
			return &earlyEnd{ws}
		}
		if !ws.Stopped() {
			// Without WUNTRACED or WCONTINUED a traced child reports
			// only stops and its end.
			return fmt.Errorf("unexpected wait status %#x", uint32(ws))
		}
		var regs unix.PtraceRegs
		if ws.StopSignal() == syscall.SIGTRAP {
			if err := unix.PtraceGetRegs(pid, &regs); err != nil {
				return fmt.Errorf("cannot read its registers: %v", err)
			}
		}
		if ws.StopSignal() != syscall.SIGTRAP || regs.Rip != uint64(entry)+1 {
			// A signal for the process itself (one raised by a
			// library's initializer, or sent to it from outside):
			// deliver it as if it were not traced, and wait on.
			sig = int(ws.StopSignal())
			continue
		}
		if _, err := unix.PtracePokeText(pid, entry, orig[:]); err != nil {
			return fmt.Errorf("cannot remove the breakpoint at its entry point: %v", err)
		}
		regs.Rip = uint64(entry)
		if err := unix.PtraceSetRegs(pid, &regs); err != nil {
			return fmt.Errorf("cannot rewind it to its entry point: %v", err)
		}
		return nil
	}
}

// auxEntry is the AT_ENTRY value in the process's auxiliary vector: a
// list of (type, value) pairs of 64-bit words, ended by AT_NULL (0).
func auxEntry(pid int) (uintptr, error) {
	auxv, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/auxv")
	if err != nil {
		return 0, err
	}
	for i := 0; i+16 <= len(auxv); i += 16 {
		typ := binary.LittleEndian.Uint64(auxv[i:])
		if typ == 0 {
			break
		}
		if typ == atEntry {
			return uintptr(binary.LittleEndian.Uint64(auxv[i+8:])), nil
		}
	}
	return 0, fmt.Errorf("pid %d: no AT_ENTRY in its auxiliary vector", pid)
}

// wait4 waits for the traced process to stop or end.
func wait4(pid int, ws *syscall.WaitStatus) error {
	for {
		_, err := syscall.Wait4(pid, ws, 0, nil)
		if err != syscall.EINTR {
			return err
		}
	}
}

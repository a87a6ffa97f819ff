package main

import (
	"io"
	"unsafe"

	"golang.org/x/sys/unix"
)

// dumpCore ends dtrace with a core dump, as -x core asks. Like Oracle's
// dt_coredump(), which libdtrace runs at exit once the option is set,
// it says so on standard error, lifts the limit on the core's size, and
// aborts. It returns only if the abort failed.
func dumpCore(stderr io.Writer) {
	io.WriteString(stderr, "libdtrace DEBUG: [ forcing coredump ]\n")
	unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY})
	// Go's runtime catches SIGABRT (it prints every goroutine's stack
	// and exits with status 2), so the default action, which dumps
	// core, is put back under it first.
	var dfl struct {
		handler, flags, restorer, mask uint64 // the kernel's struct sigaction; SIG_DFL is 0
	}
	const maskSize = 8
	_, _, errno := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(unix.SIGABRT), uintptr(unsafe.Pointer(&dfl)), 0, maskSize, 0, 0)
	if errno != 0 {
		return
	}
	unix.Tgkill(unix.Getpid(), unix.Gettid(), unix.SIGABRT)
}

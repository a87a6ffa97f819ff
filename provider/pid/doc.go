// Package pid is DTrace's pid provider: pidPID:MODULE:FUNCTION:NAME for
// the functions of the objects process PID maps (its executable, module
// a.out, and its shared libraries, by base name or DTrace's shorthand:
// libc for libc.so.6). NAME is entry, return, or an offset in the
// function, in hex, of an instruction where the probe fires.
//
// # Members and probes
//
// Each process is a member of the family (provider.Family), made when a
// description first names it (pid$target expands to pid1234) and kept by
// the registry as a provider of its own; a glob (pid*) matches the members
// made, and a glob ending in a process ID (p*d1234) makes that process's
// member (provider.PIDFamily) and finds its USDT providers
// (provider.PIDScanner), as DTrace does. A member reads the process's
// objects once (uproc: the executable-mapped ELF files, opened through
// /proc/PID/root) and makes probes from their ELF symbol tables when a
// description names them: entry, return, an offset in hex, checked to be
// an instruction boundary of the function, or, for a glob name (or none),
// a probe at each instruction, named by its offset. The function - takes
// an address in the executable. A function named by an alias (a weak _go
// for go) is the probe of the name kept for its address
// (provider.FunctionAliased). Descriptions it refuses carry DTrace's tags
// (provider.DescError: D_PROC_FUNC, D_PROC_NAME, D_PROC_OFF, D_PROC_LIB,
// D_PROC_BADPID, D_PROC_GRAB), which the compiler reports as they are.
// dtrace -c stops the command at its entry point, once the dynamic linker
// has mapped its libraries, so that their probes exist before the program
// runs.
//
// # Uprobes
//
// Probes attach as uprobes that the kernel limits to the process
// (uprobe_multi's pid, or the perf event's), never placed in every process
// that maps the file: entry at the function's first instruction, return at
// each instruction that leaves the function, as DTrace's do: every ret and
// every jump out of it (a tail call), found by decoding the function with
// x/arch's x86asm when it is attached. At return arg0 is that
// instruction's offset, carried in the upper half of the uprobe's attach
// cookie, whose lower half is the probe's number in a shared program; arg1
// is the return value. Instructions the kernel cannot probe (a lock or
// segment prefix) get no probe. Where the kernel has uprobe_multi (6.6)
// one link attaches all of a program's sites; wide descriptions share one
// program per object and kind, which tells its probes apart by the attach
// cookie.
//
// # USDT
//
// The USDT providers are a second family in this package (usdt.go):
// python1234 exists when an object process 1234 maps has stapsdt notes of
// provider python. Each note's argument description is compiled to loads
// from pt_regs or the user's memory (usdtargs.go), the site's number in
// the cookie choosing where a probe's sites differ, and each probe's
// semaphore is its uprobes' reference counter. A glob (python*) scans the
// objects every process maps (provider.Scanner): where it matches the
// provider's own name, one member named python attaches each object's
// probes by file with no process, firing in every process that runs it,
// now or later.
package pid

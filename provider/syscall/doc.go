// Package syscall is the syscall provider: syscall::NAME:entry and
// syscall::NAME:return for every system call the kernel has the
// tracepoints syscalls:sys_enter_NAME and syscalls:sys_exit_NAME for.
//
// The module field is empty, as on illumos (syscall::read:entry). At
// entry, arg0..argN are the system call's arguments, in the order and with
// the names of the tracepoint's format file; at return, arg0 and arg1 are
// both the return value (a negative errno on failure: Linux has no
// separate errno at this level). The provider reads the format files under
// tracefs, so probes and arguments are always the running kernel's.
//
// # Probes
//
// Each probe is its tracepoint, fired as a TracePoint program. Provide
// only lists the events/syscalls directory, which keeps numbering the
// probes cheap, and a description of another name (BEGIN) reads nothing
// (provider.Named); a probe's format file is read and parsed once (a
// tracefs.Tree), when the probe is first compiled (LoadArgs) or attached,
// and a failure to read it is kept and returned by Attach. Entry arguments
// are the format's fields after __syscall_nr (or nr), loaded at their
// offsets; signed fields narrower than 8 bytes are sign-extended with two
// shifts. Return probes load ret into both arg0 and arg1. Args types the
// entry arguments with the fields' type text and both return arguments
// long (Oracle's type for the return value); the provider's attributes are
// DTrace's (Private function names and arguments).
//
// # Shared attachments
//
// A wide description would otherwise load and attach one program per
// system call: 360 tracepoints take about 30 s to attach and detach (as
// for bpftrace and Oracle DTrace). The provider implements
// provider.Shared: it can serve its entry probes from the raw tracepoint
// sys_enter of raw_syscalls and its return probes from sys_exit, which
// fire for every system call with its number, the selector
// (sysnum_amd64.go, generated from golang.org/x/sys by gen_sysnum.sh, maps
// tracepoint names to numbers). The compiler shares when a program enables
// at least provider.MinShared (8) of its probes: a dedicated tracepoint
// costs nothing when other calls run, a raw_syscalls program runs on every
// system call of the machine (about 90 ns), so narrow descriptions keep
// their own tracepoints and wide ones share. syscall:::entry,
// syscall:::return starts and exits in about 160 ms (dtrace -n '... BEGIN
// { exit(0); }'). Only x86-64 has a table; other architectures attach each
// probe.
//
// The shared program is a BTF raw tracepoint (tp_btf,
// BPF_PROG_TYPE_TRACING attached as BPF_TRACE_RAW_TP; shared_amd64.go),
// not a tracepoint program: a tracepoint program on raw_syscalls costs
// about 50 ns more per system call, because the kernel first fills a perf
// record with the number and all six arguments (bench/floor: 137 ns
// against 84 for a raw tracepoint). Its context is the tracepoint's own
// arguments, struct pt_regs *regs and the number (sys_enter) or the return
// value (sys_exit, whose number is regs->orig_ax). Because BTF types regs,
// the arguments (di, si, dx, r10, r8, r9, where syscall_get_arguments
// reads them for the per-call tracepoints) and orig_ax are plain loads
// that the verifier turns into faulting-safe ones, with no
// bpf_probe_read_kernel; their offsets come from BTF. (A plain raw
// tracepoint program gets regs untyped and must reach the registers
// through a helper: 10 to 40 ns more per call.) The offsets are read only
// for a group wide enough to share (SharedUsable), so that a narrow
// description does not load the kernel's BTF.
//
// 32-bit (ia32) system calls reach raw_syscalls with their own table's
// numbers, which the per-call tracepoints ignore; the guard (SharedGuard,
// compat_amd64.go) skips a call whose task has TS_COMPAT in
// thread_info.status, the kernel's own test, read through
// bpf_get_current_task_btf(), and only for calls whose number matched an
// enabled probe. Its offsets come from BTF (provider/ktypes); without them
// the probes do not share.
//
// The tests use a saved tracefs tree (testdata/tracefs).
package syscall

// Package dtraceprov is the dtrace provider: dtrace:::BEGIN, dtrace:::END
// and dtrace:::ERROR, probes 1, 2 and 3.
//
// These probes are not attached to anything in the kernel: their program
// type is RawTracepoint and Attach does nothing. The consumer fires BEGIN
// before tracing starts and END when it stops, by running the program with
// Fire, which uses BPF_PROG_TEST_RUN without BPF_F_TEST_RUN_ON_CPU. The
// kernel then runs it synchronously inside the bpf(2) call, on the current
// CPU and in the calling task, so BEGIN and END see the dtrace process as
// pid, tid and execname, as DTrace specifies. BEGIN and END have no
// arguments.
//
// ERROR's LoadArgs copies six u64s from its context, but its program is
// never run: the compiler links ERROR's clauses into the programs whose
// clauses can fault, and the trampoline of the faulting probe runs them
// where the fault happens. The provider's stability attributes are
// DTrace's.
package dtraceprov

package stable

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// NewProc returns the proc provider: process and thread creation, exec,
// exit and signals. fault and signal-clear are left out: Linux has no
// tracepoint where they would fire (see docs/providers.md).
func NewProc() *Provider {
	return &Provider{name: "proc", probes: []probe{
		{
			// The child of fork() or clone() without CLONE_THREAD,
			// in the parent's context.
			name:   "create",
			events: []string{"sched_process_fork"},
			load:   func(e *emitter) { forked(e, asm.JEq) },
			args:   []provider.Arg{psArg},
		},
		{
			// exec() is past the point of no return: the kernel has
			// no tracepoint for an attempt that fails early.
			name:   "exec",
			events: []string{"sched_prepare_exec"},
			load: func(e *emitter) {
				e.param(asm.R1, 1)
				e.readMember(0, asm.R1, "linux_binprm", "filename")
			},
			args: []provider.Arg{native("char *", 0)},
		},
		{
			// The system call's return, arg0 its errno.
			name:   "exec-failure",
			events: []string{"sys_exit"},
			load: func(e *emitter) {
				syscallReturn(e, execCalls)
				e.param(asm.R0, 1)
				e.fireIf(asm.JSLT, asm.R0, 0)
				e.emit(asm.Neg.Imm(asm.R0, 0))
				e.store(0, asm.R0)
			},
			args: []provider.Arg{native("int", 0)},
		},
		{
			// In the new image, before it runs.
			name:   "exec-success",
			events: []string{"sched_process_exec"},
		},
		{
			// The last thread of a process exits: arg0 is why, as
			// waitid(2)'s si_code says it (CLD_EXITED, CLD_KILLED,
			// CLD_DUMPED).
			name:   "exit",
			events: []string{"sched_process_exit"},
			load: func(e *emitter) {
				e.param(asm.R0, 1)
				e.fireIf(asm.JNE, asm.R0, 0)
				e.param(asm.R1, 0)
				e.readMember(0, asm.R1, "task_struct", "exit_code")
				exitReason(e)
			},
			args: []provider.Arg{native("int", 0)},
		},
		{
			name:   "lwp-create",
			events: []string{"sched_process_fork"},
			load:   func(e *emitter) { forked(e, asm.JNE) },
			args:   taskArgs,
		},
		{
			// Any thread exits, the last one included.
			name:   "lwp-exit",
			events: []string{"sched_process_exit"},
		},
		{
			// The new thread's first return to user space: 0 from
			// clone() in a thread of another process.
			name:   "lwp-start",
			events: []string{"sys_exit"},
			load:   func(e *emitter) { started(e, asm.JNE) },
		},
		{
			// The signal was ignored: its action is SIG_IGN, or
			// SIG_DFL for a signal whose default is to ignore it.
			name:   "signal-discard",
			events: []string{"signal_generate"},
			load:   func(e *emitter) { generated(e, sigIgnored) },
			args:   signalArgs,
		},
		{
			// Before the receiving thread acts on the signal, in its
			// context: its handler (__sighandler_t, the kernel's type for
			// DTrace's void (*)(void)), SIG_DFL (0) or SIG_IGN (1).
			name:   "signal-handle",
			events: []string{"signal_deliver"},
			load: func(e *emitter) {
				e.arg(0, 0)
				e.arg(1, 1)
				e.param(asm.R1, 2)
				e.readMember(2, asm.R1, "k_sigaction", "sa", "sa_handler")
			},
			args: []provider.Arg{native("int", 0), native("siginfo_t *", 1), native("__sighandler_t", 2)},
		},
		{
			// The signal was queued to the receiver, in the sender's
			// context. A signal already pending is not sent again.
			name:   "signal-send",
			events: []string{"signal_generate"},
			load:   func(e *emitter) { generated(e, sigDelivered, sigLoseInfo) },
			args:   signalArgs,
		},
		{
			// The new process's first return to user space: 0 from
			// fork(), vfork() or clone() in the child.
			name:   "start",
			events: []string{"sys_exit"},
			load:   func(e *emitter) { started(e, asm.JEq) },
		},
	}}
}

// signalArgs are the receiving thread, its process and the signal.
var signalArgs = []provider.Arg{lwpArg, psArg, native("int", 1)}

// The results signal_generate reports (TRACE_SIGNAL_*).
const (
	sigDelivered = 0
	sigIgnored   = 1
	sigLoseInfo  = 4 // queued without its siginfo
)

// generated makes signal_generate(sig, info, task, group, result) a
// probe whose result is one of results: arg0 the receiving task, arg1
// the signal.
func generated(e *emitter, results ...int32) {
	e.param(asm.R0, 4)
	e.fireIfIn(asm.R0, results)
	e.arg(0, 2)
	e.arg(1, 0)
}

// forked makes sched_process_fork(parent, child) a probe about the
// child, arg0: a new process (op JEq: the child's pid is its tgid) or a
// new thread (JNE).
func forked(e *emitter, op asm.JumpOp) {
	e.param(asm.R1, 1)
	e.readMember(1, asm.R1, "task_struct", "pid")
	e.param(asm.R1, 1)
	e.readMember(2, asm.R1, "task_struct", "tgid")
	e.emit(asm.LoadMem(asm.R1, asm.R9, slot(1), asm.DWord))
	e.zero(1)
	e.zero(2)
	e.fireIfReg(op, asm.R0, asm.R1)
	e.arg(0, 1)
}

// exitReason turns the exit code in R0 into what proc:::exit's arg0
// says: CLD_EXITED (1) for a normal exit, CLD_DUMPED (3) for a signal
// that dumped core, CLD_KILLED (2) for another signal.
func exitReason(e *emitter) {
	const (
		cldExited = 1
		cldKilled = 2
		cldDumped = 3
		sigMask   = 0x7f // the terminating signal
		coreFlag  = 0x80 // a core was dumped
	)
	out := e.newLabel()
	e.emit(
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R0, cldExited),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.And.Imm(asm.R2, sigMask),
		asm.JEq.Imm(asm.R2, 0, out),
		asm.Mov.Imm(asm.R0, cldDumped),
		asm.And.Imm(asm.R1, coreFlag),
		asm.JNE.Imm(asm.R1, 0, out),
		asm.Mov.Imm(asm.R0, cldKilled),
	)
	e.label = out
	e.store(0, asm.R0)
}

// syscallReturn makes raw_syscalls' sys_exit(regs, ret) a probe for the
// system calls nrs: the call's number is in the saved registers.
func syscallReturn(e *emitter, nrs []int32) {
	if regsNr == "" {
		e.err = errNoArch
		return
	}
	e.param(asm.R1, 0)
	e.readMember(0, asm.R1, "pt_regs", regsNr)
	e.zero(0)
	e.fireIfIn(asm.R0, nrs)
}

// started makes sys_exit the first return to user space of a task
// fork() or clone() created, which returns 0 there and only there: a
// new process (op JEq: its pid is its tgid) or a new thread (JNE).
func started(e *emitter, op asm.JumpOp) {
	syscallReturn(e, forkCalls)
	e.param(asm.R0, 1)
	e.fireIf(asm.JEq, asm.R0, 0)
	e.emit(
		asm.FnGetCurrentPidTgid.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.RSh.Imm(asm.R1, 32),
		asm.Mov.Reg32(asm.R0, asm.R0),
	)
	e.fireIfReg(op, asm.R0, asm.R1)
}

package stable

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// NewSched returns the sched provider: CPU scheduling. tick, change-pri
// and the schedctl probes are left out (see docs/providers.md).
//
// Linux keeps the running thread on its run queue, where illumos takes
// it off its dispatch queue; enqueue and dequeue follow illumos's view:
// a thread is enqueued when it becomes runnable and dequeued when it is
// chosen to run.
func NewSched() *Provider {
	return &Provider{name: "sched", probes: []probe{
		{
			// A thread is chosen to run on this CPU: the idle
			// thread is on no queue.
			name:   "dequeue",
			events: []string{"sched_switch"},
			load: func(e *emitter) {
				e.param(asm.R1, 2)
				e.readMember(0, asm.R1, "task_struct", "pid")
				e.fireIf(asm.JNE, asm.R0, 0)
				e.arg(0, 2)
				e.cpuinfo(1, 2)
			},
			args: []provider.Arg{lwpArg, psArg, native("cpuinfo_t *", 1)},
		},
		{
			// A woken or new thread is put on the run queue of the
			// CPU it will run on. arg2, whether it went to the front
			// of the queue, is always 0: the tracepoints do not say.
			name:   "enqueue",
			events: []string{"sched_wakeup", "sched_wakeup_new"},
			load: func(e *emitter) {
				e.param(asm.R1, 0)
				taskCPU(e, 1, asm.R1)
				e.emit(asm.Mov.Reg(asm.R3, asm.R0))
				e.cpuinfoOf(1, 2)
				e.arg(0, 0)
			},
			args: []provider.Arg{lwpArg, psArg, native("cpuinfo_t *", 1), native("int", 2)},
		},
		{
			// This CPU is about to stop running the current thread:
			// args[0] and args[1] are the thread that runs next.
			name:   "off-cpu",
			events: []string{"sched_switch"},
			load:   func(e *emitter) { e.arg(0, 2) },
			args:   taskArgs,
		},
		{
			// The thread switched to by the scheduler, in its own
			// context, back from the switch. A new thread's first run
			// does not return through the scheduler and is not seen.
			name:   "on-cpu",
			events: []string{"sched_exit_tp"},
			load: func(e *emitter) {
				e.param(asm.R0, 0)
				e.fireIf(asm.JNE, asm.R0, 0)
			},
		},
		{
			// The current thread is preempted: switched out while
			// still runnable, without asking.
			name:   "preempt",
			events: []string{"sched_switch"},
			load: func(e *emitter) {
				e.param(asm.R0, 0)
				e.fireIf(asm.JNE, asm.R0, 0)
			},
		},
		{
			// The scheduler ran and kept the current thread.
			name:   "remain-cpu",
			events: []string{"sched_exit_tp"},
			load: func(e *emitter) {
				e.param(asm.R0, 0)
				e.fireIf(asm.JEq, asm.R0, 0)
			},
		},
		{
			// The current thread blocks: it is switched out asleep
			// (TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE).
			name:   "sleep",
			events: []string{"sched_switch"},
			load: func(e *emitter) {
				const sleeping = 0x1 | 0x2
				e.param(asm.R0, 3)
				e.emit(asm.And.Imm(asm.R0, sleeping))
				e.fireIf(asm.JNE, asm.R0, 0)
			},
		},
		{
			// A CPU is told to reschedule: args[0] and args[1] are
			// the thread running there.
			name:   "surrender",
			events: []string{"sched_set_need_resched_tp"},
			load:   func(e *emitter) { e.arg(0, 0) },
			args:   taskArgs,
		},
		{
			// The current thread wakes a sleeping one, in the
			// waker's context.
			name:   "wakeup",
			events: []string{"sched_waking"},
			load:   func(e *emitter) { e.arg(0, 0) },
			args:   taskArgs,
		},
	}}
}

// taskCPU reads the CPU of the task at task into native argument i and
// R0: thread_info.cpu where the thread_info is in the task_struct, the
// task_struct's cpu otherwise.
func taskCPU(e *emitter, i int, task asm.Register) {
	if _, err := e.kernel.OffsetOf("task_struct", "thread_info", "cpu"); err == nil {
		e.readMember(i, task, "task_struct", "thread_info", "cpu")
		return
	}
	e.readMember(i, task, "task_struct", "cpu")
}

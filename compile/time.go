package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// timestamp is read once per probe firing, as in DTrace: every use of
// timestamp (and vtimestamp) in the clauses of one firing sees the same
// instant. The trampoline zeroes the slot (when a clause reads it); the
// first use fills it.
func (g *gen) timestamp() {
	have := g.newLabel()
	g.readsTime = true
	g.emit(
		asm.LoadMem(asm.R0, regScratch, scratchTimestamp, asm.DWord),
		asm.JNE.Imm(asm.R0, 0, have),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(regScratch, scratchTimestamp, asm.R0, asm.DWord),
	)
	g.mark(have)
}

// vtimestamp is the thread's time on CPU, in nanoseconds, read live from
// the scheduler's accounting:
//
//	se.sum_exec_runtime + (rq.clock_task - se.exec_start) + (now - rq.clock)
//
// sum_exec_runtime and exec_start advance together at each accounting
// update, so their difference is the time charged before the run queue's
// task clock was last updated; the task clock then adds what ran since
// the thread was switched in up to that update, and now - rq.clock what
// ran since. Per-CPU offsets of the task clock (interrupt and steal time)
// cancel out, so a thread migrating between CPUs sees no jump. now is
// the firing's timestamp, which ticks like the scheduler's clock but from
// another origin: vtimestamp carries a constant offset, and as in
// DTrace only differences of it are meaningful. The run queue is
// se.cfs_rq->rq; on kernels without group scheduling (no cfs_rq.rq) it
// falls back to sum_exec_runtime alone, which lags by up to a tick.
func (g *gen) vtimestamp(e *ast.Ident) {
	task := g.c.info.Task.Def
	se, ok := members(task, "se")
	if !ok {
		g.failTag(e, tag.KernelVtimestampSe)
		return
	}
	sum, ok1 := members(task, "se", "sum_exec_runtime")
	start, ok2 := members(task, "se", "exec_start")
	rq, ok3 := members(task, "se", "cfs_rq", "rq")
	clock, ok4 := members(task, "se", "cfs_rq", "rq", "clock")
	clockTask, ok5 := members(task, "se", "cfs_rq", "rq", "clock_task")
	if !ok1 {
		g.failTag(e, tag.KernelVtimestampRuntime)
		return
	}
	if !(ok2 && ok3 && ok4 && ok5) {
		g.emit(asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0))
		g.kernelWord(se[0] + sum[1])
		g.emit(asm.Mov.Reg(asm.R0, asm.R3))
		return
	}
	// The five fields are read one by one while interrupts stay enabled:
	// a tick between two reads updates the clocks and the sum, and the
	// mix of old and new values is short by up to a tick (a later
	// vtimestamp then seems to run faster than timestamp). Each update
	// moves the sum or the clock, so the same result twice means no
	// update came between; when two reads differ a third is taken, as
	// two updates within a few hundred nanoseconds do not happen.
	read := func() {
		// R9 accumulates; R8 holds &current->se, then the run queue.
		g.emit(
			asm.FnGetCurrentTask.Call(),
			asm.Mov.Reg(asm.R8, asm.R0),
			asm.Add.Imm(asm.R8, int32(se[0])),
			asm.Mov.Reg(asm.R3, asm.R8),
		)
		g.kernelWord(sum[1])
		g.emit(asm.Mov.Reg(asm.R9, asm.R3), asm.Mov.Reg(asm.R3, asm.R8))
		g.kernelWord(start[1])
		g.emit(asm.Sub.Reg(asm.R9, asm.R3), asm.Mov.Reg(asm.R3, asm.R8))
		g.kernelWord(rq[1])
		g.kernelWord(rq[2])
		g.emit(asm.Mov.Reg(asm.R8, asm.R3))
		g.kernelWord(clockTask[3])
		g.emit(asm.Add.Reg(asm.R9, asm.R3), asm.Mov.Reg(asm.R3, asm.R8))
		g.kernelWord(clock[3])
		g.emit(asm.Sub.Reg(asm.R9, asm.R3))
	}
	read()
	g.emit(asm.Mov.Reg(asm.R0, asm.R9))
	g.push()
	read()
	g.pop(asm.R1)
	same := g.newLabel()
	g.emit(asm.JEq.Reg(asm.R9, asm.R1, same))
	read()
	g.mark(same)
	g.timestamp() // helpers keep R6-R9
	g.emit(asm.Add.Reg(asm.R9, asm.R0))
	g.emit(asm.Mov.Reg(asm.R0, asm.R9))
}

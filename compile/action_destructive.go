package compile

import (
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/spec"
)

// DTrace's destructive actions and subroutines. Each marks its ECB
// destructive, and the consumer refuses to enable such a program unless
// the destructive option (-w) is set, as DTrace refuses a DIFO with
// DIFOFLG_DESTRUCTIVE. raise(), stop(), chill(), copyout() and
// copyoutstr() act here, in the probe; system(), freopen() and
// ftruncate() are the consumer's (dtrace/destructive.go).

// destructive generates a destructive action (or ftruncate(), which is
// the consumer's too) and returns the items it records: system()'s and
// freopen()'s printf arguments.
func (g *gen) destructive(call *ast.CallExpr, kind abi.ActionKind) []spec.Item {
	// ftruncate() is a consumer action among them here, but not
	// destructive: DTrace lets it run without -w.
	if kind != abi.ActFtruncate {
		g.ecb.Destructive = true
	}
	var items []spec.Item
	switch kind {
	case abi.ActRaise:
		g.raiseSignal(call)
	case abi.ActStop:
		// Oracle's DTrace has no stop() yet; illumos stops the process
		// as a debugger would. SIGSTOP is Linux's way to do that.
		g.emit(asm.Mov.Imm(asm.R1, int32(unix.SIGSTOP)), asm.FnSendSignal.Call())
	case abi.ActChill:
		g.chill(call)
	case abi.ActSystem, abi.ActFreopen:
		for _, a := range call.Args[1:] {
			items = append(items, g.recordExpr(a))
		}
	case abi.ActPanic, abi.ActBreakpoint:
		// What Oracle's DTrace for Linux says of both: there is no
		// kernel debugger to enter, and a tracer that panics the
		// kernel is not wanted.
		g.failTag(call, tag.UnsupportedAction, call.Fun.Name)
	}
	return items
}

// maxSignal is the largest signal number (_NSIG): DTrace's raise() of a
// larger one is an illegal operation.
const maxSignal = 64

// raiseSignal generates raise(sig): the signal goes to the current
// process, as Oracle's DTrace sends it with bpf_send_signal (illumos
// directs it at the current thread). The helper's other failures (a
// kernel thread, an exiting task) are ignored, as in Oracle's DTrace.
func (g *gen) raiseSignal(call *ast.CallExpr) {
	g.expr(call.Args[0])
	ok := g.newLabel()
	g.emit(asm.JLE.Imm(asm.R0, maxSignal, ok))
	g.raise(faultIllOp)
	g.mark(ok)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.FnSendSignal.Call())
}

// chill() limits, DTrace's dtrace_chill_max and dtrace_chill_interval:
// at most 500 ms of spinning per CPU in any one-second interval.
const (
	chillMax      = 500_000_000
	chillInterval = 1_000_000_000
)

// chillMap is the per-CPU array holding each CPU's chill interval: the
// time it began (ns, bpf_ktime_get_ns) and the ns spun since.
const chillMap = "chill"

// chill() spins in bpf_loop() (Linux 5.17), whose callback reads the
// clock and stops the loop once the time asked for has passed: a loop
// whose end depends on the clock that every verifier accepts (may_goto,
// which would allow it inline, is 6.9's). One bpf_loop() runs at most
// chillLoops iterations, each a clock read of some tens of ns, so a few
// calls cover chillMax.
const (
	chillLoops = 1 << 23 // BPF_MAX_LOOPS
	chillCalls = 8
)

// chill(ns) spins for ns nanoseconds. As DTrace does, it first counts
// the time against the CPU's budget: a request that would take the CPU
// past chillMax in the current interval, or a negative one, is an
// illegal operation and spins not at all. The firing's timestamp is
// read again after a chill, as DTrace makes it an exception to a
// timestamp fixed per firing.
func (g *gen) chill(call *ast.CallExpr) {
	g.expr(call.Args[0])
	val := g.push()
	done, illop, fresh, spun := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.StoreImm(asm.R10, stackKey, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(chillMap),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, stackKey),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, done),
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.FnKtimeGetNs.Call(),
		asm.Mov.Reg(asm.R9, asm.R0),
		// A new interval once the current one is over.
		asm.LoadMem(asm.R1, asm.R8, 0, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R9),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.JLE.Imm(asm.R2, chillInterval, fresh),
		asm.StoreMem(asm.R8, 0, asm.R9, asm.DWord),
		storeImm64(asm.R8, 8, 0),
	)
	g.mark(fresh)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, val, asm.DWord),
		asm.JSLT.Imm(asm.R1, 0, illop),
		asm.LoadMem(asm.R2, asm.R8, 8, asm.DWord),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.JGT.Imm(asm.R2, chillMax, illop),
		asm.StoreMem(asm.R8, 8, asm.R2, asm.DWord),
	)
	// The spinner's context, on the stack: the start, then val.
	g.emit(asm.Mov.Reg(asm.R0, asm.R9))
	start := g.push()
	name := fmt.Sprintf("chill_%d", g.ecb.EPID)
	g.callback(name, g.chillSpinner)
	for i := 0; i < chillCalls; i++ {
		g.emit(
			asm.Mov.Imm(asm.R1, chillLoops),
			callbackRef(asm.R2, name),
			asm.Mov.Reg(asm.R3, asm.R10),
			asm.Add.Imm(asm.R3, int32(start)),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnLoop.Call(),
			// Fewer iterations than asked: the spinner stopped it.
			asm.JLT.Imm(asm.R0, chillLoops, spun),
		)
	}
	g.mark(spun)
	g.emit(storeImm64(regScratch, scratchTimestamp, 0), asm.Ja.Label(done))
	g.mark(illop)
	g.raise(faultIllOp)
	g.mark(done)
	g.temps -= 2
}

// chillSpinner emits chill()'s bpf_loop() callback, which returns 1
// (stop) once the context's val ns have passed since its start, else 0
// (go on).
func (g *gen) chillSpinner() {
	stop := g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R6, asm.R2),
		asm.FnKtimeGetNs.Call(),
		asm.LoadMem(asm.R1, asm.R6, 0, asm.DWord),
		asm.Sub.Reg(asm.R0, asm.R1),
		asm.LoadMem(asm.R1, asm.R6, 8, asm.DWord),
		asm.JGE.Reg(asm.R0, asm.R1, stop),
		asm.Mov.Imm(asm.R0, 0),
		asm.Return(),
	)
	g.mark(stop)
	g.emit(asm.Mov.Imm(asm.R0, 1), asm.Return())
}

// chillSpec adds the chill map if the program calls chill().
func (c *compiler) chillSpec(m map[string]*ebpf.MapSpec) {
	for _, a := range c.info.Actions {
		if a.Kind == abi.ActChill {
			m[chillMap] = &ebpf.MapSpec{Name: chillMap, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 16, MaxEntries: 1}
			return
		}
	}
}

// copyout(buf, addr, nbytes) writes nbytes from buf into the current
// process at addr. The bytes are first read into scratch space, since
// bpf_probe_write_user needs memory the verifier knows; so more than
// copyoutMax bytes fault with "out of scratch space". A source or destination that cannot be accessed faults with
// "invalid address", naming it.
func (g *gen) copyout(e *ast.CallExpr) {
	g.ecb.Destructive = true
	g.expr(e.Args[2])
	size := g.push()
	g.expr(e.Args[1])
	dst := g.push()
	g.pointerArg(e.Args[0])
	// A constant size needs no more scratch space than it says.
	max := copyoutMax
	if n, ok := g.constInt(e.Args[2]); ok && n > 0 && n < copyoutMax {
		max = int(n)
	}
	buf := g.tmp(max)
	done, fits := g.newLabel(), g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.LoadMem(asm.R2, asm.R10, size, asm.DWord),
		asm.JEq.Imm(asm.R2, 0, done),
		asm.JLE.Imm(asm.R2, int32(max), fits),
	)
	g.raise(faultNoScratch)
	g.mark(fits)
	g.emit(
		asm.Mov.Reg(asm.R8, asm.R3),
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.FnProbeReadKernel.Call(),
	)
	g.faultIfNegative(asm.R8)
	g.writeUser(dst, size, buf, max, done)
	g.mark(done)
	g.temps -= 2
}

// copyoutMax bounds the scratch buffer of one copyout(): the clause's
// temporaries hold it, and the verifier needs the copy's size bounded.
const copyoutMax = 2048

// constInt is the value of an integer literal or constant expression.
func (g *gen) constInt(e ast.Expr) (int64, bool) {
	switch x := e.(type) {
	case *ast.IntLit:
		return int64(x.Value), true
	case *ast.ParenExpr:
		return g.constInt(x.X)
	}
	v, ok := g.c.info.Consts[e]
	return v, ok
}

// pointerArg evaluates a void * argument to the address of its bytes:
// an array names its storage, while a string or pointer value is one.
func (g *gen) pointerArg(e ast.Expr) {
	if g.typeOf(e).Kind == check.Array {
		g.addr(e)
		return
	}
	g.expr(e)
}

// copyoutstr(str, addr, maxlen) writes str and its NUL into the current
// process at addr, at most maxlen bytes, as DTrace's copyoutstr() does.
func (g *gen) copyoutstr(e *ast.CallExpr) {
	g.ecb.Destructive = true
	g.expr(e.Args[2])
	limit := g.push()
	g.expr(e.Args[1])
	dst := g.push()
	g.expr(e.Args[0])
	n := roundUp(g.typeOf(e.Args[0]).Size, 8)
	buf := g.tmp(n)
	g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(buf)))
	g.copyString(n, n)
	// The length with the NUL, which the buffer always holds.
	g.scanNul(asm.R9, n-1)
	shorter, done := g.newLabel(), g.newLabel()
	g.emit(
		asm.Add.Imm(asm.R0, 1),
		asm.LoadMem(asm.R1, asm.R10, limit, asm.DWord),
		asm.JGE.Reg(asm.R1, asm.R0, shorter),
		asm.Mov.Reg(asm.R0, asm.R1),
	)
	g.mark(shorter)
	g.emit(asm.StoreMem(asm.R10, limit, asm.R0, asm.DWord))
	g.writeUser(dst, limit, buf, n, done)
	g.mark(done)
	g.temps -= 2
}

// writeUser writes the count of bytes in stack slot size from scratch
// offset buf to the user address in stack slot dst, faulting with the
// address when the write fails. A count of 0 writes nothing; the count
// is at most max, the buffer's size, which the verifier needs to see.
func (g *gen) writeUser(dst, size int16, buf, max int, done string) {
	g.emit(
		asm.LoadMem(asm.R3, asm.R10, size, asm.DWord),
		asm.JEq.Imm(asm.R3, 0, done),
		asm.JGT.Imm(asm.R3, int32(max), done),
		asm.LoadMem(asm.R8, asm.R10, dst, asm.DWord),
		asm.Mov.Reg(asm.R1, asm.R8),
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Imm(asm.R2, int32(buf)),
		asm.FnProbeWriteUser.Call(),
	)
	g.faultIfNegative(asm.R8)
}

// faultIfNegative raises "invalid address" naming the address in r
// when a helper's result (R0) is an error.
func (g *gen) faultIfNegative(r asm.Register) {
	ok := g.newLabel()
	g.emit(asm.JSGE.Imm(asm.R0, 0, ok), asm.StoreMem(asm.R10, stackKey, r, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(ok)
}

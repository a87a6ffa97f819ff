package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// byteOrder generates htons() and the rest: the argument's low size
// bytes in network order. Converting either way is the same swap, and
// BPF's to-big-endian instruction also zero-extends the result, which is
// the canonical form of the unsigned result type.
func (g *gen) byteOrder(e *ast.CallExpr, size asm.Size) {
	g.expr(e.Args[0])
	g.emit(asm.HostTo(asm.BE, asm.R0, size))
}

// rand() is a 32-bit pseudo-random int, sign-extended as DTrace's int
// result is.
func (g *gen) rand() {
	g.emit(asm.FnGetPrandomU32.Call())
	g.normalize(asm.R0, check.TypeInt)
}

// Linux's kernel encoding of a dev_t (MAJOR() and MINOR() of
// include/linux/kdev_t.h), which Oracle DTrace's getmajor() and
// getminor() decode, not the user-space encoding of <sys/sysmacros.h>.
const (
	minorBits = 20
	minorMask = 1<<minorBits - 1
)

// getmajor(dev) is the 32-bit dev_t's bits above the minor number.
func (g *gen) getmajor(e *ast.CallExpr) {
	g.expr(e.Args[0])
	g.emit(asm.LSh.Imm(asm.R0, 32), asm.RSh.Imm(asm.R0, 32+minorBits))
}

// getminor(dev) is the dev_t's low 20 bits.
func (g *gen) getminor(e *ast.CallExpr) {
	g.expr(e.Args[0])
	g.emit(asm.And.Imm(asm.R0, minorMask))
}

// progenyMax bounds the walk up the process tree, as Oracle DTrace's
// does: the verifier needs a constant bound, and a tree deeper than this
// is not a real one.
const progenyMax = 256

// progenyof(pid) is 1 if the current process is pid or one of its
// descendants: it walks real_parent from the current task, comparing
// each task's process ID (tgid; a thread's real_parent is its process's
// parent). The walk ends at a task that is its own parent (the idle
// task), at a failed read, or after progenyMax steps, with 0.
func (g *gen) progenyof(e *ast.CallExpr) {
	task, _ := g.c.info.KernelType("struct task_struct")
	offs, ok1 := members(task.Def, "real_parent")
	tgid, ok2 := members(task.Def, "tgid")
	if !ok1 || !ok2 {
		g.failTag(e, tag.KernelProgenyof)
		return
	}
	g.expr(e.Args[0])
	// pid_t is 32 bits: compare the low halves, zero-extended.
	g.emit(asm.LSh.Imm(asm.R0, 32), asm.RSh.Imm(asm.R0, 32))
	pid := g.push()
	loop, yes, no, done := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	// R8 is the task, R9 the steps left; helpers preserve both.
	g.emit(
		asm.FnGetCurrentTask.Call(),
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.Mov.Imm(asm.R9, progenyMax),
	)
	g.mark(loop)
	g.emit(
		asm.JEq.Imm(asm.R8, 0, no),
		asm.JEq.Imm(asm.R9, 0, no),
	)
	g.readTaskField(tgid[0], 4, no)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, stackKey, asm.Word),
		asm.LoadMem(asm.R2, asm.R10, pid, asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, yes),
	)
	g.readTaskField(offs[0], 8, no)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, stackKey, asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R8, no),
		asm.Mov.Reg(asm.R8, asm.R1),
		asm.Sub.Imm(asm.R9, 1),
		asm.Ja.Label(loop),
	)
	g.mark(yes)
	g.emit(asm.Mov.Imm(asm.R0, 1), asm.Ja.Label(done))
	g.mark(no)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.mark(done)
	g.temps--
}

// readTaskField reads n bytes at offset off of the task in R8 into the
// stackKey slot, going to fail if the read fails.
func (g *gen) readTaskField(off, n int, fail string) {
	g.emit(
		storeImm64(asm.R10, stackKey, 0),
		asm.Mov.Reg(asm.R1, asm.R10),
		asm.Add.Imm(asm.R1, stackKey),
		asm.Mov.Imm(asm.R2, int32(n)),
		asm.Mov.Reg(asm.R3, asm.R8),
		asm.Add.Imm(asm.R3, int32(off)),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, fail),
	)
}

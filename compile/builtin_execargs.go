package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// execargs is the current process's argument list as one string, read
// as Oracle DTrace reads it: the bytes from curthread->mm->arg_start to
// arg_end (the arguments exec() left on the user stack, each ending in a
// NUL), cut to strsize, with the NULs between arguments made spaces. A
// kernel thread has no mm, and an empty or one-byte area gives "": both
// are the empty string. Memory that cannot be read faults with "invalid
// address" at arg_start. Like ps, it shows what the process's memory
// holds now, so a process that rewrote its arguments shows the new ones.
func (g *gen) execargs(e *ast.Ident) {
	size := g.typeOf(e).Size
	var taskOff, startOff, endOff []int
	ok := false
	if lookup := g.c.info.KernelType; lookup != nil {
		task, ok1 := lookup("struct task_struct")
		mm, ok2 := lookup("struct mm_struct")
		if ok1 && ok2 {
			taskOff, ok1 = members(task.Def, "mm")
			startOff, ok2 = members(mm.Def, "arg_start")
			var ok3 bool
			endOff, ok3 = members(mm.Def, "arg_end")
			ok = ok1 && ok2 && ok3
		}
	}
	if !ok {
		g.failTag(e, tag.KernelExecargs)
		return
	}
	buf := g.newString(size)
	done := g.newLabel()
	// R9: the mm; R8: arg_start; R2: the length to read.
	g.emit(asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0))
	g.kernelWord(taskOff[0])
	g.emit(asm.JEq.Imm(asm.R3, 0, done), asm.Mov.Reg(asm.R9, asm.R3))
	g.kernelWord(startOff[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R3), asm.Mov.Reg(asm.R3, asm.R9))
	g.kernelWord(endOff[0])
	clamped := g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R2, asm.R3),
		asm.Sub.Reg(asm.R2, asm.R8),
		asm.JSLT.Imm(asm.R2, 2, done),
		asm.JSLE.Imm(asm.R2, int32(size), clamped),
		asm.Mov.Imm(asm.R2, int32(size)),
	)
	g.mark(clamped)
	g.emit(
		asm.StoreMem(asm.R10, stackValue, asm.R2, asm.DWord),
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.Mov.Reg(asm.R3, asm.R8),
		asm.FnProbeReadUser.Call(),
	)
	read := g.newLabel()
	g.emit(asm.JSGE.Imm(asm.R0, 0, read), asm.StoreMem(asm.R10, stackKey, asm.R8, asm.DWord))
	g.raiseWith(faultBadAddr)
	g.mark(read)
	// R9: the offset of the last byte read, which ends the string (the
	// last argument's NUL, or where strsize cut it). Every NUL before it
	// becomes a space, without a branch: a zero byte b gains
	// ((b-1) >> 63) << 5.
	g.emit(
		asm.LoadMem(asm.R9, asm.R10, stackValue, asm.DWord),
		asm.Sub.Imm(asm.R9, 1),
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Reg(asm.R1, asm.R9),
		asm.StoreImm(asm.R1, int16(buf), 0, asm.Byte),
	)
	loop, next := g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R0, 1))
	g.loopHead(loop)
	g.emit(asm.JGE.Imm(asm.R0, int32(size-1), done))
	g.stay(asm.JLT.Reg(asm.R0, asm.R9, ""), done)
	g.emit(
		asm.Mov.Reg(asm.R2, regScratch),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.LoadMem(asm.R1, asm.R2, int16(buf), asm.Byte),
		asm.Mov.Reg(asm.R3, asm.R1),
		asm.Sub.Imm(asm.R3, 1),
		asm.RSh.Imm(asm.R3, 63),
		asm.LSh.Imm(asm.R3, 5),
		asm.Or.Reg(asm.R1, asm.R3),
		asm.StoreMem(asm.R2, int16(buf), asm.R1, asm.Byte),
		asm.Ja.Label(next),
	)
	g.mark(done)
	g.result(buf)
}

package compile

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// The lock subroutines read Linux's locks as Oracle DTrace does, with
// the member offsets of the running kernel's BTF. A struct mutex's owner
// word is the owning task's address with flag bits in its low three
// bits; a rwlock_t is a queued rwlock whose cnts word holds the reader
// count above bit 8, a waiting-writer bit (8) and the writer's lock byte
// (bits 0-7).
const (
	mutexFlags     = 0x07  // MUTEX_FLAGS of kernel/locking/mutex.h
	rwWriterLocked = 0x0ff // _QW_LOCKED
	rwWriterMask   = 0x1ff // _QW_WMASK: a writer waiting or holding
)

// lockWord reads the n-byte member named by path of the kernel struct
// typeName that the pointer argument of e points to, into R0 (zero
// extended); a bad pointer faults with "invalid address", as the read of
// a lock through it does in DTrace.
func (g *gen) lockWord(e *ast.CallExpr, typeName string, n int, path ...string) bool {
	t, _ := g.c.info.KernelType(typeName)
	offs, ok := members(t.Def, path...)
	if !ok {
		g.failTag(e, tag.KernelLock, e.Fun.Name, typeName, fmt.Sprint(path))
		return false
	}
	off := 0
	for _, o := range offs {
		off += o
	}
	g.expr(e.Args[0])
	if off != 0 {
		g.emit(asm.Add.Imm(asm.R0, int32(off)))
	}
	g.emit(storeImm64(asm.R10, stackValue, 0))
	g.read(func() { g.emit(asm.Mov.Reg(asm.R1, asm.R10), asm.Add.Imm(asm.R1, stackValue)) }, n, false, false)
	g.emit(asm.LoadMem(asm.R0, asm.R10, stackValue, asm.DWord))
	return true
}

// mutexOwned is mutex_owned(m): 1 if the current task holds m.
func (g *gen) mutexOwned(e *ast.CallExpr) {
	if !g.lockWord(e, "struct mutex", 8, "owner") {
		return
	}
	g.emit(
		asm.And.Imm(asm.R0, ^mutexFlags),
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.FnGetCurrentTask.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R0, 0),
	)
	other := g.newLabel()
	g.emit(asm.JNE.Reg(asm.R1, asm.R8, other), asm.Mov.Imm(asm.R0, 1))
	g.mark(other)
}

// mutexOwner is mutex_owner(m): the task holding m, or NULL when m is
// free. The flag bits (waiters, handoff, pickup) are not part of the
// address.
func (g *gen) mutexOwner(e *ast.CallExpr) {
	if g.lockWord(e, "struct mutex", 8, "owner") {
		g.emit(asm.And.Imm(asm.R0, ^mutexFlags))
	}
}

// mutexType is mutex_type_adaptive(m) and mutex_type_spin(m): every
// Linux mutex sleeps, so it is adaptive and never a spin mutex. The
// argument is still evaluated, for its side effects.
func (g *gen) mutexType(e *ast.CallExpr, adaptive bool) {
	g.expr(e.Args[0])
	v := int32(0)
	if adaptive {
		v = 1
	}
	g.emit(asm.Mov.Imm(asm.R0, v))
}

// rwHeld is rw_read_held(), rw_write_held() and rw_iswriter(): the bits
// of the lock's cnts word that answer, non-zero meaning yes, as Oracle
// DTrace returns them: the reader count (shifted), the writer's lock
// byte, or the writer bits.
func (g *gen) rwHeld(e *ast.CallExpr) {
	if !g.lockWord(e, "rwlock_t", 4, "raw_lock", "cnts") {
		return
	}
	switch e.Fun.Name {
	case "rw_read_held":
		g.emit(asm.And.Imm(asm.R0, ^rwWriterMask))
	case "rw_write_held":
		g.emit(asm.And.Imm(asm.R0, rwWriterLocked))
	case "rw_iswriter":
		g.emit(asm.And.Imm(asm.R0, rwWriterMask))
	}
	g.normalize(asm.R0, check.TypeInt)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// Built-in variables read from the current task_struct, with the layout
// of the kernel types the checker resolved (check.Info.Task).

// kernelWord replaces R3, a kernel address, with the 8 bytes at R3+off.
// A failed read leaves 0: these reads follow the scheduler's own
// pointers, which are valid while the task runs.
func (g *gen) kernelWord(off int) {
	g.emit(
		storeImm64(asm.R10, stackKey, 0),
		asm.Add.Imm(asm.R3, int32(off)),
		asm.Mov.Reg(asm.R1, asm.R10),
		asm.Add.Imm(asm.R1, stackKey),
		asm.Mov.Imm(asm.R2, 8),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R3, asm.R10, stackKey, asm.DWord),
	)
}

// members resolves a chain of member names from def, returning each
// member's offset; a pointer member continues in its pointee. ok is
// false if the kernel's types lack one of them.
func members(def *check.StructDef, names ...string) (offs []int, ok bool) {
	for _, name := range names {
		if def == nil {
			return nil, false
		}
		m, found := def.Member(name)
		if !found {
			return nil, false
		}
		offs = append(offs, m.Off)
		t := m.Type
		if t.Kind == check.Pointer && t.Elem != nil {
			t = *t.Elem
		}
		def = t.Def
	}
	return offs, true
}

// ppid reads current->real_parent->tgid.
func (g *gen) ppid(e *ast.Ident) {
	offs, ok1 := members(g.c.info.Task.Def, "real_parent")
	tgid, ok2 := g.c.info.Task.Def.Member("tgid")
	if !ok1 || !ok2 {
		g.failTag(e, tag.KernelPpid)
		return
	}
	g.emit(asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0))
	g.kernelWord(offs[0])
	g.kernelWord(tgid.Off)
	g.emit(asm.Mov.Reg32(asm.R0, asm.R3))
	g.normalize(asm.R0, check.TypeInt)
}

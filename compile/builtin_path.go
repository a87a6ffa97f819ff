package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// fsPath generates cwd or root: the name of the current task's working
// or root directory, curthread->fs->pwd or ->root, spelled by d_path()'s
// walk. The fs_struct is read without its lock, as DTrace reads it: a
// chdir() racing the probe may give the old name or the new.
func (g *gen) fsPath(e *ast.Ident, b check.Builtin) {
	member := "pwd"
	if b == check.BRoot {
		member = "root"
	}
	var task, fs *check.StructDef
	if lookup := g.c.info.KernelType; lookup != nil {
		if t, ok := lookup("struct task_struct"); ok {
			task = t.Def
		}
		if t, ok := lookup("struct fs_struct"); ok {
			fs = t.Def
		}
	}
	fsOff, ok1 := members(task, "fs")
	pathOff, ok2 := members(fs, member)
	if !ok1 || !ok2 {
		g.failTag(e, tag.KernelFsPath, e.Name)
		return
	}
	g.pathName(e, func() {
		g.emit(asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0))
		g.kernelWord(fsOff[0])
		g.emit(asm.Mov.Reg(asm.R0, asm.R3), asm.Add.Imm(asm.R0, int32(pathOff[0])))
	})
}

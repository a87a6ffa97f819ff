package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// d_path(struct path *) is the path name of a file, as the kernel's
// d_path() spells it, built by walking the dentry tree: the kernel's
// bpf_d_path helper is only allowed from a few attach points, never from
// tracepoints. The walk crosses mount points (struct mount) up to the
// global root; it does not stop at a chroot's root. The name is built
// backwards, leaf first, from the end of a buffer; a path longer than
// strsize loses its head, and one deeper than dpathSteps components and
// mount crossings loses the rest.
const dpathSteps = 64

// mntInternal is the kernel's MNT_INTERNAL flag of vfsmount.mnt_flags,
// stable since Linux 2.6.
const mntInternal = 0x4000

// dpathLayout holds the kernel structure offsets the walk reads.
type dpathLayout struct {
	pathDentry, pathMnt     int // struct path
	dParent, dName          int // struct dentry; dName is d_name.name
	mountMnt, mntRoot       int // struct mount's vfsmount, vfsmount.mnt_root
	mntFlags                int // vfsmount.mnt_flags, from struct mount
	mntParent, mntMountpoin int // struct mount
}

func (g *gen) dpathOffsets(e ast.Node) (l dpathLayout, ok bool) {
	lookup := g.c.info.KernelType
	def := func(name string) *check.StructDef {
		if lookup == nil {
			return nil
		}
		t, found := lookup(name)
		if !found {
			return nil
		}
		return t.Def
	}
	path, dentry, mount := def("struct path"), def("struct dentry"), def("struct mount")
	// one sums the offsets of a chain of embedded members (no pointers).
	one := func(d *check.StructDef, names ...string) int {
		offs, found := members(d, names...)
		if !found {
			ok = false
			return 0
		}
		sum := 0
		for _, o := range offs {
			sum += o
		}
		return sum
	}
	ok = true
	l = dpathLayout{
		pathDentry: one(path, "dentry"), pathMnt: one(path, "mnt"),
		dParent: one(dentry, "d_parent"), dName: one(dentry, "d_name", "name"),
		mountMnt: one(mount, "mnt"), mntRoot: one(mount, "mnt", "mnt_root"),
		mntFlags:  one(mount, "mnt", "mnt_flags"),
		mntParent: one(mount, "mnt_parent"), mntMountpoin: one(mount, "mnt_mountpoint"),
	}
	if !ok {
		g.failTag(e, tag.KernelDPath)
	}
	return l, ok
}

// dpath generates d_path(p). Registers: R8 the dentry, R9 the struct
// mount; the step count, the parent found and the write position live
// in stack temporaries.
func (g *gen) dpath(e *ast.CallExpr) {
	g.pathName(e, func() { g.expr(e.Args[0]) })
}

// pathName generates the name of the struct path whose address path
// leaves in R0; e's string type bounds the name.
func (g *gen) pathName(e ast.Expr, path func()) {
	size := g.typeOf(e).Size
	l, ok := g.dpathOffsets(e)
	if !ok {
		return
	}
	path()
	defer g.releaseTemps(g.tmpOff)
	// The name is written backwards ending at buf[size-1], its NUL; the
	// second half keeps the verifier's bounds simple: a write of up to
	// size bytes anywhere in the first half stays inside.
	buf := g.newString(2 * size)
	name := g.tmp(size)
	out := g.newString(size)

	g.emit(asm.Mov.Reg(asm.R9, asm.R0), asm.Mov.Reg(asm.R3, asm.R0))
	g.kernelWord(l.pathDentry)
	g.emit(asm.Mov.Reg(asm.R8, asm.R3), asm.Mov.Reg(asm.R3, asm.R9))
	g.kernelWord(l.pathMnt)
	g.emit(asm.Mov.Reg(asm.R9, asm.R3), asm.Sub.Imm(asm.R9, int32(l.mountMnt)))
	g.emit(asm.Mov.Imm(asm.R0, 0))
	steps := g.push()
	parent := g.push()
	defer func() { g.temps -= 2 }()
	// The write position lives in scratch memory, not on the stack: the
	// verifier forgets what it knew of a value loaded from a map, so
	// each step starts from the same state (0 <= pos < size, checked)
	// and the walk's states prune instead of multiplying.
	pos := g.tmp(8)
	g.emit(storeImm64(regScratch, int16(pos), int32(size-1)))

	walk, cross, root, done, skip := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	g.mark(walk)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, steps, asm.DWord),
		asm.JGE.Imm(asm.R1, dpathSteps, root),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R10, steps, asm.R1, asm.DWord),
		// The root of a mounted file system: continue at its mount point.
		asm.Mov.Reg(asm.R3, asm.R9),
	)
	g.kernelWord(l.mntRoot)
	g.emit(asm.JEq.Reg(asm.R3, asm.R8, cross), asm.Mov.Reg(asm.R3, asm.R8))
	g.kernelWord(l.dParent)
	g.emit(
		asm.JEq.Reg(asm.R3, asm.R8, cross),
		asm.JEq.Imm(asm.R3, 0, root),
		asm.StoreMem(asm.R10, parent, asm.R3, asm.DWord),
		asm.Mov.Reg(asm.R3, asm.R8),
	)
	g.kernelWord(l.dName)
	// Copy the component to learn its length, then to its place before
	// what is written, with a '/' before it.
	g.emit(
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(name)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.FnProbeReadKernelStr.Call(),
		asm.JSLE.Imm(asm.R0, 1, root), // unreadable or empty
		asm.JSGT.Imm(asm.R0, int32(size), root),
		asm.Sub.Imm(asm.R0, 1),
		asm.LoadMem(asm.R1, regScratch, int16(pos), asm.DWord),
		asm.JGE.Reg(asm.R0, asm.R1, root), // no room for it and its '/'
		asm.Sub.Reg(asm.R1, asm.R0),
		// The verifier does not relate R0 and R1: bound the difference.
		asm.JGT.Imm(asm.R1, int32(size-1), root),
		asm.StoreMem(regScratch, int16(pos), asm.R1, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Add.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.Mov.Reg(asm.R3, regScratch),
		asm.Add.Imm(asm.R3, int32(name)),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R1, regScratch, int16(pos), asm.DWord),
		// < 1 rather than == 0: verifiers before 6.x learn no lower
		// bound from a jump on inequality.
		asm.JLT.Imm(asm.R1, 1, root),
		asm.JGT.Imm(asm.R1, int32(size-1), root),
		asm.Sub.Imm(asm.R1, 1),
		asm.StoreMem(regScratch, int16(pos), asm.R1, asm.DWord),
		asm.Add.Reg(asm.R1, regScratch),
		asm.Mov.Imm(asm.R2, '/'),
		asm.StoreMem(asm.R1, int16(buf), asm.R2, asm.Byte),
		asm.LoadMem(asm.R8, asm.R10, parent, asm.DWord),
		asm.Ja.Label(walk),
	)
	g.mark(cross)
	g.emit(asm.Mov.Reg(asm.R3, asm.R9))
	g.kernelWord(l.mntParent)
	top := g.newLabel()
	g.emit(
		asm.JEq.Reg(asm.R3, asm.R9, top), // the top of a mount tree
		asm.JEq.Imm(asm.R3, 0, root),
		asm.StoreMem(asm.R10, parent, asm.R3, asm.DWord),
		asm.Mov.Reg(asm.R3, asm.R9),
	)
	g.kernelWord(l.mntMountpoin)
	g.emit(
		asm.Mov.Reg(asm.R8, asm.R3),
		asm.LoadMem(asm.R9, asm.R10, parent, asm.DWord),
		asm.Ja.Label(walk),
	)

	// A kernel-internal mount (pipefs, sockfs, anon_inodefs) is outside
	// the file tree: the kernel names such files with the file system's
	// d_dname (pipe:[1234]), which BPF cannot call; d_path is "".
	g.mark(top)
	g.emit(asm.Mov.Reg(asm.R3, asm.R9))
	g.kernelWord(l.mntFlags)
	g.emit(asm.And.Imm(asm.R3, mntInternal), asm.JNE.Imm(asm.R3, 0, skip))
	// The root itself is "/"; then the name moves to the start of a
	// string buffer of its own.
	g.mark(root)
	g.emit(
		asm.LoadMem(asm.R1, regScratch, int16(pos), asm.DWord),
		asm.JNE.Imm(asm.R1, int32(size-1), done),
		asm.Mov.Imm(asm.R2, '/'),
		asm.StoreMem(regScratch, int16(buf+size-2), asm.R2, asm.Byte),
		asm.Mov.Imm(asm.R1, int32(size-2)),
	)
	g.mark(done)
	g.emit(asm.JGT.Imm(asm.R1, int32(size-1), skip)) // for the verifier
	g.emit(
		asm.Mov.Reg(asm.R3, regScratch),
		asm.Add.Reg(asm.R3, asm.R1),
		asm.Add.Imm(asm.R3, int32(buf)),
		asm.Mov.Reg(asm.R1, regScratch),
		asm.Add.Imm(asm.R1, int32(out)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.FnProbeReadKernelStr.Call(),
	)
	g.mark(skip)
	g.result(out)
}

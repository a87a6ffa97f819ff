package compile

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/spec"
)

// Speculative tracing. DTrace keeps a speculation's records in a buffer
// of its own on each CPU, and commit() copies them into the principal
// buffer. Here every record goes to the one ring buffer, whose order all
// CPUs share: a speculative record carries its speculation's tag, the
// consumer holds it back (consume.Speculations), and the record of a
// commit() or discard() tells the consumer to print or drop what it held.
//
// The speculations are the slots of the specs map (spec.MapSpeculations). A
// slot is odd while its speculation is active; speculation() claims an
// even slot by adding 1, commit() and discard() free an odd one the same
// way, both with compare-and-exchange so that of two CPUs racing for a
// slot one wins. The slot is free again at once: the generation in the
// tags (slot>>1) keeps the next speculation's records apart from those of
// the one the consumer has not yet seen ended.

// maxNSpec bounds the nspec option: speculation() tries the slots in a
// loop, which the verifier walks once per slot.
const maxNSpec = 1024

// nspec is the number of speculations, the nspec option.
func (c *compiler) nspec() int {
	if c.cfg.NSpec <= 0 {
		return 1
	}
	return min(c.cfg.NSpec, maxNSpec)
}

// checkNSpec refuses an nspec godtrace cannot honour, at the first use
// of speculations.
func (g *gen) checkNSpec(n ast.Node) {
	if g.c.cfg.NSpec > maxNSpec {
		g.failTag(n, tag.LimitNSpec, g.c.cfg.NSpec, maxNSpec)
	}
}

// speculation() returns the ID of a speculation it makes active, the
// first inactive slot plus one, or 0 when every slot is active, which
// counts a failed speculation, as dtrace_speculation() does.
func (g *gen) speculation(e *ast.CallExpr) {
	g.checkNSpec(e)
	loop, fail, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.LoadMapValue(asm.R1, 0, spec.SpeculationSlots).WithReference(spec.MapSpeculations),
		asm.Mov.Imm(asm.R4, 0),
	)
	g.mark(loop)
	g.emit(
		asm.JGE.Imm(asm.R4, int32(g.c.nspec()), fail),
		asm.Mov.Reg(asm.R3, asm.R4),
		asm.LSh.Imm(asm.R3, 3),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.Add.Reg(asm.R2, asm.R3),
		asm.LoadMem(asm.R0, asm.R2, 0, asm.DWord),
		asm.Add.Imm(asm.R4, 1),
		asm.JSet.Imm(asm.R0, 1, loop),
		// Claim the slot unless another CPU did since it was read.
		asm.Mov.Reg(asm.R5, asm.R0),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, 1),
		cmpxchg(asm.R2, asm.R3),
		asm.JNE.Reg(asm.R0, asm.R5, loop),
		asm.Mov.Reg(asm.R0, asm.R4),
		asm.Ja.Label(done),
	)
	g.mark(fail)
	g.emit(
		asm.LoadMapValue(asm.R1, 0, spec.SpeculationUnavail).WithReference(spec.MapSpeculations),
		asm.Mov.Imm(asm.R2, 1),
		asm.StoreXAdd(asm.R1, asm.R2, asm.DWord),
		asm.Mov.Imm(asm.R0, 0),
	)
	g.mark(done)
}

// specSlot evaluates a speculation ID and leaves it in R8 and its slot's
// address in R1. ID 0 names no speculation: it jumps to none. An ID
// beyond nspec jumps to invalid, or if that is "" is an illegal
// operation. Like DTrace's dtrace_specid_t, the ID is 32 bits wide.
func (g *gen) specSlot(id ast.Expr, none, invalid string) {
	g.checkNSpec(id)
	g.expr(id)
	ok := g.newLabel()
	g.emit(
		asm.Mov.Reg32(asm.R0, asm.R0),
		asm.JEq.Imm(asm.R0, 0, none),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Imm(asm.R2, 1),
		asm.JLT.Imm(asm.R2, int32(g.c.nspec()), ok),
	)
	if invalid != "" {
		g.emit(asm.Ja.Label(invalid))
	} else {
		// Oracle reports the BPF pc of this fault too (illumos,
		// raising it outside DIF, gave no offset).
		g.raise(spec.FaultIllOp)
	}
	g.mark(ok)
	g.emit(
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.LSh.Imm(asm.R2, 3),
		asm.LoadMapValue(asm.R1, 0, spec.SpeculationSlots).WithReference(spec.MapSpeculations),
		asm.Add.Reg(asm.R1, asm.R2),
	)
}

// speculate(id) makes the rest of the clause speculative: its record
// carries the speculation's tag. For ID 0 or a speculation that is not
// active, the clause ends here and records nothing, as DTrace drops it.
func (g *gen) speculate(call *ast.CallExpr) {
	if g.ecb.SpeculationTag == 0 {
		g.ecb.SpeculationTag = g.reserve(spec.SpeculationTagSize, 8)
	}
	st := int16(g.c.layout.staging + g.ecb.SpeculationTag)
	drop, ok := g.newLabel(), g.newLabel()
	// As in Oracle DTrace, speculating on an ID that names no
	// speculation (beyond nspec, negative) drops the clause's data
	// without an error; commit() and discard() of one fault.
	g.specSlot(call.Args[0], drop, drop)
	g.ifActive(drop)
	g.storeSpecTag(st, asm.R0)
	g.emit(asm.Ja.Label(ok))
	g.mark(drop)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	g.mark(ok)
}

// endSpeculation is commit(id) and discard(id): it frees the
// speculation's slot and records its tag, which the consumer acts on. The
// tag is zero when there was nothing to end: ID 0, or a speculation that
// is not active (never made, or already ended), which DTrace ignores.
func (g *gen) endSpeculation(call *ast.CallExpr) spec.Item {
	off := g.reserve(spec.SpeculationTagSize, 8)
	st := int16(g.c.layout.staging + off)
	done := g.newLabel()
	g.emit(storeImm64(regScratch, st, 0))
	g.specSlot(call.Args[0], done, "")
	g.ifActive(done)
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R0),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, 1),
		cmpxchg(asm.R1, asm.R3),
		// Another CPU ended it first.
		asm.JNE.Reg(asm.R0, asm.R4, done),
	)
	g.storeSpecTag(st, asm.R4)
	g.mark(done)
	return spec.Item{Off: off, Size: spec.SpeculationTagSize}
}

// ifActive loads the slot at R1 into R0 and goes on if its speculation
// is active (the slot is odd), to inactive if not.
func (g *gen) ifActive(inactive string) {
	g.emit(asm.LoadMem(asm.R0, asm.R1, 0, asm.DWord))
	g.stay(asm.JSet.Imm(asm.R0, 1, ""), inactive)
}

// storeSpecTag writes the tag of the speculation whose ID is in R8 and
// whose slot value is in slot (clobbered) at staging offset st: the ID,
// then the generation.
func (g *gen) storeSpecTag(st int16, slot asm.Register) {
	g.emit(
		asm.StoreMem(regScratch, st, asm.R8, asm.Word),
		asm.RSh.Imm(slot, 1),
		asm.StoreMem(regScratch, st+4, slot, asm.Word),
	)
}

// clearSpecTag inserts, before the clause body, the store that clears
// the speculation tag: speculate() may not run (inside an if), and the
// staging area holds an earlier record.
func (g *gen) clearSpecTag() {
	if g.ecb.SpeculationTag == 0 {
		return
	}
	clr := storeImm64(regScratch, int16(g.c.layout.staging+g.ecb.SpeculationTag), 0)
	g.insns = append(g.insns[:g.flagsAt], append(asm.Instructions{clr}, g.insns[g.flagsAt:]...)...)
}

// cmpxchg is *(u64 *)dst = src if it holds R0, leaving what it held in R0
// (BPF_CMPXCHG). cilium/ebpf v0.22 takes an atomic instruction's
// immediate, which names the operation, from Constant before it derives
// it from the opcode, so Constant must carry it too; without it the
// instruction is an atomic add.
func cmpxchg(dst, src asm.Register) asm.Instruction {
	ins := asm.CmpXchg.Mem(dst, src, asm.DWord, 0)
	ins.Constant = int64(asm.CmpXchg >> 8)
	return ins
}

// specMap adds the speculations map if the program uses speculations.
func (c *compiler) specMap(m map[string]*ebpf.MapSpec) {
	if !c.usesSpeculations() {
		return
	}
	m[spec.MapSpeculations] = &ebpf.MapSpec{Name: spec.MapSpeculations, Type: ebpf.Array, KeySize: 4,
		ValueSize: uint32(spec.SpeculationSlots + 8*c.nspec()), MaxEntries: 1, Flags: bpfMmapable}
}

// usesSpeculations reports whether the program calls speculation(),
// speculate(), commit() or discard().
func (c *compiler) usesSpeculations() bool {
	for _, a := range c.info.Actions {
		switch a.Kind {
		case abi.ActSpeculate, abi.ActCommit, abi.ActDiscard:
			return true
		}
	}
	for e := range c.info.Types {
		if call, ok := e.(*ast.CallExpr); ok && call.Fun.Name == "speculation" {
			return true
		}
	}
	return false
}

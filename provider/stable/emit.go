package stable

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/spec"
)

// emitter builds a probe's LoadArgs instructions. R6 is the raw
// tracepoint's context (its parameters, one u64 each) and R9 the ten
// argument slots, which the trampoline zeroed. Kernel memory is read
// with bpf_probe_read_kernel straight into a slot, so that no stack is
// needed.
type emitter struct {
	probe  uint32        // the probe's ID, which makes labels unique
	kernel *ktypes.Types // structure offsets from the kernel's BTF
	insns  asm.Instructions
	label  string // put on the next instruction
	labels int
	err    error // a structure member the kernel lacks
}

func (e *emitter) emit(insns ...asm.Instruction) {
	if e.label != "" && len(insns) > 0 {
		insns[0] = insns[0].WithSymbol(e.label)
		e.label = ""
	}
	e.insns = append(e.insns, insns...)
}

func (e *emitter) newLabel() string {
	e.labels++
	return fmt.Sprintf("stable_%d_%d", e.probe, e.labels)
}

// slot is the offset of argument slot i from R9.
func slot(i int) int16 { return int16(8 * i) }

// param loads the tracepoint's parameter i into dst.
func (e *emitter) param(dst asm.Register, i int) {
	e.emit(asm.LoadMem(dst, asm.R6, int16(8*i), asm.DWord))
}

// arg makes native argument i the tracepoint's parameter j.
func (e *emitter) arg(i, j int) {
	e.param(asm.R0, j)
	e.store(i, asm.R0)
}

// store writes src to native argument i.
func (e *emitter) store(i int, src asm.Register) {
	e.emit(asm.StoreMem(asm.R9, slot(i), src, asm.DWord))
}

// zero clears native argument i.
func (e *emitter) zero(i int) { e.imm(i, 0) }

// read copies size bytes of kernel memory at base+off into native
// argument i, zero-extended, and loads the result into R0. A failed
// read leaves 0. It uses R0-R5; base may be any of them.
func (e *emitter) read(i int, base asm.Register, off int32, size int32) {
	e.emit(asm.Mov.Reg(asm.R3, base))
	if off != 0 {
		e.emit(asm.Add.Imm(asm.R3, off))
	}
	e.zero(i)
	e.emit(
		asm.Mov.Reg(asm.R1, asm.R9),
		asm.Add.Imm(asm.R1, int32(slot(i))),
		asm.Mov.Imm(asm.R2, size),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R0, asm.R9, slot(i), asm.DWord),
	)
}

// fireIf ends the program unless `reg op imm` holds.
func (e *emitter) fireIf(op asm.JumpOp, reg asm.Register, imm int32) {
	e.fireIfAny(func(l string) { e.emit(op.Imm(reg, imm, l)) })
}

// fireIfReg ends the program unless `reg op src` holds.
func (e *emitter) fireIfReg(op asm.JumpOp, reg, src asm.Register) {
	e.fireIfAny(func(l string) { e.emit(op.Reg(reg, src, l)) })
}

// fireIfIn ends the program unless reg is one of values.
func (e *emitter) fireIfIn(reg asm.Register, values []int32) {
	e.fireIfAny(func(l string) {
		for _, v := range values {
			e.emit(asm.JEq.Imm(reg, v, l))
		}
	})
}

// fireIfAny emits the jumps jumps makes to a label, and where none is
// taken, the end of the program. The label is put on the instruction
// that follows.
func (e *emitter) fireIfAny(jumps func(label string)) {
	l := e.newLabel()
	jumps(l)
	e.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	e.label = l
}

// done places any pending label, so that a condition that ends the
// instructions has an instruction to jump to.
func (e *emitter) done() {
	if e.label != "" {
		e.emit(asm.Mov.Imm(asm.R0, 0))
	}
}

// cpuinfo stores into native argument i the address of this CPU's
// cpuinfo_t: a value of the per-CPU cpuinfo map that curcpu reads, which
// the loader adds and fills when a program refers to it. Native argument
// key must be zero: it is the map key.
func (e *emitter) cpuinfo(i, key int) {
	e.cpuinfoLookup(key)
	e.emit(asm.FnMapLookupElem.Call())
	e.store(i, asm.R0)
}

// cpuinfoOf is cpuinfo for the CPU whose number is in R3; a CPU the
// map has no value for gives NULL.
func (e *emitter) cpuinfoOf(i, key int) {
	e.cpuinfoLookup(key)
	e.emit(asm.FnMapLookupPercpuElem.Call())
	e.store(i, asm.R0)
}

// cpuinfoLookup sets R1 and R2 for a lookup in the cpuinfo map.
func (e *emitter) cpuinfoLookup(key int) {
	e.emit(
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapCPUInfo),
		asm.Mov.Reg(asm.R2, asm.R9),
		asm.Add.Imm(asm.R2, int32(slot(key))),
	)
}

// readMember reads the member path of struct typ at the address in base
// into native argument i and R0 (see read). A member the kernel lacks
// makes the probe unusable (e.err).
func (e *emitter) readMember(i int, base asm.Register, typ string, path ...string) {
	m, err := e.kernel.OffsetOf(typ, path...)
	if err != nil {
		if e.err == nil {
			e.err = err
		}
		return
	}
	if m.Size > 8 {
		if e.err == nil {
			e.err = fmt.Errorf("struct %s: member %v is %d bytes", typ, path, m.Size)
		}
		return
	}
	e.read(i, base, m.Off, m.Size)
}

// imm sets native argument i to v.
func (e *emitter) imm(i int, v int32) {
	e.emit(asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: asm.R9, Offset: slot(i), Constant: int64(v)})
}

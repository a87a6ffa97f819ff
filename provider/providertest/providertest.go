// Package providertest runs a provider's probes in the kernel, for the
// providers' own tests.
//
// Load builds the smallest trampoline a probe can have: it sets up the
// registers the Provider contract promises, runs the provider's LoadArgs,
// and records what it got in maps the test reads back: the last firing's
// arguments and pid_tgid, and the number of firings on each CPU. It does
// not attach: the test calls the provider's Attach (or fires the program)
// itself, so that attaching is what is tested.
package providertest

import (
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// NArgs is the number of argument slots of the Provider contract.
const NArgs = provider.NArgs

// Options adjust the trampoline.
type Options struct {
	// PID, if not zero, makes the trampoline ignore firings in other
	// processes (by tgid), for probes that fire machine-wide.
	PID uint32
	// TID, if not zero, makes it ignore firings in other threads: a
	// process's other threads run too (a Go test's always do), and a
	// test of what the firing thread was doing must see only its own.
	TID uint32
}

// Recorder is a loaded trampoline and the maps it records into.
type Recorder struct {
	Prog                *ebpf.Program
	args, counts, tgids *ebpf.Map
}

// Stack layout of the trampoline, below R10.
const (
	argsOff = -8 * NArgs  // the ten argument slots R9 points at
	keyOff  = argsOff - 8 // the u32 key 0 of all maps
	tmpOff  = keyOff - 8  // a u64 to pass by pointer
)

// Load loads a trampoline for p. Everything it creates is closed when
// the test ends.
func Load(t testing.TB, p *provider.Probe, opts Options) *Recorder {
	t.Helper()
	newMap := func(typ ebpf.MapType, valueSize uint32) *ebpf.Map {
		m, err := ebpf.NewMap(&ebpf.MapSpec{Type: typ, KeySize: 4, ValueSize: valueSize, MaxEntries: 1})
		if err != nil {
			t.Fatalf("create %s map: %v", typ, err)
		}
		t.Cleanup(func() { m.Close() })
		return m
	}
	r := &Recorder{
		args:   newMap(ebpf.Array, 8*NArgs),
		counts: newMap(ebpf.PerCPUArray, 8),
		tgids:  newMap(ebpf.Array, 8),
	}

	loadArgs := p.Owner().LoadArgs(p)
	CheckPreserves(t, loadArgs)

	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	if opts.PID != 0 {
		insns = append(insns,
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.JNE.Imm(asm.R0, int32(opts.PID), "exit"),
		)
	}
	if opts.TID != 0 {
		insns = append(insns,
			asm.FnGetCurrentPidTgid.Call(),
			asm.JNE.Imm32(asm.R0, int32(opts.TID), "exit"),
		)
	}
	// cilium's asm has no 64-bit store of an immediate; store a zero
	// register instead.
	insns = append(insns, asm.Mov.Imm(asm.R0, 0))
	for i := range NArgs {
		insns = append(insns, asm.StoreMem(asm.R10, int16(argsOff+8*i), asm.R0, asm.DWord))
	}
	insns = append(insns,
		asm.Mov.Reg(asm.R9, asm.R10),
		asm.Add.Imm(asm.R9, argsOff),
	)
	insns = append(insns, loadArgs...)
	insns = append(insns,
		asm.StoreImm(asm.R10, keyOff, 0, asm.Word),

		// args[0] = the ten slots
		asm.LoadMapPtr(asm.R1, r.args.FD()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, keyOff),
		asm.Mov.Reg(asm.R3, asm.R9),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnMapUpdateElem.Call(),

		// tgids[0] = bpf_get_current_pid_tgid()
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.R10, tmpOff, asm.R0, asm.DWord),
		asm.LoadMapPtr(asm.R1, r.tgids.FD()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, keyOff),
		asm.Mov.Reg(asm.R3, asm.R10),
		asm.Add.Imm(asm.R3, tmpOff),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnMapUpdateElem.Call(),

		// counts[0] += 1 on this CPU
		asm.LoadMapPtr(asm.R1, r.counts.FD()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, keyOff),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "exit"),
		asm.Mov.Imm(asm.R1, 1),
		asm.StoreXAdd(asm.R0, asm.R1, asm.DWord),

		asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"),
		asm.Return(),
	)

	typ, attach := p.Owner().ProgramType(p)
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Name:         "providertest",
		Type:         typ,
		AttachType:   attach,
		Instructions: insns,
		License:      "GPL",
	})
	if err != nil {
		t.Fatalf("load %s trampoline for %s: %v", typ, p.Desc(), err)
	}
	t.Cleanup(func() { prog.Close() })
	r.Prog = prog
	return r
}

// Args returns the arguments of the last firing.
func (r *Recorder) Args(t testing.TB) [NArgs]uint64 {
	t.Helper()
	var args [NArgs]uint64
	if err := r.args.Lookup(uint32(0), &args); err != nil {
		t.Fatal(err)
	}
	return args
}

// PidTgid returns bpf_get_current_pid_tgid() of the last firing: the
// thread id in the low 32 bits, the process id in the high ones.
func (r *Recorder) PidTgid(t testing.TB) uint64 {
	t.Helper()
	var v uint64
	if err := r.tgids.Lookup(uint32(0), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Counts returns the number of firings on each possible CPU.
func (r *Recorder) Counts(t testing.TB) []uint64 {
	t.Helper()
	var v []uint64
	if err := r.counts.Lookup(uint32(0), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Total returns the number of firings on all CPUs.
func (r *Recorder) Total(t testing.TB) uint64 {
	t.Helper()
	var n uint64
	for _, c := range r.Counts(t) {
		n += c
	}
	return n
}

// CheckPreserves fails the test if insns write a register that LoadArgs
// must preserve (R6-R9, and R10, which nothing may write).
func CheckPreserves(t testing.TB, insns asm.Instructions) {
	t.Helper()
	for i, ins := range insns {
		switch ins.OpCode.Class() {
		case asm.ALUClass, asm.ALU64Class, asm.LdXClass, asm.LdClass:
			if ins.Dst >= asm.R6 {
				t.Errorf("LoadArgs instruction %d writes %s: %v", i, ins.Dst, ins)
			}
		}
	}
}

package main

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"
)

// The programs are the least BPF that does each job: no record header
// beyond what the consumer needs, no scratch memory, one map operation
// per event where the job allows it. A tracer cannot do less on the same
// kernel mechanism, so its figure is the floor for the same D program.

const (
	// rawArgsID is the offset of args[1] (the system call number) in
	// the context of a raw tracepoint on sys_enter.
	rawArgsID = 8
	// bpfNoExist and bpfRBNoWakeup are the flags of map_update_elem and
	// ringbuf_output (BPF_NOEXIST, BPF_RB_NO_WAKEUP).
	bpfNoExist    = 1
	bpfRBNoWakeup = 1
)

// increment adds one to slot 0 of the per-CPU array m, in place: the
// slot is this CPU's, so no atomic operation is needed.
func increment(m *ebpf.Map) asm.Instructions {
	return asm.Instructions{
		asm.StoreImm(asm.RFP, -4, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, m.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -4),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "exit"),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
	}
}

// exit ends every program: return 0, labelled "exit".
func exit() asm.Instructions {
	return asm.Instructions{
		asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"),
		asm.Return(),
	}
}

// countRawTP runs on every system call's entry (raw_syscalls:sys_enter)
// and counts getppid's: the cost of one wide attachment filtered in BPF.
func countRawTP(counts *ebpf.Map) *ebpf.ProgramSpec {
	insns := asm.Instructions{
		asm.LoadMem(asm.R2, asm.R1, rawArgsID, asm.DWord),
		asm.JNE.Imm(asm.R2, unix.SYS_GETPPID, "exit"),
	}
	insns = append(insns, increment(counts)...)
	return &ebpf.ProgramSpec{Name: "count_rawtp", Type: ebpf.RawTracepoint, License: "GPL", Instructions: append(insns, exit()...)}
}

// countTP runs on getppid's own tracepoint (syscalls:sys_enter_getppid),
// so needs no filter.
func countTP(counts *ebpf.Map) *ebpf.ProgramSpec {
	insns := append(increment(counts), exit()...)
	return &ebpf.ProgramSpec{Name: "count_tp", Type: ebpf.TracePoint, License: "GPL", Instructions: insns}
}

// countUprobe runs at a uprobe on the function the workload calls: the
// same increment, no filter (the kernel limits the uprobe to the
// process).
func countUprobe(counts *ebpf.Map) *ebpf.ProgramSpec {
	insns := append(increment(counts), exit()...)
	return &ebpf.ProgramSpec{Name: "count_uprobe", Type: ebpf.Kprobe, License: "GPL", Instructions: insns}
}

// comm counts getppid's by the caller's comm in a per-CPU hash: one
// lookup and an in-place increment, and an insert only for a new comm.
func comm(counts *ebpf.Map) *ebpf.ProgramSpec {
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, -16),
		asm.Mov.Imm(asm.R2, 16),
		asm.FnGetCurrentComm.Call(),
		asm.LoadMapPtr(asm.R1, counts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -16),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "insert"),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		asm.Ja.Label("exit"),
		asm.Mov.Imm(asm.R1, 1).WithSymbol("insert"),
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, counts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -16),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -24),
		asm.Mov.Imm(asm.R4, bpfNoExist),
		asm.FnMapUpdateElem.Call(),
	}
	return &ebpf.ProgramSpec{Name: "comm", Type: ebpf.TracePoint, License: "GPL", Instructions: append(insns, exit()...)}
}

// recordSize is the size of a printf record: a 4-byte tag (DTrace's
// EPID), 4 bytes of padding, and the pid printed.
const recordSize = 16

// printf writes one record per getppid to the ring buffer without
// waking the consumer (which drains at a rate), and counts in slot 0 of
// drops the records the full buffer refused.
func printf(rb, drops *ebpf.Map) *ebpf.ProgramSpec {
	insns := asm.Instructions{
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.RFP, -8, asm.R0, asm.DWord),
		asm.Mov.Imm(asm.R1, 1),
		asm.StoreMem(asm.RFP, -16, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, rb.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -16),
		asm.Mov.Imm(asm.R3, recordSize),
		asm.Mov.Imm(asm.R4, bpfRBNoWakeup),
		asm.FnRingbufOutput.Call(),
		asm.JSGE.Imm(asm.R0, 0, "exit"),
	}
	insns = append(insns, increment(drops)...)
	return &ebpf.ProgramSpec{Name: "printf", Type: ebpf.TracePoint, License: "GPL", Instructions: append(insns, exit()...)}
}

// begin is what BEGIN needs: a program that stores into a map once,
// run by the kernel's test-run command rather than attached anywhere.
func begin(counts *ebpf.Map) *ebpf.ProgramSpec {
	insns := append(increment(counts), exit()...)
	return &ebpf.ProgramSpec{Name: "begin", Type: ebpf.RawTracepoint, License: "GPL", Instructions: insns}
}

package lockstat

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider/fbt"
)

// Maps the companions and the probes share (by name; the loader adds
// them with the companions). LRU hashes: a thread that never reaches
// the return or the contention's end leaves an entry behind, which
// newer ones push out.
const (
	contMap    = "lockstat_cont" // thread -> lock, start, flags of its contention
	mapEntries = 16384
)

// Layout of a contMap value.
const (
	contLock  = 0
	contStart = 8
	contFlags = 16
	contSize  = 24
)

// lockMap names the map of the locks a class's acquire functions were
// entered with, by thread.
func lockMap(c class) string { return "lockstat_" + string(c) }

func contSpec() *ebpf.MapSpec {
	return &ebpf.MapSpec{Name: contMap, Type: ebpf.LRUHash, KeySize: 8, ValueSize: contSize, MaxEntries: mapEntries}
}

func lockSpec(c class) *ebpf.MapSpec {
	return &ebpf.MapSpec{Name: lockMap(c), Type: ebpf.LRUHash, KeySize: 8, ValueSize: 8, MaxEntries: mapEntries}
}

// The LoadArgs below keep the thread's key at R10-8 and a value at
// R10-16, and end the program (R0 = 0, exit) where the kernel's event is
// not the probe's: an acquisition that failed, a contention of another
// kind.

// outLabel is where a probe's LoadArgs end the program.
func outLabel(pr *probe) string { return "lockstat_" + pr.name + "_out" }

// ending is the tail of a LoadArgs that may end the program: the
// arguments loaded skip the two instructions that end it.
func ending(pr *probe) asm.Instructions {
	return asm.Instructions{
		{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja), Offset: 2},
		asm.Mov.Imm(asm.R0, 0).WithSymbol(outLabel(pr)),
		asm.Return(),
	}
}

// lookupThread looks the current thread up in the map named m: R0 is
// the value, and the program ends if there is none.
func lookupThread(pr *probe, m string) asm.Instructions {
	return asm.Instructions{
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.R10, -8, asm.R0, asm.DWord),
		asm.LoadMapPtr(asm.R1, 0).WithReference(m),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, outLabel(pr)),
	}
}

// acquireArgs loads an acquire probe's arguments at a lock function's
// return: the lock its entry was given (lockMap), and for rw-acquire
// whether it is a reader's; a trylock that failed, or an interruptible
// lock that returned an error, acquired nothing.
func acquireArgs(pr *probe) asm.Instructions {
	out := outLabel(pr)
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnGetAttachCookie.Call(),
		asm.StoreMem(asm.R10, -16, asm.R0, asm.DWord),
	}
	insns = append(insns, lookupThread(pr, lockMap(pr.class))...)
	insns = append(insns,
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.StoreMem(asm.R9, 0, asm.R1, asm.DWord),
		asm.LoadMem(asm.R2, asm.R10, -16, asm.DWord),
		fbt.KprobeRet(asm.R3, asm.R6),
		asm.Mov.Reg(asm.R4, asm.R2),
		asm.And.Imm(asm.R4, cookieTry),
		asm.JEq.Imm(asm.R4, 0, out+"_nottry"),
		asm.JEq.Imm32(asm.R3, 0, out),
		asm.Mov.Reg(asm.R4, asm.R2).WithSymbol(out+"_nottry"),
		asm.And.Imm(asm.R4, cookieZeroOK),
		asm.JEq.Imm(asm.R4, 0, out+"_reader"),
		asm.JNE.Imm32(asm.R3, 0, out),
		asm.And.Imm(asm.R2, cookieReader).WithSymbol(out+"_reader"),
		asm.StoreMem(asm.R9, 8, asm.R2, asm.DWord),
	)
	return append(insns, ending(pr)...)
}

// releaseArgs loads a release probe's arguments at an unlock function's
// entry: the lock, and whether it is a reader's.
func releaseArgs() asm.Instructions {
	return asm.Instructions{
		fbt.KprobeArg(asm.R0, asm.R6, 0),
		asm.StoreMem(asm.R9, 0, asm.R0, asm.DWord),
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnGetAttachCookie.Call(),
		asm.And.Imm(asm.R0, cookieReader),
		asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord),
	}
}

// contendedArgs loads a block or spin probe's arguments where a
// contention ends (lock:contention_end, whose first argument is the
// lock): the lock, the time since the thread's contention_begin on it,
// and whether it waited as a reader. A contention of another kind is
// another probe's; one the probe took is marked taken, so that it fires
// once.
func contendedArgs(pr *probe) asm.Instructions {
	out := outLabel(pr)
	insns := lookupThread(pr, contMap)
	insns = append(insns,
		asm.LoadMem(asm.R1, asm.R0, contLock, asm.DWord),
		asm.LoadMem(asm.R2, asm.R6, 0, asm.DWord),
		asm.JNE.Reg(asm.R1, asm.R2, out),
		asm.LoadMem(asm.R3, asm.R0, contFlags, asm.DWord),
	)
	if pr.all != 0 {
		insns = append(insns, asm.Mov.Reg(asm.R4, asm.R3), asm.And.Imm(asm.R4, int32(pr.all)), asm.JNE.Imm(asm.R4, int32(pr.all), out))
	}
	if pr.none != 0 {
		insns = append(insns, asm.Mov.Reg(asm.R4, asm.R3), asm.And.Imm(asm.R4, int32(pr.none)), asm.JNE.Imm(asm.R4, 0, out))
	}
	if pr.any != 0 {
		insns = append(insns, asm.Mov.Reg(asm.R4, asm.R3), asm.And.Imm(asm.R4, int32(pr.any)), asm.JEq.Imm(asm.R4, 0, out))
	}
	insns = append(insns,
		asm.LoadMem(asm.R1, asm.R0, contStart, asm.DWord),
		asm.JEq.Imm(asm.R1, 0, out),
		asm.StoreMem(asm.R10, -16, asm.R1, asm.DWord),
		asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: asm.R0, Offset: contStart, Constant: 0},
		asm.StoreMem(asm.R9, 0, asm.R2, asm.DWord),
		asm.RSh.Imm(asm.R3, 1), // lcbRead
		asm.And.Imm(asm.R3, 1),
		asm.StoreMem(asm.R9, 16, asm.R3, asm.DWord),
		asm.FnKtimeGetNs.Call(),
		asm.LoadMem(asm.R1, asm.R10, -16, asm.DWord),
		asm.Sub.Reg(asm.R0, asm.R1),
		asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord),
	)
	return append(insns, ending(pr)...)
}

package tracefs

import (
	"os"
	"syscall"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestAttach checks the counting perf event that attaches
// programs to tracepoints refusing sampling ones (irq_work_exit): the
// program must run at the tracepoint. getpid's entry stands in for the
// tracepoint, which fires when this test wants it to.
func TestAttach(t *testing.T) {
	testenv.RequireBPF(t)
	hits, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer hits.Close()
	pid := uint64(os.Getpid())
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.TracePoint,
		License: "GPL",
		Instructions: asm.Instructions{
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.JNE.Imm(asm.R0, int32(pid), "out"),
			asm.LoadMapPtr(asm.R1, hits.FD()),
			asm.Mov.Reg(asm.R2, asm.R10),
			asm.Add.Imm(asm.R2, -4),
			asm.StoreImm(asm.R10, -4, 0, asm.Word),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "out"),
			asm.Mov.Imm(asm.R1, 1),
			asm.StoreXAdd(asm.R0, asm.R1, asm.DWord),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return(),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	c, err := attach("syscalls", "sys_enter_getpid", prog)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		syscall.Getpid()
	}
	var n uint64
	if err := hits.Lookup(uint32(0), &n); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if n < 3 {
		t.Errorf("the program ran %d times for 3 getpid calls", n)
	}
}

package sdt

import (
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// TestLoadAddresses runs arg.load in the kernel, on the context of a raw
// tracepoint program (u64s we choose; tracepoint programs cannot be test
// run), and checks where each argument points relative to the context.
func TestLoadAddresses(t *testing.T) {
	testenv.RequireBPF(t)
	ctx := [4]uint64{
		0,
		0x0005_0004,    // at 8: a __rel_loc of 5 bytes, 4 bytes after its end
		0x0003_0018,    // at 16: a __data_loc of 3 bytes at 24
		0xdead_beef_07, // at 24
	}
	for _, tt := range []struct {
		f    tracefs.Field
		want int32 // the argument minus the context's address
	}{
		{tracefs.Field{Type: "char[8]", Offset: 0, Size: 8}, 0},
		{tracefs.Field{Type: "u8[4]", Offset: 28, Size: 4}, 28},
		{tracefs.Field{Type: "__rel_loc char[]", Offset: 8, Size: 4}, 8 + 4 + 4},
		{tracefs.Field{Type: "__data_loc char[]", Offset: 16, Size: 4}, 0x18},
	} {
		a := newArg(tt.f)
		insns := asm.Instructions{
			asm.Mov.Reg(asm.R6, asm.R1),
			asm.Mov.Reg(asm.R9, asm.R10),
			asm.Add.Imm(asm.R9, -16),
		}
		insns = append(insns, a.load(1)...)
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R9, 8, asm.DWord),
			asm.Sub.Reg(asm.R0, asm.R6),
			asm.Return(),
		)
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.RawTracepoint, Instructions: insns, License: "GPL"})
		if err != nil {
			t.Fatalf("%s: %v", tt.f.Type, err)
		}
		ret, err := prog.Run(&ebpf.RunOptions{Context: ctx})
		prog.Close()
		if err != nil {
			t.Fatal(err)
		}
		if int32(ret) != tt.want {
			t.Errorf("%s at %d: argument at context + %d, want + %d", tt.f.Type, tt.f.Offset, int32(ret), tt.want)
		}
	}
}

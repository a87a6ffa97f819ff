package tracefs

import (
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestLoad runs Load's instructions in the kernel, on the context of a
// raw tracepoint program (u64s we choose), and checks the loaded value.
func TestLoad(t *testing.T) {
	testenv.RequireBPF(t)
	for _, tt := range []struct {
		f    Field
		ctx  uint64
		want int32 // compared after sign extension to 64 bits
	}{
		{Field{Offset: 0, Size: 8}, 0xffffffffffffff9c, -100},
		{Field{Offset: 0, Size: 4, Signed: true}, 0xdeadbeefffffff9c, -100},
		{Field{Offset: 4, Size: 4, Signed: true}, 0xffffff9c00000000, -100},
		{Field{Offset: 0, Size: 4}, 0xffffffff0000007f, 0x7f},
		{Field{Offset: 0, Size: 2, Signed: true}, 0x1234ffff, -1},
		{Field{Offset: 2, Size: 2}, 0x7fff0000, 0x7fff},
		{Field{Offset: 0, Size: 1, Signed: true}, 0xff80, -128},
		{Field{Offset: 1, Size: 1}, 0xff80, 0xff},
	} {
		load, ok := tt.f.Load(asm.R0, asm.R1)
		if !ok {
			t.Fatalf("Load(%+v) not ok", tt.f)
		}
		insns := append(load,
			asm.JEq.Imm(asm.R0, tt.want, "yes"),
			asm.Mov.Imm(asm.R0, 0),
			asm.Return(),
			asm.Mov.Imm(asm.R0, 1).WithSymbol("yes"),
			asm.Return(),
		)
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.RawTracepoint, Instructions: insns, License: "GPL"})
		if err != nil {
			t.Fatal(err)
		}
		ret, err := prog.Run(&ebpf.RunOptions{Context: [1]uint64{tt.ctx}})
		prog.Close()
		if err != nil {
			t.Fatal(err)
		}
		if ret != 1 {
			t.Errorf("Load(%+v) of %#x is not %d", tt.f, tt.ctx, tt.want)
		}
	}
	if _, ok := (Field{Size: 16}).Load(asm.R0, asm.R1); ok {
		t.Error("Load of a 16-byte field is ok")
	}
}

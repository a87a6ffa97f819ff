package dtrace

import (
	"encoding/binary"
	"os"
	"testing"
	"time"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/testenv"
)

// valueCollector keeps the integer values of every action that ran.
type valueCollector struct{ vals []uint64 }

func (c *valueCollector) Record(_ *Handle, r *consume.Record) error {
	for i := range r.ECB.Actions {
		if a := &r.ECB.Actions[i]; a.Ran(r.Data) {
			for _, d := range r.Values(a) {
				c.vals = append(c.vals, d.Int)
			}
		}
	}
	return nil
}

func (c *valueCollector) Fault(*Handle, *consume.Fault) error { return nil }

// TestKernelVariable reads a kernel variable named with the scoping
// operator, through its address in the real /proc/kallsyms. Kernels
// rarely carry BTF for their global variables (pahole's global_var is
// off by default) and keep few data symbols in kallsyms without
// CONFIG_KALLSYMS_ALL, so the test borrows a symbol every kernel lists,
// __start_BTF (where the kernel's own BTF begins, the bytes of
// /sys/kernel/btf/vmlinux), and gives it its BTF type: struct btf_header.
func TestKernelVariable(t *testing.T) {
	testenv.RequireBPF(t)
	raw, err := os.ReadFile("/sys/kernel/btf/vmlinux")
	if err != nil || len(raw) < 24 {
		t.Fatalf("reading the kernel's BTF: %v", err)
	}
	u8 := &btf.Int{Name: "unsigned char", Size: 1}
	u16 := &btf.Int{Name: "unsigned short", Size: 2}
	u32 := &btf.Int{Name: "unsigned int", Size: 4}
	hdr := &btf.Struct{Name: "btf_header", Size: 24, Members: []btf.Member{
		{Name: "magic", Type: u16, Offset: 0},
		{Name: "version", Type: u8, Offset: 16},
		{Name: "flags", Type: u8, Offset: 24},
		{Name: "hdr_len", Type: u32, Offset: 32},
		{Name: "type_off", Type: u32, Offset: 64},
		{Name: "type_len", Type: u32, Offset: 96},
		{Name: "str_off", Type: u32, Offset: 128},
		{Name: "str_len", Type: u32, Offset: 160},
	}}
	v := &btf.Var{Name: "__start_BTF", Type: hdr, Linkage: btf.GlobalVar}
	b, err := btf.NewBuilder([]btf.Type{&btf.Datasec{Name: ".BTF", Size: 24, Vars: []btf.VarSecinfo{{Type: v, Size: 24}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fake, err := b.Spec()
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.kernelBTF = func() (*btf.Spec, error) { return fake, nil }
	src := "BEGIN { trace(`__start_BTF.magic); trace(vmlinux`__start_BTF.hdr_len); " +
		"trace(`__start_BTF.str_len); trace(sizeof (`__start_BTF)); trace((uint64_t)&`__start_BTF); exit(0); }"
	if err := h.Compile([]Source{{Text: []byte(src)}}, []string{"test"}); err != nil {
		t.Fatal(err)
	}
	if err := h.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Go(); err != nil {
		t.Fatal(err)
	}
	c := &valueCollector{}
	for done := false; !done; {
		if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		done, _ = h.Done()
	}
	if err := h.Stop(c); err != nil {
		t.Fatal(err)
	}
	sym, err := h.symbols().kernel().Named("vmlinux", "__start_BTF")
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	want := []uint64{uint64(le.Uint16(raw)), uint64(le.Uint32(raw[4:])), uint64(le.Uint32(raw[20:])), 24, sym.Addr,
		0} // exit(0)'s status
	if len(c.vals) != len(want) {
		t.Fatalf("values %x, want %x", c.vals, want)
	}
	for i := range want {
		if c.vals[i] != want[i] {
			t.Errorf("value %d = %#x, want %#x (all: %x)", i, c.vals[i], want[i], c.vals)
		}
	}
}

package check

import (
	"errors"
	"testing"

	"github.com/cilium/ebpf/btf"
)

// fakeSymbols is the tests' kernel symbol table. The saved vmlinux BTF
// types runqueues (a per-CPU variable) and no other variable, as a
// kernel built without pahole's global_var feature does; the fake ext4
// module's BTF (fakeModuleBTF) types its two variables.
func fakeSymbols(module, name string) (KernelSymbol, error) {
	table := []KernelSymbol{
		{Module: "vmlinux", Name: "max_pfn", Addr: 0xffffffff83000000},
		{Module: "vmlinux", Name: "runqueues", Addr: 0x2f540},
		{Module: "vmlinux", Name: "schedule", Addr: 0xffffffff821fb620, Func: true},
		{Module: "ext4", Name: "ext4_state", Addr: 0xffffffffc0000100},
		{Module: "ext4", Name: "ext4_label", Addr: 0xffffffffc0000200},
		{Module: "ext4", Name: "ext4_untyped", Addr: 0xffffffffc0000300},
	}
	known := module == "" || module == "vmlinux"
	for _, s := range table {
		known = known || s.Module == module
		if s.Name == name && (module == "" || s.Module == module) {
			return s, nil
		}
	}
	if !known {
		return KernelSymbol{}, errors.New("Unknown module name")
	}
	return KernelSymbol{}, errors.New("Unknown symbol name")
}

// fakeModuleBTF is the fake ext4 module's BTF: an unsigned int and a
// char array variable.
func fakeModuleBTF(module string) (*btf.Spec, error) {
	if module != "ext4" {
		return nil, errors.New("no BTF")
	}
	uint := &btf.Int{Name: "unsigned int", Size: 4}
	char := &btf.Int{Name: "char", Size: 1, Encoding: btf.Char}
	state := &btf.Var{Name: "ext4_state", Type: uint, Linkage: btf.GlobalVar}
	label := &btf.Var{Name: "ext4_label", Type: &btf.Array{Index: uint, Type: char, Nelems: 16}, Linkage: btf.GlobalVar}
	data := &btf.Datasec{Name: ".data", Size: 20, Vars: []btf.VarSecinfo{{Type: state, Size: 4}, {Type: label, Offset: 4, Size: 16}}}
	b, err := btf.NewBuilder([]btf.Type{data}, nil)
	if err != nil {
		return nil, err
	}
	return b.Spec()
}

// TestKernelSymbols checks the types and addresses the checker gives
// scoped identifiers.
func TestKernelSymbols(t *testing.T) {
	for _, tt := range []struct {
		src, expr, typ string
		addr           uint64
	}{
		{"x = ext4`ext4_state;", "ext4`ext4_state", "unsigned int", 0xffffffffc0000100},
		{"x = `ext4_state;", "`ext4_state", "unsigned int", 0xffffffffc0000100},
		{"x = &`schedule;", "`schedule", "int ()", 0xffffffff821fb620},
		{"x = vmlinux`schedule == vmlinux`schedule;", "vmlinux`schedule", "int ()", 0xffffffff821fb620},
		{"trace(`ext4_label);", "`ext4_label", "char [16]", 0xffffffffc0000200},
	} {
		f, prog := parse(t, "sym.d", []byte("BEGIN { "+tt.src+" }"))
		info, err := Check(prog, config(t, f))
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		found := false
		for id, s := range info.Symbols {
			if id.Name != tt.expr {
				continue
			}
			found = true
			if s.Type.String() != tt.typ || s.Addr != tt.addr {
				t.Errorf("%s: %s is %s at %#x, want %s at %#x", tt.src, tt.expr, s.Type, s.Addr, tt.typ, tt.addr)
			}
		}
		if !found {
			t.Errorf("%s: %s not resolved", tt.src, tt.expr)
		}
	}
}

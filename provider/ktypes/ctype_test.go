package ktypes

import (
	"testing"

	"github.com/cilium/ebpf/btf"
)

func TestCType(t *testing.T) {
	char := &btf.Int{Name: "char", Size: 1, Encoding: btf.Signed | btf.Char}
	uint := &btf.Int{Name: "unsigned int", Size: 4}
	task := &btf.Struct{Name: "task_struct"}
	for _, tt := range []struct {
		t    btf.Type
		want string
	}{
		{uint, "unsigned int"},
		{&btf.Typedef{Name: "bool", Type: &btf.Int{Name: "_Bool", Size: 1, Encoding: btf.Bool}}, "bool"},
		{&btf.Pointer{Target: task}, "struct task_struct *"},
		{&btf.Pointer{Target: &btf.Const{Type: char}}, "const char *"},
		{&btf.Const{Type: &btf.Pointer{Target: char}}, "char *const"},
		{&btf.Pointer{Target: &btf.Const{Type: &btf.Pointer{Target: &btf.Const{Type: char}}}}, "const char *const *"},
		{&btf.Pointer{Target: &btf.Pointer{Target: &btf.Void{}}}, "void **"},
		{&btf.Pointer{Target: &btf.Union{Name: "u"}}, "union u *"},
		{&btf.Pointer{Target: &btf.Struct{}}, "struct <anon> *"},
		{&btf.Pointer{Target: &btf.Fwd{Name: "sock", Kind: btf.FwdStruct}}, "struct sock *"},
		{&btf.Enum{Name: "cpuhp_state", Size: 4}, "enum cpuhp_state"},
		{&btf.Pointer{Target: &btf.Array{Type: char, Nelems: 16}}, "char (*)[16]"},
		{&btf.Pointer{Target: &btf.FuncProto{Return: &btf.Void{}, Params: []btf.FuncParam{{Type: uint}}}}, "void (*)(unsigned int)"},
		{&btf.Pointer{Target: &btf.FuncProto{Return: uint}}, "unsigned int (*)(void)"},
	} {
		if got := CType(tt.t); got != tt.want {
			t.Errorf("CType(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

package compile

import (
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"
)

// withFuncInfo gives every function of a program that passes a callback
// to a helper (chill()'s bpf_loop()) a BTF description: the verifier
// refuses a callback without one ("missing btf func_info"), and once a
// program has any, it needs one per function. Static linkage makes the
// verifier check each function in its caller's context, as it does for
// functions without BTF; no parameters are declared, so it checks them
// from the caller's registers alone.
func withFuncInfo(insns asm.Instructions) asm.Instructions {
	entries := map[string]bool{}
	callbacks := false
	for _, ins := range insns {
		if ins.IsFunctionReference() {
			entries[ins.Reference()] = true
		}
		callbacks = callbacks || ins.IsLoadOfFunctionPointer()
	}
	if !callbacks || len(insns) == 0 {
		return insns
	}
	proto := &btf.FuncProto{Return: &btf.Int{Name: "int", Size: 4, Encoding: btf.Signed}}
	for i, ins := range insns {
		if name := ins.Symbol(); i == 0 || entries[name] {
			insns[i] = btf.WithFuncMetadata(ins, &btf.Func{Name: name, Type: proto, Linkage: btf.StaticFunc})
		}
	}
	return insns
}

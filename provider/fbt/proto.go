package fbt

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
)

// proto is what the kernel's BTF says of a function: its arguments as
// probes see them, and whether fentry and fexit can attach to it.
type proto struct {
	known bool // BTF describes the function
	// args are the arguments of the entry probe, args[i] typed and
	// mapped to the argument slot (arg0..arg9) it is loaded into.
	args []provider.Arg
	// slots is how many 64-bit argument slots the parameters take (a
	// struct of 9 to 16 bytes passed by value takes two registers).
	slots int
	ret   string // the C type of the return value; "" for void
	// fentry reports whether a fentry or fexit program can attach: at
	// most six parameters, each in one register (x86-64 trampolines
	// take six register arguments and no others on 6.1), and a return
	// value in one.
	fentry bool
}

// maxFentryArgs is the most register arguments an x86-64 BPF trampoline
// passes on the oldest kernel godtrace supports.
const maxFentryArgs = 6

// errNoBTF says the kernel's BTF does not describe a function: its
// probes have arg0..arg9 but no args[], and attach by kprobe.
var errNoBTF = errors.New("no BTF for the function")

// protoFrom reads fn's prototype from types, its module's BTF (the
// kernel's for vmlinux).
func protoFrom(types *btf.Spec, fn string) (*proto, error) {
	var f *btf.Func
	if err := types.TypeByName(fn, &f); err != nil {
		if errors.Is(err, btf.ErrNotFound) {
			return &proto{}, nil
		}
		return nil, fmt.Errorf("fbt: BTF of %s: %w", fn, err)
	}
	fp, ok := f.Type.(*btf.FuncProto)
	if !ok {
		return &proto{}, nil
	}
	return protoOfFunc(fp), nil
}

// protoOfFunc maps a function's parameters to argument slots.
func protoOfFunc(fp *btf.FuncProto) *proto {
	p := &proto{known: true, fentry: len(fp.Params) <= maxFentryArgs}
	for _, prm := range fp.Params {
		if isVoid(prm.Type) {
			// A variadic function's last parameter has no type.
			p.fentry = false
			break
		}
		n, regular := slotsOf(prm.Type)
		if !regular {
			p.fentry = false
		}
		if n == 0 {
			// Passed in memory: the arguments after it cannot be
			// mapped to registers either.
			break
		}
		if p.slots < provider.NArgs {
			native := "uint64_t"
			if regular || isFuncPointer(prm.Type) {
				native = ktypes.CType(prm.Type)
			}
			p.args = append(p.args, provider.Arg{Native: native, Mapping: p.slots})
		}
		p.slots += n
	}
	if !isVoid(fp.Return) {
		n, regular := slotsOf(fp.Return)
		if n != 1 || !regular {
			p.fentry = false
		}
		p.ret = ktypes.CType(fp.Return)
		if !regular {
			p.ret = "uint64_t"
		}
	}
	return p
}

// slotsOf says how many 64-bit argument registers a value of type t
// takes (0 when the calling convention passes it in memory), and
// whether it is a value D can hold as an integer or pointer.
func slotsOf(t btf.Type) (n int, regular bool) {
	t = btf.UnderlyingType(t)
	switch t := t.(type) {
	case *btf.Pointer:
		// The 6.1 verifier refuses a fentry program's load of a
		// function pointer argument ("invalid bpf_context access").
		return 1, !isFuncPointer(t)
	case *btf.Enum:
		return 1, true
	case *btf.Int:
		return max(1, int(t.Size+7)/8), t.Size > 0 && t.Size <= 8
	case *btf.Float:
		// In an SSE register: not one of the six.
		return 0, false
	}
	size, err := btf.Sizeof(t)
	if err != nil || size > 16 {
		return 0, false
	}
	return (size + 7) / 8, false
}

func isVoid(t btf.Type) bool {
	_, ok := t.(*btf.Void)
	return ok || t == nil
}

// isFuncPointer reports whether t is a pointer to a function.
func isFuncPointer(t btf.Type) bool {
	p, ok := btf.UnderlyingType(t).(*btf.Pointer)
	if !ok {
		return false
	}
	_, fn := btf.UnderlyingType(p.Target).(*btf.FuncProto)
	return fn
}

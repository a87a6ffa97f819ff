package rawtp

import (
	"fmt"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
)

// protoArgs returns the arguments a raw tracepoint program sees for the
// tracepoint called event, from types, the kernel's BTF. The kernel
// declares, for every tracepoint, the typedef btf_trace_EVENT: a pointer
// to the prototype of the function that calls BPF programs, whose
// parameters are a private pointer (void *__data), which programs do not
// see, then the tracepoint's own (TP_PROTO) parameters, one 64-bit
// context slot each.
func protoArgs(types *btf.Spec, event string) ([]provider.Arg, error) {
	name := "btf_trace_" + event
	var td *btf.Typedef
	if err := types.TypeByName(name, &td); err != nil {
		return nil, fmt.Errorf("raw tracepoint %s: no type %s in the kernel's BTF: %w", event, name, err)
	}
	ptr, ok := td.Type.(*btf.Pointer)
	if !ok {
		return nil, fmt.Errorf("raw tracepoint %s: %s is not a function pointer", event, name)
	}
	proto, ok := ptr.Target.(*btf.FuncProto)
	if !ok || len(proto.Params) == 0 {
		return nil, fmt.Errorf("raw tracepoint %s: %s is not a function pointer", event, name)
	}
	params := proto.Params[1:]
	args := make([]provider.Arg, 0, len(params))
	for i, p := range params {
		args = append(args, provider.Arg{Native: ktypes.CType(p.Type), Mapping: i})
	}
	return args, nil
}

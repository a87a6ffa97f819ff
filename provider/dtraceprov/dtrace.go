package dtraceprov

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// The names of the provider's probes, in the order that gives them IDs
// 1, 2 and 3 in a Registry.
const (
	Begin = provider.Begin
	End   = provider.End
	Error = provider.Error
)

// NArgs is the number of arguments the program context carries. For
// ERROR they mean what they mean in DTrace: arg1 is the enabled probe id
// of the faulting clause, arg2 the index of the faulting action, arg3 its
// offset (or -1), arg4 the fault type and arg5 the fault's value (the bad
// address, say); arg0 is not used.
const NArgs = 6

// Provider is the dtrace provider.
type Provider struct{}

// New returns the dtrace provider.
func New() *Provider { return &Provider{} }

// Name implements provider.Provider.
func (*Provider) Name() string { return "dtrace" }

// Provide implements provider.Provider. The three probes have empty module
// and function, as in DTrace.
func (*Provider) Provide(provider.Desc) ([]provider.Offer, error) {
	return []provider.Offer{{Name: Begin}, {Name: End}, {Name: Error}}, nil
}

// ProgramType implements provider.Provider. A raw tracepoint program is
// one the kernel will test-run with a context we choose (an array of
// u64) in the calling task, which is all these probes need.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.RawTracepoint, ebpf.AttachNone
}

// LoadArgs implements provider.Provider. BEGIN and END have no arguments
// (the slots stay zero); ERROR copies the NArgs u64s of its context.
func (*Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	if p.Name != Error {
		return nil
	}
	var insns asm.Instructions
	for i := range NArgs {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R6, int16(8*i), asm.DWord),
			asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord),
		)
	}
	return insns
}

// Attach implements provider.Provider. There is nothing to attach to:
// the program runs when the consumer calls Fire.
func (*Provider) Attach(*provider.Probe, *ebpf.Program) (io.Closer, error) {
	return nopCloser{}, nil
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

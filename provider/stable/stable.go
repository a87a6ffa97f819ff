package stable

import (
	"fmt"
	"io"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/rawtp"
)

// module is the module field of every stable probe, as in Oracle DTrace.
const module = "vmlinux"

// probe is one stable probe.
type probe struct {
	name string
	// events are the raw tracepoints behind the probe; all have the same
	// parameters, and the same program is attached to each.
	events []string
	// load emits the instructions that compute the native arguments
	// (and end the program where the probe's condition is false).
	load func(*emitter)
	args []provider.Arg
}

// Provider is one of the stable providers.
type Provider struct {
	name   string
	probes []probe
}

// Name implements provider.Provider.
func (pv *Provider) Name() string { return pv.name }

// attributes are DTrace's for its SDT-based providers (sched, io, ip,
// proc ...): Evolving names and arguments whose dependency is the ISA,
// Private modules and functions, which are the kernel's.
var attributes = provider.Attributes{
	Provider: provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Module:   provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Args:     provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
}

// Attributes implements provider.Attributed.
func (*Provider) Attributes() provider.Attributes { return attributes }

// Provide implements provider.Provider: every probe of the provider, in
// the order of its table. Whether the kernel has the tracepoints is found
// out at Attach.
func (pv *Provider) Provide(provider.Desc) ([]provider.Offer, error) {
	offers := make([]provider.Offer, len(pv.probes))
	for i := range pv.probes {
		offers[i] = provider.Offer{Module: module, Name: pv.probes[i].name, Data: &pv.probes[i]}
	}
	return offers, nil
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return rawtp.ProgramType, ebpf.AttachNone
}

// LoadArgs implements provider.Provider. If the kernel lacks what the
// probe reads (BTF, a structure member), the program never fires and
// Attach reports why.
func (pv *Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	insns, err := build(p)
	if err != nil {
		return asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	}
	return insns
}

// build returns p's LoadArgs instructions.
func build(p *provider.Probe) (asm.Instructions, error) {
	pr := p.Data.(*probe)
	e := &emitter{probe: p.ID}
	var err error
	if e.kernel, err = ktypes.Kernel(); err != nil {
		return nil, err
	}
	if pr.load != nil {
		pr.load(e)
	}
	e.done()
	return e.insns, e.err
}

// Attach implements provider.Provider: prog runs at each of the probe's
// tracepoints.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	pr, ok := p.Data.(*probe)
	if !ok {
		return nil, fmt.Errorf("%s is not a %s probe", p.Desc(), pv.name)
	}
	if _, err := build(p); err != nil {
		return nil, fmt.Errorf("%s: %w", p.Desc(), err)
	}
	var links closers
	for _, ev := range pr.events {
		l, err := rawtp.Attach(ev, prog)
		if err != nil {
			links.Close()
			return nil, fmt.Errorf("%s: %w", p.Desc(), err)
		}
		links = append(links, l)
	}
	return links, nil
}

// Args implements provider.Typed.
func (pv *Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	pr, ok := p.Data.(*probe)
	if !ok {
		return nil, fmt.Errorf("%s is not a %s probe", p.Desc(), pv.name)
	}
	return slices.Clone(pr.args), nil
}

// closers detaches a probe attached to several tracepoints.
type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// The argument descriptions the providers share: a thread and its
// process, both translated from the thread's task_struct.
var (
	lwpArg = provider.Arg{Native: "struct task_struct *", Xlate: "lwpsinfo_t *"}
	psArg  = provider.Arg{Native: "struct task_struct *", Xlate: "psinfo_t *"}
)

// taskArgs are args[0] and args[1] of the probes about a thread: its
// lwpsinfo_t and its process's psinfo_t, both from native arg0.
var taskArgs = []provider.Arg{lwpArg, psArg}

// native returns an argument that is native argument i untranslated.
func native(typ string, i int) provider.Arg { return provider.Arg{Native: typ, Mapping: i} }

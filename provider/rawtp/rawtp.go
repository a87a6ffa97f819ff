package rawtp

import (
	"fmt"
	"io"
	"io/fs"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/sdt"
)

// Provider is the rawtp provider: rawtp:GROUP::EVENT for the same trace
// events as the sdt provider, fired as raw tracepoint programs. Its
// arguments are the tracepoint's own parameters (TP_PROTO), untranslated:
// rawtp:sched::sched_switch has arg1 and arg2, the struct task_struct *
// of the tasks switched, where sdt:sched::sched_switch has the pids and
// names the kernel copied into the event record.
//
// The number and types of the parameters come from the kernel's BTF,
// read only when a rawtp probe is compiled: listing needs only tracefs.
type Provider struct {
	mu     sync.Mutex
	root   fs.FS // a tracefs tree to list, or nil for the kernel's
	events map[sdt.Event]*event

	typesOnce sync.Once
	loadTypes func() (*btf.Spec, error)
	types     *btf.Spec
	typesErr  error
}

// event is a probe's tracepoint and its parameters: the provider's
// Probe.Data.
type event struct {
	sdt.Event
	known bool // args or err are known
	args  []provider.Arg
	err   error
}

// New returns the rawtp provider of the running kernel.
func New() *Provider { return NewFS(nil, nil) }

// NewFS returns a rawtp provider that lists the events of root, a
// tracefs tree, and reads parameter types from the BTF that types
// returns; nil stands for the running kernel's. Attach always uses the
// kernel's tracepoints.
func NewFS(root fs.FS, types func() (*btf.Spec, error)) *Provider {
	if types == nil {
		types = ktypes.Spec
	}
	return &Provider{root: root, events: make(map[sdt.Event]*event), loadTypes: types}
}

// Name implements provider.Provider.
func (*Provider) Name() string { return "rawtp" }

// MayMatchName implements provider.Named, as sdt's does.
func (pv *Provider) MayMatchName(pattern string) bool {
	return sdt.MayMatchName(pv.root, pattern)
}

// Provide implements provider.Provider: the probes whose module (the
// event's group) and name match d, in sdt.List's order.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	if d.Function != "" && !provider.Glob(d.Function, "") {
		return nil, nil
	}
	pv.mu.Lock()
	defer pv.mu.Unlock()
	var evs []sdt.Event
	var err error
	if pv.root == nil {
		evs, err = sdt.KernelEvents()
	} else {
		evs, err = sdt.List(pv.root)
	}
	if err != nil {
		return nil, err
	}
	var offers []provider.Offer
	for _, e := range evs {
		if d.Module != "" && !provider.Glob(d.Module, e.Group) || d.Name != "" && !provider.Glob(d.Name, e.Name) {
			continue
		}
		ev := pv.events[e]
		if ev == nil {
			ev = &event{Event: e}
			pv.events[e] = ev
		}
		offers = append(offers, provider.Offer{Module: e.Group, Name: e.Name, Data: ev})
	}
	return offers, nil
}

// probeEvent returns p's event, with its parameters looked up.
func (pv *Provider) probeEvent(p *provider.Probe) (*event, error) {
	ev, ok := p.Data.(*event)
	if !ok {
		return nil, fmt.Errorf("%s is not a rawtp probe", p.Desc())
	}
	pv.typesOnce.Do(func() { pv.types, pv.typesErr = pv.loadTypes() })
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if !ev.known {
		ev.known = true
		if pv.typesErr != nil {
			ev.err = fmt.Errorf("raw tracepoint %s: kernel BTF: %w", ev.Name, pv.typesErr)
		} else {
			ev.args, ev.err = protoArgs(pv.types, ev.Name)
		}
	}
	return ev, ev.err
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ProgramType, ebpf.AttachNone
}

// LoadArgs implements provider.Provider: the tracepoint's parameters,
// at most ten. A tracepoint whose parameters are unknown loads none
// (the kernel refuses to attach a program that reads more than the
// tracepoint passes); Attach reports why.
func (pv *Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	ev, err := pv.probeEvent(p)
	if err != nil {
		return nil
	}
	return LoadArgs(len(ev.args))
}

// Args implements provider.Typed: the parameters' C types.
func (pv *Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	ev, err := pv.probeEvent(p)
	if err != nil {
		return nil, err
	}
	return ev.args[:min(len(ev.args), provider.NArgs)], nil
}

// Attach implements provider.Provider.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	ev, err := pv.probeEvent(p)
	if err != nil {
		return nil, err
	}
	return Attach(ev.Name, prog)
}

// Attributes implements provider.Attributed: those of the sdt provider,
// whose tracepoints these are.
func (*Provider) Attributes() provider.Attributes { return sdt.Attributes }

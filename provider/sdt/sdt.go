package sdt

import (
	"fmt"
	"io"
	"io/fs"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// Provider is the sdt provider.
type Provider struct {
	mu     sync.Mutex
	tree   *tracefs.Tree
	events map[Event]*event // by tracepoint
}

// event is a probe's tracepoint and its arguments: the provider's
// Probe.Data. Listing every event must stay cheap (the Registry lists
// them to number a probe of this provider or of a later one), so the
// format file is read only when the probe
// is first compiled or attached; a failure to read it is kept in err and
// reported by Attach.
type event struct {
	Event
	parsed bool
	args   []arg
	err    error
}

// New returns the sdt provider of the running kernel, which reads its
// events from tracefs, found or mounted (see tracefs.Dir) when first
// needed.
func New() *Provider { return NewFS(nil) }

// NewFS returns an sdt provider that reads its events from root, a
// tracefs tree (a copy in testdata, say), or from the kernel's if root
// is nil. Attach always uses the kernel's.
func NewFS(root fs.FS) *Provider {
	return &Provider{tree: tracefs.NewTree(root), events: make(map[Event]*event)}
}

// Name implements provider.Provider.
func (*Provider) Name() string { return "sdt" }

// MayMatchName implements provider.Named (see the function
// MayMatchName).
func (pv *Provider) MayMatchName(pattern string) bool {
	return MayMatchName(pv.tree.Given(), pattern)
}

// Provide implements provider.Provider: the probes whose module (the
// event's group) and name match d, sorted by group and name. The
// function field is always empty.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	if d.Function != "" && !provider.Glob(d.Function, "") {
		return nil, nil
	}
	pv.mu.Lock()
	defer pv.mu.Unlock()
	var evs []Event
	var err error
	if root := pv.tree.Given(); root != nil {
		evs, err = List(root)
	} else {
		evs, err = KernelEvents()
	}
	if err != nil {
		return nil, err
	}
	var offers []provider.Offer
	for _, e := range evs {
		if d.Module != "" && !provider.Glob(d.Module, e.Group) || d.Name != "" && !provider.Glob(d.Name, e.Name) {
			continue
		}
		offers = append(offers, provider.Offer{Module: e.Group, Name: e.Name, Data: pv.event(e)})
	}
	return offers, nil
}

// event returns the probe data of e, made once.
func (pv *Provider) event(e Event) *event {
	if ev := pv.events[e]; ev != nil {
		return ev
	}
	ev := &event{Event: e}
	pv.events[e] = ev
	return ev
}

// parse reads ev's format file, once.
func (pv *Provider) parse(ev *event) {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if ev.parsed {
		return
	}
	ev.parsed = true
	fm, err := pv.tree.Format(ev.Group, ev.Name)
	if err != nil {
		ev.err = err
		return
	}
	for _, f := range fm.Fields {
		if !f.Common() && len(ev.args) < provider.NArgs {
			ev.args = append(ev.args, newArg(f))
		}
	}
}

// probeEvent returns p's event, with its format read.
func (pv *Provider) probeEvent(p *provider.Probe) (*event, error) {
	ev, ok := p.Data.(*event)
	if !ok {
		return nil, fmt.Errorf("%s is not an sdt probe", p.Desc())
	}
	pv.parse(ev)
	return ev, ev.err
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.TracePoint, ebpf.AttachNone
}

// LoadArgs implements provider.Provider. A tracepoint program's context
// is the event record, so each argument is read at its field's offset.
// An event whose format cannot be read loads nothing; Attach reports why.
func (pv *Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	ev, _ := pv.probeEvent(p)
	if ev == nil {
		return nil
	}
	var insns asm.Instructions
	for i, a := range ev.args {
		insns = append(insns, a.load(i)...)
	}
	return insns
}

// Args implements provider.Typed: the types of the values LoadArgs
// loads, arg i being args[i].
func (pv *Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	ev, err := pv.probeEvent(p)
	if err != nil {
		return nil, err
	}
	var args []provider.Arg
	for i, a := range ev.args {
		args = append(args, provider.Arg{Native: a.native(), Mapping: i})
	}
	return args, nil
}

// Attach implements provider.Provider.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	ev, err := pv.probeEvent(p)
	if err != nil {
		return nil, err
	}
	return tracefs.Attach(ev.Group, ev.Name, prog)
}

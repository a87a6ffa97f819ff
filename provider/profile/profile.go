package profile

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/provider"
)

// Provider is the profile provider.
type Provider struct {
	cpu int // the only CPU probes fire on; -1 for any
}

// New returns the profile provider.
func New() *Provider { return &Provider{cpu: -1} }

// SetCPU makes the probes attached from now on fire on cpu alone, as
// DTrace's cpu option asks: profile-N samples that CPU only, and tick-N
// fires there rather than on TickCPU. A negative cpu undoes it.
func (pr *Provider) SetCPU(cpu int) {
	pr.cpu = max(cpu, -1)
}

// Name implements provider.Provider.
func (*Provider) Name() string { return "profile" }

// Provide implements provider.Provider: the default probes, and the one
// d names if d's name is one of ours and not a glob.
func (*Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	var offers []provider.Offer
	for _, hz := range defaultProfileHz {
		offers = append(offers, spec(profilePrefix+strconv.Itoa(hz)))
	}
	for _, hz := range defaultTickHz {
		offers = append(offers, spec(tickPrefix+strconv.Itoa(hz)))
	}
	if d.Name == "" || provider.IsGlob(d.Name) {
		return offers, nil
	}
	if slices.ContainsFunc(offers, func(s provider.Offer) bool { return s.Name == d.Name }) {
		return offers, nil
	}
	// A name this provider cannot honour (too fast, no number) makes
	// no probe, so that the description matches none (D_PDESC_ZERO),
	// as in DTrace, which gives no reason either.
	t, ok, err := parseName(d.Name)
	if ok && err == nil {
		offers = append(offers, provider.Offer{Name: d.Name, Data: t})
	}
	return offers, nil
}

// spec returns the Spec of a default probe, whose name always parses.
func spec(name string) provider.Offer {
	t, _, err := parseName(name)
	if err != nil {
		panic(err)
	}
	return provider.Offer{Name: name, Data: t}
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.PerfEvent, ebpf.AttachNone
}

// Attach implements provider.Provider: it starts the probe's timers, on
// every online CPU for profile-N and on TickCPU for tick-N, or on the
// CPU SetCPU chose.
func (pr *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	t, ok := p.Data.(timer)
	if !ok {
		return nil, fmt.Errorf("%s is not a profile probe", p.Desc())
	}
	var cpus []int
	switch {
	case pr.cpu >= 0:
		cpus = []int{pr.cpu}
	case t.tick:
		cpu, err := TickCPU()
		if err != nil {
			return nil, err
		}
		cpus = []int{cpu}
	default:
		var err error
		if cpus, err = onlineCPUs(); err != nil {
			return nil, err
		}
	}
	c, err := attachTimers(prog, t.interval, cpus)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Desc(), err)
	}
	return c, nil
}

package syscall

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// group is the tracefs event group of the system call tracepoints.
const group = "syscalls"

// The probe names and the tracepoint name prefixes behind them.
const (
	entry       = "entry"
	ret         = "return"
	enterPrefix = "sys_enter_"
	exitPrefix  = "sys_exit_"
)

// Provider is the syscall provider.
type Provider struct {
	mu     sync.Mutex
	tree   *tracefs.Tree
	events map[string]*event // parsed formats, by tracepoint name
	listed []string          // the tracepoints' names, once listed
}

// event is a probe's tracepoint and where its arguments are in the
// record: the provider's Probe.Data.
//
// Listing every system call must stay cheap (the Registry lists them to
// number a probe of this provider or of a later one), so the format
// file is read only when the probe is first enabled; a failure to read it is kept in err and reported by
// Attach.
type event struct {
	name   string          // sys_enter_openat
	parsed bool            // args (or err) are known
	args   []tracefs.Field // arg0, arg1, ...
	err    error
}

// New returns the syscall provider of the running kernel, which reads its
// tracepoints from tracefs, found or mounted (see tracefs.Dir) when first
// needed.
func New() *Provider { return NewFS(nil) }

// NewFS returns a syscall provider that reads its tracepoints from root,
// a tracefs tree (a copy in testdata, say), or from the kernel's if root
// is nil. Attach always uses the kernel's.
func NewFS(root fs.FS) *Provider {
	return &Provider{tree: tracefs.NewTree(root), events: make(map[string]*event)}
}

// Name implements provider.Provider.
func (*Provider) Name() string { return "syscall" }

// MayMatchName implements provider.Named: the probes are entry and
// return, so that a description of any other name (BEGIN) reads no
// tracefs.
func (*Provider) MayMatchName(pattern string) bool {
	return provider.Glob(pattern, entry) || provider.Glob(pattern, ret)
}

// Provide implements provider.Provider: the probes whose function and name
// match d, sorted by system call, entry before return.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	if d.Module != "" && !provider.Glob(d.Module, "") {
		return nil, nil
	}
	pv.mu.Lock()
	defer pv.mu.Unlock()
	tps, err := pv.tracepoints()
	if err != nil {
		return nil, err
	}
	// Entry and return tracepoints of one call are far apart in the
	// listing; collect them per call.
	type pair struct{ enter, exit bool }
	calls := make(map[string]*pair)
	for _, tp := range tps {
		var name string
		var isExit bool
		if n, ok := strings.CutPrefix(tp, enterPrefix); ok {
			name = n
		} else if n, ok := strings.CutPrefix(tp, exitPrefix); ok {
			name, isExit = n, true
		} else {
			continue
		}
		if d.Function != "" && !provider.Glob(d.Function, name) {
			continue
		}
		if calls[name] == nil {
			calls[name] = &pair{}
		}
		if isExit {
			calls[name].exit = true
		} else {
			calls[name].enter = true
		}
	}
	var offers []provider.Offer
	for _, name := range slices.Sorted(maps.Keys(calls)) {
		for _, probe := range []struct {
			have         bool
			name, prefix string
		}{
			{calls[name].enter, entry, enterPrefix},
			{calls[name].exit, ret, exitPrefix},
		} {
			if !probe.have || d.Name != "" && !provider.Glob(d.Name, probe.name) {
				continue
			}
			ev := pv.event(probe.prefix + name)
			offers = append(offers, provider.Offer{Function: name, Name: probe.name, Data: ev})
		}
	}
	return offers, nil
}

// tracepoints returns the names of the system call tracepoints, listed
// once: the Registry asks for the probes when it lists the provider and
// again for each description that names it.
func (pv *Provider) tracepoints() ([]string, error) {
	if pv.listed != nil {
		return pv.listed, nil
	}
	root, err := pv.tree.FS()
	if err != nil {
		return nil, err
	}
	ents, err := fs.ReadDir(root, "events/"+group)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("system call tracepoints (CONFIG_FTRACE_SYSCALLS): %w: %w", ebpf.ErrNotSupported, err)
	}
	if err != nil {
		return nil, fmt.Errorf("list system call tracepoints: %w", err)
	}
	listed := make([]string, 0, len(ents))
	for _, e := range ents {
		if e.IsDir() { // not enable, filter
			listed = append(listed, e.Name())
		}
	}
	pv.listed = listed
	return listed, nil
}

// event returns the parsed tracepoint called name, reading its format on
// first use.
func (pv *Provider) event(name string) *event {
	if ev := pv.events[name]; ev != nil {
		return ev
	}
	ev := &event{name: name}
	pv.events[name] = ev
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
	fm, err := pv.tree.Format(group, ev.name)
	if err != nil {
		ev.err = err
		return
	}
	if strings.HasPrefix(ev.name, exitPrefix) {
		f, ok := fm.Field("ret")
		if !ok {
			ev.err = fmt.Errorf("tracepoint %s/%s has no ret field", group, ev.name)
			return
		}
		ev.args = []tracefs.Field{f, f}
	} else {
		ev.args = entryArgs(fm)
	}
	if len(ev.args) > provider.NArgs {
		ev.args = ev.args[:provider.NArgs]
	}
}

// entryArgs returns the fields of a sys_enter record that are the call's
// arguments: those after the system call number (__syscall_nr, or nr on
// kernels before 4.x), or all but the common header if there is no such
// field.
func entryArgs(fm *tracefs.Format) []tracefs.Field {
	var args []tracefs.Field
	for _, f := range fm.Fields {
		switch {
		case f.Common():
		case f.Name == "__syscall_nr" || f.Name == "nr":
			args = args[:0]
		default:
			args = append(args, f)
		}
	}
	return args
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.TracePoint, ebpf.AttachNone
}

// LoadArgs implements provider.Provider. A tracepoint program's context
// is the event record, so each argument is one load at its field's
// offset.
func (pv *Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	ev := p.Data.(*event)
	pv.parse(ev)
	var insns asm.Instructions
	for i, f := range ev.args {
		load, ok := f.Load(asm.R0, asm.R6)
		if !ok {
			continue // not an integer: leave the slot zero
		}
		insns = append(insns, load...)
		insns = append(insns, asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord))
	}
	return insns
}

// Attach implements provider.Provider.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	ev, ok := p.Data.(*event)
	if !ok {
		return nil, fmt.Errorf("%s is not a syscall probe", p.Desc())
	}
	if pv.parse(ev); ev.err != nil {
		return nil, ev.err
	}
	return tracefs.Attach(group, ev.name, prog)
}

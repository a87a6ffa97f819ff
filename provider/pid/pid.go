package pid

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/provider"
)

// Family is the pid provider's family: a member per process.
type Family struct {
	mu      sync.Mutex
	members map[int]*Provider
	support *support
}

// NewFamily returns the pid provider family.
func NewFamily() *Family { return &Family{members: map[int]*Provider{}, support: &support{}} }

// familyName is the members' name before the process ID.
const familyName = "pid"

// Member implements provider.Family: pid1234 is process 1234's.
func (f *Family) Member(name string) (provider.Provider, error) {
	digits, ok := strings.CutPrefix(name, familyName)
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return nil, nil
	}
	pid, err := strconv.Atoi(digits)
	if err != nil || pid <= 0 {
		// $target without -c or -p is 0: pid0. DTrace's words.
		if name == "pid0" {
			return nil, provider.NewDescError(tag.ProcBadpidTarget, name)
		}
		return nil, provider.NewDescError(tag.ProcBadpid, name)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if pv := f.members[pid]; pv != nil {
		return pv, nil
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, provider.NewDescError(tag.ProcGrab, pid)
		}
		return nil, fmt.Errorf("failed to grab process %d: %w", pid, err)
	}
	pv := &Provider{pid: pid, name: name, support: f.support}
	f.members[pid] = pv
	return pv, nil
}

// MemberName implements provider.PIDFamily.
func (f *Family) MemberName(pid int) string { return familyName + strconv.Itoa(pid) }

// Provider is one process's pid provider.
type Provider struct {
	pid     int
	name    string
	support *support

	mu      sync.Mutex
	objs    []*object // the objects mapped, read when first needed
	objsErr error
}

// Name implements provider.Provider.
func (pv *Provider) Name() string { return pv.name }

// Lazy implements provider.Lazy: a process's probes are made when a
// description names them, as DTrace makes them.
func (*Provider) Lazy() {}

// Probe names.
const (
	entryName  = "entry"
	returnName = "return"
)

// kind is what a probe traces.
type kind int

const (
	atEntry kind = iota
	atReturn
	atOffset
)

// probe is a pid probe: Probe.Data.
type probe struct {
	obj  *object
	fn   fn
	kind kind
	off  uint64 // atOffset: the instruction's offset in the function
}

func probeOf(p *provider.Probe) *probe {
	pr, _ := p.Data.(*probe)
	return pr
}

// Provide implements provider.Provider: for each object whose module
// matches d, the entry and return probes of the functions that match,
// and an offset probe when d's name is one.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	// Errors in a description are reported as DTrace does only where it
	// names this process's provider: a description of one field
	// (tick-1s) is asked of every provider, and matches nothing here.
	named := d.Provider == pv.name
	if d.Function == "-" && named {
		return pv.provideAddress(d)
	}
	wantEntry := d.Name == "" || provider.Glob(d.Name, entryName)
	wantReturn := d.Name == "" || provider.Glob(d.Name, returnName)
	var off uint64
	wantOffset, badName := false, false
	if d.Name != "" && !provider.IsGlob(d.Name) && !wantEntry && !wantReturn {
		off, wantOffset = parseOffset(d.Name)
		// DTrace reads the name as a number in base 16 however it is
		// written; only a name that is none is an error.
		_, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(d.Name), "0x"), 16, 64)
		badName = err != nil && named
	}
	// A glob name (or none) also matches the probes at the function's
	// instructions, named by their offsets, as in DTrace.
	wantOffsets := d.Name == "" || provider.IsGlob(d.Name)
	if !wantEntry && !wantReturn && !wantOffset && !wantOffsets && !badName {
		return nil, nil
	}
	objs, err := pv.objects()
	if err != nil {
		return nil, err
	}
	var offers []provider.Offer
	for _, o := range objs {
		if d.Module != "" && !provider.Glob(d.Module, o.module) && !aliases(d.Module, o) {
			continue
		}
		fns := o.functions(d.Function)
		if len(fns) == 0 && named && d.Function != "" && !provider.IsGlob(d.Function) && d.Module != "" && !provider.IsGlob(d.Module) {
			return nil, provider.NewDescError(tag.ProcFunc, d.Function, d.Module)
		}
		if len(fns) > 0 && badName {
			return nil, provider.NewDescError(tag.ProcName, d.Name)
		}
		for _, f := range fns {
			spec := func(name string, pr *probe) {
				offers = append(offers, provider.Offer{Module: o.module, Function: f.name, Name: name, Data: pr})
			}
			// The kernel cannot put a uprobe on some first
			// instructions (pthread_spin_lock's lock dec): no entry
			// probe there.
			if wantEntry && o.probeableAt(f, 0) {
				spec(entryName, &probe{obj: o, fn: f, kind: atEntry})
			}
			if wantReturn {
				spec(returnName, &probe{obj: o, fn: f, kind: atReturn})
			}
			if wantOffsets {
				for _, at := range o.offsets(f, d.Name) {
					spec(strconv.FormatUint(at, 16), &probe{obj: o, fn: f, kind: atOffset, off: at})
				}
			}
			if wantOffset {
				if err := o.checkOffset(f, off); err != nil {
					if _, ok := err.(*provider.DescError); ok {
						return nil, err
					}
					return nil, fmt.Errorf("%s:%s:%s: %w", d.Provider, o.module, f.name, err)
				}
				spec(d.Name, &probe{obj: o, fn: f, kind: atOffset, off: off})
			}
		}
	}
	return offers, nil
}

// provideAddress provides the probe of a description whose function is
// "-": its name is an address in the executable, as DTrace's pid
// provider takes one, and the probe is the instruction there.
func (pv *Provider) provideAddress(d provider.Desc) ([]provider.Offer, error) {
	objs, err := pv.objects()
	if err != nil {
		return nil, err
	}
	var exe *object
	for _, o := range objs {
		if o.exe {
			exe = o
		}
	}
	if exe == nil || d.Module != "" && (provider.IsGlob(d.Module) || !aliases(d.Module, exe) && d.Module != exe.module) {
		return nil, provider.NewDescError(tag.ProcLib)
	}
	addr, ok := parseOffset(d.Name)
	if !ok {
		if d.Name == "" || provider.IsGlob(d.Name) {
			return nil, provider.NewDescError(tag.ProcNameAddr)
		}
		return nil, provider.NewDescError(tag.ProcName, d.Name)
	}
	for _, f := range exe.functions("") {
		if addr < f.value || addr-f.value >= f.size {
			continue
		}
		if err := exe.checkOffset(f, addr-f.value); err != nil {
			return nil, fmt.Errorf("%s:%s:-:%s: %w", d.Provider, exe.module, d.Name, err)
		}
		return []provider.Offer{{Module: exe.module, Function: "-", Name: d.Name,
			Data: &probe{obj: exe, fn: f, kind: atOffset, off: addr - f.value}}}, nil
	}
	return nil, nil
}

// parseOffset reads an offset probe's name: hex digits, written as
// DTrace writes them (lower case, no 0x, no leading zeros).
func parseOffset(name string) (uint64, bool) {
	off, err := strconv.ParseUint(name, 16, 64)
	return off, err == nil && strconv.FormatUint(off, 16) == name
}

// MatchModule implements provider.Aliased: a.out is the executable,
// and a library answers to its name up to ".so" or a version (libc and
// libc.so for libc.so.6).
func (pv *Provider) MatchModule(pattern, module string) bool {
	objs, err := pv.objects()
	if err != nil {
		return false
	}
	for _, o := range objs {
		if o.module == module && aliases(pattern, o) {
			return true
		}
	}
	return false
}

// MatchFunction implements provider.FunctionAliased: a function answers
// to every name of its address (_go for go).
func (pv *Provider) MatchFunction(pattern, module, function string) bool {
	if pattern == "" || provider.IsGlob(pattern) {
		return false
	}
	objs, err := pv.objects()
	if err != nil {
		return false
	}
	for _, o := range objs {
		if o.module != module {
			continue
		}
		for _, s := range o.elf.Named(pattern) {
			if traceable(s) && o.canonical(s) == function {
				return true
			}
		}
	}
	return false
}

// aliases reports whether pattern names o by an alias.
func aliases(pattern string, o *object) bool {
	if pattern == "a.out" {
		return o.exe
	}
	// libc and libc.so both name libc.so.6.
	return !provider.IsGlob(pattern) && strings.HasPrefix(o.module, pattern+".")
}

// Attributes implements provider.Attributed: DTrace's for pid, whose
// modules and functions are the program's own.
func (*Provider) Attributes() provider.Attributes { return provider.EvolvingISA }

package fbt

import (
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// Provider is the fbt provider.
type Provider struct {
	cfg Config

	mu       sync.Mutex
	listed   bool
	funcs    []*function
	byName   map[string][]*function // a name's functions, one per module
	listErr  error
	modTypes map[string]*btf.Spec // BTF of the modules looked up
	mode     Mode
	// What the kernel supports, found when first needed (mechanism.go).
	probed, fentryTried bool
	found               Support
	kprobes             *bool // Kprobes' answer, once asked
}

// Config says where a Provider finds what it lists and types; the zero
// Config is the running kernel's.
type Config struct {
	// Root is a tracefs tree to list (available_filter_functions), or
	// nil for the kernel's.
	Root fs.FS
	// Blacklist is the kprobe blacklist (debugfs kprobes/blacklist),
	// or nil for the kernel's.
	Blacklist fs.FS
	// Proc holds the kernel's symbol table (kallsyms), or nil for
	// /proc.
	Proc fs.FS
	// Types returns the core kernel's BTF (nil: ktypes.Spec), and
	// ModuleTypes a module's (nil: the kernel's /sys/kernel/btf).
	Types       func() (*btf.Spec, error)
	ModuleTypes func(module string) (*btf.Spec, error)
	// Support says what the kernel can attach, nil to find out from
	// the kernel when first needed.
	Support *Support
}

// New returns the fbt provider of the running kernel.
func New() *Provider { return NewConfig(Config{}) }

// NewConfig returns an fbt provider that lists, types and attaches as
// cfg says.
func NewConfig(cfg Config) *Provider {
	if cfg.Types == nil {
		cfg.Types = ktypes.Spec
	}
	if cfg.ModuleTypes == nil {
		cfg.ModuleTypes = ktypes.Module
	}
	return &Provider{cfg: cfg, modTypes: map[string]*btf.Spec{}, mode: ModeAuto}
}

// Name implements provider.Provider.
func (*Provider) Name() string { return "fbt" }

// Lazy implements provider.Lazy: there are two probes per kernel
// function, tens of thousands.
func (*Provider) Lazy() {}

// probe is an fbt probe: Probe.Data.
type probe struct {
	fn  *function
	ret bool
}

// Probe names.
const (
	entryName  = "entry"
	returnName = "return"
)

// Provide implements provider.Provider: the entry and return probes of
// the functions whose module and name match d, in the listing's order.
//
// A kernel whose function list cannot be read (no tracefs, or a kernel
// that refuses it) offers no fbt probes; a description that names the
// provider itself says why, one that only matches it by a glob does not
// fail for it.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	wantEntry := d.Name == "" || provider.Glob(d.Name, entryName)
	wantReturn := d.Name == "" || provider.Glob(d.Name, returnName)
	if !wantEntry && !wantReturn {
		return nil, nil
	}
	fns, err := pv.functions()
	if err != nil {
		if d.Provider == pv.Name() {
			return nil, err
		}
		return nil, nil
	}
	if d.Function != "" && !isGlob(d.Function) {
		pv.mu.Lock()
		fns = pv.byName[d.Function]
		pv.mu.Unlock()
	}
	var offers []provider.Offer
	for _, fn := range fns {
		if d.Module != "" && !provider.Glob(d.Module, fn.module) || d.Function != "" && !provider.Glob(d.Function, fn.name) {
			continue
		}
		if wantEntry {
			offers = append(offers, provider.Offer{Module: fn.module, Function: fn.name, Name: entryName, Data: &probe{fn: fn}})
		}
		if wantReturn {
			offers = append(offers, provider.Offer{Module: fn.module, Function: fn.name, Name: returnName, Data: &probe{fn: fn, ret: true}})
		}
	}
	return offers, nil
}

// isGlob reports whether a description field is a pattern rather than
// a name.
func isGlob(s string) bool { return strings.ContainsAny(s, `*?[\`) }

// functions lists the traceable functions, once.
func (pv *Provider) functions() ([]*function, error) {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if pv.listed {
		return pv.funcs, pv.listErr
	}
	pv.listed = true
	pv.funcs, pv.listErr = pv.list()
	pv.byName = map[string][]*function{}
	for _, fn := range pv.funcs {
		pv.byName[fn.name] = append(pv.byName[fn.name], fn)
	}
	return pv.funcs, pv.listErr
}

func (pv *Provider) list() ([]*function, error) {
	root, black, proc := pv.cfg.Root, pv.cfg.Blacklist, pv.cfg.Proc
	if root == nil {
		dir, err := tracefs.Dir()
		if err != nil {
			return nil, fmt.Errorf("cannot list kernel functions: %w", err)
		}
		root = os.DirFS(dir)
	}
	if black == nil {
		black = os.DirFS("/sys/kernel/debug")
	}
	if proc == nil {
		proc = os.DirFS("/proc")
	}
	// The list with ftrace's addresses (6.5) tells which copies of an
	// ambiguous name ftrace can patch.
	addrs := true
	f, err := root.Open("available_filter_functions_addrs")
	if err != nil {
		addrs = false
		f, err = root.Open("available_filter_functions")
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list kernel functions: %w", err)
	}
	defer f.Close()
	// Without debugfs the kernel still refuses the blacklisted
	// functions' kprobes when asked; the listing is then wider than
	// what attaches.
	var bl *blacklist
	var deny map[string]bool
	if b, err := black.Open("kprobes/blacklist"); err == nil {
		bl = parseBlacklist(b)
		deny = bl.names
		b.Close()
	}
	// The kernel writes kallsyms out as it is read, slowly: read it
	// while ftrace's list is read.
	syms := make(chan *kallsyms, 1)
	go func() {
		var ks *kallsyms
		if k, err := proc.Open("kallsyms"); err == nil {
			ks = readKallsyms(k)
			k.Close()
		}
		syms <- ks
	}()
	fns, ks, err := parseFunctions(f, addrs, deny, syms)
	if err != nil {
		return nil, fmt.Errorf("cannot list kernel functions: %w", err)
	}
	return locate(fns, ks, bl), nil
}

// Traceable reports whether fbt offers name, a function of the core
// kernel, and a kprobe can attach to it by name (it is the kernel's
// only function of that name).
func (pv *Provider) Traceable(name string) bool {
	if _, err := pv.functions(); err != nil {
		return false
	}
	pv.mu.Lock()
	defer pv.mu.Unlock()
	for _, fn := range pv.byName[name] {
		if fn.module == coreModule && !fn.ambiguous {
			return true
		}
	}
	return false
}

// probeOf returns p's fbt description.
func probeOf(p *provider.Probe) *probe {
	pr, _ := p.Data.(*probe)
	return pr
}

// protoOf returns what BTF says of fn, looked up once.
func (pv *Provider) protoOf(fn *function) *proto {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if fn.proto != nil {
		return fn.proto
	}
	fn.proto = &proto{}
	types, err := pv.typesOf(fn.module)
	if err == nil {
		if p, err := protoFrom(types, fn.name); err == nil {
			fn.proto = p
		}
	}
	return fn.proto
}

// typesOf returns the BTF that describes module's functions. pv.mu is
// held.
func (pv *Provider) typesOf(module string) (*btf.Spec, error) {
	if module == coreModule {
		return pv.cfg.Types()
	}
	if s, ok := pv.modTypes[module]; ok {
		if s == nil {
			return nil, errNoBTF
		}
		return s, nil
	}
	s, err := pv.cfg.ModuleTypes(module)
	if err != nil {
		pv.modTypes[module] = nil
		return nil, err
	}
	pv.modTypes[module] = s
	return s, nil
}

// Args implements provider.Typed: an entry probe's arguments are the
// function's parameters; a return probe's are the return offset (an
// int, as illumos types it) and the return value.
func (pv *Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	pr := probeOf(p)
	if pr == nil {
		return nil, fmt.Errorf("%s is not an fbt probe", p.Desc())
	}
	pt := pv.protoOf(pr.fn)
	if !pt.known {
		return nil, nil
	}
	if !pr.ret {
		return pt.args, nil
	}
	args := []provider.Arg{{Native: "int", Mapping: 0}}
	if pt.ret != "" {
		args = append(args, provider.Arg{Native: pt.ret, Mapping: 1})
	}
	return args, nil
}

// Attributes implements provider.Attributed: DTrace's for fbt. The
// provider and probe names are Evolving; the modules, functions and
// arguments are the kernel's own, which change from build to build.
func (*Provider) Attributes() provider.Attributes { return provider.EvolvingISA }

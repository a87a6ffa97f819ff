// Package lockstat is DTrace's lockstat provider on Linux:
// lockstat:vmlinux::NAME for the lock events the kernel lets a tracer
// see, with DTrace's probe names and arguments.
//
// The acquire and release probes are kprobes on the kernel's lock and
// unlock functions (mutex_lock, _raw_spin_lock_irqsave, _raw_read_unlock
// ...), one program attached to each function with an attach cookie
// saying what it is (a reader lock, a trylock whose failure is no
// acquisition); an acquire fires at the function's return, with the
// lock its entry was given, which a companion kprobe at the entry keeps
// per thread. The block and spin probes fire where the kernel's
// lock:contention_end tracepoint does, with the time since the thread's
// contention_begin, which a companion there keeps with the lock and the
// contention's kind (LCB_F_* flags: mutex, spin, reader, writer).
//
// Not offered: thread-spin, rw-upgrade, rw-downgrade and
// adaptive-acquire-error (Linux has no such events), and the lockstat
// probes of rt_mutex and per-CPU rw semaphores.
package lockstat

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/rawtp"
)

// kind is how a probe attaches.
type kind int

const (
	acquire   kind = iota // kretprobes, the lock from a companion at entry
	release               // kprobes at entry
	contended             // lock:contention_end, the start from contention_begin
)

// Lock classes: each keeps the locks being acquired in a map of its own,
// since acquiring a mutex takes a spin lock before it returns.
type class string

const (
	mutexes class = "mutex"
	spins   class = "spin"
	rwlocks class = "rw"
)

// Attach cookie bits of an acquire or release function.
const (
	cookieReader = 1 << 0 // a reader's lock or unlock: arg1 is 1
	cookieTry    = 1 << 1 // a trylock: acquired if it returns non-zero
	cookieZeroOK = 1 << 2 // acquired if it returns 0 (interruptible, killable)
)

// The contention_begin flags (LCB_F_* in include/trace/events/lock.h).
const (
	lcbSpin  = 1 << 0
	lcbRead  = 1 << 1
	lcbWrite = 1 << 2
	lcbMutex = 1 << 5
)

// function is a lock or unlock function and its cookie.
type function struct {
	name   string
	cookie uint64
}

// probe is a lockstat probe: Probe.Data.
type probe struct {
	name  string
	kind  kind
	class class
	funcs []function
	// A contention is the probe's when all of all, none of none and,
	// if any is not 0, one of any are set in its flags.
	all, none, any uint32
	args           []provider.Arg
}

func fns(cookie uint64, names ...string) []function {
	var out []function
	for _, n := range names {
		out = append(out, function{n, cookie})
	}
	return out
}

func concat(lists ...[]function) []function {
	var out []function
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func args(natives ...string) []provider.Arg {
	var out []provider.Arg
	for i, n := range natives {
		out = append(out, provider.Arg{Native: n, Mapping: i})
	}
	return out
}

// probes are the probes, in the order dtrace -l lists them. Arguments
// follow DTrace's (illumos's for names and meaning, Oracle's Linux
// types): arg0 the lock, arg1 the time blocked or spun in nanoseconds
// (or, for rw-acquire and rw-release, 1 for a reader and 0 for a
// writer), arg2 of rw-block and rw-spin 1 for a reader.
var probes = []*probe{
	{name: "adaptive-acquire", kind: acquire, class: mutexes, args: args("struct mutex *"),
		funcs: concat(fns(0, "mutex_lock", "mutex_lock_io"), fns(cookieZeroOK, "mutex_lock_interruptible", "mutex_lock_killable"), fns(cookieTry, "mutex_trylock"))},
	{name: "adaptive-release", kind: release, class: mutexes, args: args("struct mutex *"),
		funcs: fns(0, "mutex_unlock")},
	{name: "adaptive-block", kind: contended, class: mutexes, args: args("struct mutex *", "uint64_t"),
		all: lcbMutex, none: lcbSpin},
	{name: "adaptive-spin", kind: contended, class: mutexes, args: args("struct mutex *", "uint64_t"),
		all: lcbMutex | lcbSpin},
	{name: "spin-acquire", kind: acquire, class: spins, args: args("spinlock_t *"),
		funcs: concat(fns(0, "_raw_spin_lock", "_raw_spin_lock_irq", "_raw_spin_lock_irqsave", "_raw_spin_lock_bh"), fns(cookieTry, "_raw_spin_trylock", "_raw_spin_trylock_bh"))},
	{name: "spin-release", kind: release, class: spins, args: args("spinlock_t *"),
		funcs: fns(0, "_raw_spin_unlock", "_raw_spin_unlock_irq", "_raw_spin_unlock_irqrestore", "_raw_spin_unlock_bh")},
	{name: "spin-spin", kind: contended, class: spins, args: args("spinlock_t *", "uint64_t"),
		all: lcbSpin, none: lcbMutex | lcbRead | lcbWrite},
	{name: "rw-acquire", kind: acquire, class: rwlocks, args: args("rwlock_t *", "int"),
		funcs: concat(fns(cookieReader, "_raw_read_lock", "_raw_read_lock_irq", "_raw_read_lock_irqsave", "_raw_read_lock_bh"), fns(cookieReader|cookieTry, "_raw_read_trylock"),
			fns(0, "_raw_write_lock", "_raw_write_lock_irq", "_raw_write_lock_irqsave", "_raw_write_lock_bh"), fns(cookieTry, "_raw_write_trylock"))},
	{name: "rw-release", kind: release, class: rwlocks, args: args("rwlock_t *", "int"),
		funcs: concat(fns(cookieReader, "_raw_read_unlock", "_raw_read_unlock_irq", "_raw_read_unlock_irqrestore", "_raw_read_unlock_bh"),
			fns(0, "_raw_write_unlock", "_raw_write_unlock_irq", "_raw_write_unlock_irqrestore", "_raw_write_unlock_bh"))},
	{name: "rw-block", kind: contended, class: rwlocks, args: args("struct rw_semaphore *", "uint64_t", "int"),
		any: lcbRead | lcbWrite, none: lcbSpin | lcbMutex},
	{name: "rw-spin", kind: contended, class: rwlocks, args: args("rwlock_t *", "uint64_t", "int"),
		all: lcbSpin, any: lcbRead | lcbWrite},
}

// Provider is the lockstat provider. It attaches through the kernel
// functions fbt lists.
type Provider struct {
	fbt *fbt.Provider
}

// New returns the lockstat provider, whose acquire and release probes
// attach to the functions kernelFuncs offers.
func New(kernelFuncs *fbt.Provider) *Provider { return &Provider{fbt: kernelFuncs} }

// Name implements provider.Provider.
func (*Provider) Name() string { return "lockstat" }

// MayMatchName implements provider.Named: a description of none of
// the provider's names does not look for kprobes and their functions.
func (*Provider) MayMatchName(pattern string) bool {
	return slices.ContainsFunc(probes, func(p *probe) bool { return provider.Glob(pattern, p.name) })
}

// Provide implements provider.Provider: the probes this kernel can
// enable, so that what dtrace -l lists, and what ':::' enables, works.
// The acquire and release probes need kprobes on at least one of their
// functions; a description naming lockstat that finds none of its
// probes for want of kprobes says so.
func (pv *Provider) Provide(d provider.Desc) ([]provider.Offer, error) {
	var offers []provider.Offer
	wanted := false
	for _, p := range probes {
		if p.kind != contended && !pv.traceable(p.funcs) {
			wanted = wanted || nameMatches(d.Name, p.name)
			continue
		}
		offers = append(offers, provider.Offer{Module: "vmlinux", Name: p.name, Data: p})
	}
	if wanted && d.Provider == "lockstat" && !slices.ContainsFunc(offers, func(s provider.Offer) bool { return nameMatches(d.Name, s.Name) }) {
		return nil, errNoKprobes
	}
	return offers, nil
}

// nameMatches matches a description's name field, empty for any.
func nameMatches(pattern, name string) bool { return pattern == "" || provider.Glob(pattern, name) }

var errNoKprobes = errors.New("lockstat's acquire and release probes need kprobes, which this kernel does not have")

// traceable reports whether the kernel can attach a kprobe to one of
// funcs.
func (pv *Provider) traceable(funcs []function) bool {
	return pv.fbt.Kprobes() && slices.ContainsFunc(funcs, func(f function) bool { return pv.fbt.Traceable(f.name) })
}

func probeOf(p *provider.Probe) *probe {
	pr, _ := p.Data.(*probe)
	return pr
}

// Args implements provider.Typed.
func (*Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	pr := probeOf(p)
	if pr == nil {
		return nil, fmt.Errorf("%s is not a lockstat probe", p.Desc())
	}
	return pr.args, nil
}

// Attributes implements provider.Attributed: Oracle DTrace's for
// lockstat.
func (*Provider) Attributes() provider.Attributes {
	return provider.Attributes{
		Provider: provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
		Module:   provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
		Function: provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
		Name:     provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
		Args:     provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	}
}

// ProgramType implements provider.Provider.
func (*Provider) ProgramType(p *provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	if pr := probeOf(p); pr != nil && pr.kind == contended {
		return rawtp.ProgramType, ebpf.AttachNone
	}
	return ebpf.Kprobe, ebpf.AttachNone
}

// Attach implements provider.Provider.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	pr := probeOf(p)
	if pr == nil {
		return nil, fmt.Errorf("%s is not a lockstat probe", p.Desc())
	}
	switch pr.kind {
	case contended:
		return rawtp.Attach("contention_end", prog)
	case acquire:
		return pv.attachFuncs(pr.funcs, prog, true)
	}
	return pv.attachFuncs(pr.funcs, prog, false)
}

// attachFuncs attaches prog, as kprobes or (ret) kretprobes, to those of
// funcs the kernel has, each with its cookie: at least one must attach.
func (pv *Provider) attachFuncs(funcs []function, prog *ebpf.Program, ret bool) (io.Closer, error) {
	if !pv.fbt.Kprobes() {
		return nil, errNoKprobes
	}
	var syms []string
	var cookies []uint64
	for _, f := range funcs {
		if pv.fbt.Traceable(f.name) {
			syms, cookies = append(syms, f.name), append(cookies, f.cookie)
		}
	}
	if len(syms) == 0 {
		return nil, fmt.Errorf("this kernel can trace none of %s and the like", funcs[0].name)
	}
	return fbt.AttachKprobes(prog, ret, syms, cookies)
}

// LoadArgs implements provider.Provider.
func (*Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	pr := probeOf(p)
	if pr == nil {
		return nil
	}
	switch pr.kind {
	case acquire:
		return acquireArgs(pr)
	case release:
		return releaseArgs()
	}
	return contendedArgs(pr)
}

package fbt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// Mode is how fbt attaches, the value of `-x fbtattach`.
type Mode string

const (
	// ModeAuto: fentry and fexit where the kernel and the function
	// allow them, kprobes otherwise, and one kprobe.multi program per
	// module for descriptions that enable MinMulti functions or more.
	ModeAuto Mode = "auto"
	// ModeFentry: fentry and fexit wherever the function allows them
	// (its arguments fit the trampoline's registers), one program per
	// function; kprobes for the others.
	ModeFentry Mode = "fentry"
	// ModeKprobe: a kprobe or kretprobe per function.
	ModeKprobe Mode = "kprobe"
	// ModeMulti: kprobe.multi, even for one function.
	ModeMulti Mode = "multi"
)

// MinMulti is the number of functions of one module and probe name from
// which the auto mode attaches them with one kprobe.multi program. A
// fentry program costs less per firing than kprobe.multi's ftrace path,
// but each takes its own trampoline, attached one at a time (tens of
// milliseconds each, with an RCU grace period): a few hundred take
// seconds, all of a kernel's take minutes.
const MinMulti = 16

// SetMode chooses how the probes compiled from now on attach.
func (pv *Provider) SetMode(m Mode) error {
	switch m {
	case ModeAuto, ModeFentry, ModeKprobe, ModeMulti:
	default:
		return fmt.Errorf("fbt: unknown attach mode %q", m)
	}
	pv.mu.Lock()
	pv.mode = m
	pv.mu.Unlock()
	return nil
}

// Support is what the kernel can attach fbt probes with.
type Support struct {
	// Fentry: fentry and fexit programs load and attach.
	Fentry bool
	// Kprobe: kprobes and kretprobes (a kprobe PMU or tracefs's
	// kprobe_events).
	Kprobe bool
	// Multi: kprobe.multi links (5.18; fprobe must be built in).
	Multi bool
}

// supported finds out, once, what the kernel offers. fentry is tried
// on fn, a function that BTF describes, when one is given: a kernel may
// have the program type and still refuse to load or attach it
// (lockdown, a missing ftrace direct call). Until then Fentry reads
// false.
func (pv *Provider) supported(fn *function) Support {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if pv.cfg.Support != nil {
		return *pv.cfg.Support
	}
	if !pv.probed {
		pv.probed = true
		pv.found = probeSupport()
	}
	if fn != nil && !pv.fentryTried {
		pv.fentryTried = true
		pv.found.Fentry = fentryWorks(fn) == nil
	}
	return pv.found
}

func probeSupport() Support {
	return Support{Kprobe: kprobesWork(), Multi: features.HaveBPFLinkKprobeMulti() == nil}
}

// kprobesWork reports whether the kernel has kprobes: a kprobe PMU, or
// tracefs's kprobe_events.
func kprobesWork() bool {
	if _, err := os.Stat("/sys/bus/event_source/devices/kprobe/type"); err == nil {
		return true
	}
	if dir, err := tracefs.Dir(); err == nil {
		_, err := os.Stat(filepath.Join(dir, "kprobe_events"))
		return err == nil
	}
	return false
}

// fentryWorks loads and attaches an empty fentry program to fn.
func fentryWorks(fn *function) error {
	prog, err := loadTracing(fn, ebpf.AttachTraceFEntry, nil)
	if err != nil {
		return err
	}
	defer prog.Close()
	l, err := link.AttachTracing(link.TracingOptions{Program: prog})
	if err != nil {
		return err
	}
	return l.Close()
}

// loadTracing loads a fentry or fexit program for fn that runs insns
// with the context in R6 and returns 0.
func loadTracing(fn *function, at ebpf.AttachType, insns asm.Instructions) (*ebpf.Program, error) {
	kt, err := ktypes.Spec()
	if err != nil {
		return nil, err
	}
	all := append(asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}, insns...)
	all = append(all, asm.Mov.Imm(asm.R0, 0), asm.Return())
	// A collection of one, for the shared BTF cache: a lone program
	// would have its attach target found in BTF decoded anew.
	coll, err := ebpf.NewCollectionWithOptions(&ebpf.CollectionSpec{
		Programs: map[string]*ebpf.ProgramSpec{"trial": {
			Type: ebpf.Tracing, AttachType: at, AttachTo: fn.name, License: "GPL", Instructions: all,
		}},
	}, ebpf.CollectionOptions{Programs: ebpf.ProgramOptions{KernelTypes: kt}, Cache: ktypes.Cache()})
	if err != nil {
		return nil, err
	}
	return coll.DetachProgram("trial"), nil
}

// mechanism is how one probe attaches on its own.
type mechanism int

const (
	viaKprobe mechanism = iota
	viaFentry
)

// mechanismOf chooses how p attaches when it does not share a
// kprobe.multi program.
func (pv *Provider) mechanismOf(p *provider.Probe) mechanism {
	pr := probeOf(p)
	if pr == nil {
		return viaKprobe
	}
	if pr.fn.ambiguous {
		return viaKprobe // fentry finds its target by name
	}
	pt := pv.protoOf(pr.fn)
	pv.mu.Lock()
	mode := pv.mode
	pv.mu.Unlock()
	if !pt.fentry {
		return viaKprobe
	}
	switch mode {
	case ModeKprobe, ModeMulti:
		return viaKprobe
	}
	if pv.supported(pr.fn).Fentry && pv.fentryAccepts(pr.fn, pt) {
		return viaFentry
	}
	return viaKprobe
}

// fentryAccepts reports whether the verifier loads fentry and fexit
// programs for fn that read its arguments and return value as LoadArgs
// does, tried once per function: BTF does not tell every prototype the
// kernel's trampolines refuse (6.1 refuses some pointer arguments the
// prototype types plainly).
func (pv *Provider) fentryAccepts(fn *function, pt *proto) bool {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if pv.cfg.Support != nil {
		return true // a test's kernel: nothing to try
	}
	if fn.fentryTried {
		return fn.fentryOK
	}
	fn.fentryTried = true
	for _, ret := range []bool{false, true} {
		at := ebpf.AttachTraceFEntry
		if ret {
			at = ebpf.AttachTraceFExit
		}
		// The loads LoadArgs makes, into a stack slot.
		var insns asm.Instructions
		for _, ins := range fentryArgs(pt, ret) {
			if ins.OpCode.Class() == asm.LdXClass {
				insns = append(insns, ins, asm.StoreMem(asm.R10, -8, ins.Dst, asm.DWord))
			}
		}
		prog, err := loadTracing(fn, at, insns)
		if err != nil {
			return false
		}
		prog.Close()
	}
	fn.fentryOK = true
	return true
}

// Kprobes reports whether the kernel attaches kprobes (lockstat builds
// on them). lockstat asks when it lists its probes, at every start, so
// unlike supported it does not load a program to probe kprobe.multi.
func (pv *Provider) Kprobes() bool {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	switch {
	case pv.cfg.Support != nil:
		return pv.cfg.Support.Kprobe
	case pv.probed:
		return pv.found.Kprobe
	case pv.kprobes == nil:
		k := kprobesWork()
		pv.kprobes = &k
	}
	return *pv.kprobes
}

// errNoMechanism says the kernel can attach fbt probes in no way.
var errNoMechanism = errors.New("this kernel has neither kprobes nor fentry")

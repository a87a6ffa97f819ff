package pid

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ptregs"
)

// support says, once, whether the kernel has uprobe_multi links.
type support struct {
	once  sync.Once
	multi bool
}

func (s *support) uprobeMulti() bool {
	s.once.Do(func() { s.multi = features.HaveBPFLinkUprobeMulti() == nil })
	return s.multi
}

// A uprobe's attach cookie holds the offset in its function of the
// instruction it is at (arg0 of a return probe) in its high 32 bits
// and, in a shared program, the probe's number in the group in the low
// 32 (the selector).
func cookie(site uint64, index int) uint64 { return site<<32 | uint64(uint32(index)) }

// ProgramType implements provider.Provider: a kprobe program, which
// uprobes run; one attached by uprobe_multi says so when loaded.
func (pv *Provider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return pv.support.programType()
}

func (s *support) programType() (ebpf.ProgramType, ebpf.AttachType) {
	if s.uprobeMulti() {
		return ebpf.Kprobe, ebpf.AttachTraceUprobeMulti
	}
	return ebpf.Kprobe, ebpf.AttachNone
}

// LoadArgs implements provider.Provider.
func (*Provider) LoadArgs(p *provider.Probe) asm.Instructions {
	if probeOf(p).kind == atReturn {
		return returnArgs()
	}
	return entryArgs()
}

// entryArgs loads arg0..arg9 as the calling convention passes them at a
// function's first instruction: in registers, then on the user stack.
// (At an offset probe the registers hold what they hold there, as in
// DTrace; uregs[] names them.)
func entryArgs() asm.Instructions {
	return ptregs.LoadArgs(provider.NArgs, asm.FnProbeReadUser)
}

// returnArgs loads a return probe's arguments: arg0 the offset of the
// instruction that returned, from the cookie, arg1 the return value.
func returnArgs() asm.Instructions {
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnGetAttachCookie.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.R9, 0, asm.R0, asm.DWord),
	}
	if ptregs.Ret >= 0 {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R6, ptregs.Ret, asm.DWord),
			asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord))
	}
	return insns
}

// Attach implements provider.Provider: p's program at each of its sites.
func (pv *Provider) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	pr := probeOf(p)
	if pr == nil {
		return nil, fmt.Errorf("%s is not a pid probe", p.Desc())
	}
	return pv.attach(pr.obj, prog, []*probe{pr})
}

// sites returns where pr fires: offsets in its object's file, and the
// offset in the function of each.
func (pr *probe) sites() (files, offs []uint64, err error) {
	switch pr.kind {
	case atEntry:
		offs = []uint64{0}
	case atOffset:
		offs = []uint64{pr.off}
	case atReturn:
		code, err := pr.obj.code(pr.fn)
		if err != nil {
			return nil, nil, err
		}
		all, err := returnSites(code)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%s: %w", pr.obj.module, pr.fn.name, err)
		}
		for _, off := range all {
			if probeable(code[off:]) {
				offs = append(offs, off)
			}
		}
	}
	for _, off := range offs {
		at, err := pr.obj.fileOffset(pr.fn, off)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, at)
	}
	return files, offs, nil
}

// attach attaches prog at the sites of probes, all in obj, each
// site's cookie with its probe's index: one uprobe_multi link, or a
// uprobe per site.
func (pv *Provider) attach(obj *object, prog *ebpf.Program, probes []*probe) (io.Closer, error) {
	var addrs, cookies []uint64
	for i, pr := range probes {
		files, offs, err := pr.sites()
		if err != nil && len(probes) == 1 {
			return nil, err
		}
		// Of a wide description's functions, one whose instructions
		// cannot be decoded (pkey_set's wrpkru is unknown to the
		// decoder) has no return sites: its probe does not fire.
		if err != nil {
			continue
		}
		for j := range files {
			addrs = append(addrs, files[j])
			cookies = append(cookies, cookie(offs[j], i))
		}
	}
	if len(addrs) == 0 {
		// A function that never returns (exit, abort): its return
		// probe never fires.
		return nopCloser{}, nil
	}
	return attachSites(obj, pv.pid, pv.support, prog, addrs, cookies, nil)
}

// attachSites attaches prog at addrs, offsets in obj's file, for
// process pid, each with the cookie and the semaphore (the is-enabled
// counter's offset in the file, 0 for none) of the same index: one
// uprobe_multi link, or a uprobe per site.
func attachSites(obj *object, pid int, s *support, prog *ebpf.Program, addrs, cookies, sems []uint64) (io.Closer, error) {
	ex, err := link.OpenExecutable(obj.file)
	if err != nil {
		return nil, err
	}
	if s.uprobeMulti() {
		l, err := ex.UprobeMulti(nil, prog, &link.UprobeMultiOptions{Addresses: addrs, Cookies: cookies, RefCtrOffsets: sems, PID: uint32(pid)})
		if err != nil {
			return nil, fmt.Errorf("uprobe_multi on %d sites in %s: %w", len(addrs), obj.module, err)
		}
		return l, nil
	}
	var ls links
	for i, a := range addrs {
		opts := &link.UprobeOptions{Address: a, PID: pid, Cookie: cookies[i]}
		if sems != nil {
			opts.RefCtrOffset = sems[i]
		}
		l, err := ex.Uprobe("", prog, opts)
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("uprobe at %#x in %s: %w", a, obj.module, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

// links detaches several links as one.
type links []io.Closer

func (ls links) Close() error {
	var errs []error
	for _, l := range ls {
		errs = append(errs, l.Close())
	}
	return errors.Join(errs...)
}

// UserEntrySP implements provider.UserEntry: an entry probe fires at
// its function's first instruction.
func (*Provider) UserEntrySP(p *provider.Probe) (int16, bool) {
	pr := probeOf(p)
	return ptregs.SP, pr != nil && pr.kind == atEntry && ptregs.SP >= 0
}

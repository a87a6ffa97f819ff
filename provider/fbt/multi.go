package fbt

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ptregs"
)

// fbt's shared attachments serve every enabled function of a module
// with one probe name from one kprobe program, which tells them apart
// by the attach cookie: each function's number in the group, its
// selector (provider.Numbered). Where the kernel has kprobe.multi
// (5.18 with fprobe) the group is one link, attached in one system call
// (two when functions of ambiguous names join it by address);
// elsewhere it is a kprobe per function, each with its cookie, which
// saves loading a program per function but attaches them one at a
// time. A group is one module's and one probe name's, because the
// compiler's shared programs give probemod and probename one value for
// the whole group.

// groupName names the group of a probe: "entry:vmlinux".
func groupName(pr *probe) string {
	if pr.ret {
		return returnName + ":" + pr.fn.module
	}
	return entryName + ":" + pr.fn.module
}

func groupReturns(group string) bool { return strings.HasPrefix(group, returnName+":") }

// Share implements provider.Shared: any fbt probe can share its
// module's group (the compiler numbers the selectors).
func (pv *Provider) Share(p *provider.Probe) (string, uint32, bool) {
	pr := probeOf(p)
	if pr == nil || ptregs.Args == nil {
		return "", 0, false
	}
	// An ambiguous function attaches by address: a kprobe.multi link
	// takes its copies when they are known to be traceable; a kprobe
	// by address (a perf event of our own) takes no cookie.
	if pr.fn.ambiguous && !(pr.fn.exact && pv.supported(nil).Multi) {
		return "", 0, false
	}
	pv.mu.Lock()
	mode := pv.mode
	pv.mu.Unlock()
	if mode == ModeFentry || mode == ModeKprobe {
		return "", 0, false
	}
	return groupName(pr), 0, true
}

// MinShared implements provider.Numbered.
func (pv *Provider) MinShared(string) int {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if pv.mode == ModeMulti {
		return 1
	}
	return MinMulti
}

// SharedUsable implements provider.Shared: kprobes must work, or the
// user asked for sharing (then attaching says why it cannot).
func (pv *Provider) SharedUsable(string) bool {
	pv.mu.Lock()
	mode := pv.mode
	pv.mu.Unlock()
	s := pv.supported(nil)
	return mode == ModeMulti || s.Multi || s.Kprobe
}

// SharedProgramType implements provider.Shared.
func (pv *Provider) SharedProgramType(string) (ebpf.ProgramType, ebpf.AttachType) {
	if pv.supported(nil).Multi {
		return ebpf.Kprobe, ebpf.AttachTraceKprobeMulti
	}
	return ebpf.Kprobe, ebpf.AttachNone
}

// LoadSelector implements provider.Shared: the cookie.
func (*Provider) LoadSelector(string) asm.Instructions {
	return asm.Instructions{asm.Mov.Reg(asm.R1, asm.R6), asm.FnGetAttachCookie.Call()}
}

// SharedGuard implements provider.Shared: none.
func (*Provider) SharedGuard(string) asm.Instructions { return nil }

// LoadSharedArgs implements provider.Shared: the register arguments at
// entry (a function's stack arguments differ from one to the next, so
// a group loads none: arg6 and up read 0 there), the return value at
// return.
func (*Provider) LoadSharedArgs(group string) asm.Instructions {
	if groupReturns(group) {
		return kretprobeArgs()
	}
	return kprobeArgs(len(ptregs.Args))
}

// SharedArgCount implements provider.Shared.
func (pv *Provider) SharedArgCount(p *provider.Probe) int {
	pr := probeOf(p)
	pt := pv.protoOf(pr.fn)
	if pr.ret {
		if pt.known && pt.ret == "" {
			return 1
		}
		return 2
	}
	if pt.known {
		return min(pt.slots, len(ptregs.Args))
	}
	return len(ptregs.Args)
}

// AttachShared implements provider.Shared; fbt's groups attach through
// AttachNumbered.
func (*Provider) AttachShared(group string, _ *ebpf.Program) (io.Closer, error) {
	return nil, fmt.Errorf("fbt: group %s attaches by number", group)
}

// AttachNumbered implements provider.Numbered: kprobe.multi links for
// the functions of probes, each with its index as the cookie, or a
// kprobe per function with that cookie.
func (pv *Provider) AttachNumbered(group string, probes []*provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	ret := groupReturns(group)
	if pv.supported(nil).Multi {
		return attachMulti(prog, ret, probes)
	}
	if !pv.supported(nil).Kprobe {
		return nil, errNoMechanism
	}
	syms := make([]string, len(probes))
	cookies := make([]uint64, len(probes))
	for i, p := range probes {
		syms[i], cookies[i] = probeOf(p).fn.name, uint64(i)
	}
	return AttachKprobes(prog, ret, syms, cookies)
}

// attachMulti attaches prog to the functions of probes with
// kprobe.multi links, each function's index its cookie: one link by
// name, and one by address for the copies of the ambiguous ones (the
// kernel takes names or addresses, not both in a link). The kernel
// finds a firing's cookie by the address of the function it fired in,
// the copy's kallsyms address.
func attachMulti(prog *ebpf.Program, ret bool, probes []*provider.Probe) (io.Closer, error) {
	var byName, byAddr link.KprobeMultiOptions
	for i, p := range probes {
		fn := probeOf(p).fn
		if !fn.ambiguous {
			byName.Symbols = append(byName.Symbols, fn.name)
			byName.Cookies = append(byName.Cookies, uint64(i))
			continue
		}
		for _, a := range fn.addrs {
			byAddr.Addresses = append(byAddr.Addresses, uintptr(a))
			byAddr.Cookies = append(byAddr.Cookies, uint64(i))
		}
	}
	attach := link.KprobeMulti
	if ret {
		attach = link.KretprobeMulti
	}
	var ls Links
	for _, opts := range []link.KprobeMultiOptions{byName, byAddr} {
		n := len(opts.Symbols) + len(opts.Addresses)
		if n == 0 {
			continue
		}
		l, err := attach(prog, opts)
		if err != nil {
			ls.Close()
			what := "functions"
			if opts.Addresses != nil {
				what = "copies of functions with ambiguous names"
			}
			return nil, fmt.Errorf("kprobe.multi on %d %s: %w", n, what, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// AttachKprobes attaches prog as a kprobe (a kretprobe if ret) on each
// function of syms, with the cookie of the same index, one at a time;
// on an error, what was attached is detached.
func AttachKprobes(prog *ebpf.Program, ret bool, syms []string, cookies []uint64) (Links, error) {
	// A kprobe is a perf event, a file descriptor each.
	raiseFileLimit(len(syms))
	attach := link.Kprobe
	if ret {
		attach = link.Kretprobe
	}
	ls := make(Links, 0, len(syms))
	for i, sym := range syms {
		l, err := attach(sym, prog, &link.KprobeOptions{Cookie: cookies[i]})
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("%s: %w", sym, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// Links detaches several links (or perf events) as one.
type Links []io.Closer

// closers is how many links Close detaches at once.
const closers = 16

// Close detaches every link. Detaching a kprobe waits for RCU grace
// periods, most of its time (some 50 ms each in Debian 6.1 under
// emulation, 10 s for 200 kprobes): several goroutines close links at
// once so that their waits overlap, which halves that time (the kernel
// holds a lock across part of each wait).
func (ls Links) Close() error {
	errs := make([]error, len(ls))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(closers, len(ls)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ls); i = int(next.Add(1) - 1) {
				errs[i] = ls[i].Close()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// raiseFileLimit lets the process hold n more file descriptors than it
// has now, as far as the kernel allows: Go raises the soft limit to the
// hard one at start, but the hard one is often 4096, and root may raise
// it to fs.nr_open.
func raiseFileLimit(n int) {
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) != nil {
		return
	}
	want := lim.Cur + uint64(n)
	if want <= lim.Cur {
		return
	}
	if want > lim.Max {
		if b, err := os.ReadFile("/proc/sys/fs/nr_open"); err == nil {
			if top, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil {
				lim.Max = max(lim.Max, min(want, top))
			}
		}
	}
	lim.Cur = min(want, lim.Max)
	unix.Setrlimit(unix.RLIMIT_NOFILE, &lim)
}

package syscall

import (
	"fmt"
	"io"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/ktypes"
)

// The raw_syscalls tracepoints fire for every system call; the compiler
// uses them for wide descriptions (see provider.Shared). The shared
// program is a BTF raw tracepoint (tp_btf) program, which gets the
// tracepoint's own arguments, one u64 each in its context:
//
//	sys_enter(struct pt_regs *regs, long id)
//	sys_exit(struct pt_regs *regs, long ret)
//
// and reads the system call's registers through regs with plain loads:
// the kernel's BTF types regs, so the verifier lets them through as
// loads that read 0 if they fault, without bpf_probe_read_kernel. A
// tracepoint program on the same events costs about 50 ns more per
// system call (bench/floor: 137 ns against 84 for the raw tracepoint):
// before it runs, the kernel copies the event, six arguments included,
// into a perf record, for every system call. Here the program tests the
// number first and reads the arguments only for the calls it traces. A
// plain raw tracepoint program gets the same arguments untyped, and must
// reach the registers through a helper (bpf_task_pt_regs, or
// bpf_probe_read_kernel): that measured 10 to 40 ns more per call.
//
// Only system calls whose number is known (sysnum) can share, and only
// if the kernel's BTF says where the program finds what it reads
// (regsLayout).
const (
	rawArgs = 6
	ctxRegs = 0 // the struct pt_regs * argument
	ctxLong = 8 // id at sys_enter, ret at sys_exit
)

// argRegs are the registers of a system call's arguments on x86-64, in
// order: the per-call tracepoints read them from the same pt_regs
// (syscall_get_arguments).
var argRegs = [rawArgs]string{"di", "si", "dx", "r10", "r8", "r9"}

// regsLayout is where the shared program reads: the argument registers
// and the system call number in struct pt_regs (sys_exit passes the
// return value, not the number, which stays in orig_ax), and the compat
// flag in the task (see compat_amd64.go).
type regsLayout struct {
	args   [rawArgs]int32
	origAx int32
	status int32
}

var (
	layoutOnce sync.Once
	layout     regsLayout
	layoutOK   bool
)

// kernelLayout returns the running kernel's regsLayout, and false if its
// BTF does not give all of it.
func kernelLayout() (*regsLayout, bool) {
	layoutOnce.Do(func() {
		k, err := ktypes.Kernel()
		if err != nil {
			return
		}
		reg := func(name string) (int32, bool) {
			m, err := k.OffsetOf("pt_regs", name)
			return m.Off, err == nil && m.Size == 8
		}
		for i, name := range argRegs {
			off, ok := reg(name)
			if !ok {
				return
			}
			layout.args[i] = off
		}
		var ok bool
		if layout.origAx, ok = reg("orig_ax"); !ok {
			return
		}
		layout.status, layoutOK = compatStatus(k)
	})
	return &layout, layoutOK
}

// Share implements provider.Shared: entry probes share
// raw_syscalls:sys_enter, return probes raw_syscalls:sys_exit, and the
// selector is the system call number.
func (pv *Provider) Share(p *provider.Probe) (string, uint32, bool) {
	nr, ok := sysnum[p.Function]
	if !ok {
		return "", 0, false
	}
	switch p.Name {
	case entry:
		return "sys_enter", nr, true
	case ret:
		return "sys_exit", nr, true
	}
	return "", 0, false
}

// SharedUsable implements provider.Shared: the kernel's BTF must give
// where the program reads (regsLayout).
func (*Provider) SharedUsable(string) bool {
	_, ok := kernelLayout()
	return ok
}

// SharedProgramType implements provider.Shared: a tp_btf program, on
// the raw tracepoint the group names.
func (*Provider) SharedProgramType(string) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.Tracing, ebpf.AttachTraceRawTp
}

// LoadSelector implements provider.Shared: the system call number, an
// argument of sys_enter, and orig_ax at sys_exit.
func (*Provider) LoadSelector(group string) asm.Instructions {
	if group == "sys_exit" {
		l, _ := kernelLayout()
		return asm.Instructions{
			asm.LoadMem(asm.R1, asm.R6, ctxRegs, asm.DWord),
			asm.LoadMem(asm.R0, asm.R1, int16(l.origAx), asm.DWord),
		}
	}
	return asm.Instructions{asm.LoadMem(asm.R0, asm.R6, ctxLong, asm.DWord)}
}

// SharedGuard implements provider.Shared: it skips compat system
// calls (see compat_amd64.go).
func (*Provider) SharedGuard(string) asm.Instructions {
	l, _ := kernelLayout()
	return compatGuard(l.status)
}

// LoadSharedArgs implements provider.Shared: at entry the six argument
// registers, at return the return value in arg0 and arg1, as the
// per-call tracepoints give them.
func (*Provider) LoadSharedArgs(group string) asm.Instructions {
	if group == "sys_exit" {
		return asm.Instructions{
			asm.LoadMem(asm.R0, asm.R6, ctxLong, asm.DWord),
			asm.StoreMem(asm.R9, 0, asm.R0, asm.DWord),
			asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord),
		}
	}
	l, _ := kernelLayout()
	insns := asm.Instructions{asm.LoadMem(asm.R1, asm.R6, ctxRegs, asm.DWord)}
	for i, off := range l.args {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R1, int16(off), asm.DWord),
			asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord),
		)
	}
	return insns
}

// SharedArgCount implements provider.Shared: the number of arguments
// the call's own tracepoint has (two at return).
func (pv *Provider) SharedArgCount(p *provider.Probe) int {
	ev := p.Data.(*event)
	pv.parse(ev)
	return len(ev.args)
}

// AttachShared implements provider.Shared.
func (*Provider) AttachShared(group string, prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachTracing(link.TracingOptions{Program: prog})
	if err != nil {
		return nil, fmt.Errorf("attach to raw tracepoint %s: %w", group, err)
	}
	return l, nil
}

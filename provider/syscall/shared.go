package syscall

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// The raw_syscalls tracepoints fire for every system call, with its
// number; the compiler uses them for wide descriptions (see
// provider.Shared). Their records are
//
//	sys_enter: common header (8 bytes), long id, unsigned long args[6]
//	sys_exit:  common header (8 bytes), long id, long ret
//
// Only system calls whose number is known (sysnum, x86-64) can share,
// and only if the program can skip 32-bit compat calls as the per-call
// tracepoints do (see compat_amd64.go).
const (
	rawGroup  = "raw_syscalls"
	rawIDOff  = 8
	rawArgOff = 16
	rawArgs   = 6
)

// Share implements provider.Shared: entry probes share
// raw_syscalls:sys_enter, return probes raw_syscalls:sys_exit, and the
// selector is the system call number.
func (pv *Provider) Share(p *provider.Probe) (string, uint32, bool) {
	nr, ok := sysnum[p.Function]
	if !ok || !canShare() {
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

// SharedProgramType implements provider.Shared.
func (*Provider) SharedProgramType(string) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.TracePoint, ebpf.AttachNone
}

// LoadSelector implements provider.Shared: the system call number,
// made out of range for compat calls.
func (*Provider) LoadSelector(string) asm.Instructions { return loadSelector() }

// LoadSharedArgs implements provider.Shared: at entry the six argument
// registers, at return the return value in arg0 and arg1, as the
// per-call tracepoints give them.
func (*Provider) LoadSharedArgs(group string) asm.Instructions {
	if group == "sys_exit" {
		return asm.Instructions{
			asm.LoadMem(asm.R0, asm.R6, rawArgOff, asm.DWord),
			asm.StoreMem(asm.R9, 0, asm.R0, asm.DWord),
			asm.StoreMem(asm.R9, 8, asm.R0, asm.DWord),
		}
	}
	var insns asm.Instructions
	for i := range rawArgs {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R6, int16(rawArgOff+8*i), asm.DWord),
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
	return tracefs.Attach(rawGroup, group, prog)
}

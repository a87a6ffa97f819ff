package dtrace

import (
	"errors"
	"os/exec"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/option"
)

// errDestructive is DTrace's EDT_DESTRUCTIVE, which dtrace reports as
// "could not enable tracing".
var errDestructive = errors.New("Destructive actions not allowed")

// allowDestructive refuses a program with a destructive action or
// subroutine unless the destructive option (-w) is set. As in DTrace,
// the refusal comes when tracing is enabled, after the "matched"
// notices.
func (h *Handle) allowDestructive() error {
	if h.Options.Bool(option.Destructive) {
		return nil
	}
	for _, e := range h.prog.ECBs {
		if e.Destructive {
			return errDestructive
		}
	}
	return nil
}

// errWriteUser is what dtrace says when the kernel will not run
// copyout() or copyoutstr(): bpf_probe_write_user is missing, as it is
// from a kernel locked down for integrity (LOCKDOWN_BPF_WRITE_USER).
var errWriteUser = errors.New("copyout( ) and copyoutstr( ) are not available: the kernel does not let BPF programs write user memory")

// allowWriteUser checks, before the program is loaded, that the kernel
// lets it write user memory if it does, so that dtrace can say why it
// cannot rather than pass on the verifier's rejection. Without -w the
// program would be refused anyway, and is, here.
func (h *Handle) allowWriteUser() error {
	checked := map[ebpf.ProgramType]bool{}
	for _, pp := range h.prog.Probes {
		pt := pp.Program.Type
		if checked[pt] || !writesUser(pp.Program.Instructions) {
			continue
		}
		checked[pt] = true
		if pt == ebpf.Tracing {
			// cilium/ebpf cannot probe a helper for tracing programs
			// (they need an attach target); raw tracepoint programs
			// get bpf_probe_write_user from the same kernel table
			// (bpf_tracing_func_proto).
			pt = ebpf.RawTracepoint
		}
		err := features.HaveProgramHelper(pt, asm.FnProbeWriteUser)
		switch {
		case err == nil:
		case !h.Options.Bool(option.Destructive):
			return errDestructive
		case errors.Is(err, ebpf.ErrNotSupported):
			return errWriteUser
		default:
			return err
		}
	}
	return nil
}

// writesUser reports whether a program calls bpf_probe_write_user.
func writesUser(insns asm.Instructions) bool {
	for _, ins := range insns {
		if ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnProbeWriteUser {
			return true
		}
	}
	return false
}

// warmSystem starts a process before the probes are enabled if the
// program calls system(): the first process Go starts comes after a
// child of its own that exits at once (the runtime's check for
// clone(CLONE_PIDFD)), which proc:::create and proc:::exit would
// otherwise see as a child of dtrace's, as a program watching its
// progeny (progenyof(pid)) does.
func (h *Handle) warmSystem() {
	for _, e := range h.prog.ECBs {
		for _, a := range e.Actions {
			if a.Kind == abi.ActSystem {
				exec.Command("/bin/sh", "-c", ":").Run() //nolint:errcheck // system() reports its own failures
				return
			}
		}
	}
}

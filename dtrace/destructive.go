package dtrace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
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

// sprintf formats a system() or freopen() record as printf would, into
// at most strsize-1 bytes, as DTrace formats into a strsize buffer.
func (p *Printer) sprintf(h *Handle, r *consume.Record, a *spec.Action) (string, error) {
	f, err := p.format(a.Format)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := f.FprintEnv(&b, h.env(), r.Values(a)); err != nil {
		return "", err
	}
	s := b.String()
	if n := int(h.Options.Size(option.StrSize)) - 1; n >= 0 && len(s) > n {
		s = s[:n]
	}
	return s, nil
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
			if a.Kind == spec.ActSystem {
				exec.Command("/bin/sh", "-c", ":").Run() //nolint:errcheck // system() reports its own failures
				return
			}
		}
	}
}

// system runs the command a system() record names with /bin/sh -c, as
// system(3) does, once what dtrace has printed is flushed, so that the
// command's output follows it. The command writes to dtrace's standard
// output: the file freopen() chose, if it redirected standard output.
func (p *Printer) system(h *Handle, r *consume.Record, a *spec.Action) error {
	command, err := p.sprintf(h, r, a)
	if err != nil {
		return err
	}
	if err := p.Flush(); err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if p.reopened != nil && p.dest == io.Writer(os.Stdout) {
		cmd.Stdout = p.reopened
	}
	var exit *exec.ExitError
	if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
		return err
	}
	return nil
}

// freopen sends what dtrace prints from now on to the file a freopen()
// record names, appending to it, or back to the original output for
// freopen(""). A file that cannot be opened is reported as DTrace
// reports a library error, and the output stays where it was.
func (p *Printer) freopen(h *Handle, r *consume.Record, a *spec.Action) error {
	if err := p.Out.Flush(); err != nil {
		return err
	}
	if a.Format == check.FreopenRestore {
		if p.reopened == nil {
			return nil
		}
		err := p.reopened.Close()
		p.reopened = nil
		p.Out.Reset(p.dest)
		return err
	}
	name, err := p.sprintf(h, r, a)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		fmt.Fprintf(p.Err, "dtrace: %s: couldn't freopen() \"%s\": %s\n", faultSite(r.ECB), name, reasonOf(err))
		return p.Err.Flush()
	}
	if p.reopened != nil {
		p.reopened.Close()
	}
	p.reopened = f
	p.Out.Reset(f)
	return nil
}

// ftruncate empties the file dtrace is printing to and starts again at
// its beginning; output that is not a file (a pipe, a terminal) is left
// as it is, as DTrace ignores ftruncate(2)'s failure.
func (p *Printer) ftruncate() error {
	if err := p.Out.Flush(); err != nil {
		return err
	}
	w := p.dest
	if p.reopened != nil {
		w = p.reopened
	}
	if f, ok := w.(interface {
		Truncate(int64) error
		Seek(int64, int) (int64, error)
	}); ok {
		if f.Truncate(0) == nil {
			f.Seek(0, io.SeekStart)
		}
	}
	return nil
}

package provider

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// Shared is implemented by providers whose probes can share one kernel
// attachment: one program, attached once, serves many probes and tells
// them apart at run time by a selector the attachment reports (the
// syscall provider's raw_syscalls tracepoints report the system call
// number). Attaching one program instead of hundreds is what makes
// `syscall:::entry` start in milliseconds rather than tens of seconds,
// but a shared attachment fires for every selector, enabled or not, so
// the compiler uses it only for descriptions wide enough to pay.
type Shared interface {
	// Share returns the attachment p can share (a name of the
	// provider's choosing, the same for every probe it serves) and p's
	// selector value there; ok is false if p cannot share one.
	Share(p *Probe) (group string, selector uint32, ok bool)

	// SharedUsable reports whether group's program can be built on
	// this kernel. The compiler asks only for a group wide enough to
	// use, so it may cost what Share must not (loading the kernel's
	// types).
	SharedUsable(group string) bool

	// SharedProgramType is the program type of group's program.
	SharedProgramType(group string) (ebpf.ProgramType, ebpf.AttachType)

	// LoadSelector returns instructions that set R0 to the selector of
	// the firing, from the context in R6; a selector beyond the
	// group's probes skips the firing. They may use R0-R5 and the 8
	// bytes of stack below R10.
	LoadSelector(group string) asm.Instructions

	// SharedGuard returns instructions that set R0 non-zero to skip
	// the firing (nil for none), with R6 the context; they may use
	// R0-R5. The program runs them only once the selector matched an
	// enabled probe, so that other firings pay for no more than the
	// selector.
	SharedGuard(group string) asm.Instructions

	// LoadSharedArgs is LoadArgs for group's program: the same
	// instructions serve every probe of the group, and store argument i
	// at [R9 + 8*i] with R6 the context; they may use R0-R5.
	LoadSharedArgs(group string) asm.Instructions

	// SharedArgCount is how many of arg0..arg9 the shared program
	// loads that p itself has (the others hold what the attachment
	// reports for other probes, and are cleared for p).
	SharedArgCount(p *Probe) int

	// AttachShared makes the kernel run prog for group.
	AttachShared(group string, prog *ebpf.Program) (io.Closer, error)
}

// MinShared is the number of probes of one shared attachment from which
// the compiler uses it: below it, each probe gets its own attachment,
// which costs nothing when other selectors fire (a raw_syscalls
// program runs on every system call of the machine, about 90 ns each)
// and takes a few tens of milliseconds per probe to attach.
const MinShared = 8

// Numbered is implemented by Shared providers whose selector is a
// value given to each probe when the group is attached (the cookie of a
// kprobe.multi link), not one the kernel fixes (a system call's
// number). The compiler then numbers the group's enabled probes itself,
// 0 to n-1 in ID order, which keeps the group's tables as small as the
// enabling, and attaches them through AttachNumbered instead of
// AttachShared.
type Numbered interface {
	Shared
	// AttachNumbered makes the kernel run prog for probes, each with
	// its index in probes as its selector.
	AttachNumbered(group string, probes []*Probe, prog *ebpf.Program) (io.Closer, error)
	// MinShared replaces the package's MinShared for group: the number
	// of enabled probes from which sharing pays.
	MinShared(group string) int
}

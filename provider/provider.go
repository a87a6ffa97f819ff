package provider

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/godtrace/godtrace/lang/tag"
)

// Desc is a probe description after macro expansion. A field may hold a
// glob pattern (gmatch(3) syntax: * ? [...] \); an empty field matches
// anything.
type Desc struct {
	Provider, Module, Function, Name string
}

// String returns the description as DTrace prints it: "p:m:f:n".
func (d Desc) String() string {
	return d.Provider + ":" + d.Module + ":" + d.Function + ":" + d.Name
}

// DescError is a probe description a provider refuses with an error
// DTrace reports under a tag of its own (D_PROC_FUNC for a function a
// process lacks, ...), rather than as an invalid description.
type DescError struct {
	Tag string // the D_* tag
	Msg string // DTrace's message
}

func (e *DescError) Error() string { return e.Msg }

// NewDescError is the DescError m reports for args.
func NewDescError(m tag.Msg, args ...any) *DescError {
	return &DescError{Tag: m.Tag(), Msg: m.Text(args...)}
}

// Probe is one probe known to the Registry.
type Probe struct {
	ID                               uint32
	Provider, Module, Function, Name string
	// Data is the provider's own description of the probe (a tracepoint
	// name, a perf event period, ...). Only the provider reads it.
	Data any
	prov Provider
}

// Owner returns the provider that offers p.
func (p *Probe) Owner() Provider { return p.prov }

// Desc returns p's full name as a Desc.
func (p *Probe) Desc() Desc {
	return Desc{p.Provider, p.Module, p.Function, p.Name}
}

// The dtrace provider's probes, which the D language itself gives a
// meaning: BEGIN fires before any other, END after every other, and
// ERROR on a probe-time error. The compiler and consumers ask IsDtrace
// rather than know the provider's package.
const (
	Dtrace = "dtrace"
	Begin  = "BEGIN"
	End    = "END"
	Error  = "ERROR"
)

// IsDtrace reports whether p is the dtrace provider's probe named name
// (Begin, End or Error), or any of its probes for "".
func (p *Probe) IsDtrace(name string) bool { return p.Desc().IsDtrace(name) }

// IsDtrace reports whether d names the dtrace provider's probe named
// name, or any of its probes for "": the rule that Probe and
// spec.Probe share.
func (d Desc) IsDtrace(name string) bool {
	return d.Provider == Dtrace && (name == "" || d.Name == name)
}

// NArgs is the number of probe arguments, arg0..arg9, that LoadArgs
// fills in.
const NArgs = 10

// Offer is a probe a provider offers, before the Registry gives it an ID.
type Offer struct {
	Module, Function, Name string
	Data                   any
}

// Provider is a source of probes.
type Provider interface {
	// Name is the provider field of the probes it offers ("syscall").
	Name() string

	// Provide returns the probes this provider can offer for d, whose
	// Provider field is already known to match Name(). It may return more
	// than match (the Registry filters by glob), and it may create probes
	// on demand for names that are not globs (profile-1234hz). An
	// unparseable name the provider owns is an error.
	Provide(d Desc) ([]Offer, error)

	// ProgramType is the BPF program type of the trampoline that fires
	// for p (with the attach type, for types that need one).
	ProgramType(p *Probe) (ebpf.ProgramType, ebpf.AttachType)

	// LoadArgs returns instructions that store p's arguments arg0..arg9
	// as 64-bit values. On entry R6 holds the program context and R9
	// points at ten 64-bit slots (zeroed when a clause reads them, so
	// an argument not stored reads 0); the instructions store argument
	// i at [R9 + 8*i], may use R0-R5 and must preserve R6-R9. They
	// may end the program (R0 = 0, exit) where the probe does not fire
	// although the kernel's event did (proc:::exit fires only for a
	// process's last thread).
	LoadArgs(p *Probe) asm.Instructions

	// Attach makes the kernel run prog when p fires. The returned Closer
	// detaches it.
	Attach(p *Probe, prog *ebpf.Program) (io.Closer, error)
}

// Lazy is implemented by providers with too many probes to number when
// the Registry starts (fbt: every kernel function, twice): listing them
// all would cost every program that lists the providers after it
// (a probe of its own, dtrace -l), tens of milliseconds. The Registry
// numbers their probes when a description first matches them, after
// every listed probe.
type Lazy interface {
	Lazy()
}

// Named is implemented by providers that can tell, without listing
// their probes, whether a description's name field may match one of
// them: the syscall provider's probes are entry and return. The
// Registry asks such a provider only for descriptions whose name it
// may match, so that BEGIN does not list every system call.
type Named interface {
	// MayMatchName reports whether pattern, a description's name
	// field (a gmatch(3) pattern, not empty), may match the name of
	// one of the provider's probes, including those it would create
	// on demand.
	MayMatchName(pattern string) bool
}

// Targeted is implemented by providers whose programs are loaded for
// one kernel function (fentry and fexit programs: the verifier checks
// their context accesses against the function's BTF prototype).
type Targeted interface {
	// AttachTo names the function p's program is loaded for, "" if
	// none.
	AttachTo(p *Probe) string
}

// Framed is implemented by providers whose probes fire inside the
// function they trace, which a kernel stack walked there includes: at
// fbt::vfs_read:entry the walk holds a frame in vfs_read itself, but
// DTrace's stack() there starts at vfs_read's caller.
type Framed interface {
	// OwnFrames is how many frames of the traced function a kernel
	// stack walked at p holds after the tracing machinery's (see
	// ksym.Plumbing), which the stack functions skip. group is the
	// shared attachment p fires through (Shared), "" for its own.
	OwnFrames(p *Probe, group string) int
}

// Companion is a program a provider loads and attaches beside the
// programs of some of its probes, to keep kernel state their LoadArgs
// read: lockstat's adaptive-block fires where a contention ends, and a
// companion where it begins keeps when that was. Companions of one Name
// are loaded once per program, whichever probes ask for them: the
// compiler adds them to the program, and the loader attaches them
// through a probe that asked.
type Companion struct {
	Name    string
	Program *ebpf.ProgramSpec
	// Maps are the maps the companion and the probes' instructions
	// share, referenced by name (asm.Instruction.WithReference).
	Maps []*ebpf.MapSpec
}

// Accompanied is implemented by providers whose probes need companions.
type Accompanied interface {
	// Companions returns what p's program needs loaded and attached
	// before it.
	Companions(p *Probe) []*Companion
	// AttachCompanion makes the kernel run prog, the loaded program
	// of the companion named name that p asked for. The returned
	// Closer detaches it.
	AttachCompanion(p *Probe, name string, prog *ebpf.Program) (io.Closer, error)
}

// Family is a family of providers of which each process has its own
// member, named by the family and the process ID: pid1234 (the pid
// provider), and a USDT provider's members.
type Family interface {
	// Member returns the provider name names, created when first
	// asked for, or nil if the name is not one of the family's. An
	// error, which names the member, says the name is the family's
	// but the member cannot be made (no such process).
	Member(name string) (Provider, error)
}

// PIDFamily is implemented by families whose member for a process has
// one name (pid1234): a glob ending in a process ID (p*d1234) makes
// that process's member, if the glob matches its name, as in DTrace.
type PIDFamily interface {
	Family
	// MemberName returns the name of process pid's member.
	MemberName(pid int) string
}

// PIDScanner is implemented by families whose members a glob ending in a
// process ID (p*d1234) finds in that process alone, as DTrace makes
// them: a USDT provider's.
type PIDScanner interface {
	Family
	// ScanPID is Scanner's Scan of process pid only.
	ScanPID(pattern string, pid int) ([]Provider, error)
}

// Scanner is implemented by families whose members a glob can find
// without their being named first: a USDT provider's (python*), which
// exist wherever a process maps an object with its probes.
type Scanner interface {
	Family
	// Scan returns the members whose names match pattern, a glob
	// naming the family's members (not "" or "*"), made as Member
	// makes them.
	Scan(pattern string) ([]Provider, error)
}

// Aliased is implemented by providers whose modules answer to other
// names than their own: a pid provider's executable is also "a.out",
// and libc.so.6 is also "libc".
type Aliased interface {
	// MatchModule reports whether pattern, a description's module
	// field, names module by an alias.
	MatchModule(pattern, module string) bool
}

// FunctionAliased is implemented by providers whose functions answer to
// other names than their own: a pid provider's function go, which a
// program also calls _go (a weak alias), is named by the one name
// DTrace keeps for the address.
type FunctionAliased interface {
	// MatchFunction reports whether pattern, a description's function
	// field, names function of module by an alias.
	MatchFunction(pattern, module, function string) bool
}

// UserEntry is implemented by providers whose probes may fire at a user
// function's first instruction (pid's entry probes), where the return
// address is at the stack pointer and the frame pointer is still the
// caller's: a user stack walked by frame pointers from there misses the
// caller, which DTrace's ustack() shows.
type UserEntry interface {
	// UserEntrySP returns where p's program context keeps the user
	// stack pointer, if p fires at a function's first instruction.
	UserEntrySP(p *Probe) (off int16, ok bool)
}

// Defined is implemented by providers whose probes' argument types come
// from a D provider definition in the program (provider shop { probe
// order(int, char *); };), as USDT probes' do: a stapsdt note says where
// an argument is, not its type.
type Defined interface {
	// Definition names p's provider and probe as a definition writes
	// them ("shop", "order__done").
	Definition(p *Probe) (provider, probe string)
}

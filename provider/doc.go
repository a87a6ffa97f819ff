// Package provider defines what a DTrace provider is to godtrace, and the
// Registry that names probes and gives them IDs.
//
// A provider offers probes (provider:module:function:name), says which BPF
// program type fires for them, emits the instructions that copy a probe's
// arguments out of the program context, and attaches a loaded program to
// the kernel mechanism behind the probe. The compiler and consumer never
// look inside a provider beyond this interface:
//
//	type Provider interface {
//		Name() string
//		Provide(d Desc) ([]Offer, error)         // probes offered for d (may create on demand)
//		ProgramType(p *Probe) (ebpf.ProgramType, ebpf.AttachType)
//		LoadArgs(p *Probe) asm.Instructions      // copy arg0..arg9 out of the context
//		Attach(p *Probe, prog *ebpf.Program) (io.Closer, error)
//	}
//
// LoadArgs's instructions run with R6 the context and R9 pointing at the
// ten argument slots; they may use R0-R5 and must preserve R6-R9.
//
// # Numbering
//
// The Registry (registry.go) numbers the probes in the order the
// providers list them without being asked for one by name: the dtrace
// provider first, so BEGIN, END and ERROR are 1, 2 and 3, then the other
// providers in registration order, each in its own order. A probe
// therefore has the same ID whatever a run matches, as in DTrace, where
// probes are created when providers register. Listing costs (tracefs,
// thousands of probes), so a provider is listed only when a probe of its
// own or of a later provider is first asked for, which gives the same
// IDs: BEGIN lists the dtrace provider alone. A Named provider (syscall,
// sdt, rawtp, lockstat) tells without listing whether a description's
// name may be one of its probes', and is not asked for the others.
// Probes created on demand (tick-1s), and the probes of a Lazy provider
// (fbt) or a family member, are numbered when first asked for, after
// every listed probe. A provider that cannot list its probes lists none
// (no tracefs, for example); Match reports its error only for a
// description whose provider field names that provider, or that matches
// nothing. Match filters with gmatch(3) globs (Glob) and sorts by ID.
// The Registry is safe for concurrent use.
//
// A Family (the pid provider) has a member per process, made when a
// description names it (pid1234) and kept as a provider of its own; a glob
// (pid*) matches the members made, and a glob ending in a process ID
// (p*d1234) makes that process's member (PIDFamily) and finds its USDT
// providers (PIDScanner). A Scanner finds the providers of a glob in every
// process. An Aliased provider's modules answer to other names too
// (a.out); a FunctionAliased one maps a function alias to the name kept
// for its address. A description a provider refuses may carry a DTrace tag
// (DescError), which the compiler reports as it is.
//
// # Typed arguments and stability
//
// A provider that knows its probes' argument types implements Typed
// (args.go): Args(p) lists each args[i] as a C type name for the value in
// arg{Mapping} (Native) and, for a translated argument, the D library type
// it is translated to (Xlate, "psinfo_t *"). A provider may declare
// DTrace's stability attributes (Attributed, stability.go); the dtrace and
// profile providers get DTrace's from a table, others all Unstable.
// Attributes.DescAttribute and UnstableSet are dt_probe_info()'s rules: a
// description's attributes are the weakest of the fields it names exactly,
// and one matching several probes matches "an unstable set" when it leaves
// open a field whose names are at least Evolving (or names no provider,
// when the provider's argument data is below Evolving). dtrace -l -v
// prints both for each probe (format.ListProbeInfo).
//
// # Optional interfaces
//
// Targeted gives the AttachTo that the verifier checks a tracing program's
// context loads against (fbt's fentry). Framed says how many frames of a
// probe's stack are the provider's own (fbt skips the traced function's
// frame). Numbered lets the compiler number a group's enabled probes
// 0..n-1 and the provider attach each with its number as the attach
// cookie, which bpf_get_attach_cookie returns as the selector of a shared
// program.
//
// Accompanied: a probe may need state that only another kernel event can
// keep (lockstat's adaptive-block fires where a contention ends and
// reports how long since it began). The provider names companion programs
// with the maps they share with the probe's LoadArgs (referenced by name);
// the compiler adds each companion to the program once, whichever probes
// ask for it, and the loader attaches the companions, through
// AttachCompanion, before the probes.
//
// Shared (shared.go): a provider can serve many probes from one attachment
// whose firing carries a selector telling them apart. A wide description
// would otherwise load and attach one program per probe: 360 syscall
// tracepoints take about 30 s to attach and detach (as for bpftrace and
// Oracle DTrace). The compiler uses a shared attachment when a program
// enables at least MinShared (8) of the provider's probes (a Numbered
// provider may set its own threshold per group): a dedicated tracepoint
// costs nothing when other events run, a shared program runs on all of
// them, so narrow descriptions keep their own attachments and wide ones
// share. SharedUsable says whether a group may share; SharedGuard is an
// extra test the shared program makes first. The syscall provider is the
// one that shares (see its package).
//
// The registry and glob matching have unit tests; the providers' own tests
// run in the kernel, through provider/providertest.
package provider

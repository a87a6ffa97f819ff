// Package load turns a spec.Program into kernel objects: it creates the
// maps, loads every trampoline program through the verifier, and attaches
// and detaches probes through their providers.
//
// Load sets the memlock limit only when -x lockmem asks for one: the
// kernels godtrace supports (6.1 and later) charge BPF memory to the
// memory cgroup, not to the limit, so the library leaves the process's
// limits alone (cilium/ebpf's rlimit package is not imported: its init
// lowers the limit and creates a map in every program that links it).
// Load creates one ebpf.Collection from all the maps and programs
// (Objects). A verifier rejection is a compiler bug: Load reports it (RejectedError) as
// "internal error: BPF verifier rejected the program at line N: <D
// source>: <reason>". The line is the source annotation in force at the
// last instruction in the verifier log, and the reason is the log's last
// line that is not a statistics line. -x bpflog (Options.VerifierLog)
// keeps every program's log, a rejected one's included, which the handle
// prints after "BPF: ".
//
// The loader fills the maps the compiler declares without contents. For a
// program using curcpu it writes the per-CPU cpuinfo map (cpuinfo.go):
// every possible CPU's cpuinfo_t from sysfs (physical_package_id, the
// nodeN link), as Oracle's consumer fills its cpuinfo map;
// provider/stable's cpuinfo_t arguments use it too. For a program using
// stackdepth or caller outside profile probes it fills the plumbing map
// after loading the programs (plumbing.go), from a fresh read of kallsyms
// that lists them:
// ksym's Table.PlumbingRanges, the runs of the functions ksym.Plumbing
// names, up to 8192 sorted address ranges.
//
// A spec.Program names its probes by ID, and Objects.Attach finds each
// in the Registry it is given (load.Probes), which must number it as the
// one that compiled the program did: a probe whose ID names another is
// refused. It attaches the program's companions (provider.Accompanied,
// which the compiler declared with their maps) first, through the
// provider of a probe that asked for each, then calls the provider's
// Attach for every enabled probe except the dtrace provider's; if one
// attach fails, it detaches everything already attached. Objects.Detach
// detaches the programs of tracepoints all at once
// (tracefs.Link.Unlink), then closes their perf events.
//
// The tests load the compiler's corpus (compile/testdata) through the real
// verifier, and check how a forced rejection is reported.
// TestVerifierDebian loads it again in Debian 12's kernel (6.1), the
// oldest godtrace supports, booted by internal/vmtest.
package load

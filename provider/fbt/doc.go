// Package fbt is DTrace's function boundary tracing provider:
// fbt:MODULE:FUNCTION:entry and fbt:MODULE:FUNCTION:return for every
// kernel function the kernel lets a tracer attach to, in the core kernel
// (module vmlinux) and in loaded modules.
//
// The functions come from tracefs's available_filter_functions, less those
// listed in traceable's rule (list.go). There are too many to number at
// every start (66,000), so the provider is provider.Lazy: its probes are
// numbered when first matched.
//
// # Mechanisms
//
// Probes are attached by the cheapest mechanism the kernel offers for each
// (see Mode), chosen when the probe's program is compiled. A fentry/fexit
// program (provider.Targeted gives the AttachTo the verifier checks
// context loads against), whose arguments the verifier types from BTF, is
// used where the kernel attaches one (tried once, on the first function),
// the prototype fits six registers, and the verifier loads a program
// reading that function's arguments (tried once per function: 6.1 refuses
// some pointer arguments that BTF types plainly); a kprobe or kretprobe
// otherwise. Fentry programs are loaded with the process's one BTF cache
// (ktypes.Cache): cilium/ebpf otherwise decodes the kernel's BTF again for
// each program's attach target.
//
// Wide descriptions share one kprobe program per module and probe name
// through provider.Numbered: the compiler numbers the group's enabled
// probes 0..n-1 itself (so the tables are as small as the enabling) and
// the provider attaches each function with its number as the attach
// cookie, which bpf_get_attach_cookie returns as the selector: one
// kprobe.multi link where the kernel has fprobe, which attaches thousands
// of functions in one system call, and a kprobe per function otherwise.
//
// A name the kernel has several functions of attaches by address: locate
// (list.go) finds the copies in kallsyms, matched to ftrace's patch sites
// where available_filter_functions_addrs gives them; they attach as a
// second kprobe.multi link of the group by address or, where the copies
// are not known to be patchable or the kernel has no kprobe.multi, as
// kprobes opened by address on the kprobe PMU (address.go), with a program
// of their own, since such a perf event takes no cookie.
//
// # Arguments and stacks
//
// args[] are typed from the kernel's BTF, as illumos types them from CTF:
// args[i] of an entry probe is the function's parameter i; at a return
// probe arg0 is the return offset, unknown here and so -1 as in Oracle's
// DTrace, and arg1 and args[1] the return value, which a void function
// does not have.
//
// Stacks at fbt probes skip the traced function's own frame
// (provider.Framed): in the kernel, with the helper's skip count, for a
// kprobe's register walk; for a tracing program, by walking once to count
// the plumbing frames (as caller does, the compiler's skipPlumbing) and
// again with that skip. The plumbing map is filled again after attaching,
// since a trampoline is listed in kallsyms only then.
//
// # Testing
//
// The kernel tests (kernel_test.go) run in Debian 12's 6.1 (kprobes,
// fentry, no kprobe.multi) and Debian 13's 6.12 (all three) under qemu
// (TestDebian), once per mechanism.
package fbt
